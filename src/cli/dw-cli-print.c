/* dw-cli-print.c — deckwright --print-cards DECK --output CARDS.pdf [--paper a4|letter]
 *   [--bleed MM] [--cut-marks none|corners|lines] [--backs none|long-edge|short-edge]
 *   [--only-new-vs OLD-DECK|VERSION] [--calibration]
 *
 * --only-new-vs takes an older deck file or, when no such file exists,
 * one of the deck's own earlier versions in its library (what
 * --history DECK prints as its version, or its position there).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"
#include "dw-deck-versions.h"
#include "dw-print.h"

static gboolean print_selected;
static char *bleed_text;
static DwPrintMarks marks = DW_PRINT_MARKS_CORNERS;
static DwPrintBacks backs = DW_PRINT_BACKS_NONE;
static char *old_deck_path;
static gboolean calibration;
static gboolean with_tokens;
static gboolean with_considering;
static gboolean playtest_mark;

static gboolean
on_marks_option_cb (const char  *option_name,
                    const char  *value,
                    gpointer     data,
                    GError     **error)
{
  if (!dw_print_marks_from_string (value, &marks))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--cut-marks takes none, corners or lines, not “%s”"), value);
      return FALSE;
    }
  return TRUE;
}

static gboolean
on_backs_option_cb (const char  *option_name,
                    const char  *value,
                    gpointer     data,
                    GError     **error)
{
  if (!dw_print_backs_from_string (value, &backs))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--backs takes none, long-edge or short-edge, not “%s”"), value);
      return FALSE;
    }
  return TRUE;
}

static int
run_print_cards (DwCliContext *context)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwDeck) old_deck = NULL;
  g_autoptr(DwPrintJob) job = NULL;
  DwPrintOptions options;
  GPtrArray *notes, *low_dpi;

  if (context->files == NULL || context->files[0] == NULL || context->files[1] != NULL)
    {
      g_printerr ("deckwright: %s\n", _("--print-cards takes one deck file"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (context->output == NULL)
    {
      g_printerr ("deckwright: %s\n", _("--print-cards needs --output FILE for the PDF"));
      return DW_CLI_EXIT_UNREADABLE;
    }

  dw_print_options_init (&options);
  if (context->paper_given)
    options.paper = context->paper;
  if (bleed_text != NULL)
    {
      char *end = NULL;

      options.bleed_mm = g_ascii_strtod (bleed_text, &end);
      if (end == bleed_text || *end != '\0')
        {
          g_printerr (_("deckwright: --bleed takes millimetres from 0 to %g, such as 3 or 1.5, not “%s”\n"),
                      DW_PRINT_MAX_BLEED_MM, bleed_text);
          return DW_CLI_EXIT_UNREADABLE;
        }
    }
  options.marks = marks;
  options.backs = backs;
  options.calibration = calibration;
  options.tokens = with_tokens;
  options.considering = with_considering;
  options.playtest_mark = playtest_mark;

  deck = dw_cli_load_deck (context, context->files[0], warnings, &error);
  if (deck == NULL)
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (old_deck_path != NULL)
    {
      g_autofree char *version_path = NULL;

      /* Not a file: one of the deck's own earlier versions. */
      if (!g_file_test (old_deck_path, G_FILE_TEST_EXISTS))
        {
          version_path = dw_deck_versions_find_version (context->files[0], old_deck_path, &error);
          if (version_path == NULL)
            {
              g_printerr (_("deckwright: --only-new-vs %s: there is no such deck file, nor such a version "
                            "of the deck (%s)\n"), old_deck_path, error->message);
              return DW_CLI_EXIT_UNREADABLE;
            }
        }
      old_deck = dw_cli_load_deck (context, version_path ? version_path : old_deck_path, NULL, &error);
      if (old_deck == NULL)
        {
          g_printerr ("deckwright: %s\n", error->message);
          return DW_CLI_EXIT_UNREADABLE;
        }
      /* The swaps page names the version, not the store's file. */
      if (version_path != NULL)
        {
          const char *name = dw_deck_get_name (deck);
          g_autofree char *basename = g_path_get_basename (context->files[0]);
          /* TRANSLATORS: an earlier version of a deck, on the swaps page: the deck's name, then the version */
          g_autofree char *label = g_strdup_printf (_("%s, version %s"), name && *name ? name : basename,
                                                    old_deck_path);

          dw_deck_set_name (old_deck, label);
        }
    }
  for (guint i = 0; i < warnings->len; i++)
    g_printerr ("deckwright: warning: %s\n", (const char *) g_ptr_array_index (warnings, i));

  job = dw_print_job_new (context->library, deck, old_deck, &options, &error);
  if (job == NULL)
    {
      g_printerr ("deckwright: %s: %s\n", context->files[0], error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (!dw_print_job_save_pdf (job, context->output, NULL, NULL, NULL, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  notes = dw_print_job_get_notes (job);
  for (guint i = 0; i < notes->len; i++)
    g_printerr ("deckwright: warning: %s\n", (const char *) g_ptr_array_index (notes, i));
  low_dpi = dw_print_job_get_low_dpi (job);
  if (low_dpi->len > 0)
    {
      g_autofree char *names = NULL;

      g_ptr_array_add (low_dpi, NULL);
      names = g_strjoinv (", ", (char **) low_dpi->pdata);
      g_ptr_array_remove_index (low_dpi, low_dpi->len - 1);
      g_printerr (_("deckwright: warning: these cards' images print under %g dpi and will look soft: %s\n"),
                  DW_PRINT_MIN_DPI, names);
    }
  return DW_CLI_EXIT_OK;
}

static const GOptionEntry print_entries[] = {
  { "print-cards", 0, 0, G_OPTION_ARG_NONE, &print_selected,
    N_("Print every copy of the deck's cards at their true size, as a PDF of sheets to cut (needs --output)"),
    NULL },
  { "bleed", 0, 0, G_OPTION_ARG_STRING, &bleed_text,
    N_("Extend each card's border this many millimetres past its edge, 0 to 3 (default 0)"), N_("MM") },
  { "cut-marks", 0, 0, G_OPTION_ARG_CALLBACK, on_marks_option_cb,
    N_("Cut marks in the margin: none, corners, or lines to the page's edge (default corners)"),
    "none|corners|lines" },
  { "backs", 0, 0, G_OPTION_ARG_CALLBACK, on_backs_option_cb,
    N_("A page of backs after each page of faces, for duplex flipped on the long or short edge "
       "(default none)"), "none|long-edge|short-edge" },
  { "only-new-vs", 0, 0, G_OPTION_ARG_FILENAME, &old_deck_path,
    N_("Print only the copies the deck has beyond this older deck file, or beyond this earlier version "
       "of a library deck (a version --history lists), and a last page of the swaps"),
    N_("OLD-DECK|VERSION") },
  { "calibration", 0, 0, G_OPTION_ARG_NONE, &calibration,
    N_("Begin with a calibration page: 100 mm rulers and a card's outline, to check the printer's scale"),
    NULL },
  { "with-tokens", 0, 0, G_OPTION_ARG_NONE, &with_tokens,
    N_("Print the deck's tokens too"), NULL },
  { "with-considering", 0, 0, G_OPTION_ARG_NONE, &with_considering,
    N_("Print the cards under Considering too"), NULL },
  { "playtest-mark", 0, 0, G_OPTION_ARG_NONE, &playtest_mark,
    N_("Mark every face “PLAYTEST”, for games whose art is not free"), NULL },
  { NULL }
};

const DwCliCommand dw_cli_print_cards_command = {
  "print-cards", DW_CLI_AREA_PRINTING, &print_selected, print_entries, run_print_cards,
};
