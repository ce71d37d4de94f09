/* test-arcmage-table.c — the Arcmage table, one test per rule
 *
 * Each test is named after a rule of issue 4 and cites the section of
 * the Original Rules Concept (../shared/seeds/arcmage-original-rules-concept.txt)
 * it comes from.  A refused action is always checked to name its rule
 * and to change nothing at all.
 *
 * The tables are dealt from data/decks/orc-green-wall.xml, whose cards
 * are numbered in file order whatever the seed:
 *   #1-4 Thornwood Scout (2 gold, 2/1)    #5-7 Greycloak Pathfinder (1, 1/1)
 *   #8-13 Hedge Sprite (1, 1/1)           #14-16 Briarback Boar (2, 3/1)
 *   #17-19 Bramble Weaver (2, 1/2)        #20-23 Fernstep Archer (3, 2/2)
 *   #24-26 Mossbeard Druid (3, 1/3)       #27-29 Silverbark Dryad (3, 2/3)
 *   #30-32 Willowsong Shaman (4)          #33-35 Oakheart Warden (5, 2/6)
 *   #36 Grandmother Ashroot (7, 5/7)      #37-38 Mountain Hermit (2, 0/4, no faction)
 *   #39-42 Verdant Surge (Event, 1)       #43-44 Seedfall (Event, X)
 *   #45-47 Entwining Roots (Spell, 2)     #48-50 Everbloom Circle (Enchantment, 3)
 *   #51-52 Call of the Deepwood (Magic, Faith, 4)
 *   #53-55 Barkskin Mantle (Armor, 1)     #56-57 Hornwood Bow (Weapon, 2)
 *   #58-60 Roadside Shrine                #61 Sunlit Thicket (7 HP), #62 The Whispering Fen (9),
 *   #63 Mosshollow (11)                   #64-69 Briar Sapling tokens
 *   #70-72 the goldfish's regions III, II, I (10 HP each; #72 on top)
 * Tests arrange the table with manual actions, which the rules never
 * check, and then try the rule.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-table.h"
#include "dw-test-util.h"

/* Cards the tests put into the vault for gold, never played. */
static const guint vault_cards[] = { 33, 34, 35, 58, 59, 60, 30, 31, 32 };

static DwTable *
table_of (const char *deck_path,
          const char *opponent_path,
          guint64     seed)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck_file (dw_test_shared_library (), deck_path);
  g_autoptr(DwDeck) opponent = opponent_path ? dw_test_load_deck_file (dw_test_shared_library (), opponent_path) : NULL;
  g_autoptr(GError) error = NULL;
  DwTable *table = dw_table_new (dw_test_shared_library (), deck, opponent, seed, &error);

  g_assert_no_error (error);
  return table;
}

static DwTable *
green_wall (guint64 seed)
{
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);

  return table_of (path, NULL, seed);
}

static DwTable *
fixture_table (const char *name)
{
  g_autofree char *path = dw_test_fixture_path (name);

  return table_of (path, NULL, 1);
}

static void
ok (DwTable    *table,
    const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *effects = NULL;

  if (!dw_table_perform_text (table, text, &effects, &error))
    g_error ("“%s” was refused: %s", text, error->message);
  if (g_test_verbose ())
    g_test_message ("%s: %s", text, effects);
}


static const DwTableState *
state_of (DwTable *table)
{
  return dw_table_get_state (table);
}

static const DwTableZone *
zone (DwTable    *table,
      const char *id)
{
  const DwTableState *state = state_of (table);
  int index = dw_table_state_lookup_zone (state, id);

  g_assert_cmpint (index, >=, 0);
  return dw_table_state_get_zone (state, (guint) index);
}

static guint
count (DwTable    *table,
       const char *id)
{
  return dw_table_zone_get_n_cards (zone (table, id));
}

static guint
top (DwTable    *table,
     const char *id)
{
  return dw_table_zone_get_top (zone (table, id));
}

static const char *
where (DwTable *table,
       guint    number)
{
  const DwTableState *state = state_of (table);

  return dw_table_state_get_zone (state, dw_table_state_get_card (state, number)->zone)->id;
}

static const DwTableCard *
card (DwTable *table,
      guint    number)
{
  return dw_table_state_get_card (state_of (table), number);
}

static gint64
counter (DwTable    *table,
         const char *name)
{
  return dw_table_state_get_counter (state_of (table), name);
}

static void
put (DwTable    *table,
     guint       number,
     const char *zone_id)
{
  g_autofree char *text = g_strdup_printf ("manual move #%u to %s", number, zone_id);

  ok (table, text);
}

/* Puts @n unmarked cards into the vault. */
static void
give_gold (DwTable *table,
           guint    n)
{
  g_assert_cmpuint (n, <=, G_N_ELEMENTS (vault_cards));
  for (guint i = 0; i < n; i++)
    put (table, vault_cards[i], "vault");
}

static guint
unmarked_in (DwTable    *table,
             const char *id)
{
  const DwTableZone *z = zone (table, id);
  guint n = 0;

  for (guint i = 0; i < dw_table_zone_get_n_cards (z); i++)
    if (!card (table, dw_table_zone_get_card (z, i))->marked)
      n++;
  return n;
}

static const char * const phases[] = {
  "unmark", "upkeep", "tactical", "draw", "play", "move-attack", "play-2",
  "move-attack-2", "entrance", "discard", NULL
};

/* Steps through the phases to @phase, drawing a card on the way through
 * the draw phase as the rules ask. */
static void
go_to (DwTable    *table,
       const char *phase)
{
  while (strcmp (dw_table_get_phase (table), phase) != 0)
    {
      guint now = 0;
      g_autofree char *step = NULL;

      while (strcmp (phases[now], dw_table_get_phase (table)) != 0)
        now++;
      g_assert_nonnull (phases[now + 1]);
      if (now == 3)
        {
          g_autofree char *described = dw_table_describe (table);

          /* The state says "this turn: drew N" once a card is drawn. */
          if (strstr (described, "this turn: drew ") == NULL)
            ok (table, "draw");
        }
      step = g_strdup_printf ("phase %s", phases[now + 1]);
      ok (table, step);
    }
}

/* Plays out the rest of the turn: to the discard phase, down to 7, end. */
static void
next_turn (DwTable *table)
{
  go_to (table, "discard");
  while (count (table, "hand") > 7)
    {
      g_autofree char *discard = g_strdup_printf ("discard #%u", top (table, "hand"));

      ok (table, discard);
    }
  ok (table, "end");
}

static guint
hand_card (DwTable *table,
           guint    position)
{
  return dw_table_zone_get_card (zone (table, "hand"), position);
}

static char *
action (const char *format,
        ...) G_GNUC_PRINTF (1, 2);

static char *
action (const char *format,
        ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  return text;
}

/* ------------------------------------------------------------ setup */

/* "Looks at all 7 cards the player drew" (Round Structure: Mulligan). */
static void
test_setup_opening_hand_of_seven (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  g_assert_cmpuint (count (table, "hand"), ==, 7);
  g_assert_cmpuint (count (table, "deck"), ==, 53);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 1);
  g_assert_cmpstr (dw_table_get_phase (table), ==, "unmark");
  for (guint i = 0; i < 7; i++)
    g_assert_cmpuint (hand_card (table, i), <=, 60);
}

/* "The region pile, called Chapter, keeps your region cards face down,
 * with only one active region turned face up" and "The region deck must
 * have it's cards put in a specific order" (Table Layout: Region; Deck
 * Building): the deck's order, first on top, its HP counted. */
static void
test_setup_chapter_in_deck_order (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *label = dw_table_state_card_label (state_of (table), 62);

  g_assert_cmpuint (count (table, "regions"), ==, 3);
  g_assert_cmpuint (dw_table_zone_get_card (zone (table, "regions"), 0), ==, 63);
  g_assert_cmpuint (dw_table_zone_get_card (zone (table, "regions"), 1), ==, 62);
  g_assert_cmpuint (top (table, "regions"), ==, 61);
  g_assert_cmpint (counter (table, "hp"), ==, 7);
  /* Only the active region is face up. */
  g_assert_cmpstr (label, ==, "#62");
}

/* "The goldfish opponent is a region pile of its own (default three
 * regions of 10 HP)" (issue 4). */
static void
test_setup_goldfish_has_three_regions_of_ten (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  g_assert_cmpuint (count (table, "opp-regions"), ==, 3);
  g_assert_cmpuint (top (table, "opp-regions"), ==, 72);
  g_assert_cmpstr (dw_card_get_name (card (table, 72)->card), ==, "Goldfish region I");
  g_assert_cmpint (counter (table, "opp-hp"), ==, 10);
}

/* Choice: a deck given as the opponent lends the goldfish its chapter. */
static void
test_setup_opponent_deck_lends_its_regions (void)
{
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *opponent = dw_test_data_path ("decks", "orc-red-hand-warband.xml", NULL);
  g_autoptr(DwTable) table = table_of (deck, opponent, 1);
  guint active = top (table, "opp-regions");

  g_assert_cmpuint (count (table, "opp-regions"), ==, 3);
  g_assert_cmpuint (active, >, 69);
  g_assert_cmpstr (dw_card_get_name (card (table, active)->card), ==, "Scorched Steppe");
  g_assert_cmpint (counter (table, "opp-hp"), ==, 7);
}

static void
test_setup_same_seed_same_deal (void)
{
  g_autoptr(DwTable) a = green_wall (9);
  g_autoptr(DwTable) b = green_wall (9);
  g_autoptr(DwTable) c = green_wall (10);

  g_assert_true (dw_table_state_equal (state_of (a), state_of (b)));
  g_assert_false (dw_table_state_equal (state_of (a), state_of (c)));
}

/* ------------------------------------------------------------ mulligan */

/* "Selects two of the cards in the starting hand and puts them into the
 * grave. Keeps 0 to 5 of the cards in hand to start with. Shuffles the
 * rest into the deck. Draws new cards until the player gets 7 in hand
 * again." (Round Structure: Mulligan) */
static void
test_mulligan_two_to_grave_rest_shuffled_back (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  guint h[7];
  g_autofree char *text = NULL;

  for (guint i = 0; i < 7; i++)
    h[i] = hand_card (table, i);
  text = action ("mulligan #%u #%u keep #%u #%u", h[0], h[1], h[2], h[3]);
  ok (table, text);

  g_assert_cmpstr (where (table, h[0]), ==, "grave");
  g_assert_cmpstr (where (table, h[1]), ==, "grave");
  g_assert_cmpstr (where (table, h[2]), ==, "hand");
  g_assert_cmpstr (where (table, h[3]), ==, "hand");
  g_assert_cmpuint (count (table, "hand"), ==, 7);
  g_assert_cmpuint (count (table, "grave"), ==, 2);
  g_assert_cmpuint (count (table, "deck"), ==, 53 + 3 - 5);
}

static void
test_mulligan_first_turn_only (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *text = NULL;

  next_turn (table);
  text = action ("mulligan #%u #%u", hand_card (table, 0), hand_card (table, 1));
  dw_test_table_refused (table, text, "Round Structure: Mulligan", "first turn only");
}

/* "nor can it be performed after a player has accepted the cards that were
 * drawn and proceeded" (Round Structure: Mulligan): before the draw phase. */
static void
test_mulligan_before_the_draw_phase (void)
{
  g_autoptr(DwTable) early = green_wall (1);
  g_autoptr(DwTable) late = green_wall (1);
  g_autofree char *early_text = NULL;
  g_autofree char *late_text = NULL;

  go_to (early, "tactical");
  early_text = action ("mulligan #%u #%u", hand_card (early, 0), hand_card (early, 1));
  ok (early, early_text);

  go_to (late, "draw");
  late_text = action ("mulligan #%u #%u", hand_card (late, 0), hand_card (late, 1));
  dw_test_table_refused (late, late_text, "Round Structure: Mulligan", "before the draw phase");
}

/* "During each players first turn the player is allowed to do a Mulligan,
 * once." */
static void
test_mulligan_once (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *first = action ("mulligan #%u #%u", hand_card (table, 0), hand_card (table, 1));
  g_autofree char *second = NULL;

  ok (table, first);
  second = action ("mulligan #%u #%u", hand_card (table, 0), hand_card (table, 1));
  dw_test_table_refused (table, second, "Round Structure: Mulligan", "once");
}

/* "Keeps 0 to 5 of the cards in hand." */
static void
test_mulligan_keeps_at_most_five (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *text = NULL;

  ok (table, "manual draw 2");
  text = action ("mulligan #%u #%u keep #%u #%u #%u #%u #%u #%u", hand_card (table, 0),
                 hand_card (table, 1), hand_card (table, 2), hand_card (table, 3), hand_card (table, 4),
                 hand_card (table, 5), hand_card (table, 6), hand_card (table, 7));
  dw_test_table_refused (table, text, "Round Structure: Mulligan", "at most five");
}

/* "Selects two of the cards in the starting hand." */
static void
test_mulligan_cards_from_the_hand (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *text = action ("mulligan #%u #61", hand_card (table, 0));
  g_autofree char *twice = action ("mulligan #%u #%u", hand_card (table, 0), hand_card (table, 0));

  dw_test_table_refused (table, text, NULL, "#61 Sunlit Thicket is in the Region pile, not in your hand");
  dw_test_table_refused (table, twice, NULL, "named twice");
}

/* "Selects two of the cards": any other number is the rule's refusal,
 * said about cards, not a misspelt action. */
static void
test_mulligan_exactly_two (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *one = action ("mulligan #%u keep #%u", hand_card (table, 0), hand_card (table, 1));
  g_autofree char *three = action ("mulligan #%u #%u #%u", hand_card (table, 0), hand_card (table, 1),
                                   hand_card (table, 2));

  dw_test_table_refused (table, "mulligan", "Round Structure: Mulligan", "exactly two cards of the hand into the "
                         "grave, and 0 are chosen");
  dw_test_table_refused (table, one, "Round Structure: Mulligan", "and 1 is chosen");
  dw_test_table_refused (table, three, "Round Structure: Mulligan", "and 3 are chosen");
}

/* ------------------------------------------------------------ phases */

/* "The phases must occur in the given order" (Round Structure: Turn Structure). */
static void
test_phase_forward_only (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  go_to (table, "play");
  dw_test_table_refused (table, "phase draw", "Round Structure: Turn Structure", "only go forward");
  dw_test_table_refused (table, "phase play", "Round Structure: Turn Structure", "it is the play phase already");
}

/* "The phases that are mandatory are the Unmark/unassign, Upkeep,
 * Tactical, Draw and Discard-phases." */
static void
test_phase_mandatory_phases_not_skipped (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  dw_test_table_refused (table, "phase tactical", "Round Structure: Turn Structure", "the upkeep phase is mandatory");
  go_to (table, "tactical");
  dw_test_table_refused (table, "phase play", "Round Structure: Turn Structure", "the draw phase is mandatory");
}

/* "The Play, Move or Attack and Entrance phases are all optional phases
 * and can all be omitted." */
static void
test_phase_optional_phases_skipped (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  go_to (table, "draw");
  ok (table, "draw");
  ok (table, "phase entrance");
  ok (table, "phase discard");
  g_assert_cmpstr (dw_table_get_phase (table), ==, "discard");
}

/* "The player must draw up to 2 cards each turn if there are cards
 * available in the Deck" (Turn Phases: Draw). */
static void
test_phase_leaving_draw_needs_a_card_drawn (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  go_to (table, "draw");
  dw_test_table_refused (table, "phase play", "Turn Phases: Draw", "draw at least one card");
  ok (table, "draw");
  ok (table, "phase play");
}

/* "If a player can't draw a card during the draw phase due to his/her
 * Deck being depleted then the player loses the game." (Turn Phases: Draw) */
static void
test_phase_empty_deck_in_the_draw_phase_loses (void)
{
  g_autoptr(DwTable) table = fixture_table ("table/short-deck.xml");

  go_to (table, "draw");
  ok (table, "draw");
  ok (table, "draw");
  g_assert_cmpuint (count (table, "deck"), ==, 0);
  next_turn (table);
  go_to (table, "draw");
  ok (table, "phase play");
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_LOST);
}

/* "During the unmark and unassign phase a player must unmark all his/her
 * cards that are marked." (Turn Phases: Unmark/Unassign) */
static void
test_unmark_new_turn_unmarks_everything (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  give_gold (table, 2);
  put (table, 8, "front");
  put (table, 24, "politics");
  ok (table, "manual mark #8");
  ok (table, "manual mark #24");
  ok (table, "manual mark #33");
  ok (table, "manual mark #34");
  next_turn (table);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  g_assert_cmpstr (dw_table_get_phase (table), ==, "unmark");
  for (guint n = 1; n <= dw_table_state_get_n_cards (state_of (table)); n++)
    g_assert_false (card (table, n)->marked);
}

/* ------------------------------------------------------------ next */

#define RULE_TURN_STRUCTURE "Round Structure: Turn Structure"

static char *
last_effects (DwTable *table)
{
  return g_strdup (dw_table_get_log_entry (table, dw_table_get_n_log (table) - 1)->effects);
}

/* "Every new turn the player must unmark all of his/her marked cards
 * during the players own unmark/unassign-phase" (Card States: Marking &
 * Unmarking), and the upkeep and tactical phases are mandatory (Round
 * Structure: Turn Structure): with no upkeep to pay and nothing to
 * claim, one "next" from the unmark phase of turn 2 reaches the draw
 * phase, the cards unmarked, every phase passed said in the log. */
static void
test_next_from_unmark_reaches_the_draw_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *said = NULL;
  g_autofree char *usage = dw_verbs_usage (dw_table_get_verbs (table), "next");

  /* The verb is the table's, so help texts and --playtest know it. */
  g_assert_nonnull (usage);
  g_assert_nonnull (strstr (usage, "next"));

  give_gold (table, 2);
  put (table, 8, "front");
  ok (table, "manual mark #8");
  ok (table, "manual mark #33");
  next_turn (table);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  g_assert_cmpstr (dw_table_get_phase (table), ==, "unmark");

  ok (table, "next");
  g_assert_cmpstr (dw_table_get_phase (table), ==, "draw");
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  for (guint n = 1; n <= dw_table_state_get_n_cards (state_of (table)); n++)
    g_assert_false (card (table, n)->marked);
  said = last_effects (table);
  g_assert_nonnull (strstr (said, "unmark/unassign phase ends"));
  g_assert_nonnull (strstr (said, "the upkeep phase passes (Turn Phases: Upkeep)"));
  g_assert_nonnull (strstr (said, "the tactical phase passes (Turn Phases: Tactics, Advantage)"));
  g_assert_nonnull (strstr (said, "the draw phase begins"));
}

/* "If you want to do so you must claim it for it to take effect" (Turn
 * Phases: Tactics, Advantage): with an advantage to claim, "next" stops
 * in the tactical phase, and goes on from it when asked again. */
static void
test_next_stops_where_there_is_a_claim (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "politics");
  ok (table, "next");
  g_assert_cmpstr (dw_table_get_phase (table), ==, "tactical");
  ok (table, "claim advantage politics");
  ok (table, "next");
  g_assert_cmpstr (dw_table_get_phase (table), ==, "draw");
}

/* "The player must draw up to 2 cards each turn if there are cards
 * available in the Deck" (Turn Phases: Draw): "next" leaves the draw
 * phase only as "phase" does, for the same reason, and never draws for
 * the player. */
static void
test_next_leaving_draw_needs_a_card_drawn (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  go_to (table, "draw");
  dw_test_table_refused (table, "next", "Turn Phases: Draw", "draw at least one card");
  ok (table, "draw");
  ok (table, "next");
  g_assert_cmpstr (dw_table_get_phase (table), ==, "play");
}

/* "Sometimes cards require that an upkeep cost is paid … The player
 * always chooses if he/she wants to pay the upkeep or not" (Turn
 * Phases: Upkeep): with a card in play whose text asks for an upkeep,
 * "next" stops in the upkeep phase; the same text on a face-down vault
 * card asks for nothing.  The card's text is given by hand to a library
 * of the test's own, since the shipped cards print no upkeep. */
static void
test_next_stops_for_an_upkeep (void)
{
  g_autoptr(DwLibrary) own = dw_test_library ();
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwTable) table = NULL;
  g_autoptr(GError) error = NULL;
  DwCard *sprite = dw_library_lookup_card (own, "arcmage", "arc-0010", 0, "Hedge Sprite");

  g_assert_nonnull (sprite);
  dw_card_set_value (sprite, "text", "Upkeep 1 ~ Discard this card.");
  deck = dw_deck_load (path, &error);
  g_assert_no_error (error);
  dw_library_resolve_deck (own, deck);
  table = dw_table_new (own, deck, NULL, 1, &error);
  g_assert_no_error (error);

  ok (table, "manual move #8 to vault");
  ok (table, "next");
  g_assert_cmpstr (dw_table_get_phase (table), ==, "draw");
  next_turn (table);
  ok (table, "manual move #9 to front");
  ok (table, "next");
  g_assert_cmpstr (dw_table_get_phase (table), ==, "upkeep");
  ok (table, "pay 1");
  ok (table, "next");
  g_assert_cmpstr (dw_table_get_phase (table), ==, "draw");
}

/* "The phases must occur in the given order" (Round Structure: Turn
 * Structure): after the draw phase, "next" goes one phase at a time
 * through the optional ones, and from the discard phase ends the turn,
 * refused while the hand holds more than 7 ("A player may not discard
 * cards from hand in the discard phase if he/she has 7 or less cards in
 * hand", Turn Phases: Discard). */
static void
test_next_through_the_turn_and_into_the_next (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  static const char * const after_draw[] = {
    "play", "move-attack", "play-2", "move-attack-2", "entrance", "discard", NULL
  };

  go_to (table, "draw");
  ok (table, "draw");
  ok (table, "draw");
  for (guint i = 0; after_draw[i]; i++)
    {
      ok (table, "next");
      g_assert_cmpstr (dw_table_get_phase (table), ==, after_draw[i]);
    }
  dw_test_table_refused (table, "next", "Turn Phases: Discard", "discard down to 7");
  while (count (table, "hand") > 7)
    {
      g_autofree char *discard = action ("discard #%u", hand_card (table, 0));

      ok (table, discard);
    }
  ok (table, "next");
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  g_assert_cmpstr (dw_table_get_phase (table), ==, "unmark");
}

/* A table is a function of its decks, seed and actions: a turn written
 * with "next" leaves the table exactly as the same turn written phase
 * by phase (Round Structure: Turn Structure). */
static void
test_next_replays_as_phase_by_phase (void)
{
  static const char * const with_next[] = {
    "next", "draw", "draw", "next", "vault", "next", "next", "next", "next", "next", "discard", "next", NULL
  };
  static const char * const by_phase[] = {
    "phase upkeep", "phase tactical", "phase draw", "draw", "draw", "phase play", "vault",
    "phase move-attack", "phase play-2", "phase move-attack-2", "phase entrance", "phase discard", "discard", "end", NULL
  };
  g_autoptr(DwTable) a = green_wall (7);
  g_autoptr(DwTable) b = green_wall (7);
  guint vaulted = hand_card (a, 0);

  g_autofree char *vault = action ("vault #%u", vaulted);

  g_autofree char *discard = NULL;

  /* Two cards drawn and one vaulted leave 8 in hand: one is discarded. */
  for (guint i = 0; with_next[i]; i++)
    {
      if (strcmp (with_next[i], "discard") == 0)
        discard = action ("discard #%u", hand_card (a, 0));
      ok (a, strcmp (with_next[i], "vault") == 0 ? vault
             : strcmp (with_next[i], "discard") == 0 ? discard : with_next[i]);
    }
  for (guint i = 0; by_phase[i]; i++)
    ok (b, strcmp (by_phase[i], "vault") == 0 ? vault
           : strcmp (by_phase[i], "discard") == 0 ? discard : by_phase[i]);
  g_assert_cmpuint (dw_table_get_turn (a), ==, 2);
  g_assert_true (dw_table_state_equal (state_of (a), state_of (b)));
}

/* Keeping the opening hand is accepting it (Round Structure: Mulligan):
 * a logged action of its own, which ends the mulligan and moves no card;
 * once kept, neither keep nor mulligan is taken again. */
static void
test_mulligan_keep_ends_it (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autoptr(DwTableState) before = dw_table_state_copy (state_of (table));
  g_autofree char *said = NULL;
  g_autofree char *mulligan = NULL;
  g_autoptr(DwTable) late = green_wall (1);

  ok (table, "keep");
  g_assert_cmpuint (dw_table_get_n_log (table), ==, 1);
  said = last_effects (table);
  g_assert_nonnull (strstr (said, "you keep your opening hand"));
  g_assert_cmpuint (count (table, "hand"), ==, 7);
  g_assert_cmpuint (count (table, "grave"), ==, 0);
  mulligan = action ("mulligan #%u #%u", hand_card (table, 0), hand_card (table, 1));
  dw_test_table_refused (table, mulligan, "Round Structure: Mulligan", "once");
  dw_test_table_refused (table, "keep", "Round Structure: Mulligan", "once");
  ok (table, "undo");
  g_assert_true (dw_table_state_equal (before, state_of (table)));

  go_to (late, "draw");
  dw_test_table_refused (late, "keep", "Round Structure: Mulligan", "before the draw phase");
}

/* "The Mulligan can't be performed … after a player has accepted the
 * cards that were drawn and proceeded within the turn structure"
 * (Round Structure: Mulligan): "next" into the first draw phase keeps
 * the opening hand, and says so. */
static void
test_next_keeps_the_opening_hand (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *said = NULL;
  g_autofree char *mulligan = NULL;

  ok (table, "next");
  said = last_effects (table);
  g_assert_nonnull (strstr (said, "you keep your opening hand"));
  mulligan = action ("mulligan #%u #%u", hand_card (table, 0), hand_card (table, 1));
  dw_test_table_refused (table, mulligan, "Round Structure: Mulligan", "before the draw phase");
}

/* ------------------------------------------------------------ words */

static const DwTableCounterView *
counter_view (GPtrArray  *views,
              const char *id)
{
  for (guint i = 0; i < views->len; i++)
    {
      const DwTableCounterView *view = g_ptr_array_index (views, i);

      if (strcmp (view->id, id) == 0)
        return view;
    }
  g_error ("no counter “%s” is shown", id);
}

/* "A resource card produces 1 gold each turn, if and only if it becomes
 * marked for that purpose" (Gold & Resources: Resource Cards): the gold
 * a view shows is what paying counts — the pool and the unmarked vault
 * cards — and agrees with what a refusal says the player has. */
static void
test_words_gold_shown_as_paying_counts_it (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autoptr(GPtrArray) before = dw_table_list_counters (table);
  g_autoptr(GPtrArray) after = NULL;
  const DwTableCounterView *gold;

  gold = counter_view (before, "gold");
  g_assert_cmpstr (gold->label, ==, "Gold available");
  g_assert_cmpint (gold->value, ==, 0);

  give_gold (table, 3);
  ok (table, "manual mark #33");
  ok (table, "manual counter gold 2");
  after = dw_table_list_counters (table);
  gold = counter_view (after, "gold");
  g_assert_cmpint (gold->value, ==, 4);
  g_assert_cmpint (gold->raw, ==, 2);
  g_assert_true (gold->settable);
  g_assert_cmpstr (gold->detail, ==, "2 gold in the pool and 2 unmarked vault cards");

  put (table, 36, "hand");
  go_to (table, "entrance");
  dw_test_table_refused (table, "play #36 to front", "Gold & Resources: Paying a cost",
                         "costs 7 gold, and you have 4");
}

/* Every counter shown has a label for players, not an id, and the
 * domain points of the tactics phase ("the player sums up the gold cost
 * of all unmarked creatures in it", Turn Phases: Tactics) are shown as
 * the rules count them. */
static void
test_words_counters_labelled_for_players (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autoptr(GPtrArray) views = NULL;

  put (table, 24, "politics");
  put (table, 25, "politics");
  ok (table, "manual mark #25");
  views = dw_table_list_counters (table);
  g_assert_cmpstr (counter_view (views, "opp-hp")->label, ==, "Opponent's region HP");
  g_assert_cmpint (counter_view (views, "opp-hp")->side, ==, DW_SIDE_OPPONENT);
  g_assert_cmpstr (counter_view (views, "vp")->label, ==, "Victory points");
  g_assert_cmpstr (counter_view (views, "politics")->label, ==, "Politics points");
  g_assert_cmpint (counter_view (views, "politics")->value, ==, 3);
  g_assert_false (counter_view (views, "politics")->settable);
  for (guint i = 0; i < views->len; i++)
    {
      const DwTableCounterView *view = g_ptr_array_index (views, i);

      g_assert_cmpstr (view->label, !=, view->id);
    }
  g_assert_cmpstr (dw_table_rules_counter_label (dw_table_get_rules (table), "opp-faith"), ==,
                   "Opponent's Faith points");
  g_assert_cmpstr (dw_table_phase_label (table, 5), ==, "Move or Attack");
}

/* A card's name for a tooltip is never that of a card the player cannot
 * see: the deck, the vault ("placed face down inside the Vault", Gold &
 * Resources: Resource Cards) and the chapter below the active region
 * ("keeps your region cards face down", Table Layout: Region). */
static void
test_words_public_name_hides_face_down_cards (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  guint in_hand = hand_card (table, 0);
  guint in_deck = top (table, "deck");
  g_autofree char *hand_name = dw_table_card_public_name (table, in_hand);
  g_autofree char *deck_name = dw_table_card_public_name (table, in_deck);
  g_autofree char *vault_name = NULL;
  g_autofree char *chapter_name = dw_table_card_public_name (table, 62);
  g_autofree char *active_name = dw_table_card_public_name (table, 61);

  g_assert_cmpstr (hand_name, ==, dw_card_get_name (card (table, in_hand)->card));
  g_assert_cmpstr (deck_name, ==, "Face-down card");
  g_assert_false (dw_table_card_is_visible (table, in_deck));
  g_assert_cmpstr (chapter_name, ==, "Face-down card");
  g_assert_cmpstr (active_name, ==, "Sunlit Thicket");
  give_gold (table, 1);
  vault_name = dw_table_card_public_name (table, vault_cards[0]);
  g_assert_cmpstr (vault_name, ==, "Face-down card");
}

/* The log reads in card names: a mulligan ("Selects two of the cards in
 * the starting hand and puts them into the grave", Round Structure:
 * Mulligan) names the two cards and the cards drawn, and paying from
 * the vault counts the face-down cards it marks without naming them. */
static void
test_words_log_in_card_names (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  guint first = hand_card (table, 0);
  guint second = hand_card (table, 1);
  g_autofree char *text = action ("mulligan #%u #%u keep #%u", first, second, hand_card (table, 2));
  g_autofree char *mulligan = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *paid = NULL;
  const DwTableLogEntry *entry;

  ok (table, text);
  entry = dw_table_get_log_entry (table, 0);
  /* The saved log keeps the action as written, and the engine's #N labels. */
  g_assert_cmpstr (entry->text, ==, text);
  g_assert_nonnull (strchr (entry->effects, '#'));

  mulligan = dw_table_render_log_entry (table, 0);
  expected = g_strdup_printf ("%s and %s go to the grave; kept 1, shuffled 4 cards into the deck; drew ",
                              dw_card_get_name (card (table, first)->card),
                              dw_card_get_name (card (table, second)->card));
  g_assert_true (g_str_has_prefix (mulligan, expected));
  g_assert_null (strchr (mulligan, '#'));

  give_gold (table, 2);
  put (table, 8, "hand");
  go_to (table, "entrance");
  ok (table, "play #8 to front");
  paid = dw_table_render_log_entry (table, dw_table_get_n_log (table) - 1);
  g_assert_nonnull (strstr (paid, "Paid 1 gold from the vault (a face-down card marked)"));
  g_assert_null (strstr (paid, dw_card_get_name (card (table, vault_cards[0])->card)));
}

/* A reason or any text of the engine, rendered for the player, names
 * the cards the player sees and counts the others. */
static void
test_words_render_counts_face_down_cards (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  guint in_deck = top (table, "deck");
  g_autofree char *text = g_strdup_printf ("#%u, #62 and #%u %s; #61 Sunlit Thicket; #999; x#5", in_deck,
                                           hand_card (table, 0),
                                           dw_card_get_name (card (table, hand_card (table, 0))->card));
  g_autofree char *rendered = dw_table_render_text (table, text);
  g_autofree char *expected = g_strdup_printf ("2 face-down cards and %s; Sunlit Thicket; #999; x#5",
                                               dw_card_get_name (card (table, hand_card (table, 0))->card));

  g_assert_cmpstr (rendered, ==, expected);
}

/* Over four turns of Green Wall (tests/data/table/green-wall-seed-42.txt)
 * the log, rendered for the player, names cards without #N and never a
 * card the player cannot see: the deck ("a pile, shuffled and face
 * down", Table Layout: Deck), the vault's face-down resources (Gold &
 * Resources: Resource Cards), the chapter below the active region
 * (Table Layout: Region). */
static void
test_words_log_never_names_hidden_cards (void)
{
  g_autoptr(DwTable) table = green_wall (42);
  g_autofree char *path = dw_test_fixture_path ("table/green-wall-seed-42.txt");
  g_autofree char *script = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &script, &length, &error));
  actions = dw_table_parse_script (table, script, (gssize) length, path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(DwTableState) before = dw_table_state_copy (state_of (table));
      g_autofree char *rendered = NULL;
      const char *name;

      if (!dw_table_perform (table, g_ptr_array_index (actions, i), NULL, &error))
        g_error ("%s", error->message);
      rendered = dw_table_render_log_entry (table, dw_table_get_n_log (table) - 1);
      name = dw_test_hidden_name_in (before, state_of (table), rendered);
      if (name != NULL)
        g_error ("the log names %s, which the player cannot see: “%s”", name, rendered);
      for (const char *hash = strchr (rendered, '#'); hash; hash = strchr (hash + 1, '#'))
        g_assert_false (g_ascii_isdigit (hash[1]));
    }
  g_assert_cmpuint (dw_table_get_turn (table), ==, 4);
}

/* The first of a card's natural actions the table accepts, or NULL. */
static char *
natural_action (DwTable *table,
                guint    number)
{
  g_autoptr(GPtrArray) actions = dw_table_card_actions (table, number);

  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(DwAction) parsed = dw_table_parse (table, g_ptr_array_index (actions, i), NULL);

      g_assert_nonnull (parsed);
      if (dw_table_check (table, parsed, NULL))
        return g_strdup (g_ptr_array_index (actions, i));
    }
  return NULL;
}

/* A double-click does what the phase is for: "During the Entrance phase
 * the player may put new creatures into play" (Turn Phases: Entrance) —
 * a creature in hand goes to the front; in a play phase a hand card
 * goes into the vault (Gold & Resources: Resource Cards), an event is
 * played; in a move-attack phase a front creature attacks (Combat:
 * General); in the draw phase the deck's top card is drawn. */
static void
test_words_natural_action_follows_the_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *drawn = NULL;
  g_autofree char *vaulted = NULL;
  g_autofree char *event = NULL;
  g_autofree char *entered = NULL;
  g_autofree char *attacked = NULL;
  g_autofree char *expected = NULL;

  put (table, 8, "hand");
  put (table, 39, "hand");
  put (table, 14, "front");
  give_gold (table, 3);
  go_to (table, "draw");
  drawn = natural_action (table, top (table, "deck"));
  g_assert_cmpstr (drawn, ==, "draw");
  ok (table, "draw");
  ok (table, "next");
  vaulted = natural_action (table, 8);
  g_assert_cmpstr (vaulted, ==, "vault #8");
  event = natural_action (table, 39);
  g_assert_cmpstr (event, ==, "play #39");
  ok (table, "next");
  attacked = natural_action (table, 14);
  g_assert_cmpstr (attacked, ==, "attack #14");
  go_to (table, "entrance");
  entered = natural_action (table, 8);
  g_assert_cmpstr (entered, ==, "play #8 to front");
  ok (table, entered);
  g_assert_cmpstr (where (table, 8), ==, "front");
  /* Nothing a double-click could do with a card in the deck below the top. */
  expected = natural_action (table, dw_table_zone_get_card (zone (table, "deck"), 0));
  g_assert_null (expected);
}

/* Dragging a creature in the entrance phase: the zones that take it are
 * the front and the three domains ("in any one of the three domains …
 * or as a warrior in the Front", Turn Phases: Entrance); the vault is
 * refused for the phase ("only during the players own play phase",
 * Gold & Resources: Resource Cards), and zones no action reaches give
 * no action at all. */
static void
test_words_drop_targets_are_what_the_table_accepts (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autoptr(GString) accepted = g_string_new (NULL);
  const DwTableState *state;
  g_autofree char *no_zone = NULL;
  g_autofree char *on_card = NULL;

  put (table, 8, "hand");
  put (table, 39, "hand");
  put (table, 45, "hand");
  put (table, 14, "front");
  give_gold (table, 3);
  go_to (table, "entrance");
  state = state_of (table);
  for (guint z = 0; z < state->zones->len; z++)
    {
      const char *id = dw_table_state_get_zone (state, z)->id;
      g_autofree char *text = dw_table_card_action_to_zone (table, 8, id);
      g_autoptr(DwAction) parsed = NULL;
      g_autoptr(GError) error = NULL;

      if (text == NULL)
        continue;
      parsed = dw_table_parse (table, text, &error);
      g_assert_no_error (error);
      if (dw_table_check (table, parsed, &error))
        g_string_append_printf (accepted, "%s%s", accepted->len ? " " : "", id);
      else if (strcmp (id, "vault") == 0)
        g_assert_true (g_str_has_suffix (error->message, "(Gold & Resources: Resource Cards)"));
    }
  g_assert_cmpstr (accepted->str, ==, "front politics science faith");

  no_zone = dw_table_card_action_to_zone (table, 8, "deck");
  g_assert_null (no_zone);
  on_card = dw_table_card_action_on_card (table, 45, 14);
  g_assert_cmpstr (on_card, ==, "play #45 on #14");
}

/* ------------------------------------------------------------ tactics */

#define RULE_TACTICS "Turn Phases: Tactics"
#define RULE_ADVANTAGE "Turn Phases: Tactics, Advantage"
#define RULE_DOMINATION "Turn Phases: Tactics, Domination"
#define RULE_TOTAL "Turn Phases: Tactics, Total Domination"

/* Puts creatures worth 3 gold in politics, 3 in science and 2 in faith. */
static void
fill_domains (DwTable *table)
{
  put (table, 24, "politics");
  put (table, 20, "science");
  put (table, 1, "faith");
}

/* "Unclaimed advantages can not be claimed after the player has continued
 * into any other phase beyond the tactical." (Turn Phases: Tactics) */
static void
test_claim_in_the_tactical_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  fill_domains (table);
  dw_test_table_refused (table, "claim advantage politics", RULE_TACTICS, "in the tactical phase");
  go_to (table, "draw");
  dw_test_table_refused (table, "claim advantage politics", RULE_TACTICS, "in the tactical phase");
}

/* "When you have 2 or more domain points in a given domain compared to
 * what your opponent has in the same domain, you may win that domains
 * tactical advantage." */
static void
test_claim_advantage_needs_two_more_points (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  fill_domains (table);
  put (table, 5, "science");   /* a 1-gold creature on top of science: 4 points */
  ok (table, "manual counter opp-science 3");
  ok (table, "manual counter opp-faith 1");
  go_to (table, "tactical");
  ok (table, "claim advantage politics");
  dw_test_table_refused (table, "claim advantage science", RULE_ADVANTAGE, "science has 4 domain points against the opponent's 3");
  dw_test_table_refused (table, "claim advantage faith", RULE_ADVANTAGE, "faith has 2 domain points against the opponent's 1");
}

/* "the player sums up the gold cost of all unmarked creatures in it" */
static void
test_claim_domain_points_count_unmarked_creatures (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "politics");
  put (table, 5, "politics");
  ok (table, "manual mark #24");
  go_to (table, "tactical");
  dw_test_table_refused (table, "claim advantage politics", RULE_ADVANTAGE, "politics has 1 domain points");
  ok (table, "manual unmark #24");
  ok (table, "claim advantage politics");
}

static void
test_claim_advantage_once_per_domain (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  fill_domains (table);
  go_to (table, "tactical");
  ok (table, "claim advantage politics");
  dw_test_table_refused (table, "claim advantage politics", RULE_ADVANTAGE, "claimed already this turn");
  ok (table, "claim advantage science");
}

/* "If you have won at least 2 of the domains you may claim Domination …
 * Get 1 victory point" */
static void
test_claim_domination_needs_two_domains (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "politics");
  put (table, 5, "science");     /* 1 point against 0: no advantage */
  go_to (table, "tactical");
  dw_test_table_refused (table, "claim domination", RULE_DOMINATION, "needs the advantage in 2 domains; you have it in 1");
  put (table, 20, "science");
  ok (table, "claim domination");
  g_assert_cmpint (counter (table, "vp"), ==, 1);
  dw_test_table_refused (table, "claim domination", RULE_DOMINATION, "claimed already");
}

/* "you get to choose one of the following: Get 1 victory point, or Get
 * the Domination effect of your active region card." */
static void
test_claim_domination_effect_instead_of_points (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  fill_domains (table);
  go_to (table, "tactical");
  ok (table, "claim domination effect");
  g_assert_cmpint (counter (table, "vp"), ==, 0);
}

/* "It is not possible to claim Domination at the same time as Advantage
 * effect(s) are claimed: Domination effects happen instead of and replace
 * all Advantages." */
static void
test_claim_domination_replaces_advantages (void)
{
  g_autoptr(DwTable) first = green_wall (1);
  g_autoptr(DwTable) second = green_wall (1);

  fill_domains (first);
  go_to (first, "tactical");
  ok (first, "claim advantage politics");
  dw_test_table_refused (first, "claim domination", RULE_DOMINATION, "advantages were claimed this turn");
  dw_test_table_refused (first, "claim total-domination", RULE_TOTAL, "advantages were claimed this turn");

  fill_domains (second);
  go_to (second, "tactical");
  ok (second, "claim domination");
  dw_test_table_refused (second, "claim advantage faith", RULE_DOMINATION, "replaces all advantages");
}

/* "If you have won all 3 of the tactical advantages … you may claim
 * Total Domination … Get 3 victory points" */
static void
test_claim_total_domination_needs_three (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "politics");
  put (table, 20, "science");
  go_to (table, "tactical");
  dw_test_table_refused (table, "claim total-domination", RULE_TOTAL, "needs the advantage in 3 domains; you have it in 2");
  put (table, 1, "faith");
  ok (table, "claim total-domination");
  g_assert_cmpint (counter (table, "vp"), ==, 3);
  dw_test_table_refused (table, "claim domination", RULE_DOMINATION, "claimed already");
}

/* ------------------------------------------------------------ drawing */

#define RULE_DRAW "Turn Phases: Draw"
#define RULE_EXHAUSTING "Turn Phases: Draw, Exhausting"

static void
test_draw_in_the_draw_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  dw_test_table_refused (table, "draw", RULE_DRAW, "in the draw phase");
  go_to (table, "draw");
  ok (table, "draw");
  ok (table, "phase play");
  dw_test_table_refused (table, "draw", RULE_DRAW, "in the draw phase");
}

/* "The player decides him/herself if 1 or 2 cards are drawn." */
static void
test_draw_two_a_turn (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  guint deck = count (table, "deck");

  go_to (table, "draw");
  ok (table, "draw");
  ok (table, "draw");
  dw_test_table_refused (table, "draw", RULE_EXHAUSTING, "exhaust a card first to draw a third");
  g_assert_cmpuint (count (table, "hand"), ==, 9);
  g_assert_cmpuint (count (table, "deck"), ==, deck - 2);
}

/* "the player may decide to draw up to 1 additional card beyond the 2 …
 * To exhaust the player needs to discard either a) target ally top
 * servant or b) a card in hand into the grave." */
static void
test_draw_third_after_exhausting (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  guint sacrificed;
  g_autofree char *text = NULL;

  go_to (table, "draw");
  ok (table, "draw");
  ok (table, "draw");
  sacrificed = hand_card (table, 0);
  text = action ("exhaust #%u", sacrificed);
  ok (table, text);
  g_assert_cmpstr (where (table, sacrificed), ==, "grave");
  ok (table, "draw");
  dw_test_table_refused (table, "draw", RULE_EXHAUSTING, "three cards are the most");
}

static void
test_draw_from_an_empty_deck_loses (void)
{
  g_autoptr(DwTable) table = fixture_table ("table/short-deck.xml");

  go_to (table, "draw");
  ok (table, "draw");
  ok (table, "draw");
  next_turn (table);
  go_to (table, "draw");
  ok (table, "draw");
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_LOST);
  dw_test_table_refused (table, "phase play", "Winning", "the game is over");
}

static void
test_exhaust_a_hand_card_or_top_servant (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 26, "politics");
  put (table, 24, "politics");
  put (table, 25, "politics");
  go_to (table, "draw");
  dw_test_table_refused (table, "exhaust #24", "Card Types: Servants", "not the top servant");
  dw_test_table_refused (table, "exhaust #61", NULL, "not in your hand or among your top servants");
  ok (table, "exhaust \"Mossbeard Druid\"");
  g_assert_cmpstr (where (table, 25), ==, "grave");
  g_assert_cmpuint (top (table, "politics"), ==, 24);
}

static void
test_exhaust_once_a_turn (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  go_to (table, "draw");
  first = action ("exhaust #%u", hand_card (table, 0));
  ok (table, first);
  second = action ("exhaust #%u", hand_card (table, 0));
  dw_test_table_refused (table, second, RULE_EXHAUSTING, "once a turn");
}

static void
test_exhaust_in_the_draw_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *text = action ("exhaust #%u", hand_card (table, 0));

  dw_test_table_refused (table, text, RULE_EXHAUSTING, "in the draw phase");
}

/* "A player that has performed an exhaustion may not put any resources
 * into the vault during that turn or perform a movement." */
static void
test_exhaust_then_no_vault (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *exhaust = NULL;
  g_autofree char *vault = NULL;

  go_to (table, "draw");
  exhaust = action ("exhaust #%u", hand_card (table, 0));
  ok (table, exhaust);
  go_to (table, "play");
  vault = action ("vault #%u", hand_card (table, 0));
  dw_test_table_refused (table, vault, RULE_EXHAUSTING, "no card goes into the vault");
}

static void
test_exhaust_then_no_movement (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *exhaust = NULL;

  put (table, 8, "front");
  go_to (table, "draw");
  exhaust = action ("exhaust #%u", hand_card (table, 0));
  ok (table, exhaust);
  go_to (table, "move-attack");
  dw_test_table_refused (table, "move #8 to politics", RULE_EXHAUSTING, "no creature moves");
}

/* ------------------------------------------------------------ the vault */

#define RULE_RESOURCES "Gold & Resources: Resource Cards"

/* "A player may only lay down one resource card into the Vault per turn,
 * and only during the players own play phase." (Gold & Resources:
 * Resource Cards) */
static void
test_vault_once_a_turn (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  go_to (table, "play");
  first = action ("vault #%u", hand_card (table, 0));
  ok (table, first);
  second = action ("vault #%u", hand_card (table, 0));
  dw_test_table_refused (table, second, RULE_RESOURCES, "one card a turn goes into the vault");
  go_to (table, "play-2");
  dw_test_table_refused (table, second, RULE_RESOURCES, "one card a turn goes into the vault");
}

static void
test_vault_in_a_play_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *text = action ("vault #%u", hand_card (table, 0));

  go_to (table, "tactical");
  dw_test_table_refused (table, text, RULE_RESOURCES, "in a play phase");
  go_to (table, "move-attack");
  dw_test_table_refused (table, text, RULE_RESOURCES, "in a play phase");
  go_to (table, "play-2");
  ok (table, text);
}

/* "Cards that are placed in the Vault become gold resource cards" — face
 * down, and "Cards always come into play in their unmarked state". */
static void
test_vault_card_is_a_face_down_unmarked_resource (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  guint number = hand_card (table, 0);
  g_autofree char *text = action ("vault #%u", number);
  g_autofree char *label = NULL;
  g_autofree char *expected = g_strdup_printf ("#%u", number);

  go_to (table, "play");
  ok (table, text);
  g_assert_cmpstr (where (table, number), ==, "vault");
  g_assert_false (card (table, number)->marked);
  label = dw_table_state_card_label (state_of (table), number);
  g_assert_cmpstr (label, ==, expected);
}

static void
test_vault_again_next_turn (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  go_to (table, "play");
  first = action ("vault #%u", hand_card (table, 0));
  ok (table, first);
  next_turn (table);
  go_to (table, "play");
  second = action ("vault #%u", hand_card (table, 0));
  ok (table, second);
  g_assert_cmpuint (count (table, "vault"), ==, 2);
}

/* ------------------------------------------------------------ playing cards */

#define RULE_PAYING "Gold & Resources: Paying a cost"

/* "During the Entrance phase a player may put new creatures into play by
 * paying their gold cost" (Card Types: Creatures; Turn Phases: Entrance). */
static void
test_play_creature_in_the_entrance_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "hand");
  give_gold (table, 1);
  go_to (table, "play");
  dw_test_table_refused (table, "play #8", "Turn Phases: Entrance", "in the entrance phase");
  go_to (table, "entrance");
  ok (table, "play #8");
  g_assert_cmpstr (where (table, 8), ==, "front");
  g_assert_false (card (table, 8)->marked);
}

/* "The player then marks the corresponding amount of unmarked resource
 * cards in the vault to produce that much gold." */
static void
test_play_pays_by_marking_vault_cards (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "hand");
  give_gold (table, 4);
  go_to (table, "entrance");
  ok (table, "play \"Mossbeard Druid\" to front");
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 1);
  g_assert_true (card (table, 33)->marked);
  g_assert_true (card (table, 34)->marked);
  g_assert_true (card (table, 35)->marked);
  g_assert_false (card (table, 58)->marked);
}

/* "A creature can be played directly from hand into the Kingdom and a
 * target domain. If so, that creature is placed above all other in the
 * domain and becomes top servant." (Card Types: Kingdom & Domains) */
static void
test_play_creature_onto_a_domain_as_top_servant (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "faith");
  put (table, 1, "hand");
  give_gold (table, 2);
  go_to (table, "entrance");
  ok (table, "play #1 to faith");
  g_assert_cmpuint (top (table, "faith"), ==, 1);
  g_assert_cmpuint (count (table, "faith"), ==, 2);
}

static void
test_play_needs_enough_gold (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 36, "hand");
  give_gold (table, 6);
  go_to (table, "entrance");
  dw_test_table_refused (table, "play #36", RULE_PAYING, "costs 7 gold, and you have 6: 0 in the pool and 6 unmarked vault cards");
  ok (table, "manual mark #33");
  dw_test_table_refused (table, "play #36", RULE_PAYING, "you have 5");
}

/* Choice: gold in the pool (from a card's text) is spent before vault
 * cards are marked (Gold & Resources: Paying a cost). */
static void
test_play_spends_the_pool_first (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "hand");
  give_gold (table, 3);
  ok (table, "manual counter gold 2");
  go_to (table, "entrance");
  ok (table, "play #24");
  g_assert_cmpint (counter (table, "gold"), ==, 0);
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 2);
}

/* "You may play an Event card at any time"; "After an event has been
 * used … it is always discarded" (Card Types: Events). */
static void
test_play_event_any_time_then_the_grave (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 39, "hand");
  put (table, 40, "hand");
  give_gold (table, 2);
  ok (table, "play #39 on #72");
  g_assert_cmpstr (where (table, 39), ==, "grave");
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 1);
  go_to (table, "move-attack");
  ok (table, "play \"Verdant Surge\"");
  g_assert_cmpuint (top (table, "grave"), ==, 40);
  dw_test_table_refused (table, "play #41 to front", NULL, "a card you cannot see; name one in your hand");
}

/* "Magic doesn't cost gold resources to come into play …: To play a Magic
 * card it's corresponding domain must contain creatures that have a total
 * gold value that is equal to or larger than the cost requirement."
 * (Card Types: Magic) */
static void
test_play_magic_free_from_domain_gold (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 51, "hand");
  put (table, 24, "faith");
  give_gold (table, 4);
  go_to (table, "play");
  dw_test_table_refused (table, "play \"Call of the Deepwood\"", "Card Types: Magic",
                         "needs creatures worth 4 gold in faith, which holds 3");
  put (table, 1, "faith");
  ok (table, "manual mark #24");
  ok (table, "play \"Call of the Deepwood\"");
  g_assert_cmpstr (where (table, 51), ==, "grave");
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 4);
}

/* "Magic can only be played during the player's own turn and his/her play
 * phase." */
static void
test_play_magic_in_a_play_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 51, "hand");
  put (table, 36, "faith");
  dw_test_table_refused (table, "play #51", "Card Types: Magic", "in a play phase");
  go_to (table, "entrance");
  dw_test_table_refused (table, "play #51", "Card Types: Magic", "in a play phase");
}

/* "Spells are always targeting a creature, a kingdom, a domain, the front,
 * an equipment or a region; attached to it's target" (Card Types: Spells). */
static void
test_play_spell_attached_to_its_target (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 45, "hand");
  put (table, 8, "front");
  put (table, 24, "politics");
  put (table, 25, "politics");
  give_gold (table, 6);
  go_to (table, "entrance");
  dw_test_table_refused (table, "play #45 on #8", "Card Types: Spells", "in a play phase");
  next_turn (table);
  put (table, 45, "hand");
  put (table, 46, "hand");
  put (table, 47, "hand");
  go_to (table, "play");
  dw_test_table_refused (table, "play #45", "Card Types: Spells", "attached to one target");
  dw_test_table_refused (table, "play #45 on #8 to front", "Card Types: Spells", "attached to one target");
  dw_test_table_refused (table, "play #45 on #24", "Card Types: Servants", "not on top of its pile");
  ok (table, "play #45 on #8");
  g_assert_cmpuint (card (table, 45)->host, ==, 8);
  g_assert_cmpstr (where (table, 45), ==, "front");
  ok (table, "play #46 to politics");
  g_assert_cmpstr (dw_table_state_get_zone (state_of (table), (guint) card (table, 46)->area)->id, ==, "politics");
  ok (table, "play #47 on #72");
  g_assert_cmpuint (card (table, 47)->host, ==, 72);
}

/* "Equipment may only come into play by being given, attached, to an ally
 * creature"; "Equipment is not allowed to enter the domains" (Card
 * Types: Equipment, Where equipment goes). */
static void
test_play_equipment_on_a_front_creature (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 56, "hand");
  put (table, 8, "front");
  put (table, 24, "politics");
  give_gold (table, 2);
  go_to (table, "play");
  dw_test_table_refused (table, "play #56", "Card Types: Equipment", "attached to a creature");
  dw_test_table_refused (table, "play #56 on #24", NULL, "not in your front");
  ok (table, "play #56 on #8");
  g_assert_cmpuint (card (table, 56)->host, ==, 8);
}

/* "A creature may carry one Equipment card from each Equipment subtype at
 * the same time." */
static void
test_play_one_equipment_of_each_subtype (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 56, "hand");
  put (table, 57, "hand");
  put (table, 53, "hand");
  put (table, 8, "front");
  give_gold (table, 6);
  go_to (table, "play");
  ok (table, "play #56 on #8");
  dw_test_table_refused (table, "play #57 on #8", "Card Types: Equipment", "carries #56 Hornwood Bow already, and a creature carries one Weapon");
  ok (table, "play #53 on #8");
}

/* Choice: Enchantments, which the text does not describe, enter the front
 * in a play phase, paying gold ("All other card types enter play in the
 * Front", Card States: Entering & In Play). */
static void
test_play_enchantment_into_the_front (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 48, "hand");
  give_gold (table, 3);
  go_to (table, "entrance");
  dw_test_table_refused (table, "play #48", "Turn Phases: Play", "in a play phase");
  next_turn (table);
  put (table, 48, "hand");
  go_to (table, "play");
  dw_test_table_refused (table, "play #48 to politics", "Card States: Entering & In Play", "a card of type Enchantment enters play in the front");
  ok (table, "play #48");
  g_assert_cmpstr (where (table, 48), ==, "front");
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 0);
}

/* "a card can have a cost of X … X is always defined in the card text"
 * (Gold & Resources: Variable Gold Costs). */
static void
test_play_cost_x_takes_a_value (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 43, "hand");
  put (table, 39, "hand");
  give_gold (table, 3);
  dw_test_table_refused (table, "play #43", "Gold & Resources: Variable Gold Costs", "give its value, as in play “Seedfall” x 3");
  dw_test_table_refused (table, "play #39 x 2", "Gold & Resources: Variable Gold Costs", "only a cost of X or T takes a value");
  dw_test_table_refused (table, "play #43 x 2 t 2", "Gold & Resources: Variable Gold Costs", "give the value of the cost once");
  ok (table, "play #43 x 2");
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 1);
}

/* "T is always equal the target cards gold cost … A card costs T - 3. The
 * target cards gold cost is 5 … pay 5 - 3 = 2" (Variable Gold Costs). */
static void
test_play_cost_t_from_the_target (void)
{
  g_autoptr(DwTable) table = fixture_table ("table/mixed-factions.xml");

  /* #11 Unquiet Earth (T-1); #9 Mountain Hermit (2) in the grave; #16
   * onward are vault gold. */
  put (table, 11, "hand");
  put (table, 12, "hand");
  put (table, 9, "grave");
  put (table, 16, "vault");
  put (table, 17, "vault");
  dw_test_table_refused (table, "play #11", "Gold & Resources: Variable Gold Costs", "costs T-1: give its value");
  ok (table, "play #11 on #9");
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 1);
  ok (table, "play #12 t 2");
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 0);
}

/* "Region cards enter play by being revealed from the top of the region
 * pile" (Card States: Entering & In Play; Table Layout: Region). */
static void
test_play_region_only_from_the_region_pile (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 62, "hand");
  go_to (table, "entrance");
  dw_test_table_refused (table, "play #62", "Table Layout: Region", "only from the region pile");
}

/* Choice: City cards are not cards of the Original Rules Concept (Card
 * Types lists none). */
static void
test_play_city_not_in_the_original_rules (void)
{
  g_autoptr(DwTable) table = fixture_table ("table/mixed-factions.xml");

  put (table, 15, "hand");
  go_to (table, "play");
  dw_test_table_refused (table, "play \"Lindenhall\"", "Card Types", "put it into the vault instead");
  ok (table, "vault \"Lindenhall\"");
}

/* "with only one faction being allowed in a domain at a time" (Deck
 * Building: Faction combinations); faction-less cards sit anywhere. */
static void
test_play_one_faction_per_domain (void)
{
  g_autoptr(DwTable) table = fixture_table ("table/mixed-factions.xml");

  put (table, 1, "politics");       /* Hedge Sprite, Gaian */
  put (table, 5, "hand");           /* Cinder Goblin, Red Banner */
  put (table, 9, "hand");           /* Mountain Hermit, no faction */
  for (guint n = 16; n < 22; n++)
    put (table, n, "vault");
  go_to (table, "entrance");
  dw_test_table_refused (table, "play #5 to politics", "Deck Building: Faction combinations",
                         "#5 Cinder Goblin serves Red Banner, but politics holds #1 Hedge Sprite of Gaian");
  ok (table, "play #9 to politics");
  ok (table, "play #5 to science");
}

/* "The player then marks the corresponding amount of unmarked resource
 * cards": an upkeep or an ability's gold is paid the same way. */
static void
test_pay_marks_vault_cards (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  give_gold (table, 3);
  go_to (table, "upkeep");
  ok (table, "pay 2");
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 1);
  dw_test_table_refused (table, "pay 2", RULE_PAYING, "you have 1");
  dw_test_table_refused (table, "pay 0", RULE_PAYING, "pay at least 1 gold");
}

/* ------------------------------------------------------------ movement */

#define RULE_MOVEMENT "Card Types: Movement"
#define RULE_MOVE_ATTACK "Turn Phases: Move / Attack"

/* "Up to one creature per turn may perform a movement … during the
 * movement phase" (Card Types: Movement). */
static void
test_move_in_a_move_attack_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "front");
  go_to (table, "play");
  dw_test_table_refused (table, "move #8 to politics", RULE_MOVEMENT, "in a move-attack phase");
  go_to (table, "move-attack");
  ok (table, "move #8 to politics");
}

static void
test_move_one_creature_a_turn (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "front");
  put (table, 9, "front");
  go_to (table, "move-attack");
  ok (table, "move #8 to politics");
  dw_test_table_refused (table, "move #9 to science", RULE_MOVEMENT, "one creature moves a turn, and #8 moved");
  go_to (table, "move-attack-2");
  dw_test_table_refused (table, "move #9 to science", RULE_MOVEMENT, "one creature moves a turn");
}

/* "The movement takes the creature from Kingdom to Front, or from Front to
 * Kingdom. Moves between two domains are not possible." */
static void
test_move_between_kingdom_and_front_only (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "politics");
  put (table, 8, "front");
  go_to (table, "move-attack");
  dw_test_table_refused (table, "move #24 to science", RULE_MOVEMENT, "between two domains are not possible");
  dw_test_table_refused (table, "move #8 to front", RULE_MOVEMENT, "in front already");
  ok (table, "move #24 to front");
  g_assert_cmpstr (where (table, 24), ==, "front");
}

/* "The creature is unmarked/unassigned." */
static void
test_move_unmarked_only (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "front");
  ok (table, "manual mark #8");
  go_to (table, "move-attack");
  dw_test_table_refused (table, "move #8 to faith", RULE_MOVEMENT, "only an unmarked creature moves");
}

/* "The creature is the top servant of it's domain pile." */
static void
test_move_top_servant_only (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "politics");
  put (table, 25, "politics");
  go_to (table, "move-attack");
  dw_test_table_refused (table, "move #24 to front", "Card Types: Servants", "not the top servant");
  ok (table, "move \"Mossbeard Druid\" to front");
  g_assert_cmpstr (where (table, 25), ==, "front");
}

/* "To move a creature …: Mark it, Announce the move, Place it in the
 * target destination."  A creature entering a domain goes on top. */
static void
test_move_marks_the_creature (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "faith");
  put (table, 8, "front");
  go_to (table, "move-attack");
  ok (table, "move #8 to faith");
  g_assert_cmpuint (top (table, "faith"), ==, 8);
  g_assert_true (card (table, 8)->marked);
}

/* "The move/attack phase allows the player to either move with one
 * creature or attack with any number of the creatures. It does not allow
 * the player to do both" (Turn Phases: Move / Attack). */
static void
test_move_or_attack_in_a_phase (void)
{
  g_autoptr(DwTable) attack_first = green_wall (1);
  g_autoptr(DwTable) move_first = green_wall (1);

  put (attack_first, 8, "front");
  put (attack_first, 9, "front");
  go_to (attack_first, "move-attack");
  ok (attack_first, "attack #8");
  dw_test_table_refused (attack_first, "move #9 to politics", RULE_MOVE_ATTACK, "held the turn's attack");
  go_to (attack_first, "move-attack-2");
  ok (attack_first, "move #9 to politics");

  put (move_first, 8, "front");
  put (move_first, 9, "front");
  go_to (move_first, "move-attack");
  ok (move_first, "move #8 to politics");
  dw_test_table_refused (move_first, "attack #9", RULE_MOVE_ATTACK, "held the turn's movement");
  go_to (move_first, "move-attack-2");
  ok (move_first, "attack #9");
}

/* "Token creatures: Can't ever be placed or moved into a domain" (Card
 * Types: Token Creatures). */
static void
test_move_token_never_into_a_domain (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 64, "front");
  go_to (table, "move-attack");
  dw_test_table_refused (table, "move #64 to politics", "Card Types: Token Creatures", "never moved into a domain");
}

/* "When a creature is moved to a domain it drops the Equipment in the
 * Front"; "At the end of turn each player discards all his/her dropped
 * equipment that wasn't picked up" (Card Types: Equipment). */
static void
test_move_drops_equipment_in_the_front (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "front");
  put (table, 56, "hand");
  give_gold (table, 2);
  go_to (table, "play");
  ok (table, "play #56 on #8");
  go_to (table, "move-attack");
  ok (table, "move #8 to politics");
  g_assert_cmpstr (where (table, 56), ==, "front");
  g_assert_cmpuint (card (table, 56)->host, ==, 0);
  next_turn (table);
  g_assert_cmpstr (where (table, 56), ==, "grave");
}

/* ------------------------------------------------------------ combat */

#define RULE_COMBAT "Combat: General"

/* "The active player is the only one that can perform one or more attacks
 * during his/her Attack/Move-phase." (Combat: General) */
static void
test_attack_in_a_move_attack_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "front");
  go_to (table, "play");
  dw_test_table_refused (table, "attack #8", RULE_COMBAT, "in a move-attack phase");
}

/* "Each turn there's only one attack phase per player" (Turn Phases:
 * Move / Attack). */
static void
test_attack_once_a_turn (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "front");
  put (table, 9, "front");
  go_to (table, "move-attack");
  ok (table, "attack #8");
  go_to (table, "move-attack-2");
  dw_test_table_refused (table, "attack #9", RULE_MOVE_ATTACK, "the turn's attack was made in the move-attack phase");
}

/* "Only unmarked/unassigned creatures may attack"; "the player must use one
 * or more creatures in his/her Front" (Combat: General). */
static void
test_attack_with_unmarked_front_creatures (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "front");
  put (table, 9, "front");
  put (table, 24, "politics");
  put (table, 48, "front");
  ok (table, "manual mark #9");
  go_to (table, "move-attack");
  dw_test_table_refused (table, "attack #8 #9", RULE_COMBAT, "#9 Hedge Sprite is marked; only unmarked creatures attack");
  dw_test_table_refused (table, "attack #24", NULL, "not in your front");
  dw_test_table_refused (table, "attack #48", RULE_COMBAT, "only creatures attack, and #48 Everbloom Circle is a card of type Enchantment");
  ok (table, "attack \"Hedge Sprite\"");
  g_assert_true (card (table, 8)->marked);
}

/* "let the Region lose HP that's equal to the total amount of damage
 * dealt by the attackers"; attackers are marked (Combat sequence). */
static void
test_attack_total_atk_hits_the_active_region (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 1, "front");
  put (table, 14, "front");
  go_to (table, "move-attack");
  ok (table, "manual adjust #1 atk +1");
  ok (table, "attack #1 #14");
  g_assert_cmpint (counter (table, "opp-hp"), ==, 10 - 3 - 3);
  g_assert_true (card (table, 1)->marked);
  g_assert_true (card (table, 14)->marked);
}

/* "When a region is defeated … that region is discarded and the next one
 * beneath it is revealed" (Table Layout: Region).  Choice: damage beyond
 * the active region's HP is lost. */
static void
test_attack_destroyed_region_reveals_the_next (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 36, "front");
  ok (table, "manual counter opp-hp 3");
  go_to (table, "move-attack");
  ok (table, "attack #36");
  g_assert_cmpstr (where (table, 72), ==, "opp-grave");
  g_assert_cmpuint (top (table, "opp-regions"), ==, 71);
  g_assert_cmpint (counter (table, "opp-hp"), ==, 10);
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_NONE);
}

/* "The player that loses the last region is the one that also lost the
 * game" (Table Layout: Region; Winning). */
static void
test_attack_last_region_destroyed_wins (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 36, "front");
  put (table, 70, "opp-grave");
  put (table, 71, "opp-grave");
  go_to (table, "move-attack");
  ok (table, "attack #36");
  ok (table, "manual counter opp-hp 0");
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_WON);
  dw_test_table_refused (table, "phase play-2", "Winning", "the game is over");
  /* Card texts are still applied by hand, and undo steps back. */
  ok (table, "manual note \"a victory lap\"");
  ok (table, "undo");
  ok (table, "undo");
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_NONE);
}

/* ------------------------------------------------------------ discarding */

#define RULE_DISCARD "Turn Phases: Discard"

/* "If the player has more than 7 cards (>7) in his/her hand the player
 * must select and discard any excess cards down to 7. A player may not
 * discard cards from hand in the discard phase if he/she has 7 or less." */
static void
test_discard_only_above_seven (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *text = NULL;

  go_to (table, "draw");
  ok (table, "draw");
  go_to (table, "discard");
  text = action ("discard #%u", hand_card (table, 0));
  ok (table, text);
  g_assert_cmpuint (count (table, "hand"), ==, 7);
  g_clear_pointer (&text, g_free);
  text = action ("discard #%u", hand_card (table, 0));
  dw_test_table_refused (table, text, RULE_DISCARD, "more than 7 cards; it holds 7");
}

static void
test_discard_in_the_discard_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  g_autofree char *text = NULL;

  ok (table, "manual draw 3");
  text = action ("discard #%u", hand_card (table, 0));
  dw_test_table_refused (table, text, RULE_DISCARD, "in the discard phase");
}

/* "The player may discard his/her active region during this phase. If
 * that happens, the next region beneath it is revealed." */
static void
test_discard_region_reveals_the_next (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  dw_test_table_refused (table, "discard-region", RULE_DISCARD, "in the discard phase");
  go_to (table, "discard");
  ok (table, "discard-region");
  g_assert_cmpstr (where (table, 61), ==, "grave");
  g_assert_cmpuint (top (table, "regions"), ==, 62);
  g_assert_cmpint (counter (table, "hp"), ==, 9);
}

/* "It is not possible to discard the last region." */
static void
test_discard_region_never_the_last (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  go_to (table, "discard");
  ok (table, "discard-region");
  ok (table, "discard-region");
  dw_test_table_refused (table, "discard-region", RULE_DISCARD, "the last region cannot be discarded");
}

/* ------------------------------------------------------------ the end of a turn */

static void
test_end_from_the_discard_phase (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  go_to (table, "entrance");
  dw_test_table_refused (table, "end", "Round Structure: Turn Structure", "after its discard phase");
  next_turn (table);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
}

static void
test_end_with_seven_cards_or_fewer (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  go_to (table, "draw");
  ok (table, "draw");
  go_to (table, "discard");
  dw_test_table_refused (table, "end", RULE_DISCARD, "the hand holds 8 cards; discard down to 7");
}

/* "At the end of turn all leftover gold that hasn't been used disappears"
 * (Gold & Resources: Resource Cards); "Damage that a creature suffers
 * during a turn goes away when the turn … ends" (Card Types: Life &
 * Death); "Unlike with creatures, damage dealt to Regions does not heal"
 * (Card Types: Regions). */
static void
test_end_gold_vanishes_and_damage_heals (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 36, "front");
  ok (table, "manual counter gold 2");
  ok (table, "manual adjust #36 damage 3");
  go_to (table, "move-attack");
  ok (table, "attack #36");
  next_turn (table);
  g_assert_cmpint (counter (table, "gold"), ==, 0);
  g_assert_cmpint (card (table, 36)->adjust[2], ==, 0);
  g_assert_cmpint (counter (table, "opp-hp"), ==, 5);
}

/* ------------------------------------------------------------ what follows by itself */

/* "Modifiers that somehow lower a creatures DEF to or below zero kill the
 * creature."; "Dead creatures are placed in the Grave." (Card Types:
 * Life & Death) */
static void
test_life_death_no_def_left_dies (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 24, "front");
  ok (table, "manual adjust #24 def -2");
  g_assert_cmpstr (where (table, 24), ==, "front");
  ok (table, "manual adjust #24 damage 1");
  g_assert_cmpstr (where (table, 24), ==, "grave");
}

/* "Can't be put in hand/deck/grave – whatever would try to move them to
 * that kills them instead and removes them from the game." (Card Types:
 * Token Creatures) */
static void
test_tokens_leave_the_game_instead_of_the_grave (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 64, "front");
  ok (table, "manual adjust #64 def 0");
  g_assert_cmpstr (where (table, 64), ==, "removed");
  put (table, 65, "hand");
  g_assert_cmpstr (where (table, 65), ==, "removed");
}

/* "Spells that are attached to a creature … that goes back up to a hand
 * are placed in the grave"; equipment of a dead creature is dropped
 * (Card Types: Spells, Spell Go; Equipment, Drop & Take equipment). */
static void
test_spells_follow_their_host_to_the_grave (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "front");
  put (table, 45, "hand");
  put (table, 53, "hand");
  give_gold (table, 3);
  go_to (table, "play");
  ok (table, "play #45 on #8");
  ok (table, "play #53 on #8");
  ok (table, "manual move #8 to grave");
  g_assert_cmpstr (where (table, 45), ==, "grave");
  g_assert_cmpstr (where (table, 53), ==, "front");
  g_assert_cmpuint (card (table, 53)->host, ==, 0);
}

/* "The player that loses the last region is the one that also lost the
 * game." (Table Layout: Region) */
static void
test_region_losing_the_last_loses (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 62, "grave");
  put (table, 63, "grave");
  ok (table, "manual counter hp 0");
  g_assert_cmpstr (where (table, 61), ==, "grave");
  g_assert_cmpint (dw_table_get_result (table), ==, DW_TABLE_RESULT_LOST);
}

/* Card text is not automated: the player applies it by hand, and the log
 * marks it manual (DESIGN.md §6). */
static void
test_manual_always_accepted_and_logged (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  go_to (table, "play");
  ok (table, "manual phase upkeep");
  ok (table, "manual move #36 to front");
  ok (table, "manual counter vp +5");
  g_assert_cmpstr (dw_table_get_phase (table), ==, "upkeep");
  g_assert_cmpint (counter (table, "vp"), ==, 5);
  g_assert_true (dw_table_get_log_entry (table, dw_table_get_n_log (table) - 1)->manual);
  g_assert_false (dw_table_get_log_entry (table, 0)->manual);
}

/* ------------------------------------------------------------ rules that follow a card */

#define RULE_MARKING "Card States: Marking & Unmarking"

/* Issue 20: "A card can only be marked once per turn" (Card States:
 * Marking & Unmarking) is the card's, and it is the same card after it
 * left play and came back in that turn: it comes back unmarked ("Cards
 * always come into play in their unmarked state"), yet cannot be marked
 * again for its use — here, a creature that moved, went back to the
 * hand and was put into the front again cannot attack this turn; the
 * next turn it can.  An effect, applied by hand, marks and unmarks
 * without limit. */
static void
test_marked_once_a_turn_follows_the_card (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  put (table, 8, "front");
  put (table, 9, "front");
  go_to (table, "move-attack");
  ok (table, "move #8 to politics");
  g_assert_true (card (table, 8)->marked);
  put (table, 8, "hand");
  put (table, 8, "front");
  g_assert_false (card (table, 8)->marked);
  go_to (table, "move-attack-2");
  dw_test_table_refused (table, "attack #8", RULE_MARKING,
                         "#8 Hedge Sprite was marked this turn before it left play and came back");
  /* By an effect, by hand: no limit. */
  ok (table, "manual mark #8");
  ok (table, "manual unmark #8");
  ok (table, "manual mark #8");
  ok (table, "manual unmark #8");
  dw_test_table_refused (table, "attack #8", RULE_MARKING, "a card is marked once a turn");
  ok (table, "attack #9");

  go_to (table, "discard");
  while (dw_table_zone_get_n_cards (zone (table, "hand")) > 7)
    {
      g_autofree char *discard = action ("discard #%u", hand_card (table, 0));

      ok (table, discard);
    }
  ok (table, "end");
  go_to (table, "move-attack");
  ok (table, "attack #8");
}

/* The same for a resource: a vault card marked for gold this turn, taken
 * back and laid down again, makes no second gold in that turn. */
static void
test_resource_marked_once_a_turn_follows_the_card (void)
{
  g_autoptr(DwTable) table = green_wall (1);

  give_gold (table, 2);
  go_to (table, "upkeep");
  ok (table, "pay 2");
  put (table, vault_cards[0], "hand");
  put (table, vault_cards[0], "vault");
  g_assert_cmpuint (unmarked_in (table, "vault"), ==, 1);
  dw_test_table_refused (table, "pay 1", RULE_PAYING, "you have 0");
}

/* The turn's vault (Gold & Resources: "one resource card into the Vault
 * per turn") and movement (Card Types: Movement: "Up to one creature per
 * turn") are the player's, not a card's: the same card, back in the hand
 * or in play, has used them as any other card would have. */
static void
test_vault_and_movement_are_the_players (void)
{
  g_autoptr(DwTable) table = green_wall (1);
  guint vaulted;
  g_autofree char *again = NULL;

  put (table, 8, "front");
  go_to (table, "play");
  vaulted = hand_card (table, 0);
  again = action ("vault #%u", vaulted);
  ok (table, again);
  put (table, vaulted, "hand");
  dw_test_table_refused (table, again, RULE_RESOURCES, "one card a turn goes into the vault");

  go_to (table, "move-attack");
  ok (table, "move #8 to politics");
  put (table, 8, "hand");
  put (table, 8, "front");
  go_to (table, "move-attack-2");
  dw_test_table_refused (table, "move #8 to science", RULE_MOVEMENT, "one creature moves a turn");
}

/* The action an offer labelled @label performs, or NULL. */
static const char *
offered (GPtrArray  *offers,
         const char *label)
{
  for (guint i = 0; i < offers->len; i++)
    {
      const DwCardOffer *offer = g_ptr_array_index (offers, i);

      if (g_strcmp0 (offer->label, label) == 0)
        return offer->action;
    }
  return NULL;
}

/* A card's menu is the rules' own list: in the hand, the plays, the
 * vault and the moves by hand (not back to the hand it is in); on the
 * deck, a draw and nothing by hand; a card of the goldfish's is acted on
 * for it. */
static void
test_card_offers_are_the_rules (void)
{
  g_autoptr(DwTable) table = green_wall (42);
  guint in_hand = hand_card (table, 0);
  guint on_deck = dw_table_zone_get_card (zone (table, "deck"), 0);
  guint theirs = dw_table_zone_get_card (zone (table, "opp-regions"), 0);
  g_autofree char *front = g_strdup_printf ("play #%u to front", in_hand);
  g_autoptr(GPtrArray) hand = dw_table_card_offers (table, in_hand);
  g_autoptr(GPtrArray) deck = dw_table_card_offers (table, on_deck);
  g_autoptr(GPtrArray) opp = dw_table_card_offers (table, theirs);
  g_autofree char *for_them = g_strdup_printf ("as opp manual mark #%u", theirs);

  g_assert_cmpstr (offered (hand, "Play to the Front"), ==, front);
  g_assert_nonnull (offered (hand, "Put in the Vault"));
  g_assert_nonnull (offered (hand, "Mark (by hand)"));
  g_assert_null (offered (hand, "Back to the Hand (by hand)"));
  g_assert_null (offered (hand, "Attack"));

  g_assert_cmpuint (deck->len, ==, 1);
  g_assert_cmpstr (offered (deck, "Draw"), ==, "draw");

  g_assert_cmpstr (offered (opp, "Mark (by hand)"), ==, for_them);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arcmage/setup/opening-hand-of-seven", test_setup_opening_hand_of_seven);
  g_test_add_func ("/arcmage/setup/chapter-in-deck-order", test_setup_chapter_in_deck_order);
  g_test_add_func ("/arcmage/setup/goldfish-has-three-regions-of-ten", test_setup_goldfish_has_three_regions_of_ten);
  g_test_add_func ("/arcmage/setup/opponent-deck-lends-its-regions", test_setup_opponent_deck_lends_its_regions);
  g_test_add_func ("/arcmage/setup/same-seed-same-deal", test_setup_same_seed_same_deal);

  g_test_add_func ("/arcmage/mulligan/two-to-grave-rest-shuffled-back", test_mulligan_two_to_grave_rest_shuffled_back);
  g_test_add_func ("/arcmage/mulligan/first-turn-only", test_mulligan_first_turn_only);
  g_test_add_func ("/arcmage/mulligan/before-the-draw-phase", test_mulligan_before_the_draw_phase);
  g_test_add_func ("/arcmage/mulligan/once", test_mulligan_once);
  g_test_add_func ("/arcmage/mulligan/keep-ends-it", test_mulligan_keep_ends_it);
  g_test_add_func ("/arcmage/mulligan/keeps-at-most-five", test_mulligan_keeps_at_most_five);
  g_test_add_func ("/arcmage/mulligan/cards-from-the-hand", test_mulligan_cards_from_the_hand);
  g_test_add_func ("/arcmage/mulligan/exactly-two", test_mulligan_exactly_two);

  g_test_add_func ("/arcmage/phase/forward-only", test_phase_forward_only);
  g_test_add_func ("/arcmage/phase/mandatory-phases-not-skipped", test_phase_mandatory_phases_not_skipped);
  g_test_add_func ("/arcmage/phase/optional-phases-skipped", test_phase_optional_phases_skipped);
  g_test_add_func ("/arcmage/phase/leaving-draw-needs-a-card-drawn", test_phase_leaving_draw_needs_a_card_drawn);
  g_test_add_func ("/arcmage/phase/empty-deck-in-the-draw-phase-loses", test_phase_empty_deck_in_the_draw_phase_loses);
  g_test_add_func ("/arcmage/unmark/new-turn-unmarks-everything", test_unmark_new_turn_unmarks_everything);
  g_test_add_func ("/arcmage/next/from-unmark-reaches-the-draw-phase", test_next_from_unmark_reaches_the_draw_phase);
  g_test_add_func ("/arcmage/next/stops-where-there-is-a-claim", test_next_stops_where_there_is_a_claim);
  g_test_add_func ("/arcmage/next/leaving-draw-needs-a-card-drawn", test_next_leaving_draw_needs_a_card_drawn);
  g_test_add_func ("/arcmage/next/stops-for-an-upkeep", test_next_stops_for_an_upkeep);
  g_test_add_func ("/arcmage/next/through-the-turn-and-into-the-next", test_next_through_the_turn_and_into_the_next);
  g_test_add_func ("/arcmage/next/replays-as-phase-by-phase", test_next_replays_as_phase_by_phase);
  g_test_add_func ("/arcmage/next/keeps-the-opening-hand", test_next_keeps_the_opening_hand);
  g_test_add_func ("/arcmage/words/gold-shown-as-paying-counts-it", test_words_gold_shown_as_paying_counts_it);
  g_test_add_func ("/arcmage/words/counters-labelled-for-players", test_words_counters_labelled_for_players);
  g_test_add_func ("/arcmage/words/public-name-hides-face-down-cards", test_words_public_name_hides_face_down_cards);
  g_test_add_func ("/arcmage/words/log-in-card-names", test_words_log_in_card_names);
  g_test_add_func ("/arcmage/words/render-counts-face-down-cards", test_words_render_counts_face_down_cards);
  g_test_add_func ("/arcmage/words/log-never-names-hidden-cards", test_words_log_never_names_hidden_cards);
  g_test_add_func ("/arcmage/words/natural-action-follows-the-phase", test_words_natural_action_follows_the_phase);
  g_test_add_func ("/arcmage/words/drop-targets-are-what-the-table-accepts",
                   test_words_drop_targets_are_what_the_table_accepts);

  g_test_add_func ("/arcmage/claim/in-the-tactical-phase", test_claim_in_the_tactical_phase);
  g_test_add_func ("/arcmage/claim/advantage-needs-two-more-points", test_claim_advantage_needs_two_more_points);
  g_test_add_func ("/arcmage/claim/domain-points-count-unmarked-creatures", test_claim_domain_points_count_unmarked_creatures);
  g_test_add_func ("/arcmage/claim/advantage-once-per-domain", test_claim_advantage_once_per_domain);
  g_test_add_func ("/arcmage/claim/domination-needs-two-domains", test_claim_domination_needs_two_domains);
  g_test_add_func ("/arcmage/claim/domination-effect-instead-of-points", test_claim_domination_effect_instead_of_points);
  g_test_add_func ("/arcmage/claim/domination-replaces-advantages", test_claim_domination_replaces_advantages);
  g_test_add_func ("/arcmage/claim/total-domination-needs-three", test_claim_total_domination_needs_three);

  g_test_add_func ("/arcmage/draw/in-the-draw-phase", test_draw_in_the_draw_phase);
  g_test_add_func ("/arcmage/draw/two-a-turn", test_draw_two_a_turn);
  g_test_add_func ("/arcmage/draw/third-after-exhausting", test_draw_third_after_exhausting);
  g_test_add_func ("/arcmage/draw/from-an-empty-deck-loses", test_draw_from_an_empty_deck_loses);
  g_test_add_func ("/arcmage/exhaust/a-hand-card-or-top-servant", test_exhaust_a_hand_card_or_top_servant);
  g_test_add_func ("/arcmage/exhaust/once-a-turn", test_exhaust_once_a_turn);
  g_test_add_func ("/arcmage/exhaust/in-the-draw-phase", test_exhaust_in_the_draw_phase);
  g_test_add_func ("/arcmage/exhaust/then-no-vault", test_exhaust_then_no_vault);
  g_test_add_func ("/arcmage/exhaust/then-no-movement", test_exhaust_then_no_movement);

  g_test_add_func ("/arcmage/vault/once-a-turn", test_vault_once_a_turn);
  g_test_add_func ("/arcmage/vault/in-a-play-phase", test_vault_in_a_play_phase);
  g_test_add_func ("/arcmage/vault/face-down-unmarked-resource", test_vault_card_is_a_face_down_unmarked_resource);
  g_test_add_func ("/arcmage/vault/again-next-turn", test_vault_again_next_turn);

  g_test_add_func ("/arcmage/play/creature-in-the-entrance-phase", test_play_creature_in_the_entrance_phase);
  g_test_add_func ("/arcmage/play/pays-by-marking-vault-cards", test_play_pays_by_marking_vault_cards);
  g_test_add_func ("/arcmage/play/creature-onto-a-domain-as-top-servant", test_play_creature_onto_a_domain_as_top_servant);
  g_test_add_func ("/arcmage/play/needs-enough-gold", test_play_needs_enough_gold);
  g_test_add_func ("/arcmage/play/spends-the-pool-first", test_play_spends_the_pool_first);
  g_test_add_func ("/arcmage/play/event-any-time-then-the-grave", test_play_event_any_time_then_the_grave);
  g_test_add_func ("/arcmage/play/magic-free-from-domain-gold", test_play_magic_free_from_domain_gold);
  g_test_add_func ("/arcmage/play/magic-in-a-play-phase", test_play_magic_in_a_play_phase);
  g_test_add_func ("/arcmage/play/spell-attached-to-its-target", test_play_spell_attached_to_its_target);
  g_test_add_func ("/arcmage/play/equipment-on-a-front-creature", test_play_equipment_on_a_front_creature);
  g_test_add_func ("/arcmage/play/one-equipment-of-each-subtype", test_play_one_equipment_of_each_subtype);
  g_test_add_func ("/arcmage/play/enchantment-into-the-front", test_play_enchantment_into_the_front);
  g_test_add_func ("/arcmage/play/cost-x-takes-a-value", test_play_cost_x_takes_a_value);
  g_test_add_func ("/arcmage/play/cost-t-from-the-target", test_play_cost_t_from_the_target);
  g_test_add_func ("/arcmage/play/region-only-from-the-region-pile", test_play_region_only_from_the_region_pile);
  g_test_add_func ("/arcmage/play/city-not-in-the-original-rules", test_play_city_not_in_the_original_rules);
  g_test_add_func ("/arcmage/play/one-faction-per-domain", test_play_one_faction_per_domain);
  g_test_add_func ("/arcmage/pay/marks-vault-cards", test_pay_marks_vault_cards);

  g_test_add_func ("/arcmage/move/in-a-move-attack-phase", test_move_in_a_move_attack_phase);
  g_test_add_func ("/arcmage/move/one-creature-a-turn", test_move_one_creature_a_turn);
  g_test_add_func ("/arcmage/move/between-kingdom-and-front-only", test_move_between_kingdom_and_front_only);
  g_test_add_func ("/arcmage/move/unmarked-only", test_move_unmarked_only);
  g_test_add_func ("/arcmage/move/top-servant-only", test_move_top_servant_only);
  g_test_add_func ("/arcmage/move/marks-the-creature", test_move_marks_the_creature);
  g_test_add_func ("/arcmage/move/move-or-attack-in-a-phase", test_move_or_attack_in_a_phase);
  g_test_add_func ("/arcmage/move/token-never-into-a-domain", test_move_token_never_into_a_domain);
  g_test_add_func ("/arcmage/move/drops-equipment-in-the-front", test_move_drops_equipment_in_the_front);

  g_test_add_func ("/arcmage/attack/in-a-move-attack-phase", test_attack_in_a_move_attack_phase);
  g_test_add_func ("/arcmage/attack/once-a-turn", test_attack_once_a_turn);
  g_test_add_func ("/arcmage/follows-the-card/marked-once-a-turn", test_marked_once_a_turn_follows_the_card);
  g_test_add_func ("/arcmage/follows-the-card/resource-marked-once-a-turn",
                   test_resource_marked_once_a_turn_follows_the_card);
  g_test_add_func ("/arcmage/follows-the-card/vault-and-movement-are-the-players",
                   test_vault_and_movement_are_the_players);
  g_test_add_func ("/arcmage/attack/with-unmarked-front-creatures", test_attack_with_unmarked_front_creatures);
  g_test_add_func ("/arcmage/attack/total-atk-hits-the-active-region", test_attack_total_atk_hits_the_active_region);
  g_test_add_func ("/arcmage/attack/destroyed-region-reveals-the-next", test_attack_destroyed_region_reveals_the_next);
  g_test_add_func ("/arcmage/attack/last-region-destroyed-wins", test_attack_last_region_destroyed_wins);

  g_test_add_func ("/arcmage/discard/only-above-seven", test_discard_only_above_seven);
  g_test_add_func ("/arcmage/discard/in-the-discard-phase", test_discard_in_the_discard_phase);
  g_test_add_func ("/arcmage/discard-region/reveals-the-next", test_discard_region_reveals_the_next);
  g_test_add_func ("/arcmage/discard-region/never-the-last", test_discard_region_never_the_last);

  g_test_add_func ("/arcmage/end/from-the-discard-phase", test_end_from_the_discard_phase);
  g_test_add_func ("/arcmage/end/with-seven-cards-or-fewer", test_end_with_seven_cards_or_fewer);
  g_test_add_func ("/arcmage/end/gold-vanishes-and-damage-heals", test_end_gold_vanishes_and_damage_heals);

  g_test_add_func ("/arcmage/life-death/no-def-left-dies", test_life_death_no_def_left_dies);
  g_test_add_func ("/arcmage/tokens/leave-the-game-instead-of-the-grave", test_tokens_leave_the_game_instead_of_the_grave);
  g_test_add_func ("/arcmage/spells/follow-their-host-to-the-grave", test_spells_follow_their_host_to_the_grave);
  g_test_add_func ("/arcmage/region/losing-the-last-loses", test_region_losing_the_last_loses);
  g_test_add_func ("/arcmage/manual/always-accepted-and-logged", test_manual_always_accepted_and_logged);
  g_test_add_func ("/arcmage/card-offers-are-the-rules", test_card_offers_are_the_rules);

  return g_test_run ();
}
