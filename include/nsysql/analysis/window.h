/* window and filters shared by the analyses.
 *
 * --window all|steady|START_NS:END_NS|nvtx:NAME[#K]
 *   all      the whole capture: first GPU op start .. last GPU op end
 *   steady   the steady-state window found by nsq_steady_detect() (steady.h)
 *   A:B      explicit nanoseconds on the export's timeline (A < B)
 *   nvtx:N#K the K-th (1-based, default 1) NVTX push/pop or start/end range
 *            whose text is exactly N, in start order
 * An event belongs to the window if it overlaps it ([start, end) intersects);
 * commands that clip durations say so in their schema. */
#ifndef NSYSQL_WINDOW_H
#define NSYSQL_WINDOW_H

#include "nsysql/analysis/scope.h"
#include "nsysql/export/export.h"

int nsq_window_resolve(nsq_window *w, nsq_export *x, const char *spec, nsq_err *err);
/* The same, except that "all" (or NULL) reads nothing: kind "all" with zero
 * bounds, for the analyses that find the capture's span in their own scan or
 * need none. nsq_window_lo/hi give the bounds of an overlap test (all:
 * INT64_MIN, INT64_MAX). */
int nsq_window_resolve_lazy(nsq_window *w, nsq_export *x, const char *spec, nsq_err *err);
int64_t nsq_window_lo(const nsq_window *w);
int64_t nsq_window_hi(const nsq_window *w);

#endif
