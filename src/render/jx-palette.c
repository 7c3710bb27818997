/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* Function colours ---------------------------------------------------------
 *
 * JX_PALETTE_N_FUNCTION_SLOTS colours in OKLCH, each with a light and a dark
 * variant of one hue and chroma (the dark one lighter), picked by farthest-
 * point sampling over a grid of in-gamut candidates: every candidate at
 * least 0.09 (OKLab ΔE) from every category colour and structural diff
 * colour, 0.2 from every lane tint, 0.045 from the timing scale's stops
 * under normal vision and the three dichromacies (Machado et al. 2009) and
 * 0.04 from its ramps, none in MPI's red hues (0°–50°, 345°–360°); each next
 * slot the candidate farthest from those taken, in both modes at once. So
 * the first slots differ most, and any two slots differ by at least 0.072
 * in either mode (tests/render/test-render-palette.c measures all of it). */
typedef struct
{
  double hue, chroma, L_light, L_dark;
} FunctionSlot;

static const FunctionSlot function_slots[JX_PALETTE_N_FUNCTION_SLOTS] = {
  { 138.0, 0.19, 0.56, 0.64 }, { 324.0, 0.19, 0.74, 0.82 }, { 288.0, 0.10, 0.50, 0.58 },
  { 210.0, 0.19, 0.74, 0.82 }, { 114.0, 0.19, 0.78, 0.87 }, {  60.0, 0.07, 0.62, 0.70 },
  { 336.0, 0.19, 0.50, 0.58 }, { 204.0, 0.13, 0.56, 0.64 }, { 282.0, 0.19, 0.62, 0.70 },
  { 156.0, 0.19, 0.74, 0.82 }, { 276.0, 0.16, 0.74, 0.82 }, { 330.0, 0.10, 0.62, 0.70 },
  { 168.0, 0.10, 0.68, 0.76 }, { 162.0, 0.19, 0.50, 0.58 }, { 324.0, 0.19, 0.62, 0.70 },
  { 108.0, 0.16, 0.56, 0.64 }, { 138.0, 0.19, 0.68, 0.76 }, { 132.0, 0.07, 0.62, 0.70 },
  { 306.0, 0.13, 0.68, 0.76 }, { 336.0, 0.10, 0.50, 0.58 }, { 342.0, 0.16, 0.68, 0.76 },
  { 156.0, 0.16, 0.62, 0.70 }, { 282.0, 0.07, 0.62, 0.70 }, { 342.0, 0.10, 0.74, 0.82 },
};

/* Which function holds which slot: taken in the order functions are first
 * coloured or assigned, kept for the life of the process (or until a
 * reset), so every trace, table and legend agrees. */
static GMutex      slots_lock;
static GHashTable *slot_of_name;   /* owned name → slot + 1 */
static guint       n_slots_taken;

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

/* Under slots_lock. */
static guint
slot_locked (const char *name)
{
  gpointer value;
  guint slot;

  if (slot_of_name == NULL)
    slot_of_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (g_hash_table_lookup_extended (slot_of_name, name, NULL, &value))
    return GPOINTER_TO_UINT (value) - 1;
  /* Free slots in order; once all are taken, functions share them. */
  if (n_slots_taken < JX_PALETTE_N_FUNCTION_SLOTS)
    slot = n_slots_taken++;
  else
    slot = name_hash (name) % JX_PALETTE_N_FUNCTION_SLOTS;
  g_hash_table_insert (slot_of_name, g_strdup (name), GUINT_TO_POINTER (slot + 1));
  return slot;
}

guint
jx_palette_function_slot (const char *name)
{
  guint slot;

  g_mutex_lock (&slots_lock);
  slot = slot_locked (name != NULL ? name : "");
  g_mutex_unlock (&slots_lock);
  return slot;
}

void
jx_palette_assign_functions (const char * const *names,
                             guint               n_names)
{
  g_return_if_fail (names != NULL || n_names == 0);

  g_mutex_lock (&slots_lock);
  for (guint i = 0; i < n_names; i++)
    slot_locked (names[i] != NULL ? names[i] : "");
  g_mutex_unlock (&slots_lock);
}

void
jx_palette_assign_legend (const GArray *entries)
{
  g_return_if_fail (entries != NULL);

  g_mutex_lock (&slots_lock);
  for (guint i = 0; i < entries->len; i++)
    {
      const JxLegendEntry *e = &g_array_index (entries, JxLegendEntry, i);

      if (!e->is_category)
        slot_locked (e->name != NULL ? e->name : "");
    }
  g_mutex_unlock (&slots_lock);
}

void
jx_palette_assign_trace (JxTrace *trace)
{
  g_autoptr(GArray) legend = NULL;
  JxTrace *traces[1];

  g_return_if_fail (JX_IS_TRACE (trace));

  /* Once per trace: its functions keep their slots anyway. */
  if (g_object_get_data (G_OBJECT (trace), "jx-palette-assigned") != NULL)
    return;
  g_object_set_data (G_OBJECT (trace), "jx-palette-assigned", GINT_TO_POINTER (1));
  traces[0] = trace;
  legend = jx_legend_entries_compute (traces, 1, JX_PALETTE_N_FUNCTION_SLOTS);
  jx_palette_assign_legend (legend);
}

void
jx_palette_reset_functions (void)
{
  g_mutex_lock (&slots_lock);
  g_clear_pointer (&slot_of_name, g_hash_table_unref);
  n_slots_taken = 0;
  g_mutex_unlock (&slots_lock);
}

void
jx_palette_function_slot_color (guint     slot,
                                gboolean  dark,
                                JxRgba   *rgba)
{
  const FunctionSlot *f;

  g_return_if_fail (rgba != NULL);

  f = &function_slots[slot % JX_PALETTE_N_FUNCTION_SLOTS];
  oklch_to_rgba (dark ? f->L_dark : f->L_light, f->chroma, f->hue, rgba);
}

void
jx_palette_function_color (const char *name,
                           gboolean    dark,
                           JxRgba     *rgba)
{
  g_return_if_fail (rgba != NULL);

  jx_palette_function_slot_color (jx_palette_function_slot (name), dark, rgba);
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

void
jx_palette_name_color (JxTrace    *trace,
                       const char *name,
                       gboolean    dark,
                       JxRgba     *rgba)
{
  g_return_if_fail (name != NULL);
  g_return_if_fail (rgba != NULL);

  for (guint r = 0; trace != NULL && r < jx_trace_get_n_regions (trace); r++)
    {
      const JxRegion *region = jx_trace_get_region (trace, r);

      if (region != NULL && g_strcmp0 (region->name, name) == 0)
        {
          jx_palette_region_color (region, dark, rgba);
          return;
        }
    }
  jx_palette_function_color (name, dark, rgba);
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

void
jx_palette_counter_color (gboolean  dark,
                          JxRgba   *rgba)
{
  g_return_if_fail (rgba != NULL);

  /* A teal-green apart from the diff orange, MPI red and marker hues. */
  oklch_to_rgba (dark ? 0.78 : 0.55, 0.13, 165.0, rgba);
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

/* Grey for equal (most of a bar: quiet), mustard for different, blue for
 * only here (the dissertation's gap colour), wine / pale pink for the ticks.
 * Blue, wine and pink are from Okabe and Ito's and Paul Tol's colour-blind-
 * safe sets; grey and mustard were searched (OKLab) to stay 0.1 apart from
 * each other and the lane tints under every colour-vision deficiency and
 * 0.09 from every category colour — OpenMP's orange and the "other" grey in
 * particular, which the former orange and grey were taken for — and the
 * function palette keeps 0.09 from all four. */
static const guint32 diff_colors[2][JX_DIFF_N_STATES] = {
  { 0x000000, 0xbebebe, 0xb39f1e, 0x0072b2, 0x882255 },
  { 0x000000, 0x525960, 0xb5c062, 0x56b4e9, 0xffd6ec },
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
