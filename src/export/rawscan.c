/* rawscan: integer columns of a rowid table read from the file's pages (see
 * rawscan.h). The format, from https://sqlite.org/fileformat2.html:
 *  - the file header (100 bytes, on page 1): page size at 16 (1 = 65536),
 *    write/read versions at 18/19 (1 = rollback journal, 2 = WAL), reserved
 *    bytes per page at 20, the page count at 28 (valid when the change
 *    counter at 24 equals the one at 92);
 *  - a table b-tree page: a header (type 5 interior, 13 leaf; cell count at
 *    3; an interior page's right child at 8) then the cell pointer array;
 *    an interior cell is a 4-byte child page and a varint key (the largest
 *    rowid of that child), a leaf cell is varint payload size, varint rowid,
 *    the payload (its first `local` bytes here, the rest on overflow pages);
 *  - a record: varint header size, one varint serial type per column, then
 *    the values (0 NULL, 1-6 big-endian integers of 1,2,3,4,6,8 bytes, 7 a
 *    float, 8 and 9 the constants 0 and 1, >= 12 blobs and texts).
 * Every offset read from the file is checked against the page before use;
 * what fails a check is a fallback (a record) or damage (the tree), never a
 * crash. */
#include "nsysql/export/rawscan.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nsysql/util/strbuf.h"

#define MAX_DEPTH 20 /* SQLite's own limit on a b-tree's depth */

typedef struct rcol {
    int pos;       /* record index, NSQ_RAW_ROWID or NSQ_RAW_NULL */
    int dflt_null; /* a record too short for pos reads NULL (else: fall back) */
    int hash;      /* "#name": the text's hash */
} rcol;

struct nsq_rawplan {
    int fd;
    uint32_t psz, usable;
    uint32_t max_local, min_local; /* table leaf payload on the page */
    int64_t npages;
    uint32_t root;
    int ncols, maxpos; /* maxpos: the largest record index read (-1: none) */
    int utf8;          /* the file's texts are UTF-8 (what SQLite hands out) */
    int hlen;          /* record-header bytes a header cache slot is hashed on (0: no cache) */
    rcol col[NSQ_RAW_MAX_COLS];
};

/* A decoded record header, kept for the next records that have the same
 * one (a table's rows mostly share a few: the same columns of the same
 * widths). The key is what decoding the header reads: the payload size,
 * the header size (and the length of its varint) and the header bytes up
 * to the last column read; equal keys decode alike, so a record that
 * matches one is read with the slot's program: for each column the offset
 * of its value and how to read it. Only records that decode (no fallback)
 * are kept, and never for plans with "#col" (text hash) columns. */
#define HC_SLOTS 64
#define HC_KEY 64 /* header bytes at most in a key (more: not kept) */

typedef struct hslot {
    uint64_t size, hsize;
    uint32_t klen; /* header bytes in key (0: the slot is empty) */
    uint32_t hk;   /* the length of the header size's varint */
    uint8_t key[HC_KEY + 8];
    unsigned nulls, rowids;          /* constant NULL columns; columns that are the rowid */
    uint16_t off[NSQ_RAW_MAX_COLS];  /* the value's offset in the record */
    uint8_t shift[NSQ_RAW_MAX_COLS]; /* big-endian 8 bytes there, shifted right (sign kept) */
    uint8_t isval[NSQ_RAW_MAX_COLS]; /* 0: the constant cval instead */
    uint8_t cval[NSQ_RAW_MAX_COLS];
} hslot;

struct nsq_rawcur {
    const nsq_rawplan *p;
    uint8_t *page[MAX_DEPTH];
    int64_t budget; /* pages a read may still visit (a loop in a damaged file) */
    int64_t last;   /* the last rowid seen */
    int seen;
    int64_t lo, hi;
    int64_t beyond; /* the first rowid >= hi seen (has_beyond) */
    int has_beyond;
    int64_t bmin, bmax; /* the table's rowids (bounded) */
    int bounded;
    int fallback;        /* a record the reader does not decode: from there on only
                            the tree is checked */
    int64_t fallback_at; /* its rowid */
    nsq_raw_row row;
    void *ctx;
    hslot *hc;       /* the header cache (plans with hlen), made on first use */
    const char *why; /* NSQ_RAW_CORRUPT: what, and where */
    uint32_t why_page;
};

/* The tree is damaged: say what and where. */
static int damage(nsq_rawcur *c, uint32_t pgno, const char *why)
{
    c->why = why;
    c->why_page = pgno;
    return NSQ_RAW_CORRUPT;
}

static uint32_t be16(const uint8_t *b)
{
    return (uint32_t)b[0] << 8 | b[1];
}

static uint32_t be32(const uint8_t *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* A varint at p, not reading at or past end: its length, or 0. */
static inline int varint(const uint8_t *p, const uint8_t *end, uint64_t *v)
{
    if (p < end && !(p[0] & 0x80)) {
        *v = p[0];
        return 1;
    }
    uint64_t x = 0;
    for (int i = 0; i < 8; i++) {
        if (p + i >= end)
            return 0;
        x = x << 7 | (p[i] & 0x7f);
        if (!(p[i] & 0x80)) {
            *v = x;
            return i + 1;
        }
    }
    if (p + 8 >= end)
        return 0;
    *v = x << 8 | p[8];
    return 9;
}

static void plan_free_fd(nsq_rawplan *p)
{
    if (p->fd >= 0)
        close(p->fd);
    free(p);
}

/* The file header: 0, or -1 when the reader does not handle the file. */
static int read_header(nsq_rawplan *p, const char *path)
{
    uint8_t h[100];
    struct stat st;
    p->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (p->fd < 0 || fstat(p->fd, &st) || pread(p->fd, h, sizeof h, 0) != (ssize_t)sizeof h)
        return -1;
    if (memcmp(h, "SQLite format 3", 16))
        return -1;
    uint32_t psz = be16(h + 16);
    if (psz == 1)
        psz = 65536;
    if (psz < 512 || psz > 65536 || (psz & (psz - 1)))
        return -1;
    /* WAL mode: pages may live in the -wal file; leave it to SQLite */
    if (h[18] != 1 || h[19] != 1)
        return -1;
    uint32_t usable = psz - h[20];
    if (usable < 480)
        return -1;
    p->utf8 = be32(h + 56) == 1;
    int64_t in_file = (int64_t)st.st_size / psz;
    int64_t in_header = be32(h + 28);
    /* SQLite trusts the header's count when its change counter is current */
    int64_t n = in_header && !memcmp(h + 24, h + 92, 4) ? in_header : in_file;
    p->psz = psz;
    p->usable = usable;
    p->npages = n < in_file ? n : in_file;
    p->max_local = usable - 35;
    p->min_local = (usable - 12) * 32 / 255 - 23;
    return 0;
}

/* The table's root page and column positions (on x->db): 0 or -1. */
static int read_schema(nsq_rawplan *p, nsq_export *x, const char *table, const char *const *names,
                       int n)
{
    sqlite3_stmt *st = NULL;
    int ret = -1, rc;
    int64_t root = 0;
    if (sqlite3_prepare_v2(
            x->db, "SELECT rootpage FROM main.sqlite_master WHERE type = 'table' AND name = ?1", -1,
            &st, NULL) != SQLITE_OK)
        goto done;
    sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_ROW || sqlite3_column_type(st, 0) != SQLITE_INTEGER)
        goto done;
    root = sqlite3_column_int64(st, 0);
    if (root < 1 || root > p->npages)
        goto done; /* 0: a virtual table */
    p->root = (uint32_t)root;
    sqlite3_finalize(st);
    st = NULL;
    const char *bare[NSQ_RAW_MAX_COLS];
    for (int i = 0; i < n; i++) {
        p->col[i].hash = names[i] && names[i][0] == '#';
        bare[i] = names[i] && p->col[i].hash ? names[i] + 1 : names[i];
        p->col[i].pos = names[i] ? -3 : NSQ_RAW_NULL;
        if (p->col[i].hash && !p->utf8)
            goto done;
    }
    names = bare;
    for (int i = 0; i < n; i++)
        if (names[i] && !strcasecmp(names[i], "rowid") && !p->col[i].hash)
            p->col[i].pos = NSQ_RAW_ROWID;
    if (sqlite3_prepare_v2(x->db,
                           "SELECT cid, name, pk, hidden, dflt_value IS NULL "
                           "FROM pragma_table_xinfo(?1, 'main')",
                           -1, &st, NULL) != SQLITE_OK)
        goto done;
    sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int cid = sqlite3_column_int(st, 0);
        const char *name = (const char *)sqlite3_column_text(st, 1);
        /* a generated column is not in the record: positions would shift */
        if (sqlite3_column_int(st, 3) != 0 || !name)
            goto done;
        for (int i = 0; i < n; i++) {
            if (p->col[i].pos != -3 || strcasecmp(names[i], name))
                continue;
            /* a primary key column may be the rowid's alias (NULL in the record) */
            if (sqlite3_column_int(st, 2) != 0)
                goto done;
            p->col[i].pos = cid;
            p->col[i].dflt_null = sqlite3_column_int(st, 4);
            if (cid > p->maxpos)
                p->maxpos = cid;
        }
    }
    if (rc != SQLITE_DONE)
        goto done;
    for (int i = 0; i < n; i++)
        if (p->col[i].pos == -3)
            goto done; /* not a column of the table */
    ret = 0;
done:
    sqlite3_finalize(st);
    return ret;
}

nsq_rawplan *nsq_rawplan_new(nsq_export *x, const char *table, const char *const *names, int n)
{
    if (n < 1 || n > NSQ_RAW_MAX_COLS || !x->sqlite_path)
        return NULL;
    nsq_rawplan *p = xcalloc(1, sizeof *p);
    p->fd = -1;
    p->ncols = n;
    p->maxpos = -1;
    if (read_header(p, x->sqlite_path) || read_schema(p, x, table, names, n)) {
        plan_free_fd(p);
        return NULL;
    }
    /* the header cache: every column read decodes the same way for the
     * same header, except a text's hash (its bytes are read) */
    p->hlen = p->maxpos >= 0 ? (p->maxpos + 1 < 32 ? p->maxpos + 1 : 32) : 0;
    for (int i = 0; i < n; i++)
        if (p->col[i].hash)
            p->hlen = 0;
    return p;
}

void nsq_rawplan_free(nsq_rawplan *p)
{
    if (p)
        plan_free_fd(p);
}

nsq_rawcur *nsq_rawcur_new(const nsq_rawplan *p)
{
    nsq_rawcur *c = xcalloc(1, sizeof *c);
    c->p = p;
    return c;
}

void nsq_rawcur_free(nsq_rawcur *c)
{
    if (!c)
        return;
    for (int i = 0; i < MAX_DEPTH; i++)
        free(c->page[i]);
    free(c->hc);
    free(c);
}

static const uint8_t *load(nsq_rawcur *c, uint32_t pg, int depth)
{
    const nsq_rawplan *p = c->p;
    if (pg < 1 || pg > p->npages || c->budget-- <= 0)
        return NULL;
    if (!c->page[depth])
        c->page[depth] = xcalloc(1, p->psz + 8); /* 8 more: the header cache's
                                                     8-byte reads past a value */
    if (pread(p->fd, c->page[depth], p->psz, (off_t)(pg - 1) * p->psz) != (ssize_t)p->psz)
        return NULL;
    return c->page[depth];
}

/* Serial type t's value at b (t in 0..9, not 7): NULL reads 0. */
static inline int64_t int_value(const uint8_t *b, uint64_t t)
{
    switch (t) {
    case 1:
        return (int8_t)b[0];
    case 2:
        return (int16_t)(uint16_t)(b[0] << 8 | b[1]);
    case 3:
        return (int32_t)((uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8) >> 8;
    case 4:
        return (int32_t)be32(b);
    case 5:
        return (int64_t)((uint64_t)(int16_t)(uint16_t)(b[0] << 8 | b[1]) << 32) | be32(b + 2);
    case 6:
        return (int64_t)((uint64_t)be32(b) << 32 | be32(b + 4));
    case 9:
        return 1;
    default: /* 0 NULL, 8 the constant 0 */
        return 0;
    }
}

static const uint8_t type_len[12] = {0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0};

static int leaf_record(nsq_rawcur *c, const uint8_t *q, const uint8_t *end, uint64_t size,
                       int64_t rowid);

/* One leaf cell at off: 0, NSQ_RAW_CORRUPT, or what row returned (a
 * record not decoded here sets c->fallback and returns 0). */
static int leaf_cell(nsq_rawcur *c, const uint8_t *pg, uint32_t pgno, uint32_t off, int64_t a,
                     int has_a, int64_t b)
{
    const nsq_rawplan *p = c->p;
    const uint8_t *end = pg + p->usable, *q = pg + off;
    uint64_t size, urowid;
    int k;
    if (off >= p->usable || !(k = varint(q, end, &size)))
        return damage(c, pgno, "a leaf cell pointer or payload size outside the page");
    q += k;
    if (!(k = varint(q, end, &urowid)))
        return damage(c, pgno, "a leaf cell's rowid runs past the page");
    q += k;
    int64_t rowid = (int64_t)urowid;
    /* the rowids of a subtree lie in (a, b], and ascend */
    if ((has_a && rowid <= a) || rowid > b)
        return damage(c, pgno, "a rowid outside the key range its parent page gives it");
    if (c->seen && rowid <= c->last)
        return damage(c, pgno, "rowids out of order");
    if (c->bounded && (rowid < c->bmin || rowid > c->bmax))
        return damage(c, pgno, "a rowid beyond the table's first or last rowid");
    c->last = rowid;
    c->seen = 1;
    if (rowid >= c->hi && !c->has_beyond) {
        c->beyond = rowid;
        c->has_beyond = 1;
    }
    if (rowid < c->lo || rowid >= c->hi || c->fallback || !c->row)
        return 0;
    int rc = leaf_record(c, q, end, size, rowid);
    if (rc == NSQ_RAW_FALLBACK) {
        c->fallback = 1; /* SQLite reads the range; the tree is still checked */
        c->fallback_at = rowid;
        return 0;
    }
    return rc;
}

/* The serial types and value offsets of a record's header (at rec, hsize
 * bytes, the first hk of them its size) up to the last column read:
 * *have of them, and in *klen the header bytes read after the size.
 * 0, or NSQ_RAW_FALLBACK. */
static int parse_header(const nsq_rawplan *p, const uint8_t *rec, uint64_t hsize, int hk,
                        uint64_t size, uint64_t *types, uint64_t *offs, int *have_out,
                        uint32_t *klen)
{
    const uint8_t *h = rec + hk, *hend = rec + hsize;
    int maxpos = p->maxpos, have = 0, k;
    uint64_t body = hsize;
    if (maxpos >= 64)
        return NSQ_RAW_FALLBACK;
    /* serial types and offsets up to the last column read */
    while (have <= maxpos && h < hend) {
        uint64_t t = *h, len;
        if (t < 12) { /* the usual case: one byte, a fixed length */
            h++;
            len = type_len[t];
            if (t == 10 || t == 11)
                return NSQ_RAW_FALLBACK;
        } else {
            if (!(k = varint(h, hend, &t)))
                return NSQ_RAW_FALLBACK;
            h += k;
            len = (t - 12) / 2;
        }
        types[have] = t;
        offs[have] = body;
        body += len;
        if (len > size || body > size)
            return NSQ_RAW_FALLBACK; /* values past the payload: damaged */
        have++;
    }
    /* SQLite's own check once the whole header is read: the values fill the
     * payload exactly */
    if (h >= hend && body != size)
        return NSQ_RAW_FALLBACK;
    *have_out = have;
    *klen = (uint32_t)(h - (rec + hk));
    return 0;
}

/* The program of a header cache slot from a parsed header (no "#col"
 * column): 0, or NSQ_RAW_FALLBACK when a column read is not decoded here. */
static int slot_build(const nsq_rawplan *p, hslot *sl, const uint64_t *types, const uint64_t *offs,
                      int have, uint64_t local)
{
    sl->nulls = sl->rowids = 0;
    for (int i = 0; i < p->ncols; i++) {
        int pos = p->col[i].pos;
        sl->off[i] = 0;
        sl->shift[i] = 0;
        sl->isval[i] = 0;
        sl->cval[i] = 0;
        if (pos == NSQ_RAW_ROWID) {
            sl->rowids |= 1u << i;
            continue;
        }
        if (pos == NSQ_RAW_NULL || pos >= have) {
            /* an absent column, or a record written before the column was
             * added (it reads the column's default) */
            if (pos >= have && !p->col[i].dflt_null)
                return NSQ_RAW_FALLBACK;
            sl->nulls |= 1u << i;
            continue;
        }
        uint64_t t = types[pos];
        if (t == 7 || t >= 12)
            return NSQ_RAW_FALLBACK; /* a float, text or blob: SQLite converts it */
        if (offs[pos] + type_len[t] > local)
            return NSQ_RAW_FALLBACK; /* on an overflow page, or past the record */
        if (!t)
            sl->nulls |= 1u << i; /* NULL reads 0 */
        else if (t == 9)
            sl->cval[i] = 1; /* 8: the constant 0 */
        else if (t < 8) {
            sl->isval[i] = 1;
            sl->off[i] = (uint16_t)offs[pos];
            sl->shift[i] = (uint8_t)(64 - 8 * type_len[t]);
        }
    }
    return 0;
}

/* 8 bytes at b, big-endian (the page buffers have 8 bytes to spare). */
static inline uint64_t be64(const uint8_t *b)
{
    return (uint64_t)b[0] << 56 | (uint64_t)b[1] << 48 | (uint64_t)b[2] << 40 |
           (uint64_t)b[3] << 32 | (uint64_t)b[4] << 24 | (uint64_t)b[5] << 16 |
           (uint64_t)b[6] << 8 | b[7];
}

/* The record at rec read with a slot's program, handed to row. */
static inline int slot_row(nsq_rawcur *c, const hslot *sl, const uint8_t *rec, int64_t rowid)
{
    int64_t v[NSQ_RAW_MAX_COLS];
    int n = c->p->ncols;
    for (int i = 0; i < n; i++) {
        /* a value of 1..8 bytes: the top bytes of the 8 read, sign kept */
        int64_t x = (int64_t)be64(rec + sl->off[i]) >> sl->shift[i];
        v[i] = sl->isval[i] ? x : sl->cval[i];
    }
    for (unsigned m = sl->rowids; m; m &= m - 1)
        v[__builtin_ctz(m)] = rowid;
    return c->row(c->ctx, rowid, v, sl->nulls);
}

/* The first m (1..8) bytes at b as the low bytes of a word (b has 8
 * readable bytes). */
static inline uint64_t low_bytes(const uint8_t *b, int m)
{
    uint64_t w;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&w, b, 8);
    if (m < 8)
        w &= ((uint64_t)1 << (8 * m)) - 1;
#else
    w = 0;
    for (int j = 0; j < m; j++)
        w |= (uint64_t)b[j] << (8 * j);
#endif
    return w;
}

/* The slot of a header: a hash of its first n (<= 32) bytes and its sizes. */
static inline unsigned slot_of(const uint8_t *h, int n, uint64_t size, uint64_t hsize)
{
    uint64_t x = size * 0x9e3779b97f4a7c15ULL ^ hsize;
    for (int i = 0; i < n; i += 8) {
        x = (x ^ low_bytes(h + i, n - i < 8 ? n - i : 8)) * 0xff51afd7ed558ccdULL;
        x ^= x >> 32;
    }
    return (unsigned)(x * 0x9e3779b97f4a7c15ULL >> 58) & (HC_SLOTS - 1);
}

/* Whether n bytes at a and b are equal (both with 8 readable bytes past
 * the n, rounded up to 8). */
static inline int same_bytes(const uint8_t *a, const uint8_t *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i += 8) {
        int m = n - i < 8 ? (int)(n - i) : 8;
        if (low_bytes(a + i, m) != low_bytes(b + i, m))
            return 0;
    }
    return 1;
}

/* The record of a leaf cell (its payload at q, size bytes in all): what
 * row returned, or NSQ_RAW_FALLBACK. */
static int leaf_record(nsq_rawcur *c, const uint8_t *q, const uint8_t *end, uint64_t size,
                       int64_t rowid)
{
    const nsq_rawplan *p = c->p;
    int k;
    uint64_t local = size;
    if (size > p->max_local) {
        uint64_t m = p->min_local, kk = m + (size - m) % (p->usable - 4);
        local = kk <= p->max_local ? kk : m;
    }
    if (local > (uint64_t)(end - q))
        return NSQ_RAW_FALLBACK;
    const uint8_t *rec = q, *rend = q + local;
    uint64_t hsize;
    if (!(k = varint(rec, rend, &hsize)) || hsize > local || hsize < (uint64_t)k)
        return NSQ_RAW_FALLBACK;
    uint64_t types[64], offs[64];
    int have = 0;
    uint32_t klen = 0;
    if (p->hlen) {
        /* a header seen before: its program */
        const uint8_t *h = rec + k;
        int hn = (uint64_t)p->hlen < hsize - (uint64_t)k ? p->hlen : (int)(hsize - (uint64_t)k);
        unsigned at = slot_of(h, hn, size, hsize);
        if (!c->hc)
            c->hc = xcalloc(HC_SLOTS, sizeof *c->hc);
        hslot *sl = &c->hc[at];
        if (sl->klen && sl->size == size && sl->hsize == hsize && sl->hk == (uint32_t)k &&
            same_bytes(h, sl->key, sl->klen - 1))
            return slot_row(c, sl, rec, rowid);
        if (parse_header(p, rec, hsize, k, size, types, offs, &have, &klen))
            return NSQ_RAW_FALLBACK;
        hslot tmp;
        hslot *to = klen < HC_KEY ? sl : &tmp;
        to->klen = 0;
        if (slot_build(p, to, types, offs, have, local))
            return NSQ_RAW_FALLBACK;
        if (to == sl) {
            memcpy(sl->key, h, klen);
            sl->klen = klen + 1; /* 0: empty */
            sl->size = size;
            sl->hsize = hsize;
            sl->hk = (uint32_t)k;
        }
        return slot_row(c, to, rec, rowid);
    }
    if (parse_header(p, rec, hsize, k, size, types, offs, &have, &klen))
        return NSQ_RAW_FALLBACK;
    int64_t v[NSQ_RAW_MAX_COLS];
    unsigned nulls = 0;
    for (int i = 0; i < p->ncols; i++) {
        int pos = p->col[i].pos;
        if (pos == NSQ_RAW_ROWID) {
            v[i] = rowid;
            continue;
        }
        if (pos == NSQ_RAW_NULL || pos >= have) {
            /* an absent column, or a record written before the column was
             * added (it reads the column's default) */
            if (pos >= have && !p->col[i].dflt_null)
                return NSQ_RAW_FALLBACK;
            v[i] = 0;
            nulls |= 1u << i;
            continue;
        }
        uint64_t t = types[pos];
        if (p->col[i].hash) {
            if (!t) {
                v[i] = 0;
                nulls |= 1u << i;
                continue;
            }
            uint64_t len = (t - 13) / 2;
            /* a text (odd type >= 13) on this page, without a NUL */
            if (t < 13 || !(t & 1) || offs[pos] + len > local || memchr(rec + offs[pos], 0, len))
                return NSQ_RAW_FALLBACK;
            v[i] = (int64_t)nsq_text_hash(rec + offs[pos], len);
            continue;
        }
        if (t == 7 || t >= 12)
            return NSQ_RAW_FALLBACK; /* a float, text or blob: SQLite converts it */
        if (offs[pos] + type_len[t] > local)
            return NSQ_RAW_FALLBACK; /* on an overflow page, or past the record */
        v[i] = int_value(rec + offs[pos], t);
        if (!t)
            nulls |= 1u << i;
    }
    return c->row(c->ctx, rowid, v, nulls);
}

/* The subtree at page pg, whose rowids lie in (a, b] (no lower bound
 * without has_a). */
static int walk(nsq_rawcur *c, uint32_t pgno, int depth, int64_t a, int has_a, int64_t b)
{
    const nsq_rawplan *p = c->p;
    if (depth >= MAX_DEPTH)
        return damage(c, pgno, "a b-tree deeper than SQLite allows (a loop)");
    if (c->budget <= 0)
        return damage(c, pgno, "more pages visited than the file has (a loop)");
    const uint8_t *pg = load(c, pgno, depth);
    if (!pg)
        return damage(c, pgno, "a child page number beyond the file");
    uint32_t hdr = pgno == 1 ? 100 : 0;
    const uint8_t *h = pg + hdr;
    int leaf = h[0] == 13;
    if (!leaf && h[0] != 5)
        return damage(c, pgno, "a page of the table that is not a table b-tree page");
    uint32_t ncells = be16(h + 3), hsz = leaf ? 8 : 12;
    /* what SQLite checks of a page it descends to: at most (page size - 8) / 6
     * cells, and no page but a root leaf (an empty table) without cells */
    if (hdr + hsz + 2 * ncells > p->usable || ncells > (p->psz - 8) / 6 ||
        (!ncells && (depth || !leaf)))
        return damage(c, pgno, "a cell count the page cannot hold (or none on an inner page)");
    const uint8_t *ptr = h + hsz;
    if (leaf) {
        /* every cell, those past the range too (their rowids only): damage
         * after the range's last row would be seen by no other read, the
         * next one starting on the next page */
        for (uint32_t i = 0; i < ncells; i++) {
            int rc = leaf_cell(c, pg, pgno, be16(ptr + 2 * i), a, has_a, b);
            if (rc)
                return rc;
        }
        return 0;
    }
    /* child i holds (key[i-1], key[i]]; the right child (key[last], b] */
    int64_t prev = a;
    int has_prev = has_a;
    for (uint32_t i = 0; i <= ncells; i++) {
        uint32_t child;
        int64_t key = b;
        if (i < ncells) {
            uint32_t off = be16(ptr + 2 * i);
            uint64_t ukey;
            if (off + 4 >= p->usable || !varint(pg + off + 4, pg + p->usable, &ukey))
                return damage(c, pgno, "an interior cell outside the page");
            child = be32(pg + off);
            key = (int64_t)ukey;
            if ((has_prev && key <= prev) || key > b)
                return damage(c, pgno, "interior keys out of order");
        } else {
            child = be32(h + 8);
        }
        /* a child holding rowids >= hi only is another read's; its key is
         * still checked here, as every key of a page this read visits */
        if (key >= c->lo && !(has_prev && prev >= c->hi - 1)) {
            int rc = walk(c, child, depth + 1, prev, has_prev, key);
            if (rc)
                return rc;
            /* the page buffer of this depth is still this page's */
        }
        prev = key;
        has_prev = 1;
    }
    return 0;
}

void nsq_rawcur_bound(nsq_rawcur *c, int64_t min, int64_t max)
{
    c->bmin = min;
    c->bmax = max;
    c->bounded = 1;
}

int nsq_raw_read(nsq_rawcur *c, int64_t lo, int64_t hi, nsq_raw_row row, void *ctx)
{
    if (hi <= lo)
        return 0;
    c->budget = c->p->npages;
    c->seen = 0;
    c->has_beyond = 0;
    c->fallback = 0;
    c->why = NULL;
    c->lo = lo;
    c->hi = hi;
    c->row = row;
    c->ctx = ctx;
    int rc = walk(c, c->p->root, 0, 0, 0, INT64_MAX);
    return rc ? rc : c->fallback ? NSQ_RAW_FALLBACK : 0;
}

const char *nsq_raw_damage(const nsq_rawcur *c, uint32_t *page)
{
    if (page)
        *page = c->why_page;
    return c->why ? c->why : "";
}

int nsq_raw_beyond(const nsq_rawcur *c, int64_t *rowid)
{
    if (c->has_beyond)
        *rowid = c->beyond;
    return c->has_beyond;
}

int64_t nsq_raw_fallback_at(const nsq_rawcur *c)
{
    return c->fallback_at;
}
