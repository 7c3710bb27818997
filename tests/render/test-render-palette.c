/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "jx-legend-entries.h"
#include "jx-palette.h"
#include "jx-test-util.h"
#include "jx-trace-builder.h"
#include "jx-trace-loader.h"

#define PARADIGM_USER 1
#define PARADIGM_OPENMP 3
#define PARADIGM_MPI 4
#define ROLE_FUNCTION 1

/* OKLab, to compare colours the way people see them (ΔE_ok ≈ 0.02 is a
 * just-noticeable difference). */
static void
to_oklab (const JxRgba  *c,
          double         lab[3])
{
  double rgb[3] = { c->red, c->green, c->blue };
  double l, m, s;

  for (guint i = 0; i < 3; i++)
    rgb[i] = rgb[i] <= 0.04045 ? rgb[i] / 12.92 : pow ((rgb[i] + 0.055) / 1.055, 2.4);
  l = cbrt (0.4122214708 * rgb[0] + 0.5363325363 * rgb[1] + 0.0514459929 * rgb[2]);
  m = cbrt (0.2119034982 * rgb[0] + 0.6806995451 * rgb[1] + 0.1073969566 * rgb[2]);
  s = cbrt (0.0883024619 * rgb[0] + 0.2817188376 * rgb[1] + 0.6299787005 * rgb[2]);
  lab[0] = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s;
  lab[1] = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s;
  lab[2] = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s;
}

static double
delta_e (const JxRgba  *a,
         const JxRgba  *b)
{
  double la[3], lb[3];

  to_oklab (a, la);
  to_oklab (b, lb);
  return sqrt ((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
               (la[2] - lb[2]) * (la[2] - lb[2]));
}

/* Machado, Oliveira and Fernandes (2009) at full severity, on linear RGB:
 * how a colour looks with protanopia, deuteranopia and tritanopia. */
static const double cvd_matrices[3][3][3] = {
  { { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 }, { -0.003882, -0.048116, 1.051998 } },
  { { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 }, { -0.011820, 0.042940, 0.968881 } },
  { { 1.255528, -0.076749, -0.178779 }, { -0.078411, 0.930809, 0.147602 }, { 0.004733, 0.691367, 0.303900 } },
};

static JxRgba
simulate_cvd (const JxRgba *c,
              guint         deficiency)
{
  double lin[3] = { c->red, c->green, c->blue }, out[3];
  JxRgba r = *c;

  for (guint i = 0; i < 3; i++)
    lin[i] = lin[i] <= 0.04045 ? lin[i] / 12.92 : pow ((lin[i] + 0.055) / 1.055, 2.4);
  for (guint i = 0; i < 3; i++)
    {
      double v = 0;

      for (guint j = 0; j < 3; j++)
        v += cvd_matrices[deficiency][i][j] * lin[j];
      v = CLAMP (v, 0.0, 1.0);
      out[i] = v <= 0.0031308 ? 12.92 * v : 1.055 * pow (v, 1 / 2.4) - 0.055;
    }
  r.red = out[0];
  r.green = out[1];
  r.blue = out[2];
  return r;
}

static gboolean
rgba_equal (const JxRgba *a,
            const JxRgba *b)
{
  return a->red == b->red && a->green == b->green && a->blue == b->blue && a->alpha == b->alpha;
}

static const JxCategory categories[] = {
  JX_CATEGORY_MPI, JX_CATEGORY_OPENMP, JX_CATEGORY_ACCELERATOR,
  JX_CATEGORY_IO, JX_CATEGORY_SYNC, JX_CATEGORY_OTHER,
};

static void
test_categories_distinct (void)
{
  for (int dark = 0; dark <= 1; dark++)
    {
      JxRgba mpi;

      for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
        for (guint j = i + 1; j < G_N_ELEMENTS (categories); j++)
          {
            JxRgba a, b;

            jx_palette_category_color (categories[i], dark, &a);
            jx_palette_category_color (categories[j], dark, &b);
            g_assert_cmpfloat (delta_e (&a, &b), >=, 0.08);
          }
      /* MPI is red as in Vampir. */
      jx_palette_category_color (JX_CATEGORY_MPI, dark, &mpi);
      g_assert_cmpfloat (mpi.red, >, mpi.green + 0.35);
      g_assert_cmpfloat (mpi.red, >, mpi.blue + 0.3);
    }
}

static void
test_functions_stable_and_apart_from_categories (void)
{
  for (int dark = 0; dark <= 1; dark++)
    for (guint n = 0; n < 500; n++)
      {
        g_autofree char *name = g_strdup_printf ("function_%u", n);
        JxRgba a, b;

        jx_palette_function_color (name, dark, &a);
        jx_palette_function_color (name, dark, &b);
        g_assert_true (rgba_equal (&a, &b));
        /* A user function never looks like a category (MPI red in particular). */
        for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
          {
            JxRgba c;

            jx_palette_category_color (categories[i], dark, &c);
            g_assert_cmpfloat (delta_e (&a, &c), >=, 0.08);
          }
      }
}

static void
test_functions_spread (void)
{
  static const char *names[] = {
    "main", "iteration", "compute", "stencil_kernel", "compute_halo", "vec_add",
    "dot", "norm", "solve", "initialize", "finalize", "exchange", "reduce_local",
    "update", "residual", "precondition", "smooth", "restrict", "prolongate", "io_dump",
  };
  GPtrArray *distinct = g_ptr_array_new_with_free_func (g_free);

  for (int dark = 0; dark <= 1; dark++)
    {
      g_ptr_array_set_size (distinct, 0);
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          JxRgba c;
          gboolean seen = FALSE;

          jx_palette_function_color (names[i], dark, &c);
          for (guint k = 0; k < distinct->len; k++)
            {
              double d = delta_e (&c, g_ptr_array_index (distinct, k));

              /* Two function colours are either the same slot or clearly apart. */
              g_assert_true (d < 1e-6 || d >= 0.03);
              if (d < 1e-6)
                seen = TRUE;
            }
          if (!seen)
            g_ptr_array_add (distinct, g_memdup2 (&c, sizeof c));
        }
      /* 20 names over 33 colour slots: few collisions. */
      g_assert_cmpuint (distinct->len, >=, 13);
    }
  g_ptr_array_unref (distinct);
}

static void
test_trace_backgrounds (void)
{
  guint n = jx_palette_get_n_trace_backgrounds ();

  g_assert_cmpuint (n, >=, 6);
  for (int dark = 0; dark <= 1; dark++)
    for (guint i = 0; i < n; i++)
      {
        JxRgba a, wrap, accent;
        double lab[3];

        jx_palette_trace_background (i, dark, &a);
        jx_palette_trace_background (i + n, dark, &wrap);
        g_assert_true (rgba_equal (&a, &wrap));
        to_oklab (&a, lab);
        /* Subtle tints: near white in light mode, near black in dark mode. */
        if (dark)
          g_assert_cmpfloat (lab[0], <, 0.35);
        else
          g_assert_cmpfloat (lab[0], >, 0.9);
        for (guint j = i + 1; j < n; j++)
          {
            JxRgba b;

            jx_palette_trace_background (j, dark, &b);
            g_assert_cmpfloat (delta_e (&a, &b), >=, 0.02);
          }
        /* Function and category colours stand out on every tint. */
        for (guint c = 0; c < G_N_ELEMENTS (categories); c++)
          {
            JxRgba fg;

            jx_palette_category_color (categories[c], dark, &fg);
            g_assert_cmpfloat (delta_e (&a, &fg), >=, 0.2);
          }
        for (guint f = 0; f < 50; f++)
          {
            g_autofree char *name = g_strdup_printf ("f%u", f);
            JxRgba fg;

            jx_palette_function_color (name, dark, &fg);
            g_assert_cmpfloat (delta_e (&a, &fg), >=, 0.2);
          }
        jx_palette_trace_accent (i, dark, &accent);
        g_assert_cmpfloat (delta_e (&a, &accent), >=, 0.25);
      }
}

/* A colour the user picks becomes a tint like the palette's own: its hue at the
 * tints' lightness and low chroma. */
static void
test_tint_from_color (void)
{
  static const JxRgba picked[] = {
    { 0.9f, 0.1f, 0.6f, 1.0f },    /* magenta */
    { 0.1f, 0.3f, 0.95f, 0.5f },   /* blue, half transparent */
    { 0.2f, 0.8f, 0.1f, 1.0f },    /* green */
    { 0.5f, 0.5f, 0.5f, 1.0f },    /* grey */
  };

  for (guint i = 0; i < G_N_ELEMENTS (picked); i++)
    for (int dark = 0; dark <= 1; dark++)
      {
        JxRgba tint, palette_tint;
        double lab[3], want[3], tint_lab[3];

        jx_palette_tint_from_color (&picked[i], dark, &tint);
        jx_palette_trace_background (0, dark, &palette_tint);
        g_assert_cmpfloat (tint.alpha, ==, 1.0f);
        to_oklab (&tint, lab);
        to_oklab (&palette_tint, tint_lab);
        to_oklab (&picked[i], want);
        /* Lightness of the palette's tints, chroma at most theirs. */
        g_assert_cmpfloat_with_epsilon (lab[0], tint_lab[0], 0.01);
        g_assert_cmpfloat (hypot (lab[1], lab[2]), <=, 0.041);
        /* Same hue as the picked colour (grey stays grey). */
        if (hypot (want[1], want[2]) < 0.01)
          g_assert_cmpfloat (hypot (lab[1], lab[2]), <, 0.01);
        else
          g_assert_cmpfloat ((lab[1] * want[1] + lab[2] * want[2]) /
                             (hypot (lab[1], lab[2]) * hypot (want[1], want[2])), >, 0.99);
      }
}

static void
test_pixels (void)
{
  JxRgba c = { 1.0f, 0.5f, 0.0f, 1.0f }, back;
  guint32 p = jx_palette_rgba_to_pixel (&c);

  g_assert_cmphex (p, ==, 0xffff8000u);
  jx_palette_pixel_to_rgba (p, &back);
  g_assert_cmpfloat_with_epsilon (back.green, 128 / 255.0, 1e-6);
  g_assert_cmpfloat (back.alpha, ==, 1.0);
}

/* Legend entries take their category's or their function's colour, and the
 * region table gives MPI regions the category colour. */
static void
test_legend (void)
{
  JxTraceBuilder *b1 = jx_trace_builder_new ("/a/traces.otf2", "a", 1000000000);
  g_autoptr(JxTrace) a = NULL;
  g_autofree guint32 *table = NULL;
  JxLegendEntry mpi_entry = { (char *) "MPI", JX_CATEGORY_MPI, TRUE, 400 };
  JxLegendEntry solve_entry = { (char *) "solve", JX_CATEGORY_USER, FALSE, 2000 };
  guint32 r;

  for (int dark = 0; dark <= 1; dark++)
    {
      JxRgba want, got;

      jx_palette_function_color ("solve", dark, &want);
      jx_palette_legend_color (&solve_entry, dark, &got);
      g_assert_true (rgba_equal (&want, &got));
      jx_palette_category_color (JX_CATEGORY_MPI, dark, &want);
      jx_palette_legend_color (&mpi_entry, dark, &got);
      g_assert_true (rgba_equal (&want, &got));
    }

  {
    guint32 main_r = jx_trace_builder_add_region (b1, "main", PARADIGM_USER, ROLE_FUNCTION);
    guint32 send = jx_trace_builder_add_region (b1, "MPI_Send", PARADIGM_MPI, ROLE_FUNCTION);
    guint32 node = jx_trace_builder_add_system_node (b1, "n", "node", JX_NONE);
    guint32 s = jx_trace_builder_add_stream (b1, jx_trace_builder_add_process (b1, "R0", node), "T", JX_STREAM_CPU_THREAD);

    jx_trace_builder_enter (b1, s, 0, main_r);
    jx_trace_builder_enter (b1, s, 500, send);
    jx_trace_builder_leave (b1, s, 900, send);
    jx_trace_builder_leave (b1, s, 1500, main_r);
  }
  a = jx_trace_builder_finish (b1);

  table = jx_palette_region_table_new (a, FALSE);
  r = jx_trace_find_region (a, "MPI_Send");
  g_assert_cmpuint (r, !=, JX_NONE);
  {
    JxRgba mpi;

    jx_palette_category_color (JX_CATEGORY_MPI, FALSE, &mpi);
    g_assert_cmphex (table[r], ==, jx_palette_rgba_to_pixel (&mpi));
  }
}

/* The diff bars' colours stay apart from each other and from every lane
 * tint, in light and dark, for normal vision and the three dichromacies. */
static void
test_diff_colors (void)
{
  static const JxDiffState states[] = { JX_DIFF_EQUAL, JX_DIFF_DIFFERENT, JX_DIFF_ONLY_HERE, JX_DIFF_ONLY_THERE };
  static const char *vision[] = { "normal", "protanopia", "deuteranopia", "tritanopia" };

  for (int dark = 0; dark <= 1; dark++)
    for (guint v = 0; v < G_N_ELEMENTS (vision); v++)
      {
        JxRgba seen[G_N_ELEMENTS (states)];

        for (guint i = 0; i < G_N_ELEMENTS (states); i++)
          {
            JxRgba c;

            jx_palette_diff_color (states[i], dark, &c);
            g_assert_cmpfloat (c.alpha, ==, 1.0f);
            seen[i] = v == 0 ? c : simulate_cvd (&c, v - 1);
          }
        for (guint i = 0; i < G_N_ELEMENTS (states); i++)
          {
            for (guint j = i + 1; j < G_N_ELEMENTS (states); j++)
              if (delta_e (&seen[i], &seen[j]) < 0.1)
                g_error ("%s, %s: diff colours %u and %u are only %.3f apart", dark ? "dark" : "light",
                         vision[v], states[i], states[j], delta_e (&seen[i], &seen[j]));
            for (guint t = 0; t < jx_palette_get_n_trace_backgrounds (); t++)
              {
                JxRgba tint, tint_seen;

                jx_palette_trace_background (t, dark, &tint);
                tint_seen = v == 0 ? tint : simulate_cvd (&tint, v - 1);
                g_assert_cmpfloat (delta_e (&seen[i], &tint_seen), >=, 0.1);
              }
          }
      }

  /* Nothing to draw where nothing runs. */
  {
    JxRgba none;

    jx_palette_diff_color (JX_DIFF_NONE, FALSE, &none);
    g_assert_cmpfloat (none.alpha, ==, 0.0f);
    g_assert_cmpstr (jx_palette_diff_label (JX_DIFF_ONLY_HERE), !=, "");
  }
}

/* The strips' scales: both ends of the diverging one and the neutral middle
 * stay apart under every vision; the sequential one starts at the middle. */
static void
test_metric_scales (void)
{
  for (int dark = 0; dark <= 1; dark++)
    for (guint v = 0; v < 4; v++)
      {
        JxRgba lo, mid, hi, seq0, seq1;

        jx_palette_diverging (-1.0, dark, &lo);
        jx_palette_diverging (0.0, dark, &mid);
        jx_palette_diverging (1.0, dark, &hi);
        jx_palette_sequential (0.0, dark, &seq0);
        jx_palette_sequential (1.0, dark, &seq1);
        g_assert_true (rgba_equal (&seq0, &mid));
        g_assert_true (rgba_equal (&seq1, &hi));
        if (v > 0)
          {
            lo = simulate_cvd (&lo, v - 1);
            mid = simulate_cvd (&mid, v - 1);
            hi = simulate_cvd (&hi, v - 1);
          }
        g_assert_cmpfloat (delta_e (&lo, &hi), >=, 0.15);
        g_assert_cmpfloat (delta_e (&lo, &mid), >=, 0.15);
        g_assert_cmpfloat (delta_e (&hi, &mid), >=, 0.15);
      }
}

/* Function slots --------------------------------------------------------------- */

static const JxDiffState diff_states[] = { JX_DIFF_EQUAL, JX_DIFF_DIFFERENT, JX_DIFF_ONLY_HERE, JX_DIFF_ONLY_THERE };

/* Any two slots look unlike each other, unlike every category and diff
 * colour and stand out on every lane tint, in light and dark. The minima
 * are printed. */
static void
test_function_slots (void)
{
  for (int dark = 0; dark <= 1; dark++)
    {
      double mutual = G_MAXDOUBLE, to_category = G_MAXDOUBLE, to_diff = G_MAXDOUBLE, to_tint = G_MAXDOUBLE;

      for (guint i = 0; i < JX_PALETTE_N_FUNCTION_SLOTS; i++)
        {
          JxRgba a;

          jx_palette_function_slot_color (i, dark, &a);
          g_assert_cmpfloat (a.alpha, ==, 1.0f);
          for (guint j = i + 1; j < JX_PALETTE_N_FUNCTION_SLOTS; j++)
            {
              JxRgba b;

              jx_palette_function_slot_color (j, dark, &b);
              if (delta_e (&a, &b) < 0.07)
                g_error ("%s: function slots %u and %u are only %.3f apart", dark ? "dark" : "light", i, j,
                         delta_e (&a, &b));
              mutual = MIN (mutual, delta_e (&a, &b));
            }
          for (guint c = 0; c < G_N_ELEMENTS (categories); c++)
            {
              JxRgba b;

              jx_palette_category_color (categories[c], dark, &b);
              to_category = MIN (to_category, delta_e (&a, &b));
            }
          for (guint d = 0; d < G_N_ELEMENTS (diff_states); d++)
            {
              JxRgba b;

              jx_palette_diff_color (diff_states[d], dark, &b);
              to_diff = MIN (to_diff, delta_e (&a, &b));
            }
          for (guint t = 0; t < jx_palette_get_n_trace_backgrounds (); t++)
            {
              JxRgba b;

              jx_palette_trace_background (t, dark, &b);
              to_tint = MIN (to_tint, delta_e (&a, &b));
            }
        }
      g_test_message ("%s: function slots >= %.3f apart, >= %.3f from categories, >= %.3f from diff colours, "
                      ">= %.3f from lane tints", dark ? "dark" : "light", mutual, to_category, to_diff, to_tint);
      g_assert_cmpfloat (to_category, >=, 0.085);
      g_assert_cmpfloat (to_diff, >=, 0.085);
      g_assert_cmpfloat (to_tint, >=, 0.2);
    }
}

/* The diff colours are no category's colour either: "different" is not
 * OpenMP's orange, "equal" not the grey of "other". */
static void
test_diff_apart_from_categories (void)
{
  for (int dark = 0; dark <= 1; dark++)
    for (guint d = 0; d < G_N_ELEMENTS (diff_states); d++)
      for (guint c = 0; c < G_N_ELEMENTS (categories); c++)
        {
          JxRgba a, b;

          jx_palette_diff_color (diff_states[d], dark, &a);
          jx_palette_category_color (categories[c], dark, &b);
          if (delta_e (&a, &b) < 0.085)
            g_error ("%s: diff colour %u is only %.3f from category %u", dark ? "dark" : "light", diff_states[d],
                     delta_e (&a, &b), categories[c]);
        }
}

/* Slots are taken in order of first use or assignment and kept; past the
 * last free slot names share slots by hash; a reset forgets. */
static void
test_function_assignment (void)
{
  const char *names[] = { "gamma", "beta", "alpha" };
  guint slot;

  jx_palette_reset_functions ();
  jx_palette_assign_functions (names, G_N_ELEMENTS (names));
  g_assert_cmpuint (jx_palette_function_slot ("gamma"), ==, 0);
  g_assert_cmpuint (jx_palette_function_slot ("beta"), ==, 1);
  g_assert_cmpuint (jx_palette_function_slot ("alpha"), ==, 2);
  g_assert_cmpuint (jx_palette_function_slot ("delta"), ==, 3);
  /* Assigning again moves nobody. */
  jx_palette_assign_functions ((const char *[]) { "alpha" }, 1);
  g_assert_cmpuint (jx_palette_function_slot ("alpha"), ==, 2);
  for (guint i = 4; i < JX_PALETTE_N_FUNCTION_SLOTS; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);

      g_assert_cmpuint (jx_palette_function_slot (name), ==, i);
    }
  slot = jx_palette_function_slot ("one too many");
  g_assert_cmpuint (slot, <, JX_PALETTE_N_FUNCTION_SLOTS);
  g_assert_cmpuint (jx_palette_function_slot ("one too many"), ==, slot);
  {
    JxRgba a, b;

    jx_palette_function_color ("beta", TRUE, &a);
    jx_palette_function_slot_color (1, TRUE, &b);
    g_assert_true (rgba_equal (&a, &b));
  }
  jx_palette_reset_functions ();
  g_assert_cmpuint (jx_palette_function_slot ("alpha"), ==, 0);
  jx_palette_reset_functions ();
}

/* The window's assignment (jx_palette_assign_trace): a trace's functions by
 * their exclusive time in it, whatever the order of their definitions, and
 * once per trace. */
static void
test_assign_trace (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/assign/traces.otf2", "assign", 1000);
  guint32 small = jx_trace_builder_add_region (b, "small", 1, 1);
  guint32 big = jx_trace_builder_add_region (b, "big", 1, 1);
  guint32 middle = jx_trace_builder_add_region (b, "middle", 1, 1);
  guint32 s = jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "R0", JX_NONE), "T",
                                           JX_STREAM_CPU_THREAD);
  g_autoptr(JxTrace) trace = NULL;

  jx_trace_builder_enter (b, s, 0, small);
  jx_trace_builder_leave (b, s, 10, small);
  jx_trace_builder_enter (b, s, 10, big);
  jx_trace_builder_leave (b, s, 1000, big);
  jx_trace_builder_enter (b, s, 1000, middle);
  jx_trace_builder_leave (b, s, 1100, middle);
  trace = jx_trace_builder_finish (b);

  jx_palette_reset_functions ();
  jx_palette_assign_trace (trace);
  g_assert_cmpuint (jx_palette_function_slot ("big"), ==, 0);
  g_assert_cmpuint (jx_palette_function_slot ("middle"), ==, 1);
  g_assert_cmpuint (jx_palette_function_slot ("small"), ==, 2);
  /* Once: after a reset the trace assigns nothing again. */
  jx_palette_reset_functions ();
  jx_palette_assign_trace (trace);
  g_assert_cmpuint (jx_palette_function_slot ("small"), ==, 0);
  jx_palette_reset_functions ();
}

/* The legends of the real traces, alone and in the comparisons one would
 * make: with the functions assigned by the legend's order (as `render`
 * does), no two entries look alike — every entry when there are at most
 * JX_PALETTE_N_FUNCTION_SLOTS functions, else the categories and the most
 * important JX_PALETTE_N_FUNCTION_SLOTS functions (the rest share slots). */
static void
test_real_legends (void)
{
  static const char *const sets[][3] = {
    { "casita__1_xeonphi_jacobi_01", "casita__1_xeonphi_jacobi_09", NULL },
    { "TraceR__stencil4d-32", "TraceR__stencil4d-64", NULL },
    { "pipit__ping-pong-otf2", "pipit__ping-pong-otf2-papi", NULL },
    { "casita__2_cuda_simple", NULL, NULL },
    { "casita__4_mpi_ls_barr", NULL, NULL },
    { "casita__2_cuda_simple", "casita__4_mpi_ls_barr", "casita__1_xeonphi_jacobi_01" },
  };

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      JxTrace *traces[3] = { NULL, NULL, NULL };
      guint n = 0;
      g_autoptr(GArray) legend = NULL;
      guint n_functions = 0;

      for (; n < 3 && sets[s][n] != NULL; n++)
        {
          g_autofree char *path = jx_test_get_shared_trace (sets[s][n]);
          g_autoptr(GError) error = NULL;

          traces[n] = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
        }
      legend = jx_legend_entries_compute (traces, n, 0);
      jx_palette_reset_functions ();
      jx_palette_assign_legend (legend);
      for (guint i = 0; i < legend->len; i++)
        n_functions += !g_array_index (legend, JxLegendEntry, i).is_category;
      /* Entries past the slots share colours by design: leave them out. */
      {
        guint functions = 0, keep = 0;

        for (; keep < legend->len; keep++)
          if (!g_array_index (legend, JxLegendEntry, keep).is_category &&
              ++functions > JX_PALETTE_N_FUNCTION_SLOTS)
            break;
        g_array_set_size (legend, keep);
      }

      for (int dark = 0; dark <= 1; dark++)
        {
          double worst = G_MAXDOUBLE;

          for (guint i = 0; i < legend->len; i++)
            for (guint j = i + 1; j < legend->len; j++)
              {
                const JxLegendEntry *a = &g_array_index (legend, JxLegendEntry, i);
                const JxLegendEntry *b = &g_array_index (legend, JxLegendEntry, j);
                JxRgba ca, cb;

                jx_palette_legend_color (a, dark, &ca);
                jx_palette_legend_color (b, dark, &cb);
                if (delta_e (&ca, &cb) < 0.07)
                  g_error ("%s, %s: legend entries “%s” and “%s” are only %.3f apart", sets[s][0],
                           dark ? "dark" : "light", a->name, b->name, delta_e (&ca, &cb));
                worst = MIN (worst, delta_e (&ca, &cb));
              }
          g_test_message ("%s (+%u): %u functions; %u legend entries checked, >= %.3f apart (%s)", sets[s][0], n - 1,
                          n_functions, legend->len, worst, dark ? "dark" : "light");
        }
      for (guint i = 0; i < n; i++)
        g_object_unref (traces[i]);
    }
  jx_palette_reset_functions ();
}

/* Timing scale (jx_palette_timing_*) ------------------------------------------ */

/* Where ratios land: neutral inside the band, the ends saturated, the
 * order kept. */
static void
test_timing_position (void)
{
  double last = -2.0;

  g_assert_cmpfloat (jx_palette_timing_position (NAN, 0.1), ==, 0.0);
  g_assert_cmpfloat (jx_palette_timing_position (1.0, 0.1), ==, 0.0);
  g_assert_cmpfloat (jx_palette_timing_position (1.1, 0.1), ==, 0.0);
  g_assert_cmpfloat (jx_palette_timing_position (0.9, 0.1), ==, 0.0);
  g_assert_cmpfloat (jx_palette_timing_position (1.11, 0.1), >, 0.0);
  g_assert_cmpfloat (jx_palette_timing_position (1.11, 0.1), <, 0.02);
  g_assert_cmpfloat (jx_palette_timing_position (0.89, 0.1), <, 0.0);
  g_assert_cmpfloat (jx_palette_timing_position (4.0, 0.1), ==, 1.0);
  g_assert_cmpfloat (jx_palette_timing_position (INFINITY, 0.1), ==, 1.0);
  g_assert_cmpfloat (jx_palette_timing_position (0.25, 0.1), ==, -1.0);
  g_assert_cmpfloat (jx_palette_timing_position (0.0, 0.1), ==, -1.0);
  /* A wider band swallows more; no band is neutral only at 1. */
  g_assert_cmpfloat (jx_palette_timing_position (1.2, 0.25), ==, 0.0);
  g_assert_cmpfloat (jx_palette_timing_position (1.01, 0.0), >, 0.0);
  for (double r = 0.05; r < 8.0; r *= 1.07)
    {
      double p = jx_palette_timing_position (r, 0.1);

      g_assert_cmpfloat (p, >=, last);
      last = p;
    }
}

static const char *vision_names[] = { "normal", "protanopia", "deuteranopia", "tritanopia" };

/* Every colour the timing scale must not be taken for: function colours
 * (names enough to reach every slot), categories, the diff states. */
static GArray *
colors_to_avoid (gboolean dark)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (JxRgba));
  static const JxDiffState states[] = { JX_DIFF_EQUAL, JX_DIFF_DIFFERENT, JX_DIFF_ONLY_HERE, JX_DIFF_ONLY_THERE };

  for (guint n = 0; n < 600; n++)
    {
      g_autofree char *name = g_strdup_printf ("function_%u", n);
      JxRgba c;

      jx_palette_function_color (name, dark, &c);
      g_array_append_val (out, c);
    }
  for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
    {
      JxRgba c;

      jx_palette_category_color (categories[i], dark, &c);
      g_array_append_val (out, c);
    }
  {
    JxRgba c;

    jx_palette_category_color (JX_CATEGORY_USER, dark, &c);
    g_array_append_val (out, c);
  }
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    {
      JxRgba c;

      jx_palette_diff_color (states[i], dark, &c);
      g_array_append_val (out, c);
    }
  return out;
}

static JxRgba
seen_as (const JxRgba *c,
         guint         vision)
{
  return vision == 0 ? *c : simulate_cvd (c, vision - 1);
}

/* The smallest OKLab distance from c to any colour to avoid, as seen with
 * the given vision. */
static double
nearest (const JxRgba *c,
         GArray       *avoid,
         guint         vision)
{
  JxRgba s = seen_as (c, vision);
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < avoid->len; i++)
    {
      JxRgba o = seen_as (&g_array_index (avoid, JxRgba, i), vision);

      best = MIN (best, delta_e (&s, &o));
    }
  return best;
}

/* The scale's stops (neutral, the tints at the band's edges, the deep ends)
 * stay apart from every function, category and diff colour under every
 * vision, and the ramps between them under normal vision; neutral, slower
 * and faster stay apart from each other under every vision. The minima are
 * printed (ΔE_ok 0.02 is about one just-noticeable difference). */
static void
test_timing_distinct (void)
{
  static const double stops[] = { 0.0, 1e-6, 1.0, -1e-6, -1.0 };
  static const double ramp[] = { 0.25, 0.5, 0.75, -0.25, -0.5, -0.75 };
  static const guint mutual[][2] = { { 0, 1 }, { 0, 3 }, { 1, 3 }, { 2, 4 }, { 1, 2 }, { 3, 4 }, { 0, 2 }, { 0, 4 } };

  for (int dark = 0; dark <= 1; dark++)
    {
      g_autoptr(GArray) avoid = colors_to_avoid (dark);
      double worst_stop = G_MAXDOUBLE, worst_ramp = G_MAXDOUBLE, worst_mutual = G_MAXDOUBLE;

      for (guint v = 0; v < G_N_ELEMENTS (vision_names); v++)
        {
          JxRgba c[G_N_ELEMENTS (stops)];

          for (guint i = 0; i < G_N_ELEMENTS (stops); i++)
            {
              double d;

              jx_palette_timing_color_at (stops[i], dark, &c[i]);
              g_assert_cmpfloat (c[i].alpha, ==, 1.0f);
              d = nearest (&c[i], avoid, v);
              if (d < 0.035)
                g_error ("%s, %s: timing colour at %g is only %.3f from a palette colour", dark ? "dark" : "light",
                         vision_names[v], stops[i], d);
              worst_stop = MIN (worst_stop, d);
            }
          /* Indices into stops: 0 neutral, 1 / 3 the edges, 2 / 4 the ends. */
          for (guint k = 0; k < G_N_ELEMENTS (mutual); k++)
            {
              JxRgba sa = seen_as (&c[mutual[k][0]], v), sb = seen_as (&c[mutual[k][1]], v);
              double d = delta_e (&sa, &sb);

              if (d < 0.06)
                g_error ("%s, %s: timing stops %u and %u are only %.3f apart", dark ? "dark" : "light",
                         vision_names[v], mutual[k][0], mutual[k][1], d);
              worst_mutual = MIN (worst_mutual, d);
            }
        }
      for (guint i = 0; i < G_N_ELEMENTS (ramp); i++)
        {
          JxRgba c;
          double d;

          jx_palette_timing_color_at (ramp[i], dark, &c);
          d = nearest (&c, avoid, 0);
          if (d < 0.03)
            g_error ("%s: timing colour at %g is only %.3f from a palette colour", dark ? "dark" : "light", ramp[i], d);
          worst_ramp = MIN (worst_ramp, d);
        }
      g_test_message ("%s: timing stops >= %.3f from every palette colour under every vision, ramps >= %.3f "
                      "(normal vision), stops >= %.3f apart", dark ? "dark" : "light", worst_stop, worst_ramp,
                      worst_mutual);
    }
}

/* Slower is red, faster blue, inside the band neutral, in both modes. */
static void
test_timing_hues (void)
{
  for (int dark = 0; dark <= 1; dark++)
    {
      JxRgba slow, fast, same, near, neutral;

      jx_palette_timing_color (2.0, 0.1, dark, &slow);
      jx_palette_timing_color (0.5, 0.1, dark, &fast);
      jx_palette_timing_color (1.0, 0.1, dark, &neutral);
      jx_palette_timing_color (1.08, 0.1, dark, &same);
      jx_palette_timing_color (1.15, 0.1, dark, &near);
      g_assert_cmpfloat (slow.red, >, slow.green + 0.15);
      g_assert_cmpfloat (slow.red, >, slow.blue + 0.15);
      g_assert_cmpfloat (fast.blue, >, fast.red + 0.15);
      g_assert_cmpfloat (fast.blue, >, fast.green + 0.15);
      g_assert_true (rgba_equal (&neutral, &same));
      g_assert_cmpfloat (fabs (neutral.red - neutral.blue), <, 0.01);
      /* Just outside the band: visibly off neutral already. */
      g_assert_cmpfloat (delta_e (&near, &neutral), >=, 0.05);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/palette/categories-distinct", test_categories_distinct);
  g_test_add_func ("/render/palette/functions-stable", test_functions_stable_and_apart_from_categories);
  g_test_add_func ("/render/palette/functions-spread", test_functions_spread);
  g_test_add_func ("/render/palette/trace-backgrounds", test_trace_backgrounds);
  g_test_add_func ("/render/palette/tint-from-color", test_tint_from_color);
  g_test_add_func ("/render/palette/pixels", test_pixels);
  g_test_add_func ("/render/palette/legend", test_legend);
  g_test_add_func ("/render/palette/diff-colors", test_diff_colors);
  g_test_add_func ("/render/palette/metric-scales", test_metric_scales);
  g_test_add_func ("/render/palette/function-slots", test_function_slots);
  g_test_add_func ("/render/palette/diff-apart-from-categories", test_diff_apart_from_categories);
  g_test_add_func ("/render/palette/function-assignment", test_function_assignment);
  g_test_add_func ("/render/palette/assign-trace", test_assign_trace);
  g_test_add_func ("/render/palette/real-legends", test_real_legends);

  g_test_add_func ("/render/palette/timing-position", test_timing_position);
  g_test_add_func ("/render/palette/timing-distinct", test_timing_distinct);
  g_test_add_func ("/render/palette/timing-hues", test_timing_hues);

  return g_test_run ();
}
