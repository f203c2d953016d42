/* nvtx: our own NVTX injection, the way nsys does it (no CUPTI involved).
 *
 * Every NVTX instance (each .so built with the header-only nvtx3, the shared
 * libnvtx3interop, the legacy libnvToolsExt) loads the library named by
 * NVTX_INJECTION64_PATH on its first NVTX call and calls
 * InitializeInjectionNvtx2(getExportTable). We take the CALLBACKS export table
 * and point the CORE and CORE2 slots at the handlers below; every handler
 * turns the call into an NVTX_EVENTS row (nsys eventType codes) and hands it to
 * the writer thread:
 *   push/pop      59, one row per range, nested per thread (and per domain)
 *   start/end     60, rangeId, may end on another thread (endGlobalTid)
 *   mark          34; domain create 75 / destroy 76; category name 33
 *   thread name   39 and a ThreadNames row
 * Messages: ASCII and Unicode inline (text), registered strings (textId).
 * Ranges still open at exit are written with end NULL, as nsys does. */
#define _GNU_SOURCE
#define NVTX_NO_IMPL /* types and declarations only: we are the tool */
#include <nvtx3/nvToolsExt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "session.h"

static void flush_open(void);
static void after_fork(void);

#define EXPORT __attribute__((visibility("default")))

typedef struct nsq_domain {
    uint32_t id;
    char *name;
} nsq_domain;

typedef struct nsq_regstr {
    char *s;
} nsq_regstr;

/* A message as NVTX gave it: inline text or a registered string (owned). */
typedef struct msg {
    char *text;
    char *registered;
} msg;

typedef struct open_range {
    int64_t start;
    msg m;
    uint32_t domain;
    nsq_opt_i64 color, category;
} open_range;

/* One per thread that pushed; registered globally so exit can close them. */
typedef struct thread_stack {
    pthread_mutex_t lock;
    open_range *v;
    int n, cap;
    uint32_t tid;
    struct thread_stack *next;
} thread_stack;

/* start/end ranges: they may end on another thread, so they live in one table */
typedef struct open_se {
    uint64_t id;
    int64_t start, gtid;
    msg m;
    uint32_t domain;
    nsq_opt_i64 color, category;
    struct open_se *next;
} open_se;

static _Thread_local thread_stack *t_stack;
static thread_stack *g_stacks;
static open_se *g_se;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER; /* g_stacks and g_se */
static atomic_uint g_next_domain = 1;                      /* 0 is the default domain */
static atomic_ullong g_next_range = 1;

/* ---- text ------------------------------------------------------------------- */

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* wchar_t (UTF-32 on Linux) to UTF-8, malloc'd; invalid code points become U+FFFD. */
static char *utf8_of(const wchar_t *w)
{
    if (!w)
        return NULL;
    size_t n = wcslen(w);
    char *out = malloc(n * 4 + 1), *p = out;
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = (uint32_t)w[i];
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            c = 0xFFFD;
        if (c < 0x80) {
            *p++ = (char)c;
        } else if (c < 0x800) {
            *p++ = (char)(0xC0 | (c >> 6));
            *p++ = (char)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            *p++ = (char)(0xE0 | (c >> 12));
            *p++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *p++ = (char)(0x80 | (c & 0x3F));
        } else {
            *p++ = (char)(0xF0 | (c >> 18));
            *p++ = (char)(0x80 | ((c >> 12) & 0x3F));
            *p++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *p++ = (char)(0x80 | (c & 0x3F));
        }
    }
    *p = '\0';
    return out;
}

static msg msg_of_attr(const nvtxEventAttributes_t *a)
{
    msg m = {NULL, NULL};
    if (!a)
        return m;
    switch (a->messageType) {
    case NVTX_MESSAGE_TYPE_ASCII:
        m.text = dup_or_null(a->message.ascii);
        break;
    case NVTX_MESSAGE_TYPE_UNICODE:
        m.text = utf8_of(a->message.unicode);
        break;
    case NVTX_MESSAGE_TYPE_REGISTERED:
        if (a->message.registered)
            m.registered = dup_or_null(((const nsq_regstr *)a->message.registered)->s);
        break;
    default:
        break;
    }
    return m;
}

static nsq_opt_i64 color_of(const nvtxEventAttributes_t *a)
{
    nsq_opt_i64 o = {a && a->colorType == NVTX_COLOR_ARGB, a ? (int64_t)a->color : 0};
    return o;
}

static nsq_opt_i64 category_of(const nvtxEventAttributes_t *a)
{
    nsq_opt_i64 o = {a && a->category != 0, a ? (int64_t)a->category : 0};
    return o;
}

static uint32_t domain_id(nvtxDomainHandle_t d)
{
    return d ? ((const nsq_domain *)d)->id : 0;
}

static int64_t my_gtid(void)
{
    return nsq_global_tid(nsq_session_pid(), nsq_gettid());
}

/* ---- rows -------------------------------------------------------------------------- */

static void emit(int type, int64_t start, nsq_opt_i64 end, msg m, int64_t gtid, uint32_t domain,
                 nsq_opt_i64 color, nsq_opt_i64 category, nsq_opt_i64 range_id,
                 nsq_opt_i64 end_gtid)
{
    nsq_row r;
    memset(&r, 0, sizeof r);
    r.kind = NSQ_ROW_NVTX;
    r.u.nvtx.start = start;
    r.u.nvtx.end = end;
    r.u.nvtx.event_type = type;
    r.u.nvtx.text = m.text;
    r.u.nvtx.registered = m.registered;
    r.u.nvtx.global_tid = gtid;
    r.u.nvtx.domain_id = domain;
    r.u.nvtx.color = color;
    r.u.nvtx.category = category;
    r.u.nvtx.range_id = range_id;
    r.u.nvtx.end_global_tid = end_gtid;
    nsq_session_put(&r); /* takes the strings */
}

static const nsq_opt_i64 none = {false, 0};

static nsq_opt_i64 at(int64_t v)
{
    nsq_opt_i64 o = {true, v};
    return o;
}

static void mark(uint32_t domain, msg m, const nvtxEventAttributes_t *a)
{
    emit(NSQ_NVTX_MARK, nsq_session_now(), none, m, my_gtid(), domain, color_of(a), category_of(a),
         none, none);
}

/* ---- push/pop --------------------------------------------------------------------------- */

static thread_stack *my_stack(void)
{
    if (t_stack)
        return t_stack;
    thread_stack *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    pthread_mutex_init(&s->lock, NULL);
    s->tid = nsq_gettid();
    pthread_mutex_lock(&g_lock);
    s->next = g_stacks;
    g_stacks = s;
    pthread_mutex_unlock(&g_lock);
    t_stack = s;
    return s;
}

static int push(uint32_t domain, msg m, const nvtxEventAttributes_t *a)
{
    int64_t now = nsq_session_now();
    thread_stack *s = my_stack();
    int level = -1;
    if (!s)
        goto drop;
    pthread_mutex_lock(&s->lock);
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 16;
        open_range *v = realloc(s->v, sizeof(*v) * (size_t)cap);
        if (!v) {
            pthread_mutex_unlock(&s->lock);
            goto drop;
        }
        s->v = v;
        s->cap = cap;
    }
    open_range *o = &s->v[s->n++];
    o->start = now;
    o->m = m;
    o->domain = domain;
    o->color = color_of(a);
    o->category = category_of(a);
    /* the level among this domain's open ranges, as NVTX defines it */
    level = 0;
    for (int i = 0; i < s->n - 1; i++)
        level += s->v[i].domain == domain;
    pthread_mutex_unlock(&s->lock);
    return level;
drop:
    free(m.text);
    free(m.registered);
    return -1;
}

static int pop(uint32_t domain)
{
    int64_t now = nsq_session_now();
    thread_stack *s = t_stack;
    if (!s)
        return -1;
    pthread_mutex_lock(&s->lock);
    int level = -1;
    open_range o;
    memset(&o, 0, sizeof o);
    for (int i = s->n - 1; i >= 0; i--) {
        if (s->v[i].domain != domain)
            continue;
        o = s->v[i];
        memmove(&s->v[i], &s->v[i + 1], sizeof(*s->v) * (size_t)(s->n - 1 - i));
        s->n--;
        level = 0;
        for (int k = 0; k < i; k++)
            level += s->v[k].domain == domain;
        break;
    }
    pthread_mutex_unlock(&s->lock);
    if (level < 0)
        return -1;
    emit(NSQ_NVTX_PUSHPOP, o.start, at(now), o.m, nsq_global_tid(nsq_session_pid(), s->tid),
         o.domain, o.color, o.category, none, none);
    return level;
}

/* ---- start/end ------------------------------------------------------------------------------ */

static nvtxRangeId_t range_start(uint32_t domain, msg m, const nvtxEventAttributes_t *a)
{
    open_se *o = calloc(1, sizeof *o);
    if (!o) {
        free(m.text);
        free(m.registered);
        return 0;
    }
    o->id = atomic_fetch_add(&g_next_range, 1);
    o->start = nsq_session_now();
    o->gtid = my_gtid();
    o->m = m;
    o->domain = domain;
    o->color = color_of(a);
    o->category = category_of(a);
    pthread_mutex_lock(&g_lock);
    o->next = g_se;
    g_se = o;
    pthread_mutex_unlock(&g_lock);
    return o->id;
}

static void range_end(nvtxRangeId_t id)
{
    int64_t now = nsq_session_now();
    open_se *o = NULL;
    pthread_mutex_lock(&g_lock);
    for (open_se **pp = &g_se; *pp; pp = &(*pp)->next)
        if ((*pp)->id == id) {
            o = *pp;
            *pp = o->next;
            break;
        }
    pthread_mutex_unlock(&g_lock);
    if (!o)
        return;
    int64_t g = my_gtid();
    /* endGlobalTid only when the range ended on another thread */
    emit(NSQ_NVTX_STARTEND, o->start, at(now), o->m, o->gtid, o->domain, o->color, o->category,
         at((int64_t)o->id), g != o->gtid ? at(g) : none);
    free(o);
}

/* ---- CORE handlers ------------------------------------------------------------------------------
 */

static void h_MarkEx(const nvtxEventAttributes_t *a)
{
    mark(0, msg_of_attr(a), a);
}
static void h_MarkA(const char *s)
{
    mark(0, (msg){dup_or_null(s), NULL}, NULL);
}
static void h_MarkW(const wchar_t *s)
{
    mark(0, (msg){utf8_of(s), NULL}, NULL);
}
static nvtxRangeId_t h_RangeStartEx(const nvtxEventAttributes_t *a)
{
    return range_start(0, msg_of_attr(a), a);
}
static nvtxRangeId_t h_RangeStartA(const char *s)
{
    return range_start(0, (msg){dup_or_null(s), NULL}, NULL);
}
static nvtxRangeId_t h_RangeStartW(const wchar_t *s)
{
    return range_start(0, (msg){utf8_of(s), NULL}, NULL);
}
static void h_RangeEnd(nvtxRangeId_t id)
{
    range_end(id);
}
static int h_RangePushEx(const nvtxEventAttributes_t *a)
{
    return push(0, msg_of_attr(a), a);
}
static int h_RangePushA(const char *s)
{
    return push(0, (msg){dup_or_null(s), NULL}, NULL);
}
static int h_RangePushW(const wchar_t *s)
{
    return push(0, (msg){utf8_of(s), NULL}, NULL);
}
static int h_RangePop(void)
{
    return pop(0);
}

static void name_category(uint32_t domain, uint32_t category, char *name)
{
    emit(NSQ_NVTX_CATEGORY, nsq_session_now(), none, (msg){name, NULL}, my_gtid(), domain, none,
         at(category), none, none);
}
static void h_NameCategoryA(uint32_t c, const char *n)
{
    name_category(0, c, dup_or_null(n));
}
static void h_NameCategoryW(uint32_t c, const wchar_t *n)
{
    name_category(0, c, utf8_of(n));
}

static void name_thread(uint32_t tid, char *name)
{
    int64_t g = nsq_global_tid(nsq_session_pid(), tid);
    nsq_row r;
    memset(&r, 0, sizeof r);
    r.kind = NSQ_ROW_THREAD_NAME;
    r.u.thread.global_tid = g;
    r.u.thread.name = dup_or_null(name);
    nsq_session_put(&r);
    emit(NSQ_NVTX_THREAD, nsq_session_now(), none, (msg){name, NULL}, g, 0, none, none, none, none);
}
static void h_NameOsThreadA(uint32_t tid, const char *n)
{
    name_thread(tid, dup_or_null(n));
}
static void h_NameOsThreadW(uint32_t tid, const wchar_t *n)
{
    name_thread(tid, utf8_of(n));
}

/* ---- CORE2 (domain) handlers
 * --------------------------------------------------------------------- */

static nvtxDomainHandle_t domain_create(char *name)
{
    nsq_domain *d = calloc(1, sizeof *d);
    if (!d) {
        free(name);
        return NULL;
    }
    d->id = atomic_fetch_add(&g_next_domain, 1);
    d->name = name ? name : strdup("");
    emit(NSQ_NVTX_DOMAIN_CREATE, nsq_session_now(), none, (msg){dup_or_null(d->name), NULL},
         my_gtid(), d->id, none, none, none, none);
    return (nvtxDomainHandle_t)d;
}
static nvtxDomainHandle_t h_DomainCreateA(const char *n)
{
    return domain_create(dup_or_null(n));
}
static nvtxDomainHandle_t h_DomainCreateW(const wchar_t *n)
{
    return domain_create(utf8_of(n));
}
static void h_DomainDestroy(nvtxDomainHandle_t d)
{
    /* the handle stays valid: rows still queued may refer to its id */
    if (d)
        emit(NSQ_NVTX_DOMAIN_DESTROY, nsq_session_now(), none, (msg){NULL, NULL}, my_gtid(),
             domain_id(d), none, none, none, none);
}
static nvtxStringHandle_t register_string(char *s)
{
    nsq_regstr *r = malloc(sizeof *r);
    if (!r) {
        free(s);
        return NULL;
    }
    r->s = s ? s : strdup("");
    return (nvtxStringHandle_t)r;
}
static nvtxStringHandle_t h_DomainRegisterStringA(nvtxDomainHandle_t d, const char *s)
{
    (void)d;
    return register_string(dup_or_null(s));
}
static nvtxStringHandle_t h_DomainRegisterStringW(nvtxDomainHandle_t d, const wchar_t *s)
{
    (void)d;
    return register_string(utf8_of(s));
}
static void h_DomainMarkEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a)
{
    mark(domain_id(d), msg_of_attr(a), a);
}
static nvtxRangeId_t h_DomainRangeStartEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a)
{
    return range_start(domain_id(d), msg_of_attr(a), a);
}
static void h_DomainRangeEnd(nvtxDomainHandle_t d, nvtxRangeId_t id)
{
    (void)d;
    range_end(id);
}
static int h_DomainRangePushEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a)
{
    return push(domain_id(d), msg_of_attr(a), a);
}
static int h_DomainRangePop(nvtxDomainHandle_t d)
{
    return pop(domain_id(d));
}
static void h_DomainNameCategoryA(nvtxDomainHandle_t d, uint32_t c, const char *n)
{
    name_category(domain_id(d), c, dup_or_null(n));
}
static void h_DomainNameCategoryW(nvtxDomainHandle_t d, uint32_t c, const wchar_t *n)
{
    name_category(domain_id(d), c, utf8_of(n));
}

/* ---- attaching to an NVTX instance
 * ------------------------------------------------------------------ */

static void set_slot(NvtxFunctionTable tbl, unsigned size, unsigned idx, NvtxFunctionPointer fn)
{
    if (tbl && idx < size && tbl[idx])
        *tbl[idx] = fn;
}
#define SLOT(tbl, n, id, fn) set_slot(tbl, n, id, (NvtxFunctionPointer)(fn))

/* Called by each NVTX instance on its first NVTX call (possibly before main
 * and before cuInit). Returns 1 to attach, 0 to leave the instance a no-op. */
EXPORT int InitializeInjectionNvtx2(NvtxGetExportTableFunc_t get_export_table)
{
    const char *trace = getenv("NSYSQL_CUPTI_TRACE");
    if (trace && !strstr(trace, "nvtx"))
        return 0;
    const NvtxExportTableCallbacks *cb =
        get_export_table ? (const NvtxExportTableCallbacks *)get_export_table(NVTX_ETID_CALLBACKS)
                         : NULL;
    if (!cb || cb->struct_size < sizeof(NvtxExportTableCallbacks) || !cb->GetModuleFunctionTable)
        return 0;
    /* the session (and its time origin) must exist before the first event;
     * it emits the open ranges at its end and resets this file's state in a
     * forked child */
    nsq_session_set_nvtx_hooks(flush_open, after_fork);
    if (!nsq_session_start())
        return 0;
    NvtxFunctionTable t = NULL;
    unsigned n = 0;
    if (cb->GetModuleFunctionTable(NVTX_CB_MODULE_CORE, &t, &n)) {
        SLOT(t, n, NVTX_CBID_CORE_MarkEx, h_MarkEx);
        SLOT(t, n, NVTX_CBID_CORE_MarkA, h_MarkA);
        SLOT(t, n, NVTX_CBID_CORE_MarkW, h_MarkW);
        SLOT(t, n, NVTX_CBID_CORE_RangeStartEx, h_RangeStartEx);
        SLOT(t, n, NVTX_CBID_CORE_RangeStartA, h_RangeStartA);
        SLOT(t, n, NVTX_CBID_CORE_RangeStartW, h_RangeStartW);
        SLOT(t, n, NVTX_CBID_CORE_RangeEnd, h_RangeEnd);
        SLOT(t, n, NVTX_CBID_CORE_RangePushEx, h_RangePushEx);
        SLOT(t, n, NVTX_CBID_CORE_RangePushA, h_RangePushA);
        SLOT(t, n, NVTX_CBID_CORE_RangePushW, h_RangePushW);
        SLOT(t, n, NVTX_CBID_CORE_RangePop, h_RangePop);
        SLOT(t, n, NVTX_CBID_CORE_NameCategoryA, h_NameCategoryA);
        SLOT(t, n, NVTX_CBID_CORE_NameCategoryW, h_NameCategoryW);
        SLOT(t, n, NVTX_CBID_CORE_NameOsThreadA, h_NameOsThreadA);
        SLOT(t, n, NVTX_CBID_CORE_NameOsThreadW, h_NameOsThreadW);
    }
    t = NULL;
    n = 0;
    if (cb->GetModuleFunctionTable(NVTX_CB_MODULE_CORE2, &t, &n)) {
        SLOT(t, n, NVTX_CBID_CORE2_DomainMarkEx, h_DomainMarkEx);
        SLOT(t, n, NVTX_CBID_CORE2_DomainRangeStartEx, h_DomainRangeStartEx);
        SLOT(t, n, NVTX_CBID_CORE2_DomainRangeEnd, h_DomainRangeEnd);
        SLOT(t, n, NVTX_CBID_CORE2_DomainRangePushEx, h_DomainRangePushEx);
        SLOT(t, n, NVTX_CBID_CORE2_DomainRangePop, h_DomainRangePop);
        SLOT(t, n, NVTX_CBID_CORE2_DomainNameCategoryA, h_DomainNameCategoryA);
        SLOT(t, n, NVTX_CBID_CORE2_DomainNameCategoryW, h_DomainNameCategoryW);
        SLOT(t, n, NVTX_CBID_CORE2_DomainRegisterStringA, h_DomainRegisterStringA);
        SLOT(t, n, NVTX_CBID_CORE2_DomainRegisterStringW, h_DomainRegisterStringW);
        SLOT(t, n, NVTX_CBID_CORE2_DomainCreateA, h_DomainCreateA);
        SLOT(t, n, NVTX_CBID_CORE2_DomainCreateW, h_DomainCreateW);
        SLOT(t, n, NVTX_CBID_CORE2_DomainDestroy, h_DomainDestroy);
    }
    return 1;
}

/* ---- exit and fork
 * ----------------------------------------------------------------------------------- */

/* Emits the ranges still open (end NULL) at the session's end. */
static void flush_open(void)
{
    pthread_mutex_lock(&g_lock);
    thread_stack *stacks = g_stacks;
    open_se *se = g_se;
    g_se = NULL;
    pthread_mutex_unlock(&g_lock);
    for (thread_stack *s = stacks; s; s = s->next) {
        pthread_mutex_lock(&s->lock);
        for (int i = 0; i < s->n; i++) {
            open_range *o = &s->v[i];
            emit(NSQ_NVTX_PUSHPOP, o->start, none, o->m, nsq_global_tid(nsq_session_pid(), s->tid),
                 o->domain, o->color, o->category, none, none);
        }
        s->n = 0;
        pthread_mutex_unlock(&s->lock);
    }
    while (se) {
        open_se *next = se->next;
        emit(NSQ_NVTX_STARTEND, se->start, none, se->m, se->gtid, se->domain, se->color,
             se->category, at((int64_t)se->id), none);
        free(se);
        se = next;
    }
}

/* After fork in the child: forget the parent's open ranges. */
static void after_fork(void)
{
    /* the parent's open ranges are not the child's; their memory is left behind */
    pthread_mutex_init(&g_lock, NULL);
    g_stacks = NULL;
    g_se = NULL;
    t_stack = NULL;
}
