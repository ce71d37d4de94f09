/* dw-cli-export.c — deckwright --export pdf|text|csv|cod|xml|code|png DECK [--output FILE]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"
#include "dw-deck-picture.h"
#include "dw-export.h"
#include "dw-sheet.h"

static gboolean export_selected;
static DwExportKind export_kind;
static char *sheet_event;
static char *sheet_date;
static char *sheet_location;
static char *sheet_player;
static int picture_scale = 1;

static gboolean
on_export_option_cb (const char  *option_name,
                     const char  *value,
                     gpointer     data,
                     GError     **error)
{
  if (!dw_export_kind_from_string (value, &export_kind))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--export takes pdf, text, csv, cod, xml, code or png, not “%s”"), value);
      return FALSE;
    }
  export_selected = TRUE;
  return TRUE;
}

static int
export_sheet (DwCliContext *context,
              DwDeck       *deck,
              const char   *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwSheet) sheet = NULL;
  DwFormat *format;

  format = dw_library_format_for_deck (context->library, deck, context->format_id, &error);
  if (format == NULL)
    {
      g_printerr ("deckwright: %s: %s\n", path, error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  sheet = dw_sheet_new (context->library, deck, format);
  dw_sheet_set_event (sheet, sheet_event);
  dw_sheet_set_date (sheet, sheet_date);
  dw_sheet_set_location (sheet, sheet_location);
  dw_sheet_set_player (sheet, sheet_player);

  if (!dw_sheet_save_pdf (sheet, context->output,
                          context->paper_given ? context->paper : dw_paper_get_default (),
                          &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  return DW_CLI_EXIT_OK;
}

static int
export_picture (DwCliContext *context,
                DwDeck       *deck,
                const char   *path)
{
  g_autoptr(GError) error = NULL;
  DwFormat *format;

  format = dw_library_format_for_deck (context->library, deck, context->format_id, &error);
  if (format == NULL)
    {
      g_printerr ("deckwright: %s: %s\n", path, error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (!dw_deck_picture_save_png (context->library, deck, format, (guint) picture_scale, context->output,
                                 &error))
    {
      g_printerr ("deckwright: %s: %s\n", path, error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  return DW_CLI_EXIT_OK;
}

static int
run_export (DwCliContext *context)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  const char *path;
  DwGame *game;

  if (context->files == NULL || context->files[0] == NULL || context->files[1] != NULL)
    {
      g_printerr ("deckwright: %s\n", _("--export KIND takes one deck file"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (export_kind == DW_EXPORT_PDF && context->output == NULL)
    {
      g_printerr ("deckwright: %s\n", _("--export pdf needs --output FILE for the sheet"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (export_kind == DW_EXPORT_PNG && context->output == NULL)
    {
      g_printerr ("deckwright: %s\n", _("--export png needs --output FILE for the picture"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (picture_scale < 1 || picture_scale > DW_DECK_PICTURE_MAX_SCALE)
    {
      g_printerr ("deckwright: ");
      g_printerr (_("--scale takes 1 to %d, not %d"), DW_DECK_PICTURE_MAX_SCALE, picture_scale);
      g_printerr ("\n");
      return DW_CLI_EXIT_UNREADABLE;
    }

  path = context->files[0];
  deck = dw_cli_load_deck (context, path, warnings, &error);
  if (deck == NULL)
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  /* A card no database knows is written as it was named; say where. */
  for (guint i = 0; i < warnings->len; i++)
    g_printerr ("deckwright: warning: %s\n", (const char *) g_ptr_array_index (warnings, i));
  game = dw_library_lookup_game (context->library, dw_deck_get_game_id (deck));

  if (export_kind == DW_EXPORT_PDF)
    return export_sheet (context, deck, path);
  if (export_kind == DW_EXPORT_PNG)
    return export_picture (context, deck, path);

  /* Without --output the text goes to standard output, for a pipe. */
  if (context->output == NULL)
    {
      g_autofree char *text = dw_export_to_string (deck, game, export_kind, &error);

      if (text == NULL)
        {
          g_printerr ("deckwright: %s: %s\n", path, error->message);
          return DW_CLI_EXIT_UNREADABLE;
        }
      g_print ("%s", text);
      return DW_CLI_EXIT_OK;
    }

  if (!dw_export_save (deck, game, export_kind, context->output, &error))
    {
      g_printerr ("deckwright: %s: %s\n", path, error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  return DW_CLI_EXIT_OK;
}

static const GOptionEntry export_entries[] = {
  { "export", 0, 0, G_OPTION_ARG_CALLBACK, on_export_option_cb,
    N_("Write the deck as a registration sheet (pdf), text, csv, a Cockatrice deck (cod), xml, "
       "a deck code (code) or a picture to post (png)"),
    "pdf|text|csv|cod|xml|code|png" },
  { "event", 0, 0, G_OPTION_ARG_STRING, &sheet_event,
    N_("The event, for the registration sheet"), N_("NAME") },
  { "date", 0, 0, G_OPTION_ARG_STRING, &sheet_date,
    N_("The date of the event, for the registration sheet"), N_("DATE") },
  { "location", 0, 0, G_OPTION_ARG_STRING, &sheet_location,
    N_("Where the event is, for the registration sheet"), N_("PLACE") },
  { "player", 0, 0, G_OPTION_ARG_STRING, &sheet_player,
    N_("The player's name, for the registration sheet"), N_("NAME") },
  { "scale", 0, 0, G_OPTION_ARG_INT, &picture_scale,
    N_("The deck picture's scale: 1 is 1080 pixels wide, for a phone; 2 for print"), N_("N") },
  { NULL }
};

const DwCliCommand dw_cli_export_command = {
  "export", DW_CLI_AREA_INTERCHANGE, &export_selected, export_entries, run_export,
};
