/* The envelope's summary (summary.c). */
#ifndef NSYSQL_CMD_SUMMARY_H
#define NSYSQL_CMD_SUMMARY_H

/* The summary object of `command`'s finished result (JSON text), or NULL
 * when the command has none; params: the document's params (JSON text) or
 * NULL. The caller frees. */
char *nsq_summary_json(const char *command, const char *result, const char *params);

#endif
