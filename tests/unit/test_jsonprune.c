/* Unit test of nsq_json_drop (cmd/jsonprune.c, compiled in here: the command
 * layer is not part of nsysql_core): the members named are gone, everything
 * else is kept byte for byte, paths through arrays ("*") and nested objects,
 * keys that only share a prefix with a path are kept, strings holding braces,
 * quotes and escapes do not confuse it, and a malformed text comes back as it
 * is. Expected texts are written out by hand. Exit 0 when every check passes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cmd/jsonprune.c"

#include "check.h"

static void expect(const char *doc, const char *const *drop, const char *want)
{
    char *got = nsq_json_drop(doc, drop);
    CHECK(!strcmp(got, want), "drop from %s: got %s, want %s", doc, got, want);
    free(got);
}

int main(void)
{
    static const char *const none[] = {NULL};
    static const char *const top[] = {"b", NULL};
    static const char *const deep[] = {"reports.api.launch_latency", NULL};
    static const char *const arr[] = {"devices.*.gaps", NULL};
    static const char *const two[] = {"a", "c.d", NULL};

    expect("{\"a\":1,\"b\":[1,2,{\"x\":\"}\"}],\"c\":null}", none,
           "{\"a\":1,\"b\":[1,2,{\"x\":\"}\"}],\"c\":null}");
    /* first, middle and last member */
    expect("{\"b\":{\"q\":[]},\"a\":1}", top, "{\"a\":1}");
    expect("{\"a\":1,\"b\":\"x\",\"c\":2}", top, "{\"a\":1,\"c\":2}");
    expect("{\"a\":1,\"b\":true}", top, "{\"a\":1}");
    expect("{\"b\":false}", top, "{}");
    /* a key that only starts like the path, and the same key deeper, stay */
    expect("{\"bb\":1,\"x\":{\"b\":2}}", top, "{\"bb\":1,\"x\":{\"b\":2}}");
    expect(
        "{\"reports\":{\"nvtx\":{\"launch_latency\":1},\"api\":{\"calls\":[{\"name\":\"a\\\"}\"}],"
        "\"launch_latency\":[{\"kernel\":\"k{[\"}],\"queue_depth\":3}},\"unavailable\":0}",
        deep,
        "{\"reports\":{\"nvtx\":{\"launch_latency\":1},\"api\":{\"calls\":[{\"name\":\"a\\\"}\"}],"
        "\"queue_depth\":3}},\"unavailable\":0}");
    expect("{\"devices\":[{\"id\":0,\"gaps\":[1,2]},{\"gaps\":{\"n\":3},\"id\":1},5],\"gaps\":7}",
           arr, "{\"devices\":[{\"id\":0},{\"id\":1},5],\"gaps\":7}");
    expect("{\"a\":[1],\"c\":{\"d\":1,\"e\":-2.5e3},\"d\":0}", two,
           "{\"c\":{\"e\":-2.5e3},\"d\":0}");
    /* whitespace between members may go; values are kept */
    expect("{ \"a\" : 1 ,\n \"b\" : [ 1 ] , \"c\" : \"x y\" }", top, "{\"a\":1,\"c\":\"x y\"}");
    /* malformed: back as it is */
    expect("{\"a\":1,\"b\":[1,2", top, "{\"a\":1,\"b\":[1,2");
    expect("{\"a\" 1}", top, "{\"a\" 1}");
    expect("{\"a\":\"unterminated}", top, "{\"a\":\"unterminated}");
    /* hollow: the values at those paths become 0, lists keep their length */
    static const char *const gaps[] = {"devices.*.longest_gaps.*", NULL};
    static const char *const drop_b[] = {"b", NULL};
    const char *gdoc = "{\"devices\":[{\"busy\":1,\"longest_gaps\":[{\"a\":\"],\"},[1,{}],3]},"
                       "{\"longest_gaps\":[]}],\"b\":2,\"longest_gaps\":[5]}";
    char *got = nsq_json_prune(gdoc, NULL, gaps);
    CHECK(!strcmp(got, "{\"devices\":[{\"busy\":1,\"longest_gaps\":[0,0,0]},{\"longest_gaps\":[]}],"
                       "\"b\":2,\"longest_gaps\":[5]}"),
          "hollow: got %s", got);
    free(got);
    got = nsq_json_prune(gdoc, drop_b, gaps);
    CHECK(!strcmp(got, "{\"devices\":[{\"busy\":1,\"longest_gaps\":[0,0,0]},{\"longest_gaps\":[]}],"
                       "\"longest_gaps\":[5]}"),
          "hollow and drop: got %s", got);
    free(got);
    got = nsq_json_prune("{\"devices\":[{\"longest_gaps\":[1,", NULL, gaps);
    CHECK(!strcmp(got, "{\"devices\":[{\"longest_gaps\":[1,"), "hollow, malformed: as it is: %s",
          got);
    free(got);
    printf("%d of %d checks passed\n", nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
