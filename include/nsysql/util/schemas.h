/* schemas: the JSON Schemas of schemas/ (one per output document), embedded
 * into the binary at build time by cmake/embed_schemas.cmake. The MCP
 * server gives them to clients as each tool's outputSchema. */
#ifndef NSYSQL_SCHEMAS_H
#define NSYSQL_SCHEMAS_H

#include <stddef.h>

typedef struct nsq_embedded_schema {
    const char *file; /* "top-kernels.v1.schema.json" */
    const char *text; /* the file's text */
} nsq_embedded_schema;

/* Sorted by file name; ends with {NULL, NULL}. */
extern const nsq_embedded_schema nsq_embedded_schemas[];

#endif
