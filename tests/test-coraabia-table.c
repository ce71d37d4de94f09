/* test-coraabia-table.c — the Coraabia table, one test per rule
 *
 * Each test is named after a rule of issue 5 and cites the step of the
 * Coraabia wiki's rules (../shared/seeds/coraabia-rules.txt) it comes
 * from.  A refused action is always checked to name its rule and to
 * change nothing at all.
 *
 * Most tables are dealt tests/data/table/coraabia/duel-deck.xml on both
 * sides, whose cards are numbered in file order whatever the seed:
 *   #1-3 Night-Shift Dispatcher (Guardian, D3 I7 V55% K3 P2, activated ability)
 *   #4-5 Scrapyard Mech Hauler (Mercenary, D5 I1 V100% K0 P2, no ability)
 *   #6-7 Alley Dung Cutpurse (Outlaw, D4 I5 V45% K-3 P2, activated ability)
 *   #8-9 Second Wind (trick)   #10-11 Curfew (Guardian trick)
 *   #12-13 Turf War (Outlaw trick)
 *   #14 Second Dealer, #15 Bloodsport Bookmaker (connections)
 * and the opponent's the same fifteen cards from #16: Dispatchers #16-18,
 * Haulers #19-20, Cutpurses #21-22, Second Winds #23-24, Curfews #25-26,
 * Turf Wars #27-28, connections #29-30.  Tests arrange the duel with
 * manual moves and "adjust", which the rules never check, and then try
 * the rule.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-coraabia-rules.h"
#include "dw-table.h"
#include "dw-test-util.h"

#define RULE_DECLARER  "Structure of duels: Declaration 1.1"
#define RULE_DECLARE   "Structure of duels: Declaration 1.6"
#define RULE_LOSING    "Structure of duels: Confrontation 2.5"
#define RULE_ABILITY   "Structure of duels: Confrontation 2.5.1"
#define RULE_TRICK     "Structure of duels: Confrontation 2.5.2"
#define RULE_CHAMPION  "Structure of duels: Confrontation 2.5.3"
#define RULE_LIMITS    "Structure of duels: Confrontation 2.6"
#define RULE_TIE       "Structure of duels: Confrontation 2.7"
#define RULE_SHOOTOUT  "Structure of duels: Resolution 3.4.3"
#define RULE_FACTION   "Abilities: faction tricks"

static DwDeck *
fixture_deck (const char *name)
{
  g_autofree char *relative = g_build_filename ("table", "coraabia", name, NULL);
  g_autofree char *path = dw_test_fixture_path (relative);

  return dw_test_load_deck_file (dw_test_shared_library (), path);
}

static DwTable *
table_of (const char *mine,
          const char *theirs,
          guint64     seed)
{
  g_autoptr(DwDeck) deck = fixture_deck (mine);
  g_autoptr(DwDeck) opponent = fixture_deck (theirs);
  g_autoptr(GError) error = NULL;
  DwTable *table = dw_table_new (dw_test_shared_library (), deck, opponent, seed, &error);

  g_assert_no_error (error);
  g_assert_true (dw_coraabia_is_table (dw_table_get_state (table)));
  return table;
}

static const DwTableState *
state_of (DwTable *table)
{
  return dw_table_get_state (table);
}

static DwSide
declarer (DwTable *table)
{
  return dw_coraabia_get_declarer (state_of (table));
}

/* The first seed from 1 whose first duel @side declares. */
static guint64
seed_declared_by (const char *mine,
                  const char *theirs,
                  DwSide      side)
{
  for (guint64 seed = 1; seed < 64; seed++)
    {
      g_autoptr(DwTable) table = table_of (mine, theirs, seed);

      if (declarer (table) == side)
        return seed;
    }
  g_assert_not_reached ();
}

static DwTable *
duel_table (DwSide first)
{
  return table_of ("duel-deck.xml", "duel-deck.xml", seed_declared_by ("duel-deck.xml", "duel-deck.xml", first));
}

static char *
ok_says (DwTable    *table,
         const char *text)
{
  g_autoptr(GError) error = NULL;
  char *effects = NULL;

  if (!dw_table_perform_text (table, text, &effects, &error))
    g_error ("“%s” was refused: %s", text, error->message);
  if (g_test_verbose ())
    g_test_message ("%s: %s", text, effects);
  return effects;
}

static void
ok (DwTable    *table,
    const char *text)
{
  g_autofree char *effects = ok_says (table, text);
}

static char *
okf_says (DwTable    *table,
          const char *format,
          ...) G_GNUC_PRINTF (2, 3);

static char *
okf_says (DwTable    *table,
          const char *format,
          ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  return ok_says (table, text);
}

static void
okf (DwTable    *table,
     const char *format,
     ...) G_GNUC_PRINTF (2, 3);

static void
okf (DwTable    *table,
     const char *format,
     ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  ok (table, text);
}


static void
assert_says (const char *text,
             const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("“%s” is not in “%s”", part, text);
}

static const DwTableZone *
zone (DwTable    *table,
      const char *id)
{
  int index = dw_table_state_lookup_zone (state_of (table), id);

  g_assert_cmpint (index, >=, 0);
  return dw_table_state_get_zone (state_of (table), (guint) index);
}

static guint
count (DwTable    *table,
       const char *id)
{
  return dw_table_zone_get_n_cards (zone (table, id));
}

static const char *
where (DwTable *table,
       guint    number)
{
  const DwTableState *state = state_of (table);

  return dw_table_state_get_zone (state, dw_table_state_get_card (state, number)->zone)->id;
}

static gint64
counter (DwTable    *table,
         const char *name)
{
  return dw_table_state_get_counter (state_of (table), name);
}

static DwCoraabiaSide
side_of (DwTable *table,
         DwSide   side)
{
  DwCoraabiaSide info;

  dw_coraabia_get_side (state_of (table), side, &info);
  return info;
}

static DwCoraabiaTask
acting (DwTable *table,
        DwSide  *side)
{
  return dw_coraabia_get_acting_side (state_of (table), side);
}

/* Puts #@mine and #@theirs in the duel, the duelists they replace at the
 * bottom of their decks. */
static void
arrange (DwTable *table,
         guint    mine,
         guint    theirs)
{
  guint now = side_of (table, DW_SIDE_PLAYER).character;

  if (now != 0 && now != mine)
    okf (table, "manual move #%u to deck bottom", now);
  now = side_of (table, DW_SIDE_OPPONENT).character;
  if (now != 0 && now != theirs)
    okf (table, "manual move #%u to opp-deck bottom", now);
  okf (table, "manual move #%u to duel", mine);
  okf (table, "manual move #%u to opp-duel", theirs);
}

/* Declares @parameter for whichever side declares. */
static void
declare (DwTable    *table,
         const char *parameter)
{
  okf (table, "%sdeclare %s", declarer (table) == DW_SIDE_PLAYER ? "" : "as opp ", parameter);
}

/* Sets the compared parameter of both duelists by hand: as "+N or -N
 * adds, N sets", a negative value is reached by adding. */
static void
set_values (DwTable *table,
            gint64   mine,
            gint64   theirs)
{
  int parameter = dw_coraabia_get_parameter (state_of (table));
  const char *id = dw_coraabia_parameter_id (parameter);

  okf (table, "adjust me %s %+" G_GINT64_FORMAT, id, mine - side_of (table, DW_SIDE_PLAYER).parameters[parameter]);
  okf (table, "adjust opp %s %+" G_GINT64_FORMAT, id,
       theirs - side_of (table, DW_SIDE_OPPONENT).parameters[parameter]);
}

/* The side to act passes: "pass" or "as opp pass". */
static void
acting_side_passes (DwTable *table)
{
  DwSide side;

  g_assert_cmpint (acting (table, &side), !=, DW_CORAABIA_NOBODY);
  ok (table, side == DW_SIDE_PLAYER ? "pass" : "as opp pass");
}

/* Plays the current duel out: @winner 5 against 4 (no critical), and
 * the loser passes. */
static void
play_out (DwTable *table,
          DwSide   winner)
{
  if (dw_coraabia_get_parameter (state_of (table)) < 0)
    declare (table, "danger");
  if (winner == DW_SIDE_PLAYER)
    set_values (table, 5, 4);
  else
    set_values (table, 4, 5);
  acting_side_passes (table);
}

/* ------------------------------------------------------------ setup */

/* "Both players send a character from top of their decks to face each
 * other in a duel" (Basic rules): both sides have the zones of the game
 * definition, and a character in the duel from the start; connections
 * come from the deck's connections section (games.md). */
static void
test_zones_for_both_sides (void)
{
  static const char * const ids[] = { "deck", "hand", "duel", "connections", "dump", "score", NULL };
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  DwCoraabiaSide mine = side_of (table, DW_SIDE_PLAYER);
  DwCoraabiaSide theirs = side_of (table, DW_SIDE_OPPONENT);

  for (guint i = 0; ids[i]; i++)
    {
      g_autofree char *opp = g_strconcat ("opp-", ids[i], NULL);

      zone (table, ids[i]);
      zone (table, opp);
    }

  g_assert_cmpuint (mine.character, >=, 1);
  g_assert_cmpuint (mine.character, <=, 7);
  g_assert_cmpuint (theirs.character, >=, 16);
  g_assert_cmpuint (theirs.character, <=, 22);
  g_assert_cmpstr (where (table, 14), ==, "connections");
  g_assert_cmpstr (where (table, 15), ==, "connections");
  g_assert_cmpstr (where (table, 29), ==, "opp-connections");
  g_assert_cmpstr (where (table, 30), ==, "opp-connections");

  /* Seven characters and six tricks, wherever the reveal put them. */
  g_assert_cmpuint (mine.deck_characters + mine.hand_champions + 1, ==, 7);
  g_assert_cmpuint (mine.deck_tricks + mine.hand_tricks, ==, 6);
  g_assert_cmpuint (mine.deck_cards, ==, mine.deck_characters + mine.deck_tricks);
  g_assert_cmpuint (mine.deck_by_faction[0] + mine.deck_by_faction[1] + mine.deck_by_faction[2],
                    ==, mine.deck_characters);
  g_assert_cmpuint (count (table, "deck") + count (table, "hand") + count (table, "duel"), ==, 13);

  g_assert_cmpint (mine.score, ==, 0);
  g_assert_cmpint (mine.aux_score, ==, 0);
  g_assert_cmpint (mine.trick_limit, ==, 1);
  g_assert_cmpint (mine.champion_limit, ==, 1);
  g_assert_cmpint (mine.critical_multiplier, ==, 2);
  g_assert_cmpint (theirs.trick_limit, ==, 1);
  g_assert_cmpint (theirs.champion_limit, ==, 1);
  g_assert_cmpint (theirs.critical_multiplier, ==, 2);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 1);
  g_assert_cmpstr (dw_table_get_phase (table), ==, "declaration");
}

/* Without an opponent's deck the goldfish plays the shipped Blue Ring
 * Patrol (issue 5: "default: a shipped sample deck"), and the table
 * keeps it as its own, so a saved table holds it whole. */
static void
test_default_opponent_is_a_shipped_deck (void)
{
  g_autoptr(DwDeck) deck = fixture_deck ("duel-deck.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(DwTable) table = dw_table_new (dw_test_shared_library (), deck, NULL, 5, &error);
  g_autoptr(DwTable) reread = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (dw_table_get_opponent (table));
  g_assert_cmpstr (dw_deck_get_name (dw_table_get_opponent (table)), ==, "Blue Ring Patrol");
  g_assert_cmpuint (dw_table_state_get_n_cards (state_of (table)), ==, 15 + 32);
  g_assert_cmpstr (dw_card_get_name (dw_table_state_get_card (state_of (table), 46)->card), ==, "Precinct Badge");

  text = dw_table_to_string (table);
  g_assert_nonnull (strstr (text, "<opponent>"));
  g_assert_nonnull (strstr (text, "Blue Ring Patrol"));
  reread = dw_table_load_data (dw_test_shared_library (), text, strlen (text), "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_true (dw_table_state_equal (state_of (table), state_of (reread)));
}

/* ------------------------------------------------------------ declaration */

/* "Who declares in the first duel is chosen at random" (1.1): from the
 * seed, so the same seed always chooses the same side. */
static void
test_who_declares_first_comes_from_the_seed (void)
{
  gboolean seen[2] = { FALSE, FALSE };

  for (guint64 seed = 1; seed <= 32; seed++)
    {
      g_autoptr(DwTable) table = table_of ("duel-deck.xml", "duel-deck.xml", seed);
      g_autoptr(DwTable) again = table_of ("duel-deck.xml", "duel-deck.xml", seed);
      DwSide side;

      g_assert_cmpint (declarer (table), ==, declarer (again));
      g_assert_true (dw_table_state_equal (state_of (table), state_of (again)));
      g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_DECLARE);
      g_assert_cmpint (side, ==, declarer (table));
      seen[declarer (table)] = TRUE;
    }
  g_assert_true (seen[DW_SIDE_PLAYER]);
  g_assert_true (seen[DW_SIDE_OPPONENT]);
}

/* "The top card of the deck is revealed to the declaring player. If it
 * is a trick, it is added to the player's hand. This step is repeated
 * until a character is revealed", then the same for the defending
 * player (1.2, 1.3); "The declaring player is a player … who won the
 * preceding duel" (1.1). */
static void
test_reveal_until_a_character_declaring_side_first (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *said = NULL;
  const char *theirs;
  const char *mine;

  arrange (table, 4, 16);
  declare (table, "intellect");          /* 1 against 7: you are losing */

  /* Your deck: #8 Second Wind, #10 Curfew, then #5; theirs: #23 Second Wind, then #19. */
  ok (table, "manual move #5 to deck");
  ok (table, "manual move #10 to deck");
  ok (table, "manual move #8 to deck");
  ok (table, "manual move #19 to opp-deck");
  ok (table, "manual move #23 to opp-deck");

  said = ok_says (table, "pass");
  g_assert_cmpint (declarer (table), ==, DW_SIDE_OPPONENT);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  g_assert_cmpstr (where (table, 5), ==, "duel");
  g_assert_cmpstr (where (table, 8), ==, "hand");
  g_assert_cmpstr (where (table, 10), ==, "hand");
  g_assert_cmpstr (where (table, 19), ==, "opp-duel");
  g_assert_cmpstr (where (table, 23), ==, "opp-hand");

  /* The opponent won, so it declares and reveals first; its trick stays
   * face down, revealed to it alone, not even numbered. */
  theirs = strstr (said, "the opponent takes a card into its hand; the opponent reveals #19 Scrapyard Mech Hauler");
  g_assert_null (strstr (said, "#23"));
  mine = strstr (said, "you reveal #8 Second Wind into your hand; you reveal #10 Curfew into your hand; "
                       "you reveal #5 Scrapyard Mech Hauler");
  g_assert_nonnull (theirs);
  g_assert_nonnull (mine);
  g_assert_true (theirs < mine);
}

/* "The declaring player is a player who begins the game or who won the
 * preceding duel" (1.1). */
static void
test_the_winner_declares_next (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  play_out (table, DW_SIDE_OPPONENT);
  g_assert_cmpint (declarer (table), ==, DW_SIDE_OPPONENT);
  play_out (table, DW_SIDE_PLAYER);
  g_assert_cmpint (declarer (table), ==, DW_SIDE_PLAYER);
  play_out (table, DW_SIDE_PLAYER);
  g_assert_cmpint (declarer (table), ==, DW_SIDE_PLAYER);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 4);
}

/* "The declaring player chooses a parameter to be compared" (1.6): the
 * declaring side only. */
static void
test_only_the_declaring_side_declares (void)
{
  g_autoptr(DwTable) mine = duel_table (DW_SIDE_PLAYER);
  g_autoptr(DwTable) theirs = duel_table (DW_SIDE_OPPONENT);

  dw_test_table_refused (mine, "as opp declare danger", RULE_DECLARER, "you declare this duel");
  dw_test_table_refused (theirs, "declare danger", RULE_DECLARER,
                         "the opponent declares this duel (the first declarer was drawn at random)");
  ok (theirs, "as opp declare karma");
  g_assert_cmpint (dw_coraabia_get_parameter (state_of (theirs)), ==, DW_CORAABIA_KARMA);
  ok (mine, "declare vitality");
  g_assert_cmpint (dw_coraabia_get_parameter (state_of (mine)), ==, DW_CORAABIA_VITALITY);
  g_assert_cmpstr (dw_table_get_phase (mine), ==, "confrontation");
}

/* The declaration comes before anything else happens in the duel, and
 * once (1.6, then 2); connections that work as the duel starts come
 * before it (1.4, 1.5), so adjusting by hand is allowed. */
static void
test_declare_once_before_anything_else (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  ok (table, "manual move #8 to hand");
  ok (table, "manual move #5 to hand");
  dw_test_table_refused (table, "trick #8", RULE_DECLARE, "you declare the compared parameter first");
  dw_test_table_refused (table, "champion #5", RULE_DECLARE, "you declare the compared parameter first");
  dw_test_table_refused (table, "ability", RULE_DECLARE, "you declare the compared parameter first");
  dw_test_table_refused (table, "pass", RULE_DECLARE, "you declare the compared parameter first");
  dw_test_table_refused (table, "as opp pass", RULE_DECLARE, "you declare the compared parameter first");
  dw_test_table_refused (table, "adjust parameter karma", RULE_DECLARE, "nothing is compared yet");
  ok (table, "adjust me danger +1");

  ok (table, "declare intellect");      /* 1 against 7: you are losing */
  dw_test_table_refused (table, "declare karma", RULE_DECLARE, "Intellect is compared in duel 1 already");
}

/* Issue 21: "declare karma" during duel 1's confrontation, the goldfish
 * to act, once let the goldfish pass, resolved the duel, revealed the
 * next characters and declared for duel 2 before the player saw them.
 * A declaration is made in the declaration step the player sees
 * (Structure of duels 1.6), and any action is judged on the duel the
 * player sees: when the goldfish's pass would end it, nothing is
 * performed in the next one (1.2, 1.3: what follows lies in the decks). */
static void
test_declare_only_in_the_declaration_step (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint logged;

  arrange (table, 4, 16);
  ok (table, "manual move #8 to hand");
  ok (table, "declare danger");               /* 5 against 3: the goldfish is to act */
  before = dw_table_to_string (table);
  logged = dw_table_get_n_log (table);

  for (guint p = 0; p < DW_CORAABIA_N_PARAMETERS; p++)
    {
      g_autofree char *text = g_strdup_printf ("declare %s", dw_coraabia_parameter_id (p));

      dw_test_table_refused (table, text, RULE_DECLARE, "Danger is compared in duel 1 already");
    }
  /* The trick's refusal is duel 1's, not duel 2's. */
  dw_test_table_refused (table, "trick #8", RULE_LOSING, "you are winning, 5 against 3: only the losing side acts");
  after = dw_table_to_string (table);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (dw_table_get_n_log (table), ==, logged);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 1);

  /* Going on lets the goldfish pass; then duel 2 is declared, seen. */
  ok (table, "next");
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  ok (table, "declare karma");
  g_assert_cmpint (dw_coraabia_get_parameter (state_of (table)), ==, DW_CORAABIA_KARMA);
}

/* ------------------------------------------------------------ the duel */

/* "It is always the LOSING player who is playing" (Basic rules); "At any
 * point in the duel, it is the turn of the player with the lower
 * compared parameter, the losing player" (2.5). */
static void
test_only_the_losing_side_acts (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  DwSide side;

  arrange (table, 4, 16);
  ok (table, "manual move #8 to hand");
  ok (table, "manual move #23 to opp-hand");
  declare (table, "intellect");         /* 1 against 7 */

  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_REACT);
  g_assert_cmpint (side, ==, DW_SIDE_PLAYER);
  g_assert_cmpint (side_of (table, DW_SIDE_PLAYER).status, ==, DW_DUEL_LOSING);
  g_assert_cmpint (side_of (table, DW_SIDE_OPPONENT).status, ==, DW_DUEL_WINNING);
  dw_test_table_refused (table, "as opp trick #23", RULE_LOSING, "the opponent is winning, 1 against 7: only the losing side acts");
  dw_test_table_refused (table, "as opp pass", RULE_LOSING, "the opponent is winning");
  dw_test_table_refused (table, "as opp ability", RULE_LOSING, "the opponent is winning");
  ok (table, "trick #8");

  set_values (table, 9, 7);             /* the trick applied by hand, and more */
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_REACT);
  g_assert_cmpint (side, ==, DW_SIDE_OPPONENT);
  ok (table, "as opp trick #23");
}

/* "If the compared parameters of both dueling characters are equal, it
 * is the turn of the declaring player … Then it is the turn of the
 * defending player … This sequence is repeated until both players
 * consecutively choose to pass" (2.7). */
static void
test_tie_declaring_side_then_defending_side (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autoptr(DwTable) theirs = duel_table (DW_SIDE_OPPONENT);
  DwSide side;

  arrange (table, 1, 16);
  ok (table, "manual move #8 to hand");
  ok (table, "manual move #23 to opp-hand");
  declare (table, "danger");            /* 3 against 3 */

  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_TIE_TURN);
  g_assert_cmpint (side, ==, DW_SIDE_PLAYER);
  g_assert_cmpint (side_of (table, DW_SIDE_PLAYER).status, ==, DW_DUEL_TIED);
  dw_test_table_refused (table, "as opp pass", RULE_TIE, "the duel is tied, 3 against 3, and it is your turn");

  ok (table, "trick #8");
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_TIE_TURN);
  g_assert_cmpint (side, ==, DW_SIDE_OPPONENT);
  ok (table, "as opp trick #23");
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_TIE_TURN);
  g_assert_cmpint (side, ==, DW_SIDE_PLAYER);
  ok (table, "pass");
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_TIE_TURN);
  g_assert_cmpint (side, ==, DW_SIDE_OPPONENT);
  dw_test_table_refused (table, "as opp declare danger", RULE_DECLARE, "is compared in duel 1 already");
  ok (table, "as opp ability");
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_TIE_TURN);
  g_assert_cmpint (side, ==, DW_SIDE_PLAYER);
  g_assert_false (dw_coraabia_is_shootout (state_of (table)));

  /* The opponent declaring, the opponent opens the round. */
  arrange (theirs, 1, 16);
  declare (theirs, "danger");
  g_assert_cmpint (acting (theirs, &side), ==, DW_CORAABIA_TIE_TURN);
  g_assert_cmpint (side, ==, DW_SIDE_OPPONENT);
}

/* "by default, players may play only one trick and one Champion per
 * duel" (2.6): tricks. */
static void
test_one_trick_a_duel (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  ok (table, "manual move #8 to hand");
  ok (table, "manual move #9 to hand");
  declare (table, "intellect");
  ok (table, "trick #8");
  g_assert_cmpint (counter (table, "tricks-played"), ==, 1);
  dw_test_table_refused (table, "trick #9", RULE_LIMITS, "you played 1 trick in this duel, and the limit is 1");
}

/* Issue 20: "each character may use only one activated ability per
 * duel" (Structure of duels: Confrontation 2.5.1) is the character's,
 * and it is the same character after it left the duel and came back in
 * that duel (sent to the dump by a champion, back to the hand, sent
 * again); in the next duel it may use it again. */
static void
test_ability_follows_the_character_through_the_duel (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 1, 19);
  ok (table, "manual move #2 to hand");
  declare (table, "danger");            /* 3 against 5 */
  ok (table, "ability");
  ok (table, "champion #2");
  g_assert_cmpstr (where (table, 1), ==, "dump");
  ok (table, "manual move #1 to hand");
  ok (table, "manual counter champion-limit 2");
  set_values (table, 1, 5);
  ok (table, "champion #1");
  g_assert_cmpuint (side_of (table, DW_SIDE_PLAYER).character, ==, 1);
  g_assert_true (side_of (table, DW_SIDE_PLAYER).ability_used);
  dw_test_table_refused (table, "ability", RULE_ABILITY,
                         "#1 Night-Shift Dispatcher used its activated ability in this duel already");

  /* The next duel, the same character uses it again. */
  acting_side_passes (table);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  arrange (table, 1, 19);
  declare (table, "danger");
  g_assert_false (side_of (table, DW_SIDE_PLAYER).ability_used);
  ok (table, "ability");
}

/* The trick limit (2.6) is the player's: a trick back in the hand and
 * played again is a second trick of the duel. */
static void
test_trick_limit_is_the_players (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  ok (table, "manual move #8 to hand");
  declare (table, "intellect");
  ok (table, "trick #8");
  ok (table, "manual move #8 to hand");
  dw_test_table_refused (table, "trick #8", RULE_LIMITS, "you played 1 trick in this duel, and the limit is 1");
}

/* "by default, players may play only one trick and one Champion per
 * duel" (2.6): champions. */
static void
test_one_champion_a_duel (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  ok (table, "manual move #5 to hand");
  ok (table, "manual move #6 to hand");
  declare (table, "intellect");         /* 1 against 7 */
  ok (table, "champion #5");            /* 1 against 7 still */
  g_assert_cmpint (counter (table, "champions-sent"), ==, 1);
  dw_test_table_refused (table, "champion #6", RULE_LIMITS, "you sent 1 champion in this duel, and the limit is 1");
}

/* "The limits on playable tricks and champions are replenished at the
 * start of each duel" (Structure of duels). */
static void
test_limits_replenish_each_duel (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  ok (table, "manual move #8 to hand");
  ok (table, "manual move #5 to hand");
  ok (table, "manual move #9 to hand");
  declare (table, "intellect");
  ok (table, "trick #8");
  ok (table, "champion #5");
  ok (table, "pass");

  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  g_assert_cmpint (counter (table, "tricks-played"), ==, 0);
  g_assert_cmpint (counter (table, "champions-sent"), ==, 0);
  ok (table, "as opp declare danger");
  set_values (table, 1, 2);
  ok (table, "trick #9");
}

/* The limits and the critical's strength "were adjustable by connections
 * in the original game: keep them as parameters" (games.md): a
 * connection's text is applied with a manual counter. */
static void
test_limits_are_parameters_a_connection_changes (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  ok (table, "manual move #8 to hand");
  ok (table, "manual move #9 to hand");
  ok (table, "manual move #12 to hand");
  ok (table, "manual move #5 to hand");
  ok (table, "manual move #6 to hand");
  ok (table, "manual counter trick-limit 2");     /* #14 Second Dealer */
  ok (table, "manual counter champion-limit +1"); /* a Reserve Roster */
  g_assert_true (dw_table_get_log_entry (table, dw_table_get_n_log (table) - 1)->manual);
  declare (table, "intellect");
  ok (table, "trick #8");
  ok (table, "trick #9");
  dw_test_table_refused (table, "trick #12", RULE_LIMITS, "you played 2 tricks in this duel, and the limit is 2");
  ok (table, "champion #5");
  ok (table, "champion #6");
  g_assert_cmpint (side_of (table, DW_SIDE_PLAYER).champions_sent, ==, 2);
  g_assert_cmpint (side_of (table, DW_SIDE_PLAYER).trick_limit, ==, 2);
}

/* "These so-called faction tricks can only be played if a player has a
 * character of the same faction color in the duel. The faction trick
 * itself is factionless and is counted as a regular trick" (Abilities). */
static void
test_faction_trick_needs_its_faction (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 1, 19);
  ok (table, "manual move #12 to hand");
  ok (table, "manual move #10 to hand");
  ok (table, "manual move #8 to hand");
  declare (table, "danger");            /* 3 against 5 */
  dw_test_table_refused (table, "trick #12", RULE_FACTION,
                         "#12 Turf War is a faction trick of the Outlaw, played only with a character of theirs in the duel, "
                         "and #1 Night-Shift Dispatcher is of the Guardian");
  ok (table, "trick #10");
  dw_test_table_refused (table, "trick #8", RULE_LIMITS, "the limit is 1");
}

/* "Play a trick card from hand" (2.5.2); "Playing the card type Trick
 * always grants one-time effects" (Abilities): it goes to the dump, its
 * text to be applied by hand. */
static void
test_trick_from_hand_to_the_dump (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *said = NULL;

  arrange (table, 4, 16);
  ok (table, "manual move #8 to hand");
  ok (table, "manual move #9 to deck");
  ok (table, "manual move #6 to hand");
  declare (table, "intellect");
  /* Where a card the player cannot see lies is not said (issue 21). */
  dw_test_table_refused (table, "trick #9", NULL, "that is a card you cannot see; name one in your hand");
  dw_test_table_refused (table, "trick #6", RULE_TRICK, "#6 Alley Dung Cutpurse is not a trick");
  said = ok_says (table, "trick \"Second Wind\"");
  assert_says (said, "you play #8 Second Wind; apply it by hand: Your dueling character gets Vitality +25");
  g_assert_cmpstr (where (table, 8), ==, "dump");
}

/* "Send a character from hand (the so-called Champion) to replace his
 * currently dueling character which is then send to Dump" (2.5.3). */
static void
test_champion_replaces_the_duelist (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  ok (table, "manual move #6 to hand");
  ok (table, "manual move #8 to hand");
  ok (table, "adjust me points +3");
  declare (table, "intellect");         /* 1 against 7 */
  dw_test_table_refused (table, "champion #8", RULE_CHAMPION, "#8 Second Wind is not a character");
  dw_test_table_refused (table, "champion #5", NULL, "a card you cannot see; name one in your hand");
  ok (table, "champion #6");            /* 5 against 7 */
  g_assert_cmpstr (where (table, 4), ==, "dump");
  g_assert_cmpstr (where (table, 6), ==, "duel");
  g_assert_cmpuint (side_of (table, DW_SIDE_PLAYER).character, ==, 6);
  g_assert_cmpint (side_of (table, DW_SIDE_PLAYER).parameters[DW_CORAABIA_INTELLECT], ==, 5);
  /* What was applied to the replaced character left with it. */
  g_assert_cmpint (dw_table_state_get_card (state_of (table), 4)->adjust[4], ==, 0);
}

/* "Use an activated ability of his/her dueling character; each character
 * may use only one activated ability per duel" (2.5.1). */
static void
test_ability_once_a_duel_per_character (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *said = NULL;

  arrange (table, 1, 19);
  ok (table, "manual move #2 to hand");
  declare (table, "danger");            /* 3 against 5 */
  g_assert_true (side_of (table, DW_SIDE_PLAYER).has_ability);
  g_assert_false (side_of (table, DW_SIDE_PLAYER).ability_used);
  said = ok_says (table, "ability");
  assert_says (said, "#1 Night-Shift Dispatcher uses its activated ability; apply it by hand, if its condition "
                     "is met: if Compared parameter is Intellect: Intellect +3 (me)");
  g_assert_true (side_of (table, DW_SIDE_PLAYER).ability_used);
  dw_test_table_refused (table, "ability", RULE_ABILITY, "#1 Night-Shift Dispatcher used its activated ability in this duel already");

  /* A champion is another character, with its own ability to use. */
  ok (table, "champion #2");
  g_assert_false (side_of (table, DW_SIDE_PLAYER).ability_used);
  ok (table, "ability");
}

/* "Use an activated ability" (2.5.1): a character without one has none
 * to use; "If the background of the ability tile is dark, it is a
 * passive ability" (Abilities). */
static void
test_ability_needs_an_activated_ability (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  declare (table, "intellect");
  g_assert_false (side_of (table, DW_SIDE_PLAYER).has_ability);
  dw_test_table_refused (table, "ability", RULE_ABILITY, "#4 Scrapyard Mech Hauler has no activated ability");
}

/* ------------------------------------------------------------ resolution */

/* "The winner of the duel is the player whose opponent passes"; "The
 * winner adds the current points of his/her character to his/her score"
 * (3.1, 3.3): the log says who won, on which parameter, with which
 * values, and that the other side passed. */
static void
test_pass_gives_the_duel_to_the_other_side (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *said = NULL;

  arrange (table, 1, 19);
  declare (table, "danger");            /* 3 against 5, no critical */
  ok (table, "adjust opp points +1");
  said = ok_says (table, "pass");
  assert_says (said, "you pass; the opponent wins duel 1 with #19 Scrapyard Mech Hauler (Danger 5 against your "
                     "3, and you passed): +3 points, its score 3");
  g_assert_cmpint (counter (table, "opp-score"), ==, 3);
  g_assert_cmpint (counter (table, "opp-aux-score"), ==, 1);
  g_assert_cmpint (counter (table, "score"), ==, 0);
  g_assert_cmpint (counter (table, "aux-score"), ==, 0);
  g_assert_cmpstr (where (table, 19), ==, "opp-score");
  g_assert_cmpstr (where (table, 1), ==, "dump");
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  g_assert_cmpstr (dw_table_get_phase (table), ==, "declaration");
}

/* "If one character has the compared parameter at least twice as high as
 * the opposing character, it has its points doubled" (2.4). */
static void
test_critical_doubles_the_points (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *said = NULL;

  arrange (table, 4, 16);
  declare (table, "danger");            /* 5 against 3 */
  g_assert_false (side_of (table, DW_SIDE_PLAYER).critical);
  ok (table, "adjust me danger 6");
  g_assert_true (side_of (table, DW_SIDE_PLAYER).critical);
  g_assert_false (side_of (table, DW_SIDE_OPPONENT).critical);
  said = ok_says (table, "as opp pass");
  assert_says (said, "you win duel 1 with #4 Scrapyard Mech Hauler (Danger 6 against 3, and the opponent passed): "
                     "a critical, its points 2 × 2 = +4, your score 4");
  g_assert_cmpint (counter (table, "score"), ==, 4);
  g_assert_cmpint (counter (table, "aux-score"), ==, 1);
}

/* "… it has its points doubled, even when they are negative" (2.4); "If
 * the points are negative, the score will correspondingly decrease and
 * it may drop below zero" (3.3). */
static void
test_critical_doubles_negative_points (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  declare (table, "danger");
  ok (table, "adjust me danger 8");
  ok (table, "adjust me points -5");    /* 2 - 5 = -3 */
  g_assert_true (side_of (table, DW_SIDE_PLAYER).critical);
  ok (table, "as opp pass");
  g_assert_cmpint (counter (table, "score"), ==, -6);
  g_assert_cmpint (counter (table, "aux-score"), ==, 1);
}

/* "at least twice as high" (2.4) for values at zero or below — the
 * table's choice: at least as far above as the other lies from zero. */
static void
test_critical_against_zero_and_negative_values (void)
{
  static const struct { gint64 mine, theirs; gboolean critical; } cases[] = {
    { 8, 4, TRUE }, { 7, 4, FALSE }, { 1, 0, TRUE }, { 0, -3, TRUE }, { -1, -3, FALSE },
    { -2, -3, FALSE }, { 3, -3, TRUE }, { 4, 4, FALSE },
  };
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 1, 16);
  declare (table, "karma");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      set_values (table, cases[i].mine, cases[i].theirs);
      if (side_of (table, DW_SIDE_PLAYER).critical != cases[i].critical)
        g_error ("%" G_GINT64_FORMAT " against %" G_GINT64_FORMAT " is %sa critical", cases[i].mine,
                 cases[i].theirs, cases[i].critical ? "not " : "");
      /* Only the winning side is ever critical. */
      g_assert_false (side_of (table, DW_SIDE_OPPONENT).critical);
    }
}

/* The strength of a critical is a parameter a connection changes
 * (games.md; #15 Bloodsport Bookmaker triples). */
static void
test_critical_multiplier_is_a_parameter (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  ok (table, "manual counter critical 3");
  declare (table, "danger");
  ok (table, "adjust me danger 9");
  ok (table, "as opp pass");
  g_assert_cmpint (counter (table, "score"), ==, 6);
}

/* "If the points are negative, the score will correspondingly decrease
 * and it may drop below zero" (3.3). */
static void
test_negative_points_lower_the_score (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);

  arrange (table, 4, 16);
  declare (table, "danger");            /* 5 against 3, no critical */
  ok (table, "adjust me points -4");    /* 2 - 4 = -2 */
  ok (table, "as opp pass");
  g_assert_cmpint (counter (table, "score"), ==, -2);
  g_assert_cmpint (counter (table, "aux-score"), ==, 1);
}

/* ------------------------------------------------------------ shootouts */

/* "A shootout commences once both dueling characters have the same
 * compared parameters and both players consecutively pass without
 * breaking the tie … The declaring player is the same … The compared
 * parameter is the same" (3.4.1, 3.4.3). */
static void
test_shootout_when_both_pass_on_a_tie (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_OPPONENT);
  g_autofree char *said = NULL;
  DwSide side;

  arrange (table, 1, 16);
  declare (table, "danger");            /* 3 against 3 */
  ok (table, "as opp pass");
  said = ok_says (table, "pass");
  assert_says (said, "both sides passed on a tie");

  g_assert_true (dw_coraabia_is_shootout (state_of (table)));
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  g_assert_cmpint (declarer (table), ==, DW_SIDE_OPPONENT);
  g_assert_cmpint (dw_coraabia_get_parameter (state_of (table)), ==, DW_CORAABIA_DANGER);
  g_assert_cmpstr (dw_table_get_phase (table), ==, "confrontation");
  g_assert_cmpstr (where (table, 1), ==, "dump");
  g_assert_cmpstr (where (table, 16), ==, "opp-dump");
  g_assert_cmpint (counter (table, "score"), ==, 0);
  g_assert_cmpint (counter (table, "opp-score"), ==, 0);
  g_assert_cmpint (counter (table, "aux-score") + counter (table, "opp-aux-score"), ==, 0);
  g_assert_cmpint (acting (table, &side), !=, DW_CORAABIA_DECLARE);
  dw_test_table_refused (table, "as opp declare karma", RULE_SHOOTOUT, "a shootout compares Danger again");
}

/* "Current points of characters from the last duel are added
 * (subtracted) to the points of the new characters"; "multiple shootouts
 * are possible" (3.4.2, 3.4.4). */
static void
test_shootout_carries_the_points (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  DwCoraabiaSide mine;
  DwCoraabiaSide theirs;
  gint64 printed;

  arrange (table, 1, 16);
  declare (table, "danger");
  ok (table, "adjust me points 4");
  ok (table, "adjust opp points -3");   /* 2 - 3 = -1 */
  ok (table, "pass");
  ok (table, "as opp pass");

  mine = side_of (table, DW_SIDE_PLAYER);
  theirs = side_of (table, DW_SIDE_OPPONENT);
  g_assert_cmpint (mine.carried, ==, 4);
  g_assert_cmpint (theirs.carried, ==, -1);
  g_assert_true (dw_card_get_int (dw_table_state_get_card (state_of (table), mine.character)->card, "points", &printed));
  g_assert_cmpint (mine.points, ==, printed + 4);
  g_assert_true (dw_card_get_int (dw_table_state_get_card (state_of (table), theirs.character)->card, "points", &printed));
  g_assert_cmpint (theirs.points, ==, printed - 1);

  /* A second shootout carries what the first one's characters had. */
  set_values (table, 6, 6);
  acting_side_passes (table);
  acting_side_passes (table);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 3);
  g_assert_cmpint (side_of (table, DW_SIDE_PLAYER).carried, ==, mine.points);
  g_assert_cmpint (side_of (table, DW_SIDE_OPPONENT).carried, ==, theirs.points);

  /* The shootout's winner scores its points, the carried ones with them. */
  mine = side_of (table, DW_SIDE_PLAYER);
  set_values (table, 6, 5);
  ok (table, "as opp pass");
  g_assert_cmpint (counter (table, "score"), ==, mine.points);
  g_assert_cmpint (counter (table, "aux-score"), ==, 1);
  g_assert_false (dw_coraabia_is_shootout (state_of (table)));
}

/* "until both players consecutively choose to pass" (2.7): an action
 * between the passes starts the count again. */
static void
test_passes_must_follow_each_other (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  DwSide side;

  arrange (table, 1, 16);
  ok (table, "manual move #23 to opp-hand");
  declare (table, "danger");
  ok (table, "pass");
  ok (table, "as opp trick #23");       /* still tied */
  ok (table, "pass");
  g_assert_false (dw_coraabia_is_shootout (state_of (table)));
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_TIE_TURN);
  g_assert_cmpint (side, ==, DW_SIDE_OPPONENT);
  ok (table, "as opp pass");
  g_assert_true (dw_coraabia_is_shootout (state_of (table)));
}

/* ------------------------------------------------------------ the end */

/* "The game ends once any player cannot send a character into the next
 * duel. The winner of the game is the player with higher score" (the
 * end of the game). */
static void
test_the_game_ends_without_a_character (void)
{
  g_autoptr(DwTable) table = table_of ("short-deck.xml", "duel-deck.xml", 3);
  g_autofree char *said = NULL;

  play_out (table, DW_SIDE_PLAYER);
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_NONE);
  declare (table, "danger");
  set_values (table, 5, 4);
  said = ok_says (table, "as opp pass");
  assert_says (said, "the game ends: you have no character left for the next duel; the score is 4 to 0: you win");
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_WON);
  dw_test_table_refused (table, "pass", "Winning", "the game is over");
  dw_test_table_refused (table, "adjust me danger 1", "Winning", "the game is over");
  ok (table, "manual note \"a card text after the end\"");
  ok (table, "undo");
  ok (table, "undo");
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_NONE);
}

/* "The winner of the game is the player with higher score at the end of
 * the game" (the end of the game): the lower score loses. */
static void
test_the_lower_score_loses (void)
{
  g_autoptr(DwTable) table = table_of ("short-deck.xml", "duel-deck.xml", 3);

  play_out (table, DW_SIDE_OPPONENT);
  play_out (table, DW_SIDE_PLAYER);
  g_assert_cmpint (counter (table, "score"), ==, 2);
  g_assert_cmpint (counter (table, "opp-score"), ==, 2);
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_DRAWN);
  ok (table, "undo");
  ok (table, "adjust me points -1");
  acting_side_passes (table);
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_LOST);
}

/* "If the score of both players at the end of the game is equal, the
 * game ends in a draw" (the end of the game). */
static void
test_equal_scores_draw (void)
{
  g_autoptr(DwTable) table = table_of ("short-deck.xml", "short-deck.xml", 3);

  play_out (table, DW_SIDE_PLAYER);
  ok (table, "manual counter opp-score 4");
  play_out (table, DW_SIDE_PLAYER);
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_DRAWN);
  assert_says (state_of (table)->result_reason, "the score is 4 to 4");
}

/* "Trigger abilities with modifier Win for the winner and abilities with
 * the modifier Loss for the loser" (3.2) come after the last duel too:
 * applied by hand, a score changed changes the verdict, and a character
 * put back into a deck ("Loss: … he shuffles back to the bottom of your
 * deck", cor-0049) means another duel after all. */
static void
test_card_texts_after_the_last_duel_count (void)
{
  g_autoptr(DwTable) table = table_of ("short-deck.xml", "duel-deck.xml", 3);
  g_autofree char *said = NULL;
  guint last;

  play_out (table, DW_SIDE_PLAYER);
  play_out (table, DW_SIDE_PLAYER);
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_WON);

  said = ok_says (table, "manual counter opp-score +5");
  assert_says (said, "the game ends: you have no character left for the next duel; the score is 4 to 5: you lose");
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_LOST);

  last = dw_table_zone_get_top (zone (table, "score"));
  g_assert_cmpuint (last, !=, 0);
  g_free (said);
  said = okf_says (table, "manual move #%u to deck bottom", last);
  assert_says (said, "both sides have a character for another duel again, so the game goes on");
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_NONE);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 3);
  g_assert_cmpuint (side_of (table, DW_SIDE_PLAYER).character, ==, last);
  g_assert_cmpstr (dw_table_get_phase (table), ==, "declaration");
}

/* "If the last duel of the game ends in a tie, there is no shootout and
 * the player who still has a character in the deck receives the points
 * of his/her characters and the game ends. This doesn't count as a duel
 * win" (the end of the game). */
static void
test_a_last_tie_scores_for_the_side_with_characters (void)
{
  g_autoptr(DwTable) table = table_of ("short-deck.xml", "duel-deck.xml", 3);
  g_autofree char *said = NULL;

  play_out (table, DW_SIDE_PLAYER);
  declare (table, "danger");
  set_values (table, 5, 5);
  ok (table, "adjust opp points 3");
  acting_side_passes (table);
  said = ok_says (table, dw_coraabia_get_declarer (state_of (table)) == DW_SIDE_PLAYER ? "as opp pass" : "pass");
  assert_says (said, "the last duel ends tied, with no shootout: the opponent still has a character in its deck "
                     "and takes its character's +3 points, not a duel win");
  g_assert_false (dw_coraabia_is_shootout (state_of (table)));
  g_assert_cmpint (counter (table, "opp-score"), ==, 3);
  g_assert_cmpint (counter (table, "opp-aux-score"), ==, 0);
  g_assert_cmpint (counter (table, "score"), ==, 2);
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_LOST);
}

/* "If no players have any characters in the deck, no one gets any points
 * and the game ends" (the end of the game). */
static void
test_a_last_tie_without_characters_scores_nothing (void)
{
  g_autoptr(DwTable) table = table_of ("short-deck.xml", "short-deck.xml", 3);
  g_autofree char *said = NULL;

  play_out (table, DW_SIDE_PLAYER);
  declare (table, "danger");
  set_values (table, 5, 5);
  acting_side_passes (table);
  said = ok_says (table, dw_coraabia_get_declarer (state_of (table)) == DW_SIDE_PLAYER ? "as opp pass" : "pass");
  assert_says (said, "the last duel ends tied and neither side has a character left: no one gets any points");
  g_assert_cmpint (counter (table, "score"), ==, 2);
  g_assert_cmpint (counter (table, "opp-score"), ==, 0);
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_WON);
}

/* ------------------------------------------------------------ by hand */

/* Card texts are applied by hand, "marked manual in the log" (issue 5;
 * DESIGN.md §6); "Vitality (shown as a percentage)" (games.md). */
static void
test_adjust_is_manual_and_vitality_a_percentage (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *said = NULL;
  g_autofree char *described = NULL;
  g_autofree char *saved = NULL;

  arrange (table, 1, 16);
  said = ok_says (table, "adjust opp vitality -25");
  assert_says (said, "#16 Night-Shift Dispatcher has vitality 30%, by hand");
  g_assert_true (dw_table_get_log_entry (table, dw_table_get_n_log (table) - 1)->manual);
  ok (table, "adjust me karma +2");
  ok (table, "adjust me points 0");
  g_assert_cmpint (side_of (table, DW_SIDE_PLAYER).parameters[DW_CORAABIA_KARMA], ==, 5);
  g_assert_cmpint (side_of (table, DW_SIDE_PLAYER).points, ==, 0);
  g_assert_cmpint (side_of (table, DW_SIDE_OPPONENT).parameters[DW_CORAABIA_VITALITY], ==, 30);

  declare (table, "danger");
  g_assert_false (dw_table_get_log_entry (table, dw_table_get_n_log (table) - 1)->manual);

  described = dw_table_describe (table);
  assert_says (described, "opponent: #16 Night-Shift Dispatcher (Guardian), danger 3, intellect 7, vitality 30%, "
                          "karma 3, points 2, adjusted by hand");
  saved = dw_table_to_string (table);
  assert_says (saved, "<action manual=\"true\">adjust opp vitality -25</action>");
  assert_says (saved, "<action>declare danger</action>");

  dw_test_table_refused (table, "as opp adjust me danger 1", NULL, "write it without “as opp”");
  ok (table, "manual move #16 to opp-dump");
  dw_test_table_refused (table, "adjust opp danger 1", NULL, "the opponent has no character in the duel to adjust");
}

/* A card's text that changes the compared parameter (cor-0064 Bribe the
 * Referee: "Choose a new compared parameter for this duel") is applied
 * by hand too. */
static void
test_adjust_the_compared_parameter (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  DwSide side;

  arrange (table, 4, 16);
  declare (table, "danger");            /* 5 against 3 */
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_REACT);
  g_assert_cmpint (side, ==, DW_SIDE_OPPONENT);
  ok (table, "adjust parameter intellect");   /* 1 against 7 */
  g_assert_true (dw_table_get_log_entry (table, dw_table_get_n_log (table) - 1)->manual);
  g_assert_cmpint (dw_coraabia_get_parameter (state_of (table)), ==, DW_CORAABIA_INTELLECT);
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_REACT);
  g_assert_cmpint (side, ==, DW_SIDE_PLAYER);
}

/* ------------------------------------------------------------ the goldfish */

/* The goldfish "passes whenever it is its turn unless the player takes
 * its side" (DESIGN.md §6): when you go on. */
static void
test_goldfish_passes_at_your_next_action (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *said = NULL;
  DwSide side;

  arrange (table, 4, 16);
  said = ok_says (table, "declare danger");   /* 5 against 3 */
  assert_says (said, "the opponent is losing, 5 against 3: it passes at your next action, unless you act "
                     "for it with “as opp …”");
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_REACT);
  g_assert_cmpint (side, ==, DW_SIDE_OPPONENT);

  g_free (said);
  said = ok_says (table, "next");
  g_assert_true (g_str_has_prefix (said, "the opponent passes; you win duel 1 with #4 Scrapyard Mech Hauler"));
  g_assert_cmpint (counter (table, "score"), ==, 2);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  ok (table, "declare intellect");
  g_assert_cmpint (dw_coraabia_get_parameter (state_of (table)), ==, DW_CORAABIA_INTELLECT);

  /* What the player does next is judged after the goldfish's move; when
   * that move ends the duel, a refusal is the duel's as it stands: what
   * follows lies in the decks (1.2, 1.3), never told before the player
   * goes on. */
  arrange (table, 1, 19);
  ok (table, "adjust parameter danger");      /* 3 against 5 */
  set_values (table, 6, 5);
  ok (table, "manual move #8 to hand");
  dw_test_table_refused (table, "trick #8", RULE_LOSING, "you are winning, 6 against 5: only the losing side acts");
}

/* The goldfish's own declaration, when the player does not make it for
 * it: the first parameter it wins, in the printed order (the table's
 * choice). */
static void
test_goldfish_declares_the_first_parameter_it_wins (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_OPPONENT);
  g_autofree char *said = NULL;
  g_autofree char *described = NULL;

  arrange (table, 4, 16);               /* Intellect 1 against 7 is the first it wins */
  g_assert_cmpint (dw_coraabia_goldfish_choice (state_of (table)), ==, DW_CORAABIA_INTELLECT);
  described = dw_table_describe (table);
  assert_says (described, "to act: the opponent declares: Intellect at your next action");
  arrange (table, 1, 19);               /* Danger 3 against 5 */
  g_assert_cmpint (dw_coraabia_goldfish_choice (state_of (table)), ==, DW_CORAABIA_DANGER);
  arrange (table, 4, 19);               /* it wins nothing: Danger */
  g_assert_cmpint (dw_coraabia_goldfish_choice (state_of (table)), ==, DW_CORAABIA_DANGER);

  arrange (table, 4, 16);
  said = ok_says (table, "pass");
  assert_says (said, "the opponent declares Intellect: 1 against 7");
  assert_says (said, "you pass; the opponent wins duel 1 with #16 Night-Shift Dispatcher (Intellect 7 against "
                     "your 1, and you passed): a critical");
}

/* "as opp ACTION" lets the player act for the goldfish, by the same
 * rules as their own (issue 5). */
static void
test_as_opp_acts_for_the_goldfish (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *said = NULL;

  arrange (table, 4, 16);
  ok (table, "manual move #27 to opp-hand");
  ok (table, "manual move #25 to opp-hand");
  ok (table, "manual move #21 to opp-hand");
  ok (table, "manual move #19 to opp-hand");
  ok (table, "manual move #22 to opp-dump");
  ok (table, "declare danger");         /* 5 against 3: the opponent is losing */

  dw_test_table_refused (table, "as opp trick #27", RULE_FACTION, "#27 is a faction trick of the Outlaw");
  said = ok_says (table, "as opp trick \"Curfew\"");
  assert_says (said, "the opponent plays #25 Curfew; apply it by hand: Guardian trick: play it only with a "
                     "Guardian in the duel. The opposing character gets Danger -3");
  g_assert_cmpint (counter (table, "opp-tricks-played"), ==, 1);
  dw_test_table_refused (table, "as opp champion #22", NULL, "#22 Alley Dung Cutpurse is in the Dump, not in the opponent's hand");
  ok (table, "as opp champion #21");     /* 5 against 4 */
  dw_test_table_refused (table, "as opp champion #19", RULE_LIMITS, "the opponent sent 1 champion in this duel");
  ok (table, "as opp ability");
  g_assert_true (side_of (table, DW_SIDE_OPPONENT).ability_used);
  g_assert_cmpstr (where (table, 16), ==, "opp-dump");
  ok (table, "as opp pass");
  g_assert_cmpint (counter (table, "score"), ==, 2);
}

/* "as opp" goes before any game's actions (issue 5), and only before
 * those: undo, state and the manual actions belong to no side; a table
 * whose opponent never acts (Arcmage) refuses it. */
static void
test_as_opp_is_for_the_games_actions (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *arcmage_path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(DwDeck) arcmage_deck = dw_test_load_deck_file (dw_test_shared_library (), arcmage_path);
  g_autoptr(DwTable) arcmage = dw_table_new (dw_test_shared_library (), arcmage_deck, NULL, 1, NULL);
  g_autoptr(DwAction) action = NULL;
  g_autoptr(GError) error = NULL;

  action = dw_table_parse (table, "as opp declare danger", &error);
  g_assert_no_error (error);
  g_assert_true (dw_action_is_for_opponent (action));
  g_assert_cmpstr (dw_action_get_verb (action), ==, "declare");
  g_assert_cmpstr (action->text, ==, "as opp declare danger");
  g_clear_pointer (&action, dw_action_free);

  action = dw_table_parse (table, "declare danger", &error);
  g_assert_false (dw_action_is_for_opponent (action));
  g_clear_pointer (&action, dw_action_free);

  g_assert_null (dw_table_parse (table, "as opp", &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
  g_clear_error (&error);
  g_assert_null (dw_table_parse (table, "as opp florb", &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
  g_clear_error (&error);

  ok (table, "declare danger");
  dw_test_table_refused (table, "as opp undo", NULL, "“as opp” goes before one of the game's actions; “undo” belongs to no side");
  dw_test_table_refused (table, "as opp state", NULL, "“state” belongs to no side");
  dw_test_table_refused (table, "as opp manual note \"x\"", NULL, "“manual” belongs to no side");

  g_assert_nonnull (arcmage);
  g_assert_false (dw_table_perform_text (arcmage, "as opp phase upkeep", NULL, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
  assert_says (error->message, "the opponent never acts at this table (Arcmage (Original Rules Concept))");
  g_assert_cmpuint (dw_table_get_n_log (arcmage), ==, 0);
}

/* ------------------------------------------------------------ the machinery */

static const char * const a_game[] = {
  "manual move #1 to duel",
  "manual move #16 to opp-duel",
  "manual move #8 to hand",
  "manual move #23 to opp-hand",
  "manual counter trick-limit 2",
  "declare danger",
  "trick #8",
  "as opp trick #23",
  "adjust me danger +1",
  "as opp ability",
  "as opp pass",
  "declare karma",
  "adjust me karma -9",
  "pass",
  NULL
};

static DwTable *
played (guint64 seed)
{
  DwTable *table = table_of ("duel-deck.xml", "duel-deck.xml", seed);

  for (guint i = 0; a_game[i]; i++)
    ok (table, a_game[i]);
  return table;
}

/* "Undo steps back through the log" (DESIGN.md §6), exactly. */
static void
test_undo_steps_back_exactly (void)
{
  guint64 seed = seed_declared_by ("duel-deck.xml", "duel-deck.xml", DW_SIDE_PLAYER);
  g_autoptr(DwTable) table = table_of ("duel-deck.xml", "duel-deck.xml", seed);
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_table_state_free);

  for (guint i = 0; a_game[i]; i++)
    {
      g_ptr_array_add (states, dw_table_state_copy (state_of (table)));
      ok (table, a_game[i]);
    }
  for (guint i = states->len; i > 0; i--)
    {
      ok (table, "undo");
      g_assert_true (dw_table_state_equal (g_ptr_array_index (states, i - 1), state_of (table)));
    }
  g_assert_false (dw_table_can_undo (table));
}

/* "a game on the table is its deck, seed and action log: it can be
 * saved, replayed and shared" (DESIGN.md §6). */
static void
test_replay_gives_the_same_game (void)
{
  guint64 seed = seed_declared_by ("duel-deck.xml", "duel-deck.xml", DW_SIDE_PLAYER);
  g_autoptr(DwTable) first = played (seed);
  g_autoptr(DwTable) second = played (seed);
  g_autofree char *text = dw_table_to_string (first);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwTable) reread = dw_table_load_data (dw_test_shared_library (), text, strlen (text), "saved.xml", &error);

  g_assert_no_error (error);
  g_assert_true (dw_table_state_equal (state_of (first), state_of (second)));
  g_assert_true (dw_table_state_equal (state_of (first), state_of (reread)));
  g_assert_cmpuint (dw_table_get_n_log (reread), ==, dw_table_get_n_log (first));
  for (guint i = 0; i < dw_table_get_n_log (first); i++)
    {
      g_assert_cmpstr (dw_table_get_log_entry (reread, i)->text, ==, dw_table_get_log_entry (first, i)->text);
      g_assert_cmpint (dw_table_get_log_entry (reread, i)->manual, ==, dw_table_get_log_entry (first, i)->manual);
    }
  assert_says (text, "rules=\"coraabia-wiki\"");
  assert_says (text, "<action>as opp trick #23</action>");
  assert_says (text, "<action manual=\"true\">adjust me danger +1</action>");
  g_assert_cmpint (counter (reread, "opp-score"), ==, counter (first, "opp-score"));
  g_assert_cmpuint (dw_table_get_turn (reread), ==, 3);
}

/* ------------------------------------------------------------ next */

/* "1.6 The declaring player chooses a parameter to be compared" and "It
 * is always the LOSING player who is playing" (Basic rules): "next"
 * goes on without acting, and the goldfish does what it owes — it
 * declares, and once losing, passes, which gives the duel to the player
 * (3.1) — while the player's own turn is never skipped. */
static void
test_next_lets_the_goldfish_act (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_OPPONENT);
  g_autofree char *declared = NULL;
  g_autofree char *won = NULL;
  DwSide side;

  arrange (table, 4, 16);               /* the goldfish wins Intellect, 7 against 1 */
  declared = ok_says (table, "next");
  assert_says (declared, "the opponent declares Intellect: 1 against 7");
  g_assert_cmpint (acting (table, &side), ==, DW_CORAABIA_REACT);
  g_assert_cmpint (side, ==, DW_SIDE_PLAYER);
  dw_test_table_refused (table, "next", RULE_LOSING, "you are losing, 1 against 7, and the losing side plays");

  set_values (table, 8, 7);             /* now the goldfish is losing */
  won = ok_says (table, "next");
  assert_says (won, "the opponent passes; you win duel 1 with #4 Scrapyard Mech Hauler (Intellect 8 against 7, "
                    "and the opponent passed)");
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  g_assert_cmpint (declarer (table), ==, DW_SIDE_PLAYER);
  dw_test_table_refused (table, "next", RULE_DECLARE, "you declare the compared parameter of this duel");
}

/* ------------------------------------------------------------ words */

/* Limits and scores are shown by labels for players ("by default,
 * players may play only one trick and one Champion per duel", 2.6), and
 * the actions a double-click or a drag stands for are the losing side's
 * (2.5.1–2.5.3): a trick in hand is played, a character in hand sent as
 * a champion, the dueling character uses its ability. */
static void
test_words_labels_and_gestures (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autoptr(GPtrArray) views = dw_table_list_counters (table);
  g_autoptr(GPtrArray) trick = NULL;
  g_autoptr(GPtrArray) champion = NULL;
  g_autoptr(GPtrArray) duelist = NULL;
  g_autofree char *to_duel = NULL;
  g_autofree char *to_dump = NULL;
  g_autofree char *on_duelist = NULL;
  g_autofree char *hidden = NULL;
  gboolean found = FALSE;

  for (guint i = 0; i < views->len; i++)
    {
      const DwTableCounterView *view = g_ptr_array_index (views, i);

      g_assert_cmpstr (view->label, !=, view->id);
      if (strcmp (view->id, "opp-champions-sent") == 0)
        {
          g_assert_cmpstr (view->label, ==, "Opponent's champions sent this duel");
          g_assert_cmpint (view->side, ==, DW_SIDE_OPPONENT);
          found = TRUE;
        }
    }
  g_assert_true (found);
  g_assert_cmpstr (dw_table_rules_counter_label (dw_table_get_rules (table), "aux-score"), ==, "Duels won");
  g_assert_cmpstr (dw_table_phase_label (table, 1), ==, "Confrontation");

  arrange (table, 4, 16);
  declare (table, "intellect");         /* 1 against 7: you are losing */
  ok (table, "manual move #8 to hand");
  ok (table, "manual move #6 to hand");
  trick = dw_table_card_actions (table, 8);
  champion = dw_table_card_actions (table, 6);
  duelist = dw_table_card_actions (table, 4);
  g_assert_cmpuint (trick->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (trick, 0), ==, "trick #8");
  g_assert_cmpstr (g_ptr_array_index (champion, 0), ==, "champion #6");
  g_assert_cmpstr (g_ptr_array_index (duelist, 0), ==, "ability");
  to_duel = dw_table_card_action_to_zone (table, 6, "duel");
  to_dump = dw_table_card_action_to_zone (table, 6, "dump");
  on_duelist = dw_table_card_action_on_card (table, 8, 4);
  g_assert_cmpstr (to_duel, ==, "champion #6");
  g_assert_null (to_dump);
  g_assert_cmpstr (on_duelist, ==, "trick #8");
  ok (table, on_duelist);

  /* The opponent's hand is the goldfish's, face down. */
  ok (table, "manual move #23 to opp-hand");
  hidden = dw_table_card_public_name (table, 23);
  g_assert_cmpstr (hidden, ==, "Face-down card");
}

/* ------------------------------------------------------------ hidden cards */

static void
assert_no_hidden_name (const DwTableState *a,
                       const DwTableState *b,
                       const char         *what,
                       const char         *text)
{
  const char *name = dw_test_hidden_name_in (a, b, text);

  if (name != NULL)
    g_error ("%s names %s, which the player cannot see: “%s”", what, name, text);
}

/* Every refusal of the actions a window offers now: Pass, Use the
 * Ability, Declare, and each hand card as a trick or a champion. */
static void
assert_refusals_hide_cards (DwTable *table)
{
  const DwTableState *state = state_of (table);
  const DwTableZone *hand = zone (table, "hand");
  g_autoptr(GPtrArray) tries = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (tries, g_strdup ("pass"));
  g_ptr_array_add (tries, g_strdup ("ability"));
  g_ptr_array_add (tries, g_strdup ("next"));
  for (guint p = 0; p < DW_CORAABIA_N_PARAMETERS; p++)
    g_ptr_array_add (tries, g_strdup_printf ("declare %s", dw_coraabia_parameter_id (p)));
  for (guint i = 0; i < dw_table_zone_get_n_cards (hand); i++)
    {
      g_ptr_array_add (tries, g_strdup_printf ("trick #%u", dw_table_zone_get_card (hand, i)));
      g_ptr_array_add (tries, g_strdup_printf ("champion #%u", dw_table_zone_get_card (hand, i)));
    }

  for (guint i = 0; i < tries->len; i++)
    {
      g_autoptr(DwAction) action = dw_table_parse (table, g_ptr_array_index (tries, i), NULL);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (action);
      if (!dw_table_check (table, action, &error))
        {
          g_autofree char *what = g_strdup_printf ("the refusal of “%s”", (char *) g_ptr_array_index (tries, i));
          g_autofree char *rendered = dw_table_render_text (table, error->message);

          assert_no_hidden_name (state, NULL, what, error->message);
          assert_no_hidden_name (state, NULL, what, rendered);
        }
    }
}

/* "The top card of the deck is revealed" (Structure of duels:
 * Declaration 1.2): until then a deck's cards are hidden, as the
 * opponent's hand is (a trick revealed there "is added to the player's
 * hand", 1.3, its owner's).  Over a whole game — 22 duels of Bone Choir
 * against the goldfish — no refusal of Pass, Use the Ability, Declare or
 * a hand card, and no log line, names a card the player cannot see. */
static void
test_hidden_cards_never_named (void)
{
  g_autofree char *relative = g_build_filename ("table", "coraabia", "bone-choir-seed-2.txt", NULL);
  g_autofree char *script_path = dw_test_fixture_path (relative);
  g_autofree char *deck_path = dw_test_data_path ("decks", "cor-bone-choir.xml", NULL);
  g_autoptr(DwDeck) deck = dw_test_load_deck_file (dw_test_shared_library (), deck_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwTable) table = dw_table_new (dw_test_shared_library (), deck, NULL, 2, &error);
  g_autofree char *script = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  gsize length;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (script_path, &script, &length, &error));
  actions = dw_table_parse_script (table, script, (gssize) length, script_path, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(DwTableState) before = NULL;
      const DwTableLogEntry *entry;
      g_autofree char *rendered = NULL;

      assert_refusals_hide_cards (table);
      before = dw_table_state_copy (state_of (table));
      if (!dw_table_perform (table, g_ptr_array_index (actions, i), NULL, &error))
        g_error ("%s", error->message);
      entry = dw_table_get_log_entry (table, dw_table_get_n_log (table) - 1);
      rendered = dw_table_render_log_entry (table, dw_table_get_n_log (table) - 1);
      assert_no_hidden_name (before, state_of (table), "the log", entry->effects);
      assert_no_hidden_name (before, state_of (table), "the log rendered", rendered);
    }
  g_assert_cmpint (dw_table_get_result (table), !=, DW_TABLE_RESULT_NONE);
}

/* The state says what a player needs (issue 5): the duel, who acts, the
 * decks by faction, the hands counted apart. */
static void
test_state_shows_both_sides (void)
{
  g_autoptr(DwTable) table = duel_table (DW_SIDE_PLAYER);
  g_autofree char *described = NULL;
  DwCoraabiaSide mine;

  arrange (table, 4, 16);
  declare (table, "intellect");
  mine = side_of (table, DW_SIDE_PLAYER);
  described = dw_table_describe (table);
  assert_says (described, "turn 1, phase confrontation\n");
  assert_says (described, "duel 1: Intellect compared, you declare\n");
  assert_says (described, "you: #4 Scrapyard Mech Hauler (Mercenary), danger 5, intellect 1, vitality 100%, "
                          "karma 0, points 2: losing; tricks 0/1, champions 0/1\n");
  assert_says (described, "opponent: #16 Night-Shift Dispatcher (Guardian), danger 3, intellect 7, vitality 55%, "
                          "karma 3, points 2: winning, critical; ability unused; tricks 0/1, champions 0/1\n");
  assert_says (described, "to act: you are losing, 1 against 7: trick, champion, ability or pass\n");
  assert_says (described, "connections: #14 Second Dealer, #15 Bloodsport Bookmaker\n");
  assert_says (described, "duel: #4 Scrapyard Mech Hauler (Mercenary D5 I1 V100% K0 P2)\n");
  {
    g_autofree char *deck_line = g_strdup_printf ("your deck: %u cards, %u characters", mine.deck_cards,
                                                  mine.deck_characters);
    g_autofree char *hand_line = g_strdup_printf ("; your hand: %u champion%s, %u trick%s\n",
                                                  mine.hand_champions, mine.hand_champions == 1 ? "" : "s",
                                                  mine.hand_tricks, mine.hand_tricks == 1 ? "" : "s");

    assert_says (described, deck_line);
    assert_says (described, hand_line);
  }
  assert_says (described, "counters: score 0, aux-score 0, trick-limit 1, champion-limit 1, critical 2");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/coraabia/setup/zones-for-both-sides", test_zones_for_both_sides);
  g_test_add_func ("/coraabia/setup/default-opponent-is-a-shipped-deck", test_default_opponent_is_a_shipped_deck);

  g_test_add_func ("/coraabia/declaration/who-declares-first-comes-from-the-seed",
                   test_who_declares_first_comes_from_the_seed);
  g_test_add_func ("/coraabia/declaration/reveal-until-a-character-declaring-side-first",
                   test_reveal_until_a_character_declaring_side_first);
  g_test_add_func ("/coraabia/declaration/the-winner-declares-next", test_the_winner_declares_next);
  g_test_add_func ("/coraabia/declaration/only-the-declaring-side-declares", test_only_the_declaring_side_declares);
  g_test_add_func ("/coraabia/declaration/once-before-anything-else", test_declare_once_before_anything_else);
  g_test_add_func ("/coraabia/declaration/only-in-the-declaration-step", test_declare_only_in_the_declaration_step);

  g_test_add_func ("/coraabia/duel/only-the-losing-side-acts", test_only_the_losing_side_acts);
  g_test_add_func ("/coraabia/duel/tie-declaring-side-then-defending-side", test_tie_declaring_side_then_defending_side);
  g_test_add_func ("/coraabia/duel/one-trick-a-duel", test_one_trick_a_duel);
  g_test_add_func ("/coraabia/duel/one-champion-a-duel", test_one_champion_a_duel);
  g_test_add_func ("/coraabia/duel/limits-replenish-each-duel", test_limits_replenish_each_duel);
  g_test_add_func ("/coraabia/duel/limits-are-parameters-a-connection-changes",
                   test_limits_are_parameters_a_connection_changes);
  g_test_add_func ("/coraabia/duel/faction-trick-needs-its-faction", test_faction_trick_needs_its_faction);
  g_test_add_func ("/coraabia/duel/trick-from-hand-to-the-dump", test_trick_from_hand_to_the_dump);
  g_test_add_func ("/coraabia/duel/champion-replaces-the-duelist", test_champion_replaces_the_duelist);
  g_test_add_func ("/coraabia/duel/ability-once-a-duel-per-character", test_ability_once_a_duel_per_character);
  g_test_add_func ("/coraabia/follows-the-card/ability-through-the-duel",
                   test_ability_follows_the_character_through_the_duel);
  g_test_add_func ("/coraabia/follows-the-card/trick-limit-is-the-players", test_trick_limit_is_the_players);
  g_test_add_func ("/coraabia/duel/ability-needs-an-activated-ability", test_ability_needs_an_activated_ability);

  g_test_add_func ("/coraabia/resolution/pass-gives-the-duel-to-the-other-side",
                   test_pass_gives_the_duel_to_the_other_side);
  g_test_add_func ("/coraabia/resolution/critical-doubles-the-points", test_critical_doubles_the_points);
  g_test_add_func ("/coraabia/resolution/critical-doubles-negative-points", test_critical_doubles_negative_points);
  g_test_add_func ("/coraabia/resolution/critical-against-zero-and-negative-values",
                   test_critical_against_zero_and_negative_values);
  g_test_add_func ("/coraabia/resolution/critical-multiplier-is-a-parameter", test_critical_multiplier_is_a_parameter);
  g_test_add_func ("/coraabia/resolution/negative-points-lower-the-score", test_negative_points_lower_the_score);

  g_test_add_func ("/coraabia/shootout/when-both-pass-on-a-tie", test_shootout_when_both_pass_on_a_tie);
  g_test_add_func ("/coraabia/shootout/carries-the-points", test_shootout_carries_the_points);
  g_test_add_func ("/coraabia/shootout/passes-must-follow-each-other", test_passes_must_follow_each_other);

  g_test_add_func ("/coraabia/end/the-game-ends-without-a-character", test_the_game_ends_without_a_character);
  g_test_add_func ("/coraabia/end/the-lower-score-loses", test_the_lower_score_loses);
  g_test_add_func ("/coraabia/end/equal-scores-draw", test_equal_scores_draw);
  g_test_add_func ("/coraabia/end/card-texts-after-the-last-duel-count", test_card_texts_after_the_last_duel_count);
  g_test_add_func ("/coraabia/end/a-last-tie-scores-for-the-side-with-characters",
                   test_a_last_tie_scores_for_the_side_with_characters);
  g_test_add_func ("/coraabia/end/a-last-tie-without-characters-scores-nothing",
                   test_a_last_tie_without_characters_scores_nothing);

  g_test_add_func ("/coraabia/manual/adjust-is-manual-and-vitality-a-percentage",
                   test_adjust_is_manual_and_vitality_a_percentage);
  g_test_add_func ("/coraabia/manual/adjust-the-compared-parameter", test_adjust_the_compared_parameter);

  g_test_add_func ("/coraabia/goldfish/passes-at-your-next-action", test_goldfish_passes_at_your_next_action);
  g_test_add_func ("/coraabia/goldfish/declares-the-first-parameter-it-wins",
                   test_goldfish_declares_the_first_parameter_it_wins);
  g_test_add_func ("/coraabia/goldfish/as-opp-acts-for-it", test_as_opp_acts_for_the_goldfish);
  g_test_add_func ("/coraabia/goldfish/as-opp-is-for-the-games-actions", test_as_opp_is_for_the_games_actions);

  g_test_add_func ("/coraabia/table/undo-steps-back-exactly", test_undo_steps_back_exactly);
  g_test_add_func ("/coraabia/table/replay-gives-the-same-game", test_replay_gives_the_same_game);
  g_test_add_func ("/coraabia/table/state-shows-both-sides", test_state_shows_both_sides);
  g_test_add_func ("/coraabia/next/lets-the-goldfish-act", test_next_lets_the_goldfish_act);
  g_test_add_func ("/coraabia/words/labels-and-gestures", test_words_labels_and_gestures);
  g_test_add_func ("/coraabia/hidden/cards-never-named", test_hidden_cards_never_named);

  return g_test_run ();
}
