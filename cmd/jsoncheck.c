/* jsoncheck: does a buffer hold one JSON document? (jansson, which only the
 * command layer links) */
#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

bool nsq_json_parses(const char *s, size_t n);

/* True when s[0..n) is exactly one JSON value (whitespace around it allowed). */
bool nsq_json_parses(const char *s, size_t n)
{
    json_error_t je;
    json_t *v = json_loadb(s, n, JSON_DECODE_ANY, &je);
    bool ok = v != NULL;
    json_decref(v);
    return ok;
}
