/* kstate: the "kernels" array of a top-kernels partial's state (kstate.h). */
#include "kstate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/util/grow.h"

nsq_i128 kstate_i128(const char *s)
{
    nsq_i128 v = 0;
    bool neg = s && *s == '-';
    for (s += neg; s && *s >= '0' && *s <= '9'; s++)
        v = v * 10 + (*s - '0');
    return neg ? -v : v;
}

/* ---- without jansson ------------------------------------------------------------------- */

typedef struct rd {
    const char *s;
    size_t i, n;
} rd;

static void rd_ws(rd *r)
{
    while (r->i < r->n &&
           (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' || r->s[r->i] == '\r'))
        r->i++;
}

static bool rd_ch(rd *r, char c)
{
    rd_ws(r);
    if (r->i < r->n && r->s[r->i] == c) {
        r->i++;
        return true;
    }
    return false;
}

static bool rd_int(rd *r, int64_t *v)
{
    rd_ws(r);
    bool neg = r->i < r->n && r->s[r->i] == '-';
    size_t b = r->i + neg, i = b;
    unsigned __int128 u = 0;
    while (i < r->n && r->s[i] >= '0' && r->s[i] <= '9') {
        u = u * 10 + (unsigned)(r->s[i] - '0');
        if (u > (unsigned __int128)INT64_MAX + 1)
            return false;
        i++;
    }
    if (i == b || (r->s[b] == '0' && i > b + 1))
        return false;
    if (i < r->n && (r->s[i] == '.' || r->s[i] == 'e' || r->s[i] == 'E'))
        return false; /* a real: jansson's integer value of it is 0 */
    if (!neg && u > (unsigned __int128)INT64_MAX)
        return false;
    *v = neg ? (int64_t)(0 - (uint64_t)u) : (int64_t)u;
    r->i = i;
    return true;
}

/* A string without escapes, control or non-ASCII bytes: [*b, *b + *l). */
static bool rd_str(rd *r, const char **b, size_t *l)
{
    if (!rd_ch(r, '"'))
        return false;
    size_t i = r->i;
    while (i < r->n && r->s[i] != '"') {
        unsigned char c = (unsigned char)r->s[i];
        if (c == '\\' || c < 0x20 || c >= 0x80)
            return false;
        i++;
    }
    if (i == r->n)
        return false;
    *b = r->s + r->i;
    *l = i - r->i;
    r->i = i + 1;
    return true;
}

static bool rd_null(rd *r)
{
    rd_ws(r);
    if (r->n - r->i >= 4 && !memcmp(r->s + r->i, "null", 4)) {
        r->i += 4;
        return true;
    }
    return false;
}

static bool key_is(const char *b, size_t l, const char *k)
{
    return strlen(k) == l && !memcmp(b, k, l);
}

void kstates_release(kstates *p)
{
    free(p->ks);
    free(p->bi);
    free(p->bc);
    sb_release(&p->names);
    memset(p, 0, sizeof *p);
}

static void push_bucket(kstates *p, size_t *capi, size_t *capc, int i, int64_t c)
{
    size_t k = p->ks[p->nks].b0 + p->ks[p->nks].nb;
    NSQ_GROW(p->bi, k + 1, *capi);
    NSQ_GROW(p->bc, k + 1, *capc);
    p->bi[k] = i;
    p->bc[k] = c;
    p->ks[p->nks].nb++;
}

/* Reads the array at r into p->ks, leaving r after it. */
static bool kstate_read(kstates *p, rd *rp)
{
    rd r = *rp;
    size_t cap = 0, capi = 0, capc = 0, nbk = 0;
    p->names = (strbuf)STRBUF_INIT;
    if (!rd_ch(&r, '['))
        goto bad;
    if (rd_ch(&r, ']'))
        goto end;
    do {
        NSQ_GROW(p->ks, p->nks + 1, cap);
        kstate *k = &p->ks[p->nks];
        memset(k, 0, sizeof *k);
        k->name_off = SIZE_MAX;
        k->b0 = nbk;
        unsigned seen = 0;
        if (!rd_ch(&r, '{'))
            goto bad;
        if (!rd_ch(&r, '}'))
            do {
                const char *kb, *vb;
                size_t kl, vl;
                int64_t v, dummy;
                if (!rd_str(&r, &kb, &kl) || !rd_ch(&r, ':'))
                    goto bad;
                static const char *const keys[] = {"device", "name",  "n",    "total_ns", "min_ns",
                                                   "max_ns", "sumsq", "zero", "buckets",  NULL};
                int w = 0;
                while (keys[w] && !key_is(kb, kl, keys[w]))
                    w++;
                if (!keys[w] || (seen & (1u << w)))
                    goto bad;
                seen |= 1u << w;
                switch (w) {
                case 0:
                    if (!rd_int(&r, &dummy))
                        goto bad;
                    break;
                case 1:
                    if (rd_null(&r))
                        break;
                    if (!rd_str(&r, &vb, &vl))
                        goto bad;
                    k->name_off = p->names.len;
                    sb_add(&p->names, vb, vl);
                    sb_addch(&p->names, 0);
                    break;
                case 6: {
                    if (!rd_str(&r, &vb, &vl) || vl > 45)
                        goto bad;
                    char t[48];
                    memcpy(t, vb, vl);
                    t[vl] = 0;
                    k->sumsq = kstate_i128(t);
                    break;
                }
                case 8:
                    if (!rd_ch(&r, '['))
                        goto bad;
                    if (!rd_ch(&r, ']')) {
                        int64_t prev = 0;
                        size_t m = 0;
                        do {
                            if (!rd_int(&r, &v))
                                goto bad;
                            if (m++ % 2)
                                push_bucket(p, &capi, &capc, (int)prev, v);
                            prev = v;
                        } while (rd_ch(&r, ','));
                        if (!rd_ch(&r, ']'))
                            goto bad;
                    }
                    break;
                default:
                    if (!rd_int(&r, &v))
                        goto bad;
                    if (w == 2)
                        k->n = v;
                    else if (w == 3)
                        k->total = v;
                    else if (w == 4)
                        k->min = v;
                    else if (w == 5)
                        k->max = v;
                    else
                        k->zero = v;
                }
            } while (rd_ch(&r, ','));
        if (!rd_ch(&r, '}'))
            goto bad;
        nbk += k->nb;
        p->nks++;
    } while (rd_ch(&r, ','));
    if (!rd_ch(&r, ']'))
        goto bad;
end:
    *rp = r;
    for (size_t i = 0; i < p->nks; i++)
        p->ks[i].name = p->ks[i].name_off == SIZE_MAX ? NULL : p->names.buf + p->ks[i].name_off;
    p->have = true;
    return true;
bad:
    kstates_release(p);
    return false;
}

/* The end of the JSON value at s[i] (any kind), or 0 when there is none. */
static size_t skip_value(const char *s, size_t len, size_t i)
{
    if (i >= len)
        return 0;
    size_t e = i;
    if (s[i] == '"') {
        for (e = i + 1; e < len && s[e] != '"'; e++)
            if (s[e] == '\\')
                e++;
        return e < len ? e + 1 : 0;
    }
    if (s[i] == '{' || s[i] == '[') {
        int depth = 0;
        bool str = false;
        for (; e < len; e++) {
            char ch = s[e];
            if (str) {
                if (ch == '\\')
                    e++;
                else if (ch == '"')
                    str = false;
            } else if (ch == '"')
                str = true;
            else if (ch == '{' || ch == '[')
                depth++;
            else if ((ch == '}' || ch == ']') && --depth == 0)
                return e + 1;
        }
        return 0;
    }
    while (e < len && !strchr(",}] \t\r\n", s[e]))
        e++;
    return e > i ? e : 0;
}

/* The value of member "kernels" of the state object at s[i], read by
 * kstate_read into p as it is met: [*kb, *ke), and the end of the object in
 * *end. False when the object cannot be walked, a key has an escape, or
 * "kernels" is missing, repeated or not what kstate_read takes. */
static bool state_kernels(kstates *p, const char *s, size_t len, size_t i, size_t *kb, size_t *ke,
                          size_t *end)
{
    rd r = {s, i, len};
    int found = 0;
    if (!rd_ch(&r, '{') || rd_ch(&r, '}'))
        return false;
    do {
        const char *k;
        size_t kl;
        if (!rd_str(&r, &k, &kl) || !rd_ch(&r, ':'))
            return false;
        rd_ws(&r);
        if (key_is(k, kl, "kernels")) {
            if (found++)
                return false;
            *kb = r.i;
            if (!kstate_read(p, &r))
                return false;
            *ke = r.i;
        } else if (!(r.i = skip_value(s, len, r.i)))
            return false;
    } while (rd_ch(&r, ','));
    if (found != 1 || !rd_ch(&r, '}'))
        return false;
    *end = r.i;
    return true;
}

/* One walk over the partial's members: "command" must be "top-kernels", and
 * "state" is walked by state_kernels instead of being skipped. */
bool kstates_split(kstates *p, const char *s, size_t len, strbuf *rest)
{
    rd r = {s, 0, len};
    size_t cb = 0, ce = 0, kb = 0, ke = 0;
    int ncommand = 0, nstate = 0;
    if (!rd_ch(&r, '{') || rd_ch(&r, '}'))
        return false;
    do {
        const char *k;
        size_t kl, e;
        if (!rd_str(&r, &k, &kl) || !rd_ch(&r, ':'))
            goto bad;
        rd_ws(&r);
        if (key_is(k, kl, "state")) {
            if (nstate++ || !state_kernels(p, s, len, r.i, &kb, &ke, &e))
                goto bad;
        } else if (!(e = skip_value(s, len, r.i)))
            goto bad;
        if (key_is(k, kl, "command")) {
            ncommand++;
            cb = r.i;
            ce = e;
        }
        r.i = e;
    } while (rd_ch(&r, ','));
    if (!rd_ch(&r, '}') || ncommand != 1 || nstate != 1 || ce - cb != 13 ||
        memcmp(s + cb, "\"top-kernels\"", 13))
        goto bad;
    sb_add(rest, s, kb);
    sb_addstr(rest, "[]");
    sb_add(rest, s + ke, len - ke);
    return true;
bad:
    kstates_release(p);
    return false;
}

/* ---- from jansson ---------------------------------------------------------------------- */

static int64_t iget(json_t *o, const char *k)
{
    return (int64_t)json_integer_value(json_object_get(o, k));
}

void kstates_from_json(kstates *p, json_t *arr)
{
    size_t nk = json_array_size(arr), nb = 0, q = 0;
    kstates_release(p);
    for (size_t k = 0; k < nk; k++)
        nb += json_array_size(json_object_get(json_array_get(arr, k), "buckets")) / 2;
    p->ks = xcalloc(nk + 1, sizeof *p->ks);
    p->bi = xcalloc(nb + 1, sizeof *p->bi);
    p->bc = xcalloc(nb + 1, sizeof *p->bc);
    for (size_t k = 0; k < nk; k++) {
        json_t *o = json_array_get(arr, k);
        kstate *w = &p->ks[k];
        w->name = json_string_value(json_object_get(o, "name"));
        w->name_off = SIZE_MAX;
        w->n = iget(o, "n");
        w->total = iget(o, "total_ns");
        w->min = iget(o, "min_ns");
        w->max = iget(o, "max_ns");
        w->zero = iget(o, "zero");
        w->sumsq = kstate_i128(json_string_value(json_object_get(o, "sumsq")));
        w->b0 = q;
        json_t *bk = json_object_get(o, "buckets");
        for (size_t t = 0; t + 1 < json_array_size(bk); t += 2) {
            p->bi[q] = (int)json_integer_value(json_array_get(bk, t));
            p->bc[q++] = (int64_t)json_integer_value(json_array_get(bk, t + 1));
        }
        w->nb = q - w->b0;
    }
    p->nks = nk;
    p->have = true;
}

/* ---- pooled by name -------------------------------------------------------------------- */

typedef struct bpair {
    int i;
    int64_t c;
} bpair;

static int cmp_bpair(const void *pa, const void *pb)
{
    const bpair *a = pa, *b = pb;
    return (a->i > b->i) - (a->i < b->i);
}

typedef struct name_find {
    const krow *rows;
    const char *name;
} name_find;

static bool same_name(void *ctx, int64_t pos)
{
    const name_find *f = ctx;
    const char *a = f->rows[pos].name, *b = f->name;
    return (!a || !b) ? a == b : !strcmp(a, b);
}

/* Adds the pairs bi/bc[0..m) (any order, an index may repeat) to w's. */
static void add_buckets(krow *w, const int *bi, const int64_t *bc, size_t m)
{
    bool ascending = true;
    for (size_t t = 1; t < m && ascending; t++)
        ascending = bi[t - 1] < bi[t];
    int *si = NULL;
    int64_t *sc = NULL;
    if (!ascending) { /* sorted, each index once (a state the writer did not print) */
        bpair *e = xcalloc(m + 1, sizeof *e);
        for (size_t t = 0; t < m; t++) {
            e[t].i = bi[t];
            e[t].c = bc[t];
        }
        qsort(e, m, sizeof *e, cmp_bpair);
        si = xcalloc(m + 1, sizeof *si);
        sc = xcalloc(m + 1, sizeof *sc);
        size_t ne = 0;
        for (size_t t = 0; t < m; t++)
            if (ne && si[ne - 1] == e[t].i)
                sc[ne - 1] += e[t].c;
            else {
                si[ne] = e[t].i;
                sc[ne++] = e[t].c;
            }
        free(e);
        bi = si;
        bc = sc;
        m = ne;
    }
    /* two ascending lists into one */
    int *ni = xmalloc((w->nb + m + 1) * sizeof *ni);
    int64_t *nc = xmalloc((w->nb + m + 1) * sizeof *nc);
    size_t a = 0, b = 0, k = 0;
    while (a < w->nb || b < m) {
        if (b == m || (a < w->nb && w->bi[a] < bi[b])) {
            ni[k] = w->bi[a];
            nc[k++] = w->bc[a++];
        } else if (a == w->nb || bi[b] < w->bi[a]) {
            ni[k] = bi[b];
            nc[k++] = bc[b++];
        } else {
            ni[k] = w->bi[a];
            nc[k++] = w->bc[a++] + bc[b++];
        }
    }
    free(w->bi);
    free(w->bc);
    free(si);
    free(sc);
    w->bi = ni;
    w->bc = nc;
    w->nb = k;
}

void kmerge_add(kmerge *m, const kstates *k, int input)
{
    for (size_t e = 0; e < k->nks; e++) {
        const kstate *o = &k->ks[e];
        uint64_t h = nsq_hash_str(o->name, NSQ_HASH_SEED);
        name_find f = {m->rows, o->name};
        int64_t r = nsq_hindex_find(&m->ix, h, same_name, &f);
        krow *w;
        if (r < 0) {
            NSQ_GROW(m->rows, m->nrows + 1, m->cap);
            nsq_hindex_add(&m->ix, h, (int64_t)m->nrows);
            w = &m->rows[m->nrows++];
            memset(w, 0, sizeof *w);
            w->name = o->name ? xstrdup(o->name) : NULL;
            w->min = o->min;
            w->max = o->max;
            w->last_input = -1;
        } else
            w = &m->rows[r];
        if (o->min < w->min)
            w->min = o->min;
        if (o->max > w->max)
            w->max = o->max;
        w->n += o->n;
        w->total += o->total;
        w->zero += o->zero;
        w->sumsq += o->sumsq;
        if (w->last_input != input)
            w->inputs++;
        w->last_input = input;
        add_buckets(w, k->bi + o->b0, k->bc + o->b0, o->nb);
    }
}

void kmerge_release(kmerge *m)
{
    for (size_t r = 0; r < m->nrows; r++) {
        free(m->rows[r].name);
        free(m->rows[r].bi);
        free(m->rows[r].bc);
    }
    free(m->rows);
    nsq_hindex_release(&m->ix);
    memset(m, 0, sizeof *m);
}
