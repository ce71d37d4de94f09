/* dw-odds.c — exact draw odds
 *
 * Every binomial coefficient is taken as a logarithm through lgamma(), so
 * nothing overflows at any deck size: C(100000, 50000) has some 30,000
 * digits, its logarithm is a plain double.  A probability is only
 * exponentiated once it is a ratio, which lies between 0 and 1.
 *
 * A DRAW deal (Arcmage) sees a fixed number of cards at each step, so a
 * category's count is hypergeometric.  A REVEAL deal (Coraabia) turns
 * cards over until the d-th character of the game is out: the number of
 * tricks before it, t, follows the negative hypergeometric distribution,
 *
 *   P(t) = C(t + d - 1, t) C(T - t + C - d, T - t) / C(T + C, T),
 *
 * and given t the characters seen are d of the C characters and the
 * tricks t of the T tricks, each a uniform choice, so the category's
 * count among them is the sum of two independent hypergeometric counts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dw-odds.h"

/* How many cards a DRAW deal has seen after @step: the opening hand at
 * step 0, then the draws of each turn from its first drawing turn on. */
guint
dw_deal_cards_seen (const DwDeal *deal,
                    guint         step)
{
  g_return_val_if_fail (deal->kind == DW_DEAL_DRAW, 0);
  if (step < deal->first_draw)
    return deal->hand_size;
  return deal->hand_size + deal->per_turn * (step - deal->first_draw + 1);
}

double
dw_log_choose (guint64 n,
               guint64 k)
{
  if (k > n)
    return -INFINITY;
  if (k == 0 || k == n)
    return 0.0;
  return lgamma ((double) n + 1.0) - lgamma ((double) k + 1.0) - lgamma ((double) (n - k) + 1.0);
}

/* P(X = @k) for @draws cards taken without replacement from @population
 * cards of which @successes are of the kind counted. */
double
dw_hypergeometric (guint64 population,
                   guint64 successes,
                   guint64 draws,
                   guint64 k)
{
  if (successes > population || draws > population)
    return 0.0;
  if (k > successes || k > draws || draws - k > population - successes)
    return 0.0;
  return exp (dw_log_choose (successes, k) +
              dw_log_choose (population - successes, draws - k) -
              dw_log_choose (population, draws));
}

/* P(X >= @k), summing whichever tail is shorter. */
double
dw_hypergeometric_at_least (guint64 population,
                            guint64 successes,
                            guint64 draws,
                            guint64 k)
{
  guint64 lowest;
  guint64 highest;
  double sum = 0.0;

  if (successes > population || draws > population)
    return 0.0;
  lowest = draws > population - successes ? draws - (population - successes) : 0;
  highest = MIN (draws, successes);
  if (k <= lowest)
    return 1.0;
  if (k > highest)
    return 0.0;

  if (highest - k < k - lowest)
    {
      for (guint64 j = k; j <= highest; j++)
        sum += dw_hypergeometric (population, successes, draws, j);
      return CLAMP (sum, 0.0, 1.0);
    }
  for (guint64 j = lowest; j < k; j++)
    sum += dw_hypergeometric (population, successes, draws, j);
  return CLAMP (1.0 - sum, 0.0, 1.0);
}

static double
reveal_exactly (const DwOddsCounts *counts,
                guint               step,
                guint64             k)
{
  guint64 characters = counts->stop_in + counts->stop_out;
  guint64 tricks_in = counts->in - counts->stop_in;
  guint64 tricks = tricks_in + counts->out - counts->stop_out;
  guint64 d = MIN ((guint64) step + 1, characters);
  double log_all;
  double sum = 0.0;

  /* With no character left to stop at, every card has been revealed. */
  if (d == 0)
    return k == counts->in ? 1.0 : 0.0;

  log_all = dw_log_choose (tricks + characters, tricks);
  for (guint64 t = 0; t <= tricks; t++)
    {
      double p_t = exp (dw_log_choose (t + d - 1, t) +
                        dw_log_choose (tricks - t + characters - d, tricks - t) - log_all);

      if (p_t == 0.0)
        continue;
      for (guint64 x = 0; x <= MIN (d, k); x++)
        sum += p_t * dw_hypergeometric (characters, counts->stop_in, d, x) *
               dw_hypergeometric (tricks, tricks_in, t, k - x);
    }
  return CLAMP (sum, 0.0, 1.0);
}

/* The chance that exactly @k cards of the category have been seen after
 * @step (0: the opening hand; n: the n-th turn or duel). */
double
dw_odds_exactly (const DwDeal       *deal,
                 const DwOddsCounts *counts,
                 guint               step,
                 guint64             k)
{
  guint64 size = counts->in + counts->out;

  if (deal->kind == DW_DEAL_REVEAL)
    return reveal_exactly (counts, step, k);
  return dw_hypergeometric (size, counts->in, MIN (dw_deal_cards_seen (deal, step), size), k);
}

/* The chance that at least @k cards of the category have been seen. */
double
dw_odds_at_least (const DwDeal       *deal,
                  const DwOddsCounts *counts,
                  guint               step,
                  guint64             k)
{
  guint64 size = counts->in + counts->out;
  double below = 0.0;

  if (deal->kind == DW_DEAL_DRAW)
    return dw_hypergeometric_at_least (size, counts->in, MIN (dw_deal_cards_seen (deal, step), size), k);

  if (k > counts->in)
    return 0.0;
  for (guint64 j = 0; j < k; j++)
    below += reveal_exactly (counts, step, j);
  return CLAMP (1.0 - below, 0.0, 1.0);
}
