/* dw-cli-event.c — the event --validate and --report read
 *
 * Apart from --report (dw-cli-report.c), whose PDF reaches cairo, Pango
 * and the QR code: `deckwright` runs --validate itself without them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"

/* Kept until the process ends: freeing 10,000 decks one object at a
 * time would cost an organiser a fifth of the run for nothing. */
static DwEvent *event;

/* Reads every file and folder named on the command line into an event
 * judged under --format (or each deck's own), keeping the cards the
 * decks bring with --with-cards.  NULL with *@status set when the
 * arguments are wrong; a file that cannot be read is an entry. */
DwEvent *
dw_cli_event_new (DwCliContext *context,
                  int          *status)
{
  g_autofree char *cards = NULL;

  *status = DW_CLI_EXIT_OK;
  if (context->files == NULL || context->files[0] == NULL)
    {
      g_printerr ("deckwright: %s\n", _("name at least one deck file or folder of decks"));
      *status = DW_CLI_EXIT_UNREADABLE;
      return NULL;
    }
  if (context->format_id != NULL &&
      dw_library_lookup_format (context->library, context->format_id, NULL) == NULL)
    {
      g_printerr (_("deckwright: there is no format “%s”; deckwright --list-formats lists them\n"),
                  context->format_id);
      *status = DW_CLI_EXIT_UNREADABLE;
      return NULL;
    }

  g_clear_object (&event);
  event = dw_event_new (context->library);
  dw_event_set_format_id (event, context->format_id);
  for (guint i = 0; context->files[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!g_file_test (context->files[i], G_FILE_TEST_IS_DIR))
        dw_event_add_file (event, context->files[i]);
      else if (dw_event_add_folder (event, context->files[i], &error) == 0 && error != NULL)
        {
          g_printerr ("deckwright: %s\n", error->message);
          *status = DW_CLI_EXIT_UNREADABLE;
        }
    }

  if (context->with_cards)
    {
      g_autoptr(GError) error = NULL;
      guint kept;

      cards = g_build_filename (dw_library_get_user_dir (), "cards", NULL);
      kept = dw_event_keep_brought_cards (event, cards, &error);
      if (error != NULL)
        {
          g_printerr ("deckwright: %s\n", error->message);
          *status = DW_CLI_EXIT_UNREADABLE;
        }
      else if (kept > 0)
        g_printerr (g_dngettext (GETTEXT_PACKAGE,
                                 "deckwright: %u card the decks brought is kept in %s\n",
                                 "deckwright: %u cards the decks brought are kept in %s\n", kept),
                    kept, cards);
    }
  return event;
}
