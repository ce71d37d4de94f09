/* test-cli-playtest.c — deckwright --playtest, run as a real process
 *
 * Every test starts the built executable ($DECKWRIGHT) with no display,
 * an English UTF-8 locale and an empty $XDG_DATA_HOME, and checks its
 * output and exit status: 0 when every action is accepted, 1 when one is
 * rejected, 2 when an input cannot be read (issue 4).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dw-test-util.h"

/* The run's own folder and $XDG_DATA_HOME, and what a run gave
 * (tests/dw-test-util.h). */
typedef DwTestCliFixture Fixture;
typedef DwTestRun Run;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, dw_test_run_free)

/* Runs deckwright with @args, @input on its standard input (NULL: none). */
static Run *
run_with_input (Fixture            *fixture,
                const char         *input,
                const char * const *args)
{
  const DwTestRunOptions options = { .input = input };

  return dw_test_cli_run_with (fixture, &options, args);
}

static Run *
run (Fixture            *fixture,
     const char * const *args)
{
  return run_with_input (fixture, NULL, args);
}

static char *
fixture_path (const char *name)
{
  g_autofree char *relative = g_build_filename ("table", name, NULL);

  return dw_test_fixture_path (relative);
}

/* The lines of @text that start with @prefix. */
static guint
count_lines (const char *text,
             const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], prefix))
      n++;
  return n;
}

/* What follows "state at the end:". */
static const char *
final_state (const Run *run)
{
  const char *state = strstr (run->out, "state at the end:\n");

  g_assert_nonnull (state);
  return state;
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("“%s” is not in:\n%s", part, text);
}

/* Exit 0: every action of a four-turn game accepted, the state printed. */
static void
test_all_accepted_exits_0 (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *actions = fixture_path ("green-wall-seed-42.txt");
  const char *args[] = { "--playtest", deck, "--seed", "42", "--actions", actions, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  assert_contains (result->out, "table: Green Wall, Arcmage (Original Rules Concept), seed 42\n");
  g_assert_cmpuint (count_lines (result->out, "rejected: "), ==, 0);
  g_assert_cmpuint (count_lines (result->out, "ok: "), ==, 48);
  assert_contains (result->out, "ok: play \"Call of the Deepwood\": #52 Call of the Deepwood is cast by faith's 4 gold of creatures");
  assert_contains (result->out, "ok: attack #8: #8 Hedge Sprite attacks #72 Goldfish region I for 1: 9 → 8 HP\n");
  assert_contains (final_state (result), "  turn 4, phase discard\n");
  assert_contains (final_state (result), "opp-hp 8");
}

/* "next" in an actions file: the same four turns written with "next"
 * end exactly where the phase-by-phase script ends, every action
 * accepted, the phases that passed by themselves said on their line. */
static void
test_next_replays_as_phase_by_phase (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *by_phase = fixture_path ("green-wall-seed-42.txt");
  g_autofree char *with_next = fixture_path ("green-wall-seed-42-next.txt");
  const char *phase_args[] = { "--playtest", deck, "--seed", "42", "--actions", by_phase, NULL };
  const char *next_args[] = { "--playtest", deck, "--seed", "42", "--actions", with_next, NULL };
  g_autoptr(Run) phases = run (fixture, phase_args);
  g_autoptr(Run) nexts = run (fixture, next_args);

  g_assert_cmpint (phases->status, ==, 0);
  g_assert_cmpint (nexts->status, ==, 0);
  g_assert_cmpstr (nexts->err, ==, "");
  g_assert_cmpuint (count_lines (nexts->out, "rejected: "), ==, 0);
  g_assert_cmpstr (final_state (nexts), ==, final_state (phases));
  assert_contains (nexts->out, "ok: next: the unmark/unassign phase ends: your cards were unmarked as the turn "
                               "began; the upkeep phase begins; no card of yours in play asks for an upkeep, so "
                               "the upkeep phase passes (Turn Phases: Upkeep); the tactical phase begins; no "
                               "domain of yours has 2 domain points more than the opponent's, so there is "
                               "nothing to claim and the tactical phase passes (Turn Phases: Tactics, "
                               "Advantage); the draw phase begins\n");
  assert_contains (nexts->out, "ok: next: turn 4 begins: your cards are unmarked\n");
}

/* Exit 1: a rejected action names its file, line and rule; the rest is
 * still played. */
static void
test_rejected_exits_1 (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *actions = fixture_path ("one-rejected.txt");
  const char *args[] = { "--playtest", deck, "--seed", "42", "--actions", actions, NULL };
  g_autoptr(Run) result = run (fixture, args);
  g_autofree char *expected = g_strdup_printf ("rejected: %s:10: vault \"Thornwood Scout\": one card a turn goes "
                                               "into the vault, and #18 went this turn "
                                               "(Gold & Resources: Resource Cards)\n", actions);

  g_assert_cmpint (result->status, ==, 1);
  assert_contains (result->out, expected);
  assert_contains (result->out, "ok: phase entrance: the entrance phase begins\n");
  g_assert_cmpuint (count_lines (result->out, "ok: "), ==, 7);
  assert_contains (final_state (result), "  turn 1, phase entrance\n");
}

/* Exit 2: a line that is not an action is unreadable input, named by
 * file and line, and nothing is played. */
static void
test_not_an_action_exits_2 (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *actions = fixture_path ("not-an-action.txt");
  const char *args[] = { "--playtest", deck, "--seed", "42", "--actions", actions, NULL };
  g_autoptr(Run) result = run (fixture, args);
  g_autofree char *expected = g_strdup_printf ("deckwright: %s:3: there is no action “florb”;", actions);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_true (g_str_has_prefix (result->err, expected));
  g_assert_cmpstr (result->out, ==, "");
}

static void
test_missing_actions_file_exits_2 (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *actions = g_build_filename (fixture->tmpdir, "nowhere.txt", NULL);
  const char *args[] = { "--playtest", deck, "--actions", actions, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 2);
  assert_contains (result->err, "nowhere.txt");
  g_assert_cmpstr (result->out, ==, "");
}

/* An endless actions file (/dev/zero) is refused at the size any file
 * Deckwright reads stops at, rather than filling memory. */
static void
test_endless_actions_exit_2 (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  const char *args[] = { "--playtest", deck, "--actions", "/dev/zero", NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 2);
  assert_contains (result->err, "/dev/zero");
  assert_contains (result->err, "16 MiB");
  g_assert_cmpstr (result->out, ==, "");
}

/* Exit 2: an unreadable deck, with line and column for broken XML. */
static void
test_unreadable_deck_exits_2 (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *broken = dw_test_write_file (fixture->tmpdir, "broken.xml",
                                                "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                                                "<section id=\"main\"><card>Hedge Sprite</section>\n</deck>\n");
  g_autofree char *missing = g_build_filename (fixture->tmpdir, "missing.xml", NULL);
  const char *broken_args[] = { "--playtest", broken, "--seed", "1", NULL };
  const char *missing_args[] = { "--playtest", missing, NULL };
  g_autoptr(Run) broken_run = run (fixture, broken_args);
  g_autoptr(Run) missing_run = run (fixture, missing_args);
  g_autofree char *location = g_strdup_printf ("%s:2:", broken);

  g_assert_cmpint (broken_run->status, ==, 2);
  assert_contains (broken_run->err, location);
  g_assert_cmpint (missing_run->status, ==, 2);
  assert_contains (missing_run->err, "missing.xml");
}

/* Without --actions the table is dealt and shown: what a seed deals. */
static void
test_without_actions_shows_the_deal (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  const char *args[] = { "--playtest", deck, "--seed", "42", NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 0);
  assert_contains (result->out, "  turn 1, phase unmark\n");
  assert_contains (result->out, "  hand: #18 Bramble Weaver 1/2, #14 Briarback Boar 3/1, #5 Greycloak Pathfinder 1/1, "
                                "#13 Hedge Sprite 1/1, #56 Hornwood Bow, #11 Hedge Sprite 1/1, "
                                "#3 Thornwood Scout 2/1\n");
  assert_contains (result->out, "  deck: 53 cards\n");
  assert_contains (result->out, "  regions: #61 Sunlit Thicket 7/7 HP, 2 more face down\n");
  assert_contains (result->out, "  opp-regions: #72 Goldfish region I 10/10 HP, 2 more face down\n");
}

/* "--actions -" reads standard input. */
static void
test_actions_from_standard_input (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  const char *args[] = { "--playtest", deck, "--seed", "42", "--actions", "-", NULL };
  g_autoptr(Run) result = run_with_input (fixture, "phase upkeep\nphase draw\nstate\n", args);

  g_assert_cmpint (result->status, ==, 1);
  assert_contains (result->out, "ok: phase upkeep: the upkeep phase begins\n");
  assert_contains (result->out, "rejected: standard input:2: phase draw: the tactical phase is mandatory "
                                "and cannot be skipped (Round Structure: Turn Structure)\n");
  assert_contains (result->out, "state at line 3:\n  turn 1, phase upkeep\n");
}

/* Every table starts from a seed: the same seed deals the same game, and
 * a table without --seed says which seed it used. */
static void
test_seed_decides_the_game (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  const char *seed_7[] = { "--playtest", deck, "--seed", "7", NULL };
  const char *seed_8[] = { "--playtest", deck, "--seed", "8", NULL };
  const char *random_seed[] = { "--playtest", deck, NULL };
  g_autoptr(Run) first = run (fixture, seed_7);
  g_autoptr(Run) again = run (fixture, seed_7);
  g_autoptr(Run) other = run (fixture, seed_8);
  g_autoptr(Run) chosen = run (fixture, random_seed);
  g_autoptr(Run) repeated = NULL;
  const char *seed_text = strstr (chosen->out, ", seed ");
  g_autofree char *seed = NULL;

  g_assert_cmpstr (first->out, ==, again->out);
  g_assert_cmpstr (first->out, !=, other->out);

  g_assert_cmpint (chosen->status, ==, 0);
  g_assert_nonnull (seed_text);
  seed = g_strndup (seed_text + strlen (", seed "), strcspn (seed_text + strlen (", seed "), "\n"));
  {
    const char *again_args[] = { "--playtest", deck, "--seed", seed, NULL };

    repeated = run (fixture, again_args);
  }
  g_assert_cmpstr (repeated->out, ==, chosen->out);
}

/* --output saves the table; the saved table reopens where it was and
 * plays on, refusing a new seed or opponent. */
static void
test_saved_table_reopens (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *actions = fixture_path ("green-wall-seed-42.txt");
  g_autofree char *saved = g_build_filename (fixture->tmpdir, "table.xml", NULL);
  g_autofree char *more = dw_test_write_file (fixture->tmpdir, "more.txt", "end\nphase upkeep\n");
  const char *save_args[] = { "--playtest", deck, "--seed", "42", "--actions", actions, "--output", saved, NULL };
  const char *reopen_args[] = { "--playtest", saved, NULL };
  const char *more_args[] = { "--playtest", saved, "--actions", more, NULL };
  const char *seed_args[] = { "--playtest", saved, "--seed", "3", NULL };
  g_autoptr(Run) saving = run (fixture, save_args);
  g_autoptr(Run) reopening = run (fixture, reopen_args);
  g_autoptr(Run) playing_on = run (fixture, more_args);
  g_autoptr(Run) reseeding = run (fixture, seed_args);

  g_assert_cmpint (saving->status, ==, 0);
  g_assert_true (g_file_test (saved, G_FILE_TEST_EXISTS));
  g_assert_cmpint (reopening->status, ==, 0);
  g_assert_cmpstr (final_state (reopening), ==, final_state (saving));

  g_assert_cmpint (playing_on->status, ==, 0);
  assert_contains (final_state (playing_on), "  turn 5, phase upkeep\n");

  g_assert_cmpint (reseeding->status, ==, 2);
  assert_contains (reseeding->err, "is a saved table, which brings its own seed and decks");
}

/* For Arcmage, --opponent lends the goldfish its chapter of regions. */
static void
test_opponent_lends_its_regions (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *opponent = dw_test_deck_path ("orc-red-hand-warband.xml");
  const char *args[] = { "--playtest", deck, "--opponent", opponent, "--seed", "1", NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 0);
  assert_contains (result->out, "  opp-regions: #70 Scorched Steppe 7/7 HP, 2 more face down\n");
}

static void
test_one_deck_exits_2_otherwise (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  const char *two[] = { "--playtest", deck, deck, NULL };
  const char *none[] = { "--playtest", NULL };
  g_autoptr(Run) two_run = run (fixture, two);
  g_autoptr(Run) none_run = run (fixture, none);

  g_assert_cmpint (two_run->status, ==, 2);
  assert_contains (two_run->err, "--opponent");
  g_assert_cmpint (none_run->status, ==, 2);
  assert_contains (none_run->err, "--playtest needs a deck");
}

/* A deck the table cannot deal (a card no database has) is unreadable input. */
static void
test_undealable_deck_exits_2 (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("arcmage-illegal-unknown-card.xml");
  const char *args[] = { "--playtest", deck, "--seed", "1", NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 2);
  assert_contains (result->err, "“Starlit Wyvern of Nowhere” is in no arcmage card database");
}

/* Coraabia (issue 5): a whole game against the default goldfish, Blue
 * Ring Patrol — tricks, a champion, criticals, shootouts, texts applied
 * by hand and the player acting for the goldfish — every action
 * accepted, the game over at the end. */
static void
test_coraabia_whole_game_exits_0 (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("cor-bone-choir.xml");
  g_autofree char *actions = fixture_path ("coraabia/bone-choir-seed-2.txt");
  const char *args[] = { "--playtest", deck, "--seed", "2", "--actions", actions, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  assert_contains (result->out, "table: Bone Choir, Coraabia (wiki rules), seed 2\n");
  g_assert_cmpuint (count_lines (result->out, "rejected: "), ==, 0);
  g_assert_cmpuint (count_lines (result->out, "ok: "), ==, 60);
  assert_contains (result->out, "ok: as opp declare danger: the opponent declares Danger: 3 against 3;");
  assert_contains (result->out, "both sides passed on a tie: the tied characters go to the dump, and a shootout "
                                "follows (Structure of duels: Resolution 3.4); duel 9, a shootout, begins;");
  assert_contains (result->out, "ok: champion #7: you send #7 Grave-Dust Daemon as a champion; "
                                "#9 Crypt Lantern Keeper goes to the dump;");
  assert_contains (result->out, "you win duel 4 with #14 Cult Blood-Scribe (Intellect 7 against 3, and the "
                                "opponent passed): a critical, its points 2 × 2 = +4, your score 9");
  assert_contains (final_state (result), "  game over: you won: the opponent has no character left for the next "
                                         "duel; the score is 40 to 23\n");
  assert_contains (final_state (result), "counters: score 40, aux-score 13,");
}

/* Coraabia: a refused action names its file, line and rule (Structure of
 * duels: Confrontation 2.5); the rest is still played. */
static void
test_coraabia_rejected_exits_1 (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("cor-bone-choir.xml");
  g_autofree char *actions = fixture_path ("coraabia/goldfish-winning.txt");
  const char *args[] = { "--playtest", deck, "--seed", "2", "--actions", actions, NULL };
  g_autoptr(Run) result = run (fixture, args);
  g_autofree char *expected = g_strdup_printf ("rejected: %s:3: as opp pass: the opponent is winning, 1 against 3: "
                                               "only the losing side acts (Structure of duels: Confrontation 2.5)\n",
                                               actions);

  g_assert_cmpint (result->status, ==, 1);
  assert_contains (result->out, expected);
  assert_contains (result->out, "ok: pass: you pass; the opponent wins duel 1 with #43 Warden of the Iron Gate");
  assert_contains (final_state (result), "  duel 2: nothing compared yet, the opponent declares\n");
}

/* Coraabia: "as opp" with no action after it is not an action: exit 2,
 * naming the line, and nothing is played. */
static void
test_coraabia_as_opp_alone_exits_2 (Fixture       *fixture,
                                    gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("cor-bone-choir.xml");
  g_autofree char *actions = fixture_path ("coraabia/as-opp-alone.txt");
  const char *args[] = { "--playtest", deck, "--seed", "2", "--actions", actions, NULL };
  g_autoptr(Run) result = run (fixture, args);
  g_autofree char *expected = g_strdup_printf ("deckwright: %s:2: “as opp” needs the action to take for the "
                                               "opponent after it\n", actions);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->err, ==, expected);
  g_assert_cmpstr (result->out, ==, "");
}

/* Coraabia: without --opponent the goldfish plays the shipped Blue Ring
 * Patrol; --opponent gives it another deck, connections and all. */
static void
test_coraabia_opponent_deck (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("cor-bone-choir.xml");
  g_autofree char *opponent = dw_test_deck_path ("cor-vat-whispers.xml");
  const char *default_args[] = { "--playtest", deck, "--seed", "2", NULL };
  const char *given_args[] = { "--playtest", deck, "--opponent", opponent, "--seed", "2", NULL };
  g_autoptr(Run) by_default = run (fixture, default_args);
  g_autoptr(Run) given = run (fixture, given_args);

  g_assert_cmpint (by_default->status, ==, 0);
  assert_contains (by_default->out, "  turn 1, phase declaration\n");
  assert_contains (by_default->out, "  opp-connections: #60 Precinct Badge, #61 Mercenary Guild Hall\n");
  assert_contains (by_default->out, "opponent's deck: 28 cards, 21 characters (Guardian 14, Mercenary 7), 7 tricks;");
  assert_contains (by_default->out, "  connections: #28 Marrow Chapel, #29 Sewer Map\n");

  g_assert_cmpint (given->status, ==, 0);
  g_assert_null (strstr (given->out, "Precinct Badge"));
  assert_contains (given->out, "(Xenno ");
}

/* Coraabia: --output saves the table with both decks; it reopens where
 * it was and plays on. */
static void
test_coraabia_saved_table_reopens (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("cor-bone-choir.xml");
  g_autofree char *saved = g_build_filename (fixture->tmpdir, "table.xml", NULL);
  g_autofree char *first = dw_test_write_file (fixture->tmpdir, "first.txt",
                                               "declare vitality\nadjust opp danger +1\n");
  g_autofree char *more = dw_test_write_file (fixture->tmpdir, "more.txt", "next\ndeclare vitality\n");
  const char *save_args[] = { "--playtest", deck, "--seed", "2", "--actions", first, "--output", saved, NULL };
  const char *reopen_args[] = { "--playtest", saved, NULL };
  const char *more_args[] = { "--playtest", saved, "--actions", more, NULL };
  g_autoptr(Run) saving = run (fixture, save_args);
  g_autoptr(Run) reopening = run (fixture, reopen_args);
  g_autoptr(Run) playing_on = run (fixture, more_args);
  g_autofree char *text = NULL;

  g_assert_cmpint (saving->status, ==, 0);
  text = dw_test_read_file (saved);
  assert_contains (text, "rules=\"coraabia-wiki\"");
  assert_contains (text, "<opponent>");
  assert_contains (text, "<action manual=\"true\">adjust opp danger +1</action>");
  g_assert_cmpint (reopening->status, ==, 0);
  g_assert_cmpstr (final_state (reopening), ==, final_state (saving));
  g_assert_cmpint (playing_on->status, ==, 0);
  assert_contains (playing_on->out, "ok: next: the opponent passes; you win duel 1");
  assert_contains (playing_on->out, "ok: declare vitality: you declare Vitality");
  assert_contains (final_state (playing_on), "  turn 2, phase confrontation\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, dw_test_cli_set_up, func, dw_test_cli_tear_down)
  ADD ("/cli/playtest/all-accepted-exits-0", test_all_accepted_exits_0);
  ADD ("/cli/playtest/next-replays-as-phase-by-phase", test_next_replays_as_phase_by_phase);
  ADD ("/cli/playtest/rejected-exits-1", test_rejected_exits_1);
  ADD ("/cli/playtest/not-an-action-exits-2", test_not_an_action_exits_2);
  ADD ("/cli/playtest/missing-actions-file-exits-2", test_missing_actions_file_exits_2);
  ADD ("/cli/playtest/b5-endless-actions-exit-2", test_endless_actions_exit_2);
  ADD ("/cli/playtest/unreadable-deck-exits-2", test_unreadable_deck_exits_2);
  ADD ("/cli/playtest/undealable-deck-exits-2", test_undealable_deck_exits_2);
  ADD ("/cli/playtest/one-deck-exits-2-otherwise", test_one_deck_exits_2_otherwise);
  ADD ("/cli/playtest/without-actions-shows-the-deal", test_without_actions_shows_the_deal);
  ADD ("/cli/playtest/actions-from-standard-input", test_actions_from_standard_input);
  ADD ("/cli/playtest/seed-decides-the-game", test_seed_decides_the_game);
  ADD ("/cli/playtest/saved-table-reopens", test_saved_table_reopens);
  ADD ("/cli/playtest/opponent-lends-its-regions", test_opponent_lends_its_regions);
  ADD ("/cli/playtest/coraabia-whole-game-exits-0", test_coraabia_whole_game_exits_0);
  ADD ("/cli/playtest/coraabia-rejected-exits-1", test_coraabia_rejected_exits_1);
  ADD ("/cli/playtest/coraabia-as-opp-alone-exits-2", test_coraabia_as_opp_alone_exits_2);
  ADD ("/cli/playtest/coraabia-opponent-deck", test_coraabia_opponent_deck);
  ADD ("/cli/playtest/coraabia-saved-table-reopens", test_coraabia_saved_table_reopens);
#undef ADD

  return g_test_run ();
}
