/* dw-library-row.c — one deck or folder of the library, as a row
 *
 * A deck's row shows its name, game and format, the verdict of its
 * format with the number of problems, its card count, the factions it
 * draws on (in their colours), when its file last changed, and a cover:
 * the card it chose (<cover card="…"/>) when it holds it, else its first
 * card, drawn by the card painter.  What it shows of a deck is
 * a DwLibrarySummary, read from the file once per change of the file.
 *
 * Every row has the same height, worked out once from its fonts (each
 * line of text is one line, cut short with "…"), never from what it
 * says: GTK 4.8's GtkListView keeps about 200 rows bound and measures
 * every one of them, so a row that a search binds to another deck costs
 * no measuring until it is filled.  A row is held for an item
 * (dw_library_row_hold(): its file and what a screen reader says of it,
 * both cheap) and filled (dw_library_row_show_deck(), _show_folder())
 * only when its owner sees it come on screen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card-paint.h"
#include "dw-import.h"
#include "dw-library-row.h"
#include "dw-problem.h"

struct _DwLibraryRow
{
  GtkWidget       parent_instance;

  GFile          *file;
  DwGame         *game;
  DwCard         *cover_card;
  char           *verdict_text;
  char           *spoken;       /* what a screen reader says of the row */
  gboolean        folder;
  gboolean        filled;       /* shows the item it holds, not one before */
  struct _DwLibraryRowContent *c; /* what it shows; NULL until it is first filled */
};

/* A row's labels, cover and badges: built from the template for the
 * rows that come on screen only, and handed from a row that goes to
 * the next one filled. */
#define DW_TYPE_LIBRARY_ROW_CONTENT (dw_library_row_content_get_type ())
G_DECLARE_FINAL_TYPE (DwLibraryRowContent, dw_library_row_content, DW, LIBRARY_ROW_CONTENT, GtkWidget)

struct _DwLibraryRowContent
{
  GtkWidget       parent_instance;

  /* Template children */
  GtkWidget      *box;
  GtkStack       *cover_stack;
  GtkDrawingArea *cover;
  GtkImage       *icon;
  GtkWidget      *lines;
  GtkLabel       *title;
  GtkWidget      *marks;
  GtkLabel       *place;
  GtkLabel       *subtitle;
  GtkWidget      *facts;
  GtkLabel       *verdict;
  GtkLabel       *factions;
  GtkLabel       *tags;
  GtkLabel       *changed;
};

G_DEFINE_FINAL_TYPE (DwLibraryRowContent, dw_library_row_content, GTK_TYPE_WIDGET)
G_DEFINE_FINAL_TYPE (DwLibraryRow, dw_library_row, GTK_TYPE_WIDGET)

typedef struct
{
  DwLibrarySummary *summary;
  const char       *first_section;
  const char       *chosen_cover;   /* the deck's <cover card="…"/>, or NULL */
  gboolean          cover_chosen;   /* the deck holds it: it is the cover */
} SummaryWalk;

static void
summarise_entry (gpointer data,
                 gpointer user_data)
{
  DwDeckEntry *entry = data;
  SummaryWalk *walk = user_data;
  DwCard *card = dw_deck_entry_get_card (entry);
  const char *faction;

  /* What the player considers is not the deck. */
  if (g_strcmp0 (dw_deck_entry_get_section (entry), "considering") == 0 || card == NULL)
    return;
  if (!walk->cover_chosen && walk->chosen_cover != NULL &&
      g_strcmp0 (dw_card_get_id (card), walk->chosen_cover) == 0)
    {
      g_set_object (&walk->summary->cover, card);
      walk->cover_chosen = TRUE;
    }
  if (walk->summary->cover == NULL && g_strcmp0 (dw_deck_entry_get_section (entry), walk->first_section) == 0)
    walk->summary->cover = g_object_ref (card);
  faction = dw_card_get_value (card, "faction");
  if (faction != NULL && *faction != '\0' &&
      !g_ptr_array_find_with_equal_func (walk->summary->factions, faction, g_str_equal, NULL))
    g_ptr_array_add (walk->summary->factions, g_strdup (faction));
}

/* Reads @file as a deck of any format Deckwright opens.  Never fails: a
 * deck that cannot be read is summarised by its reason. */
DwLibrarySummary *
dw_library_summary_read (DwLibrary *library,
                         GFile     *file,
                         gint64     mtime)
{
  DwLibrarySummary *summary = g_new0 (DwLibrarySummary, 1);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  DwFormat *format;
  SummaryWalk walk = { summary, NULL, NULL, FALSE };

  summary->mtime = mtime;
  summary->factions = g_ptr_array_new_with_free_func (g_free);
  summary->name = g_file_get_basename (file);

  if (g_str_has_suffix (path, ".xml"))
    deck = dw_deck_load (path, &error);
  else
    {
      g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

      deck = dw_import_deck_file (library, path, DW_IMPORT_AUTO, NULL, warnings, &error);
    }
  if (deck == NULL)
    {
      summary->error = g_strdup (error->message);
      return summary;
    }

  summary->game_id = g_strdup (dw_deck_get_game_id (deck));
  if (dw_deck_get_name (deck) != NULL && *dw_deck_get_name (deck) != '\0')
    {
      g_free (summary->name);
      summary->name = g_strdup (dw_deck_get_name (deck));
    }
  summary->game = dw_library_lookup_game (library, summary->game_id);
  if (summary->game == NULL)
    {
      summary->error = g_strdup_printf (_("A deck for the game “%s”, which Deckwright does not know"),
                                        summary->game_id);
      return summary;
    }
  g_object_ref (summary->game);

  dw_library_resolve_deck (library, deck);
  format = dw_library_format_for_deck (library, deck, NULL, NULL);
  if (format == NULL)
    format = dw_game_get_default_format (summary->game);
  summary->format_name = g_strdup (dw_format_get_name (format));
  problems = dw_library_validate_deck (library, deck, format);
  for (guint i = 0; i < problems->len; i++)
    {
      if (dw_problem_get_severity (g_ptr_array_index (problems, i)) == DW_SEVERITY_ERROR)
        summary->errors++;
      else
        summary->warnings++;
    }
  summary->cards = dw_deck_count_copies (deck);
  if (dw_deck_get_tags (deck)[0] != NULL)
    summary->tags = g_strjoinv (", ", (char **) dw_deck_get_tags (deck));
  if (dw_deck_get_n_sections (deck) > 0)
    walk.first_section = dw_deck_get_section_id (deck, 0);
  walk.chosen_cover = dw_deck_get_cover_id (deck);
  dw_deck_foreach_entry (deck, summarise_entry, &walk);
  return summary;
}

void
dw_library_summary_free (DwLibrarySummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->name);
  g_free (summary->error);
  g_free (summary->game_id);
  g_free (summary->format_name);
  g_free (summary->tags);
  g_clear_object (&summary->game);
  g_clear_object (&summary->cover);
  g_clear_pointer (&summary->factions, g_ptr_array_unref);
  g_free (summary);
}

/* What a row says of a deck's legality: "Legal", "Illegal: 3 problems",
 * "Unreadable". */
char *
dw_library_summary_verdict (const DwLibrarySummary *summary)
{
  if (summary->error != NULL)
    return g_strdup (_("Unreadable"));
  if (summary->errors > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Illegal: %u problem", "Illegal: %u problems",
                                         summary->errors + summary->warnings),
                            summary->errors + summary->warnings);
  if (summary->warnings > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Legal, with %u warning", "Legal, with %u warnings",
                                         summary->warnings), summary->warnings);
  return g_strdup (_("Legal"));
}

static void
draw_cover (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  DwLibraryRow *self = DW_LIBRARY_ROW (gtk_widget_get_ancestor (GTK_WIDGET (area), DW_TYPE_LIBRARY_ROW));

  if (self != NULL && self->cover_card != NULL && self->game != NULL)
    dw_card_paint_small (gtk_widget_get_pango_context (GTK_WIDGET (area)), cr, self->game,
                         self->cover_card, width, height);
  else
    dw_card_paint_back (cr, width, height);
}

/* The local time zone, asked of the system at most once a minute: a
 * row bound to a deck says when it changed, and a search binds a few
 * hundred rows (g_time_zone_new_local() reads /etc/localtime each time). */
static GTimeZone *
local_zone (void)
{
  static GTimeZone *zone;
  static gint64 asked;
  gint64 now = g_get_monotonic_time ();

  if (zone == NULL || now - asked > 60 * G_USEC_PER_SEC)
    {
      g_clear_pointer (&zone, g_time_zone_unref);
      zone = g_time_zone_new_local ();
      asked = now;
    }
  return zone;
}

static char *
format_changed (GFileInfo *info)
{
  g_autoptr(GDateTime) changed = g_file_info_get_modification_date_time (info);
  g_autoptr(GDateTime) now = g_date_time_new_now (local_zone ());
  g_autoptr(GDateTime) local = NULL;

  if (changed == NULL)
    return g_strdup ("");
  local = g_date_time_to_timezone (changed, local_zone ());
  /* Today's changes by the hour, older ones by the day. */
  if (g_date_time_get_year (local) == g_date_time_get_year (now) &&
      g_date_time_get_day_of_year (local) == g_date_time_get_day_of_year (now))
    return g_date_time_format (local, "%H:%M");
  return g_date_time_format (local, "%x");
}

/* A row is bound to one deck after another as a search changes: each of
 * its labels is set once, to what it shows, and a text or style it
 * already has is left alone, so GTK measures and lays out again only
 * what changed (a label set to "" and back is laid out twice). */
static void
set_verdict (DwLibraryRow *self,
             const char   *text,
             const char   *style)
{
  static const char * const styles[] = { "success", "warning", "error" };

  gtk_label_set_text (self->c->verdict, text);
  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      gboolean wanted = g_strcmp0 (style, styles[i]) == 0;

      if (wanted != gtk_widget_has_css_class (GTK_WIDGET (self->c->verdict), styles[i]))
        {
          if (wanted)
            gtk_widget_add_css_class (GTK_WIDGET (self->c->verdict), styles[i]);
          else
            gtk_widget_remove_css_class (GTK_WIDGET (self->c->verdict), styles[i]);
        }
    }
  if (g_strcmp0 (self->verdict_text, text) != 0)
    {
      g_free (self->verdict_text);
      self->verdict_text = g_strdup (text);
    }
}

/* Shows or hides @widget, only when that changes. */
static void
set_shown (GtkWidget *widget,
           gboolean   shown)
{
  if (gtk_widget_get_visible (widget) != shown)
    gtk_widget_set_visible (widget, shown);
}

/* The line of the place and the tags, when it has either. */
static void
show_marks (DwLibraryRow *self)
{
  set_shown (self->c->marks, gtk_widget_get_visible (GTK_WIDGET (self->c->place)) ||
                          gtk_widget_get_visible (GTK_WIDGET (self->c->tags)));
}

/* The height of every row, in pixels, worked out from the fonts of its
 * lines the first time a row is measured, and again when the fonts
 * change: the title, the place and tags, the game and format, the
 * verdict and factions (whose coloured dots may come from another font),
 * or the cover, whichever is taller, and the margins. */
static int fixed_height;

static int
line_height (GtkWidget  *label,
             const char *sample)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, sample);
  int height;

  pango_layout_get_pixel_size (layout, NULL, &height);
  return height;
}

static DwLibraryRowContent *ensure_content (DwLibraryRow *self);

static int
row_height (DwLibraryRow *self)
{
  if (fixed_height == 0)
    {
      int text, cover;

      ensure_content (self);
      text = line_height (GTK_WIDGET (self->c->title), "ÅgЙ") +
                 MAX (line_height (GTK_WIDGET (self->c->place), "ÅgЙ"), line_height (GTK_WIDGET (self->c->tags), "ÅgЙ")) +
                 line_height (GTK_WIDGET (self->c->subtitle), "ÅgЙ·") +
                 MAX (line_height (GTK_WIDGET (self->c->verdict), "ÅgЙ"), line_height (GTK_WIDGET (self->c->factions), "Åg● Й")) +
                 3 * gtk_box_get_spacing (GTK_BOX (self->c->lines));
      cover = gtk_drawing_area_get_content_height (self->c->cover);

      fixed_height = MAX (text, cover) + gtk_widget_get_margin_top (self->c->box) + gtk_widget_get_margin_bottom (self->c->box);
    }
  return fixed_height;
}

/* Setting a tooltip asks the display where the pointer is (a round trip
 * to an X server): only when it changes, not for every row bound. */
static void
set_tooltip (GtkWidget  *widget,
             const char *text)
{
  const char *old = gtk_widget_get_tooltip_text (widget);

  if (g_strcmp0 (old, text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}

/* The row in one phrase for a screen reader: its name first, then what
 * the row shows beside it. */
static void
say_row (DwLibraryRow *self,
         char         *spoken)
{
  if (g_strcmp0 (self->spoken, spoken) == 0)
    {
      g_free (spoken);
      return;
    }
  g_free (self->spoken);
  self->spoken = spoken;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
}

static void
dw_library_row_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  DwLibraryRow *self = DW_LIBRARY_ROW (widget);

  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = *natural = row_height (self);
  else if (self->c != NULL)
    gtk_widget_measure (GTK_WIDGET (self->c), orientation, for_size, minimum, natural, NULL, NULL);
  else
    *minimum = *natural = 0;
}

/* The content in the middle of the row's fixed height; a line taller
 * than its font (a name in a script the font lacks) is cut at the
 * row's edges rather than making the row taller. */
static void
dw_library_row_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  DwLibraryRow *self = DW_LIBRARY_ROW (widget);
  int needed;

  if (self->c == NULL)
    return;
  gtk_widget_measure (GTK_WIDGET (self->c), GTK_ORIENTATION_VERTICAL, width, &needed, NULL, NULL, NULL);
  needed = MAX (needed, height);
  gtk_widget_allocate (GTK_WIDGET (self->c), width, needed, -1,
                       gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, (height - needed) / 2)));
}

static void
dw_library_row_system_setting_changed (GtkWidget       *widget,
                                       GtkSystemSetting setting)
{
  if (setting == GTK_SYSTEM_SETTING_FONT_NAME || setting == GTK_SYSTEM_SETTING_DPI ||
      setting == GTK_SYSTEM_SETTING_FONT_CONFIG)
    {
      fixed_height = 0;
      gtk_widget_queue_resize (widget);
    }
  GTK_WIDGET_CLASS (dw_library_row_parent_class)->system_setting_changed (widget, setting);
}

static void
dw_library_row_content_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), DW_TYPE_LIBRARY_ROW_CONTENT);
  G_OBJECT_CLASS (dw_library_row_content_parent_class)->dispose (object);
}

static void
dw_library_row_content_class_init (DwLibraryRowContentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_library_row_content_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-library-row.ui");
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, box);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, cover_stack);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, cover);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, icon);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, lines);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, title);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, marks);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, place);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, subtitle);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, facts);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, verdict);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, factions);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, tags);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryRowContent, changed);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "librarycontent");
}

static void
dw_library_row_content_init (DwLibraryRowContent *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->cover, draw_cover, NULL, NULL);
}

/* Contents of rows that went, for the next rows filled: a row that
 * comes on screen takes one rather than building its template. */
#define SPARE_CONTENTS 64

static GPtrArray *spare_contents;

/* The row's content, taken from the spares or built. */
static DwLibraryRowContent *
ensure_content (DwLibraryRow *self)
{
  if (self->c == NULL)
    {
      if (spare_contents != NULL && spare_contents->len > 0)
        self->c = g_ptr_array_steal_index_fast (spare_contents, spare_contents->len - 1);
      else
        self->c = g_object_ref_sink (g_object_new (DW_TYPE_LIBRARY_ROW_CONTENT, NULL));
      gtk_widget_set_parent (GTK_WIDGET (self->c), GTK_WIDGET (self));
    }
  return self->c;
}

static void
dw_library_row_dispose (GObject *object)
{
  DwLibraryRow *self = DW_LIBRARY_ROW (object);

  dw_library_row_recycle (self);
  g_clear_object (&self->file);
  g_clear_object (&self->game);
  g_clear_object (&self->cover_card);
  g_clear_pointer (&self->verdict_text, g_free);
  g_clear_pointer (&self->spoken, g_free);

  G_OBJECT_CLASS (dw_library_row_parent_class)->dispose (object);
}

static void
dw_library_row_class_init (DwLibraryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_library_row_dispose;
  widget_class->measure = dw_library_row_measure;
  widget_class->size_allocate = dw_library_row_size_allocate;
  widget_class->system_setting_changed = dw_library_row_system_setting_changed;

  gtk_widget_class_set_css_name (widget_class, "libraryrow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dw_library_row_init (DwLibraryRow *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *
dw_library_row_new (void)
{
  return g_object_new (DW_TYPE_LIBRARY_ROW, NULL);
}

/* What a screen reader says of a folder's row: “Old decks, folder”. */
char *
dw_library_row_folder_words (const char *name)
{
  /* Translators: a folder's row, for a screen reader. */
  return g_strdup_printf (_("%s, folder"), name);
}

/* What a screen reader says of a deck's row: “Green Wall, Arcmage,
 * Legal, 60 cards”, or for one that cannot be read (@error set, @game
 * and @cards unused) “Green Wall, Unreadable: why”. */
char *
dw_library_row_deck_words (const char *name,
                           const char *game,
                           const char *verdict,
                           guint64     cards,
                           const char *error)
{
  g_autofree char *count = NULL;

  if (error != NULL)
    /* Translators: an unreadable deck's row, for a screen reader:
     * its name, “Unreadable” and why. */
    return g_strdup_printf (_("%s, %s: %s"), name, verdict, error);
  count = g_strdup_printf ("%" G_GUINT64_FORMAT, cards);
  /* Translators: a deck's row, for a screen reader: its name, game,
   * verdict and number of cards. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %s, %s, %s card", "%s, %s, %s, %s cards",
                                       cards > G_MAXULONG ? G_MAXULONG : (gulong) cards),
                          name, game, verdict, count);
}

/* @words, then the folder a search found the deck in. */
char *
dw_library_row_words_in (const char *words,
                         const char *place)
{
  /* Translators: a row's words for a screen reader, then the folder
   * the deck is in: “Green Wall, Arcmage, Legal, 60 cards, in Decks / Old”. */
  return g_strdup_printf (_("%s, in %s"), words, place);
}

/* The row stands for @file from now on, and says @words to a screen
 * reader, but still shows what it showed: its owner fills it
 * (dw_library_row_show_deck(), _show_folder(), then _set_place()) when
 * it comes on screen.  Cheap: nothing is measured or drawn again. */
void
dw_library_row_hold (DwLibraryRow *self,
                     GFile        *file,
                     gboolean      folder,
                     const char   *words)
{
  g_return_if_fail (DW_IS_LIBRARY_ROW (self));

  g_set_object (&self->file, file);
  self->folder = folder;
  self->filled = FALSE;
  say_row (self, g_strdup (words));
}

/* The row gives its content to the next row filled: it shows nothing
 * until it is filled again.  Its owner calls it for a row put aside. */
void
dw_library_row_recycle (DwLibraryRow *self)
{
  g_return_if_fail (DW_IS_LIBRARY_ROW (self));

  self->filled = FALSE;
  if (self->c == NULL)
    return;
  gtk_widget_unparent (GTK_WIDGET (self->c));
  if (spare_contents == NULL)
    spare_contents = g_ptr_array_new_with_free_func (g_object_unref);
  if (spare_contents->len < SPARE_CONTENTS)
    g_ptr_array_add (spare_contents, self->c);
  else
    g_object_unref (self->c);
  self->c = NULL;
}

/* What it shows is no longer right (the cards changed): filled again
 * when it is next seen. */
void
dw_library_row_set_stale (DwLibraryRow *self)
{
  g_return_if_fail (DW_IS_LIBRARY_ROW (self));
  self->filled = FALSE;
}

/* Whether the row shows the item it holds. */
gboolean
dw_library_row_is_filled (DwLibraryRow *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_ROW (self), FALSE);
  return self->filled;
}

/* The height of every row (the same for all), in pixels. */
int
dw_library_row_get_fixed_height (DwLibraryRow *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_ROW (self), 0);
  return row_height (self);
}

void
dw_library_row_show_folder (DwLibraryRow *self,
                            GFileInfo    *info)
{
  g_return_if_fail (DW_IS_LIBRARY_ROW (self));

  ensure_content (self);
  g_set_object (&self->file, G_FILE (g_file_info_get_attribute_object (info, "standard::file")));
  self->folder = TRUE;
  g_clear_object (&self->game);
  g_clear_object (&self->cover_card);
  gtk_stack_set_visible_child_name (self->c->cover_stack, "icon");
  gtk_image_set_from_icon_name (self->c->icon, "folder-symbolic");
  gtk_label_set_text (self->c->title, g_file_info_get_display_name (info));
  gtk_label_set_text (self->c->subtitle, _("Folder"));
  set_shown (self->c->facts, FALSE);
  set_verdict (self, "", NULL);
  gtk_label_set_text (self->c->changed, "");
  gtk_label_set_text (self->c->factions, "");
  gtk_label_set_text (self->c->tags, "");
  set_shown (GTK_WIDGET (self->c->tags), FALSE);
  show_marks (self);
  self->filled = TRUE;
  say_row (self, dw_library_row_folder_words (g_file_info_get_display_name (info)));
}

void
dw_library_row_show_deck (DwLibraryRow           *self,
                          GFileInfo              *info,
                          const DwLibrarySummary *summary)
{
  g_autofree char *changed = format_changed (info);
  g_autofree char *subtitle = NULL;
  g_autofree char *verdict = NULL;

  g_return_if_fail (DW_IS_LIBRARY_ROW (self));

  ensure_content (self);
  g_set_object (&self->file, G_FILE (g_file_info_get_attribute_object (info, "standard::file")));
  self->folder = FALSE;
  self->filled = TRUE;
  g_set_object (&self->game, summary->game);
  g_set_object (&self->cover_card, summary->cover);
  gtk_label_set_text (self->c->title, summary->name);
  gtk_label_set_text (self->c->changed, changed);
  set_shown (self->c->facts, TRUE);

  if (summary->error != NULL)
    {
      gtk_label_set_text (self->c->factions, "");
      gtk_label_set_text (self->c->tags, "");
      set_shown (GTK_WIDGET (self->c->tags), FALSE);
      show_marks (self);
      gtk_stack_set_visible_child_name (self->c->cover_stack, "icon");
      gtk_image_set_from_icon_name (self->c->icon, "dialog-warning-symbolic");
      gtk_label_set_text (self->c->subtitle, summary->error);
      set_tooltip (GTK_WIDGET (self->c->subtitle), summary->error);
      verdict = dw_library_summary_verdict (summary);
      set_verdict (self, verdict, "warning");
      say_row (self, dw_library_row_deck_words (summary->name, NULL, verdict, 0, summary->error));
      return;
    }

  set_tooltip (GTK_WIDGET (self->c->subtitle), NULL);
  gtk_stack_set_visible_child_name (self->c->cover_stack, "card");
  gtk_widget_queue_draw (GTK_WIDGET (self->c->cover));
  {
    g_autofree char *cards = g_strdup_printf ("%" G_GUINT64_FORMAT, summary->cards);

    /* TRANSLATORS: a deck's game, its number of cards and its format;
     * the line is cut short at its end on a narrow screen, so the
     * format, the longest, comes last. */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %s card · %s", "%s · %s cards · %s",
                                             summary->cards > G_MAXULONG ? G_MAXULONG : (gulong) summary->cards),
                                dw_game_get_name (summary->game), cards, summary->format_name);
  }
  gtk_label_set_text (self->c->subtitle, subtitle);

  verdict = dw_library_summary_verdict (summary);
  set_verdict (self, verdict, summary->errors > 0 ? "error" : summary->warnings > 0 ? "warning" : "success");
  say_row (self, dw_library_row_deck_words (summary->name, dw_game_get_name (summary->game), verdict,
                                            summary->cards, NULL));

  {
    g_autoptr(GString) markup = g_string_new (NULL);

    for (guint i = 0; i < summary->factions->len; i++)
      {
        const char *faction = g_ptr_array_index (summary->factions, i);
        /* As the game calls it: Arcmage's "None" reads "None (colourless)". */
        g_autofree char *name = g_markup_escape_text (dw_game_value_name (summary->game, "faction", faction), -1);
        double r, g, b;

        if (i > 0)
          g_string_append (markup, "  ");
        if (dw_card_paint_faction_rgb (faction, &r, &g, &b))
          g_string_append_printf (markup, "<span foreground=\"#%02x%02x%02x\">●</span> ",
                                  (guint) (r * 255), (guint) (g * 255), (guint) (b * 255));
        g_string_append (markup, name);
      }
    gtk_label_set_markup (self->c->factions, markup->str);
  }
  gtk_label_set_text (self->c->tags, summary->tags ? summary->tags : "");
  set_shown (GTK_WIDGET (self->c->tags), summary->tags != NULL);
  show_marks (self);
}

/* The folder a search found the deck in ("Decks / Winter league"), said
 * under its name; NULL in a folder's own list, where it goes without
 * saying.  Call it after showing the deck. */
void
dw_library_row_set_place (DwLibraryRow *self,
                          const char   *place)
{
  g_return_if_fail (DW_IS_LIBRARY_ROW (self));

  ensure_content (self);
  gtk_label_set_text (self->c->place, place ? place : "");
  set_shown (GTK_WIDGET (self->c->place), place != NULL);
  show_marks (self);
  if (place != NULL && self->spoken != NULL)
    say_row (self, dw_library_row_words_in (self->spoken, place));
}

const char *
dw_library_row_get_place (DwLibraryRow *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_ROW (self), NULL);
  if (self->c == NULL || !self->filled)
    return NULL;
  return gtk_widget_get_visible (GTK_WIDGET (self->c->place)) ? gtk_label_get_text (self->c->place) : NULL;
}

GFile *
dw_library_row_get_file (DwLibraryRow *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_ROW (self), NULL);
  return self->file;
}

const char *
dw_library_row_get_title (DwLibraryRow *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_ROW (self), NULL);
  if (self->c == NULL || !self->filled)
    return NULL;
  return gtk_label_get_text (self->c->title);
}

/* "Legal", "Illegal: 3 problems", "Unreadable", or "" for a folder. */
const char *
dw_library_row_get_verdict (DwLibraryRow *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_ROW (self), NULL);
  return self->verdict_text;
}

gboolean
dw_library_row_is_folder (DwLibraryRow *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_ROW (self), FALSE);
  return self->folder;
}

/* What a screen reader says of the row: “Green Wall, Arcmage, Legal,
 * 60 cards”, “Old decks, folder”. */
const char *
dw_library_row_get_spoken (DwLibraryRow *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_ROW (self), NULL);
  return self->spoken;
}
