#include "nsysql/util/cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "nsysql/util/strbuf.h"

#define MAGIC "nsysql-cache 2\n"
#define SAMPLE (64 * 1024)

struct nsq_cache {
    char *dir;
    char *path;   /* the entry file */
    strbuf ident; /* the full key, stored in the entry and compared on read */
    int nfiles;
    char **files;  /* the arguments that name regular files */
    char **stamps; /* their identity at begin */
    bool trace;
    bool owned; /* the entry read is this user's (nsq_cache_drop may remove it) */
};

static void trace(const nsq_cache *c, const char *what)
{
    if (c->trace)
        fprintf(stderr, "nsysql: cache %s %s\n", what, c->path ? c->path : "");
}

static void hex(char *out, const uint8_t *d, size_t n)
{
    static const char x[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = x[d[i] >> 4];
        out[2 * i + 1] = x[d[i] & 15];
    }
    out[2 * n] = '\0';
}

/* Identity of a regular file: stat fields and a digest of its ends. NULL
 * when it is not a regular file that can be read. */
static char *file_stamp(const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        return NULL;
    }
    struct sha256_ctx h;
    sha256_init(&h);
    uint8_t *buf = xmalloc(SAMPLE);
    /* the first and the last SAMPLE bytes (overlap removed) */
    off_t size = st.st_size, spans[2][2] = {{0, size < SAMPLE ? size : SAMPLE}, {0, 0}};
    if (size > SAMPLE) {
        spans[1][0] = size - SAMPLE > SAMPLE ? size - SAMPLE : SAMPLE;
        spans[1][1] = size;
    }
    bool ok = true;
    for (int s = 0; s < 2 && ok; s++) {
        for (off_t at = spans[s][0]; at < spans[s][1];) {
            ssize_t r = pread(fd, buf, (size_t)(spans[s][1] - at), at);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0) {
                ok = false;
                break;
            }
            sha256_update(&h, (size_t)r, buf);
            at += r;
        }
    }
    free(buf);
    close(fd);
    if (!ok)
        return NULL;
    uint8_t d[SHA256_DIGEST_SIZE];
    char dh[2 * SHA256_DIGEST_SIZE + 1];
    sha256_digest(&h, sizeof d, d);
    hex(dh, d, sizeof d);
    strbuf sb = STRBUF_INIT;
    sb_addf(&sb, "dev=%llu ino=%llu size=%lld mtime=%lld.%09ld ctime=%lld.%09ld sha256(ends)=%s",
            (unsigned long long)st.st_dev, (unsigned long long)st.st_ino, (long long)st.st_size,
            (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec, (long long)st.st_ctim.tv_sec,
            st.st_ctim.tv_nsec, dh);
    return sb_detach(&sb);
}

/* The cache folder (malloc'd), created 0700 when missing; NULL, with *why
 * set, when there is none or it is not this user's alone: another user's
 * folder, or one others may write, could hold entries planted for us. */
static char *cache_dir(const char **why)
{
    const char *d = getenv("NSYSQL_CACHE_DIR");
    strbuf sb = STRBUF_INIT;
    *why = "no cache folder";
    if (d && *d) {
        sb_addstr(&sb, d);
    } else if ((d = getenv("XDG_CACHE_HOME")) && *d == '/') {
        sb_addf(&sb, "%s/nsysql", d);
    } else if ((d = getenv("HOME")) && *d == '/') {
        sb_addf(&sb, "%s/.cache", d);
        mkdir(sb.buf, 0700);
        sb_addstr(&sb, "/nsysql");
    } else {
        sb_release(&sb);
        return NULL;
    }
    struct stat st;
    if ((mkdir(sb.buf, 0700) && errno != EEXIST) || stat(sb.buf, &st) || !S_ISDIR(st.st_mode)) {
        sb_release(&sb);
        return NULL;
    }
    if (st.st_uid != geteuid() || (st.st_mode & 022)) {
        *why = "the cache folder is another user's or writable by others";
        sb_release(&sb);
        return NULL;
    }
    return sb_detach(&sb);
}

/* Identity of the file beside an export that SQLite would read with it
 * (-wal, -journal): "none" or its stat fields. */
static void side_stamp(strbuf *sb, const char *path, const char *suffix)
{
    strbuf p = STRBUF_INIT;
    struct stat st;
    sb_addf(&p, "%s%s", path, suffix);
    if (lstat(p.buf, &st))
        sb_addf(sb, "%s none", suffix);
    else
        sb_addf(sb, "%s dev=%llu ino=%llu mode=%o size=%lld mtime=%lld.%09ld ctime=%lld.%09ld",
                suffix, (unsigned long long)st.st_dev, (unsigned long long)st.st_ino,
                (unsigned)st.st_mode, (long long)st.st_size, (long long)st.st_mtim.tv_sec,
                st.st_mtim.tv_nsec, (long long)st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
    sb_release(&p);
}

static void digest_hex(char *out, const void *data, size_t len)
{
    struct sha256_ctx h;
    uint8_t d[SHA256_DIGEST_SIZE];
    sha256_init(&h);
    sha256_update(&h, len, data);
    sha256_digest(&h, sizeof d, d);
    hex(out, d, sizeof d);
}

/* Arguments may be written as --opt=VALUE: the VALUE part names the file. */
static const char *arg_path(const char *a)
{
    if (a[0] == '-' && a[1] == '-') {
        const char *eq = strchr(a, '=');
        return eq ? eq + 1 : NULL;
    }
    return a;
}

nsq_cache *nsq_cache_begin(const char *command, int argc, char **argv, nsq_cache_input_fn input,
                           nsq_err *err)
{
    const char *env = getenv("NSYSQL_CACHE");
    if (env && !strcmp(env, "0"))
        return NULL;
    nsq_cache *c = xcalloc(1, sizeof *c);
    c->trace = (env = getenv("NSYSQL_CACHE_TRACE")) && *env && strcmp(env, "0");
    const char *why = NULL;
    c->dir = cache_dir(&why);
    char *self = file_stamp("/proc/self/exe");
    if (!c->dir || !self) {
        free(self);
        if (c->trace)
            fprintf(stderr, "nsysql: cache off (%s)\n", c->dir ? "no binary identity" : why);
        nsq_cache_end(c);
        return NULL;
    }
    c->ident = (strbuf)STRBUF_INIT;
    sb_addf(&c->ident, "binary %s\ncommand %s\n", self, command);
    free(self);
    /* nsysql's own variables (NSYSQL_THREADS, NSYSQL_RAWSCAN, ...) select code
     * paths that must agree: a call under other settings is a separate entry,
     * so that comparing them never compares an answer with itself */
    extern char **environ;
    for (char **e = environ; e && *e; e++)
        if (!strncmp(*e, "NSYSQL_", 7) && strncmp(*e, "NSYSQL_CACHE", 12))
            sb_addf(&c->ident, "env %zu:%s\n", strlen(*e), *e);
    c->files = xcalloc(2 * (size_t)argc + 1, sizeof *c->files);
    c->stamps = xcalloc(2 * (size_t)argc + 1, sizeof *c->stamps);
    for (int i = 0; i < argc; i++) {
        /* arguments are written with their length: no two lists collide */
        sb_addf(&c->ident, "arg %zu:%s\n", strlen(argv[i]), argv[i]);
        const char *p = arg_path(argv[i]);
        struct stat st;
        if (!p || !*p || stat(p, &st))
            continue;
        if (!S_ISREG(st.st_mode)) {
            /* a capture folder or a device: what it resolves to is not
             * pinned down here, so no caching */
            trace(c, "off (an argument names a path that is not a regular file)");
            nsq_cache_end(c);
            return NULL;
        }
        char *stamp = file_stamp(p);
        if (!stamp) {
            nsq_cache_end(c);
            return NULL;
        }
        sb_addf(&c->ident, "file %d %s\n", i, stamp);
        c->files[c->nfiles] = xstrdup(p);
        c->stamps[c->nfiles++] = stamp;
        /* what is actually read: an .nsys-rep is answered from the .sqlite
         * beside it; the checks made before reading run before any hit */
        char *reads = NULL;
        int r = input ? input(p, &reads, err) : 0;
        if (r) {
            if (r > 0)
                trace(c, "off (what an argument is read as is not known before the call)");
            nsq_cache_end(c);
            return NULL;
        }
        const char *read = reads ? reads : p;
        if (strcmp(read, p)) {
            if (!(stamp = file_stamp(read))) {
                free(reads);
                nsq_cache_end(c);
                return NULL;
            }
            sb_addf(&c->ident, "reads %d %zu:%s %s\n", i, strlen(read), read, stamp);
            c->files[c->nfiles] = xstrdup(read);
            c->stamps[c->nfiles++] = stamp;
        }
        /* SQLite reads a -wal beside the file with it */
        sb_addf(&c->ident, "beside %d ", i);
        side_stamp(&c->ident, read, "-wal");
        sb_addch(&c->ident, ' ');
        side_stamp(&c->ident, read, "-journal");
        sb_addch(&c->ident, '\n');
        free(reads);
    }
    char dh[2 * SHA256_DIGEST_SIZE + 1];
    digest_hex(dh, c->ident.buf, c->ident.len);
    strbuf p = STRBUF_INIT;
    sb_addf(&p, "%s/%s.answer", c->dir, dh);
    c->path = sb_detach(&p);
    return c;
}

void nsq_cache_drop(nsq_cache *c, const char *why)
{
    if (!c)
        return;
    if (c->owned)
        unlink(c->path);
    if (c->trace)
        fprintf(stderr, "nsysql: cache dropped (%s) %s\n", why, c->path);
}

int nsq_cache_lookup(nsq_cache *c, char **out, size_t *len, int *exit_code)
{
    if (!c)
        return 0;
    c->owned = false;
    int fd = open(c->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    struct stat st;
    if (fd < 0) {
        trace(c, "miss");
        return 0;
    }
    if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022)) {
        /* planted by someone else: never read */
        close(fd);
        trace(c, "miss (an entry that is not this user's alone is ignored)");
        return 0;
    }
    c->owned = true;
    strbuf sb = STRBUF_INIT;
    char buf[65536];
    ssize_t n;
    bool err = false;
    for (;;) {
        n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            err = n < 0;
            break;
        }
        sb_add(&sb, buf, (size_t)n);
    }
    close(fd);
    /* MAGIC, "sha256 HEX\n", then the body it digests: ident, "\n",
     * "exit N\n", "bytes N\n", the answer */
    size_t ml = strlen(MAGIC), dl = 7 + 2 * SHA256_DIGEST_SIZE + 1, il = c->ident.len;
    if (err || sb.len < ml + dl || memcmp(sb.buf, MAGIC, ml) || memcmp(sb.buf + ml, "sha256 ", 7) ||
        sb.buf[ml + dl - 1] != '\n') {
        sb_release(&sb);
        nsq_cache_drop(c, "not an entry of this format");
        return 0;
    }
    const char *body = sb.buf + ml + dl;
    size_t bl = sb.len - ml - dl;
    char dh[2 * SHA256_DIGEST_SIZE + 1];
    digest_hex(dh, body, bl);
    if (memcmp(sb.buf + ml + 7, dh, 2 * SHA256_DIGEST_SIZE)) {
        sb_release(&sb);
        nsq_cache_drop(c, "its digest does not match its content");
        return 0;
    }
    if (bl <= il || memcmp(body, c->ident.buf, il) || body[il] != '\n') {
        sb_release(&sb);
        trace(c, "miss (an entry with another identity)");
        return 0;
    }
    int code = -1, used = 0;
    size_t bytes = 0;
    /* the body is not NUL-terminated where the answer ends: sb is */
    if (sscanf(body + il + 1, "exit %d\nbytes %zu\n%n", &code, &bytes, &used) != 2 || used <= 0 ||
        il + 1 + (size_t)used + bytes != bl || code < 0 || code > 255) {
        sb_release(&sb);
        nsq_cache_drop(c, "a malformed entry");
        return 0;
    }
    size_t at = il + 1 + (size_t)used;
    *out = xmalloc(bytes + 1);
    memcpy(*out, body + at, bytes);
    (*out)[bytes] = '\0';
    *len = bytes;
    *exit_code = code;
    sb_release(&sb);
    /* least recently used goes first: a hit is a use */
    utimensat(AT_FDCWD, c->path, NULL, 0);
    trace(c, "hit");
    return 1;
}

typedef struct entry {
    char *path;
    off_t size;
    struct timespec mtime;
} entry;

static int cmp_entry(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->mtime.tv_sec != y->mtime.tv_sec)
        return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
    return (x->mtime.tv_nsec > y->mtime.tv_nsec) - (x->mtime.tv_nsec < y->mtime.tv_nsec);
}

static int64_t max_bytes(void)
{
    const char *e = getenv("NSYSQL_CACHE_MAX_MB");
    double mb = e && *e ? strtod(e, NULL) : 256;
    return mb > 0 && mb < 1e9 ? (int64_t)(mb * 1048576) : 0;
}

/* Removes the least recently used entries until the folder holds at most
 * `limit` bytes. */
static void trim(const char *dir, int64_t limit)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    entry *v = NULL;
    int n = 0, cap = 0;
    int64_t total = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 8 || strcmp(e->d_name + l - 7, ".answer"))
            continue;
        strbuf p = STRBUF_INIT;
        sb_addf(&p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p.buf, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
            sb_release(&p);
            continue;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            v = xrealloc(v, sizeof *v * (size_t)cap);
        }
        v[n++] = (entry){sb_detach(&p), st.st_size, st.st_mtim};
        total += st.st_size;
    }
    closedir(d);
    if (total > limit) {
        qsort(v, (size_t)n, sizeof *v, cmp_entry);
        for (int i = 0; i < n && total > limit; i++)
            if (unlink(v[i].path) == 0)
                total -= v[i].size;
    }
    for (int i = 0; i < n; i++)
        free(v[i].path);
    free(v);
}

void nsq_cache_store(nsq_cache *c, const char *out, size_t len, int exit_code)
{
    if (!c)
        return;
    int64_t limit = max_bytes();
    if ((int64_t)(len + c->ident.len) > limit / 4) {
        trace(c, "not stored (the answer is over a quarter of NSYSQL_CACHE_MAX_MB)");
        return;
    }
    for (int i = 0; i < c->nfiles; i++) {
        char *now = file_stamp(c->files[i]);
        bool same = now && !strcmp(now, c->stamps[i]);
        free(now);
        if (!same) {
            trace(c, "not stored (an input changed while it was read)");
            return;
        }
    }
    strbuf body = STRBUF_INIT;
    sb_add(&body, c->ident.buf, c->ident.len);
    sb_addf(&body, "\nexit %d\nbytes %zu\n", exit_code, len);
    sb_add(&body, out, len);
    char dh[2 * SHA256_DIGEST_SIZE + 1];
    digest_hex(dh, body.buf, body.len);
    strbuf tmp = STRBUF_INIT;
    sb_addf(&tmp, "%s.%ld.tmp", c->path, (long)getpid());
    /* answers name kernels and paths: readable by their owner only */
    int fd = open(tmp.buf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    bool ok = f != NULL;
    if (ok) {
        fprintf(f, "%ssha256 %s\n", MAGIC, dh);
        fwrite(body.buf, 1, body.len, f);
        ok = !ferror(f);
        ok &= fclose(f) == 0;
    }
    sb_release(&body);
    if (ok && rename(tmp.buf, c->path) == 0) {
        trace(c, "stored");
        trim(c->dir, limit);
    } else {
        unlink(tmp.buf);
        trace(c, "not stored (the cache folder cannot be written)");
    }
    sb_release(&tmp);
}

void nsq_cache_end(nsq_cache *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->nfiles; i++) {
        free(c->files[i]);
        free(c->stamps[i]);
    }
    free(c->files);
    free(c->stamps);
    sb_release(&c->ident);
    free(c->path);
    free(c->dir);
    free(c);
}
