/* jsonprune: a JSON text without some of its object members, so that a
 * reader that needs only part of a large document (the envelope's summary,
 * the report's sections) parses only that part. */
#ifndef NSYSQL_CMD_JSONPRUNE_H
#define NSYSQL_CMD_JSONPRUNE_H

/* A copy of the JSON text doc without the members named by drop (a NULL-
 * terminated list of dotted paths of object keys from the top, such as
 * "reports.api.launch_latency"; "*" stands for every element of an array,
 * as in "devices.*.gaps"). Every other value is copied byte for byte (the
 * whitespace between members may go). The caller frees. A text that is not
 * well-formed JSON is copied as it is. */
char *nsq_json_drop(const char *doc, const char *const *drop);

/* The same, and besides every value at a path of hollow is written as 0:
 * "devices.*.longest_gaps.*" keeps each list's length (a reader that counts
 * its rows still can) without its rows. drop and hollow may be NULL. */
char *nsq_json_prune(const char *doc, const char *const *drop, const char *const *hollow);

#endif
