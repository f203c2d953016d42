/* nsysql mcp: a Model Context Protocol server over stdio.
 *
 * Messages are JSON-RPC 2.0, one per line (the MCP stdio transport), parsed
 * with jansson. Methods: initialize, ping, tools/list, tools/call; the
 * notifications initialized and cancelled. One tool per analysis command
 * (every command but capture, verify, skill and mcp: capture and verify run
 * programs and take minutes, not a read-only question), its inputSchema derived from
 * the command's option table (help --json's tables). A call runs the command
 * as a child process of this same binary with the arguments turned into a
 * command line, so its document is the CLI's byte for byte, and the same
 * read-only guarantees, limits and cache apply; the child is stopped
 * (SIGTERM, then SIGKILL after a grace period) when the call is cancelled or
 * the client goes away. Lines are read as they come (a line over 16 MiB is
 * answered with an error and skipped); a cancel already read when a call
 * would start means it never starts. Result: the document as text
 * and as structuredContent; isError when the command failed (exit 2..70; a
 * failed --fail-on gate, exit 1, is an answer, not an error). */
#define _GNU_SOURCE /* pipe2, memmem */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "nsysql/cmd.h"
#include "nsysql/util/limits.h"
/* the writer's json_null(j) is a macro (json.h); jansson's is a function */
#undef json_null

#include <jansson.h>

#define PROTOCOL_LATEST "2025-06-18"
static const char *const protocols[] = {"2025-06-18", "2025-03-26", "2024-11-05", NULL};

/* The longest request line served: a longer one is answered with an error
 * (-32600) and skipped to its newline, never buffered whole. */
#define MAX_LINE ((size_t)16 << 20)

typedef struct mcp {
    strbuf in;       /* bytes read from stdin; in.buf + start is not handled yet */
    size_t start;    /* where the next line begins */
    size_t scanned;  /* in.buf + start .. + scanned holds no newline */
    bool discarding; /* inside a line over MAX_LINE: dropped up to its newline */
    bool eof;
    char self[4096];
} mcp;

static void send_msg(json_t *m)
{
    char *s = json_dumps(m, JSON_COMPACT | JSON_ENSURE_ASCII);
    if (s) {
        fputs(s, stdout);
        fputc('\n', stdout);
        fflush(stdout);
        free(s);
    }
    json_decref(m);
}

static void send_result(json_t *id, json_t *result)
{
    send_msg(json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id ? id : json_null(), "result", result));
}

static void send_error(json_t *id, int code, const char *message)
{
    send_msg(json_pack("{s:s, s:O, s:{s:i, s:s}}", "jsonrpc", "2.0", "id", id ? id : json_null(), "error",
                       "code", code, "message", message));
}

static bool is_tool(const nsq_cmd *c)
{
    return strcmp(c->name, "capture") && strcmp(c->name, "verify") && strcmp(c->name, "skill") &&
           strcmp(c->name, "mcp");
}

static const nsq_cmd *tool_cmd(const char *name)
{
    for (int i = 0; i < nsq_ncommands; i++)
        if (is_tool(nsq_commands[i]) && !strcmp(nsq_commands[i]->name, name))
            return nsq_commands[i];
    return NULL;
}

/* Positional inputs: "input" (one export) or "inputs" (several); a command
 * that takes one export or many ("INPUT...") accepts either. */
static bool one_input(const nsq_cmd *c)
{
    return c->usage && (!strcmp(c->usage, "INPUT") || !strcmp(c->usage, "INPUT..."));
}

static bool many_inputs(const nsq_cmd *c)
{
    return !one_input(c) || !strcmp(c->usage, "INPUT...");
}

static json_t *prop_schema(const nsq_opt *o, const void *defs)
{
    json_t *p = json_object();
    switch (o->type) {
    case OPT_BOOL:
        json_object_set_new(p, "type", json_string("boolean"));
        break;
    case OPT_INT:
        json_object_set_new(p, "type", json_string("integer"));
        break;
    case OPT_DOUBLE:
        json_object_set_new(p, "type", json_string("number"));
        break;
    case OPT_LIST:
    case OPT_LIST_MULTI:
        json_object_set_new(p, "type", json_string("array"));
        json_object_set_new(p, "items", json_pack("{s:s}", "type", "string"));
        break;
    default:
        json_object_set_new(p, "type", json_string("string"));
    }
    if (o->help)
        json_object_set_new(p, "description", json_string(o->help));
    if (defs) {
        const char *v = (const char *)defs + o->offset;
        if (o->type == OPT_INT && *(const int64_t *)v)
            json_object_set_new(p, "default", json_integer(*(const int64_t *)v));
        else if (o->type == OPT_DOUBLE && *(const double *)v != 0)
            json_object_set_new(p, "default", json_real(*(const double *)v));
        else if (o->type == OPT_STR && *(const char *const *)v)
            json_object_set_new(p, "default", json_string(*(const char *const *)v));
    }
    return p;
}

static json_t *tool_schema(const nsq_cmd *c)
{
    json_t *props = json_object(), *req = json_array();
    void *defs = xcalloc(1, c->opts_size ? c->opts_size : 1);
    if (c->defaults)
        c->defaults(defs);
    if (one_input(c)) {
        json_object_set_new(props, "input", json_pack("{s:s, s:s}", "type", "string", "description",
                                                      "path of the nsys SQLite export (or capture "
                                                      "folder, or .nsys-rep) on this machine"));
        if ((c->flags & CMD_NEED_EXPORT) && !many_inputs(c))
            json_array_append_new(req, json_string("input"));
    }
    if (many_inputs(c)) {
        json_object_set_new(props, "inputs",
                            json_pack("{s:s, s:{s:s}, s:s}", "type", "array", "items", "type", "string",
                                      "description", c->usage ? c->usage : "paths of exports"));
    }
    for (const nsq_opt *o = c->opts; o && o->name; o++)
        json_object_set_new(props, o->name, prop_schema(o, defs));
    if (!(c->flags & CMD_OWN_LIMITS))
        for (const nsq_opt *o = nsq_limit_options; o->name; o++) {
            json_t *p = prop_schema(o, NULL);
            json_object_set_new(p, "type", json_string("integer"));
            json_object_set_new(p, "minimum", json_integer(0));
            json_object_set_new(props, o->name, p);
        }
    if (!(c->flags & CMD_NO_CACHE))
        for (const nsq_opt *o = nsq_cache_options; o->name; o++)
            json_object_set_new(props, o->name, prop_schema(o, NULL));
    free(defs);
    return json_pack("{s:s, s:o, s:o, s:b}", "type", "object", "properties", props, "required", req,
                     "additionalProperties", 0);
}

static json_t *tools_list(void)
{
    json_t *tools = json_array();
    for (int i = 0; i < nsq_ncommands; i++) {
        const nsq_cmd *c = nsq_commands[i];
        if (!is_tool(c))
            continue;
        json_array_append_new(tools, json_pack("{s:s, s:s, s:o}", "name", c->name, "description",
                                               c->summary, "inputSchema", tool_schema(c)));
    }
    return json_pack("{s:o}", "tools", tools);
}

/* The option of c (or a limit/cache option) called name, or NULL. */
static const nsq_opt *find_opt(const nsq_cmd *c, const char *name)
{
    for (const nsq_opt *o = c->opts; o && o->name; o++)
        if (!strcmp(o->name, name))
            return o;
    if (!(c->flags & CMD_OWN_LIMITS))
        for (const nsq_opt *o = nsq_limit_options; o->name; o++)
            if (!strcmp(o->name, name))
                return o;
    if (!(c->flags & CMD_NO_CACHE))
        for (const nsq_opt *o = nsq_cache_options; o->name; o++)
            if (!strcmp(o->name, name))
                return o;
    return NULL;
}

typedef struct argv_b {
    char **v;
    int n, cap;
} argv_b;

static void arg_add(argv_b *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->v = xrealloc(a->v, sizeof *a->v * (size_t)a->cap);
    }
    a->v[a->n++] = xstrdup(s);
    a->v[a->n] = NULL;
}

static void arg_free(argv_b *a)
{
    for (int i = 0; i < a->n; i++)
        free(a->v[i]);
    free(a->v);
}

/* Builds the command line; NULL with *why set when the arguments are bad. */
static int build_argv(const nsq_cmd *c, json_t *args, argv_b *a, char *why, size_t wn)
{
    arg_add(a, "nsysql");
    arg_add(a, c->name);
    const char *key;
    json_t *v;
    json_t *inputs = NULL;
    json_object_foreach(args, key, v)
    {
        if ((one_input(c) && !strcmp(key, "input")) || (many_inputs(c) && !strcmp(key, "inputs"))) {
            if (inputs) {
                snprintf(why, wn, "give 'input' or 'inputs' to tool %s, not both", c->name);
                return -1;
            }
            inputs = v;
            continue;
        }
        const nsq_opt *o = find_opt(c, key);
        if (!o) {
            snprintf(why, wn, "unknown argument '%.100s' for tool %s", key, c->name);
            return -1;
        }
        char opt[160];
        snprintf(opt, sizeof opt, "--%s", o->name);
        char num[64];
        switch (o->type) {
        case OPT_BOOL:
            if (!json_is_boolean(v))
                goto bad;
            if (json_is_true(v))
                arg_add(a, opt);
            break;
        case OPT_INT:
            if (!json_is_integer(v))
                goto bad;
            snprintf(num, sizeof num, "%lld", (long long)json_integer_value(v));
            arg_add(a, opt);
            arg_add(a, num);
            break;
        case OPT_DOUBLE:
            if (!json_is_number(v))
                goto bad;
            snprintf(num, sizeof num, "%.17g", json_number_value(v));
            arg_add(a, opt);
            arg_add(a, num);
            break;
        case OPT_LIST:
        case OPT_LIST_MULTI: {
            if (!json_is_array(v))
                goto bad;
            size_t i;
            json_t *x;
            json_array_foreach(v, i, x)
            {
                if (!json_is_string(x))
                    goto bad;
                arg_add(a, opt);
                arg_add(a, json_string_value(x));
            }
            break;
        }
        default:
            /* a string option; limits are strings on the command line too */
            if (json_is_string(v)) {
                arg_add(a, opt);
                arg_add(a, json_string_value(v));
            } else if (json_is_integer(v)) {
                snprintf(num, sizeof num, "%lld", (long long)json_integer_value(v));
                arg_add(a, opt);
                arg_add(a, num);
            } else {
                goto bad;
            }
        }
        continue;
    bad:
        snprintf(why, wn, "argument '%.100s' of tool %s has the wrong type (%s expected)", key, c->name,
                 o->type == OPT_LIST || o->type == OPT_LIST_MULTI ? "array of strings"
                 : o->type == OPT_BOOL                            ? "boolean"
                 : o->type == OPT_INT                             ? "integer"
                 : o->type == OPT_DOUBLE                          ? "number"
                                                                  : "string");
        return -1;
    }
    if (c->flags & CMD_NEED_EXPORT && !inputs) {
        snprintf(why, wn, "tool %s needs '%s'", c->name, many_inputs(c) ? "input' or 'inputs" : "input");
        return -1;
    }
    arg_add(a, "--");
    if (inputs && json_is_string(inputs)) {
        arg_add(a, json_string_value(inputs));
    } else if (inputs && json_is_array(inputs) && many_inputs(c)) {
        size_t i;
        json_t *x;
        json_array_foreach(inputs, i, x)
        {
            if (!json_is_string(x)) {
                snprintf(why, wn, "'inputs' of tool %s must be an array of paths", c->name);
                return -1;
            }
            arg_add(a, json_string_value(x));
        }
    } else if (inputs) {
        snprintf(why, wn, "'%s' of tool %s must be %s", one_input(c) ? "input" : "inputs", c->name,
                 one_input(c) ? "a path" : "an array of paths");
        return -1;
    }
    return 0;
}

/* Reads what stdin has (non-blocking after poll); false at end of input. */
static bool fill(mcp *m)
{
    char buf[65536];
    ssize_t r = read(STDIN_FILENO, buf, sizeof buf);
    if (r > 0) {
        /* handled lines go once they are half the buffer: moving is linear */
        if (m->start && m->start >= m->in.len / 2) {
            memmove(m->in.buf, m->in.buf + m->start, m->in.len - m->start);
            m->in.len -= m->start;
            m->start = 0;
        }
        sb_add(&m->in, buf, (size_t)r);
        return true;
    }
    if (r < 0 && (errno == EINTR || errno == EAGAIN))
        return true;
    m->eof = true;
    return false;
}

static void too_long(void)
{
    char why[200];
    snprintf(why, sizeof why,
             "invalid request: a line longer than %zu MiB (the limit of one message) was skipped",
             MAX_LINE >> 20);
    send_error(NULL, -32600, why);
}

/* The next whole line (malloc'd), or NULL when there is none yet. A line
 * over MAX_LINE is answered with an error and dropped as it arrives. */
static char *next_line(mcp *m)
{
    for (;;) {
        char *at = m->in.buf ? m->in.buf + m->start : NULL;
        size_t have = m->in.len - m->start;
        char *nl =
            at && have > m->scanned ? memchr(at + m->scanned, '\n', have - m->scanned) : NULL;
        if (!nl) {
            m->scanned = have;
            if (have > MAX_LINE || (m->discarding && have)) {
                if (!m->discarding)
                    too_long();
                m->discarding = true;
                m->in.len = m->start = m->scanned = 0;
                return NULL;
            }
            if (m->eof && have) { /* a last line without a newline */
                char *s = xstrndup(at, have);
                m->in.len = m->start = m->scanned = 0;
                return s;
            }
            return NULL;
        }
        size_t n = (size_t)(nl - at);
        bool drop = m->discarding || n > MAX_LINE;
        if (n > MAX_LINE && !m->discarding)
            too_long();
        char *s = drop ? NULL : xstrndup(at, n);
        m->start += n + 1;
        m->scanned = 0;
        m->discarding = false;
        if (m->start == m->in.len)
            m->in.len = m->start = 0;
        if (s)
            return s;
    }
}

/* Is this message a cancellation of request `id`? (handled while a call runs) */
static bool cancels(json_t *msg, json_t *id)
{
    const char *method = json_string_value(json_object_get(msg, "method"));
    if (!method || strcmp(method, "notifications/cancelled"))
        return false;
    json_t *rid = json_object_get(json_object_get(msg, "params"), "requestId");
    return rid && json_equal(rid, id);
}

/* Is a cancel of request `id` among the whole lines already read? Reads
 * what stdin has first (without waiting, up to 1 MiB); the cancel line is
 * removed. */
static bool cancel_pending(mcp *m, json_t *id)
{
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    for (int i = 0; i < 16 && !m->eof && poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP));
         i++)
        if (!fill(m))
            break;
    char *at = m->in.buf ? m->in.buf + m->start : NULL, *end = at ? m->in.buf + m->in.len : NULL;
    while (at && at < end) {
        char *nl = memchr(at, '\n', (size_t)(end - at));
        if (!nl)
            break;
        size_t n = (size_t)(nl - at);
        bool hit = false;
        if (n <= MAX_LINE && memmem(at, n, "cancelled", 9)) {
            json_t *msg = json_loadb(at, n, 0, NULL);
            hit = msg && cancels(msg, id);
            json_decref(msg);
        }
        if (hit) {
            memmove(at, nl + 1, (size_t)(end - nl - 1));
            m->in.len -= n + 1;
            m->scanned = 0;
            return true;
        }
        at = nl + 1;
    }
    return false;
}

/* The child could not be started (fork) or could not run (exec, e.g. E2BIG
 * for an argument over 128 KiB): a tool error carrying the error document
 * with the cause. */
static void start_failed(json_t *id, const char *tool, int e)
{
    nsq_err err = {0};
    strbuf doc = STRBUF_INIT;
    nsq_error(&err, NSQ_EXIT_INTERNAL, "internal", "cannot run the %s command: %s", tool,
              strerror(e));
    nsq_hint(&err, e == E2BIG ? "an argument is too long for a command line (128 KiB each); pass "
                                "long SQL with 'file' instead of 'sql'"
                              : "check that the nsysql binary is still in place");
    nsq_render_error(&doc, tool, &err, NULL, 0);
    json_t *res = json_object();
    json_t *structured = json_loadb(doc.buf, doc.len, 0, NULL);
    json_object_set_new(res, "content",
                        json_pack("[{s:s, s:s%}]", "type", "text", "text", doc.buf, doc.len));
    if (json_is_object(structured))
        json_object_set(res, "structuredContent", structured);
    json_object_set_new(res, "isError", json_true());
    json_decref(structured);
    send_result(id, res);
    sb_release(&doc);
}

/* Stops a running command: SIGTERM first (the command removes its
 * temporary output files then), SIGKILL after a grace period. Reaps it. */
#define TERM_GRACE_MS 3000
static void stop_child(pid_t pid)
{
    kill(pid, SIGTERM);
    for (int waited = 0;; waited += 10) {
        pid_t r = waitpid(pid, NULL, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR))
            return;
        if (waited >= TERM_GRACE_MS) {
            kill(pid, SIGKILL);
            while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                ;
            return;
        }
        struct timespec ts = {0, 10 * 1000000};
        nanosleep(&ts, NULL);
    }
}

static void tools_call(mcp *m, json_t *id, json_t *params)
{
    const char *name = json_string_value(json_object_get(params, "name"));
    json_t *args = json_object_get(params, "arguments");
    const nsq_cmd *c = name ? tool_cmd(name) : NULL;
    char why[512];
    if (!c) {
        snprintf(why, sizeof why, "unknown tool '%.200s'", name ? name : "(none)");
        send_error(id, -32602, why);
        return;
    }
    if (args && !json_is_object(args)) {
        send_error(id, -32602, "'arguments' must be an object");
        return;
    }
    json_t *empty = json_object();
    argv_b a = {0};
    if (build_argv(c, args ? args : empty, &a, why, sizeof why)) {
        json_decref(empty);
        arg_free(&a);
        send_error(id, -32602, why);
        return;
    }
    json_decref(empty);
    /* a cancel already sent (often in the same read as the request): the
     * call is not started, and not answered */
    if (cancel_pending(m, id)) {
        arg_free(&a);
        return;
    }
    int out[2], ex[2];
    if (pipe(out)) {
        arg_free(&a);
        send_error(id, -32603, "cannot create a pipe");
        return;
    }
    if (pipe2(ex, O_CLOEXEC)) {
        close(out[0]);
        close(out[1]);
        arg_free(&a);
        send_error(id, -32603, "cannot create a pipe");
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        int nul = open("/dev/null", O_RDWR);
        dup2(nul, STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        dup2(nul, STDERR_FILENO);
        close(out[0]);
        close(out[1]);
        close(ex[0]);
        execv(m->self, a.v);
        /* the cause goes back through the close-on-exec pipe */
        int e = errno;
        ssize_t w = write(ex[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    int fork_errno = errno;
    close(out[1]);
    close(ex[1]);
    arg_free(&a);
    int exec_errno = 0;
    if (pid > 0) {
        ssize_t r;
        while ((r = read(ex[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR)
            ;
        if (r != (ssize_t)sizeof exec_errno)
            exec_errno = 0;
    }
    close(ex[0]);
    if (pid < 0 || exec_errno) {
        close(out[0]);
        if (pid > 0)
            while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                ;
        start_failed(id, c->name, pid < 0 ? fork_errno : exec_errno);
        return;
    }
    strbuf doc = STRBUF_INIT;
    bool open_out = true, cancelled = false, gone = false;
    /* requests that arrive meanwhile wait until the call ends */
    strbuf later = STRBUF_INIT;
    while (open_out) {
        struct pollfd p[2] = {{out[0], POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
        int np = m->eof ? 1 : 2;
        if (poll(p, (nfds_t)np, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (p[0].revents) {
            char buf[65536];
            ssize_t r = read(out[0], buf, sizeof buf);
            if (r > 0)
                sb_add(&doc, buf, (size_t)r);
            else if (r == 0 || errno != EINTR)
                open_out = false;
        }
        if (np == 2 && p[1].revents) {
            fill(m);
            char *l;
            while ((l = next_line(m))) {
                json_t *msg = json_loads(l, 0, NULL);
                if (msg && cancels(msg, id))
                    cancelled = true;
                else
                    sb_addf(&later, "%s\n", l);
                json_decref(msg);
                free(l);
            }
        }
        /* end of input: the client closed its side. It is gone when it no
         * longer reads either; else the call finishes and is answered */
        if (m->eof && !gone) {
            struct pollfd o = {STDOUT_FILENO, POLLOUT, 0};
            gone = poll(&o, 1, 0) > 0 && (o.revents & (POLLERR | POLLHUP));
        }
        if (cancelled || gone) {
            stop_child(pid);
            break;
        }
    }
    close(out[0]);
    int st = 0;
    while (!cancelled && !gone && waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!cancelled && !gone) {
        int rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
        json_error_t je;
        json_t *structured = json_loadb(doc.buf ? doc.buf : "", doc.len, 0, &je);
        json_t *res = json_object();
        json_t *content = json_array();
        json_array_append_new(content, json_pack("{s:s, s:s%}", "type", "text", "text",
                                                 doc.buf ? doc.buf : "", doc.len));
        json_object_set_new(res, "content", content);
        if (json_is_object(structured))
            json_object_set(res, "structuredContent", structured);
        json_object_set_new(res, "isError", json_boolean(rc != 0 && rc != 1));
        json_decref(structured);
        send_result(id, res);
    }
    sb_release(&doc);
    /* the requests that arrived during the call, in order */
    if (later.len) {
        strbuf rest = m->in;
        m->in = later;
        sb_add(&m->in, rest.buf ? rest.buf + m->start : "", rest.len - m->start);
        sb_release(&rest);
        m->start = m->scanned = 0;
    } else {
        sb_release(&later);
    }
}

static void handle(mcp *m, const char *line)
{
    const char *p = line;
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    if (!*p)
        return;
    json_error_t je;
    json_t *msg = json_loads(line, 0, &je);
    if (!msg) {
        send_error(NULL, -32700, "parse error: not JSON");
        return;
    }
    json_t *id = json_object_get(msg, "id");
    const char *method = json_string_value(json_object_get(msg, "method"));
    json_t *params = json_object_get(msg, "params");
    if (!json_is_object(msg) || !method) {
        /* a response from the client (we send no requests) or garbage */
        if (json_is_object(msg) && (json_object_get(msg, "result") || json_object_get(msg, "error")))
            ;
        else
            send_error(id, -32600, "invalid request: no method");
        json_decref(msg);
        return;
    }
    if (!id) { /* a notification: initialized, cancelled (of nothing running), ... */
        json_decref(msg);
        return;
    }
    if (!strcmp(method, "initialize")) {
        const char *want = json_string_value(json_object_get(params, "protocolVersion"));
        const char *v = PROTOCOL_LATEST;
        for (int i = 0; want && protocols[i]; i++)
            if (!strcmp(want, protocols[i]))
                v = protocols[i];
        send_result(id, json_pack("{s:s, s:{s:{s:b}}, s:{s:s, s:s}, s:s}", "protocolVersion", v,
                                  "capabilities", "tools", "listChanged", 0, "serverInfo", "name",
                                  "nsysql", "version", NSYSQL_VERSION, "instructions",
                                  "nsysql answers questions about NVIDIA Nsight Systems exports: "
                                  "call info first, then top-kernels, idle-gaps, steady-state, "
                                  "ranks or timeline-sql; diff compares a baseline with a patch "
                                  "(read result.verdict and result.summary.sentence). Inputs are "
                                  "paths on this machine; nothing is ever written to them."));
    } else if (!strcmp(method, "ping")) {
        send_result(id, json_object());
    } else if (!strcmp(method, "tools/list")) {
        send_result(id, tools_list());
    } else if (!strcmp(method, "tools/call")) {
        if (!json_is_object(params))
            send_error(id, -32602, "tools/call needs params {name, arguments}");
        else
            tools_call(m, id, params);
    } else {
        char why[300];
        snprintf(why, sizeof why, "method not found: %.200s", method);
        send_error(id, -32601, why);
    }
    json_decref(msg);
}

typedef struct mcp_opts {
    int list_tools;
} mcp_opts;

static int cmd_mcp(nsq_ctx *ctx, void *vopts)
{
    mcp_opts *o = vopts;
    if (o->list_tools) {
        json_t *t = tools_list();
        char *s = json_dumps(json_object_get(t, "tools"), JSON_COMPACT);
        json_decref(t);
        if (!s)
            return nsq_error(&ctx->err, NSQ_EXIT_INTERNAL, "internal", "cannot render the tools");
        json_obj_begin(&ctx->params);
        json_kv_bool(&ctx->params, "list_tools", true);
        json_obj_end(&ctx->params);
        json_obj_begin(&ctx->result);
        json_kv_str(&ctx->result, "protocol_version", PROTOCOL_LATEST);
        json_kv_raw(&ctx->result, "tools", s);
        json_obj_end(&ctx->result);
        free(s);
        return 0;
    }
    mcp m;
    memset(&m, 0, sizeof m);
    ssize_t n = readlink("/proc/self/exe", m.self, sizeof m.self - 1);
    if (n <= 0)
        return nsq_error(&ctx->err, NSQ_EXIT_INTERNAL, "internal", "cannot find the nsysql binary");
    m.self[n] = '\0';
    signal(SIGPIPE, SIG_IGN);
    for (;;) {
        char *l;
        while ((l = next_line(&m))) {
            handle(&m, l);
            free(l);
        }
        if (m.eof)
            break;
        struct pollfd p = {STDIN_FILENO, POLLIN, 0};
        if (poll(&p, 1, -1) < 0 && errno != EINTR)
            break;
        fill(&m);
    }
    sb_release(&m.in);
    ctx->no_document = true; /* the session was the output */
    return 0;
}

static const nsq_opt mcp_options[] = {
    OPT_ENTRY("list-tools", 0, OPT_BOOL, mcp_opts, list_tools, NULL,
              "print the tools (what tools/list answers) as a JSON document and exit"),
    OPT_TABLE_END,
};

const nsq_cmd cmd_mcp_def = {
    "mcp", cmd_mcp, CMD_OWN_LIMITS | CMD_NO_CACHE, "nsysql/mcp", 1,
    "serve the analysis commands as tools over the Model Context Protocol (JSON-RPC on stdio)",
    "", mcp_options, sizeof(mcp_opts), NULL,
};
