/* Placeholder until steady-state detection lands: reports "not found". */
#include "nsysql/steady.h"

#include <stdio.h>
#include <string.h>

int nsq_steady_detect(nsq_export *x, const nsq_steady_opts *o, nsq_steady *r, nsq_err *err)
{
    (void)x;
    (void)o;
    (void)err;
    memset(r, 0, sizeof *r);
    snprintf(r->reason, sizeof r->reason, "steady-state detection is not built yet");
    return 0;
}
