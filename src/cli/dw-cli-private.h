/* dw-cli-private.h — what every command of the command line shares
 *
 * A command lives in its own file (dw-cli-<command>.c) and describes
 * itself with a DwCliCommand: the option that selects it, its own extra
 * options, and the function that runs it.  dw-cli.c parses the options,
 * loads the library and runs the command chosen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dw-event.h"
#include "dw-library.h"

G_BEGIN_DECLS

enum {
  DW_CLI_EXIT_OK = 0,          /* legal, accepted, done */
  DW_CLI_EXIT_FAILED = 1,      /* illegal, or an action was rejected */
  DW_CLI_EXIT_UNREADABLE = 2,  /* an input cannot be read, or the output written */
};

/* The options every command may use, parsed by dw-cli.c. */
typedef struct
{
  DwLibrary  *library;
  char      **files;       /* the arguments left after the options */
  const char *format_id;   /* --format */
  const char *output;      /* --output */
  gboolean    has_seed;    /* --seed given */
  guint64     seed;        /* --seed */
  gboolean    with_cards;  /* --with-cards */
} DwCliContext;

typedef struct
{
  const char         *name;      /* the long option that selects it, without "--" */
  gboolean           *selected;  /* set by GOption when the option is given */
  const GOptionEntry *entries;   /* the command's own options (the selecting one
                                    included), NULL-terminated */
  int               (*run)      (DwCliContext *context);
} DwCliCommand;

extern const DwCliCommand dw_cli_validate_command;
extern const DwCliCommand dw_cli_list_formats_command;
extern const DwCliCommand dw_cli_export_command;
extern const DwCliCommand dw_cli_import_command;
extern const DwCliCommand dw_cli_import_cards_command;
extern const DwCliCommand dw_cli_playtest_command;
extern const DwCliCommand dw_cli_sample_hands_command;
extern const DwCliCommand dw_cli_stats_command;
extern const DwCliCommand dw_cli_report_command;
extern const DwCliCommand dw_cli_fetch_images_command;

DwDeck  *dw_cli_load_one_deck (DwCliContext *context,
                               const char   *option);
DwEvent *dw_cli_event_new     (DwCliContext *context,
                               int          *status);

G_END_DECLS
