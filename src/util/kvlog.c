/* kvlog: see kvlog.h. */
#include "nsysql/util/kvlog.h"

#include <stdlib.h>
#include <string.h>

void nsq_kvlog_flush(nsq_kvlog *l, size_t nkeys, nsq_kvlog_run run, void *ctx)
{
    size_t m = l->n;
    if (!m)
        return;
    if (l->nkeys < nkeys) {
        l->cnt = xrealloc(l->cnt, sizeof *l->cnt * nkeys);
        memset(l->cnt + l->nkeys, 0, sizeof *l->cnt * (nkeys - l->nkeys));
        l->touched = xrealloc(l->touched, sizeof *l->touched * nkeys);
        l->nkeys = nkeys;
    }
    if (!l->buf)
        l->buf = xmalloc(sizeof *l->buf * NSQ_KVLOG_CAP);
    uint32_t *cnt = l->cnt, *touched = l->touched, nt = 0;
    const nsq_kvlog_ent *e = l->e;
    for (size_t k = 0; k < m; k++)
        if (cnt[e[k].k]++ == 0)
            touched[nt++] = e[k].k;
    /* the runs in the order the keys were first met: counts -> ends */
    uint32_t at = 0;
    for (uint32_t j = 0; j < nt; j++) {
        at += cnt[touched[j]];
        cnt[touched[j]] = at;
    }
    for (size_t k = m; k-- > 0;)
        l->buf[--cnt[e[k].k]] = e[k].v; /* from the back: the order kept */
    /* cnt[key] is now the start of its run, the next run's start its end */
    for (uint32_t j = 0; j < nt; j++) {
        uint32_t a = cnt[touched[j]], b = j + 1 < nt ? cnt[touched[j + 1]] : (uint32_t)m;
        run(ctx, touched[j], l->buf + a, b - a);
    }
    for (uint32_t j = 0; j < nt; j++)
        cnt[touched[j]] = 0;
    l->n = 0;
}

void nsq_kvlog_free(nsq_kvlog *l)
{
    free(l->e);
    free(l->cnt);
    free(l->touched);
    free(l->buf);
    memset(l, 0, sizeof *l);
}
