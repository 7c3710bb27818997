/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of jx-time: the tick ↔ ns converters against an independent exact
 * reference, the duration formatter and the parser. */
#include "config.h"

#include <glib.h>
#include <locale.h>

#include "jx-time.h"

#define NS_PER_SECOND G_GUINT64_CONSTANT (1000000000)

/* The reference works on 128-bit numbers held as two 64-bit halves, with
 * schoolbook multiplication and bit-by-bit long division: no __int128, so it
 * shares no arithmetic with the code under test. */
typedef struct
{
  guint64 hi;
  guint64 lo;
} U128;

static U128
mul_64x64 (guint64 a,
           guint64 b)
{
  guint64 a0 = a & 0xffffffffu, a1 = a >> 32;
  guint64 b0 = b & 0xffffffffu, b1 = b >> 32;
  guint64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  guint64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  U128 r;

  r.lo = (p00 & 0xffffffffu) | (mid << 32);
  r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  return r;
}

static U128
divmod_128_64 (U128     n,
               guint64  d,
               guint64 *rest)
{
  U128 q = { 0, 0 };
  guint64 r = 0;

  for (int bit = 127; bit >= 0; bit--)
    {
      guint64 in = bit >= 64 ? (n.hi >> (bit - 64)) & 1 : (n.lo >> bit) & 1;
      gboolean carry = (r >> 63) != 0;

      r = (r << 1) | in;
      if (carry || r >= d)
        {
          r -= d;
          if (bit >= 64)
            q.hi |= G_GUINT64_CONSTANT (1) << (bit - 64);
          else
            q.lo |= G_GUINT64_CONSTANT (1) << bit;
        }
    }
  *rest = r;
  return q;
}

/* round (value * mul / div), ties away from zero, saturated to gint64. */
static gint64
reference_scale (gint64  value,
                 guint64 mul,
                 guint64 div)
{
  gboolean negative = value < 0;
  guint64 magnitude = negative ? ~(guint64) value + 1 : (guint64) value;
  guint64 rest;
  U128 q = divmod_128_64 (mul_64x64 (magnitude, mul), div, &rest);

  if (rest >= div - rest)
    {
      q.lo++;
      if (q.lo == 0)
        q.hi++;
    }
  if (q.hi != 0 || q.lo > (guint64) G_MAXINT64 + (negative ? 1 : 0))
    return negative ? G_MININT64 : G_MAXINT64;
  return negative ? (gint64) (~q.lo + 1) : (gint64) q.lo;
}

static gint64
reference_ticks_to_ns (gint64  ticks,
                       guint64 resolution)
{
  return reference_scale (ticks, NS_PER_SECOND, resolution != 0 ? resolution : NS_PER_SECOND);
}

static gint64
reference_ns_to_ticks (gint64  ns,
                       guint64 resolution)
{
  return reference_scale (ns, resolution != 0 ? resolution : NS_PER_SECOND, NS_PER_SECOND);
}

static void
check_both (gint64  value,
            guint64 resolution)
{
  gint64 got = jx_time_ticks_to_ns (value, resolution);
  gint64 want = reference_ticks_to_ns (value, resolution);

  if (got != want)
    g_error ("ticks_to_ns (%" G_GINT64_FORMAT ", %" G_GUINT64_FORMAT ") = %" G_GINT64_FORMAT
             ", expected %" G_GINT64_FORMAT, value, resolution, got, want);
  got = jx_time_ns_to_ticks (value, resolution);
  want = reference_ns_to_ticks (value, resolution);
  if (got != want)
    g_error ("ns_to_ticks (%" G_GINT64_FORMAT ", %" G_GUINT64_FORMAT ") = %" G_GINT64_FORMAT
             ", expected %" G_GINT64_FORMAT, value, resolution, got, want);
}

/* Check the reference itself on values worked out by hand. */
static void
test_reference (void)
{
  guint64 rest;
  U128 p = mul_64x64 (G_MAXUINT64, G_MAXUINT64);   /* 2^128 - 2^65 + 1 */
  U128 q;

  g_assert_cmpuint (p.hi, ==, G_MAXUINT64 - 1);
  g_assert_cmpuint (p.lo, ==, 1);
  q = divmod_128_64 (p, G_MAXUINT64, &rest);
  g_assert_cmpuint (q.hi, ==, 0);
  g_assert_cmpuint (q.lo, ==, G_MAXUINT64);
  g_assert_cmpuint (rest, ==, 0);
  q = divmod_128_64 ((U128) { 1, 5 }, 10, &rest);   /* 2^64 + 5 = 18446744073709551621 */
  g_assert_cmpuint (q.hi, ==, 0);
  g_assert_cmpuint (q.lo, ==, G_GUINT64_CONSTANT (1844674407370955162));
  g_assert_cmpuint (rest, ==, 1);
  g_assert_cmpint (reference_scale (5, 1, 2), ==, 3);
  g_assert_cmpint (reference_scale (-5, 1, 2), ==, -3);
  g_assert_cmpint (reference_scale (G_MININT64, 1, 1), ==, G_MININT64);
  g_assert_cmpint (reference_scale (G_MAXINT64, 2, 1), ==, G_MAXINT64);
}

static void
test_known_values (void)
{
  /* 1 tick of a 3 Hz clock is 333 333 333.3 ns. */
  g_assert_cmpint (jx_time_ticks_to_ns (1, 3), ==, 333333333);
  g_assert_cmpint (jx_time_ticks_to_ns (2, 3), ==, 666666667);
  g_assert_cmpint (jx_time_ticks_to_ns (-2, 3), ==, -666666667);
  /* Ties go away from zero. */
  g_assert_cmpint (jx_time_ticks_to_ns (1, 2000000000), ==, 1);
  g_assert_cmpint (jx_time_ticks_to_ns (-1, 2000000000), ==, -1);
  g_assert_cmpint (jx_time_ticks_to_ns (3, 2000000000), ==, 2);
  g_assert_cmpint (jx_time_ns_to_ticks (1, 1500000000), ==, 2);
  g_assert_cmpint (jx_time_ns_to_ticks (-1, 1500000000), ==, -2);
  g_assert_cmpint (jx_time_ns_to_ticks (1, 1400000000), ==, 1);
  /* Microsecond and nanosecond clocks. */
  g_assert_cmpint (jx_time_ticks_to_ns (1500000, 1000000), ==, 1500000000);
  g_assert_cmpint (jx_time_ns_to_ticks (1499, 1000000), ==, 1);
  g_assert_cmpint (jx_time_ns_to_ticks (1500, 1000000), ==, 2);
  g_assert_cmpint (jx_time_ticks_to_ns (123456789, 1000000000), ==, 123456789);
  /* Resolution 0 is taken as nanoseconds. */
  g_assert_cmpint (jx_time_ticks_to_ns (-42, 0), ==, -42);
  g_assert_cmpint (jx_time_ns_to_ticks (G_MININT64, 0), ==, G_MININT64);
  /* Seconds. */
  g_assert_cmpfloat_with_epsilon (jx_time_ticks_to_seconds (1500000, 1000000), 1.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (jx_time_ticks_to_seconds (-250, 0), -250e-9, 1e-18);
  /* A 2.4 GHz clock one year in: 7.57e16 ticks, far beyond double precision
   * in ns, still exact. */
  g_assert_cmpint (jx_time_ticks_to_ns (G_GINT64_CONSTANT (75686400000000001), 2400000000),
                   ==, G_GINT64_CONSTANT (31536000000000000));
}

static void
test_extremes (void)
{
  static const gint64 values[] = {
    0, 1, -1, 2, -2, 999999999, -999999999, 1000000000, -1000000000,
    G_MAXINT32, G_MININT32, G_GINT64_CONSTANT (9223372036),
    G_GINT64_CONSTANT (9223372037), G_MAXINT64 / 1000000000,
    G_MAXINT64 / 1000000000 + 1, G_MAXINT64 / 2, G_MININT64 / 2,
    G_MAXINT64 - 1, G_MAXINT64, G_MININT64 + 1, G_MININT64,
  };
  static const guint64 resolutions[] = {
    0, 1, 2, 3, 7, 1000, 1001, 999983, 1000000, 1000003, 999999999,
    1000000000, 1000000001, 2399999999, 2400000000, 3500000000,
    G_MAXUINT32, (guint64) G_MAXINT64, (guint64) G_MAXINT64 + 1,
    G_MAXUINT64 - 1, G_MAXUINT64,
  };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    for (guint j = 0; j < G_N_ELEMENTS (resolutions); j++)
      check_both (values[i], resolutions[j]);

  /* Saturation rather than wrap-around. */
  g_assert_cmpint (jx_time_ticks_to_ns (G_MAXINT64, 1), ==, G_MAXINT64);
  g_assert_cmpint (jx_time_ticks_to_ns (G_MININT64, 1), ==, G_MININT64);
  g_assert_cmpint (jx_time_ticks_to_ns (G_MININT64 + 1, 1), ==, G_MININT64);
  g_assert_cmpint (jx_time_ns_to_ticks (G_MAXINT64, G_MAXUINT64), ==, G_MAXINT64);
  g_assert_cmpint (jx_time_ns_to_ticks (G_MININT64, G_MAXUINT64), ==, G_MININT64);
  /* The largest tick count at the slowest-to-fastest clocks. */
  g_assert_cmpint (jx_time_ticks_to_ns (G_MAXINT64, G_MAXUINT64), ==, 500000000);
  g_assert_cmpint (jx_time_ticks_to_ns (G_MININT64, G_MAXUINT64), ==, -500000000);
  g_assert_cmpint (jx_time_ns_to_ticks (1, G_MAXUINT64), ==, G_GINT64_CONSTANT (18446744074));
  g_assert_cmpint (jx_time_ticks_to_ns (G_MAXINT64, 1000000000), ==, G_MAXINT64);
  g_assert_cmpint (jx_time_ticks_to_ns (G_MININT64, 1000000000), ==, G_MININT64);
}

static gint64
random_value (GRand *rand)
{
  /* Magnitudes spread over every bit width, not just near 2^63. */
  guint bits = (guint) g_rand_int_range (rand, 0, 64);
  guint64 v = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);

  v = bits == 0 ? 0 : v >> (64 - bits);
  return g_rand_boolean (rand) ? -(gint64) (v >> 1) : (gint64) v;
}

static guint64
random_resolution (GRand *rand)
{
  static const guint64 common[] = {
    1000, 1000000, 1000000000, 2000000000, 2100000000, 2399999999, 2600000000,
    3500000000, 1000003, 999983, 3579545, 14318180, 25000000, 1193182,
  };

  if (g_rand_boolean (rand))
    return common[g_rand_int_range (rand, 0, G_N_ELEMENTS (common))];
  /* Anything between 1 kHz and 3.5 GHz, odd values included. */
  return 1000 + (guint64) (g_rand_double (rand) * (3500000000.0 - 1000.0));
}

static void
test_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240607);
  guint round_trips = 0;

  for (guint i = 0; i < 120000; i++)
    {
      gint64 value = random_value (rand);
      guint64 resolution = random_resolution (rand);
      gint64 ns = jx_time_ticks_to_ns (value, resolution);
      gint64 ticks = jx_time_ns_to_ticks (value, resolution);

      check_both (value, resolution);

      /* Symmetric rounding: negating the input negates the result. */
      if (value != G_MININT64 && ns != G_MININT64 && ns != G_MAXINT64)
        g_assert_cmpint (jx_time_ticks_to_ns (-value, resolution), ==, -ns);
      if (value != G_MININT64 && ticks != G_MININT64 && ticks != G_MAXINT64)
        g_assert_cmpint (jx_time_ns_to_ticks (-value, resolution), ==, -ticks);

      /* Going to the finer unit and back is lossless. */
      if (resolution <= NS_PER_SECOND && ns != G_MAXINT64 && ns != G_MININT64)
        {
          g_assert_cmpint (jx_time_ns_to_ticks (ns, resolution), ==, value);
          round_trips++;
        }
      if (resolution >= NS_PER_SECOND && ticks != G_MAXINT64 && ticks != G_MININT64)
        {
          g_assert_cmpint (jx_time_ticks_to_ns (ticks, resolution), ==, value);
          round_trips++;
        }

      /* Monotonic: a later time never converts to an earlier one. */
      if (value < G_MAXINT64)
        {
          g_assert_cmpint (jx_time_ticks_to_ns (value + 1, resolution), >=, ns);
          g_assert_cmpint (jx_time_ns_to_ticks (value + 1, resolution), >=, ticks);
        }
    }
  g_assert_cmpuint (round_trips, >, 10000);
}

static void
test_format (void)
{
  static const struct { gint64 ns; guint digits; const char *text; } cases[] = {
    { 0, 3, "0 s" },
    { 0, 0, "0 s" },
    { 1, 3, "1 ns" },
    { 5, 3, "5 ns" },
    { 999, 3, "999 ns" },
    { 999, 1, "999 ns" },           /* never coarser than one unit */
    { 12345, 1, "12 µs" },
    { 1000, 3, "1 µs" },
    { 1500, 3, "1.5 µs" },
    { 1500, 1, "2 µs" },            /* tie, away from zero */
    { -1500, 1, "\xe2\x88\x92" "2 µs" },
    { 1250, 0, "1.25 µs" },         /* 0 digits means 3 */
    { 2500, 3, "2.5 µs" },
    { 12345678, 3, "12.3 ms" },
    { 12345678, 6, "12.3457 ms" },
    { 12345678, 9, "12.345678 ms" },
    { -4000, 3, "\xe2\x88\x92" "4 µs" },
    { -4000000, 3, "\xe2\x88\x92" "4 ms" },
    { 1250000000, 3, "1.25 s" },
    { 61000000000, 3, "61 s" },
    { 3141590000, 3, "3.14 s" },
    { 3141590000, 4, "3.142 s" },
    { 42100000, 3, "42.1 ms" },
    { -2000000, 3, "\xe2\x88\x92" "2 ms" },
    /* Rounding carries across unit boundaries. */
    { 999960, 3, "1 ms" },
    { 999500, 3, "1 ms" },
    { 999499, 3, "999 µs" },
    { 999960, 5, "999.96 µs" },
    { -999960, 3, "\xe2\x88\x92" "1 ms" },
    { 999999999, 3, "1 s" },
    { 999999, 3, "1 ms" },
    { 999, 2, "999 ns" },
    { 1049, 2, "1 µs" },
    { 1050, 2, "1.1 µs" },
    { 9995, 3, "10 µs" },
    { 99950, 3, "100 µs" },
    /* Whole seconds stay. */
    { G_GINT64_CONSTANT (1234567890123), 3, "1235 s" },
    { G_MAXINT64, 3, "9223372037 s" },
    { G_MININT64, 3, "\xe2\x88\x92" "9223372037 s" },
    { G_MAXINT64, 25, "9223372036.854775807 s" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = jx_time_format (cases[i].ns, cases[i].digits);

      g_test_message ("%" G_GINT64_FORMAT " ns, %u digits", cases[i].ns, cases[i].digits);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_units (void)
{
  g_assert_cmpint (jx_time_unit_for_ns (0), ==, JX_TIME_UNIT_NS);
  g_assert_cmpint (jx_time_unit_for_ns (999), ==, JX_TIME_UNIT_NS);
  g_assert_cmpint (jx_time_unit_for_ns (-1000), ==, JX_TIME_UNIT_US);
  g_assert_cmpint (jx_time_unit_for_ns (1000000), ==, JX_TIME_UNIT_MS);
  g_assert_cmpint (jx_time_unit_for_ns (G_MININT64), ==, JX_TIME_UNIT_S);
  g_assert_cmpint (jx_time_unit_get_ns (JX_TIME_UNIT_S), ==, 1000000000);
  g_assert_cmpstr (jx_time_unit_get_symbol (JX_TIME_UNIT_US), ==, "µs");
  g_assert_cmpint (jx_time_unit_to_ns (2.5, JX_TIME_UNIT_MS), ==, 2500000);
  g_assert_cmpint (jx_time_unit_to_ns (-1.5, JX_TIME_UNIT_US), ==, -1500);
  g_assert_cmpint (jx_time_unit_to_ns (1e30, JX_TIME_UNIT_S), ==, G_MAXINT64 / 2);
}

static void
test_parse (void)
{
  static const struct { const char *text; JxTimeUnit unit; gint64 ns; } good[] = {
    { "-300 us", JX_TIME_UNIT_MS, -300000 },
    { "-300us", JX_TIME_UNIT_MS, -300000 },
    { "1.5 s", JX_TIME_UNIT_MS, 1500000000 },
    { "1.5s", JX_TIME_UNIT_NS, 1500000000 },
    { "2.5", JX_TIME_UNIT_MS, 2500000 },
    { "+7 ns", JX_TIME_UNIT_S, 7 },
    { "  12 ms  ", JX_TIME_UNIT_NS, 12000000 },
    { "3 \xc2\xb5s", JX_TIME_UNIT_MS, 3000 },
    { "3\xce\xbcs", JX_TIME_UNIT_MS, 3000 },
    { "\xe2\x88\x92" "4 ms", JX_TIME_UNIT_NS, -4000000 },
    { ".5 ms", JX_TIME_UNIT_NS, 500000 },
    { "0,25 s", JX_TIME_UNIT_NS, 250000000 },
    { "-0", JX_TIME_UNIT_MS, 0 },
    { "10 MS", JX_TIME_UNIT_NS, 10000000 },
  };
  static const char *bad[] = {
    "", " ", "abc", "-", "+ms", "1.2.3", "12 m", "12 msec", "12 ms x", "1e3",
    "--1", "12 ms ms", ".", "1 h", "99999999999999 s",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (good); i++)
    {
      gint64 ns = G_MININT64;

      g_test_message ("parsing '%s'", good[i].text);
      g_assert_true (jx_time_parse (good[i].text, good[i].unit, &ns));
      g_assert_cmpint (ns, ==, good[i].ns);
    }
  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      gint64 ns = 42;

      g_test_message ("rejecting '%s'", bad[i]);
      g_assert_false (jx_time_parse (bad[i], JX_TIME_UNIT_MS, &ns));
      g_assert_cmpint (ns, ==, 42);
    }
  g_assert_false (jx_time_parse (NULL, JX_TIME_UNIT_MS, NULL));

  /* What the formatter writes, the parser reads back. */
  for (gint64 ns = -3000000000; ns <= 3000000000; ns += 123456789)
    {
      g_autofree char *text = jx_time_format (ns, 19);
      gint64 back = 0;

      g_assert_true (jx_time_parse (text, JX_TIME_UNIT_NS, &back));
      g_assert_cmpint (back, ==, ns);
    }
}

static void
test_span (void)
{
  JxTimeSpan span = { -5, 10 };
  JxTimeSpan reversed = { 10, -5 };

  g_assert_cmpint (jx_time_span_get_duration (&span), ==, 15);
  g_assert_cmpint (jx_time_span_get_duration (&reversed), ==, 0);
  g_assert_true (jx_time_span_contains (&span, -5));
  g_assert_true (jx_time_span_contains (&span, 9));
  g_assert_false (jx_time_span_contains (&span, 10));
  g_assert_false (jx_time_span_contains (&span, -6));
  g_assert_false (jx_time_span_contains (&reversed, 0));
}

/* Comparison time <-> ticks: the offset and the trace's start around the
 * duration converters, with one rounding and no clamping to the trace. */
static void
test_origin (void)
{
  /* Microsecond ticks, first event at tick 5,000,000, shifted by 250 ms. */
  JxTimeOrigin us = { 5000000, 1000000, 250000000 };
  /* A 3 GHz clock started long ago, shifted back by 2 ms. */
  JxTimeOrigin ghz = { G_GUINT64_CONSTANT (9000000000000000000), 3000000000, -2000000 };
  JxTimeOrigin ns = { 7, 0, 0 };

  g_assert_cmpint (jx_time_comparison_to_ticks (us, 250000000), ==, 5000000);
  g_assert_cmpint (jx_time_ticks_to_comparison (us, 5000000), ==, 250000000);
  g_assert_cmpint (jx_time_comparison_to_ticks (us, 250001499), ==, 5000001);
  /* Ties go away from the trace's start, on both sides of it. */
  g_assert_cmpint (jx_time_comparison_to_ticks (us, 250001500), ==, 5000002);
  g_assert_cmpint (jx_time_comparison_to_ticks (us, 249998500), ==, 4999998);
  g_assert_cmpint (jx_time_comparison_to_ticks (us, 249998501), ==, 4999999);
  /* No clamping: before the trace, before the timer's zero. */
  g_assert_cmpint (jx_time_ticks_to_comparison (us, 0), ==, -4750000000);
  g_assert_cmpint (jx_time_comparison_to_ticks (us, -4750000000), ==, 0);
  g_assert_cmpint (jx_time_comparison_to_ticks (us, -5750000000), ==, -1000000);
  g_assert_cmpuint (jx_time_ticks_clamp (-1000000), ==, 0);
  g_assert_cmpuint (jx_time_ticks_clamp (42), ==, 42);
  g_assert_cmpint (jx_time_ticks_to_comparison (us, -1000000), ==, -5750000000);

  /* Start ticks beyond what ns since the timer's zero could express. */
  g_assert_cmpint (jx_time_ticks_to_comparison (ghz, G_GINT64_CONSTANT (9000000000000000000)), ==, -2000000);
  g_assert_cmpint (jx_time_ticks_to_comparison (ghz, G_GINT64_CONSTANT (9000000000000000001)), ==, -2000000);
  g_assert_cmpint (jx_time_ticks_to_comparison (ghz, G_GINT64_CONSTANT (9000000000000000002)), ==, -1999999);
  g_assert_cmpint (jx_time_comparison_to_ticks (ghz, 0), ==, G_GINT64_CONSTANT (9000000000006000000));
  /* Resolution 0 is nanoseconds. */
  g_assert_cmpint (jx_time_comparison_to_ticks (ns, -7), ==, 0);
  g_assert_cmpint (jx_time_ticks_to_comparison (ns, 0), ==, -7);

  /* Saturation instead of wrap-around, also where comparison_ns − offset_ns
   * or ticks − start_ticks alone would overflow. */
  {
    JxTimeOrigin late = { G_MAXUINT64, 1000000000, G_MININT64 };
    JxTimeOrigin early = { 0, 1000000000, G_MAXINT64 };

    g_assert_cmpint (jx_time_comparison_to_ticks (late, G_MAXINT64), ==, G_MAXINT64);
    g_assert_cmpint (jx_time_comparison_to_ticks (late, G_MININT64), ==, G_MAXINT64);
    g_assert_cmpint (jx_time_ticks_to_comparison (late, G_MININT64), ==, G_MININT64);
    g_assert_cmpint (jx_time_comparison_to_ticks (early, G_MININT64), ==, G_MININT64);
    g_assert_cmpint (jx_time_ticks_to_comparison (early, G_MAXINT64), ==, G_MAXINT64);
    g_assert_cmpint (jx_time_ticks_to_comparison (early, G_MININT64), ==, -1);
  }

  /* Where nothing saturates, the same as the duration converters around the
   * origin, at every resolution of the extremes test. */
  {
    g_autoptr(GRand) rand = g_rand_new_with_seed (20);
    static const guint64 resolutions[] = { 0, 1, 3, 1000, 999983, 1000000, 1000000000, 2400000000,
                                           G_MAXUINT32, G_MAXUINT64 };

    for (guint k = 0; k < 20000; k++)
      {
        guint64 resolution = resolutions[k % G_N_ELEMENTS (resolutions)];
        JxTimeOrigin o = { (guint64) g_rand_int (rand) << 20, resolution,
                           (gint64) g_rand_int (rand) - G_MAXINT32 };
        gint64 rel = (gint64) g_rand_int (rand) * g_rand_int_range (rand, -1000, 1000);
        gint64 want_ticks = jx_time_ns_to_ticks (rel, resolution);
        gint64 want_ns = jx_time_ticks_to_ns (rel, resolution);

        if (want_ticks < G_MAXINT64 / 2 && want_ticks > G_MININT64 / 2)
          g_assert_cmpint (jx_time_comparison_to_ticks (o, o.offset_ns + rel), ==, (gint64) o.start_ticks + want_ticks);
        if (want_ns < G_MAXINT64 / 2 && want_ns > G_MININT64 / 2)
          g_assert_cmpint (jx_time_ticks_to_comparison (o, (gint64) o.start_ticks + rel), ==, o.offset_ns + want_ns);
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/time/reference", test_reference);
  g_test_add_func ("/model/time/known-values", test_known_values);
  g_test_add_func ("/model/time/extremes", test_extremes);
  g_test_add_func ("/model/time/random", test_random);
  g_test_add_func ("/model/time/format", test_format);
  g_test_add_func ("/model/time/units", test_units);
  g_test_add_func ("/model/time/parse", test_parse);
  g_test_add_func ("/model/time/span", test_span);
  g_test_add_func ("/model/time/origin", test_origin);

  return g_test_run ();
}
