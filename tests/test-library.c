/* test-library.c — DwLibrary: the games, card databases and formats the app knows
 *
 * dw_library_get_user_dir() reads $XDG_DATA_HOME once, so main() points it
 * at one temporary folder for the whole program before anything asks;
 * each test fills $XDG_DATA_HOME/deckwright/ as it needs and the fixture
 * empties it again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dw-test-util.h"

static char *xdg_data_home;
static char *user_dir;

/* A second printing of Thornwood Scout with changed text, and a card of
 * its own. */
static const char revised_db[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
  "  <card id=\"arc-0001\" revision=\"2\">\n"
  "    <name>Thornwood Scout</name>\n"
  "    <type>Creature</type>\n"
  "    <faction>Gaian</faction>\n"
  "    <cost>1</cost>\n"
  "    <text>Revised: I cost one less.</text>\n"
  "  </card>\n"
  "</carddb>\n";

static const char house_rules[] =
  "<formats xmlns=\"urn:deckwright:game:1\" game=\"arcmage\">"
  "<format id=\"arcmage-house\" name=\"House rules\"><section ref=\"main\" min=\"40\" max=\"40\"/>"
  "<copies limit=\"2\" match=\"name\"/></format></formats>";

static const char broken_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<game xmlns=\"urn:deckwright:game:1\" id=\"broken\" name=\"Broken\">\n"
  "  <types>\n"
  "</game>\n";

static void
fixture_set_up (gpointer      fixture,
                gconstpointer data)
{
  /* Every test starts with no user files at all. */
  dw_test_remove_tree (user_dir);
  g_assert_false (g_file_test (user_dir, G_FILE_TEST_EXISTS));
}

static void
fixture_tear_down (gpointer      fixture,
                   gconstpointer data)
{
  dw_test_remove_tree (user_dir);
}

static char *
write_user_file (const char *kind,
                 const char *name,
                 const char *contents)
{
  g_autofree char *dir = g_build_filename (user_dir, kind, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dw_test_write_file (dir, name, contents);
}

static char *
read_data_file (const char *folder,
                const char *name)
{
  g_autofree char *path = dw_test_data_path (folder, name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* @text with every @from replaced by @to; @from must occur. */
static char *
replace (const char *text,
         const char *from,
         const char *to)
{
  g_auto(GStrv) parts = g_strsplit (text, from, -1);

  g_assert_cmpuint (g_strv_length (parts), >, 1);
  return g_strjoinv (to, parts);
}

/* A library that loaded its defaults, with the load errors left to the
 * caller to check. */
static DwLibrary *
load_library (void)
{
  g_autoptr(GError) error = NULL;
  DwLibrary *library = dw_library_new ();

  g_assert_true (dw_library_load_defaults (library, &error));
  g_assert_no_error (error);
  return library;
}

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (user_data, game_id);
}

static void
add_revised_db (DwLibrary *library)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = dw_card_db_load_data (revised_db, strlen (revised_db), "revised.xml",
                                                 lookup_game_cb, library, &error);

  g_assert_no_error (error);
  g_assert_nonnull (db);
  dw_library_add_card_db (library, db);
}

static DwDeck *
deck_from_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  DwDeck *deck = dw_deck_load_data (text, strlen (text), "inline.xml", &error);

  g_assert_no_error (error);
  g_assert_nonnull (deck);
  return deck;
}

static gboolean
has_format (DwLibrary  *library,
            const char *id)
{
  return dw_library_lookup_format (library, id, NULL) != NULL;
}

static void
assert_shipped_loaded (DwLibrary *library)
{
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_games (library)), ==, 2);
  g_assert_nonnull (dw_library_lookup_game (library, "arcmage"));
  g_assert_nonnull (dw_library_lookup_game (library, "coraabia"));
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_card_dbs (library)), ==, 2);
  g_assert_true (has_format (library, "arcmage-orc"));
  g_assert_true (has_format (library, "arcmage-2021"));
  g_assert_true (has_format (library, "coraabia-open"));
  g_assert_nonnull (dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL));
  g_assert_nonnull (dw_library_lookup_card (library, "coraabia", "cor-0001", 0, NULL));
}

/* The one load error, which must name @path. */
static const GError *
single_load_error (DwLibrary  *library,
                   const char *path)
{
  GPtrArray *errors = dw_library_get_load_errors (library);
  const GError *error;

  g_assert_cmpuint (errors->len, ==, 1);
  error = g_ptr_array_index (errors, 0);
  if (strstr (error->message, path) == NULL)
    g_error ("the load error does not name %s: %s", path, error->message);
  return error;
}

/* ------------------------------------------------------------ loading */

static void
test_load_defaults (gpointer      fixture,
                    gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  GListModel *games = dw_library_get_games (library);
  GListModel *dbs = dw_library_get_card_dbs (library);
  g_autoptr(GHashTable) db_games = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (dw_library_get_load_errors (library)->len, ==, 0);
  assert_shipped_loaded (library);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      g_assert_true (dw_library_lookup_game (library, dw_game_get_id (game)) == game);
    }

  /* One database per game. */
  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);
      g_hash_table_add (db_games, (gpointer) dw_game_get_id (dw_card_db_get_game (db)));
    }
  g_assert_true (g_hash_table_contains (db_games, "arcmage"));
  g_assert_true (g_hash_table_contains (db_games, "coraabia"));
}

static void
test_load_defaults_without_data (gpointer      fixture,
                                 gconstpointer data)
{
  g_autofree char *saved = g_strdup (g_getenv ("DECKWRIGHT_DATA_DIR"));
  g_autofree char *empty = dw_test_make_tmpdir ();
  g_autoptr(DwLibrary) library = dw_library_new ();
  g_autoptr(GError) error = NULL;
  gboolean loaded;

  g_setenv ("DECKWRIGHT_DATA_DIR", empty, TRUE);
  g_assert_cmpstr (dw_library_get_data_dir (), ==, empty);
  loaded = dw_library_load_defaults (library, &error);
  g_setenv ("DECKWRIGHT_DATA_DIR", saved, TRUE);
  dw_test_remove_tree (empty);

  g_assert_false (loaded);
  g_assert_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_NO_DATA);
  g_assert_nonnull (strstr (error->message, empty));
}

static void
test_user_dir_follows_xdg (gpointer      fixture,
                           gconstpointer data)
{
  g_assert_cmpstr (dw_library_get_user_dir (), ==, user_dir);
}

/* ------------------------------------------------------------ lookups */

static void
test_lookup_game (gpointer      fixture,
                  gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  DwGame *arcmage = dw_library_lookup_game (library, "arcmage");
  DwGame *coraabia = dw_library_lookup_game (library, "coraabia");

  g_assert_nonnull (arcmage);
  g_assert_cmpstr (dw_game_get_id (arcmage), ==, "arcmage");
  g_assert_cmpstr (dw_game_get_name (arcmage), ==, "Arcmage");
  g_assert_nonnull (coraabia);
  g_assert_cmpstr (dw_game_get_name (coraabia), ==, "Coraabia");
  g_assert_null (dw_library_lookup_game (library, "chess"));
  g_assert_null (dw_library_lookup_game (library, NULL));
}

static void
test_lookup_format (gpointer      fixture,
                    gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  const struct { const char *id, *game; } expected[] = {
    { "arcmage-orc", "arcmage" },
    { "arcmage-2021", "arcmage" },
    { "coraabia-open", "coraabia" },
  };
  DwGame *game = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      DwFormat *format;

      game = NULL;
      format = dw_library_lookup_format (library, expected[i].id, &game);
      g_assert_nonnull (format);
      g_assert_cmpstr (dw_format_get_id (format), ==, expected[i].id);
      g_assert_cmpstr (dw_format_get_game_id (format), ==, expected[i].game);
      g_assert_nonnull (game);
      g_assert_true (game == dw_library_lookup_game (library, expected[i].game));
      /* NULL may be passed when the game is not wanted. */
      g_assert_true (dw_library_lookup_format (library, expected[i].id, NULL) == format);
    }

  game = NULL;
  g_assert_null (dw_library_lookup_format (library, "nope", &game));
  g_assert_null (game);
  g_assert_null (dw_library_lookup_format (library, NULL, NULL));
}

static void
test_lookup_card_by_id (gpointer      fixture,
                        gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  DwCard *scout = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  DwCard *region = dw_library_lookup_card (library, "arcmage", "arc-r003", 0, "a wrong name");
  DwCard *kop = dw_library_lookup_card (library, "coraabia", "cor-0001", 0, NULL);

  g_assert_nonnull (scout);
  g_assert_cmpstr (dw_card_get_id (scout), ==, "arc-0001");
  g_assert_cmpstr (dw_card_get_name (scout), ==, "Thornwood Scout");
  g_assert_cmpuint (dw_card_get_revision (scout), ==, 1);
  /* The id wins over the name. */
  g_assert_nonnull (region);
  g_assert_cmpstr (dw_card_get_name (region), ==, "Mosshollow");
  g_assert_nonnull (kop);
  g_assert_cmpstr (dw_card_get_name (kop), ==, "Rusty Kop Enforcer");
  g_assert_null (dw_library_lookup_card (library, "arcmage", "arc-nope", 0, NULL));
}

static void
test_lookup_card_by_revision (gpointer      fixture,
                              gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  DwCard *first;
  DwCard *second;

  add_revised_db (library);
  first = dw_library_lookup_card (library, "arcmage", "arc-0001", 1, NULL);
  second = dw_library_lookup_card (library, "arcmage", "arc-0001", 2, NULL);

  g_assert_nonnull (first);
  g_assert_cmpuint (dw_card_get_revision (first), ==, 1);
  g_assert_cmpstr (dw_card_get_value (first, "cost"), ==, "2");
  g_assert_nonnull (second);
  g_assert_cmpuint (dw_card_get_revision (second), ==, 2);
  g_assert_cmpstr (dw_card_get_value (second, "cost"), ==, "1");
  g_assert_cmpstr (dw_card_get_value (second, "text"), ==, "Revised: I cost one less.");

  /* A revision nobody printed is not found by id; the name still finds
   * the card. */
  g_assert_null (dw_library_lookup_card (library, "arcmage", "arc-0001", 7, NULL));
  g_assert_cmpstr (dw_card_get_name (dw_library_lookup_card (library, "arcmage", "arc-0001", 7,
                                                             "Thornwood Scout")),
                   ==, "Thornwood Scout");
}

static void
test_lookup_card_newest (gpointer      fixture,
                         gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  DwCard *card;

  card = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  g_assert_nonnull (card);
  g_assert_cmpuint (dw_card_get_revision (card), ==, 1);

  add_revised_db (library);
  card = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  g_assert_nonnull (card);
  g_assert_cmpuint (dw_card_get_revision (card), ==, 2);
}

static void
test_lookup_card_newest_any_order (gpointer      fixture,
                                   gconstpointer data)
{
  g_autoptr(DwLibrary) library = dw_library_new ();
  g_autofree char *game = dw_test_data_path ("games", "arcmage.xml", NULL);
  g_autofree char *cards = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
  g_autoptr(GError) error = NULL;
  DwCard *card;

  /* The revised printing comes first here, the original after it. */
  g_assert_true (dw_library_add_game_file (library, game, &error));
  g_assert_no_error (error);
  add_revised_db (library);
  g_assert_nonnull (dw_library_add_card_db_file (library, cards, &error));
  g_assert_no_error (error);

  card = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  g_assert_nonnull (card);
  g_assert_cmpuint (dw_card_get_revision (card), ==, 2);
  card = dw_library_lookup_card (library, "arcmage", "arc-0001", 1, NULL);
  g_assert_nonnull (card);
  g_assert_cmpuint (dw_card_get_revision (card), ==, 1);
}

static void
test_lookup_card_by_name (gpointer      fixture,
                          gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  DwCard *by_name = dw_library_lookup_card (library, "arcmage", NULL, 0, "Mosshollow");
  DwCard *unknown_id = dw_library_lookup_card (library, "arcmage", "arc-nope", 0, "Mosshollow");
  DwCard *coraabia = dw_library_lookup_card (library, "coraabia", NULL, 0, "Rusty Kop Enforcer");

  g_assert_nonnull (by_name);
  g_assert_cmpstr (dw_card_get_id (by_name), ==, "arc-r003");
  g_assert_true (unknown_id == by_name);
  g_assert_nonnull (coraabia);
  g_assert_cmpstr (dw_card_get_id (coraabia), ==, "cor-0001");
  g_assert_null (dw_library_lookup_card (library, "arcmage", NULL, 0, "Starlit Wyvern of Nowhere"));
  g_assert_null (dw_library_lookup_card (library, "arcmage", NULL, 0, ""));
  g_assert_null (dw_library_lookup_card (library, "arcmage", NULL, 0, NULL));
}

static void
test_lookup_card_own_game (gpointer      fixture,
                           gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();

  g_assert_null (dw_library_lookup_card (library, "coraabia", "arc-0001", 0, "Thornwood Scout"));
  g_assert_null (dw_library_lookup_card (library, "arcmage", "cor-0001", 0, "Rusty Kop Enforcer"));
  g_assert_null (dw_library_lookup_card (library, "chess", "arc-0001", 0, "Thornwood Scout"));
  g_assert_null (dw_library_lookup_card (library, NULL, "arc-0001", 0, "Thornwood Scout"));
}

/* ------------------------------------------------------------ the format of a deck */

static void
test_format_for_deck_own (gpointer      fixture,
                          gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  g_autoptr(DwDeck) deck = deck_from_text ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" "
                                           "format=\"arcmage-2021\"><section id=\"main\"/></deck>");
  g_autoptr(GError) error = NULL;
  DwFormat *format = dw_library_format_for_deck (library, deck, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (format);
  g_assert_cmpstr (dw_format_get_id (format), ==, "arcmage-2021");
}

static void
test_format_for_deck_override (gpointer      fixture,
                               gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  g_autoptr(DwDeck) deck = deck_from_text ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" "
                                           "format=\"arcmage-2021\"><section id=\"main\"/></deck>");
  g_autoptr(GError) error = NULL;
  DwFormat *format;

  format = dw_library_format_for_deck (library, deck, "arcmage-orc", &error);
  g_assert_no_error (error);
  g_assert_nonnull (format);
  g_assert_cmpstr (dw_format_get_id (format), ==, "arcmage-orc");

  /* Even a format of another game: validation then says game-mismatch. */
  format = dw_library_format_for_deck (library, deck, "coraabia-open", &error);
  g_assert_no_error (error);
  g_assert_nonnull (format);
  g_assert_cmpstr (dw_format_get_id (format), ==, "coraabia-open");

  /* The deck itself keeps its own format. */
  g_assert_cmpstr (dw_deck_get_format_id (deck), ==, "arcmage-2021");
}

static void
test_format_for_deck_default (gpointer      fixture,
                              gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  g_autoptr(DwDeck) arcmage = deck_from_text ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">"
                                              "<section id=\"main\"/></deck>");
  g_autoptr(DwDeck) coraabia = deck_from_text ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"coraabia\">"
                                               "<section id=\"deck\"/></deck>");
  g_autoptr(GError) error = NULL;
  DwFormat *format;

  g_assert_null (dw_deck_get_format_id (arcmage));

  format = dw_library_format_for_deck (library, arcmage, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (format);
  g_assert_cmpstr (dw_format_get_id (format), ==, "arcmage-orc");
  g_assert_true (dw_format_is_default (format));

  format = dw_library_format_for_deck (library, coraabia, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (format);
  g_assert_cmpstr (dw_format_get_id (format), ==, "coraabia-open");
}

static void
test_format_for_deck_unknown_format (gpointer      fixture,
                                     gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  g_autoptr(DwDeck) deck = deck_from_text ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" "
                                           "format=\"arcmage-1999\"><section id=\"main\"/></deck>");
  g_autoptr(DwDeck) fine = deck_from_text ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" "
                                           "format=\"arcmage-orc\"><section id=\"main\"/></deck>");
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) override_error = NULL;

  g_assert_null (dw_library_format_for_deck (library, deck, NULL, &error));
  g_assert_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_FORMAT);
  g_assert_nonnull (strstr (error->message, "arcmage-1999"));

  g_assert_null (dw_library_format_for_deck (library, fine, "nope", &override_error));
  g_assert_error (override_error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_FORMAT);
  g_assert_nonnull (strstr (override_error->message, "nope"));
}

static void
test_format_for_deck_unknown_game (gpointer      fixture,
                                   gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  g_autoptr(DwDeck) deck = deck_from_text ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"chess\">"
                                           "<section id=\"board\"/></deck>");
  g_autoptr(GError) error = NULL;

  g_assert_null (dw_library_format_for_deck (library, deck, NULL, &error));
  g_assert_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_GAME);
  g_assert_nonnull (strstr (error->message, "chess"));
}

static void
test_validate_deck_resolves (gpointer      fixture,
                             gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (path, &error);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(DwDeckEntry) first = NULL;
  DwFormat *format;

  g_assert_no_error (error);
  format = dw_library_format_for_deck (library, deck, NULL, &error);
  g_assert_no_error (error);

  problems = dw_library_validate_deck (library, deck, format);
  g_assert_cmpuint (problems->len, ==, 0);

  first = g_list_model_get_item (dw_deck_get_section (deck, "main"), 0);
  g_assert_nonnull (dw_deck_entry_get_card (first));
  g_assert_cmpstr (dw_card_get_id (dw_deck_entry_get_card (first)), ==, "arc-0001");
}

/* ------------------------------------------------------------ the user's files */

static void
test_user_broken_game (gpointer      fixture,
                       gconstpointer data)
{
  g_autofree char *path = write_user_file ("games", "broken.xml", broken_xml);
  g_autoptr(DwLibrary) library = load_library ();

  single_load_error (library, path);
  assert_shipped_loaded (library);
  g_assert_null (dw_library_lookup_game (library, "broken"));
}

static void
test_user_broken_card_db (gpointer      fixture,
                          gconstpointer data)
{
  g_autofree char *path = write_user_file ("cards", "broken.xml",
                                           "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                           "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                                           "  <card id=\"arc-u001\">\n"
                                           "</carddb>\n");
  g_autoptr(DwLibrary) library = load_library ();

  single_load_error (library, path);
  assert_shipped_loaded (library);
  g_assert_null (dw_library_lookup_card (library, "arcmage", "arc-u001", 0, NULL));
}

static void
test_user_card_db_for_unknown_game (gpointer      fixture,
                                    gconstpointer data)
{
  g_autofree char *path = write_user_file ("cards", "chess.xml",
                                           "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"chess\">"
                                           "<card id=\"k\"><name>King</name><type>Piece</type></card>"
                                           "</carddb>");
  g_autoptr(DwLibrary) library = load_library ();

  single_load_error (library, path);
  assert_shipped_loaded (library);
}

static void
test_user_card_db (gpointer      fixture,
                   gconstpointer data)
{
  g_autoptr(DwLibrary) library = NULL;
  g_autofree char *path = write_user_file ("cards", "revised.xml", revised_db);
  DwCard *card;

  library = load_library ();
  g_assert_cmpuint (dw_library_get_load_errors (library)->len, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_card_dbs (library)), ==, 3);

  card = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  g_assert_nonnull (card);
  g_assert_cmpuint (dw_card_get_revision (card), ==, 2);
}

/* The player's extra folders load after the user's own, in their order,
 * in the foreground and in the background alike. */
static void
on_extra_loaded_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (dw_library_load_card_dbs_finish (DW_LIBRARY (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
test_extra_card_db_folders (gpointer      fixture,
                            gconstpointer data)
{
  g_autofree char *extra = dw_test_make_tmpdir ();
  g_autofree char *missing = g_build_filename (extra, "not-there", NULL);
  g_autofree char *path = dw_test_write_file (extra, "revised.xml", revised_db);
  const char *folders[] = { missing, extra, NULL };

  for (guint background = 0; background <= 1; background++)
    {
      g_autoptr(DwLibrary) library = dw_library_new ();
      g_autoptr(GError) error = NULL;
      DwCard *card;

      dw_library_set_card_db_folders (library, folders);
      if (background)
        {
          gboolean done = FALSE;

          g_assert_true (dw_library_load_games (library, &error));
          dw_library_load_card_dbs_async (library, NULL, on_extra_loaded_cb, &done);
          while (!done)
            g_main_context_iteration (NULL, TRUE);
        }
      else
        g_assert_true (dw_library_load_defaults (library, &error));
      g_assert_no_error (error);

      /* A folder that is not there is no error: it may be on a drive
       * that is not plugged in. */
      g_assert_cmpuint (dw_library_get_load_errors (library)->len, ==, 0);
      g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_card_dbs (library)), ==, 3);
      card = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
      g_assert_nonnull (card);
      g_assert_cmpuint (dw_card_get_revision (card), ==, 2);
    }
  dw_test_remove_tree (extra);
}

static void
test_user_formats (gpointer      fixture,
                   gconstpointer data)
{
  g_autofree char *path = write_user_file ("formats", "house.xml", house_rules);
  g_autoptr(DwLibrary) library = load_library ();
  DwGame *game = NULL;
  DwFormat *format;
  const DwFormatSection *main_section;

  g_assert_cmpuint (dw_library_get_load_errors (library)->len, ==, 0);
  format = dw_library_lookup_format (library, "arcmage-house", &game);
  g_assert_nonnull (format);
  g_assert_cmpstr (dw_format_get_name (format), ==, "House rules");
  g_assert_false (dw_format_is_default (format));
  g_assert_true (game == dw_library_lookup_game (library, "arcmage"));
  g_assert_true (dw_game_lookup_format (game, "arcmage-house") == format);

  main_section = dw_format_lookup_section (format, "main");
  g_assert_nonnull (main_section);
  g_assert_cmpint (main_section->min, ==, 40);
  g_assert_cmpint (main_section->max, ==, 40);

  /* The shipped default stays the default. */
  g_assert_cmpstr (dw_format_get_id (dw_game_get_default_format (game)), ==, "arcmage-orc");
}

static void
test_user_formats_broken (gpointer      fixture,
                          gconstpointer data)
{
  g_autofree char *unknown_game = write_user_file ("formats", "chess.xml",
                                                   "<formats xmlns=\"urn:deckwright:game:1\" game=\"chess\">"
                                                   "<format id=\"chess-blitz\" name=\"Blitz\"/></formats>");
  g_autoptr(DwLibrary) library = load_library ();

  single_load_error (library, unknown_game);
  assert_shipped_loaded (library);
  g_assert_false (has_format (library, "chess-blitz"));
}

static void
test_user_formats_existing_id (gpointer      fixture,
                               gconstpointer data)
{
  g_autofree char *path = write_user_file ("formats", "again.xml",
                                           "<formats xmlns=\"urn:deckwright:game:1\" game=\"arcmage\">"
                                           "<format id=\"arcmage-extra\" name=\"Extra\"/>"
                                           "<format id=\"arcmage-orc\" name=\"Not the ORC\"/></formats>");
  g_autoptr(DwLibrary) library = load_library ();

  single_load_error (library, path);
  g_assert_cmpstr (dw_format_get_name (dw_library_lookup_format (library, "arcmage-orc", NULL)),
                   ==, "Original Rules Concept");
  /* All or nothing: the good format of the file is not added either. */
  g_assert_false (has_format (library, "arcmage-extra"));
}

static void
test_user_duplicate_game (gpointer      fixture,
                          gconstpointer data)
{
  g_autofree char *contents = read_data_file ("games", "arcmage.xml");
  g_autofree char *path = write_user_file ("games", "arcmage.xml", contents);
  g_autoptr(DwLibrary) library = load_library ();
  const GError *error = single_load_error (library, path);

  g_assert_true (error->domain == DW_LIBRARY_ERROR);
  g_assert_nonnull (strstr (error->message, "“arcmage”"));
  assert_shipped_loaded (library);
}

static void
test_user_new_game (gpointer      fixture,
                    gconstpointer data)
{
  g_autofree char *contents = read_data_file ("games", "arcmage.xml");
  g_autofree char *renamed = replace (contents, "id=\"arcmage\"", "id=\"arcmage-variant\"");
  g_autofree char *orc = replace (renamed, "id=\"arcmage-orc\"", "id=\"variant-orc\"");
  g_autofree char *variant = replace (orc, "id=\"arcmage-2021\"", "id=\"variant-2021\"");
  g_autofree char *path = write_user_file ("games", "variant.xml", variant);
  g_autoptr(DwLibrary) library = load_library ();
  DwGame *game = NULL;

  g_assert_cmpuint (dw_library_get_load_errors (library)->len, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_games (library)), ==, 3);
  g_assert_nonnull (dw_library_lookup_format (library, "variant-orc", &game));
  g_assert_cmpstr (dw_game_get_id (game), ==, "arcmage-variant");
}

static void
test_add_game_file_duplicate (gpointer      fixture,
                              gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  g_autofree char *path = dw_test_data_path ("games", "coraabia.xml", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (dw_library_add_game_file (library, path, &error));
  g_assert_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_DUPLICATE);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_games (library)), ==, 2);
}

static void
test_add_game_file_duplicate_format (gpointer      fixture,
                                     gconstpointer data)
{
  g_autoptr(DwLibrary) library = load_library ();
  g_autofree char *contents = read_data_file ("games", "arcmage.xml");
  g_autofree char *tmpdir = dw_test_make_tmpdir ();
  g_autofree char *renamed = replace (contents, "id=\"arcmage\"", "id=\"arcmage-variant\"");
  g_autofree char *path = dw_test_write_file (tmpdir, "variant.xml", renamed);
  g_autoptr(GError) error = NULL;
  gboolean added;

  /* A new game whose formats reuse the ids of another game's. */
  added = dw_library_add_game_file (library, path, &error);
  dw_test_remove_tree (tmpdir);

  g_assert_false (added);
  g_assert_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_DUPLICATE);
  g_assert_nonnull (strstr (error->message, "arcmage-orc"));
  g_assert_null (dw_library_lookup_game (library, "arcmage-variant"));
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_games (library)), ==, 2);
}

/* ------------------------------------------------------------ regressions
 *
 * Bugs found while writing these tests, each with the test that caught it. */

static void
test_same_id_twice_in_formats_file (gpointer      fixture,
                                              gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autoptr(DwLibrary) library = NULL;
  GListModel *formats;
  guint twins = 0;


  path = write_user_file ("formats", "twins.xml",
                          "<formats xmlns=\"urn:deckwright:game:1\" game=\"arcmage\">"
                          "<format id=\"twin\" name=\"Twin A\"><section ref=\"main\" min=\"1\"/></format>"
                          "<format id=\"twin\" name=\"Twin B\"><section ref=\"main\" min=\"2\"/></format>"
                          "</formats>");
  library = load_library ();
  formats = dw_game_get_formats (dw_library_lookup_game (library, "arcmage"));
  for (guint i = 0; i < g_list_model_get_n_items (formats); i++)
    {
      g_autoptr(DwFormat) format = g_list_model_get_item (formats, i);
      if (strcmp (dw_format_get_id (format), "twin") == 0)
        twins++;
    }

  /* Like a format reusing a shipped id, the file is refused as a whole. */
  g_assert_cmpuint (twins, ==, 0);
  single_load_error (library, path);
}

static void
test_formats_file_reuses_other_games_id (gpointer      fixture,
                                                   gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autoptr(DwLibrary) library = NULL;
  DwGame *game = NULL;


  path = write_user_file ("formats", "sneaky.xml",
                          "<formats xmlns=\"urn:deckwright:game:1\" game=\"coraabia\">"
                          "<format id=\"arcmage-2021\" name=\"Sneaky\"><section ref=\"deck\" min=\"1\"/>"
                          "</format></formats>");
  library = load_library ();

  /* Format ids are unique across games, as dw_library_add_game_file()
   * already insists: the file is refused. */
  single_load_error (library, path);
  g_assert_null (dw_game_lookup_format (dw_library_lookup_game (library, "coraabia"), "arcmage-2021"));
  g_assert_nonnull (dw_library_lookup_format (library, "arcmage-2021", &game));
  g_assert_cmpstr (dw_game_get_id (game), ==, "arcmage");
}

/* ------------------------------------------------------------ loading in the background */

typedef struct
{
  GThread   *main_thread;
  GPtrArray *added;       /* paths, in the order the card-dbs model grew */
  gboolean   off_main;    /* a database was added from another thread */
  gboolean   loading_seen;
  gboolean   loading_at_callback;
  gboolean   done;
  GError    *error;
} AsyncLoad;

static void
on_card_dbs_added_cb (GListModel *dbs,
                      guint       position,
                      guint       removed,
                      guint       added,
                      AsyncLoad  *load)
{
  if (g_thread_self () != load->main_thread)
    load->off_main = TRUE;
  g_assert_cmpuint (removed, ==, 0);
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);
      g_ptr_array_add (load->added, g_strdup (dw_card_db_get_path (db)));
    }
}

static void
on_loading_cb (DwLibrary *library,
               GParamSpec *pspec,
               AsyncLoad *load)
{
  if (dw_library_is_loading_card_dbs (library))
    load->loading_seen = TRUE;
}

static void
on_card_dbs_loaded_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  AsyncLoad *load = user_data;

  load->loading_at_callback = dw_library_is_loading_card_dbs (DW_LIBRARY (source));
  dw_library_load_card_dbs_finish (DW_LIBRARY (source), result, &load->error);
  load->done = TRUE;
}

/* Loads the games at once and the card databases in the background,
 * noting what the card-dbs model said and when. */
static DwLibrary *
load_library_async (AsyncLoad    *load,
                    GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  DwLibrary *library = dw_library_new ();

  load->main_thread = g_thread_self ();
  load->added = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (dw_library_get_card_dbs (library), "items-changed",
                    G_CALLBACK (on_card_dbs_added_cb), load);
  g_signal_connect (library, "notify::loading-card-dbs", G_CALLBACK (on_loading_cb), load);

  g_assert_true (dw_library_load_games (library, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_games (library)), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_card_dbs (library)), ==, 0);

  dw_library_load_card_dbs_async (library, cancellable, on_card_dbs_loaded_cb, load);
  /* Nothing is added behind the main loop's back: the databases arrive
   * only as it runs. */
  g_assert_true (dw_library_is_loading_card_dbs (library));
  g_assert_true (load->loading_seen);
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_card_dbs (library)), ==, 0);
  if (cancellable != NULL)
    g_cancellable_cancel (cancellable);
  /* Let the worker get ahead, so that several databases wait for the
   * main thread at once: the order they are added in is then the
   * library's doing, not the worker's pace. */
  g_usleep (G_USEC_PER_SEC / 5);

  while (!load->done)
    g_main_context_iteration (NULL, TRUE);
  return library;
}

static void
async_load_clear (AsyncLoad *load)
{
  g_clear_pointer (&load->added, g_ptr_array_unref);
  g_clear_error (&load->error);
}

/* The user's databases sort between the shipped ones' and after them
 * only by file name; a broken one sits in the middle. */
static void
test_async_load_matches_sync (gpointer      fixture,
                              gconstpointer data)
{
  g_autofree char *revised = write_user_file ("cards", "a-revised.xml", revised_db);
  g_autofree char *broken = write_user_file ("cards", "b-broken.xml",
                                             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                             "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                                             "  <card id=\"arc-u001\">\n"
                                             "</carddb>\n");
  g_autofree char *chess = write_user_file ("cards", "c-chess.xml",
                                            "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"chess\">"
                                            "<card id=\"k\"><name>King</name><type>Piece</type></card>"
                                            "</carddb>");
  g_autofree char *extra = write_user_file ("cards", "d-extra.xml",
                                            "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"coraabia\">"
                                            "<card id=\"cor-u001\"><name>Late Arrival</name><type>Trick</type>"
                                            "</card></carddb>");
  g_autoptr(DwLibrary) sync = load_library ();
  AsyncLoad load = { 0 };
  g_autoptr(DwLibrary) library = load_library_async (&load, NULL);
  GListModel *sync_dbs = dw_library_get_card_dbs (sync);
  GPtrArray *sync_errors = dw_library_get_load_errors (sync);
  GPtrArray *errors = dw_library_get_load_errors (library);
  DwCard *card;

  g_assert_no_error (load.error);
  g_assert_false (load.off_main);
  g_assert_false (load.loading_at_callback);
  g_assert_false (dw_library_is_loading_card_dbs (library));

  /* The same databases, in the same order, as the synchronous load:
   * the two shipped ones, then the user's good ones by file name. */
  g_assert_cmpuint (g_list_model_get_n_items (sync_dbs), ==, 4);
  g_assert_cmpuint (load.added->len, ==, g_list_model_get_n_items (sync_dbs));
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_card_dbs (library)), ==, load.added->len);
  for (guint i = 0; i < load.added->len; i++)
    {
      g_autoptr(DwCardDb) expected = g_list_model_get_item (sync_dbs, i);
      g_autoptr(DwCardDb) db = g_list_model_get_item (dw_library_get_card_dbs (library), i);

      g_assert_cmpstr (g_ptr_array_index (load.added, i), ==, dw_card_db_get_path (expected));
      g_assert_cmpstr (dw_card_db_get_path (db), ==, dw_card_db_get_path (expected));
    }
  g_assert_cmpstr (g_ptr_array_index (load.added, 2), ==, revised);
  g_assert_cmpstr (g_ptr_array_index (load.added, 3), ==, extra);

  /* The broken files are reported as the synchronous load reports them,
   * in the same order, naming the file. */
  g_assert_cmpuint (errors->len, ==, 2);
  g_assert_cmpuint (sync_errors->len, ==, errors->len);
  for (guint i = 0; i < errors->len; i++)
    {
      const GError *expected = g_ptr_array_index (sync_errors, i);
      const GError *error = g_ptr_array_index (errors, i);

      g_assert_true (error->domain == expected->domain);
      g_assert_cmpint (error->code, ==, expected->code);
      g_assert_cmpstr (error->message, ==, expected->message);
    }
  g_assert_nonnull (strstr (((const GError *) g_ptr_array_index (errors, 0))->message, broken));
  g_assert_nonnull (strstr (((const GError *) g_ptr_array_index (errors, 1))->message, chess));

  /* And the cards are found as they are after a synchronous load: the
   * user's later revision wins. */
  card = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  g_assert_nonnull (card);
  g_assert_cmpuint (dw_card_get_revision (card), ==, 2);
  g_assert_nonnull (dw_library_lookup_card (library, "coraabia", "cor-u001", 0, NULL));
  g_assert_nonnull (dw_library_lookup_card (library, "coraabia", "cor-0001", 0, NULL));
  g_assert_null (dw_library_lookup_card (library, "arcmage", "arc-u001", 0, NULL));

  async_load_clear (&load);
}

/* Cancelled before the main loop ran, the load adds nothing and says so. */
static void
test_async_load_cancelled (gpointer      fixture,
                           gconstpointer data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AsyncLoad load = { 0 };
  g_autoptr(DwLibrary) library = load_library_async (&load, cancellable);

  g_assert_error (load.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (load.added->len, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_get_card_dbs (library)), ==, 0);
  g_assert_false (dw_library_is_loading_card_dbs (library));
  async_load_clear (&load);
}

static void
add_test (const char *path,
          void      (*func) (gpointer, gconstpointer))
{
  g_test_add_vtable (path, 0, NULL, fixture_set_up, func, fixture_tear_down);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  /* Before anything reads it: the library keeps the first answer. */
  xdg_data_home = g_dir_make_tmp ("deckwright-test-library-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", xdg_data_home, TRUE);
  user_dir = g_build_filename (xdg_data_home, "deckwright", NULL);

  g_test_init (&argc, &argv, NULL);

  add_test ("/library/load-defaults/loads-two-games-and-two-card-dbs", test_load_defaults);
  add_test ("/library/load-defaults/fails-without-shipped-games", test_load_defaults_without_data);
  add_test ("/library/user-dir/is-under-xdg-data-home", test_user_dir_follows_xdg);
  add_test ("/library/load-card-dbs-async/adds-what-the-sync-load-adds-in-its-order",
            test_async_load_matches_sync);
  add_test ("/library/load-card-dbs-async/cancelled-adds-nothing", test_async_load_cancelled);

  add_test ("/library/lookup-game/by-id", test_lookup_game);
  add_test ("/library/lookup-format/returns-its-game", test_lookup_format);
  add_test ("/library/lookup-card/by-id", test_lookup_card_by_id);
  add_test ("/library/lookup-card/by-id-and-revision", test_lookup_card_by_revision);
  add_test ("/library/lookup-card/newest-revision-when-0", test_lookup_card_newest);
  add_test ("/library/lookup-card/newest-revision-whatever-the-load-order", test_lookup_card_newest_any_order);
  add_test ("/library/lookup-card/falls-back-to-name", test_lookup_card_by_name);
  add_test ("/library/lookup-card/only-in-its-game", test_lookup_card_own_game);

  add_test ("/library/format-for-deck/deck-format", test_format_for_deck_own);
  add_test ("/library/format-for-deck/override-wins", test_format_for_deck_override);
  add_test ("/library/format-for-deck/game-default-without-format", test_format_for_deck_default);
  add_test ("/library/format-for-deck/unknown-format-is-an-error", test_format_for_deck_unknown_format);
  add_test ("/library/format-for-deck/unknown-game-is-an-error", test_format_for_deck_unknown_game);
  add_test ("/library/validate-deck/resolves-entries", test_validate_deck_resolves);

  add_test ("/library/user-data/broken-game-file-is-reported-rest-loads", test_user_broken_game);
  add_test ("/library/user-data/broken-card-db-is-reported-rest-loads", test_user_broken_card_db);
  add_test ("/library/user-data/card-db-of-unknown-game-is-reported", test_user_card_db_for_unknown_game);
  add_test ("/library/user-data/card-db-is-added", test_user_card_db);
  add_test ("/library/user-data/extra-card-db-folders-load-after-the-users", test_extra_card_db_folders);
  add_test ("/library/user-data/formats-file-adds-format", test_user_formats);
  add_test ("/library/user-data/formats-of-unknown-game-are-reported", test_user_formats_broken);
  add_test ("/library/user-data/formats-file-reusing-an-id-is-refused", test_user_formats_existing_id);
  add_test ("/library/user-data/duplicate-game-is-refused", test_user_duplicate_game);
  add_test ("/library/user-data/new-game-is-added", test_user_new_game);
  add_test ("/library/add-game-file/duplicate-game-is-refused", test_add_game_file_duplicate);
  add_test ("/library/add-game-file/duplicate-format-id-is-refused", test_add_game_file_duplicate_format);

  add_test ("/library/formats-file-with-one-id-twice-is-refused",
            test_same_id_twice_in_formats_file);
  add_test ("/library/formats-file-reusing-another-games-format-id-is-refused",
            test_formats_file_reuses_other_games_id);

  status = g_test_run ();

  dw_test_remove_tree (xdg_data_home);
  g_free (user_dir);
  g_free (xdg_data_home);
  return status;
}
