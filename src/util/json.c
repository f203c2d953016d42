#include "nsysql/util/json.h"
#include "nsysql/version.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void newline(json *j)
{
    if (!j->pretty)
        return;
    sb_addch(&j->out, '\n');
    for (int i = 0; i < j->depth; i++)
        sb_addstr(&j->out, "  ");
}

/* Called before every value or key: places the comma and indentation. */
static void pre_value(json *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->depth > 0) {
        if (j->need_comma[j->depth - 1])
            sb_addch(&j->out, ',');
        j->need_comma[j->depth - 1] = true;
        newline(j);
    }
}

static void open_container(json *j, char c)
{
    pre_value(j);
    if (j->depth >= JSON_MAX_DEPTH) {
        fputs("nsysql: internal error: JSON nesting too deep\n", stderr);
        abort();
    }
    sb_addch(&j->out, c);
    j->kind[j->depth] = c;
    j->need_comma[j->depth] = false;
    j->depth++;
}

static void close_container(json *j, char open, char close)
{
    if (j->depth == 0 || j->kind[j->depth - 1] != open) {
        fputs("nsysql: internal error: unbalanced JSON\n", stderr);
        abort();
    }
    bool had = j->need_comma[j->depth - 1];
    j->depth--;
    if (had)
        newline(j);
    sb_addch(&j->out, close);
}

void json_obj_begin(json *j) { open_container(j, '{'); }
void json_obj_end(json *j) { close_container(j, '{', '}'); }
void json_arr_begin(json *j) { open_container(j, '['); }
void json_arr_end(json *j) { close_container(j, '[', ']'); }

void json_key(json *j, const char *key)
{
    pre_value(j);
    json_escape(&j->out, key, strlen(key));
    sb_addstr(&j->out, j->pretty ? ": " : ":");
    j->after_key = true;
}

/* Length of a valid UTF-8 sequence starting at s (at most n bytes), or 0. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len;
    uint32_t cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

void json_escape(strbuf *sb, const char *str, size_t len)
{
    const unsigned char *s = (const unsigned char *)str;
    sb_grow(sb, len + 2);
    sb_addch(sb, '"');
    size_t i = 0;
    while (i < len) {
        /* a run of characters written as they are, at once */
        size_t r = i;
        while (r < len && s[r] >= 0x20 && s[r] < 0x7F && s[r] != '"' && s[r] != '\\')
            r++;
        if (r > i) {
            sb_add(sb, s + i, r - i);
            i = r;
            continue;
        }
        unsigned char c = s[i];
        if (c < 0x80) {
            switch (c) {
            case '"': sb_add(sb, "\\\"", 2); break;
            case '\\': sb_add(sb, "\\\\", 2); break;
            case '\b': sb_add(sb, "\\b", 2); break;
            case '\f': sb_add(sb, "\\f", 2); break;
            case '\n': sb_add(sb, "\\n", 2); break;
            case '\r': sb_add(sb, "\\r", 2); break;
            case '\t': sb_add(sb, "\\t", 2); break;
            default:
                if (c < 0x20 || c == 0x7F)
                    sb_addf(sb, "\\u%04x", c);
                else
                    sb_addch(sb, (char)c);
            }
            i++;
            continue;
        }
        size_t n = utf8_seq(s + i, len - i);
        if (n == 0) {
            sb_add(sb, "\\ufffd", 6); /* invalid byte: replacement character */
            i++;
        } else {
            sb_add(sb, s + i, n);
            i += n;
        }
    }
    sb_addch(sb, '"');
}

void json_str(json *j, const char *s)
{
    if (!s) {
        json_null(j);
        return;
    }
    json_strn(j, s, strlen(s));
}

void json_strn(json *j, const char *s, size_t len)
{
    pre_value(j);
    json_escape(&j->out, s, len);
}

void json_int(json *j, int64_t v)
{
    pre_value(j);
    /* what "%" PRId64 writes, without printf's cost (one per number) */
    char t[24], *e = t + sizeof t, *q = e;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do
        *--q = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--q = '-';
    sb_add(&j->out, q, (size_t)(e - q));
}

void json_uint(json *j, uint64_t v)
{
    pre_value(j);
    sb_addf(&j->out, "%" PRIu64, v);
}

/* Doubles: up to 6 decimals, trailing zeros trimmed ("12.5", "0.000123");
 * magnitudes >= 1e15 or tiny non-zero values use %.6e. */
void json_double(json *j, double v)
{
    if (isnan(v) || isinf(v)) {
        json_null(j);
        return;
    }
    pre_value(j);
    char buf[64];
    double a = fabs(v);
    if (a != 0 && (a >= 1e15 || a < 1e-6)) {
        snprintf(buf, sizeof buf, "%.6e", v);
    } else {
        snprintf(buf, sizeof buf, "%.6f", v);
        char *dot = strchr(buf, '.');
        if (dot) {
            char *e = buf + strlen(buf) - 1;
            while (e > dot && *e == '0')
                *e-- = '\0';
            if (e == dot)
                *e = '\0';
        }
        if (strcmp(buf, "-0") == 0)
            strcpy(buf, "0");
    }
    sb_addstr(&j->out, buf);
}

void json_double_exact(json *j, double v)
{
    if (isnan(v) || isinf(v)) {
        json_null(j);
        return;
    }
    pre_value(j);
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", v);
    /* keep it a JSON number that reads back as a double */
    if (!strpbrk(buf, ".eE"))
        strcat(buf, ".0");
    sb_addstr(&j->out, buf);
}

void json_bool(json *j, bool v)
{
    pre_value(j);
    sb_addstr(&j->out, v ? "true" : "false");
}

void json_null_value(json *j)
{
    pre_value(j);
    sb_addstr(&j->out, "null");
}

void json_raw(json *j, const char *text)
{
    pre_value(j);
    sb_addstr(&j->out, text);
}

void json_kv_str(json *j, const char *k, const char *v) { json_key(j, k); json_str(j, v); }
void json_kv_int(json *j, const char *k, int64_t v) { json_key(j, k); json_int(j, v); }
void json_kv_double(json *j, const char *k, double v) { json_key(j, k); json_double(j, v); }
void json_kv_bool(json *j, const char *k, bool v) { json_key(j, k); json_bool(j, v); }
void json_kv_null(json *j, const char *k) { json_key(j, k); json_null(j); }
void json_kv_raw(json *j, const char *k, const char *t) { json_key(j, k); json_raw(j, t); }

void json_release(json *j)
{
    sb_release(&j->out);
    j->depth = 0;
    j->after_key = false;
}

void json_pretty(strbuf *out, const char *in)
{
    int depth = 0;
    bool in_str = false;
    for (const char *c = in; *c; c++) {
        if (in_str) {
            sb_addch(out, *c);
            if (*c == '\\' && c[1])
                sb_addch(out, *++c);
            else if (*c == '"')
                in_str = false;
            continue;
        }
        switch (*c) {
        case '"':
            in_str = true;
            sb_addch(out, *c);
            break;
        case '{':
        case '[':
            /* keep empty containers on one line */
            if ((c[0] == '{' && c[1] == '}') || (c[0] == '[' && c[1] == ']')) {
                sb_add(out, c, 2);
                c++;
                break;
            }
            sb_addch(out, *c);
            depth++;
            sb_addch(out, '\n');
            for (int i = 0; i < depth; i++)
                sb_addstr(out, "  ");
            break;
        case '}':
        case ']':
            depth--;
            sb_addch(out, '\n');
            for (int i = 0; i < depth; i++)
                sb_addstr(out, "  ");
            sb_addch(out, *c);
            break;
        case ',':
            sb_addch(out, ',');
            sb_addch(out, '\n');
            for (int i = 0; i < depth; i++)
                sb_addstr(out, "  ");
            break;
        case ':':
            sb_addstr(out, ": ");
            break;
        case ' ':
        case '\n':
            break;
        default:
            sb_addch(out, *c);
        }
    }
}

void json_doc_head(json *j, const char *schema, int version, bool ok)
{
    json_obj_begin(j);
    json_kv_str(j, "schema", schema);
    json_kv_int(j, "schema_version", version);
    json_kv_bool(j, "ok", ok);
    json_key(j, "tool");
    json_obj_begin(j);
    json_kv_str(j, "name", "nsysql");
    json_kv_str(j, "version", NSYSQL_VERSION);
    json_obj_end(j);
}
