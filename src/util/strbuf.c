#include "nsysql/util/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nsysql/util/err.h"

static void (*oom_handler)(void);

void nsq_on_oom(void (*handler)(void))
{
    oom_handler = handler;
}

static void oom(void)
{
    static const char m[] = "nsysql: out of memory\n";
    if (oom_handler)
        oom_handler(); /* does not return */
    if (write(STDERR_FILENO, m, sizeof m - 1) < 0) {
        /* nothing more can be done */
    }
    _exit(NSQ_EXIT_QUERY);
}

void nsq_oom(void)
{
    oom();
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom();
    return q;
}

char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void sb_grow(strbuf *sb, size_t extra)
{
    if (sb->len + extra + 1 <= sb->alloc)
        return;
    size_t want = sb->alloc ? sb->alloc : 64;
    while (want < sb->len + extra + 1)
        want *= 2;
    sb->buf = xrealloc(sb->buf, want);
    sb->alloc = want;
}

void sb_add(strbuf *sb, const void *data, size_t len)
{
    sb_grow(sb, len);
    if (len)
        memcpy(sb->buf + sb->len, data, len);
    sb->len += len;
    sb->buf[sb->len] = '\0';
}

void sb_addstr(strbuf *sb, const char *s)
{
    sb_add(sb, s, strlen(s));
}

void sb_addch(strbuf *sb, char c)
{
    sb_grow(sb, 1);
    sb->buf[sb->len++] = c;
    sb->buf[sb->len] = '\0';
}

void sb_vaddf(strbuf *sb, const char *fmt, va_list ap)
{
    va_list cp;
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    if (n < 0)
        return;
    sb_grow(sb, (size_t)n);
    vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
    sb->len += (size_t)n;
}

void sb_addf(strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vaddf(sb, fmt, ap);
    va_end(ap);
}

void sb_reset(strbuf *sb)
{
    sb->len = 0;
    if (sb->buf)
        sb->buf[0] = '\0';
}

void sb_release(strbuf *sb)
{
    free(sb->buf);
    sb->buf = NULL;
    sb->len = sb->alloc = 0;
}

char *sb_detach(strbuf *sb)
{
    char *p = sb->buf ? sb->buf : xstrdup("");
    sb->buf = NULL;
    sb->len = sb->alloc = 0;
    return p;
}

const char *sb_str(const strbuf *sb)
{
    return sb->buf ? sb->buf : "";
}

void sb_add_csv(strbuf *sb, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        sb_addstr(sb, s);
        return;
    }
    sb_addch(sb, '"');
    for (const char *c = s; *c; c++) {
        if (*c == '"')
            sb_addch(sb, '"');
        sb_addch(sb, *c);
    }
    sb_addch(sb, '"');
}

size_t nsq_utf8_cut(const char *s, size_t len, size_t cap)
{
    if (len <= cap)
        return len;
    size_t k = cap;
    /* back to the first byte of the character at cap (3 bytes at most: bytes
     * that are not UTF-8 are cut where they are) */
    while (k > 0 && cap - k < 3 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    return k;
}

void sb_add_printable(strbuf *sb, const char *s, bool md)
{
    const unsigned char *c = (const unsigned char *)s;
    size_t len = strlen(s), keep = nsq_utf8_cut(s, len, NSQ_TEXT_CAP);
    const unsigned char *end = c + keep;
    for (; c < end; c++) {
        if (*c == '\n')
            sb_addstr(sb, "\\n");
        else if (*c == '\r')
            sb_addstr(sb, "\\r");
        else if (*c == '\t')
            sb_addstr(sb, "\\t");
        else if (*c < 0x20 || *c == 0x7f)
            sb_addf(sb, "\\x%02x", *c);
        else if (*c == 0xc2 && c[1] >= 0x80 && c[1] <= 0x9f) /* C1 controls (U+0080..U+009F, CSI) */
            sb_addf(sb, "\\u%04x", *++c);
        else if (md && *c == '|')
            sb_addstr(sb, "\\|");
        else
            sb_addch(sb, (char)*c);
    }
    if (keep < len)
        sb_addstr(sb, "\xe2\x80\xa6"); /* U+2026 HORIZONTAL ELLIPSIS */
}

void sb_cell(strbuf *sb, const char *fmt, bool first, const char *s)
{
    if (!strcmp(fmt, "csv")) {
        if (!first)
            sb_addch(sb, ',');
        sb_add_csv(sb, s);
    } else if (!strcmp(fmt, "md")) {
        sb_addstr(sb, first ? "| " : " | ");
        sb_add_printable(sb, s, true);
    } else {
        if (!first)
            sb_addstr(sb, "  ");
        strbuf t = STRBUF_INIT;
        sb_add_printable(&t, s, false);
        sb_addf(sb, "%-12s", sb_str(&t));
        sb_release(&t);
    }
}

void sb_endrow(strbuf *sb, const char *fmt)
{
    if (!strcmp(fmt, "md"))
        sb_addstr(sb, " |");
    sb_addch(sb, '\n');
}
