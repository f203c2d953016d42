/* The rows' texts (internal.h): kernel names and normalised keys, reasons,
 * the interval's absence, the pairing evidence, and the per-capture sums of
 * every row, copied into large blocks that nsq_diff_release frees at once. A
 * row keeps a pointer per text instead of a fixed buffer per text (1.2 KB a
 * row, most of it empty), and its texts cost no allocation and no free of
 * their own (a million rows made ten million small allocations, and their
 * frees took seconds). Everything in the store is written once and never
 * freed alone; a text may be shared by several rows. */
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nsysql/util/grow.h"

#define TEXT_BLOCK ((size_t)1 << 20)

struct nsq_diff_texts {
    char **blocks; /* every block, the bump block among them */
    int n, cap;
    char *cur;   /* the block being filled (NULL: none yet) */
    size_t used; /* bytes used in it */
};

/* Rows are built on several threads (diff.c, match_rows): the store takes
 * turns. */
static pthread_mutex_t store_lock = PTHREAD_MUTEX_INITIALIZER;

static void *store_alloc_locked(nsq_diff *d, size_t size);

/* Room for size bytes aligned to 8, in the store. */
static void *store_alloc(nsq_diff *d, size_t size)
{
    pthread_mutex_lock(&store_lock);
    void *p = store_alloc_locked(d, size);
    pthread_mutex_unlock(&store_lock);
    return p;
}

static void *store_alloc_locked(nsq_diff *d, size_t size)
{
    if (!d->texts)
        d->texts = xcalloc(1, sizeof *d->texts);
    struct nsq_diff_texts *t = d->texts;
    if (size > TEXT_BLOCK / 4) {
        /* a block of its own (a kernel name can be a megabyte long) */
        NSQ_GROW(t->blocks, t->n + 1, t->cap);
        return t->blocks[t->n++] = xmalloc(size);
    }
    size_t at = (t->used + 7) & ~(size_t)7;
    if (!t->cur || at + size > TEXT_BLOCK) {
        NSQ_GROW(t->blocks, t->n + 1, t->cap);
        t->cur = t->blocks[t->n++] = xmalloc(TEXT_BLOCK);
        at = 0;
    }
    t->used = at + size;
    return t->cur + at;
}

const char *nsq_diff_text(nsq_diff *d, const char *s, size_t cap)
{
    size_t len = strlen(s);
    if (len >= cap)
        len = cap - 1; /* as snprintf(buf, cap, "%s", s) cuts */
    if (!len)
        return "";
    char *p = store_alloc(d, len + 1);
    memcpy(p, s, len);
    p[len] = 0;
    return p;
}

char *nsq_diff_name(nsq_diff *d, const char *s)
{
    size_t len = strlen(s);
    char *p = store_alloc(d, len + 1);
    memcpy(p, s, len + 1);
    return p;
}

int64_t *nsq_diff_zeros(nsq_diff *d, size_t n)
{
    int64_t *p = store_alloc(d, sizeof(int64_t) * (n ? n : 1));
    memset(p, 0, sizeof(int64_t) * (n ? n : 1));
    return p;
}

const char *nsq_diff_textf(nsq_diff *d, size_t cap, const char *fmt, ...)
{
    char buf[NSQ_DIFF_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, cap < sizeof buf ? cap : sizeof buf, fmt, ap);
    va_end(ap);
    return nsq_diff_text(d, buf, cap);
}

void nsq_diff_texts_free(nsq_diff *d)
{
    struct nsq_diff_texts *t = d->texts;
    if (!t)
        return;
    for (int i = 0; i < t->n; i++)
        free(t->blocks[i]);
    free(t->blocks);
    free(t);
    d->texts = NULL;
}
