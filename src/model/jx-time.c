/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-time.c — see jx-time.h. */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "jx-time.h"

#ifndef __SIZEOF_INT128__
#error "jx-time.c needs a compiler with 128-bit integers (gcc or clang on a 64-bit target)"
#endif

__extension__ typedef unsigned __int128 JxU128;
__extension__ typedef __int128 JxI128;

#define NS_PER_SECOND ((guint64) JX_NS_PER_SECOND)

static const struct
{
  gint64      ns;
  const char *symbol;
} units[JX_N_TIME_UNITS] = {
  [JX_TIME_UNIT_NS] = { 1, "ns" },
  [JX_TIME_UNIT_US] = { 1000, "µs" },
  [JX_TIME_UNIT_MS] = { 1000000, "ms" },
  [JX_TIME_UNIT_S]  = { JX_NS_PER_SECOND, "s" },
};

static guint64
magnitude_of (gint64 value)
{
  /* -(G_MININT64) does not fit a gint64; its magnitude fits a guint64. */
  return value < 0 ? (guint64) -(value + 1) + 1 : (guint64) value;
}

static gint64
saturate (gboolean negative,
          JxU128   magnitude)
{
  if (!negative)
    return magnitude > (JxU128) G_MAXINT64 ? G_MAXINT64 : (gint64) magnitude;
  if (magnitude > (JxU128) G_MAXINT64)
    return G_MININT64;
  return -(gint64) magnitude;
}

/* value * mul / div rounded to nearest, ties away from zero. |value| <= 2^63
 * and mul < 2^64, so the product stays below 2^127. */
static gint64
scale (gint64  value,
       guint64 mul,
       guint64 div)
{
  gboolean negative = value < 0;
  guint64 magnitude = magnitude_of (value);
  JxU128 product;
  JxU128 quotient;
  JxU128 rest;

  if (mul == div)
    return value;
  /* Most conversions fit 64 bits, which divide much faster. */
  if (magnitude <= G_MAXUINT64 / mul)
    {
      guint64 p = magnitude * mul;
      guint64 q = p / div;
      guint64 r = p % div;

      if (r >= div - r)
        q++;
      return saturate (negative, q);
    }
  product = (JxU128) magnitude * mul;
  quotient = product / div;
  rest = product % div;
  if (rest >= div - rest)
    quotient++;
  return saturate (negative, quotient);
}

gint64
jx_time_ticks_to_ns (gint64  ticks,
                     guint64 resolution)
{
  return scale (ticks, NS_PER_SECOND, resolution != 0 ? resolution : NS_PER_SECOND);
}

gint64
jx_time_ns_to_ticks (gint64  ns,
                     guint64 resolution)
{
  return scale (ns, resolution != 0 ? resolution : NS_PER_SECOND, NS_PER_SECOND);
}

/* value * mul / div rounded to nearest, ties away from zero, exactly: the
 * callers keep |value| * mul below 2^128 and the quotient below 2^126. */
static JxI128
scale_wide (JxI128  value,
            guint64 mul,
            guint64 div)
{
  gboolean negative = value < 0;
  JxU128 magnitude = negative ? (JxU128) -value : (JxU128) value;
  JxU128 product = magnitude * mul;
  JxU128 quotient = product / div;
  JxU128 rest = product % div;

  if (rest >= div - rest)
    quotient++;
  return negative ? -(JxI128) quotient : (JxI128) quotient;
}

static gint64
saturate_wide (JxI128 value)
{
  if (value > (JxI128) G_MAXINT64)
    return G_MAXINT64;
  if (value < (JxI128) G_MININT64)
    return G_MININT64;
  return (gint64) value;
}

gint64
jx_time_comparison_to_ticks (JxTimeOrigin origin,
                             gint64       comparison_ns)
{
  guint64 resolution = origin.resolution != 0 ? origin.resolution : NS_PER_SECOND;
  /* |rel| < 2^64 and resolution < 2^64: the product fits 128 bits, the
   * quotient (divided by 10^9) and start_ticks stay far below 2^126. */
  JxI128 rel = (JxI128) comparison_ns - (JxI128) origin.offset_ns;

  if (resolution == NS_PER_SECOND)
    return saturate_wide ((JxI128) origin.start_ticks + rel);
  return saturate_wide ((JxI128) origin.start_ticks + scale_wide (rel, resolution, NS_PER_SECOND));
}

gint64
jx_time_ticks_to_comparison (JxTimeOrigin origin,
                             gint64       ticks)
{
  guint64 resolution = origin.resolution != 0 ? origin.resolution : NS_PER_SECOND;
  /* |rel| < 2^65 and 10^9 < 2^30: the product fits 128 bits. */
  JxI128 rel = (JxI128) ticks - (JxI128) origin.start_ticks;

  if (resolution == NS_PER_SECOND)
    return saturate_wide ((JxI128) origin.offset_ns + rel);
  return saturate_wide ((JxI128) origin.offset_ns + scale_wide (rel, NS_PER_SECOND, resolution));
}

double
jx_time_ticks_to_seconds (gint64  ticks,
                          guint64 resolution)
{
  return (double) ticks / (double) (resolution != 0 ? resolution : NS_PER_SECOND);
}

gint64
jx_time_seconds_to_ns (double seconds)
{
  double ns = round (seconds * (double) JX_NS_PER_SECOND);

  if (isnan (ns))
    return 0;
  /* 2^63 is exact as a double; anything at or beyond it does not fit. */
  if (ns >= 9223372036854775808.0)
    return G_MAXINT64;
  if (ns <= -9223372036854775808.0)
    return G_MININT64;
  return (gint64) ns;
}

gint64
jx_time_unit_get_ns (JxTimeUnit unit)
{
  g_return_val_if_fail (unit < JX_N_TIME_UNITS, 1);
  return units[unit].ns;
}

const char *
jx_time_unit_get_symbol (JxTimeUnit unit)
{
  g_return_val_if_fail (unit < JX_N_TIME_UNITS, "");
  return units[unit].symbol;
}

static JxTimeUnit
unit_for_magnitude (guint64 magnitude)
{
  int u;

  for (u = JX_N_TIME_UNITS - 1; u > 0; u--)
    if (magnitude >= (guint64) units[u].ns)
      return (JxTimeUnit) u;
  return JX_TIME_UNIT_NS;
}

JxTimeUnit
jx_time_unit_for_ns (gint64 ns)
{
  return unit_for_magnitude (magnitude_of (ns));
}

gint64
jx_time_unit_to_ns (double     value,
                    JxTimeUnit unit)
{
  double ns;

  g_return_val_if_fail (unit < JX_N_TIME_UNITS, 0);

  if (isnan (value))
    return 0;
  ns = round (value * (double) units[unit].ns);
  /* Saturate: an absurd offset must not wrap around. */
  if (ns >= 4.6e18)
    return G_MAXINT64 / 2;
  if (ns <= -4.6e18)
    return -(G_MAXINT64 / 2);
  return (gint64) ns;
}

char *
jx_time_format (gint64 ns,
                guint  digits)
{
  guint64 magnitude = magnitude_of (ns);
  guint64 quantum = 1;
  guint64 cap;
  guint64 rounded;
  guint64 rest;
  JxTimeUnit unit;
  guint64 unit_ns;
  guint64 fraction;
  guint n_digits = 0;
  int width = 0;
  GString *out;

  if (ns == 0)
    return g_strdup ("0 s");
  if (digits == 0)
    digits = 3;

  /* Round in integer nanoseconds first, then pick the unit of the rounded
   * value, so that 999 960 ns becomes "1 ms" and not "1000 µs". */
  for (guint64 m = magnitude; m > 0; m /= 10)
    n_digits++;
  /* Never coarser than one whole unit of the value: 1234 s stays "1234 s". */
  cap = (guint64) units[unit_for_magnitude (magnitude)].ns;
  for (guint i = digits; i < n_digits && quantum < cap; i++)
    quantum *= 10;
  rest = magnitude % quantum;
  rounded = magnitude - rest;
  if (rest >= quantum - rest)
    rounded += quantum;

  unit = unit_for_magnitude (rounded);
  unit_ns = (guint64) units[unit].ns;
  fraction = rounded % unit_ns;
  for (guint64 u = unit_ns; u > 1; u /= 10)
    width++;
  while (width > 0 && fraction % 10 == 0)
    {
      fraction /= 10;
      width--;
    }

  out = g_string_new (ns < 0 ? "\xe2\x88\x92" : "");
  g_string_append_printf (out, "%" G_GUINT64_FORMAT, rounded / unit_ns);
  if (width > 0)
    g_string_append_printf (out, "%s%0*" G_GUINT64_FORMAT,
                            localeconv ()->decimal_point, width, fraction);
  g_string_append_printf (out, " %s", units[unit].symbol);
  return g_string_free (out, FALSE);
}

/* Matches a unit symbol at the start of @text; returns its length or 0. */
static gsize
match_unit (const char *text,
            JxTimeUnit *unit)
{
  static const struct { const char *symbol; JxTimeUnit unit; } symbols[] = {
    { "ns", JX_TIME_UNIT_NS },
    { "us", JX_TIME_UNIT_US },
    { "\xc2\xb5s", JX_TIME_UNIT_US },   /* MICRO SIGN */
    { "\xce\xbcs", JX_TIME_UNIT_US },   /* GREEK SMALL LETTER MU */
    { "ms", JX_TIME_UNIT_MS },
    { "s", JX_TIME_UNIT_S },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (symbols); i++)
    {
      gsize len = strlen (symbols[i].symbol);

      if (g_ascii_strncasecmp (text, symbols[i].symbol, len) == 0)
        {
          *unit = symbols[i].unit;
          return len;
        }
    }
  return 0;
}

gboolean
jx_time_parse (const char *text,
               JxTimeUnit  default_unit,
               gint64     *out_ns)
{
  GString *number;
  const char *p = text;
  JxTimeUnit unit = default_unit;
  gboolean negative = FALSE;
  gboolean seen_point = FALSE;
  guint digits = 0;
  double value;
  double ns;
  gsize len;

  g_return_val_if_fail (default_unit < JX_N_TIME_UNITS, FALSE);

  if (text == NULL)
    return FALSE;

  while (g_ascii_isspace (*p))
    p++;
  if (*p == '+' || *p == '-')
    {
      negative = *p == '-';
      p++;
    }
  else if (g_str_has_prefix (p, "\xe2\x88\x92"))   /* MINUS SIGN */
    {
      negative = TRUE;
      p += 3;
    }

  /* Digits with at most one decimal separator; both '.' and ',' are accepted
   * so that the locale's separator works too. */
  number = g_string_new (negative ? "-" : "");
  for (; g_ascii_isdigit (*p) || *p == '.' || *p == ','; p++)
    {
      if (*p == '.' || *p == ',')
        {
          if (seen_point)
            break;
          seen_point = TRUE;
          g_string_append_c (number, '.');
        }
      else
        {
          digits++;
          g_string_append_c (number, *p);
        }
    }
  value = digits > 0 ? g_ascii_strtod (number->str, NULL) : 0.0;
  g_string_free (number, TRUE);
  if (digits == 0)
    return FALSE;

  while (g_ascii_isspace (*p))
    p++;
  len = match_unit (p, &unit);
  p += len;
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0' || !isfinite (value))
    return FALSE;

  ns = value * (double) units[unit].ns;
  if (fabs (ns) >= 4.6e18)
    return FALSE;

  if (out_ns != NULL)
    *out_ns = jx_time_unit_to_ns (value, unit);
  return TRUE;
}
