/* test-deck-view.c — the deck grouped, sorted and shown as the player chose
 *
 * Runs under xvfb-run with GSETTINGS_BACKEND=memory and
 * G_DEBUG=fatal-warnings; GTK's test accessibility backend, so that what
 * a face is called can be read back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-deck-tile.h"
#include "dw-deck-row.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-window.h"

static DwLibrary *library;

/* Every test starts from the choices a new user has. */
static void
forget_choices (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  g_settings_reset (settings, "deck-group-by");
  g_settings_reset (settings, "deck-sort-by");
  g_settings_reset (settings, "deck-view-mode");
}

static DwWindow *
window_with (const char *deck_file)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);
  g_autofree char *path = dw_test_data_path ("decks", deck_file, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (dw_window_open_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  dw_test_relayout ();
  return window;
}

static void
choose (DwDeckView *view,
        const char *action,
        const char *value)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), action, "s", value));
  dw_test_relayout ();
}

static const char *
first_label (GtkWidget *root)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  dw_test_collect_widgets (root, GTK_TYPE_LABEL, labels);
  return labels->len > 0 ? gtk_label_get_text (g_ptr_array_index (labels, 0)) : NULL;
}

/* The group headings of a section, top to bottom: "Creature · 27".
 * Each is a heading to a screen reader, which reads it just before the
 * first row of its group. */
static GPtrArray *
headings_of (GtkListBox *box)
{
  GPtrArray *headings = g_ptr_array_new_with_free_func (g_free);
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (box, i)) != NULL; i++)
    {
      GtkWidget *header = gtk_list_box_row_get_header (row);
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();

      if (header == NULL)
        continue;
      dw_test_collect_widgets (header, GTK_TYPE_LABEL, labels);
      g_assert_cmpint (gtk_accessible_get_accessible_role (g_ptr_array_index (labels, 0)), ==,
                       GTK_ACCESSIBLE_ROLE_HEADING);
      g_assert_true (gtk_widget_get_next_sibling (header) == GTK_WIDGET (row));
      g_ptr_array_add (headings, g_strdup (first_label (header)));
    }
  return headings;
}

/* The entries of a section's rows, top to bottom. */
static GPtrArray *
rows_of (GtkListBox *box)
{
  GPtrArray *entries = g_ptr_array_new ();
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (box, i)) != NULL; i++)
    g_ptr_array_add (entries, dw_deck_row_get_entry (DW_DECK_ROW (row)));
  return entries;
}

static int
compare_strings (const char **a,
                 const char **b)
{
  return strcmp (*a, *b);
}

/* What the headings of @section should be when grouped by @property
 * ("type" or a property id), worked out from the deck and its cards:
 * the groups in the game's order, each with its total. */
static GPtrArray *
expected_headings (DwDeck     *deck,
                   const char *section,
                   const char *property)
{
  DwGame *game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
  const DwPropertyDef *def = g_str_equal (property, "type") ? NULL : dw_game_lookup_property (game, property);
  GListModel *entries = dw_deck_get_section (deck, section);
  g_autoptr(GHashTable) totals = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *headings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  guint none = 0;

  for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
      DwCard *card = dw_deck_entry_get_card (entry);
      const char *value = def ? dw_card_get_value (card, def->id) : dw_card_get_card_type (card);
      guint total;

      if (value == NULL)
        {
          none += dw_deck_entry_get_count (entry);
          continue;
        }
      total = GPOINTER_TO_UINT (g_hash_table_lookup (totals, value));
      g_hash_table_insert (totals, (gpointer) value, GUINT_TO_POINTER (total + dw_deck_entry_get_count (entry)));
    }

  if (def == NULL)
    for (guint i = 0; i < dw_game_get_n_types (game); i++)
      g_ptr_array_add (order, dw_game_get_card_type_def (game, i)->name);
  else if (def->kind == DW_PROPERTY_ENUM)
    for (guint i = 0; def->values[i]; i++)
      g_ptr_array_add (order, def->values[i]);
  else  /* costs: numbers upwards, then the rest ("S", "X") */
    {
      g_autoptr(GPtrArray) rest = g_ptr_array_new ();
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, totals);
      while (g_hash_table_iter_next (&iter, &value, NULL))
        g_ptr_array_add (rest, value);

      for (guint c = 0; c <= 20; c++)
        {
          g_autofree char *text = g_strdup_printf ("%u", c);
          gpointer key;

          if (g_hash_table_lookup_extended (totals, text, &key, NULL))
            {
              g_ptr_array_add (order, key);
              g_ptr_array_remove (rest, key);
            }
        }
      g_ptr_array_sort (rest, (GCompareFunc) compare_strings);
      for (guint i = 0; i < rest->len; i++)
        g_ptr_array_add (order, g_ptr_array_index (rest, i));
    }

  for (guint i = 0; i < order->len; i++)
    {
      guint total = GPOINTER_TO_UINT (g_hash_table_lookup (totals, g_ptr_array_index (order, i)));

      if (total == 0)
        continue;
      if (def != NULL && def->kind == DW_PROPERTY_COST)
        g_ptr_array_add (headings, g_strdup_printf ("%s %s · %u", def->name,
                                                    (char *) g_ptr_array_index (order, i), total));
      else if (def != NULL && def->kind == DW_PROPERTY_ENUM)
        /* A value reads as the game names it: "None (colourless)". */
        g_ptr_array_add (headings, g_strdup_printf ("%s · %u",
                                                    dw_property_def_value_name (def, g_ptr_array_index (order, i)),
                                                    total));
      else
        g_ptr_array_add (headings, g_strdup_printf ("%s · %u", (char *) g_ptr_array_index (order, i), total));
    }
  if (none > 0)
    {
      g_autofree char *lower = g_utf8_strdown (def->name, -1);
      g_ptr_array_add (headings, g_strdup_printf ("No %s · %u", lower, none));
    }
  return headings;
}

static void
assert_same_strings (GPtrArray *got,
                     GPtrArray *want)
{
  for (guint i = 0; i < MAX (got->len, want->len); i++)
    g_test_message ("%-28s %s", i < got->len ? (char *) g_ptr_array_index (got, i) : "-",
                    i < want->len ? (char *) g_ptr_array_index (want, i) : "-");
  g_assert_cmpuint (got->len, ==, want->len);
  for (guint i = 0; i < got->len; i++)
    g_assert_cmpstr (g_ptr_array_index (got, i), ==, g_ptr_array_index (want, i));
}

/* Grouped by type, cost, faction and domain, the main deck's headings
 * name each group with its total; cards without a domain are "No
 * domain". */
static void
test_group_by_each_kind (void)
{
  DwWindow *window;
  DwDeckView *view;
  const char *kinds[] = { "type", "cost", "faction", "domain" };

  forget_choices ();
  window = window_with ("a21-gilded-legion.xml");
  view = dw_window_get_deck_view (window);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GPtrArray) got = NULL;
      g_autoptr(GPtrArray) want = expected_headings (dw_window_get_deck (window), "main", kinds[k]);
      g_autofree char *now = NULL;

      choose (view, "deck.group-by", kinds[k]);
      g_object_get (view, "group-by", &now, NULL);
      g_assert_cmpstr (now, ==, kinds[k]);
      got = headings_of (dw_deck_view_get_section_box (view, "main"));
      g_test_message ("grouped by %s", kinds[k]);
      assert_same_strings (got, want);
      g_assert_cmpuint (got->len, >, 1);
    }
  /* Coraabia's own: rarity, and no domain to offer. */
  gtk_window_destroy (GTK_WINDOW (window));

  window = window_with ("cor-bone-choir.xml");
  view = dw_window_get_deck_view (window);
  choose (view, "deck.group-by", "rarity");
  {
    g_autoptr(GPtrArray) got = headings_of (dw_deck_view_get_section_box (view, "deck"));
    g_autoptr(GPtrArray) want = expected_headings (dw_window_get_deck (window), "deck", "rarity");

    assert_same_strings (got, want);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Costs that are numbers come first, upwards; the others ("S", "T-2")
 * after them, as their text sorts. */
static int
compare_costs (DwDeckEntry *a,
               DwDeckEntry *b)
{
  const char *ca = dw_card_get_value (dw_deck_entry_get_card (a), "cost");
  const char *cb = dw_card_get_value (dw_deck_entry_get_card (b), "cost");
  gint64 na = G_MAXINT, nb = G_MAXINT;

  if (ca == NULL || !g_ascii_string_to_signed (ca, 10, 0, 1000, &na, NULL))
    na = G_MAXINT;
  if (cb == NULL || !g_ascii_string_to_signed (cb, 10, 0, 1000, &nb, NULL))
    nb = G_MAXINT;
  if (na != nb)
    return na < nb ? -1 : 1;
  return g_strcmp0 (ca, cb);
}

/* Within each group the rows follow the order chosen: names
 * alphabetically, costs upwards, counts downwards (ties by name). */
static void
test_sorting_orders_rows (void)
{
  DwWindow *window;
  DwDeckView *view;
  const char *orders[] = { "name", "cost", "count" };

  forget_choices ();
  window = window_with ("a21-gilded-legion.xml");
  view = dw_window_get_deck_view (window);
  for (guint o = 0; o < G_N_ELEMENTS (orders); o++)
    {
      GtkListBox *box = dw_deck_view_get_section_box (view, "main");
      g_autoptr(GPtrArray) rows = NULL;
      guint changes = 0;

      choose (view, "deck.sort-by", orders[o]);
      rows = rows_of (box);
      g_assert_cmpuint (rows->len, >, 10);
      for (guint i = 1; i < rows->len; i++)
        {
          DwDeckEntry *a = g_ptr_array_index (rows, i - 1);
          DwDeckEntry *b = g_ptr_array_index (rows, i);
          int by_name = g_utf8_collate (dw_deck_entry_get_display_name (a), dw_deck_entry_get_display_name (b));

          /* A new group starts: no order across it. */
          if (gtk_list_box_row_get_header (gtk_list_box_get_row_at_index (box, (int) i)) != NULL)
            continue;
          if (g_str_equal (orders[o], "name"))
            g_assert_cmpint (by_name, <, 0);
          else if (g_str_equal (orders[o], "cost"))
            g_assert_true (compare_costs (a, b) < 0 || (compare_costs (a, b) == 0 && by_name < 0));
          else
            g_assert_true (dw_deck_entry_get_count (a) > dw_deck_entry_get_count (b) ||
                           (dw_deck_entry_get_count (a) == dw_deck_entry_get_count (b) && by_name < 0));
          if (compare_costs (a, b) != 0 || dw_deck_entry_get_count (a) != dw_deck_entry_get_count (b))
            changes++;
        }
      g_assert_cmpuint (changes, >, 0);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A chapter of regions keeps its printed order under every grouping and
 * sorting, without headings: its order is a rule. */
static void
test_regions_keep_their_order (void)
{
  const char *kinds[] = { "type", "cost", "faction", "domain", "position" };
  const char *orders[] = { "name", "cost", "count" };
  DwWindow *window;
  DwDeckView *view;
  GListModel *regions;

  forget_choices ();
  window = window_with ("orc-green-wall.xml");
  view = dw_window_get_deck_view (window);
  regions = dw_deck_get_section (dw_window_get_deck (window), "regions");
  g_assert_cmpuint (g_list_model_get_n_items (regions), ==, 3);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint o = 0; o < G_N_ELEMENTS (orders); o++)
      {
        GtkListBox *box = dw_deck_view_get_section_box (view, "regions");
        g_autoptr(GPtrArray) rows = NULL;

        choose (view, "deck.group-by", kinds[k]);
        choose (view, "deck.sort-by", orders[o]);
        rows = rows_of (box);
        g_assert_cmpuint (rows->len, ==, 3);
        for (guint i = 0; i < rows->len; i++)
          {
            g_autoptr(DwDeckEntry) entry = g_list_model_get_item (regions, i);

            g_assert_true (g_ptr_array_index (rows, i) == entry);
            g_assert_null (gtk_list_box_row_get_header (gtk_list_box_get_row_at_index (box, (int) i)));
          }
      }
  gtk_window_destroy (GTK_WINDOW (window));
}

static char *
decklist_of (DwDeckView *view)
{
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  dw_test_collect_widgets (GTK_WIDGET (view), GTK_TYPE_TEXT_VIEW, views);
  g_assert_cmpuint (views->len, ==, 1);
  buffer = gtk_text_view_get_buffer (g_ptr_array_index (views, 0));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* The decklist of the shipped Bone Choir, as a player writes it. */
static void
test_decklist_text (void)
{
  DwWindow *window;
  DwDeckView *view;
  g_autofree char *text = NULL;
  g_autofree char *by_count = NULL;
  GtkWidget *text_view;
  g_autoptr(GPtrArray) views = g_ptr_array_new ();

  forget_choices ();
  window = window_with ("cor-bone-choir.xml");
  view = dw_window_get_deck_view (window);
  choose (view, "deck.view-mode", "text");
  dw_test_collect_widgets (GTK_WIDGET (view), GTK_TYPE_TEXT_VIEW, views);
  text_view = g_ptr_array_index (views, 0);
  g_assert_true (gtk_widget_get_mapped (text_view));
  g_assert_false (gtk_text_view_get_editable (GTK_TEXT_VIEW (text_view)));

  text = decklist_of (view);
  g_assert_cmpstr (text, ==,
                   "Deck · 27\n"
                   "Character · 20\n"
                   "3 Bone Choir Acolyte\n"
                   "2 Crypt Lantern Keeper\n"
                   "2 Cult Blood-Scribe\n"
                   "2 Grave-Dust Daemon\n"
                   "1 Hollow Lord Vesk\n"
                   "2 Necro-Cult Hierophant\n"
                   "2 Plague Bell Ringer\n"
                   "2 Rotting Ferryman\n"
                   "3 Shambling Zomb Laborer\n"
                   "1 The Pale Matriarch\n"
                   "Trick · 7\n"
                   "3 Grave Chill\n"
                   "2 Raise the Fallen\n"
                   "2 Smoke Screen\n"
                   "\n"
                   "Connections · 2\n"
                   "Connection · 2\n"
                   "1 Marrow Chapel\n"
                   "1 Sewer Map\n");

  /* It follows the order chosen, and the deck as it changes. */
  choose (view, "deck.sort-by", "count");
  by_count = decklist_of (view);
  g_assert_true (strstr (by_count, "Character · 20\n3 Bone Choir Acolyte\n3 Shambling Zomb Laborer\n2 Crypt") != NULL);
  {
    GListModel *connections = dw_deck_get_section (dw_window_get_deck (window), "connections");
    g_autoptr(DwDeckEntry) chapel = g_list_model_get_item (connections, 0);
    g_autofree char *after = NULL;

    dw_deck_history_remove (dw_window_get_history (window), chapel, 1);
    dw_test_relayout ();
    after = decklist_of (view);
    g_assert_true (g_str_has_suffix (after, "Connections · 1\nConnection · 1\n1 Sewer Map\n"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The three views show the same sections, groups and counts: the list's
 * rows and headings, the decklist's lines and the grid's faces under
 * the same headings. */
static void
test_views_show_the_same_counts (void)
{
  const char *sections[] = { "main", "regions", "tokens" };
  const char *names[] = { "Main deck", "Regions", "Tokens" };
  DwWindow *window;
  DwDeckView *view;
  DwDeck *deck;
  GtkWidget *grid_page;
  g_autoptr(GPtrArray) grids = g_ptr_array_new ();
  g_autoptr(GPtrArray) faces = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autofree char *text = NULL;

  forget_choices ();
  window = window_with ("orc-green-wall.xml");
  view = dw_window_get_deck_view (window);
  deck = dw_window_get_deck (window);
  choose (view, "deck.group-by", "faction");

  choose (view, "deck.view-mode", "text");
  text = decklist_of (view);
  choose (view, "deck.view-mode", "grid");
  grid_page = gtk_stack_get_child_by_name (GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (dw_deck_view_get_section_box (view, "main")),
                                                                              GTK_TYPE_STACK)), "grid");
  g_assert_true (gtk_widget_get_mapped (grid_page));
  dw_test_collect_widgets (grid_page, GTK_TYPE_GRID_VIEW, grids);
  for (guint g = 0; g < grids->len; g++)
    {
      GListModel *model = G_LIST_MODEL (gtk_grid_view_get_model (g_ptr_array_index (grids, g)));

      g_assert_true (gtk_widget_get_mapped (g_ptr_array_index (grids, g)));
      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        g_ptr_array_add (faces, g_list_model_get_item (model, i));
    }

  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      GtkListBox *box = dw_deck_view_get_section_box (view, sections[s]);
      g_autoptr(GPtrArray) section_rows = rows_of (box);
      g_autoptr(GPtrArray) headings = headings_of (box);
      g_autofree char *heading = g_strdup_printf ("%s · %u\n", names[s], dw_deck_count_section (deck, sections[s]));
      guint total = 0;

      for (guint i = 0; i < section_rows->len; i++)
        {
          DwDeckEntry *entry = g_ptr_array_index (section_rows, i);
          g_autofree char *line = g_strdup_printf ("\n%u %s\n", dw_deck_entry_get_count (entry),
                                                   dw_deck_entry_get_display_name (entry));

          g_assert_nonnull (strstr (text, line));
          total += dw_deck_entry_get_count (entry);
          g_ptr_array_add (rows, entry);
        }
      g_assert_cmpuint (total, ==, dw_deck_count_section (deck, sections[s]));
      if (total > 0)
        g_assert_nonnull (strstr (text, heading));
      for (guint h = 0; h < headings->len; h++)
        {
          g_autofree char *line = g_strdup_printf ("\n%s\n", (char *) g_ptr_array_index (headings, h));

          g_assert_nonnull (strstr (text, line));
          g_assert_true (dw_test_has_label (grid_page, g_ptr_array_index (headings, h)));
        }
    }

  /* Face for row, in the same order. */
  g_assert_cmpuint (faces->len, ==, rows->len);
  for (guint i = 0; i < rows->len; i++)
    g_assert_true (g_ptr_array_index (faces, i) == g_ptr_array_index (rows, i));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Each face is named "3 × Card Name", and its cell (what the keyboard
 * focuses) too; activating a face picks its entry as a row does. */
static void
test_faces_are_named_and_pick (void)
{
  DwWindow *window;
  DwDeckView *view;
  g_autoptr(GPtrArray) tiles = g_ptr_array_new ();
  g_autoptr(GPtrArray) grids = g_ptr_array_new ();
  g_autoptr(GPtrArray) selected = NULL;
  DwDeckEntry *entry;
  g_autofree char *name = NULL;
  char *failure;

  forget_choices ();
  window = window_with ("cor-bone-choir.xml");
  view = dw_window_get_deck_view (window);
  choose (view, "deck.view-mode", "grid");
  dw_test_collect_widgets (GTK_WIDGET (view), DW_TYPE_DECK_TILE, tiles);
  g_assert_cmpuint (tiles->len, ==, 15);
  for (guint i = 0; i < tiles->len; i++)
    {
      GtkWidget *tile = g_ptr_array_index (tiles, i);
      g_autofree char *label = NULL;

      entry = dw_deck_tile_get_entry (DW_DECK_TILE (tile));
      label = g_strdup_printf ("%u × %s", dw_deck_entry_get_count (entry), dw_deck_entry_get_display_name (entry));
      failure = gtk_test_accessible_check_property (GTK_ACCESSIBLE (tile), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
      g_assert_null (failure);
      failure = gtk_test_accessible_check_property (GTK_ACCESSIBLE (gtk_widget_get_parent (tile)),
                                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label);
      g_assert_null (failure);
      g_assert_true (gtk_widget_get_focusable (gtk_widget_get_parent (tile)));
    }

  /* The first face of the deck: "3 × Bone Choir Acolyte"; then a count
   * changes and the name follows. */
  dw_test_collect_widgets (GTK_WIDGET (view), GTK_TYPE_GRID_VIEW, grids);
  g_signal_emit_by_name (g_ptr_array_index (grids, 0), "activate", 0);
  dw_test_settle ();
  selected = dw_deck_view_get_selected (view);
  g_assert_cmpuint (selected->len, ==, 1);
  entry = g_ptr_array_index (selected, 0);
  g_assert_cmpstr (dw_deck_entry_get_display_name (entry), ==, "Bone Choir Acolyte");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "deck.remove-selected", NULL));
  dw_test_relayout ();
  for (guint i = 0; i < tiles->len; i++)
    if (dw_deck_tile_get_entry (g_ptr_array_index (tiles, i)) == entry)
      {
        failure = gtk_test_accessible_check_property (GTK_ACCESSIBLE (g_ptr_array_index (tiles, i)),
                                                      GTK_ACCESSIBLE_PROPERTY_LABEL, "2 × Bone Choir Acolyte");
        g_assert_null (failure);
        name = g_strdup ("found");
      }
  g_assert_nonnull (name);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The drop targets under @root, depth first. */
static void
collect_drop_targets (GtkWidget *root,
                      GPtrArray *found)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (root);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        g_ptr_array_add (found, controller);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_drop_targets (child, found);
}

/* A card dropped on the faces joins their section, as on the rows. */
static void
test_faces_take_dropped_cards (void)
{
  DwWindow *window;
  DwDeckView *view;
  GtkWidget *grid_page;
  g_autoptr(GPtrArray) targets = g_ptr_array_new ();
  DwCard *chill = dw_library_lookup_card (library, "coraabia", "cor-0082", 0, NULL);
  g_auto(GValue) value = G_VALUE_INIT;
  gboolean taken = FALSE;
  guint before;

  forget_choices ();
  window = window_with ("cor-bone-choir.xml");
  view = dw_window_get_deck_view (window);
  choose (view, "deck.view-mode", "grid");
  grid_page = gtk_stack_get_child_by_name (GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (dw_deck_view_get_section_box (view, "deck")),
                                                                              GTK_TYPE_STACK)), "grid");
  collect_drop_targets (grid_page, targets);
  g_assert_cmpuint (targets->len, ==, 3);  /* the deck, the connections and Considering */
  g_assert_nonnull (chill);
  before = dw_deck_count_section (dw_window_get_deck (window), "deck");
  g_value_init (&value, DW_TYPE_CARD);
  g_value_set_object (&value, chill);
  g_signal_emit_by_name (g_ptr_array_index (targets, 0), "drop", &value, 10.0, 10.0, &taken);
  dw_test_relayout ();
  g_assert_true (taken);
  g_assert_cmpuint (dw_deck_count_section (dw_window_get_deck (window), "deck"), ==, before + 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first card stays where it is as the deck turns illegal and as its
 * problems are opened; the problem still picks its cards. */
static void
test_cards_never_move (void)
{
  DwWindow *window;
  DwDeckView *view;
  GtkWidget *first_row;
  g_autoptr(DwDeckEntry) first = NULL;
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) selected = NULL;
  GtkMenuButton *problems = NULL;
  GtkWidget *problem_row = NULL;
  double legal, illegal, opened;

  forget_choices ();
  window = window_with ("orc-green-wall.xml");
  view = dw_window_get_deck_view (window);
  first_row = GTK_WIDGET (gtk_list_box_get_row_at_index (dw_deck_view_get_section_box (view, "main"), 0));
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  legal = dw_test_top_of (first_row, GTK_WIDGET (window));

  first = g_list_model_get_item (dw_deck_get_section (dw_window_get_deck (window), "main"), 1);
  dw_deck_history_remove (dw_window_get_history (window), first, 1);
  dw_test_relayout ();
  g_assert_false (g_str_equal (dw_window_get_badge_text (window), "Legal"));
  illegal = dw_test_top_of (first_row, GTK_WIDGET (window));

  dw_test_collect_widgets (GTK_WIDGET (view), GTK_TYPE_MENU_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (gtk_menu_button_get_popover (g_ptr_array_index (buttons, i)) != NULL &&
        gtk_menu_button_get_menu_model (g_ptr_array_index (buttons, i)) == NULL)
      problems = g_ptr_array_index (buttons, i);
  g_assert_nonnull (problems);
  gtk_menu_button_popup (problems);
  dw_test_relayout ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (gtk_menu_button_get_popover (problems))));
  opened = dw_test_top_of (first_row, GTK_WIDGET (window));
  g_test_message ("first card at y %.0f legal, %.0f illegal, %.0f with the problems open", legal, illegal, opened);
  g_assert_cmpfloat (illegal, ==, legal);
  g_assert_cmpfloat (opened, ==, legal);

  dw_test_collect_widgets (GTK_WIDGET (gtk_menu_button_get_popover (problems)), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_str_has_prefix (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), "59 cards in the main deck"))
      problem_row = g_ptr_array_index (rows, i);
  g_assert_nonnull (problem_row);
  g_assert_true (gtk_widget_get_mapped (problem_row));
  g_assert_true (gtk_widget_activate (problem_row));
  dw_test_relayout ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (problems))));
  selected = dw_deck_view_get_selected (view);
  g_assert_cmpuint (selected->len, >, 1);
  g_assert_cmpfloat (dw_test_top_of (first_row, GTK_WIDGET (window)), ==, legal);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window's badge opens the problems over the cards, from the
 * statistics page too. */
static void
test_badge_opens_the_problems (void)
{
  DwWindow *window;
  DwDeckView *view;
  GtkStack *pages;
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkPopover *problems = NULL;

  forget_choices ();
  window = window_with ("arcmage-illegal-copy-limit.xml");
  view = dw_window_get_deck_view (window);
  dw_test_collect_widgets (GTK_WIDGET (view), GTK_TYPE_MENU_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (gtk_menu_button_get_menu_model (g_ptr_array_index (buttons, i)) == NULL)
      problems = gtk_menu_button_get_popover (g_ptr_array_index (buttons, i));
  g_assert_nonnull (problems);

  pages = GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_STACK));
  gtk_stack_set_visible_child_name (pages, "statistics");
  dw_test_relayout ();
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-problems", NULL));
  dw_test_relayout ();
  g_assert_cmpstr (gtk_stack_get_visible_child_name (pages), ==, "deck");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (problems)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The grouping (each game its own), the order and the view come back in
 * a new window. */
static void
test_choices_are_remembered (void)
{
  DwWindow *window;
  DwDeckView *view;
  g_autofree char *group_by = NULL;
  g_autofree char *sort_by = NULL;
  g_autofree char *view_mode = NULL;
  g_autofree char *coraabia_group = NULL;
  GtkWidget *stack;

  forget_choices ();
  window = window_with ("a21-gilded-legion.xml");
  view = dw_window_get_deck_view (window);
  choose (view, "deck.group-by", "domain");
  choose (view, "deck.sort-by", "count");
  choose (view, "deck.view-mode", "grid");
  gtk_window_destroy (GTK_WINDOW (window));

  window = window_with ("orc-green-wall.xml");
  view = dw_window_get_deck_view (window);
  g_object_get (view, "group-by", &group_by, "sort-by", &sort_by, "view-mode", &view_mode, NULL);
  g_assert_cmpstr (group_by, ==, "domain");
  g_assert_cmpstr (sort_by, ==, "count");
  g_assert_cmpstr (view_mode, ==, "grid");
  stack = gtk_widget_get_ancestor (GTK_WIDGET (dw_deck_view_get_section_box (view, "main")), GTK_TYPE_STACK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "grid");
  gtk_window_destroy (GTK_WINDOW (window));

  /* Coraabia has no domain: its cards group by type, and Arcmage keeps
   * its domain. */
  window = window_with ("cor-bone-choir.xml");
  view = dw_window_get_deck_view (window);
  g_object_get (view, "group-by", &coraabia_group, NULL);
  g_assert_cmpstr (coraabia_group, ==, "type");
  gtk_window_destroy (GTK_WINDOW (window));
  {
    g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
    g_autofree char *arcmage = NULL;
    g_autoptr(GVariant) saved = g_settings_get_value (settings, "deck-group-by");

    g_assert_true (g_variant_lookup (saved, "arcmage", "s", &arcmage));
    g_assert_cmpstr (arcmage, ==, "domain");
  }
}

/* Labels under @root that are drawn with their text cut short. */
static void
collect_cut_labels (GtkWidget *root,
                    GPtrArray *cut)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  dw_test_collect_widgets (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      if (gtk_widget_get_mapped (GTK_WIDGET (label)) &&
          gtk_label_get_ellipsize (label) != PANGO_ELLIPSIZE_NONE &&
          pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        g_ptr_array_add (cut, label);
    }
}

/* At 1280×800, and in a window somewhat narrower, no card name, heading
 * or title of the deck is cut short, in either game's longest names
 * ("Shambling Zomb Laborer" beside its rarity read "Shambling Zomb
 * Labo…"): a long name takes a second line. */
static void
test_no_name_is_cut (void)
{
  static const char * const decks[] = {
    "cor-bone-choir.xml", "cor-vat-whispers.xml", "orc-crown-and-eagle.xml", "a21-gilded-legion.xml",
  };
  static const int widths[] = { 1280, 1100 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
      {
        DwWindow *window = window_with (decks[i]);
        g_autoptr(GPtrArray) cut = g_ptr_array_new ();

        gtk_window_set_default_size (GTK_WINDOW (window), widths[w], 800);
        dw_test_relayout ();
        collect_cut_labels (GTK_WIDGET (dw_window_get_deck_view (window)), cut);
        for (guint j = 0; j < cut->len; j++)
          g_test_message ("%s at %d px: cut: %s", decks[i], widths[w], gtk_label_get_text (g_ptr_array_index (cut, j)));
        g_assert_cmpuint (cut->len, ==, 0);
        gtk_window_destroy (GTK_WINDOW (window));
      }
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_setenv ("GTK_A11Y", "test", TRUE);
  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/deck-view/group-by-each-kind", test_group_by_each_kind);
  g_test_add_func ("/deck-view/sorting-orders-rows", test_sorting_orders_rows);
  g_test_add_func ("/deck-view/regions-keep-their-order", test_regions_keep_their_order);
  g_test_add_func ("/deck-view/decklist-text", test_decklist_text);
  g_test_add_func ("/deck-view/views-show-the-same-counts", test_views_show_the_same_counts);
  g_test_add_func ("/deck-view/faces-are-named-and-pick", test_faces_are_named_and_pick);
  g_test_add_func ("/deck-view/faces-take-dropped-cards", test_faces_take_dropped_cards);
  g_test_add_func ("/deck-view/cards-never-move", test_cards_never_move);
  g_test_add_func ("/deck-view/badge-opens-the-problems", test_badge_opens_the_problems);
  g_test_add_func ("/deck-view/choices-are-remembered", test_choices_are_remembered);
  g_test_add_func ("/deck-view/no-name-is-cut", test_no_name_is_cut);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
