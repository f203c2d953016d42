/* gaps: the idle-gaps analysis — per device, the union of GPU work in a
 * window, the idle gaps between, their histogram, the longest gaps with the
 * ops around them and a likely cause; optionally the per-stream view.
 *
 * Definitions (schemas/idle-gaps.v1.schema.json states them for readers):
 *  - ops: kernel, memcpy and memset rows in the window and filters
 *    (intervals.h rules), clipped to the window; zero-length ops cover nothing;
 *  - busy: the union of the ops per device; first/last: its extent;
 *  - profiler overhead (PROFILER_OVERHEAD rows of the processes that use the
 *    device) covers time between first and last; overhead_ns is the part of
 *    it that no op covered;
 *  - gaps: the holes of busy + overhead between first and last; idle_ns is
 *    their total; leading (window start .. first) and trailing (last ..
 *    window end) idle are apart; span = busy + overhead + idle + leading +
 *    trailing = the window;
 *  - gaps longer than min_gap are counted, histogrammed and listed (longest
 *    first, ties by start); the rest are counted apart;
 *  - each listed gap names the op before (the op that ends the busy interval
 *    before it: latest end, then earliest start, kind, stream, correlation id)
 *    and the op after (earliest start, then kind, stream, correlation id), and
 *    a cause from the op after's launch call (same correlation id, same
 *    process): unknown (no launch call found), dependency (the launch call
 *    had returned when the gap began), sync (otherwise, and one synchronising
 *    CUDA API call of that process covers at least half of the gap),
 *    host_launch (otherwise). */
#ifndef NSYSQL_GAPS_H
#define NSYSQL_GAPS_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/export/export.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/util/json.h"
#include "nsysql/util/strbuf.h"
#include "nsysql/analysis/scope.h"

#define NSQ_GAP_BINS 5
/* Histogram bins: [0, 10 us), [10 us, 100 us), [100 us, 1 ms), [1 ms, 10 ms), >= 10 ms */
extern const int64_t nsq_gap_bin_lo[NSQ_GAP_BINS];
extern const char *const nsq_gap_bin_label[NSQ_GAP_BINS];

/* Synchronising CUDA API calls (matched on the API name). */
#define NSQ_SYNC_API_PATTERN "^cu(da)?(Device|Stream|Event|Ctx|Thread)Synchronize"

typedef struct nsq_gaps_opts {
    const nsq_window *window; /* resolved; kind "all" = every row */
    const nsq_filter *filter; /* --name/--exclude apply to the op names */
    int64_t min_gap_ns;       /* gaps longer than this are counted and listed */
    int64_t limit;            /* listed gaps per device; 0 = all (up to NSQ_GAPS_LIST_ALL_MAX) */
    bool per_stream;
    bool oracle;
} nsq_gaps_opts;

typedef struct nsq_gap_op {
    bool present;
    int kind;   /* enum nsq_op_kind */
    char *name; /* owned */
    int64_t pid, stream_id, correlation_id, start_ns, end_ns;
} nsq_gap_op;

typedef struct nsq_api_call {
    bool present;
    char *name; /* owned */
    int64_t start_ns, end_ns, tid, overlap_ns;
} nsq_api_call;

typedef struct nsq_gap {
    int64_t start_ns, end_ns;
    nsq_gap_op before, after;
    nsq_api_call launch, sync;
    const char *cause; /* static string */
} nsq_gap;

typedef struct nsq_gap_hist {
    int64_t count[NSQ_GAP_BINS];
    int64_t total_ns[NSQ_GAP_BINS];
} nsq_gap_hist;

typedef struct nsq_gap_dev {
    int64_t device;
    nsq_op_pair *contexts; /* owned; (pid, CUDA ordinal) pairs on this device */
    int ncontexts, capcontexts;
    int64_t ops;
    bool has_busy;
    int64_t first_ns, last_ns;
    int64_t busy_ns, overhead_ns, idle_ns, leading_ns, trailing_ns;
    int64_t gaps, gaps_ns, small_gaps, small_gaps_ns, longest_gap_ns;
    nsq_gap_hist hist;
    nsq_gap *top; /* owned, longest first */
    int ntop, captop;
} nsq_gap_dev;

typedef struct nsq_gap_stream {
    int64_t device, pid, stream_id;
    int64_t ops, first_ns, last_ns, busy_ns, idle_ns;
    int64_t gaps, gaps_ns, small_gaps, small_gaps_ns, longest_gap_ns;
    nsq_gap_hist hist;
} nsq_gap_stream;

typedef struct nsq_gaps_result {
    const char *identity;
    int64_t window_start_ns, window_end_ns;
    nsq_gap_dev *devs; /* owned, sorted by device */
    int ndevs, capdevs;
    nsq_gap_stream *streams; /* owned, sorted by device, pid, stream */
    int nstreams, capstreams;
    int64_t bad_rows;         /* over kernel, memcpy and memset */
    int64_t api_rows_present; /* 0 when the export has no CUDA API rows */
    bool sorted_in_memory;
} nsq_gaps_result;

int nsq_gaps_run(nsq_gaps_result *r, nsq_export *x, const nsq_gaps_opts *o, nsq_err *err);
void nsq_gaps_release(nsq_gaps_result *r);
/* Keep only the n longest listed gaps of all devices together (longer first,
 * then the earlier start, then the lower device); each stays under its device. */
void nsq_gaps_keep_longest(nsq_gaps_result *r, int64_t n);
void nsq_gaps_json(json *j, const nsq_gaps_result *r, const nsq_gaps_opts *o);
void nsq_gaps_text(strbuf *sb, const nsq_gaps_result *r, const nsq_gaps_opts *o, const char *fmt);

/* --limit 0 lists every gap, but not millions of them: past this many
 * listed gaps (all devices together) the run fails with too_many_gaps
 * (exit 2) instead of holding gigabytes (10^7 gaps took 11.7 GB). */
#define NSQ_GAPS_LIST_ALL_MAX 100000

#endif
