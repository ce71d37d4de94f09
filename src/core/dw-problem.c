/* dw-problem.c — one reason a deck breaks (or strains) its format's rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-problem.h"

struct _DwProblem
{
  GObject     parent_instance;

  char       *code;
  char       *message;
  DwSeverity  severity;
  GPtrArray  *entries;
  GHashTable *has;      /* the same entries, for a membership test in O(1) */
};

G_DEFINE_FINAL_TYPE (DwProblem, dw_problem, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CODE,
  PROP_MESSAGE,
  PROP_IS_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
dw_problem_finalize (GObject *object)
{
  DwProblem *self = DW_PROBLEM (object);

  g_free (self->code);
  g_free (self->message);
  g_ptr_array_unref (self->entries);
  g_clear_pointer (&self->has, g_hash_table_unref);

  G_OBJECT_CLASS (dw_problem_parent_class)->finalize (object);
}

static void
dw_problem_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  DwProblem *self = DW_PROBLEM (object);

  switch (prop_id)
    {
    case PROP_CODE:
      g_value_set_string (value, self->code);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    case PROP_IS_ERROR:
      g_value_set_boolean (value, self->severity == DW_SEVERITY_ERROR);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_problem_class_init (DwProblemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dw_problem_finalize;
  object_class->get_property = dw_problem_get_property;

  properties[PROP_CODE] =
    g_param_spec_string ("code", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_IS_ERROR] =
    g_param_spec_boolean ("is-error", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dw_problem_init (DwProblem *self)
{
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
}

DwProblem *
dw_problem_new (const char *code,
                DwSeverity  severity,
                const char *message)
{
  DwProblem *self = g_object_new (DW_TYPE_PROBLEM, NULL);

  self->code = g_strdup (code);
  self->severity = severity;
  self->message = g_strdup (message);
  return self;
}

const char *
dw_problem_get_code (DwProblem *self)
{
  g_return_val_if_fail (DW_IS_PROBLEM (self), NULL);
  return self->code;
}

DwSeverity
dw_problem_get_severity (DwProblem *self)
{
  g_return_val_if_fail (DW_IS_PROBLEM (self), DW_SEVERITY_ERROR);
  return self->severity;
}

const char *
dw_problem_get_message (DwProblem *self)
{
  g_return_val_if_fail (DW_IS_PROBLEM (self), NULL);
  return self->message;
}

/* The deck entries (DwDeckEntry) the problem concerns. */
GPtrArray *
dw_problem_get_entries (DwProblem *self)
{
  g_return_val_if_fail (DW_IS_PROBLEM (self), NULL);
  return self->entries;
}

void
dw_problem_add_entry (DwProblem *self,
                      gpointer   entry)
{
  g_return_if_fail (DW_IS_PROBLEM (self));
  g_return_if_fail (G_IS_OBJECT (entry));

  /* A problem may name every entry of a deck: searching the list for
   * each one was quadratic in the deck's size (issue 20, B4). */
  if (self->has == NULL)
    self->has = g_hash_table_new (NULL, NULL);
  if (g_hash_table_add (self->has, entry))
    g_ptr_array_add (self->entries, g_object_ref (entry));
}

const char *
dw_severity_to_string (DwSeverity severity)
{
  return severity == DW_SEVERITY_WARNING ? "warning" : "error";
}
