/* session: one capture session per process.
 *
 * Started by whichever comes first: InitializeInjection (libcuda, inside the
 * process's first cuInit), InitializeInjectionNvtx2 (first NVTX call), or the
 * test hook. It opens DIR/proc-<pid>.sqlite (DIR = NSYSQL_CUPTI_DIR), whose
 * time 0 is NSYSQL_CUPTI_T0 (CLOCK_REALTIME ns, shared by every process of a
 * capture), and starts two threads:
 *   writer   the only user of the SQLite connection: takes CUPTI buffers and
 *            rows from the queue, maps records, inserts, commits in batches;
 *   flusher  every NSYSQL_CUPTI_FLUSH_MS (default 500) asks CUPTI for its
 *            completed buffers and the writer for a commit; it also handles
 *            SIGINT/SIGTERM (installed only where the disposition was the
 *            default): flush everything, close, then die of the signal.
 * CUPTI callbacks only hand buffers over. At exit: forced CUPTI flush, open
 * NVTX ranges written with end NULL, queue drained, file closed. A forked
 * child starts its own session (and file) on its first event; CUPTI is not
 * used there. The loaded CUPTI must be the one built against (API version),
 * else CUDA activity is not traced (NSYSQL_CUPTI_ALLOW_VERSION_MISMATCH=1
 * overrides) and a warning says so. */
#define _GNU_SOURCE
#include <cupti.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "records.h"
#include "session.h"

#define EXPORT __attribute__((visibility("default")))
#define HOST_BUFFER_BYTES (8u << 20)
#define DEVICE_BUFFER_BYTES ((size_t)16 << 20)

enum item_type { IT_BUFFER, IT_ROW, IT_RECORDS, IT_WARN, IT_COMMIT, IT_STOP };

typedef struct item {
    enum item_type type;
    struct item *next;
    uint8_t *buf; /* IT_BUFFER: CUPTI buffer, owned */
    size_t valid;
    nsq_row row;             /* IT_ROW */
    const void *const *recs; /* IT_RECORDS (test hook): borrowed until done */
    int nrecs;
    char *code, *message; /* IT_WARN */
    atomic_int *done;     /* IT_RECORDS, IT_COMMIT: set when processed */
} item;

/* session state (g_lock protects state, queue, pid) */
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
/* held by the writer thread whenever it is inside SQLite, so fork() never
 * happens while SQLite's own global mutexes are taken (the child would
 * deadlock on its first sqlite3 call); lock order: g_sql_lock, then g_lock */
static pthread_mutex_t g_sql_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_cond = PTHREAD_COND_INITIALIZER;
static pthread_cond_t g_done_cond = PTHREAD_COND_INITIALIZER;
static int g_state;  /* 0 not started, 1 running, 2 finished, -1 disabled */
static pid_t g_pid;  /* the process the session belongs to */
static int64_t g_t0; /* session origin, CLOCK_REALTIME ns */
static item *g_head, *g_tail;
static pthread_t g_writer, g_flusher;
static bool g_have_flusher;
static int g_sigpipe[2] = {-1, -1};
static int g_flush_ms = 500;
static int g_atexit_registered;
/* nvtx.c's work at the end and after fork (nsq_session_set_nvtx_hooks) */
typedef void (*nvtx_hook)(void);
static _Atomic(nvtx_hook) g_nvtx_flush_open, g_nvtx_after_fork;

static atomic_int g_cupti_active; /* activity tracing enabled in this process */
static atomic_ullong g_dropped;   /* records CUPTI could not store */
static atomic_ullong g_buffers;
static atomic_ullong g_buffer_failures; /* host buffers we could not allocate */
static atomic_ullong g_incomplete;      /* records without timestamps */
static atomic_ullong g_skipped;         /* records of kinds not stored */
static atomic_ullong g_rows_lost;       /* rows given up because the file is not writable */
static uint32_t g_cupti_loaded;

static struct sigaction g_old_int, g_old_term;
static bool g_sig_installed;

/* ---- small helpers ------------------------------------------------------------ */

uint32_t nsq_gettid(void)
{
    return (uint32_t)syscall(SYS_gettid);
}

static int64_t realtime_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The clock CUPTI stamps activity with (registered below), so NVTX and CUDA
 * rows share one timeline. */
static uint64_t CUPTIAPI cupti_clock(void)
{
    return (uint64_t)realtime_ns();
}

int64_t nsq_session_now(void)
{
    return realtime_ns() - g_t0;
}

uint32_t nsq_session_pid(void)
{
    return (uint32_t)getpid();
}

static void debug(const char *fmt, const char *a)
{
    if (getenv("NSYSQL_CUPTI_DEBUG")) {
        fprintf(stderr, "[nsysql-inject %d] ", (int)getpid());
        fprintf(stderr, fmt, a ? a : "");
        fputc('\n', stderr);
    }
}

static void free_item(item *it)
{
    if (!it)
        return;
    free(it->buf);
    if (it->type == IT_ROW) {
        if (it->row.kind == NSQ_ROW_NVTX) {
            free(it->row.u.nvtx.text);
            free(it->row.u.nvtx.registered);
        } else if (it->row.kind == NSQ_ROW_THREAD_NAME) {
            free(it->row.u.thread.name);
        }
    }
    free(it->code);
    free(it->message);
    free(it);
}

/* Appends to the queue; the item is freed instead when no session can take it. */
static void enqueue(item *it)
{
    pthread_mutex_lock(&g_lock);
    if (g_state != 1 || g_pid != getpid()) {
        pthread_mutex_unlock(&g_lock);
        atomic_fetch_add(&g_rows_lost, 1);
        if (it->done)
            atomic_store(it->done, 1);
        free_item(it);
        return;
    }
    it->next = NULL;
    if (g_tail)
        g_tail->next = it;
    else
        g_head = it;
    g_tail = it;
    pthread_cond_signal(&g_cond);
    pthread_mutex_unlock(&g_lock);
}

static void warn(const char *code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(const char *code, const char *fmt, ...)
{
    item *it = calloc(1, sizeof *it);
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    debug("warning: %s", msg);
    if (!it)
        return;
    it->type = IT_WARN;
    it->code = strdup(code);
    it->message = strdup(msg);
    enqueue(it);
}

/* ---- the writer thread --------------------------------------------------------------- */

static const char *api_name(void *ud, int runtime, uint32_t cbid)
{
    (void)ud;
    const char *n = NULL;
    if (cuptiGetCallbackName(runtime ? CUPTI_CB_DOMAIN_RUNTIME_API : CUPTI_CB_DOMAIN_DRIVER_API,
                             cbid, &n) != CUPTI_SUCCESS ||
        !n)
        return runtime ? "cudaUnknownRuntimeApi" : "cuUnknownDriverApi";
    return n;
}

static void put_record(nsq_writer *w, const nsq_map_env *env, const void *rec)
{
    nsq_row r;
    int m = nsq_map_record(rec, env, &r);
    if (m == NSQ_MAP_ROW)
        nsq_writer_put(w, &r);
    else if (m == NSQ_MAP_INCOMPLETE)
        atomic_fetch_add(&g_incomplete, 1);
    else
        atomic_fetch_add(&g_skipped, 1);
}

typedef struct writer_args {
    nsq_writer *w;
} writer_args;

static void *writer_main(void *arg)
{
    writer_args *wa = arg;
    nsq_writer *w = wa->w;
    nsq_map_env env = {(uint64_t)g_t0, (uint32_t)getpid(), api_name, NULL};
    int64_t last_commit = realtime_ns();
    bool stop = false;
    free(wa);
    while (!stop) {
        pthread_mutex_lock(&g_lock);
        while (!g_head)
            pthread_cond_wait(&g_cond, &g_lock);
        item *batch = g_head;
        g_head = g_tail = NULL;
        pthread_mutex_unlock(&g_lock);
        pthread_mutex_lock(&g_sql_lock);
        while (batch) {
            item *it = batch;
            batch = it->next;
            switch (it->type) {
            case IT_BUFFER: {
                CUpti_Activity *rec = NULL;
                while (it->valid > 0 &&
                       cuptiActivityGetNextRecord(it->buf, it->valid, &rec) == CUPTI_SUCCESS)
                    put_record(w, &env, rec);
                break;
            }
            case IT_RECORDS:
                for (int i = 0; i < it->nrecs; i++)
                    put_record(w, &env, it->recs[i]);
                break;
            case IT_ROW:
                nsq_writer_put(w, &it->row);
                break;
            case IT_WARN:
                nsq_writer_warn(w, it->code, it->message);
                break;
            case IT_COMMIT:
                nsq_writer_commit(w);
                last_commit = realtime_ns();
                break;
            case IT_STOP:
                stop = true;
                break;
            }
            if (it->done) {
                pthread_mutex_lock(&g_lock);
                atomic_store(it->done, 1);
                pthread_cond_broadcast(&g_done_cond);
                pthread_mutex_unlock(&g_lock);
            }
            free_item(it);
        }
        /* commit in batches: at most every 200 ms while events stream in */
        if (realtime_ns() - last_commit > 200000000) {
            nsq_writer_commit(w);
            last_commit = realtime_ns();
        }
        pthread_mutex_unlock(&g_sql_lock);
    }
    pthread_mutex_lock(&g_sql_lock);
    /* the session is over: counters, then close */
    if (nsq_writer_error(w)[0])
        nsq_writer_warn(w, "cupti_writer_error", nsq_writer_error(w));
    uint64_t dropped = atomic_load(&g_dropped), incomplete = atomic_load(&g_incomplete);
    char msg[256];
    if (dropped) {
        snprintf(msg, sizeof msg, "CUPTI dropped %llu activity records (its buffers were full)",
                 (unsigned long long)dropped);
        nsq_writer_warn(w, "cupti_records_dropped", msg);
    }
    if (atomic_load(&g_buffer_failures)) {
        snprintf(msg, sizeof msg,
                 "%llu activity buffers could not be allocated; their records "
                 "were lost",
                 (unsigned long long)atomic_load(&g_buffer_failures));
        nsq_writer_warn(w, "cupti_records_dropped", msg);
    }
    if (incomplete) {
        snprintf(msg, sizeof msg,
                 "%llu activity records had no timestamps (still in flight when "
                 "the process ended) and were left out",
                 (unsigned long long)incomplete);
        nsq_writer_warn(w, "cupti_records_incomplete", msg);
    }
    if (!getenv("NSYSQL_CUPTI_KEEP_NESTED_DRIVER"))
        nsq_writer_prune_nested_driver(w);
    nsq_writer_status(w, "records_dropped", (int64_t)dropped);
    nsq_writer_status(w, "records_incomplete", (int64_t)incomplete);
    nsq_writer_status(w, "records_skipped", (int64_t)atomic_load(&g_skipped));
    nsq_writer_status(w, "buffers", (int64_t)atomic_load(&g_buffers));
    nsq_writer_status(w, "rows", nsq_writer_rows(w));
    nsq_writer_status(w, "rows_lost", (int64_t)atomic_load(&g_rows_lost));
    nsq_writer_status(w, "cupti_active", atomic_load(&g_cupti_active));
    nsq_writer_status(w, "complete", 1);
    nsq_writer_close(w);
    pthread_mutex_unlock(&g_sql_lock);
    return NULL;
}

/* ---- CUPTI buffers ---------------------------------------------------------------------- */

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
    void *p = NULL;
    if (posix_memalign(&p, 8, HOST_BUFFER_BYTES) != 0) {
        p = NULL;
        atomic_fetch_add(&g_buffer_failures, 1);
    }
    *buffer = p; /* NULL: CUPTI drops records, counted by cuptiActivityGetNumDroppedRecords */
    *size = p ? HOST_BUFFER_BYTES : 0;
    *max_records = 0;
}

/* May run concurrently on several threads: only hands the buffer over. */
static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream_id, uint8_t *buffer,
                                      size_t size, size_t valid)
{
    (void)size;
    size_t dropped = 0;
    if (cuptiActivityGetNumDroppedRecords(ctx, stream_id, &dropped) == CUPTI_SUCCESS && dropped)
        atomic_fetch_add(&g_dropped, dropped);
    atomic_fetch_add(&g_buffers, 1);
    item *it = calloc(1, sizeof *it);
    if (!it) {
        free(buffer);
        return;
    }
    it->type = IT_BUFFER;
    it->buf = buffer;
    it->valid = valid;
    enqueue(it);
}

/* ---- start and finish ----------------------------------------------------------------------- */

static pthread_mutex_t g_finish_lock = PTHREAD_MUTEX_INITIALIZER;
static void finish_locked(bool from_flusher);

static void *flusher_main(void *arg)
{
    (void)arg;
    for (;;) {
        struct pollfd p = {g_sigpipe[0], POLLIN, 0};
        int r = poll(&p, 1, g_flush_ms);
        if (r > 0 && (p.revents & POLLIN)) {
            unsigned char sig = 0;
            if (read(g_sigpipe[0], &sig, 1) != 1)
                continue;
            if (sig == 0)
                return NULL; /* finish() is stopping us */
            debug("signal %s: flushing before exit", strsignal(sig));
            /* someone already finishing (exit) will join this thread: let it */
            if (pthread_mutex_trylock(&g_finish_lock) != 0)
                return NULL;
            finish_locked(true);
            pthread_mutex_unlock(&g_finish_lock);
            /* die of the signal as the default disposition would */
            struct sigaction dfl;
            memset(&dfl, 0, sizeof dfl);
            dfl.sa_handler = SIG_DFL;
            sigaction(sig, &dfl, NULL);
            kill(getpid(), sig);
            return NULL;
        }
        if (atomic_load(&g_cupti_active))
            cuptiActivityFlushAll(0);
        item *it = calloc(1, sizeof *it);
        if (it) {
            it->type = IT_COMMIT;
            enqueue(it);
        }
    }
}

static void on_signal(int sig)
{
    unsigned char b = (unsigned char)sig;
    int saved = errno;
    if (g_sigpipe[1] >= 0 && write(g_sigpipe[1], &b, 1) < 0) {
        /* nothing sensible to do in a signal handler */
    }
    errno = saved;
}

static void install_signals(void)
{
    struct sigaction cur, sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    g_sig_installed = false;
    /* only where nobody else handles or ignores the signal */
    if (sigaction(SIGTERM, NULL, &cur) == 0 && cur.sa_handler == SIG_DFL &&
        !(cur.sa_flags & SA_SIGINFO)) {
        sigaction(SIGTERM, &sa, &g_old_term);
        g_sig_installed = true;
    }
    if (sigaction(SIGINT, NULL, &cur) == 0 && cur.sa_handler == SIG_DFL &&
        !(cur.sa_flags & SA_SIGINFO)) {
        sigaction(SIGINT, &sa, &g_old_int);
        g_sig_installed = true;
    }
}

static char *file_path(const char *dir)
{
    char *p = NULL;
    for (int n = 0; n < 1000; n++) {
        free(p);
        p = NULL;
        if (n == 0 ? asprintf(&p, "%s/proc-%d.sqlite", dir, (int)getpid()) < 0
                   : asprintf(&p, "%s/proc-%d-%d.sqlite", dir, (int)getpid(), n) < 0)
            return NULL;
        if (access(p, F_OK) != 0)
            return p;
    }
    free(p);
    return NULL;
}

/* The process name as nsys records it: the base name of argv[0], else comm. */
static void process_name(char *out, size_t n)
{
    char cmd[4096];
    size_t got = 0;
    FILE *f = fopen("/proc/self/cmdline", "rb");
    out[0] = '\0';
    if (f) {
        got = fread(cmd, 1, sizeof cmd - 1, f);
        fclose(f);
    }
    cmd[got] = '\0';
    if (got > 0 && cmd[0]) {
        const char *b = strrchr(cmd, '/');
        snprintf(out, n, "%s", b ? b + 1 : cmd);
        return;
    }
    f = fopen("/proc/self/comm", "r");
    if (f) {
        if (fgets(out, (int)n, f))
            out[strcspn(out, "\n")] = '\0';
        fclose(f);
    }
}

static void finish(void);

static void at_exit(void)
{
    finish();
}

static void fork_prepare(void)
{
    pthread_mutex_lock(&g_sql_lock);
    pthread_mutex_lock(&g_lock);
}

static void fork_parent(void)
{
    pthread_mutex_unlock(&g_lock);
    pthread_mutex_unlock(&g_sql_lock);
}

static void fork_child(void)
{
    /* threads did not survive: the child starts its own session on demand */
    pthread_mutex_init(&g_lock, NULL);
    pthread_mutex_init(&g_sql_lock, NULL);
    pthread_cond_init(&g_cond, NULL);
    pthread_cond_init(&g_done_cond, NULL);
    pthread_mutex_init(&g_finish_lock, NULL);
    g_state = 0;
    g_head = g_tail = NULL;
    g_have_flusher = false;
    atomic_store(&g_cupti_active, 0);
    atomic_store(&g_dropped, 0);
    atomic_store(&g_buffers, 0);
    atomic_store(&g_incomplete, 0);
    atomic_store(&g_skipped, 0);
    atomic_store(&g_rows_lost, 0);
    if (g_sigpipe[0] >= 0) {
        close(g_sigpipe[0]);
        close(g_sigpipe[1]);
        g_sigpipe[0] = g_sigpipe[1] = -1;
    }
    nvtx_hook after_fork = atomic_load(&g_nvtx_after_fork);
    if (after_fork)
        after_fork();
}

/* Starts the session once per process; returns true when it runs. */
static bool ensure_session(void)
{
    pid_t me = getpid();
    pthread_mutex_lock(&g_lock);
    if (g_state != 0 && g_pid == me) {
        bool ok = g_state == 1;
        pthread_mutex_unlock(&g_lock);
        return ok;
    }
    g_pid = me;
    g_state = -1;
    const char *t0 = getenv("NSYSQL_CUPTI_T0");
    g_t0 = t0 && *t0 ? strtoll(t0, NULL, 10) : realtime_ns();
    const char *ms = getenv("NSYSQL_CUPTI_FLUSH_MS");
    if (ms && atoi(ms) > 0)
        g_flush_ms = atoi(ms);
    const char *dir = getenv("NSYSQL_CUPTI_DIR");
    if (!dir || !*dir)
        dir = "nsysql-cupti";
    mkdir(dir, 0755);
    char *path = file_path(dir), name[256], errbuf[300] = "";
    process_name(name, sizeof name);
    if (cuptiGetVersion(&g_cupti_loaded) != CUPTI_SUCCESS)
        g_cupti_loaded = 0;
    nsq_writer_meta meta = {(uint32_t)me, name, g_t0, CUPTI_API_VERSION, g_cupti_loaded};
    nsq_writer *w = NULL;
    writer_args *wa = malloc(sizeof *wa);
    if (!path || !wa || nsq_writer_open(&w, path, &meta, errbuf, sizeof errbuf)) {
        fprintf(stderr, "nsysql-inject: pid %d records nothing: %s\n", (int)me,
                errbuf[0] ? errbuf : "out of memory");
        free(path);
        free(wa);
        pthread_mutex_unlock(&g_lock);
        return false;
    }
    debug("recording to %s", path);
    free(path);
    wa->w = w;
    if (pthread_create(&g_writer, NULL, writer_main, wa) != 0) {
        nsq_writer_close(w);
        free(wa);
        pthread_mutex_unlock(&g_lock);
        return false;
    }
    g_state = 1;
    if (pipe2(g_sigpipe, O_CLOEXEC) == 0) {
        g_have_flusher = pthread_create(&g_flusher, NULL, flusher_main, NULL) == 0;
        if (g_have_flusher)
            install_signals();
    }
    if (!g_atexit_registered++) {
        atexit(at_exit);
        pthread_atfork(fork_prepare, fork_parent, fork_child);
    }
    pthread_mutex_unlock(&g_lock);
    return true;
}

/* Flushes CUPTI, closes open NVTX ranges, drains the queue and closes the
 * file. Idempotent; only in the process that owns the session. The caller
 * holds g_finish_lock; `from_flusher` when the flusher thread itself calls
 * (on a signal), which then must not be joined. */
static void finish_locked(bool from_flusher)
{
    pthread_mutex_lock(&g_lock);
    bool mine = g_state == 1 && g_pid == getpid();
    pthread_mutex_unlock(&g_lock);
    if (!mine)
        return;
    if (g_have_flusher) {
        unsigned char zero = 0;
        if (!from_flusher && write(g_sigpipe[1], &zero, 1) == 1)
            pthread_join(g_flusher, NULL);
        g_have_flusher = false;
    }
    if (atomic_load(&g_cupti_active)) {
        /* everything, incomplete records included (they are counted, not stored) */
        cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
        atomic_store(&g_cupti_active, 0);
    }
    nvtx_hook flush_open = atomic_load(&g_nvtx_flush_open);
    if (flush_open)
        flush_open();
    item *stop = calloc(1, sizeof *stop);
    if (stop) {
        stop->type = IT_STOP;
        enqueue(stop);
        pthread_join(g_writer, NULL);
    }
    pthread_mutex_lock(&g_lock);
    g_state = 2;
    pthread_cond_broadcast(&g_done_cond);
    pthread_mutex_unlock(&g_lock);
    if (g_sig_installed) {
        /* leave the dispositions as we found them, unless someone replaced ours */
        struct sigaction cur;
        if (sigaction(SIGTERM, NULL, &cur) == 0 && cur.sa_handler == on_signal)
            sigaction(SIGTERM, &g_old_term, NULL);
        if (sigaction(SIGINT, NULL, &cur) == 0 && cur.sa_handler == on_signal)
            sigaction(SIGINT, &g_old_int, NULL);
    }
}

static void finish(void)
{
    pthread_mutex_lock(&g_finish_lock);
    finish_locked(false);
    pthread_mutex_unlock(&g_finish_lock);
}

void nsq_session_set_nvtx_hooks(void (*flush_open)(void), void (*after_fork)(void))
{
    atomic_store(&g_nvtx_flush_open, flush_open);
    atomic_store(&g_nvtx_after_fork, after_fork);
}

bool nsq_session_start(void)
{
    return ensure_session();
}

void nsq_session_put(nsq_row *r)
{
    item *it = NULL;
    if (!ensure_session() || !(it = calloc(1, sizeof *it))) {
        if (r->kind == NSQ_ROW_NVTX) {
            free(r->u.nvtx.text);
            free(r->u.nvtx.registered);
        } else if (r->kind == NSQ_ROW_THREAD_NAME) {
            free(r->u.thread.name);
        }
        return;
    }
    it->type = IT_ROW;
    it->row = *r;
    enqueue(it);
}

/* ---- CUPTI set-up ---------------------------------------------------------------------------- */

static bool cupti_ok(CUptiResult r, const char *what)
{
    if (r == CUPTI_SUCCESS)
        return true;
    const char *s = "?";
    cuptiGetResultString(r, &s);
    warn("cupti_error", "%s failed: %s", what, s);
    return false;
}

static void setup_cupti(void)
{
    uint32_t ver = 0;
    const char *trace = getenv("NSYSQL_CUPTI_TRACE");
    if (!ensure_session())
        return;
    if (trace && !strstr(trace, "cuda"))
        return;
    if (cuptiGetVersion(&ver) != CUPTI_SUCCESS)
        ver = 0;
    g_cupti_loaded = ver;
    if (ver != CUPTI_API_VERSION) {
        bool allow = getenv("NSYSQL_CUPTI_ALLOW_VERSION_MISMATCH") != NULL;
        warn("cupti_version_mismatch",
             "libnsysql_inject.so was built against CUPTI API %d but the loaded libcupti reports "
             "%u; activity record layouts differ between versions, so CUDA activity was %s",
             CUPTI_API_VERSION, ver,
             allow ? "traced anyway (NSYSQL_CUPTI_ALLOW_VERSION_MISMATCH)" : "not traced");
        if (!allow)
            return;
    }
    cupti_ok(cuptiActivityRegisterTimestampCallback(cupti_clock),
             "cuptiActivityRegisterTimestampCallback");
    size_t dev = DEVICE_BUFFER_BYTES, sz = sizeof dev;
    cupti_ok(cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_SIZE, &sz, &dev),
             "cuptiActivitySetAttribute(DEVICE_BUFFER_SIZE)");
    /* API records carry the OS thread id (gettid), as nsys's globalTid does */
    cupti_ok(cuptiSetThreadIdType(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM), "cuptiSetThreadIdType");
    if (!cupti_ok(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed),
                  "cuptiActivityRegisterCallbacks"))
        return;
    static const CUpti_ActivityKind kinds[] = {CUPTI_ACTIVITY_KIND_DEVICE,
                                               CUPTI_ACTIVITY_KIND_CONTEXT,
                                               CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
                                               CUPTI_ACTIVITY_KIND_MEMCPY,
                                               CUPTI_ACTIVITY_KIND_MEMCPY2,
                                               CUPTI_ACTIVITY_KIND_MEMSET,
                                               CUPTI_ACTIVITY_KIND_SYNCHRONIZATION,
                                               CUPTI_ACTIVITY_KIND_RUNTIME,
                                               CUPTI_ACTIVITY_KIND_DRIVER,
                                               CUPTI_ACTIVITY_KIND_OVERHEAD};
    /* NSYSQL_CUPTI_OFF=driver,sync,overhead: leave those kinds out (to
     * measure what each costs the target; kernels launched through the driver
     * API have no launch call without driver) */
    const char *off = getenv("NSYSQL_CUPTI_OFF");
    int enabled = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        const char *nm = kinds[i] == CUPTI_ACTIVITY_KIND_DRIVER            ? "driver"
                         : kinds[i] == CUPTI_ACTIVITY_KIND_SYNCHRONIZATION ? "sync"
                         : kinds[i] == CUPTI_ACTIVITY_KIND_OVERHEAD        ? "overhead"
                                                                           : NULL;
        if (off && nm && strstr(off, nm)) {
            debug("activity kind %s left out (NSYSQL_CUPTI_OFF)", nm);
            continue;
        }
        char what[64];
        snprintf(what, sizeof what, "cuptiActivityEnable(%d)", (int)kinds[i]);
        enabled += cupti_ok(cuptiActivityEnable(kinds[i]), what);
    }
    atomic_store(&g_cupti_active, enabled > 0);
}

/* Looked up by libcuda (dlsym) when CUDA_INJECTION64_PATH names this library;
 * called once, inside the process's first cuInit. No CUDA API may be called
 * here. Returns non-zero for success. */
EXPORT int InitializeInjection(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, setup_cupti);
    return 1;
}

/* For `nsysql capture`: what this library is (checked before a capture). */
EXPORT const char *nsysql_inject_info(void)
{
    static char buf[96];
    snprintf(buf, sizeof buf, "nsysql-cupti %s (CUPTI API %d)", NSQ_INJECT_VERSION,
             CUPTI_API_VERSION);
    return buf;
}

/* Test hook: records built by hand go through the same mapping and writer as
 * CUPTI's buffers. Blocks until they are written; returns 0, or -1 when no
 * session could be started. */
EXPORT int nsysql_inject_test_records(const void *const *records, int n)
{
    if (!ensure_session())
        return -1;
    atomic_int done = 0;
    item *it = calloc(1, sizeof *it);
    if (!it)
        return -1;
    it->type = IT_RECORDS;
    it->recs = records;
    it->nrecs = n;
    it->done = &done;
    enqueue(it);
    pthread_mutex_lock(&g_lock);
    while (!atomic_load(&done) && g_state == 1)
        pthread_cond_wait(&g_done_cond, &g_lock);
    pthread_mutex_unlock(&g_lock);
    return 0;
}
