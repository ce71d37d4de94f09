/* dw-table.c — a playtest table: a deck, a seed and the actions taken
 *
 * A table is defined by what it started from and what was done on it:
 * the state is a function of (decks, seed, accepted actions).  Each
 * action is tried on a copy of the current state; the copy replaces the
 * current state only when the rules accept it, so a rejected action can
 * change nothing.  The states after each action are kept, which makes
 * undo exact and instant; saving writes the decks, the seed and the log,
 * and reading replays them (dw-table-file.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-table-private.h"

struct _DwTable
{
  GObject              parent_instance;

  DwLibrary           *library;
  DwGame              *game;
  const DwTableRules  *rules;
  DwDeck              *deck;
  DwDeck              *opponent;
  guint64              seed;
  GPtrArray           *keep;       /* GObjects the states point into */
  GPtrArray           *history;    /* DwTableState: [0] as dealt, [i] after log entry i - 1 */
  GPtrArray           *log;        /* DwTableLogEntry */
  GStringChunk        *strings;
  GArray              *manual_verbs;
  const DwVerb        *verbs[4];   /* machinery, manual, the game's, NULL */
  DwTableFileExtras    extras;
};

G_DEFINE_FINAL_TYPE (DwTable, dw_table, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TURN,
  PROP_PHASE,
  PROP_RESULT,
  PROP_CAN_UNDO,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const DwVerb machinery_verbs[] = {
  { "undo", "undo", "take back the last accepted action" },
  { "state", "state", "show the table" },
  { NULL }
};

static void
log_entry_free (DwTableLogEntry *entry)
{
  g_free (entry->text);
  g_free (entry->effects);
  g_free (entry);
}

static DwTableState *
current (DwTable *self)
{
  return g_ptr_array_index (self->history, self->history->len - 1);
}

/* Notifies what a change of state changed. */
static void
changed (DwTable            *self,
         const DwTableState *before)
{
  const DwTableState *now = current (self);

  if (before->turn != now->turn)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN]);
  if (before->phase != now->phase)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  if (before->result != now->result)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* The table keeps its own copy of each deck: editing the deck later does
 * not change a table being played, and saving writes what was dealt. */
static DwDeck *
copy_deck (DwLibrary  *library,
           DwDeck     *deck,
           GError    **error)
{
  g_autofree char *text = dw_deck_to_string (deck);
  DwDeck *copy = dw_deck_load_data (text, strlen (text), dw_deck_get_name (deck), error);

  if (copy != NULL)
    dw_library_resolve_deck (library, copy);
  return copy;
}

/* Whether the log marks @verb manual: the machinery's manual actions, and
 * the game's own that apply card texts by hand. */
static gboolean
is_manual (const DwTableRules *rules,
           const char         *verb)
{
  return strcmp (verb, "manual") == 0 ||
         (rules->manual_verbs != NULL && g_strv_contains (rules->manual_verbs, verb));
}

/* "as opp ACTION" acts for the opponent: only with the game's own
 * actions (undo, state and the manual actions belong to no side), and
 * only at a table whose rules let the opponent act. */
static gboolean
check_side (DwTable         *self,
            const DwAction  *action,
            GError         **error)
{
  const char *verb = dw_action_get_verb (action);

  if (!dw_action_is_for_opponent (action))
    return TRUE;
  if (strcmp (verb, "undo") == 0 || strcmp (verb, "state") == 0 || strcmp (verb, "manual") == 0)
    {
      dw_table_reject (error, NULL, _("“as opp” goes before one of the game's actions; “%s” belongs to no side"),
                       verb);
      return FALSE;
    }
  if (!self->rules->opponent_acts)
    {
      dw_table_reject (error, NULL, _("the opponent never acts at this table (%s), so nothing can be done for it"),
                       self->rules->name);
      return FALSE;
    }
  return TRUE;
}

/* The rules' default opponent deck, read from the data folder. */
static DwDeck *
load_default_opponent (DwLibrary           *library,
                       const DwTableRules  *rules,
                       GError             **error)
{
  g_autofree char *path = g_build_filename (dw_library_get_data_dir (), "decks", rules->default_opponent, NULL);
  g_autoptr(GError) local_error = NULL;
  DwDeck *deck = dw_deck_load (path, &local_error);

  if (deck == NULL)
    {
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                   _("the default opponent deck cannot be read (%s); give the opponent a deck of your own"),
                   local_error->message);
      return NULL;
    }
  dw_library_resolve_deck (library, deck);
  return deck;
}

static DwTableState *
try_action (DwTable         *self,
            const DwAction  *action,
            char           **effects,
            GError         **error)
{
  g_autoptr(DwTableState) next = dw_table_state_copy (current (self));
  g_autoptr(GString) said = g_string_new (NULL);
  DwTableContext ctx = { next, said };
  gboolean ok;

  if (strcmp (dw_action_get_verb (action), "manual") == 0)
    ok = dw_table_manual_perform (&ctx, action, error);
  else if (next->result != DW_TABLE_RESULT_NONE)
    {
      dw_table_reject (error, _("Winning"),
                       _("the game is over (%s); undo to take the last action back, or start a new table"),
                       next->result_reason);
      ok = FALSE;
    }
  else
    ok = self->rules->perform (&ctx, action, error);

  if (!ok)
    return NULL;

  if (self->rules->settle)
    self->rules->settle (&ctx);
  if (effects)
    *effects = g_strdup (said->str);
  return g_steal_pointer (&next);
}

static void
dw_table_dispose (GObject *object)
{
  DwTable *self = DW_TABLE (object);

  g_clear_object (&self->library);
  g_clear_object (&self->game);
  g_clear_object (&self->deck);
  g_clear_object (&self->opponent);

  G_OBJECT_CLASS (dw_table_parent_class)->dispose (object);
}

static void
dw_table_finalize (GObject *object)
{
  DwTable *self = DW_TABLE (object);

  /* The states point into the cards that keep holds. */
  g_ptr_array_unref (self->history);
  g_ptr_array_unref (self->log);
  g_ptr_array_unref (self->keep);
  g_clear_pointer (&self->manual_verbs, g_array_unref);
  g_string_chunk_free (self->strings);
  g_ptr_array_unref (self->extras.prolog);
  g_ptr_array_unref (self->extras.unknown);
  g_ptr_array_unref (self->extras.epilog);

  G_OBJECT_CLASS (dw_table_parent_class)->finalize (object);
}

static void
dw_table_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  DwTable *self = DW_TABLE (object);

  switch (prop_id)
    {
    case PROP_TURN:
      g_value_set_uint (value, dw_table_get_turn (self));
      break;
    case PROP_PHASE:
      g_value_set_string (value, dw_table_get_phase (self));
      break;
    case PROP_RESULT:
      g_value_set_uint (value, dw_table_get_result (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, dw_table_can_undo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_table_class_init (DwTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dw_table_dispose;
  object_class->finalize = dw_table_finalize;
  object_class->get_property = dw_table_get_property;

  properties[PROP_TURN] =
    g_param_spec_uint ("turn", NULL, NULL, 1, G_MAXUINT, 1,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PHASE] =
    g_param_spec_string ("phase", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RESULT] =
    g_param_spec_uint ("result", NULL, NULL, DW_TABLE_RESULT_NONE, DW_TABLE_RESULT_DRAWN,
                       DW_TABLE_RESULT_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted after every accepted action and every undo: the view redraws
   * from dw_table_get_state(). */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dw_table_init (DwTable *self)
{
  self->keep = g_ptr_array_new_with_free_func (g_object_unref);
  self->history = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_table_state_free);
  self->log = g_ptr_array_new_with_free_func ((GDestroyNotify) log_entry_free);
  self->strings = g_string_chunk_new (256);
  self->extras.prolog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  self->extras.unknown = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  self->extras.epilog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
}

/* Public API */

/* A new table for @deck by its game's rules, dealt and shuffled from
 * @seed.  @opponent may be NULL; what the rules make of it is theirs to
 * say (Arcmage: its regions are the goldfish's region pile; Coraabia: the
 * goldfish's whole deck, the rules' default deck when NULL). */
DwTable *
dw_table_new (DwLibrary  *library,
              DwDeck     *deck,
              DwDeck     *opponent,
              guint64     seed,
              GError    **error)
{
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  /* Every installed game has a table: its own rules, or the generic ones. */
  rules = dw_table_rules_find (library, NULL, dw_deck_get_game_id (deck));
  if (rules == NULL)
    {
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                   _("the game “%s” is not installed"), dw_deck_get_game_id (deck));
      return NULL;
    }
  return dw_table_new_with_rules (library, rules, deck, opponent, seed, error);
}

DwTable *
dw_table_new_with_rules (DwLibrary          *library,
                         const DwTableRules *rules,
                         DwDeck             *deck,
                         DwDeck             *opponent,
                         guint64             seed,
                         GError            **error)
{
  g_autoptr(DwTable) self = NULL;
  g_autoptr(DwTableState) state = NULL;
  g_autoptr(DwDeck) default_opponent = NULL;
  DwTableSetup setup = { 0 };
  DwGame *game;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (DW_IS_DECK (deck), NULL);
  g_return_val_if_fail (opponent == NULL || DW_IS_DECK (opponent), NULL);

  game = dw_library_lookup_game (library, rules->game_id);
  if (game == NULL)
    {
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                   _("the game “%s” is not installed"), rules->game_id);
      return NULL;
    }
  /* The opponent's deck becomes part of the table like one given, so a
   * saved table holds it whole. */
  if (opponent == NULL && rules->default_opponent != NULL)
    {
      default_opponent = load_default_opponent (library, rules, error);
      if (default_opponent == NULL)
        return NULL;
      opponent = default_opponent;
    }
  if (g_strcmp0 (dw_deck_get_game_id (deck), rules->game_id) != 0 ||
      (opponent != NULL && g_strcmp0 (dw_deck_get_game_id (opponent), rules->game_id) != 0))
    {
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                   _("the %s table takes %s decks only"), rules->name, dw_game_get_name (game));
      return NULL;
    }

  self = g_object_new (DW_TYPE_TABLE, NULL);
  self->library = g_object_ref (library);
  self->game = g_object_ref (game);
  self->rules = rules;
  self->seed = seed;
  self->deck = copy_deck (library, deck, error);
  if (self->deck == NULL)
    return NULL;
  if (opponent != NULL)
    {
      self->opponent = copy_deck (library, opponent, error);
      if (self->opponent == NULL)
        return NULL;
    }

  state = dw_table_state_new (rules);
  dw_rng_init (&state->rng, seed);
  setup.library = library;
  setup.game = game;
  setup.deck = self->deck;
  setup.opponent = self->opponent;
  setup.keep = self->keep;
  if (!rules->setup (state, &setup, error))
    return NULL;

  self->manual_verbs = dw_table_manual_make_verbs (state, self->strings);
  self->verbs[0] = machinery_verbs;
  self->verbs[1] = (const DwVerb *) (gpointer) self->manual_verbs->data;
  self->verbs[2] = rules->verbs;
  self->verbs[3] = NULL;

  g_ptr_array_add (self->history, g_steal_pointer (&state));
  return g_steal_pointer (&self);
}

const DwTableRules *
dw_table_get_rules (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  return self->rules;
}

DwGame *
dw_table_get_game (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  return self->game;
}

/* The table's own copy of the player's deck. */
DwDeck *
dw_table_get_deck (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  return self->deck;
}

DwDeck *
dw_table_get_opponent (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  return self->opponent;
}

guint64
dw_table_get_seed (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), 0);
  return self->seed;
}

/* The table as it stands; valid until the next action or undo. */
const DwTableState *
dw_table_get_state (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  return current (self);
}

guint
dw_table_get_turn (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), 1);
  return current (self)->turn;
}

const char *
dw_table_get_phase (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  return dw_table_state_get_phase (current (self));
}

DwTableResult
dw_table_get_result (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), DW_TABLE_RESULT_NONE);
  return current (self)->result;
}

gboolean
dw_table_can_undo (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), FALSE);
  return self->log->len > 0;
}

guint
dw_table_get_n_log (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), 0);
  return self->log->len;
}

const DwTableLogEntry *
dw_table_get_log_entry (DwTable *self,
                        guint    index)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  g_return_val_if_fail (index < self->log->len, NULL);
  return g_ptr_array_index (self->log, index);
}

/* Every action this table understands, as NULL-terminated tables of
 * forms: undo and state, the manual actions, then the game's. */
const DwVerb * const *
dw_table_get_verbs (DwTable *self)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  return self->verbs;
}

/* Reads one line of the action language; NULL with @error unset for a
 * blank line or a comment. */
DwAction *
dw_table_parse (DwTable     *self,
                const char  *text,
                GError     **error)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  return dw_action_parse (self->verbs, text, 0, error);
}

GPtrArray *
dw_table_parse_script (DwTable     *self,
                       const char  *script,
                       gssize       length,
                       const char  *display_name,
                       GError     **error)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  return dw_action_parse_script (self->verbs, script, length, display_name, error);
}

/* Whether @action would be accepted now, and if not, why; nothing
 * changes either way.  This is how a view greys out what is not legal. */
gboolean
dw_table_check (DwTable         *self,
                const DwAction  *action,
                GError         **error)
{
  const char *verb;
  g_autoptr(DwTableState) next = NULL;

  g_return_val_if_fail (DW_IS_TABLE (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!check_side (self, action, error))
    return FALSE;
  verb = dw_action_get_verb (action);
  if (strcmp (verb, "state") == 0)
    return TRUE;
  if (strcmp (verb, "undo") == 0)
    {
      if (self->log->len > 0)
        return TRUE;
      dw_table_reject (error, NULL, _("there is nothing to undo"));
      return FALSE;
    }

  next = try_action (self, action, NULL, error);
  return next != NULL;
}

/* Applies @action when the rules accept it, and says what it did in
 * @effects; else changes nothing and says why in @error
 * (DW_TABLE_ERROR_REJECTED).  "state" puts the table in words in
 * @effects; "undo" takes back the last accepted action. */
gboolean
dw_table_perform (DwTable         *self,
                  const DwAction  *action,
                  char           **effects,
                  GError         **error)
{
  g_autofree char *said = NULL;
  DwTableState *before;
  DwTableState *next;
  DwTableLogEntry *entry;
  const char *verb;

  g_return_val_if_fail (DW_IS_TABLE (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!check_side (self, action, error))
    return FALSE;
  verb = dw_action_get_verb (action);
  if (strcmp (verb, "state") == 0)
    {
      if (effects)
        *effects = dw_table_describe (self);
      return TRUE;
    }
  if (strcmp (verb, "undo") == 0)
    return dw_table_undo (self, effects, error);

  next = try_action (self, action, &said, error);
  if (next == NULL)
    return FALSE;

  before = current (self);
  entry = g_new0 (DwTableLogEntry, 1);
  entry->text = g_strdup (action->text);
  entry->effects = g_strdup (said);
  entry->manual = is_manual (self->rules, verb);
  entry->turn = before->turn;
  entry->phase = before->phase;
  g_ptr_array_add (self->log, entry);
  g_ptr_array_add (self->history, next);
  changed (self, before);

  if (effects)
    *effects = g_steal_pointer (&said);
  return TRUE;
}

/* Reads @text as one action and performs it. */
gboolean
dw_table_perform_text (DwTable     *self,
                       const char  *text,
                       char       **effects,
                       GError     **error)
{
  g_autoptr(DwAction) action = NULL;
  GError *local_error = NULL;

  g_return_val_if_fail (DW_IS_TABLE (self), FALSE);

  action = dw_table_parse (self, text, &local_error);
  if (action == NULL)
    {
      if (local_error == NULL)
        g_set_error_literal (&local_error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                             _("the line holds no action"));
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return dw_table_perform (self, action, effects, error);
}

/* Takes back the last accepted action, exactly. */
gboolean
dw_table_undo (DwTable  *self,
               char    **undone,
               GError  **error)
{
  g_autoptr(DwTableState) before = NULL;
  DwTableLogEntry *entry;

  g_return_val_if_fail (DW_IS_TABLE (self), FALSE);

  if (self->log->len == 0)
    {
      dw_table_reject (error, NULL, _("there is nothing to undo"));
      return FALSE;
    }

  entry = g_ptr_array_index (self->log, self->log->len - 1);
  if (undone)
    *undone = g_strdup_printf (_("took back “%s”"), entry->text);
  g_ptr_array_remove_index (self->log, self->log->len - 1);
  before = g_ptr_array_steal_index (self->history, self->history->len - 1);
  changed (self, before);
  return TRUE;
}

/* The table in words. */
char *
dw_table_describe (DwTable *self)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);

  dw_table_state_describe (current (self), out);
  return g_string_free (out, FALSE);
}

const DwTableState *
dw_table_get_state_at (DwTable *self,
                       guint    index)
{
  g_return_val_if_fail (index < self->history->len, NULL);
  return g_ptr_array_index (self->history, index);
}

DwTableFileExtras *
dw_table_get_file_extras (DwTable *self)
{
  return &self->extras;
}
