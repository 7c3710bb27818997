/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader-metrics.c — OTF2 metric definitions (MetricMember,
 * MetricClass, MetricInstance) and Metric events, through libotf2's
 * reader callbacks, into the builder's metrics (jx-trace-metrics.h). */
#include "config.h"

#include "jx-trace-loader-private.h"
#include "jx-trace-metrics.h"

static void
member_refs_free (gpointer data)
{
  g_array_unref (data);
}

void
_jx_loader_metrics_init (Loader *ld)
{
  ld->metric_members = g_array_new (FALSE, TRUE, sizeof (RawMetricMember));
  ld->metric_classes = g_hash_table_new_full (NULL, NULL, NULL, member_refs_free);
  ld->metric_instances = g_hash_table_new (NULL, NULL);
  ld->metric_refs = g_hash_table_new_full (NULL, NULL, NULL, g_free);
}

void
_jx_loader_metrics_clear (Loader *ld)
{
  g_clear_pointer (&ld->metric_members, g_array_unref);
  g_clear_pointer (&ld->metric_classes, g_hash_table_unref);
  g_clear_pointer (&ld->metric_instances, g_hash_table_unref);
  g_clear_pointer (&ld->metric_refs, g_hash_table_unref);
}

/* Definitions */

static OTF2_CallbackCode
def_metric_member (void                 *user_data,
                   OTF2_MetricMemberRef  self,
                   OTF2_StringRef        name,
                   OTF2_StringRef        description,
                   OTF2_MetricType       metric_type,
                   OTF2_MetricMode       metric_mode,
                   OTF2_Type             value_type,
                   OTF2_Base             base,
                   int64_t               exponent,
                   OTF2_StringRef        unit)
{
  Loader *ld = user_data;
  RawMetricMember m = { 0 };

  m.ref = self;
  m.name = name;
  m.description = description;
  m.unit = unit;
  m.mode = metric_mode;
  m.value_type = value_type;
  m.base = base;
  m.exponent = exponent;
  g_array_append_val (ld->metric_members, m);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_metric_class (void                       *user_data,
                  OTF2_MetricRef              self,
                  uint8_t                     n_members,
                  const OTF2_MetricMemberRef *members,
                  OTF2_MetricOccurrence       occurrence,
                  OTF2_RecorderKind           recorder_kind)
{
  Loader *ld = user_data;
  GArray *refs = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n_members);

  for (guint i = 0; i < n_members && members != NULL; i++)
    {
      guint32 ref = members[i];

      g_array_append_val (refs, ref);
    }
  g_hash_table_replace (ld->metric_classes, GUINT_TO_POINTER (self), refs);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_metric_instance (void             *user_data,
                     OTF2_MetricRef    self,
                     OTF2_MetricRef    metric_class,
                     OTF2_LocationRef  recorder,
                     OTF2_MetricScope  scope_kind,
                     uint64_t          scope)
{
  Loader *ld = user_data;

  g_hash_table_replace (ld->metric_instances, GUINT_TO_POINTER (self), GUINT_TO_POINTER (metric_class));
  return OTF2_CALLBACK_SUCCESS;
}

void
_jx_loader_set_metric_callbacks (OTF2_GlobalDefReaderCallbacks *cbs)
{
  OTF2_GlobalDefReaderCallbacks_SetMetricMemberCallback (cbs, def_metric_member);
  OTF2_GlobalDefReaderCallbacks_SetMetricClassCallback (cbs, def_metric_class);
  OTF2_GlobalDefReaderCallbacks_SetMetricInstanceCallback (cbs, def_metric_instance);
}

static JxMetricValueType
value_type_from_otf2 (guint8 type)
{
  switch (type)
    {
    case OTF2_TYPE_INT8:
    case OTF2_TYPE_INT16:
    case OTF2_TYPE_INT32:
    case OTF2_TYPE_INT64:
      return JX_METRIC_VALUE_INT64;
    case OTF2_TYPE_FLOAT:
    case OTF2_TYPE_DOUBLE:
      return JX_METRIC_VALUE_DOUBLE;
    default:
      /* OTF2 metric values are int64, uint64 or double; anything else
       * is read as uint64, the most common counter type. */
      return JX_METRIC_VALUE_UINT64;
    }
}

static MetricRefInfo *
ref_info_new (Loader     *ld,
              GArray     *members,
              GHashTable *member_index)
{
  MetricRefInfo *info = g_malloc (sizeof (MetricRefInfo) + members->len * sizeof (guint32));

  info->n = members->len;
  for (guint i = 0; i < members->len; i++)
    {
      gpointer v = g_hash_table_lookup (member_index, GUINT_TO_POINTER (g_array_index (members, guint32, i)));

      info->metrics[i] = v != NULL ? GPOINTER_TO_UINT (v) - 1 : JX_NONE;
    }
  return info;
}

void
_jx_loader_build_metrics (Loader *ld)
{
  g_autoptr(GHashTable) member_index = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; i < ld->metric_members->len; i++)
    {
      const RawMetricMember *m = &g_array_index (ld->metric_members, RawMetricMember, i);
      const char *name = _jx_loader_lookup_string (ld, m->name);
      g_autofree char *fallback = NULL;
      guint32 index;

      if (name == NULL || name[0] == '\0')
        name = fallback = g_strdup_printf ("metric %u", m->ref);
      index = jx_trace_builder_add_metric (ld->builder, name,
                                           _jx_loader_lookup_string (ld, m->description),
                                           _jx_loader_lookup_string (ld, m->unit),
                                           m->mode, value_type_from_otf2 (m->value_type),
                                           m->base, m->exponent);
      g_hash_table_replace (member_index, GUINT_TO_POINTER (m->ref), GUINT_TO_POINTER (index + 1));
    }

  g_hash_table_iter_init (&iter, ld->metric_classes);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_replace (ld->metric_refs, key, ref_info_new (ld, value, member_index));
  /* Instances share the classes' reference space. */
  g_hash_table_iter_init (&iter, ld->metric_instances);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GArray *members = g_hash_table_lookup (ld->metric_classes, value);

      if (members != NULL && !g_hash_table_contains (ld->metric_refs, key))
        g_hash_table_replace (ld->metric_refs, key, ref_info_new (ld, members, member_index));
    }
}

/* Events */

OTF2_CallbackCode
_jx_loader_on_metric (OTF2_LocationRef        location,
                      OTF2_TimeStamp          time,
                      uint64_t                position,
                      void                   *user_data,
                      OTF2_AttributeList     *attributes,
                      OTF2_MetricRef          metric,
                      uint8_t                 n_metrics,
                      const OTF2_Type        *type_ids,
                      const OTF2_MetricValue *values)
{
  ReaderThread *t = user_data;
  const MetricRefInfo *info;
  guint n;

  if (G_UNLIKELY (t->windowed))
    switch (_jx_window_phase (t, time, FALSE))
      {
      case WINDOW_BEFORE: return OTF2_CALLBACK_SUCCESS;
      case WINDOW_AFTER:  return OTF2_CALLBACK_INTERRUPT;
      case WINDOW_IN:
      default:            break;
      }
  _jx_stream_writer_count (t->b, t->w, time, JX_EVENT_METRIC);

  info = g_hash_table_lookup (t->ld->metric_refs, GUINT_TO_POINTER (metric));
  if (info == NULL)
    {
      jx_trace_builder_count_metric_caveat (t->b, t->stream, JX_METRIC_CAVEAT_UNKNOWN_REF);
      return OTF2_CALLBACK_SUCCESS;
    }
  if (n_metrics != info->n)
    jx_trace_builder_count_metric_caveat (t->b, t->stream, JX_METRIC_CAVEAT_VALUE_COUNT);
  n = MIN (n_metrics, info->n);
  for (guint i = 0; i < n && values != NULL && type_ids != NULL; i++)
    {
      JxMetricValue v;
      JxMetricValueType type = value_type_from_otf2 (type_ids[i]);

      if (info->metrics[i] == JX_NONE)
        {
          jx_trace_builder_count_metric_caveat (t->b, t->stream, JX_METRIC_CAVEAT_UNKNOWN_REF);
          continue;
        }
      switch (type)
        {
        case JX_METRIC_VALUE_INT64:  v.i = values[i].signed_int; break;
        case JX_METRIC_VALUE_DOUBLE: v.d = values[i].floating_point; break;
        case JX_METRIC_VALUE_UINT64:
        default:                     v.u = values[i].unsigned_int; break;
        }
      jx_trace_builder_add_metric_sample (t->b, t->stream, info->metrics[i], time, type, v);
    }
  return OTF2_CALLBACK_SUCCESS;
}
