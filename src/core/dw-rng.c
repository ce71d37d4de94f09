/* dw-rng.c — xoshiro256** seeded through SplitMix64
 *
 * A shared table is its deck, its seed and its actions, so a seed must
 * shuffle the same way on every machine and with every GLib.  GRand is a
 * Mersenne Twister and deterministic too, but it takes 32-bit seeds and
 * its range functions are GLib's to change; this file is small enough to
 * be the specification instead:
 *
 *  - the 64-bit seed is expanded into the four words of state by four
 *    SplitMix64 steps (Steele, Lea and Flood 2014), which also keeps a
 *    seed of 0 from giving the all-zero state xoshiro cannot leave;
 *  - each number is xoshiro256** 1.0 (Blackman and Vigna 2018);
 *  - a number below a bound rejects the raw values under
 *    (2^64 - bound) mod bound and returns the remainder, so every value
 *    is equally likely;
 *  - a shuffle is Fisher–Yates from the last item down: item i swaps
 *    with item dw_rng_below (i + 1).
 *
 * tests/test-table.c checks the published reference values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-rng.h"

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

void
dw_rng_init (DwRng   *rng,
             guint64  seed)
{
  guint64 x = seed;

  for (guint i = 0; i < G_N_ELEMENTS (rng->s); i++)
    rng->s[i] = splitmix64 (&x);
}

/* Sets the raw state, as the reference implementation's tests do. */
void
dw_rng_init_state (DwRng         *rng,
                   const guint64  state[4])
{
  for (guint i = 0; i < G_N_ELEMENTS (rng->s); i++)
    rng->s[i] = state[i];
}

guint64
dw_rng_next (DwRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);

  return result;
}

/* A number from 0 to @bound - 1, each equally likely; @bound > 0. */
guint64
dw_rng_below (DwRng   *rng,
              guint64  bound)
{
  guint64 threshold;

  g_return_val_if_fail (bound > 0, 0);

  threshold = (0 - bound) % bound;
  for (;;)
    {
      guint64 r = dw_rng_next (rng);

      if (r >= threshold)
        return r % bound;
    }
}

void
dw_rng_shuffle (DwRng *rng,
                guint *items,
                gsize  n_items)
{
  for (gsize i = n_items; i > 1; i--)
    {
      gsize j = (gsize) dw_rng_below (rng, i);
      guint swap = items[i - 1];

      items[i - 1] = items[j];
      items[j] = swap;
    }
}

/* A seed for a new game nobody asked to repeat: 64 random bits, printed
 * with the game so that it can be dealt again. */
guint64
dw_rng_fresh_seed (void)
{
  return ((guint64) g_random_int () << 32) | g_random_int ();
}
