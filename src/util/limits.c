#include "nsysql/util/limits.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "nsysql/version.h"
#include "nsysql/util/err.h"
#include "nsysql/util/json.h"

#if defined(__SANITIZE_ADDRESS__)
#define NSQ_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NSQ_UNDER_ASAN 1
#endif
#endif

/* stdout owner: 0 nobody yet, 1 the command's own document, 2 a limit's */
static atomic_int owner;
static atomic_bool expired;
static int64_t memory_mb;
static pthread_t claimer;

static struct {
    pthread_t th;
    bool running, stop;
    pthread_mutex_t lock;
    pthread_cond_t cv;
    struct timespec deadline, backstop;
} dog = {.lock = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

/* Pre-rendered documents (document, then the stderr line). */
static char *timeout_doc, *timeout_msg, *oom_doc, *oom_msg;
static size_t timeout_doc_len, timeout_msg_len, oom_doc_len, oom_msg_len;

void nsq_render_error(strbuf *out, const char *command, const nsq_err *e, const char *details,
                      int pretty)
{
    json j = JSON_INIT;
    json_obj_begin(&j);
    json_kv_str(&j, "schema", "nsysql/error");
    json_kv_int(&j, "schema_version", 1);
    json_kv_bool(&j, "ok", false);
    json_kv_str(&j, "command", command);
    json_key(&j, "tool");
    json_obj_begin(&j);
    json_kv_str(&j, "name", "nsysql");
    json_kv_str(&j, "version", NSYSQL_VERSION);
    json_obj_end(&j);
    json_key(&j, "error");
    json_obj_begin(&j);
    json_kv_str(&j, "code", e->code[0] ? e->code : "internal");
    json_kv_str(&j, "message", e->message);
    if (e->hint[0])
        json_kv_str(&j, "hint", e->hint);
    json_kv_int(&j, "exit_code", e->exit_code ? e->exit_code : NSQ_EXIT_INTERNAL);
    if (details && *details)
        json_kv_raw(&j, "details", details);
    json_obj_end(&j);
    json_obj_end(&j);
    if (pretty)
        json_pretty(out, j.out.buf);
    else
        sb_addstr(out, j.out.buf);
    sb_addch(out, '\n');
    json_release(&j);
}

static void render(const char *command, const nsq_err *e, bool pretty, char **doc, size_t *doc_len,
                   char **msg, size_t *msg_len)
{
    strbuf d = STRBUF_INIT, m = STRBUF_INIT;
    nsq_render_error(&d, command, e, NULL, pretty);
    sb_addf(&m, "nsysql %s: error: %s\n", command, e->message);
    if (e->hint[0])
        sb_addf(&m, "hint: %s\n", e->hint);
    *doc_len = d.len;
    *doc = sb_detach(&d);
    *msg_len = m.len;
    *msg = sb_detach(&m);
}

static void write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        p += w;
        n -= (size_t)w;
    }
}

/* Prints a limit's document unless stdout is taken, then exits 4. */
static _Noreturn void limit_exit(const char *doc, size_t doc_len, const char *msg, size_t msg_len)
{
    int none = 0;
    if (atomic_compare_exchange_strong(&owner, &none, 2)) {
        write_all(STDOUT_FILENO, doc, doc_len);
        write_all(STDERR_FILENO, msg, msg_len);
        _exit(NSQ_EXIT_QUERY);
    }
    if (none == 1 && pthread_equal(pthread_self(), claimer)) {
        /* out of memory while printing the command's own document */
        static const char m[] = "nsysql: out of memory while writing the output\n";
        write_all(STDERR_FILENO, m, sizeof m - 1);
        _exit(NSQ_EXIT_INTERNAL);
    }
    /* another thread prints a document and exits: let it finish */
    for (;;)
        pause();
}

bool nsq_limits_claim_output(void)
{
    int none = 0;
    if (atomic_compare_exchange_strong(&owner, &none, 1)) {
        claimer = pthread_self();
        return true;
    }
    return none == 1;
}

bool nsq_limits_expired(void)
{
    return atomic_load_explicit(&expired, memory_order_relaxed);
}

static int progress(void *unused)
{
    (void)unused;
    return nsq_limits_expired();
}

void nsq_limits_watch(sqlite3 *db)
{
    if (db && dog.running)
        sqlite3_progress_handler(db, 4096, progress, NULL);
}

_Noreturn void nsq_limits_oom(void)
{
    if (!oom_doc) {
        static const char m[] = "nsysql: out of memory\n";
        write_all(STDERR_FILENO, m, sizeof m - 1);
        _exit(NSQ_EXIT_QUERY);
    }
    limit_exit(oom_doc, oom_doc_len, oom_msg, oom_msg_len);
}

int64_t nsq_limits_memory_mb(void)
{
    return memory_mb;
}

int64_t nsq_limits_default_memory_mb(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return 0;
    return (int64_t)pages / 1024 * size / 1024 * 3 / 4;
}

static void add_ms(struct timespec *t, int64_t ms)
{
    t->tv_sec += ms / 1000;
    t->tv_nsec += (ms % 1000) * 1000000;
    if (t->tv_nsec >= 1000000000) {
        t->tv_sec++;
        t->tv_nsec -= 1000000000;
    }
}

static void *watch(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&dog.lock);
    while (!dog.stop && pthread_cond_timedwait(&dog.cv, &dog.lock, &dog.deadline) != ETIMEDOUT)
        ;
    if (!dog.stop)
        atomic_store(&expired, true);
    while (!dog.stop && pthread_cond_timedwait(&dog.cv, &dog.lock, &dog.backstop) != ETIMEDOUT)
        ;
    bool stop = dog.stop;
    pthread_mutex_unlock(&dog.lock);
    if (!stop) /* a computation that does not look at the flag: end it here */
        limit_exit(timeout_doc, timeout_doc_len, timeout_msg, timeout_msg_len);
    return NULL;
}

void nsq_limits_start(const char *command, int64_t timeout_ms, int64_t max_memory_mb, bool pretty)
{
    nsq_on_oom(nsq_limits_oom);
    nsq_err e = {0};
    memory_mb = max_memory_mb > 0 ? max_memory_mb : 0;
    if (memory_mb) {
        nsq_error(&e, NSQ_EXIT_QUERY, "memory_limit",
                  "the command would need more than its memory ceiling of %lld MiB",
                  (long long)memory_mb);
        nsq_hint(&e, "raise it with --max-memory-mb N (0 = no ceiling)");
    } else {
        nsq_error(&e, NSQ_EXIT_QUERY, "memory_limit", "out of memory (no ceiling was set)");
    }
    render(command, &e, pretty, &oom_doc, &oom_doc_len, &oom_msg, &oom_msg_len);
    if (memory_mb) {
        sqlite3_int64 bytes = (sqlite3_int64)memory_mb << 20;
        sqlite3_hard_heap_limit64(bytes);
#ifndef NSQ_UNDER_ASAN
        /* the sanitizers reserve terabytes of shadow memory: no rlimit then */
        struct rlimit rl;
        if (getrlimit(RLIMIT_DATA, &rl) == 0 &&
            (rl.rlim_max == RLIM_INFINITY || (rlim_t)bytes < rl.rlim_max)) {
            rl.rlim_cur = (rlim_t)bytes;
            setrlimit(RLIMIT_DATA, &rl);
        }
#endif
    }
    if (timeout_ms > 0) {
        nsq_err_clear(&e);
        nsq_error(&e, NSQ_EXIT_QUERY, "query_timeout", "time limit of %lld ms reached",
                  (long long)timeout_ms);
        nsq_hint(&e, "raise it with --timeout-ms N (0 = no limit)");
        render(command, &e, pretty, &timeout_doc, &timeout_doc_len, &timeout_msg,
               &timeout_msg_len);
        clock_gettime(CLOCK_REALTIME, &dog.deadline);
        add_ms(&dog.deadline, timeout_ms);
        dog.backstop = dog.deadline;
        add_ms(&dog.backstop, NSQ_LIMITS_GRACE_MS);
        dog.running = pthread_create(&dog.th, NULL, watch, NULL) == 0;
    }
}

void nsq_limits_stop(void)
{
    if (dog.running) {
        pthread_mutex_lock(&dog.lock);
        dog.stop = true;
        pthread_cond_broadcast(&dog.cv);
        pthread_mutex_unlock(&dog.lock);
        pthread_join(dog.th, NULL);
        dog.running = false;
    }
    free(timeout_doc);
    free(timeout_msg);
    free(oom_doc);
    free(oom_msg);
    timeout_doc = timeout_msg = oom_doc = oom_msg = NULL;
}
