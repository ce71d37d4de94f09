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
#include "dw-cli.h"
#include "dw-sheet.h"

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
  gboolean    paper_given; /* --paper given */
  DwPaper     paper;       /* --paper */
  gboolean    json;        /* --json */
} DwCliContext;

/* The part of the work a command belongs to: --help shows the commands
 * and their options under these headings, and so do the man page and
 * the completion (dw-cli-help.c). */
typedef enum
{
  DW_CLI_AREA_CHECKING,
  DW_CLI_AREA_INTERCHANGE,
  DW_CLI_AREA_TABLE,
  DW_CLI_AREA_STATISTICS,
  DW_CLI_AREA_IMAGES,
  DW_CLI_AREA_PRINTING,
  DW_CLI_AREA_LIBRARY,
  DW_CLI_N_AREAS
} DwCliArea;

typedef struct
{
  const char         *name;      /* the long option that selects it, without "--" */
  DwCliArea           area;
  gboolean           *selected;  /* set by GOption when the option is given */
  const GOptionEntry *entries;   /* the selecting option first, then the command's
                                    own options; NULL-terminated */
  int               (*run)      (DwCliContext *context);
  gboolean            writes_no_output;  /* --output is refused */
} DwCliCommand;

struct _DwCliCommands
{
  const DwCliCommand * const *commands;  /* in the order --help shows them, area by area */
  guint                       n_commands;
  gboolean                    complete;  /* every command: nothing to leave to another program */
};

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
extern const DwCliCommand dw_cli_print_cards_command;
extern const DwCliCommand dw_cli_library_command;
extern const DwCliCommand dw_cli_find_command;
extern const DwCliCommand dw_cli_history_command;
extern const DwCliCommand dw_cli_restore_command;

DwDeck         *dw_cli_load_deck        (DwCliContext  *context,
                                         const char    *path,
                                         GPtrArray     *warnings,
                                         GError       **error);
DwDeck         *dw_cli_load_one_deck    (DwCliContext  *context,
                                         const char    *option);
DwEvent        *dw_cli_event_new        (DwCliContext  *context,
                                         int           *status);
gboolean        dw_cli_write_output     (DwCliContext  *context,
                                         const char    *text);
void            dw_cli_print_json_array (GPtrArray     *objects);

typedef void (*DwCliOptionFunc) (const char         *heading,
                                 const GOptionEntry *entry,
                                 gpointer            user_data);

GOptionContext *dw_cli_option_context_new (const DwCliCommands *commands);
void            dw_cli_foreach_option     (const DwCliCommands *commands,
                                           DwCliOptionFunc      func,
                                           gpointer             user_data);
const char     *dw_cli_get_summary        (void);
char           *dw_cli_man_page           (void);
char           *dw_cli_bash_completion    (void);

G_END_DECLS
