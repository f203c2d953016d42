/* report: .nsys-rep inputs, exported to SQLite once next to the report. */
#ifndef NSYSQL_REPORT_H
#define NSYSQL_REPORT_H

#include <stdbool.h>

#include "nsysql/util/err.h"

bool nsq_is_report_path(const char *path);
/* Returns the malloc'd path of REPORT.sqlite (exporting it first when it is
 * missing or older than the report), or NULL with err (exit 3). */
char *nsq_report_export(const char *report, nsq_err *err);
/* The malloc'd path of the REPORT.sqlite nsq_report_export would reuse
 * without exporting, or NULL when it would export (missing or older). */
char *nsq_report_existing_export(const char *report);

#endif
