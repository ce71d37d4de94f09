/* dw-game.h — a game definition: card properties, deck sections, formats, zones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-odds.h"
#include "dw-xml.h"

G_BEGIN_DECLS

#define DW_GAME_NS "urn:deckwright:game:1"

#define DW_GAME_ERROR (dw_game_error_quark ())

typedef enum
{
  DW_GAME_ERROR_INVALID,
  DW_GAME_ERROR_UNKNOWN_GAME,
} DwGameError;

typedef enum
{
  DW_PROPERTY_TEXT,
  DW_PROPERTY_INT,
  DW_PROPERTY_ENUM,
  DW_PROPERTY_COST,
  DW_PROPERTY_ELEMENT,
} DwPropertyKind;

typedef struct
{
  const char      *id;            /* interned */
  char            *name;
  DwPropertyKind   kind;
  gboolean         has_min;
  gboolean         has_max;
  gint64           min;
  gint64           max;
  char            *unit;
  char            *short_name;    /* the label a small face uses, or NULL: the name */
  char           **values;        /* enum values, in their printed order */
  char           **value_names;   /* what each value is called where shown (the
                                   * value itself unless its <value> names it) */
  char           **required_for;  /* card types that must carry it */
} DwPropertyDef;

typedef struct
{
  const char  *id;                /* interned */
  char        *name;
} DwCardTypeDef;

typedef struct
{
  const char  *id;                /* interned */
  char        *name;
  char       **accepts;           /* card types; NULL accepts every type */
  gboolean     ordered;
  gboolean     tokens;            /* holds tokens only, never counted */
  gboolean     considering;       /* the cards a player weighs beside the deck */
} DwSectionDef;

/* Every game's decks may keep cards the player is still weighing in this
 * section (a "maybeboard").  The game provides it whether its definition
 * names it or not; it accepts every card type, comes after the game's own
 * sections, and no format, statistic, table or decklist counts it. */
#define DW_SECTION_CONSIDERING "considering"

typedef enum
{
  DW_ZONE_PUBLIC,
  DW_ZONE_HIDDEN,
  DW_ZONE_OWNER,
  DW_ZONE_TOP,
} DwZoneVisibility;

typedef struct
{
  const char        *id;          /* interned */
  char              *name;
  DwZoneVisibility   visibility;
  gboolean           ordered;
  int                row;
  int                column;
  int                width;
  int                height;
  char              *start;       /* the deck section that starts here */
} DwZoneDef;

/* A number each player keeps at a table (life, mana), from <table>:
 * where it starts, the bounds it keeps within when the game states them,
 * and the value it returns to when each turn begins, if any (a game's
 * "ready all your cores"). */
typedef struct
{
  const char  *id;                /* interned */
  char        *name;
  gint64       start;
  gboolean     has_min;
  gboolean     has_max;
  gboolean     has_reset;
  gint64       min;
  gint64       max;
  gint64       reset;             /* with @has_reset: set when each turn begins */
} DwCounterDef;

/* The table rules a game states as data (<table>), which the generic
 * table checks for a game without rules written in C. */
typedef struct
{
  const char  *deck;              /* interned zone id cards are drawn from, or NULL */
  const char  *hand;              /* interned zone id they are drawn to, or NULL */
  int          opening_hand;      /* cards drawn when the table is dealt */
  int          draw_per_turn;     /* cards drawn when a turn begins, from the second */
  int          hand_limit;        /* the most cards a hand may hold when a turn ends; -1: any */
  const char  *refill_from;       /* interned zone shuffled into an empty deck, or NULL */
  GArray      *counters;          /* DwCounterDef */
} DwTableDef;

/* What a game definition may state (README, "Limits"): the table's grid
 * of zones, and the cards one table rule (an opening hand, a draw, a hand
 * limit) counts, as many as a deck entry may hold. */
#define DW_ZONE_GRID_SIZE  16
#define DW_TABLE_MAX_CARDS 999

/* A printed card's size in millimetres when the definition states none
 * (the common "poker" card), and the sizes <card-size> may state. */
#define DW_GAME_CARD_WIDTH_DEFAULT  63.0
#define DW_GAME_CARD_HEIGHT_DEFAULT 88.0
#define DW_GAME_CARD_SIZE_MIN       20
#define DW_GAME_CARD_SIZE_MAX       300

typedef struct _DwFormat DwFormat;

#define DW_TYPE_GAME (dw_game_get_type ())
G_DECLARE_FINAL_TYPE (DwGame, dw_game, DW, GAME, GObject)

typedef DwGame *(*DwGameLookupFunc) (const char *game_id,
                                     gpointer    user_data);
typedef gboolean (*DwFormatTakenFunc) (const char *format_id,
                                       gpointer    user_data);

GQuark               dw_game_error_quark         (void);

DwGame              *dw_game_new_from_file       (const char    *path,
                                                  GError       **error);
DwGame              *dw_game_new_from_data       (const char    *data,
                                                  gsize          length,
                                                  const char    *display_name,
                                                  GError       **error);
gboolean             dw_game_load_formats_file   (const char    *path,
                                                  DwGameLookupFunc lookup,
                                                  DwFormatTakenFunc taken,
                                                  gpointer       user_data,
                                                  GError       **error);
gboolean             dw_game_load_formats_data   (const char    *data,
                                                  gsize          length,
                                                  const char    *display_name,
                                                  DwGameLookupFunc lookup,
                                                  DwFormatTakenFunc taken,
                                                  gpointer       user_data,
                                                  GError       **error);

const char          *dw_game_get_id              (DwGame        *self);
const char          *dw_game_get_name            (DwGame        *self);

guint                dw_game_get_n_types         (DwGame        *self);
const DwCardTypeDef *dw_game_get_card_type_def   (DwGame        *self,
                                                  guint          index);
const DwCardTypeDef *dw_game_lookup_card_type    (DwGame        *self,
                                                  const char    *id);

guint                dw_game_get_n_properties    (DwGame        *self);
const DwPropertyDef *dw_game_get_property        (DwGame        *self,
                                                  guint          index);
const DwPropertyDef *dw_game_lookup_property     (DwGame        *self,
                                                  const char    *id);
int                  dw_property_def_value_index (const DwPropertyDef *def,
                                                  const char    *value);
const char          *dw_property_def_value_name  (const DwPropertyDef *def,
                                                  const char          *value);
const char          *dw_game_value_name          (DwGame        *self,
                                                  const char    *property_id,
                                                  const char    *value);
gboolean             dw_property_def_check       (const DwPropertyDef *def,
                                                  const char    *value,
                                                  char         **reason);

guint                dw_game_get_n_sections      (DwGame        *self);
const DwSectionDef  *dw_game_get_section         (DwGame        *self,
                                                  guint          index);
const DwSectionDef  *dw_game_lookup_section      (DwGame        *self,
                                                  const char    *id);
const DwSectionDef  *dw_game_section_for_type    (DwGame        *self,
                                                  const char    *type,
                                                  gboolean       token);

GListModel          *dw_game_get_formats         (DwGame        *self);
DwFormat            *dw_game_lookup_format       (DwGame        *self,
                                                  const char    *id);
DwFormat            *dw_game_get_default_format  (DwGame        *self);
void                 dw_game_add_format          (DwGame        *self,
                                                  DwFormat      *format);

guint                dw_game_get_n_zones         (DwGame        *self);
const DwZoneDef     *dw_game_get_zone            (DwGame        *self,
                                                  guint          index);
const DwZoneDef     *dw_game_lookup_zone         (DwGame        *self,
                                                  const char    *id);
const DwTableDef    *dw_game_get_table           (DwGame        *self);
void                 dw_game_get_card_size       (DwGame        *self,
                                                  double        *width_mm,
                                                  double        *height_mm);
const DwDeal        *dw_game_get_deal            (DwGame        *self);
const DwPropertyDef *dw_game_get_curve_property  (DwGame        *self);
const char * const  *dw_game_get_statistics_numbers (DwGame     *self);

gboolean             dw_section_is_considering   (const char    *section_id);

gboolean             dw_strv_contains_nullable   (const char * const *strv,
                                                  const char    *str);

G_END_DECLS
