/* fuzz-common.c — set-up shared by the fuzz targets
 *
 * Each target reads the shipped games and card databases straight from
 * the source tree (meson passes its path in), never from the user's data
 * folder, so a run is the same on every machine.  Criticals and warnings
 * are fatal: no input may make a parser misuse an API.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fuzz-common.h"

static DwLibrary *library;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  dw_fuzz_init ();
  return 0;
}

void
dw_fuzz_init (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_dir = g_build_filename (DW_FUZZ_SOURCE_ROOT, "data", NULL);

  if (library != NULL)
    return;

  g_setenv ("DECKWRIGHT_DATA_DIR", data_dir, TRUE);
  g_setenv ("XDG_DATA_HOME", "/nonexistent/deckwright-fuzz", TRUE);
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  library = dw_library_new ();
  if (!dw_library_load_defaults (library, &error) ||
      dw_library_get_load_errors (library)->len > 0)
    {
      fprintf (stderr, "fuzz: the shipped data in %s does not load: %s\n", data_dir,
               error ? error->message : "a database failed");
      abort ();
    }
}

DwLibrary *
dw_fuzz_library (void)
{
  return library;
}

/* A file of the source tree, for targets that pair the input with
 * shipped data. */
char *
dw_fuzz_read_source_file (const char *relative_path,
                          gsize      *length)
{
  g_autofree char *path = g_build_filename (DW_FUZZ_SOURCE_ROOT, relative_path, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, length, &error))
    {
      fprintf (stderr, "fuzz: %s\n", error->message);
      abort ();
    }
  return contents;
}

DwGame *
dw_fuzz_lookup_game_cb (const char *game_id,
                        gpointer    user_data)
{
  return dw_library_lookup_game (library, game_id);
}

/* A promise the code under test makes beyond not crashing, such as
 * “what was saved loads again”: breaking it is a finding too. */
void
dw_fuzz_check (gboolean    condition,
               const char *what,
               const char *detail)
{
  if (condition)
    return;
  fprintf (stderr, "fuzz: broken promise: %s\n%s\n", what, detail ? detail : "");
  abort ();
}
