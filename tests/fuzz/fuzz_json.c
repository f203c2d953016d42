/* The JSON writer with arbitrary bytes in keys and values: the output is
 * always one valid JSON document (jansson parses it strictly, UTF-8
 * included), compact and re-indented. */
#include <string.h>

#include "fuzz.h"
#include "nsysql/util/json.h"
#undef json_null
#include <jansson.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t half = size / 2;
    char *k = malloc(half + 1), *v = malloc(size - half + 1);
    memcpy(k, data, half);
    k[half] = '\0';
    memcpy(v, data + half, size - half);
    v[size - half] = '\0';
    json j = JSON_INIT;
    json_obj_begin(&j);
    json_kv_str(&j, k, v);
    json_key(&j, "raw");
    json_strn(&j, (const char *)data, size);
    json_kv_int(&j, "n", (int64_t)size);
    json_key(&j, "list");
    json_arr_begin(&j);
    json_str(&j, v);
    json_double(&j, size ? (double)data[0] / 7.0 : 0.5);
    json_arr_end(&j);
    json_obj_end(&j);
    json_error_t e;
    /* JSON_ALLOW_NUL: a NUL byte in a name is written as \u0000, valid JSON */
    json_t *p = json_loads(j.out.buf, JSON_ALLOW_NUL, &e);
    FUZZ_ASSERT(p != NULL, "the writer's output parses");
    json_decref(p);
    strbuf pretty = STRBUF_INIT;
    json_pretty(&pretty, j.out.buf);
    p = json_loads(pretty.buf, JSON_ALLOW_NUL, &e);
    FUZZ_ASSERT(p != NULL, "the re-indented output parses");
    json_decref(p);
    sb_release(&pretty);
    json_release(&j);
    free(k);
    free(v);
    return 0;
}
