/* callstats: grouped call statistics; see callstats.h. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/callstats.h"

typedef struct cs_row {
    char **keys;
    int64_t n, total, mean, median, p90, max;
} cs_row;

static int by_total_desc(const void *a, const void *b)
{
    const cs_row *x = a, *y = b;
    if (x->total != y->total)
        return x->total < y->total ? 1 : -1;
    for (int i = 0; x->keys[i] || y->keys[i]; i++) {
        int c = strcmp(x->keys[i] ? x->keys[i] : "", y->keys[i] ? y->keys[i] : "");
        if (c)
            return c;
        if (!x->keys[i] || !y->keys[i])
            break;
    }
    return 0;
}

static char *dup_col(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? strdup((const char *)t) : NULL;
}

static bool same_keys(sqlite3_stmt *st, int nkeys, char *const *cur)
{
    for (int i = 0; i < nkeys; i++) {
        const unsigned char *t = sqlite3_column_text(st, i);
        if (!t != !cur[i])
            return false;
        if (t && strcmp((const char *)t, cur[i]))
            return false;
    }
    return true;
}

static void finish(cs_row *r, const int64_t *d, int64_t n)
{
    r->n = n;
    r->total = 0;
    for (int64_t i = 0; i < n; i++)
        r->total += d[i];
    r->mean = r->total / n;
    r->median = (d[(n - 1) / 2] + d[n / 2]) / 2;
    int64_t k = (9 * n + 9) / 10; /* ceil(0.9 n), nearest rank */
    r->p90 = d[k - 1];
    r->max = d[n - 1];
}

int nsq_callstats_emit(nsq_export *x, sqlite3_stmt *st, const nsq_callstats_spec *sp, json *out,
                       int64_t *rows, int64_t *calls, int64_t *total_ns, nsq_err *err)
{
    cs_row *rs = NULL;
    int64_t nrs = 0, caprs = 0;
    int64_t *d = NULL, nd = 0, capd = 0;
    char **cur = NULL;
    int rc, ret = -1;
    *rows = *calls = *total_ns = 0;
    for (;;) {
        rc = sqlite3_step(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
            nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed", "call statistics", err);
            goto done;
        }
        bool boundary = rc == SQLITE_DONE || !cur || !same_keys(st, sp->nkeys, cur);
        if (boundary && cur && nd) {
            if (nrs == caprs) {
                caprs = caprs ? 2 * caprs : 64;
                rs = realloc(rs, (size_t)caprs * sizeof *rs);
                if (!rs)
                    abort();
            }
            rs[nrs].keys = cur;
            finish(&rs[nrs], d, nd);
            nrs++;
            cur = NULL;
            nd = 0;
        }
        if (rc == SQLITE_DONE)
            break;
        if (!cur) {
            cur = calloc((size_t)sp->nkeys + 1, sizeof *cur);
            if (!cur)
                abort();
            for (int i = 0; i < sp->nkeys; i++)
                cur[i] = dup_col(st, i);
        }
        if (nd == capd) {
            capd = capd ? 2 * capd : 1024;
            d = realloc(d, (size_t)capd * sizeof *d);
            if (!d)
                abort();
        }
        d[nd++] = sqlite3_column_int64(st, sp->nkeys);
    }
    for (int64_t i = 0; i < nrs; i++) {
        *calls += rs[i].n;
        *total_ns += rs[i].total;
    }
    *rows = nrs;
    if (nrs > 1)
        qsort(rs, (size_t)nrs, sizeof *rs, by_total_desc);
    json_arr_begin(out);
    int64_t keep = sp->limit > 0 && sp->limit < nrs ? sp->limit : nrs;
    for (int64_t i = 0; i < keep; i++) {
        cs_row *r = &rs[i];
        json_obj_begin(out);
        for (int k = 0; k < sp->nkeys; k++) {
            json_key(out, sp->keys[k]);
            if (!r->keys[k])
                json_null_value(out);
            else if (sp->key_is_int && sp->key_is_int[k])
                json_int(out, strtoll(r->keys[k], NULL, 10));
            else
                json_str(out, r->keys[k]);
        }
        json_kv_int(out, "count", r->n);
        json_kv_int(out, "total_ns", r->total);
        json_kv_int(out, "mean_ns", r->mean);
        json_kv_int(out, "median_ns", r->median);
        json_kv_int(out, "p90_ns", r->p90);
        json_kv_int(out, "max_ns", r->max);
        if (sp->pct_field) {
            if (sp->denom_ns > 0)
                json_kv_double(out, sp->pct_field, 100.0 * (double)r->total / (double)sp->denom_ns);
            else
                json_kv_null(out, sp->pct_field);
        }
        if (sp->extra)
            sp->extra(out, (const char *const *)r->keys, sp->arg);
        json_obj_end(out);
    }
    json_arr_end(out);
    ret = 0;
done:
    for (int64_t i = 0; i < nrs; i++) {
        for (int k = 0; k < sp->nkeys; k++)
            free(rs[i].keys[k]);
        free(rs[i].keys);
    }
    if (cur) {
        for (int k = 0; k < sp->nkeys; k++)
            free(cur[k]);
        free(cur);
    }
    free(rs);
    free(d);
    return ret;
}
