#include "nsysql/util/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int nsq_error(nsq_err *e, int exit_code, const char *code, const char *fmt, ...)
{
    if (!e || e->exit_code)
        return -1;
    e->exit_code = exit_code;
    snprintf(e->code, sizeof e->code, "%s", code);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    e->hint[0] = '\0';
    return -1;
}

void nsq_hint(nsq_err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->hint, sizeof e->hint, fmt, ap);
    va_end(ap);
}

void nsq_err_clear(nsq_err *e)
{
    memset(e, 0, sizeof *e);
}
