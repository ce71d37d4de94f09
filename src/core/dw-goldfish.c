/* dw-goldfish.c — a goldfish simulation: many solo games, seeded
 *
 * Game i is dealt from seed + i exactly as a table started with that seed
 * deals it (dw-hand.c shuffles with the table's generator), then played
 * by a fixed policy, since a simulation has no player to ask:
 *
 * A deal that draws (the game's <deal>, or its <table>'s draws) takes no
 * mulligan; each turn from its first drawing turn draws its cards.  With
 * resource="vault" (Arcmage: "Each turn a player may put one of the
 * cards in hand face down in the Vault", each vault card "produces 1
 * gold") the player then vaults a card that is not of the play type when
 * the hand holds one, else its dearest card of the play type, but never
 * a lone one it can pay for next turn, and plays cards of the play type
 * dearest first while the gold lasts.  A cost that is not a number (X, T)
 * counts as its added part, X + 2 as 2.  With no resource, a card of the
 * play type is played once drawn.  An empty deck at the draw ends the
 * game (Arcmage: "If a player can't draw a card during the draw phase
 * due to his/her Deck being depleted then the player loses the game").
 *
 * A deal that reveals (Coraabia): each duel reveals until a card of the
 * stop type, the others going to the hand (Structure of duels 1.2, 1.3);
 * the player plays one of them a duel when it holds one (the trick limit
 * is 1); the game ends when the deck has no card of the stop type left
 * for the next duel, and if others remain in it then, the deck "ran out
 * of characters first".
 *
 * Nothing here allocates per game, so a turn costs a few random numbers
 * and a pass over a hand of at most some twenty cards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dw-goldfish.h"
#include "dw-hand.h"

/* How often the progress function hears of the games done. */
#define PROGRESS_EVERY 4096

typedef struct
{
  gboolean stops;     /* of the play type (a creature), or the stop type (a character) */
  gint     cost;
} CopyInfo;

struct _DwGoldfish
{
  const DwDeal  *deal;
  DwHandSampler *sampler;
  CopyInfo      *info;      /* per copy of the sampler */
  guint         *order;     /* the copies in the order drawn */
  guint         *hand;      /* room for every card a game's turns draw */
  guint          n_copies;
};

static gint
fixed_cost (const char *value)
{
  const char *plus;
  gint64 cost = 0;

  if (value == NULL)
    return 0;
  if (g_ascii_string_to_signed (value, 10, 0, G_MAXINT16, &cost, NULL))
    return (gint) cost;
  plus = strchr (value, '+');
  if (plus != NULL && g_ascii_string_to_signed (plus + 1, 10, 0, G_MAXINT16, &cost, NULL))
    return (gint) cost;
  return 0;
}

/* Prepares @deck's games: reads every card once, so that the games can
 * run in another thread without touching a card.  Fails when the game
 * has no deal or the deck no cards to shuffle. */
DwGoldfish *
dw_goldfish_new (DwGame  *game,
                 DwDeck  *deck,
                 GError **error)
{
  g_autoptr(DwGoldfish) self = g_new0 (DwGoldfish, 1);
  const char *stop_type;

  self->deal = dw_game_get_deal (game);
  if (self->deal == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("there is no simulation for %s decks"), dw_game_get_name (game));
      return NULL;
    }
  stop_type = self->deal->kind == DW_DEAL_DRAW ? self->deal->play_type : self->deal->stop_type;
  self->sampler = dw_hand_sampler_new (deck, self->deal->section);
  self->n_copies = dw_hand_sampler_get_size (self->sampler);
  if (self->n_copies == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("the deck has no cards to shuffle"));
      return NULL;
    }
  self->info = g_new0 (CopyInfo, self->n_copies);
  self->order = g_new0 (guint, self->n_copies);
  if (self->deal->kind == DW_DEAL_DRAW)
    self->hand = g_new0 (guint, dw_deal_cards_seen (self->deal, DW_GOLDFISH_TURNS));
  for (guint i = 0; i < self->n_copies; i++)
    {
      DwCard *card = dw_deck_entry_get_card (dw_hand_sampler_get_copy (self->sampler, i));

      if (card == NULL)
        continue;
      self->info[i].stops = stop_type != NULL && g_strcmp0 (dw_card_get_card_type (card), stop_type) == 0;
      if (self->deal->cost != NULL && self->deal->resource != DW_DEAL_RESOURCE_NONE)
        self->info[i].cost = fixed_cost (dw_card_get_value (card, self->deal->cost));
    }
  return g_steal_pointer (&self);
}

void
dw_goldfish_free (DwGoldfish *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->sampler, dw_hand_sampler_free);
  g_free (self->info);
  g_free (self->order);
  g_free (self->hand);
  g_free (self);
}

/* The card the policy vaults, as a position in @hand, or -1. */
static int
pick_vault (const DwGoldfish *self,
            const guint      *hand,
            guint             n_hand,
            guint             vault)
{
  int dearest = -1;
  guint creatures = 0;

  for (guint i = 0; i < n_hand; i++)
    {
      const CopyInfo *info = &self->info[hand[i]];

      if (!info->stops)
        return (int) i;
      creatures++;
      if (dearest < 0 || info->cost > self->info[hand[dearest]].cost)
        dearest = (int) i;
    }
  if (creatures == 1 && self->info[hand[dearest]].cost <= (gint) vault + 1)
    return -1;
  return dearest;
}

static void
play_draw_game (DwGoldfish       *self,
                guint64           seed,
                DwGoldfishResult *result)
{
  guint seen = dw_hand_sampler_draw_copies (self->sampler, seed,
                                            dw_deal_cards_seen (self->deal, DW_GOLDFISH_TURNS),
                                            self->order);
  guint *hand = self->hand;
  guint n_hand = 0;
  guint next = 0;
  guint vault = 0;
  guint gold_reached = 0;
  gboolean played = FALSE;
  gboolean drawn = FALSE;

  while (next < MIN (self->deal->hand_size, seen))
    hand[n_hand++] = self->order[next++];

  for (guint turn = 1; turn <= DW_GOLDFISH_TURNS; turn++)
    {
      int vaulted;
      gint gold;

      /* "If a player can't draw a card during the draw phase due to
       * his/her Deck being depleted then the player loses the game." */
      if (turn >= self->deal->first_draw && self->deal->per_turn > 0)
        {
          if (next >= self->n_copies)
            break;
          for (guint d = 0; d < self->deal->per_turn && next < seen; d++)
            hand[n_hand++] = self->order[next++];
        }
      result->n_turns++;

      for (guint i = 0; i < n_hand && !drawn; i++)
        drawn = self->info[hand[i]].stops;
      drawn = drawn || played;
      if (drawn)
        result->creature_drawn[turn - 1]++;

      vaulted = self->deal->resource == DW_DEAL_RESOURCE_VAULT ? pick_vault (self, hand, n_hand, vault) : -1;
      if (vaulted >= 0)
        {
          hand[vaulted] = hand[--n_hand];
          vault++;
        }
      for (; gold_reached < MIN (vault, DW_GOLDFISH_GOLD); gold_reached++)
        {
          result->gold_reached[gold_reached]++;
          result->gold_turn_sum[gold_reached] += turn;
          result->gold_turn_squares[gold_reached] += (guint64) turn * turn;
        }

      /* The entrance: creatures dearest first while the gold lasts. */
      gold = (gint) vault;
      for (;;)
        {
          int best = -1;

          for (guint i = 0; i < n_hand; i++)
            {
              const CopyInfo *info = &self->info[hand[i]];

              if (info->stops && info->cost <= gold &&
                  (best < 0 || info->cost > self->info[hand[best]].cost))
                best = (int) i;
            }
          if (best < 0)
            break;
          gold -= self->info[hand[best]].cost;
          hand[best] = hand[--n_hand];
          played = TRUE;
        }
      if (played)
        result->creature_played[turn - 1]++;
    }
}

static void
play_reveal_game (DwGoldfish       *self,
                  guint64           seed,
                  DwGoldfishResult *result)
{
  guint n = dw_hand_sampler_draw_copies (self->sampler, seed, self->n_copies, self->order);
  guint characters_left = 0;
  guint next = 0;
  guint tricks = 0;
  gboolean trick_seen = FALSE;

  for (guint i = 0; i < n; i++)
    characters_left += self->info[i].stops;

  for (guint duel = 1; duel <= DW_GOLDFISH_TURNS; duel++)
    {
      /* "The game ends once any player cannot send a character into the
       * next duel"; the seen-by figures stay as they were. */
      if (characters_left == 0)
        {
          for (; duel <= DW_GOLDFISH_TURNS; duel++)
            result->trick_seen[duel - 1] += trick_seen;
          break;
        }
      while (next < n && !self->info[self->order[next]].stops)
        {
          tricks++;
          next++;
          trick_seen = TRUE;
        }
      next++;
      characters_left--;
      result->n_turns++;

      result->dueled[duel - 1]++;
      result->tricks_sum[duel - 1] += tricks;
      result->tricks_squares[duel - 1] += (double) tricks * tricks;
      result->trick_seen[duel - 1] += trick_seen;
      if (tricks > 0)
        tricks--;
    }

  /* Played on until the characters run out: are tricks left below? */
  while (characters_left > 0)
    {
      if (!self->info[self->order[next]].stops)
        {
          next++;
          continue;
        }
      next++;
      characters_left--;
    }
  if (next < n)
    result->out_first++;
}

/* Plays @n_games games, game i dealt from @seed + i, into @result.  Runs
 * in any one thread at a time.  Returns FALSE with @error set when
 * @cancellable is cancelled; @result then holds the games finished. */
gboolean
dw_goldfish_run (DwGoldfish              *self,
                 guint64                  seed,
                 guint                    n_games,
                 DwGoldfishProgressFunc   progress,
                 gpointer                 user_data,
                 GCancellable            *cancellable,
                 DwGoldfishResult        *result,
                 GError                 **error)
{
  memset (result, 0, sizeof *result);
  result->kind = self->deal->kind;
  result->seed = seed;

  for (guint game = 0; game < n_games; game++)
    {
      if (game % PROGRESS_EVERY == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (progress != NULL)
            progress (game, n_games, user_data);
        }
      if (self->deal->kind == DW_DEAL_DRAW)
        play_draw_game (self, seed + game, result);
      else
        play_reveal_game (self, seed + game, result);
      result->n_games++;
    }
  if (progress != NULL)
    progress (n_games, n_games, user_data);
  return TRUE;
}

/* The Wilson score interval at 99% for @successes in @n trials. */
void
dw_proportion_interval (guint   successes,
                        guint   n,
                        double *low,
                        double *high)
{
  double z = DW_GOLDFISH_Z99;
  double p;
  double centre;
  double half;
  double denominator;

  if (n == 0)
    {
      *low = 0.0;
      *high = 1.0;
      return;
    }
  p = (double) successes / n;
  denominator = 1.0 + z * z / n;
  centre = (p + z * z / (2.0 * n)) / denominator;
  half = z * sqrt (p * (1.0 - p) / n + z * z / (4.0 * (double) n * n)) / denominator;
  *low = MAX (centre - half, 0.0);
  *high = MIN (centre + half, 1.0);
}

/* The mean of @n values given their @sum and the @squares' sum, and its
 * 99% interval (normal, which a few hundred games make good). */
double
dw_mean_interval (double  sum,
                  double  squares,
                  guint   n,
                  double *low,
                  double *high)
{
  double mean;
  double variance;
  double half;

  if (n == 0)
    {
      *low = *high = 0.0;
      return 0.0;
    }
  mean = sum / n;
  variance = n > 1 ? MAX (squares - sum * mean, 0.0) / (n - 1) : 0.0;
  half = DW_GOLDFISH_Z99 * sqrt (variance / n);
  *low = mean - half;
  *high = mean + half;
  return mean;
}
