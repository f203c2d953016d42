/* session: the per-process capture session (see session.c). */
#ifndef NSYSQL_INJECT_SESSION_H
#define NSYSQL_INJECT_SESSION_H

#include "rows.h"

/* Starts this process's session (file, threads) unless it runs; false when
 * nothing can be recorded. */
bool nsq_session_start(void);
/* Hands a row to the writer thread; nvtx.text/registered and thread.name are
 * taken over (freed after writing). Starts the session when needed. */
void nsq_session_put(nsq_row *r);
/* Session clock: CLOCK_REALTIME ns minus the session origin. */
int64_t nsq_session_now(void);
uint32_t nsq_session_pid(void);
uint32_t nsq_gettid(void);

/* What nvtx.c does at the session's end (emit the ranges still open, end
 * NULL) and in a forked child (forget the parent's open ranges): registered
 * by nvtx.c when an NVTX instance attaches, called by the session. */
void nsq_session_set_nvtx_hooks(void (*flush_open)(void), void (*after_fork)(void));

#endif
