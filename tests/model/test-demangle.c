/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <otf2/otf2.h>

#include "jx-demangle.h"
#include "jx-profile.h"
#include "jx-test-util.h"
#include "jx-trace-builder.h"
#include "jx-trace-loader.h"

#define JACOBI_MANGLED "_Z13jacobi_kernelPKfPfiiS1_"
#define JACOBI_SHOWN   "jacobi_kernel(float const*, float*, int, int, float*)"

static void
test_demangle_symbol (void)
{
  const struct
  {
    const char *in;
    const char *out;   /* NULL: left alone */
  } cases[] = {
    { JACOBI_MANGLED, JACOBI_SHOWN },
    { "_ZN4dim3C2Ejjj", "dim3::dim3(unsigned int, unsigned int, unsigned int)" },
    { "_Z11copy_kernelPfPKfii", "copy_kernel(float*, float const*, int, int)" },
    { "_ZNK3Foo3barEv", "Foo::bar() const" },
    { "_ZL31__nv_cudaEntityRegisterCallbackPPv", "__nv_cudaEntityRegisterCallback(void**)" },
    /* A variable: no parameter list. */
    { "_Z3foo", "foo" },
    /* Not Itanium-mangled, or malformed: never touched. */
    { "main", NULL },
    { "MPI_Send", NULL },
    { "_Z", NULL },
    { "_Zfoo", NULL },
    { "__Z3fooi", NULL },
    { "_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ", NULL },
    { "", NULL },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = jx_demangle_symbol (cases[i].in);

      g_test_message ("%s", cases[i].in);
      g_assert_cmpstr (out, ==, cases[i].out);
    }
  g_assert_null (jx_demangle_symbol (NULL));
}

static void
test_demangle_builder (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/x/traces.otf2", "x", 1000);
  g_autoptr(JxTrace) trace = NULL;
  guint32 node, p, s, kernel, ctor, plain, bogus, launch;
  const JxRegion *r;
  JxRegionStats *stats;

  kernel = jx_trace_builder_add_region (b, JACOBI_MANGLED, OTF2_PARADIGM_CUDA, OTF2_REGION_ROLE_FUNCTION);
  ctor = jx_trace_builder_add_region (b, "_ZN4dim3C2Ejjj", OTF2_PARADIGM_COMPILER, OTF2_REGION_ROLE_FUNCTION);
  /* As the loader does: OTF2's canonical name equals the mangled name. */
  jx_trace_builder_set_region_info (b, ctor, "_ZN4dim3C2Ejjj", "", "vector_types.h", 419, 0);
  plain = jx_trace_builder_add_region (b, "main", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  bogus = jx_trace_builder_add_region (b, "_Zfoo", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  /* Category comes from the recorded name, as before demangling. */
  launch = jx_trace_builder_add_region (b, "_Z14cudaLaunchHostPv", OTF2_PARADIGM_UNKNOWN, OTF2_REGION_ROLE_UNKNOWN);
  node = jx_trace_builder_add_system_node (b, "node0", "node", JX_NONE);
  p = jx_trace_builder_add_process (b, "rank 0", node);
  s = jx_trace_builder_add_stream (b, p, "gpu", JX_STREAM_ACCELERATOR);
  jx_trace_builder_enter (b, s, 100, plain);
  jx_trace_builder_enter (b, s, 110, kernel);
  jx_trace_builder_leave (b, s, 150, kernel);
  jx_trace_builder_enter (b, s, 160, ctor);
  jx_trace_builder_leave (b, s, 170, ctor);
  jx_trace_builder_leave (b, s, 200, plain);
  trace = jx_trace_builder_finish (b);

  r = jx_trace_get_region (trace, kernel);
  g_assert_cmpstr (r->name, ==, JACOBI_SHOWN);
  g_assert_cmpstr (r->canonical_name, ==, JACOBI_MANGLED);
  g_assert_cmpint (r->category, ==, JX_CATEGORY_ACCELERATOR);
  r = jx_trace_get_region (trace, ctor);
  g_assert_cmpstr (r->name, ==, "dim3::dim3(unsigned int, unsigned int, unsigned int)");
  g_assert_cmpstr (r->canonical_name, ==, "_ZN4dim3C2Ejjj");
  g_assert_cmpstr (r->source_file, ==, "vector_types.h");
  r = jx_trace_get_region (trace, plain);
  g_assert_cmpstr (r->name, ==, "main");
  g_assert_cmpstr (r->canonical_name, ==, "main");
  r = jx_trace_get_region (trace, bogus);
  g_assert_cmpstr (r->name, ==, "_Zfoo");
  g_assert_cmpstr (r->canonical_name, ==, "_Zfoo");
  r = jx_trace_get_region (trace, launch);
  g_assert_cmpstr (r->name, ==, "cudaLaunchHost(void*)");
  g_assert_cmpint (r->category, ==, JX_CATEGORY_OTHER);

  /* Both the shown and the recorded name find the region. */
  g_assert_cmpuint (jx_trace_find_region (trace, JACOBI_SHOWN), ==, kernel);
  g_assert_cmpuint (jx_trace_find_region (trace, JACOBI_MANGLED), ==, kernel);
  g_assert_cmpuint (jx_trace_find_region (trace, "_ZN4dim3C2Ejjj"), ==, ctor);
  g_assert_cmpuint (jx_trace_find_region (trace, "main"), ==, plain);
  g_assert_cmpuint (jx_trace_find_region (trace, "jacobi_kernel"), ==, JX_NONE);

  stats = jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64);
  g_assert_cmpuint (stats[kernel].count, ==, 1);
  g_assert_cmpuint (stats[kernel].inclusive, ==, 40);
  g_assert_cmpuint (stats[plain].exclusive, ==, 100 - 40 - 10);
  g_free (stats);
}

static JxTrace *
load_cuda_simple (void)
{
  g_autofree char *anchor = jx_test_get_shared_trace ("casita__2_cuda_simple/traces.otf2");
  g_autoptr(GError) error = NULL;
  JxTrace *trace;

  trace = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static void
test_demangle_cuda_trace (void)
{
  g_autoptr(JxTrace) trace = load_cuda_simple ();
  g_autoptr(JxTrace) again = NULL;
  JxRegionStats *stats;
  guint i, n_mangled = 0, n_kernels = 0;
  guint64 kernel_invocations = 0;

  stats = jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64);
  for (i = 0; i < jx_trace_get_n_regions (trace); i++)
    {
      const JxRegion *r = jx_trace_get_region (trace, i);

      if (!g_str_has_prefix (r->canonical_name, "_Z"))
        {
          g_assert_false (g_str_has_prefix (r->name, "_Z"));
          continue;
        }
      /* Every mangled symbol of this trace demangles (c++filt agrees). */
      n_mangled++;
      g_test_message ("%s -> %s", r->canonical_name, r->name);
      g_assert_false (g_str_has_prefix (r->name, "_Z"));
      g_assert_nonnull (strchr (r->name, '('));
      if (g_str_equal (r->canonical_name, JACOBI_MANGLED))
        {
          /* Defined twice: the host-side function and the CUDA kernel. */
          g_assert_cmpstr (r->name, ==, JACOBI_SHOWN);
          n_kernels++;
          if (r->paradigm == OTF2_PARADIGM_CUDA)
            kernel_invocations += stats[i].count;
        }
    }
  g_free (stats);
  g_assert_cmpuint (n_mangled, ==, 11);
  g_assert_cmpuint (n_kernels, ==, 2);
  /* 10 kernel runs per rank, recorded on the two CUDA streams. */
  g_assert_cmpuint (kernel_invocations, ==, 20);

  g_assert_cmpuint (jx_trace_find_region (trace, JACOBI_SHOWN), ==,
                    jx_trace_find_region (trace, JACOBI_MANGLED));
  g_assert_cmpuint (jx_trace_find_region (trace, JACOBI_SHOWN), !=, JX_NONE);
  g_assert_cmpstr (jx_trace_get_region (trace, jx_trace_find_region (trace, "_ZN4dim3C2Ejjj"))->name,
                   ==, "dim3::dim3(unsigned int, unsigned int, unsigned int)");

  /* A second load names regions the same, so matching by name across
   * traces pairs the demangled regions. */
  again = load_cuda_simple ();
  g_assert_cmpuint (jx_trace_get_n_regions (again), ==, jx_trace_get_n_regions (trace));
  for (i = 0; i < jx_trace_get_n_regions (trace); i++)
    g_assert_cmpstr (jx_trace_get_region (again, i)->name, ==, jx_trace_get_region (trace, i)->name);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/demangle/symbol", test_demangle_symbol);
  g_test_add_func ("/model/demangle/builder", test_demangle_builder);
  g_test_add_func ("/model/demangle/cuda-trace", test_demangle_cuda_trace);

  return g_test_run ();
}
