/* nsysql osrt: OS runtime calls (OSRT_API) by name and per thread, with the
 * blocking calls flagged and the time each thread spent in them.
 *
 * Blocking list (a call that waits for another thread, a device, the network
 * or a timer): poll, ppoll, epoll_wait, epoll_pwait, select, pselect, futex,
 * pthread_cond_wait, pthread_cond_timedwait, pthread_mutex_lock,
 * pthread_rwlock_rdlock, pthread_rwlock_wrlock, pthread_join, pthread_barrier_wait,
 * sem_wait, sem_timedwait, read, readv, pread, pread64, recv, recvfrom,
 * recvmsg, accept, accept4, connect, nanosleep, clock_nanosleep, usleep,
 * sleep, ioctl, wait, waitpid, msgrcv, sigwait, sigtimedwait. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/callstats.h"
#include "nsysql/analysis/window.h"
#include "nsysql/cmd.h"

typedef struct osrt_opts {
    int64_t limit;
    const char *window;
    const char *pid;
} osrt_opts;

static const nsq_opt osrt_options[] = {
    OPT_RANGE("limit", 0, OPT_INT, osrt_opts, limit, "N",
              "rows per table by total time (default 20; 0 = all)", OPTF_MIN, 0, 0),
    OPT_ENTRY("window", 0, OPT_STR, osrt_opts, window, "SPEC",
              "all (default), steady, START_NS:END_NS or nvtx:NAME[#K]; a call counts when it "
              "overlaps the window, with its whole duration"),
    OPT_ENTRY("pid", 0, OPT_STR, osrt_opts, pid, "N", "only the calls of this process"),
    OPT_TABLE_END,
};

static void osrt_defaults(void *p)
{
    ((osrt_opts *)p)->limit = 20;
}

#define BLOCKING_LIST                                                                              \
    "'poll','ppoll','epoll_wait','epoll_pwait','select','pselect','futex','pthread_cond_wait',"    \
    "'pthread_cond_timedwait','pthread_mutex_lock','pthread_rwlock_rdlock',"                       \
    "'pthread_rwlock_wrlock','pthread_join','pthread_barrier_wait','sem_wait','sem_timedwait',"    \
    "'read','readv','pread','pread64','recv','recvfrom','recvmsg','accept','accept4','connect',"   \
    "'nanosleep','clock_nanosleep','usleep','sleep','ioctl','wait','waitpid','msgrcv','sigwait',"  \
    "'sigtimedwait'"

/* the name up to its first '@' or '(' (is_blocking's rule, in SQL) */
#define BASE_NAME                                                                                  \
    "substr(name, 1, min(CASE WHEN instr(name, '@') > 0 THEN instr(name, '@') - 1 ELSE "           \
    "length(name) END, "                                                                           \
    "CASE WHEN instr(name, '(') > 0 THEN instr(name, '(') - 1 ELSE length(name) END))"

static const char *const blocking[] = {"poll",
                                       "ppoll",
                                       "epoll_wait",
                                       "epoll_pwait",
                                       "select",
                                       "pselect",
                                       "futex",
                                       "pthread_cond_wait",
                                       "pthread_cond_timedwait",
                                       "pthread_mutex_lock",
                                       "pthread_rwlock_rdlock",
                                       "pthread_rwlock_wrlock",
                                       "pthread_join",
                                       "pthread_barrier_wait",
                                       "sem_wait",
                                       "sem_timedwait",
                                       "read",
                                       "readv",
                                       "pread",
                                       "pread64",
                                       "recv",
                                       "recvfrom",
                                       "recvmsg",
                                       "accept",
                                       "accept4",
                                       "connect",
                                       "nanosleep",
                                       "clock_nanosleep",
                                       "usleep",
                                       "sleep",
                                       "ioctl",
                                       "wait",
                                       "waitpid",
                                       "msgrcv",
                                       "sigwait",
                                       "sigtimedwait",
                                       NULL};

/* nsys marks some names with a trailing suffix (e.g. "pthread_cond_wait@GLIBC"): compare the
 * part before '@' or '(' */
static int is_blocking(const char *name)
{
    if (!name)
        return 0;
    size_t n = strcspn(name, "@(");
    for (int i = 0; blocking[i]; i++)
        if (strlen(blocking[i]) == n && !strncmp(blocking[i], name, n))
            return 1;
    return 0;
}

static void flag_blocking(json *j, const char *const *keys, void *arg)
{
    int idx = *(int *)arg;
    json_kv_bool(j, "blocking", is_blocking(keys[idx]) != 0);
}

static int run_table(nsq_ctx *ctx, const char *sql, const nsq_callstats_spec *sp, json *j,
                     int64_t *rows, int64_t *calls, int64_t *total)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(ctx->x->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "osrt",
                                    &ctx->err);
    rc = nsq_callstats_emit(ctx->x, st, sp, j, rows, calls, total, &ctx->err);
    sqlite3_finalize(st);
    return rc;
}

/* The counted calls as a subquery (integers only go into the text). */
static void osrt_rows(char *buf, size_t n, int64_t ws, int64_t we, bool has_pid, int64_t pid)
{
    char pidc[64] = "";
    if (has_pid)
        snprintf(pidc, sizeof pidc, " AND ((o.globalTid >> 24) & 16777215) = %" PRId64, pid);
    snprintf(
        buf, n,
        "(SELECT (o.globalTid >> 24) & 16777215 AS pid, o.globalTid & 16777215 AS tid, "
        "(SELECT s.value FROM StringIds s WHERE s.id = o.nameId) AS name, o.\"end\" - o.start AS "
        "dur "
        "FROM main.OSRT_API o WHERE o.start IS NOT NULL AND o.\"end\" >= o.start AND (CASE WHEN "
        "o.start = o.\"end\" THEN o.start >= %" PRId64 " AND o.start <= %" PRId64
        " ELSE o.start < %" PRId64 " AND o.\"end\" > %" PRId64 " END)%s)",
        ws, we, we, ws, pidc);
}

static bool is_int(const char *s)
{
    int64_t v;
    return s && nsq_scope_parse_i64(s, &v) == 0;
}

static int cmd_osrt(nsq_ctx *ctx, void *vopts)
{
    osrt_opts *o = vopts;
    if (o->limit < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--limit must be >= 0");
    if (o->pid && !is_int(o->pid))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--pid must be an integer, got '%s'", o->pid);
    if (!nsq_probe_table(&ctx->x->probe, "OSRT_API"))
        return nsq_error(&ctx->err, NSQ_EXIT_INPUT, "missing_table",
                         "the export has no OSRT_API table: OS runtime calls were not traced "
                         "(capture with nsys -t osrt); nothing can be said about blocking");
    nsq_window w;
    if (nsq_window_resolve_lazy(&w, ctx->x, o->window, &ctx->err))
        return -1;
    bool all = !strcmp(w.kind, "all");
    int64_t pid = o->pid ? strtoll(o->pid, NULL, 10) : 0;
    char rows_sql[1024], sql[4096];
    osrt_rows(rows_sql, sizeof rows_sql, nsq_window_lo(&w), nsq_window_hi(&w), o->pid != NULL, pid);
    int ret = -1;
    int64_t total_all = 0, bad = 0;
    snprintf(sql, sizeof sql, "SELECT sum(dur) FROM %s", rows_sql);
    if (nsq_query_int64(ctx->x->db, sql, 0, &total_all) ||
        nsq_query_int64(ctx->x->db,
                        "SELECT count(*) FROM main.OSRT_API WHERE start IS NULL OR \"end\" IS NULL "
                        "OR \"end\" < start",
                        0, &bad)) {
        nsq_export_sql_error(ctx->x, sqlite3_errcode(ctx->x->db), NSQ_EXIT_INTERNAL, "query_failed",
                             "osrt totals", &ctx->err);
        goto done;
    }

    json *p = &ctx->params;
    json_obj_begin(p);
    json_kv_int(p, "limit", o->limit);
    json_key(p, "window");
    nsq_window_params_json(p, &w);
    if (o->pid)
        json_kv_int(p, "pid", pid);
    else
        json_kv_null(p, "pid");
    json_kv_str(p, "engine", "sql");
    json_obj_end(p);

    json *j = &ctx->result;
    json_obj_begin(j);
    int64_t rows, calls, total;
    static const char *const keys[] = {"name"};
    int idx0 = 0, idx2 = 2;
    nsq_callstats_spec sp = {1,        keys,          NULL, total_all, "pct_of_osrt_time",
                             o->limit, flag_blocking, &idx0};
    json_key(j, "calls");
    snprintf(sql, sizeof sql, "SELECT name, dur FROM %s ORDER BY name, dur", rows_sql);
    if (run_table(ctx, sql, &sp, j, &rows, &calls, &total))
        goto done;
    json_kv_int(j, "names", rows);
    json_kv_int(j, "calls_total", calls);
    json_kv_int(j, "osrt_time_ns", total);
    json_kv_int(j, "bad_rows", bad);

    static const char *const tkeys[] = {"pid", "tid", "name"};
    static const bool tint[] = {true, true, false};
    nsq_callstats_spec tp = {3, tkeys, tint, 0, NULL, o->limit, flag_blocking, &idx2};
    json_key(j, "per_thread");
    int64_t trows, tcalls, ttotal;
    snprintf(sql, sizeof sql, "SELECT pid, tid, name, dur FROM %s ORDER BY pid, tid, name, dur",
             rows_sql);
    if (run_table(ctx, sql, &tp, j, &trows, &tcalls, &ttotal))
        goto done;

    static const char *const bkeys[] = {"pid", "tid"};
    nsq_callstats_spec bp = {2, bkeys, tint, 0, NULL, o->limit, NULL, NULL};
    json_kv_int(j, "per_thread_total", trows);
    json_key(j, "blocked_by_thread");
    int64_t brows, bcalls, btotal;
    snprintf(sql, sizeof sql,
             "SELECT pid, tid, dur FROM %s WHERE " BASE_NAME " IN (" BLOCKING_LIST
             ") ORDER BY pid, tid, dur",
             rows_sql);
    if (run_table(ctx, sql, &bp, j, &brows, &bcalls, &btotal))
        goto done;
    json_kv_int(j, "blocked_by_thread_total", brows);
    json_kv_int(j, "blocked_ns", btotal);
    json_key(j, "blocking_names");
    json_arr_begin(j);
    for (int i = 0; blocking[i]; i++)
        json_str(j, blocking[i]);
    json_arr_end(j);
    json_obj_end(j);
    if (calls == 0)
        nsq_warn(
            ctx, "no_osrt_calls",
            all && !o->pid
                ? "the OSRT_API table is empty: OS runtime tracing recorded nothing, which is not "
                  "the same as no blocking"
                : "no OS runtime call is in the window and passes the filters");
    if (bad)
        nsq_warn(ctx, "bad_rows", "%lld OSRT rows have no start/end or end < start; left out",
                 (long long)bad);
    ret = 0;
done:
    nsq_window_release(&w);
    return ret;
}

const nsq_cmd cmd_osrt_def = {
    "osrt",
    cmd_osrt,
    CMD_NEED_EXPORT | CMD_MULTI,
    "nsysql/osrt",
    1,
    "OS runtime calls by name and thread: count, total, mean, median, p90, max; blocking calls and "
    "blocked time",
    "INPUT",
    osrt_options,
    sizeof(osrt_opts),
    osrt_defaults,
};
