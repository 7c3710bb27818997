#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "jx-palette.h"

/* Colours are picked in OKLCH (perceptual lightness, chroma, hue) so that equal
 * steps look equal and light/dark variants keep their hue. OKLab matrices are
 * Björn Ottosson's. */

/* Lightness and chroma of the trace tints, shared by the palette's own and
 * those made from a colour the user picks. */
#define TINT_L_LIGHT 0.935
#define TINT_L_DARK  0.27
#define TINT_CHROMA  0.04

static double
srgb_encode (double c)
{
  if (c <= 0.0031308)
    return 12.92 * c;
  return 1.055 * pow (c, 1.0 / 2.4) - 0.055;
}

static double
srgb_decode (double c)
{
  if (c <= 0.04045)
    return c / 12.92;
  return pow ((c + 0.055) / 1.055, 2.4);
}

static gboolean
oklab_to_srgb (double L, double a, double b, double rgb[3])
{
  double l_ = L + 0.3963377774 * a + 0.2158037573 * b;
  double m_ = L - 0.1055613458 * a - 0.0638541728 * b;
  double s_ = L - 0.0894841775 * a - 1.2914855480 * b;
  double l = l_ * l_ * l_;
  double m = m_ * m_ * m_;
  double s = s_ * s_ * s_;
  double lin[3];
  gboolean in_gamut = TRUE;

  lin[0] = +4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
  lin[1] = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
  lin[2] = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s;

  for (guint i = 0; i < 3; i++)
    {
      if (lin[i] < -1e-4 || lin[i] > 1.0 + 1e-4)
        in_gamut = FALSE;
      rgb[i] = srgb_encode (CLAMP (lin[i], 0.0, 1.0));
    }
  return in_gamut;
}

static void
rgba_to_oklab (const JxRgba *rgba,
               double        lab[3])
{
  double r = srgb_decode (rgba->red);
  double g = srgb_decode (rgba->green);
  double b = srgb_decode (rgba->blue);
  double l = cbrt (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  double m = cbrt (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  double s = cbrt (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);

  lab[0] = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s;
  lab[1] = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s;
  lab[2] = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s;
}

static void
set_rgb (JxRgba       *rgba,
         const double  rgb[3])
{
  rgba->red = rgb[0];
  rgba->green = rgb[1];
  rgba->blue = rgb[2];
  rgba->alpha = 1.0f;
}

/* Reduces chroma until the colour fits sRGB, so hues never shift on clipping. */
static void
oklch_to_rgba (double L, double C, double h_deg, JxRgba *rgba)
{
  double h = h_deg * G_PI / 180.0;
  double rgb[3];

  while (!oklab_to_srgb (L, C * cos (h), C * sin (h), rgb) && C > 0.005)
    C *= 0.92;
  set_rgb (rgba, rgb);
}

typedef struct
{
  double L_light, C_light;
  double L_dark, C_dark;
  double hue;
} CategoryColor;

/* MPI red as in Vampir; OpenMP orange; accelerator violet; I/O brown;
 * synchronization magenta; other grey. User functions avoid these hue bands. */
static const CategoryColor category_colors[JX_N_CATEGORIES] = {
  [JX_CATEGORY_USER]        = { 0.70, 0.11, 0.72, 0.11, 200.0 },
  [JX_CATEGORY_MPI]         = { 0.57, 0.21, 0.64, 0.20,  27.0 },
  [JX_CATEGORY_OPENMP]      = { 0.72, 0.16, 0.75, 0.15,  60.0 },
  [JX_CATEGORY_ACCELERATOR] = { 0.52, 0.20, 0.62, 0.18, 305.0 },
  [JX_CATEGORY_IO]          = { 0.50, 0.09, 0.58, 0.09,  70.0 },
  [JX_CATEGORY_SYNC]        = { 0.60, 0.20, 0.67, 0.19, 350.0 },
  [JX_CATEGORY_OTHER]       = { 0.70, 0.00, 0.60, 0.00,   0.0 },
};

void
jx_palette_category_color (JxCategory  category,
                           gboolean    dark,
                           JxRgba     *rgba)
{
  const CategoryColor *c;

  g_return_if_fail (rgba != NULL);

  if ((guint) category >= JX_N_CATEGORIES)
    category = JX_CATEGORY_OTHER;
  c = &category_colors[category];
  if (dark)
    oklch_to_rgba (c->L_dark, c->C_dark, c->hue, rgba);
  else
    oklch_to_rgba (c->L_light, c->C_light, c->hue, rgba);
}

/* Hue band left to user functions (greens, teals, blues), well away from the
 * category hues (27, 60, 70, 305, 350). */
#define USER_HUE_FROM 125.0
#define USER_HUE_TO   278.0

#define N_HUE_SLOTS 11
#define N_LIGHTNESS_STEPS 3

static guint32
name_hash (const char *name)
{
  /* FNV-1a: stable across runs and platforms, unlike g_str_hash's contract. */
  guint32 h = 2166136261u;

  for (const guchar *p = (const guchar *) name; *p != '\0'; p++)
    {
      h ^= *p;
      h *= 16777619u;
    }
  /* Final avalanche so that similar names land far apart. */
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}

void
jx_palette_function_color (const char *name,
                           gboolean    dark,
                           JxRgba     *rgba)
{
  static const double L_light[N_LIGHTNESS_STEPS] = { 0.75, 0.64, 0.53 };
  static const double L_dark[N_LIGHTNESS_STEPS] = { 0.80, 0.69, 0.58 };
  guint32 h;
  guint slot, step;
  double hue;

  g_return_if_fail (rgba != NULL);

  h = name_hash (name != NULL ? name : "");
  /* Hues in a few well separated slots and lightness in steps: two functions
   * either share a colour or differ visibly, never "almost the same". */
  slot = h % N_HUE_SLOTS;
  step = (h / N_HUE_SLOTS) % N_LIGHTNESS_STEPS;
  hue = USER_HUE_FROM + (USER_HUE_TO - USER_HUE_FROM) * (slot + 0.5) / N_HUE_SLOTS;
  if (dark)
    oklch_to_rgba (L_dark[step], 0.13, hue, rgba);
  else
    oklch_to_rgba (L_light[step], 0.13, hue, rgba);
}

void
jx_palette_region_color (const JxRegion *region,
                         gboolean        dark,
                         JxRgba         *rgba)
{
  g_return_if_fail (region != NULL);
  g_return_if_fail (rgba != NULL);

  if (region->category == JX_CATEGORY_USER)
    jx_palette_function_color (region->name, dark, rgba);
  else
    jx_palette_category_color (region->category, dark, rgba);
}

guint32
jx_palette_rgba_to_pixel (const JxRgba  *rgba)
{
  guint32 r, g, b;

  g_return_val_if_fail (rgba != NULL, 0xff000000u);

  r = (guint32) lround (CLAMP (rgba->red, 0.0f, 1.0f) * 255.0);
  g = (guint32) lround (CLAMP (rgba->green, 0.0f, 1.0f) * 255.0);
  b = (guint32) lround (CLAMP (rgba->blue, 0.0f, 1.0f) * 255.0);
  return 0xff000000u | (r << 16) | (g << 8) | b;
}

void
jx_palette_pixel_to_rgba (guint32  pixel,
                          JxRgba  *rgba)
{
  g_return_if_fail (rgba != NULL);

  rgba->red = ((pixel >> 16) & 0xff) / 255.0f;
  rgba->green = ((pixel >> 8) & 0xff) / 255.0f;
  rgba->blue = (pixel & 0xff) / 255.0f;
  rgba->alpha = ((pixel >> 24) & 0xff) / 255.0f;
}

void
jx_palette_cairo_set_source (cairo_t       *cr,
                             const JxRgba  *rgba)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (rgba != NULL);

  cairo_set_source_rgba (cr,
                         lround (CLAMP (rgba->red, 0.0f, 1.0f) * 255.0) / 255.0,
                         lround (CLAMP (rgba->green, 0.0f, 1.0f) * 255.0) / 255.0,
                         lround (CLAMP (rgba->blue, 0.0f, 1.0f) * 255.0) / 255.0,
                         lround (CLAMP (rgba->alpha, 0.0f, 1.0f) * 255.0) / 255.0);
}

void
jx_palette_cairo_set_text (cairo_t  *cr,
                           gboolean  dark,
                           double    alpha)
{
  g_return_if_fail (cr != NULL);

  if (dark)
    cairo_set_source_rgba (cr, 0.93, 0.93, 0.95, alpha);
  else
    cairo_set_source_rgba (cr, 0.10, 0.10, 0.13, alpha);
}

guint32 *
jx_palette_region_table_new (JxTrace  *trace,
                             gboolean  dark)
{
  guint n;
  guint32 *table;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  n = jx_trace_get_n_regions (trace);
  table = g_new (guint32, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      JxRgba rgba;

      jx_palette_region_color (jx_trace_get_region (trace, i), dark, &rgba);
      table[i] = jx_palette_rgba_to_pixel (&rgba);
    }
  return table;
}

/* Trace tints: eight hues 45° apart, ordered so that traces opened one after
 * the other differ most. */
static const double trace_hues[] = { 250.0, 70.0, 160.0, 340.0, 205.0, 25.0, 295.0, 115.0 };

static double
trace_hue (guint index)
{
  return trace_hues[index % G_N_ELEMENTS (trace_hues)];
}

guint
jx_palette_get_n_trace_backgrounds (void)
{
  return G_N_ELEMENTS (trace_hues);
}

void
jx_palette_trace_background (guint     index,
                             gboolean  dark,
                             JxRgba   *rgba)
{
  double hue = trace_hue (index);

  g_return_if_fail (rgba != NULL);

  /* Subtle but clearly different tints: low chroma, lightness far from the
   * function colours so that bars stand out on every background. */
  oklch_to_rgba (dark ? TINT_L_DARK : TINT_L_LIGHT, TINT_CHROMA, hue, rgba);
}

void
jx_palette_tint_from_color (const JxRgba *picked,
                            gboolean      dark,
                            JxRgba       *tint)
{
  double lab[3];
  double rgb[3];
  double chroma;
  double scale;

  g_return_if_fail (picked != NULL);
  g_return_if_fail (tint != NULL);

  rgba_to_oklab (picked, lab);
  chroma = hypot (lab[1], lab[2]);
  scale = chroma > TINT_CHROMA ? TINT_CHROMA / chroma : 1.0;
  lab[0] = dark ? TINT_L_DARK : TINT_L_LIGHT;
  lab[1] *= scale;
  lab[2] *= scale;
  while (!oklab_to_srgb (lab[0], lab[1], lab[2], rgb) && hypot (lab[1], lab[2]) > 0.002)
    {
      lab[1] *= 0.9;
      lab[2] *= 0.9;
    }
  set_rgb (tint, rgb);
}

void
jx_palette_trace_accent (guint     index,
                         gboolean  dark,
                         JxRgba   *rgba)
{
  double hue = trace_hue (index);

  g_return_if_fail (rgba != NULL);

  if (dark)
    oklch_to_rgba (0.72, 0.12, hue, rgba);
  else
    oklch_to_rgba (0.50, 0.13, hue, rgba);
}

void
jx_palette_trace_colors (guint    slot,
                         guint32  picked,
                         gboolean dark,
                         JxRgba  *tint,
                         JxRgba  *accent)
{
  g_return_if_fail (tint != NULL);
  g_return_if_fail (accent != NULL);

  if (picked != 0)
    {
      jx_palette_pixel_to_rgba (picked, accent);
      jx_palette_tint_from_color (accent, dark, tint);
      return;
    }
  jx_palette_trace_background (slot, dark, tint);
  jx_palette_trace_accent (slot, dark, accent);
}

void
jx_palette_legend_color (const JxLegendEntry *entry,
                         gboolean             dark,
                         JxRgba              *rgba)
{
  g_return_if_fail (entry != NULL);
  g_return_if_fail (rgba != NULL);

  if (entry->is_category)
    jx_palette_category_color (entry->category, dark, rgba);
  else
    jx_palette_function_color (entry->name, dark, rgba);
}

void
jx_palette_marker_color (guint8    severity,
                         gboolean  dark,
                         JxRgba   *rgba)
{
  /* Hues away from MPI red and the user-function band's middle. */
  static const double hues[] = { 85.0, 255.0, 55.0, 340.0 };
  double hue = hues[MIN (severity, G_N_ELEMENTS (hues) - 1)];

  g_return_if_fail (rgba != NULL);

  oklch_to_rgba (dark ? 0.80 : 0.68, 0.17, hue, rgba);
}

/* Three stops interpolated in OKLab: position 0 is stops[0], 0.5 stops[1],
 * 1 stops[2] (the SOS scale and the metric scales). */
static void
ramp3 (const JxRgba  stops[3],
       double        position,
       JxRgba       *rgba)
{
  guint from = position < 0.5 ? 0 : 1;
  double t = CLAMP ((position - 0.5 * from) * 2.0, 0.0, 1.0);
  double a[3], b[3], rgb[3];

  rgba_to_oklab (&stops[from], a);
  rgba_to_oklab (&stops[from + 1], b);
  oklab_to_srgb (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, rgb);
  set_rgb (rgba, rgb);
}

void
jx_palette_sos_color (double  t,
                      JxRgba *rgba)
{
  static const JxRgba stops[3] = {
    { 59 / 255.0f, 76 / 255.0f, 192 / 255.0f, 1.0f },
    { 221 / 255.0f, 221 / 255.0f, 221 / 255.0f, 1.0f },
    { 180 / 255.0f, 4 / 255.0f, 38 / 255.0f, 1.0f },
  };

  g_return_if_fail (rgba != NULL);

  if (!(t >= 0.0))
    t = 0.0;
  ramp3 (stops, MIN (t, 1.0), rgba);
}

/* Diff states ---------------------------------------------------------------- */

static JxRgba
rgb_hex (guint32 hex)
{
  return (JxRgba) { ((hex >> 16) & 0xff) / 255.0f, ((hex >> 8) & 0xff) / 255.0f, (hex & 0xff) / 255.0f, 1.0f };
}

/* Grey for equal (most of a bar: quiet), orange for different, blue for only
 * here (the dissertation's gap colour), wine / pale pink for the ticks. The
 * hues are Okabe and Ito's and Paul Tol's colour-blind-safe sets; the
 * lightness differences carry them under every colour-vision deficiency. */
static const guint32 diff_colors[2][JX_DIFF_N_STATES] = {
  { 0x000000, 0xa9b2bc, 0xe69f00, 0x0072b2, 0x882255 },
  { 0x000000, 0x5e6670, 0xe69f00, 0x56b4e9, 0xffd6ec },
};

void
jx_palette_diff_color (JxDiffState  state,
                       gboolean     dark,
                       JxRgba      *rgba)
{
  g_return_if_fail (rgba != NULL);

  if ((guint) state >= JX_DIFF_N_STATES || state == JX_DIFF_NONE)
    {
      *rgba = (JxRgba) { 0.0f, 0.0f, 0.0f, 0.0f };
      return;
    }
  *rgba = rgb_hex (diff_colors[dark ? 1 : 0][state]);
}

const char *
jx_palette_diff_label (JxDiffState state)
{
  switch (state)
    {
    case JX_DIFF_EQUAL:
      return _("Equal");
    case JX_DIFF_DIFFERENT:
      return _("Different");
    case JX_DIFF_ONLY_HERE:
      return _("Only in this trace");
    case JX_DIFF_ONLY_THERE:
      return _("Calls only in the other trace (ticks)");
    case JX_DIFF_NONE:
    case JX_DIFF_N_STATES:
    default:
      return "";
    }
}

/* Stops of the diverging scale: blue, neutral, red (ColorBrewer's RdBu ends). */
static const guint32 ramp_stops[2][3] = {
  { 0x2166ac, 0xe6e6e6, 0xb2182b },
  { 0x4393c3, 0x454545, 0xe0604d },
};

static void
ramp (double    position,
      gboolean  dark,
      JxRgba   *rgba)
{
  const guint32 *hex = ramp_stops[dark ? 1 : 0];
  const JxRgba stops[3] = { rgb_hex (hex[0]), rgb_hex (hex[1]), rgb_hex (hex[2]) };

  ramp3 (stops, position, rgba);
}

void
jx_palette_diverging (double    value,
                      gboolean  dark,
                      JxRgba   *rgba)
{
  g_return_if_fail (rgba != NULL);

  if (isnan (value))
    value = 0.0;
  ramp (0.5 + 0.5 * CLAMP (value, -1.0, 1.0), dark, rgba);
}

void
jx_palette_sequential (double    value,
                       gboolean  dark,
                       JxRgba   *rgba)
{
  g_return_if_fail (rgba != NULL);

  if (isnan (value))
    value = 0.0;
  ramp (0.5 + 0.5 * CLAMP (value, 0.0, 1.0), dark, rgba);
}

/* Timing scale ------------------------------------------------------------------
 *
 * Stops in OKLCH, found by measuring OKLab distances to every function,
 * category and diff colour under normal vision and Machado et al.'s (2009)
 * dichromacy simulations: the neutral and the band-edge tints are lighter
 * (light mode) or darker (dark mode) than any function colour, the deep
 * ends darker (light) or in hues (dark) the function palette leaves out. */

typedef struct
{
  double L, C, h;
} TimingStop;

/* [dark][0 neutral, 1 slower edge, 2 slower end, 3 faster edge, 4 faster end] */
static const TimingStop timing_stops[2][5] = {
  { { 0.93, 0.0, 0.0 }, { 0.88, 0.08, 35.0 }, { 0.33, 0.13, 33.0 }, { 0.85, 0.06, 275.0 }, { 0.33, 0.18, 280.0 } },
  { { 0.30, 0.0, 0.0 }, { 0.43, 0.123, 22.0 }, { 0.634, 0.153, 22.0 }, { 0.43, 0.112, 272.0 }, { 0.634, 0.238, 272.0 } },
};

double
jx_palette_timing_position (double ratio,
                            double band)
{
  double lo, hi, t;

  if (isnan (ratio) || ratio < 0.0)
    return 0.0;
  if (!(band >= 0.0))
    band = 0.0;
  band = MIN (band, 0.9);
  lo = 1.0 - band;
  hi = 1.0 + band;
  if (ratio >= lo && ratio <= hi)
    return 0.0;
  if (ratio > hi)
    {
      if (isinf (ratio) || ratio >= JX_PALETTE_TIMING_SATURATION)
        return 1.0;
      t = log (ratio / hi) / log (JX_PALETTE_TIMING_SATURATION / hi);
      /* Just outside the band is already off neutral. */
      return CLAMP (t, 1e-6, 1.0);
    }
  if (ratio <= 1.0 / JX_PALETTE_TIMING_SATURATION)
    return -1.0;
  t = log (lo / ratio) / log (lo * JX_PALETTE_TIMING_SATURATION);
  return -CLAMP (t, 1e-6, 1.0);
}

void
jx_palette_timing_color_at (double    position,
                            gboolean  dark,
                            JxRgba   *rgba)
{
  const TimingStop *stops = timing_stops[dark ? 1 : 0];
  const TimingStop *edge, *end;
  JxRgba e, x;
  double le[3], lx[3], rgb[3], t;

  g_return_if_fail (rgba != NULL);

  if (isnan (position) || position == 0.0)
    {
      oklch_to_rgba (stops[0].L, stops[0].C, stops[0].h, rgba);
      return;
    }
  edge = position > 0.0 ? &stops[1] : &stops[3];
  end = position > 0.0 ? &stops[2] : &stops[4];
  t = MIN (fabs (position), 1.0);
  oklch_to_rgba (edge->L, edge->C, edge->h, &e);
  oklch_to_rgba (end->L, end->C, end->h, &x);
  rgba_to_oklab (&e, le);
  rgba_to_oklab (&x, lx);
  oklab_to_srgb (le[0] + (lx[0] - le[0]) * t, le[1] + (lx[1] - le[1]) * t, le[2] + (lx[2] - le[2]) * t, rgb);
  set_rgb (rgba, rgb);
}

void
jx_palette_timing_color (double    ratio,
                         double    band,
                         gboolean  dark,
                         JxRgba   *rgba)
{
  g_return_if_fail (rgba != NULL);

  jx_palette_timing_color_at (jx_palette_timing_position (ratio, band), dark, rgba);
}
