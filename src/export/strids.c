/* strids: see strids.h. */
#include "nsysql/export/strids.h"

#include <stdlib.h>
#include <string.h>

#include "nsysql/util/strbuf.h"

/* Point queries before the first look at the table's id range, and the
 * share of the range they must reach before the table is read whole. */
#define STRIDS_FIRST_CHECK 4096
#define STRIDS_RANGE_SHARE 64
/* A range wider than this is never read into an array (8 bytes an id). */
#define STRIDS_MAX_RANGE ((int64_t)1 << 26)

void nsq_strids_init(nsq_strids *s, sqlite3 *db)
{
    memset(s, 0, sizeof *s);
    s->db = db;
    s->next_check = STRIDS_FIRST_CHECK;
}

static void drop_bulk(nsq_strids *s)
{
    free(s->off);
    free(s->buf);
    s->off = NULL;
    s->buf = NULL;
    s->n = s->lo = 0;
    s->len = s->cap = 0;
    s->bulk = 0;
}

/* Reads the whole table into off/buf when the ids looked up so far make a
 * large enough share of its id range. Any failure or surprise (an id that
 * is not an integer) leaves s on point queries. */
static void maybe_bulk(nsq_strids *s)
{
    sqlite3_stmt *st = NULL;
    int64_t lo = 0, hi = -1;
    s->next_check = s->lookups * 2;
    if (sqlite3_prepare_v2(s->db, "SELECT min(id), max(id) FROM main.StringIds", -1, &st, NULL) !=
        SQLITE_OK)
        goto fail;
    if (sqlite3_step(st) != SQLITE_ROW || sqlite3_column_type(st, 0) != SQLITE_INTEGER ||
        sqlite3_column_type(st, 1) != SQLITE_INTEGER)
        goto fail;
    lo = sqlite3_column_int64(st, 0);
    hi = sqlite3_column_int64(st, 1);
    sqlite3_finalize(st);
    st = NULL;
    if (hi < lo || hi - lo >= STRIDS_MAX_RANGE || s->lookups * STRIDS_RANGE_SHARE < hi - lo + 1)
        return;
    s->lo = lo;
    s->n = hi - lo + 1;
    s->off = xmalloc(sizeof(*s->off) * (size_t)s->n);
    for (int64_t i = 0; i < s->n; i++)
        s->off[i] = -1;
    if (sqlite3_prepare_v2(s->db, "SELECT id, value FROM main.StringIds", -1, &st, NULL) !=
        SQLITE_OK)
        goto fail;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (sqlite3_column_type(st, 0) != SQLITE_INTEGER)
            goto fail;
        int64_t i = sqlite3_column_int64(st, 0) - lo;
        if (i < 0 || i >= s->n)
            goto fail;
        if (s->off[i] != -1)
            continue; /* the first row of an id wins, as the point query's */
        const char *v = sqlite3_column_type(st, 1) == SQLITE_NULL
                            ? NULL
                            : (const char *)sqlite3_column_text(st, 1);
        if (!v) {
            s->off[i] = -2; /* a NULL value: absent, and taken */
            continue;
        }
        size_t l = strlen(v);
        if (s->len + l + 1 > s->cap) {
            s->cap = (s->len + l + 1) * 2;
            s->buf = xrealloc(s->buf, s->cap);
        }
        memcpy(s->buf + s->len, v, l + 1);
        s->off[i] = (int64_t)s->len;
        s->len += l + 1;
    }
    if (rc != SQLITE_DONE)
        goto fail;
    sqlite3_finalize(st);
    s->bulk = 1;
    return;
fail:
    sqlite3_finalize(st);
    drop_bulk(s);
    s->next_check = INT64_MAX; /* point queries from now on */
}

int nsq_strids_get(nsq_strids *s, int64_t id, const char **val)
{
    *val = NULL;
    if (!s->bulk && s->lookups >= s->next_check)
        maybe_bulk(s);
    if (s->bulk) {
        if (id < s->lo || id - s->lo >= s->n || s->off[id - s->lo] < 0)
            return 0;
        *val = s->buf + s->off[id - s->lo];
        return 1;
    }
    if (!s->st) {
        int rc = sqlite3_prepare_v2(s->db, "SELECT value FROM main.StringIds WHERE id = ?1", -1,
                                    &s->st, NULL);
        if (rc != SQLITE_OK) {
            s->prepare_failed = 1;
            s->rc = rc;
            return -1;
        }
    }
    s->prepare_failed = 0;
    s->lookups++;
    sqlite3_reset(s->st);
    sqlite3_bind_int64(s->st, 1, id);
    int rc = sqlite3_step(s->st);
    if (rc == SQLITE_ROW) {
        const char *v = (const char *)sqlite3_column_text(s->st, 0);
        if (v) {
            size_t l = strlen(v);
            if (l + 1 > s->cap) {
                s->cap = l + 1;
                s->buf = xrealloc(s->buf, s->cap);
            }
            memcpy(s->buf, v, l + 1);
            *val = s->buf;
        }
        sqlite3_reset(s->st);
        return *val ? 1 : 0;
    }
    sqlite3_reset(s->st);
    if (rc == SQLITE_DONE)
        return 0;
    s->rc = rc;
    return -1;
}

void nsq_strids_release(nsq_strids *s)
{
    sqlite3_finalize(s->st);
    drop_bulk(s);
    memset(s, 0, sizeof *s);
}
