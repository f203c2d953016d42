/* strbuf: a growable, always NUL-terminated byte buffer (git's strbuf idea).
 * A strbuf initialised with STRBUF_INIT is valid and empty; sb_str() never
 * returns NULL. Allocation failure ends the process with a memory_limit error
 * document (limits.h): out of memory is not recoverable for a command-line
 * tool. */
#ifndef NSYSQL_STRBUF_H
#define NSYSQL_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct strbuf {
    char *buf;
    size_t len;
    size_t alloc;
} strbuf;

#define STRBUF_INIT {0, 0, 0}

void sb_grow(strbuf *sb, size_t extra);
void sb_add(strbuf *sb, const void *data, size_t len);
void sb_addstr(strbuf *sb, const char *s);
void sb_addch(strbuf *sb, char c);
void sb_addf(strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vaddf(strbuf *sb, const char *fmt, va_list ap);
void sb_reset(strbuf *sb);
void sb_release(strbuf *sb);
/* s as one CSV field: quoted (inner quotes doubled) when it holds a comma, a
 * quote or a newline. */
void sb_add_csv(strbuf *sb, const char *s);
/* The longest text (a name, a cell) printed in a table, a Markdown table or
 * the HTML report, in bytes of the text: a longer one is cut there (on a
 * UTF-8 character boundary) and ends with an ellipsis (U+2026). JSON
 * documents keep every text whole. */
#define NSQ_TEXT_CAP 4096
/* How many of the first len bytes of s to keep to keep at most cap: len when
 * it fits, else cap moved back to the start of the UTF-8 character there. */
size_t nsq_utf8_cut(const char *s, size_t len, size_t cap);
/* s for a terminal or a Markdown table: control characters (C0, DEL, C1)
 * written as \n, \r, \t, \xNN or \uNNNN, so a name can neither break a row
 * nor send an escape sequence; md: '|' escaped too. At most NSQ_TEXT_CAP
 * bytes of s, then an ellipsis. */
void sb_add_printable(strbuf *sb, const char *s, bool md);
/* One cell of a text table in --format FMT: csv (quoted when needed), md
 * ("| " cells, '|' and control characters escaped) or table (padded
 * columns, control characters escaped); first: the row's first. */
void sb_cell(strbuf *sb, const char *fmt, bool first, const char *s);
/* Ends a row started with sb_cell. */
void sb_endrow(strbuf *sb, const char *fmt);
/* Hands the buffer to the caller (who frees it); the strbuf becomes empty. */
char *sb_detach(strbuf *sb);
const char *sb_str(const strbuf *sb);

/* Allocation helpers that abort on failure. */
/* What x*alloc do when the allocator fails: call `handler` (it must not
 * return; limits.c installs one that prints the memory_limit document), else
 * print a line on stderr and exit 4. */
void nsq_on_oom(void (*handler)(void));
/* Does what x*alloc do on failure (never returns). */
void nsq_oom(void);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
