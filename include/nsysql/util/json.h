/* json: the one JSON writer. A stack of open containers guarantees brackets
 * close and commas are placed; strings are escaped (every control character,
 * quotes, backslash) and invalid UTF-8 is replaced by U+FFFD so the output is
 * always valid JSON. Integers are written as integers; doubles with a fixed
 * format ("%.6g"-like, see json_double); NaN and infinities become null.
 * The caller owns `out` and releases it with json_release(). */
#ifndef NSYSQL_JSON_H
#define NSYSQL_JSON_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/util/strbuf.h"

#define JSON_MAX_DEPTH 64

typedef struct json {
    strbuf out;
    int depth;
    int pretty;
    bool need_comma[JSON_MAX_DEPTH];
    char kind[JSON_MAX_DEPTH]; /* '{' or '[' */
    bool after_key;
} json;

#define JSON_INIT {STRBUF_INIT, 0, 0, {0}, {0}, 0}

void json_obj_begin(json *j);
void json_obj_end(json *j);
void json_arr_begin(json *j);
void json_arr_end(json *j);
void json_key(json *j, const char *key);
void json_str(json *j, const char *s); /* NULL writes null */
void json_strn(json *j, const char *s, size_t len);
void json_int(json *j, int64_t v);
void json_uint(json *j, uint64_t v);
void json_double(json *j, double v);
/* Round-trip precision (%.17g), for user data in query results. */
void json_double_exact(json *j, double v);
void json_bool(json *j, bool v);
/* json_null_value, not json_null: the linker would let a json_null here
 * interpose jansson's (the MCP server links it), inside jansson too */
void json_null_value(json *j);
#define json_null(j) json_null_value(j)
/* Inserts an already-serialised JSON value verbatim (must be valid JSON). */
void json_raw(json *j, const char *text);

void json_kv_str(json *j, const char *k, const char *v);
void json_kv_int(json *j, const char *k, int64_t v);
void json_kv_double(json *j, const char *k, double v);
void json_kv_bool(json *j, const char *k, bool v);
void json_kv_null(json *j, const char *k);
void json_kv_raw(json *j, const char *k, const char *text);

/* Appends `s` (len bytes) escaped as a JSON string with quotes to sb. */
void json_escape(strbuf *sb, const char *s, size_t len);
/* Re-indents a compact JSON document (two spaces per level) into out. */
void json_pretty(strbuf *out, const char *compact);
void json_release(json *j);

/* Opens a document and writes the head every nsysql document starts with:
 * schema, schema_version, ok and tool (name, version). */
void json_doc_head(json *j, const char *schema, int version, bool ok);

#endif
