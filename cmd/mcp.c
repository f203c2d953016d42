/* nsysql mcp: a Model Context Protocol server over stdio.
 *
 * Messages are JSON-RPC 2.0, one per line (the MCP stdio transport), parsed
 * with jansson. Methods: initialize, ping, tools/list, tools/call; the
 * notifications initialized and cancelled. The tools, their schemas and the
 * checking of a call's arguments are in mcp_tools.c. A call runs the command
 * as a child process of this same binary with the arguments turned into a
 * command line, so its document is the CLI's byte for byte, and the same
 * read-only guarantees, limits and cache apply; the child is stopped
 * (SIGTERM, then SIGKILL after a grace period) when the call is cancelled or
 * the client goes away. Lines are read as they come (a line over 16 MiB is
 * answered with an error and skipped); a cancel already read when a call
 * would start means it never starts. Result: the document as text and as
 * structuredContent (with format md, the text is the Markdown of a second
 * run); isError when the command failed (exit 2..70; a tripped fail-on gate,
 * exit 1, is an answer, not an error). Argument mistakes are tool results
 * with isError and the CLI's error document (MCP 2025-11-25); an unknown
 * tool and arguments that are not an object are JSON-RPC errors (-32602). */
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

#include "mcp_tools.h"
#include "nsysql/util/limits.h"

#define PROTOCOL_LATEST "2025-11-25"
static const char *const protocols[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05",
                                        NULL};

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
    send_msg(json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id ? id : json_null(), "result",
                       result));
}

static void send_error(json_t *id, int code, const char *message)
{
    send_msg(json_pack("{s:s, s:O, s:{s:i, s:s}}", "jsonrpc", "2.0", "id", id ? id : json_null(),
                       "error", "code", code, "message", message));
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

/* A tool result: the text (content) and, when the text is a JSON object,
 * the same as structuredContent; isError as given. */
static void send_tool_result(json_t *id, const char *text, size_t len, json_t *structured,
                             bool is_error)
{
    json_t *res = json_object();
    json_object_set_new(res, "content",
                        json_pack("[{s:s, s:s%}]", "type", "text", "text", text, len));
    if (json_is_object(structured))
        json_object_set(res, "structuredContent", structured);
    json_object_set_new(res, "isError", json_boolean(is_error));
    send_result(id, res);
}

/* A call that cannot run: the error document the command line prints for
 * the same mistake, as a tool error the model can correct itself from. */
static void send_tool_error(json_t *id, const char *tool, const nsq_err *err)
{
    strbuf doc = STRBUF_INIT;
    nsq_render_error(&doc, tool, err, NULL, 0);
    json_t *structured = json_loadb(doc.buf, doc.len, 0, NULL);
    send_tool_result(id, doc.buf, doc.len, structured, true);
    json_decref(structured);
    sb_release(&doc);
}

/* The child could not be started (fork) or could not run (exec, e.g. E2BIG
 * for an argument over 128 KiB): a tool error carrying the error document
 * with the cause. */
static void start_failed(json_t *id, const char *tool, int e)
{
    nsq_err err = {0};
    nsq_error(&err, NSQ_EXIT_INTERNAL, "internal", "cannot run the %s command: %s", tool,
              strerror(e));
    nsq_hint(&err, e == E2BIG ? "an argument is too long for a command line (128 KiB each); pass "
                                "long SQL with 'file' instead of 'sql'"
                              : "check that the nsysql binary is still in place");
    send_tool_error(id, tool, &err);
}

/* Runs argv (this binary) as a child, its output in *doc and its exit
 * status in *rc. Requests that arrive meanwhile are kept for after the
 * call; a cancel of request `id`, or a client that went away, stops the
 * child. Returns 0 when it ran to its end, 1 when it was stopped (nothing
 * is answered), -1 when it could not start (*start_errno). */
static int run_child(mcp *m, json_t *id, char **argv, strbuf *doc, int *rc, int *start_errno)
{
    int out[2], ex[2];
    *start_errno = 0;
    if (pipe(out)) {
        *start_errno = errno;
        return -1;
    }
    if (pipe2(ex, O_CLOEXEC)) {
        *start_errno = errno;
        close(out[0]);
        close(out[1]);
        return -1;
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
        execv(m->self, argv);
        /* the cause goes back through the close-on-exec pipe */
        int e = errno;
        ssize_t w = write(ex[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    int fork_errno = errno;
    close(out[1]);
    close(ex[1]);
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
        *start_errno = pid < 0 ? fork_errno : exec_errno;
        return -1;
    }
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
                sb_add(doc, buf, (size_t)r);
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
    *rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
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
    return cancelled || gone ? 1 : 0;
}

/* tools/call: an unknown tool or arguments that are not an object are
 * protocol errors (-32602); every other mistake is a tool error carrying
 * the error document. The command's document is the text and the
 * structuredContent; with format md the text is its Markdown, from a
 * second run. isError when the command failed (exit 2..70; a tripped
 * gate, exit 1, is an answer). */
static void tools_call(mcp *m, json_t *id, json_t *params)
{
    const char *name = json_string_value(json_object_get(params, "name"));
    json_t *args = json_object_get(params, "arguments");
    const nsq_cmd *c = name ? mcp_tool_cmd(name) : NULL;
    if (!c) {
        char why[512];
        snprintf(why, sizeof why, "unknown tool '%.200s'", name ? name : "(none)");
        send_error(id, -32602, why);
        return;
    }
    if (args && !json_is_object(args) && !json_is_null(args)) {
        send_error(id, -32602, "'arguments' must be an object");
        return;
    }
    json_t *empty = json_object();
    json_t *a_obj = json_is_object(args) ? args : empty;
    mcp_argv a = {0}, a_md = {0};
    nsq_err err = {0};
    bool md = false;
    if (mcp_build_argv(c, a_obj, NULL, &a, &md, &err) ||
        (md && mcp_build_argv(c, a_obj, "md", &a_md, &md, &err))) {
        send_tool_error(id, c->name, &err);
        goto done;
    }
    /* a cancel already sent (often in the same read as the request): the
     * call is not started, and not answered */
    if (cancel_pending(m, id))
        goto done;
    strbuf doc = STRBUF_INIT, text = STRBUF_INIT;
    int rc = 0, e = 0, r = run_child(m, id, a.v, &doc, &rc, &e);
    if (r == 0) {
        json_t *structured = json_loadb(doc.buf ? doc.buf : "", doc.len, 0, NULL);
        bool failed = rc != 0 && rc != 1;
        int rc_md = 0;
        if (md && !failed)
            r = cancel_pending(m, id) ? 1 : run_child(m, id, a_md.v, &text, &rc_md, &e);
        if (r == 0) {
            /* the Markdown when it came, else the document */
            bool use_md = md && !failed && text.len && rc_md == rc;
            send_tool_result(id,
                             use_md    ? text.buf
                             : doc.buf ? doc.buf
                                       : "",
                             use_md ? text.len : doc.len, structured, failed);
        }
        json_decref(structured);
    }
    if (r < 0)
        start_failed(id, c->name, e);
    sb_release(&doc);
    sb_release(&text);
done:
    json_decref(empty);
    mcp_argv_free(&a);
    mcp_argv_free(&a_md);
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
        if (json_is_object(msg) &&
            (json_object_get(msg, "result") || json_object_get(msg, "error")))
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
                                  "(read result.verdict). Every answer leads with summary.text, "
                                  "one sentence; format md gives tables several times shorter to "
                                  "read where a tool offers it. Inputs are paths on this machine; "
                                  "nothing is ever written to them. A mistake in the arguments "
                                  "comes back as an error document (isError) with a code, a "
                                  "message and a hint: correct the call and try again."));
    } else if (!strcmp(method, "ping")) {
        send_result(id, json_object());
    } else if (!strcmp(method, "tools/list")) {
        send_result(id, json_incref(mcp_tools_list()));
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
        json_t *t = mcp_tools_list();
        char *s = json_dumps(json_object_get(t, "tools"), JSON_COMPACT);
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
    "mcp",
    cmd_mcp,
    CMD_OWN_LIMITS | CMD_NO_CACHE,
    "nsysql/mcp",
    1,
    "serve the analysis commands as tools over the Model Context Protocol (JSON-RPC on stdio)",
    "",
    mcp_options,
    sizeof(mcp_opts),
    NULL,
};
