/* dw-cli-sample-hands.c — deckwright --sample-hands N DECK [--seed S]
 *
 * Prints N opening hands, one a line, "SEED: card; card; …": hand i is
 * the one a table started with seed S + i deals (src/table's own deal),
 * so any line can be played out with --playtest DECK --seed SEED.
 * Without --seed a random seed is chosen; each line still names its own.
 * --output FILE writes the lines there.  Exit status 0, or 2 when the
 * deck cannot be read or dealt, or the file written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"
#include "dw-rng.h"
#include "dw-sample-hand.h"

static gboolean sample_hands;
static guint64 n_hands;

static gboolean
on_sample_hands_option_cb (const char  *option_name,
                           const char  *value,
                           gpointer     data,
                           GError     **error)
{
  if (!g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT32, &n_hands, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--sample-hands takes how many hands to deal, a whole number from 1, not “%s”"), value);
      return FALSE;
    }
  sample_hands = TRUE;
  return TRUE;
}

static int
run_sample_hands (DwCliContext *context)
{
  g_autoptr(DwDeck) deck = dw_cli_load_one_deck (context, "sample-hands");
  g_autoptr(GString) text = g_string_new (NULL);
  guint64 seed;

  if (deck == NULL)
    return DW_CLI_EXIT_UNREADABLE;

  seed = context->has_seed ? context->seed : dw_rng_fresh_seed ();
  for (guint64 i = 0; i < n_hands; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DwSampleHand) hand = dw_sample_hand_new (context->library, deck, seed + i, &error);
      g_autofree char *line = NULL;

      if (hand == NULL)
        {
          g_printerr ("deckwright: %s: %s\n", context->files[0], error->message);
          return DW_CLI_EXIT_UNREADABLE;
        }
      line = dw_sample_hand_to_string (hand);
      /* Straight out, so a pipe sees the first hands of many at once. */
      if (context->output == NULL)
        g_print ("%s\n", line);
      else
        g_string_append_printf (text, "%s\n", line);
    }
  if (context->output != NULL && !dw_cli_write_output (context, text->str))
    return DW_CLI_EXIT_UNREADABLE;
  return DW_CLI_EXIT_OK;
}

static const GOptionEntry sample_hands_entries[] = {
  { "sample-hands", 0, 0, G_OPTION_ARG_CALLBACK, on_sample_hands_option_cb,
    N_("Print N opening hands of the DECK given, one a line, as tables started from seed S, S+1, … "
       "deal them"),
    N_("N") },
  { NULL }
};

const DwCliCommand dw_cli_sample_hands_command = {
  "sample-hands", DW_CLI_AREA_STATISTICS, &sample_hands, sample_hands_entries, run_sample_hands,
};
