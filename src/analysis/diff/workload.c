/* The workload fingerprint (internal.h): did both sides solve the same
 * problem?
 *
 * A patch changes how the GPU does the work; it rarely changes what the
 * host hands it. So the input signals are what the host moved and asked
 * for: the largest host-to-device copy (the input data), the largest
 * device-to-host copy (the result), the profiled command's arguments (an
 * input file, a size) and, for several kernels at once, grids scaled with
 * an unchanged block (the problem, not the launch configuration, grew).
 * Launch counts per kernel, the kernel set and the copies' totals are shown
 * as context: a rewritten kernel changes them legitimately, and a longer
 * capture multiplies them.
 *
 * The rule: two input signals that differ, or one copy signal off by a
 * factor of 4 or more, make the sides not comparable; so do kernel sets
 * with (almost) no GPU time in common beside any host-side difference
 * (copies, arguments, NVTX range names): two different programs. A
 * launch-shape change alone (a re-tiled GEMM, a block-size sweep, a
 * rewritten kernel) never does. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nsysql/util/strbuf.h"

#define COPY_SAME 1.01       /* copy sizes within 1 % are the same input */
#define COPY_FAR 4.0         /* one copy signal this far off decides alone */
#define GRID_SCALED 2.0      /* threads per launch scaled by at least this */
#define LAUNCH_UNEVEN 2.0    /* per-kernel launch ratios spread by more than this */
#define UNRELATED_SHARE 0.05 /* kernels in common under this share of the time: unrelated sets */
#define UNRELATED_COPY 1.5   /* a largest copy this far off, beside unrelated sets: two programs */

typedef struct meta_arg {
    long proc, idx; /* idx -1: the command */
    char *value;
} meta_arg;

static int cmp_arg(const void *pa, const void *pb)
{
    const meta_arg *a = pa, *b = pb;
    if (a->proc != b->proc)
        return a->proc < b->proc ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* The name PROCESSES gives the process of the first kernel (the profiled
 * program when the export records no command line; PROCESSES lists every
 * process of the system, so only the one that ran kernels tells it), into
 * c->process; NULL without either table or without a name. */
static void read_process(nsq_export *x, nsq_diff_capture *c)
{
    sqlite3_stmt *st = NULL;
    c->process = NULL;
    if (sqlite3_prepare_v2(x->db,
                           "SELECT name FROM main.PROCESSES WHERE globalPid = (SELECT globalPid "
                           "FROM main.CUPTI_ACTIVITY_KIND_KERNEL ORDER BY rowid LIMIT 1) "
                           "AND trim(name) <> '' ORDER BY rowid LIMIT 1",
                           -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_TEXT)
        c->process = xstrdup((const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
}

void nsq_diff_read_command(nsq_export *x, nsq_diff_capture *c)
{
    sqlite3_stmt *st = NULL;
    c->command = c->arguments = NULL;
    read_process(x, c);
    if (sqlite3_prepare_v2(x->db,
                           "SELECT name, value FROM main.META_DATA_CAPTURE WHERE name GLOB "
                           "'PROCESS_[0-9]*:COMMAND' OR name GLOB 'PROCESS_[0-9]*:ARGUMENT_[0-9]*'",
                           -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return; /* no such table (exports before 2021.3, other layouts) */
    }
    meta_arg *a = NULL;
    int n = 0, cap = 0;
    while (sqlite3_step(st) == SQLITE_ROW && n < 4096) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        const char *value = (const char *)sqlite3_column_text(st, 1);
        if (!name || !value)
            continue;
        char *colon;
        long proc = strtol(name + 8, &colon, 10), idx = -1;
        if (*colon != ':')
            continue;
        if (!strncmp(colon, ":ARGUMENT_", 10))
            idx = strtol(colon + 10, NULL, 10);
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            a = xrealloc(a, sizeof(*a) * (size_t)cap);
        }
        a[n].proc = proc;
        a[n].idx = idx;
        a[n].value = xstrdup(value);
        n++;
    }
    sqlite3_finalize(st);
    if (n > 1) /* (qsort of no array: undefined) */
        qsort(a, (size_t)n, sizeof *a, cmp_arg);
    strbuf cmd = STRBUF_INIT, args = STRBUF_INIT;
    int ncmd = 0, nargs = 0;
    for (int i = 0; i < n; i++) {
        if (a[i].idx < 0) {
            sb_addf(&cmd, "%s%s", ncmd++ ? " | " : "", a[i].value);
            if (nargs)
                sb_addstr(&args, " |");
        } else {
            sb_addf(&args, "%s%s", nargs++ ? " " : "", a[i].value);
        }
        free(a[i].value);
    }
    free(a);
    c->command = ncmd ? sb_detach(&cmd) : NULL;
    c->arguments = ncmd ? sb_detach(&args) : NULL; /* "" when run without arguments */
    sb_release(&cmd);
    sb_release(&args);
}

/* At most this many NVTX rows are read (by rowid): names only, no counts,
 * when the table holds more (its cost stays under a tenth of a second). */
#define NVTX_ROWS_READ 100000

void nsq_diff_read_gpus(nsq_export *x, nsq_diff_capture *c)
{
    sqlite3_stmt *st = NULL;
    c->gpus = NULL;
    if (sqlite3_prepare_v2(x->db,
                           "SELECT DISTINCT trim(name) FROM device WHERE trim(name) <> '' "
                           "ORDER BY 1 LIMIT 8",
                           -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return;
    }
    strbuf sb = STRBUF_INIT;
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        if (name)
            sb_addf(&sb, "%s%.100s", sb.len ? ", " : "", name);
    }
    sqlite3_finalize(st);
    c->gpus = sb.len ? sb_detach(&sb) : NULL;
    sb_release(&sb);
}

void nsq_diff_read_nvtx(nsq_export *x, nsq_diff_capture *c)
{
    sqlite3_stmt *st = NULL;
    c->nvtx_names = NULL;
    c->nvtx_counts = NULL;
    c->nnvtx = c->nvtx_more = c->nvtx_read = 0;
    const nsq_table *t = nsq_probe_table(&x->probe, "NVTX_EVENTS");
    if (!t || !t->rowid)
        return;
    int64_t rows = 0;
    if (nsq_query_int64(x->db, "SELECT max(rowid) FROM main.NVTX_EVENTS", 0, &rows))
        return;
    if (sqlite3_prepare_v2(x->db,
                           "SELECT COALESCE(text, '(unnamed)'), count(*) FROM temp.nvtx WHERE "
                           "row_id <= ?1 AND event_type IN (59, 60, 70, 71) GROUP BY 1 ORDER BY 1",
                           -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return;
    }
    sqlite3_bind_int64(st, 1, NVTX_ROWS_READ);
    int cap = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        if (!name)
            continue;
        if (c->nnvtx == NSQ_DIFF_NVTX_NAMES) {
            c->nvtx_more = 1;
            continue;
        }
        if (c->nnvtx == cap) {
            cap = cap ? 2 * cap : 16;
            c->nvtx_names = xrealloc(c->nvtx_names, sizeof(*c->nvtx_names) * (size_t)cap);
            c->nvtx_counts = xrealloc(c->nvtx_counts, sizeof(*c->nvtx_counts) * (size_t)cap);
        }
        c->nvtx_names[c->nnvtx] = xstrdup(name);
        c->nvtx_counts[c->nnvtx++] = sqlite3_column_int64(st, 1);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return;
    c->nvtx_read = rows > NVTX_ROWS_READ ? 2 : 1; /* 2: a prefix, counts unknown */
}

/* The arguments with every path reduced to its last component (the same
 * input file named from another folder is the same input). */
static char *norm_args(const char *s)
{
    strbuf sb = STRBUF_INIT;
    sb_addstr(&sb, "");
    while (*s) {
        while (*s == ' ')
            sb_addch(&sb, *s++);
        const char *e = s;
        while (*e && *e != ' ')
            e++;
        const char *tok = s;
        for (const char *p = s; p < e; p++)
            if (*p == '/' && p + 1 < e)
                tok = p + 1;
        sb_add(&sb, tok, (size_t)(e - tok));
        s = e;
    }
    return sb_detach(&sb);
}

/* The items nsq_diff_judge_workload can add: the two largest copies,
 * arguments, the program, grids, the two copy totals, launch counts, the kernel set,
 * the NVTX ranges, the GPU models, the number of GPUs. */
#define FP_ITEMS_MAX 12

static nsq_diff_fpitem *add_item(nsq_diff_workload *w, const char *item, int input)
{
    nsq_diff_fpitem *it = &w->items[w->nitems++];
    memset(it, 0, sizeof *it);
    snprintf(it->item, sizeof it->item, "%s", item);
    it->input = input;
    it->ratio = NAN;
    it->base = it->patch = -1;
    return it;
}

static double ratio_of(int64_t a, int64_t b)
{
    return a > 0 ? (double)b / (double)a : NAN;
}

/* The largest copy of a capture in one direction: outside its warm-up
 * (outside), or anywhere. */
static int64_t largest(const nsq_diff_capture *c, int dir, int outside)
{
    int64_t o = c->fp_largest[dir], w = c->fp_largest_warm[dir];
    return outside || o > w ? o : w;
}

/* Largest copy in one direction: differs when every baseline capture's
 * differs from every patch capture's by more than 1 % (both copied). The
 * copies inside warm-up iterations are set apart where every capture copied
 * outside its warm-up too (torch.compile's autotuning moves buffers larger
 * than the inputs in its first step): the input is what the steady program
 * and its set-up move. */
static void copy_item(nsq_diff *d, int dir)
{
    static const char *const name[2] = {"h2d_largest_copy", "d2h_largest_copy"};
    static const char *const what[2] = {"host-to-device", "device-to-host"};
    nsq_diff_workload *w = &d->workload;
    int outside = 1, warm = 0;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            outside &= d->cap[s][i].fp_largest[dir] > 0;
            warm |= d->cap[s][i].fp_largest_warm[dir] > d->cap[s][i].fp_largest[dir];
        }
    int64_t a = largest(&d->cap[0][0], dir, outside), b = largest(&d->cap[1][0], dir, outside);
    int both = 1, same_any = 0;
    for (int i = 0; i < d->ncap[0]; i++)
        for (int k = 0; k < d->ncap[1]; k++) {
            int64_t x = largest(&d->cap[0][i], dir, outside),
                    y = largest(&d->cap[1][k], dir, outside);
            if (x <= 0 || y <= 0) {
                both = 0;
                continue;
            }
            double r = (double)y / (double)x;
            if (r <= COPY_SAME && r >= 1 / COPY_SAME)
                same_any = 1;
        }
    if (!a && !b)
        return; /* no copies in that direction anywhere */
    nsq_diff_fpitem *it = add_item(w, name[dir], 1);
    it->base = a;
    it->patch = b;
    it->ratio = ratio_of(a, b);
    if (!both) {
        it->input = 0; /* copies on one side only: shown, not counted (a
                        * capture range can leave the uploads out) */
        it->differs = (a > 0) != (b > 0);
        snprintf(it->detail, sizeof it->detail, "%s copies in %s only (largest %lld vs %lld bytes)",
                 what[dir], a > 0 ? "the baseline" : "the patch", (long long)a, (long long)b);
        return;
    }
    it->differs = !same_any;
    snprintf(it->detail, sizeof it->detail, "largest %s copy %lld -> %lld bytes (x%.3g)%s%s",
             what[dir], (long long)a, (long long)b, it->ratio,
             it->differs ? "" : ": the same input size",
             outside && warm ? " (larger copies inside warm-up iterations set apart)" : "");
}

static void total_item(nsq_diff *d, int dir)
{
    static const char *const name[2] = {"h2d_bytes", "d2h_bytes"};
    static const char *const what[2] = {"host-to-device", "device-to-host"};
    int64_t a = d->cap[0][0].fp_bytes[dir], b = d->cap[1][0].fp_bytes[dir];
    if (!a && !b)
        return;
    nsq_diff_fpitem *it = add_item(&d->workload, name[dir], 0);
    it->base = a;
    it->patch = b;
    it->ratio = ratio_of(a, b);
    it->differs = !(it->ratio <= COPY_SAME && it->ratio >= 1 / COPY_SAME);
    snprintf(it->detail, sizeof it->detail,
             "%s bytes per capture %lld -> %lld in %lld -> %lld copies (context: a longer "
             "capture copies more)",
             what[dir], (long long)a, (long long)b, (long long)d->cap[0][0].fp_copies[dir],
             (long long)d->cap[1][0].fp_copies[dir]);
}

/* The GPU models (context, not a workload signal: the same program on
 * another GPU is the same problem, but its change is the hardware's as much
 * as the code's). Differs when some baseline capture and some patch
 * capture name different models; shown only where every capture names its
 * GPUs. */
static void gpus_item(nsq_diff *d)
{
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            if (!d->cap[s][i].gpus)
                return;
    int differs = 0;
    const char *a = d->cap[0][0].gpus, *b = d->cap[1][0].gpus;
    for (int i = 0; i < d->ncap[0]; i++)
        for (int k = 0; k < d->ncap[1]; k++)
            if (strcmp(d->cap[0][i].gpus, d->cap[1][k].gpus)) {
                differs = 1;
                a = d->cap[0][i].gpus;
                b = d->cap[1][k].gpus;
            }
    nsq_diff_fpitem *it = add_item(&d->workload, "gpus", 0);
    it->differs = differs;
    snprintf(it->detail, sizeof it->detail, "GPUs '%.130s' -> '%.130s'%s", a, b,
             differs ? ": a change of hardware, not only of code" : "");
}

/* The number of GPUs that ran work in the window (context, not a workload
 * signal: the same problem spread over more GPUs is the same problem, but
 * each launch then does a share of it). Shown only where it differs: every
 * capture of a side ran on one number of GPUs, and the sides' differ. The
 * headline reads it beside the launch counts (device_split() in headline.c). */
static void devices_item(nsq_diff *d)
{
    int64_t n[2];
    for (int s = 0; s < 2; s++) {
        if (!d->ncap[s])
            return;
        n[s] = d->cap[s][0].m.devices;
        for (int i = 1; i < d->ncap[s]; i++)
            if (d->cap[s][i].m.devices != n[s])
                return;
        if (n[s] < 1)
            return;
    }
    if (n[0] == n[1])
        return;
    nsq_diff_fpitem *it = add_item(&d->workload, "devices", 0);
    it->differs = 1;
    it->base = n[0];
    it->patch = n[1];
    it->ratio = ratio_of(n[0], n[1]);
    snprintf(it->detail, sizeof it->detail,
             "GPUs with work %lld -> %lld: the work per launch may be shared out differently",
             (long long)n[0], (long long)n[1]);
}

static void args_item(nsq_diff *d)
{
    const char *a = d->cap[0][0].arguments, *b = d->cap[1][0].arguments;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            if (!d->cap[s][i].arguments)
                return; /* not recorded somewhere: nothing to compare */
    int same_any = 0;
    for (int i = 0; i < d->ncap[0] && !same_any; i++)
        for (int k = 0; k < d->ncap[1] && !same_any; k++) {
            char *x = norm_args(d->cap[0][i].arguments), *y = norm_args(d->cap[1][k].arguments);
            same_any = !strcmp(x, y);
            free(x);
            free(y);
        }
    nsq_diff_fpitem *it = add_item(&d->workload, "arguments", 1);
    it->differs = !same_any;
    snprintf(it->detail, sizeof it->detail, "arguments '%.120s' -> '%.120s'%s", a, b,
             same_any ? "" : " (paths compared by their last component)");
}

/* The last path component of the first space-separated word of s, into out. */
static void first_word_base(const char *s, char *out, size_t osz)
{
    size_t n = strcspn(s, " ");
    const char *w = s, *slash;
    while ((slash = memchr(w, '/', n - (size_t)(w - s))) != NULL)
        w = slash + 1;
    snprintf(out, osz, "%.*s", (int)(n - (size_t)(w - s)), w);
}

/* The executable of s by first_word_base, a Python interpreter's version
 * left out (python3.11 and python run one script alike); PyTorch names its
 * main thread, and so the process PROCESSES lists, pt_main_thread. */
static void exe_base(const char *s, char *out, size_t osz)
{
    first_word_base(s, out, osz);
    if ((!strncmp(out, "python", 6) && out[6 + strspn(out + 6, "0123456789.")] == '\0') ||
        !strcmp(out, "pt_main_thread"))
        snprintf(out, osz, "python");
}

/* Another program, not the same one run with other options: the profiled
 * executables (2) or the first arguments (1: an interpreter's script, a
 * benchmark's variant) differ, by their last path component (first captures
 * of each side; 0 when the same or not recorded). `python train.py
 * --compile` and `python train.py` are one program. */
static int program_differs(const nsq_diff *d)
{
    const nsq_diff_capture *a = &d->cap[0][0], *b = &d->cap[1][0];
    char x[256], y[256];
    if (!a->command || !b->command || !a->arguments || !b->arguments) {
        /* no command line on a side: the processes' names, when both have one */
        if (!a->process || !b->process)
            return 0;
        exe_base(a->process, x, sizeof x);
        exe_base(b->process, y, sizeof y);
        return strcmp(x, y) ? 2 : 0;
    }
    exe_base(a->command, x, sizeof x);
    exe_base(b->command, y, sizeof y);
    if (strcmp(x, y))
        return 2;
    first_word_base(a->arguments, x, sizeof x);
    first_word_base(b->arguments, y, sizeof y);
    return strcmp(x, y) != 0;
}

/* The profiled program of the first captures, by program_differs: context,
 * and evidence beside another item (nsq_diff_judge_workload). */
static void program_item(nsq_diff *d)
{
    const nsq_diff_capture *a = &d->cap[0][0], *b = &d->cap[1][0];
    int line = a->command && b->command && a->arguments && b->arguments;
    if (!line && (!a->process || !b->process))
        return;
    nsq_diff_fpitem *it = add_item(&d->workload, "program", 0);
    it->differs = program_differs(d) != 0;
    char x[64], y[64], xa[64] = "", ya[64] = "";
    first_word_base(line ? a->command : a->process, x, sizeof x);
    first_word_base(line ? b->command : b->process, y, sizeof y);
    if (line) {
        first_word_base(a->arguments, xa, sizeof xa);
        first_word_base(b->arguments, ya, sizeof ya);
    }
    snprintf(it->detail, sizeof it->detail, "%s '%s%s%s' -> '%s%s%s'%s",
             line ? "program" : "process (no command line recorded)", x, *xa ? " " : "", xa, y,
             *ya ? " " : "", ya, it->differs ? ": another executable or script" : "");
}

/* A largest-copy item with copies on one side only (shown, not an input
 * signal: copy_item()). */
static int one_sided_copy(const nsq_diff_fpitem *it)
{
    return strstr(it->item, "largest_copy") && !it->input && it->differs;
}

/* A host-side item that, beside kernel sets with no work in common, says
 * two programs: a largest copy on one side only or UNRELATED_COPY apart (a
 * rewrite that pads its arrays moves it a little), another executable or
 * script, NVTX ranges with no name in common. */
static int unrelated_host(const nsq_diff *d, const nsq_diff_fpitem *it)
{
    if (!it->differs)
        return 0;
    if (strstr(it->item, "largest_copy"))
        return !it->input || !(it->ratio < UNRELATED_COPY && it->ratio > 1 / UNRELATED_COPY);
    return !strcmp(it->item, "program") ||
           (!strcmp(it->item, "nvtx_ranges") && d->workload.nvtx_disjoint);
}

static const nsq_diff_shape *dominant(const nsq_diff_row *r, int s)
{
    const nsq_diff_shape *best = NULL;
    for (int i = 0; i < r->nshapes; i++)
        if (r->shapes[i].instances[s] > 0 &&
            (!best || r->shapes[i].instances[s] > best->instances[s]))
            best = &r->shapes[i];
    return best;
}

static int64_t threads(const int64_t *g)
{
    return g[0] * g[1] * g[2];
}

static int shape_known(const nsq_shape_key *k)
{
    for (int i = 0; i < 3; i++)
        if (k->grid[i] <= 0 || k->block[i] <= 0)
            return 0;
    return 1;
}

/* A tested kernel's grid scale (patch threads per launch over the
 * baseline's, dominant shapes), 0 when its block changed, NAN when it is
 * not tested or a shape is unknown; a and b its dominant shapes. */
static double grid_scale(const nsq_diff_row *r, const nsq_diff_shape **a, const nsq_diff_shape **b)
{
    if (!r->tested)
        return NAN;
    *a = dominant(r, 0);
    *b = dominant(r, 1);
    if (!*a || !*b || !shape_known(&(*a)->key) || !shape_known(&(*b)->key))
        return NAN;
    if (memcmp((*a)->key.block, (*b)->key.block, sizeof(*a)->key.block))
        return 0;
    return (double)threads((*b)->key.grid) / (double)threads((*a)->key.grid);
}

/* Several kernels whose block stayed and whose grid scaled the same way. */
static void grid_item(nsq_diff *d)
{
    int up = 0, down = 0, with = 0;
    double lo = INFINITY, hi = 0;
    strbuf ex = STRBUF_INIT;
    int shown = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        const nsq_diff_shape *a, *b;
        double q = grid_scale(r, &a, &b);
        if (isnan(q))
            continue;
        with++;
        if (q == 0)
            continue; /* a new block: a launch-configuration change */
        if (q >= GRID_SCALED)
            up++;
        else if (q <= 1 / GRID_SCALED)
            down++;
        else
            continue;
        lo = fmin(lo, q);
        hi = fmax(hi, q);
        if (shown++ < 3)
            sb_addf(&ex, "%s%.60s %lldx%lldx%lld -> %lldx%lldx%lld", shown > 1 ? ", " : "", r->name,
                    (long long)a->key.grid[0], (long long)a->key.grid[1], (long long)a->key.grid[2],
                    (long long)b->key.grid[0], (long long)b->key.grid[1],
                    (long long)b->key.grid[2]);
    }
    if (!with) {
        sb_release(&ex);
        return;
    }
    nsq_diff_fpitem *it = add_item(&d->workload, "grids", 1);
    it->base = with;
    it->patch = up + down;
    it->differs = (up >= 2 && !down) || (down >= 2 && !up);
    if (up + down)
        snprintf(it->detail, sizeof it->detail,
                 "%d of %d compared kernels kept their block and ran on a grid x%.3g .. x%.3g "
                 "(%s)%s",
                 up + down, with, lo, hi, ex.buf ? ex.buf : "",
                 it->differs ? ": the problem, not the launch configuration, changed size"
                             : ": one kernel, or both ways: a launch-configuration change");
    else
        snprintf(it->detail, sizeof it->detail,
                 "no compared kernel kept its block with a grid scaled x%g or more", GRID_SCALED);
    sb_release(&ex);
}

/* Launches per capture of matched kernels: even ratios are a longer or
 * shorter capture, uneven ones a different amount of work per kernel. */
static void launch_item(nsq_diff *d)
{
    double lo = INFINITY, hi = 0;
    int n = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (!r->tested || !(r->count_base > 0) || !(r->count_patch > 0))
            continue;
        double q = r->count_patch / r->count_base;
        lo = fmin(lo, q);
        hi = fmax(hi, q);
        n++;
    }
    d->workload.count_n = n;
    d->workload.count_lo = n ? lo : NAN;
    d->workload.count_hi = n ? hi : NAN;
    if (!n)
        return;
    nsq_diff_fpitem *it = add_item(&d->workload, "launch_counts", 0);
    it->ratio = hi / lo;
    it->differs = n >= 2 && hi / lo > LAUNCH_UNEVEN;
    snprintf(it->detail, sizeof it->detail,
             "launches per capture of %d matched kernels x%.3g .. x%.3g%s", n, lo, hi,
             it->differs           ? " (uneven: the work per kernel changed, or the code path did)"
             : lo == hi && lo == 1 ? ""
                                   : " (even: a capture of another length)");
}

/* The kernel set, and the share of each side's kernel time its kernels in
 * common carry (matched by name, or paired as a replacement): under
 * UNRELATED_SHARE on both sides, the two captures share no GPU work to speak
 * of. kernel_set.base/.patch hold the shares in per mille. */
static void kernel_set_item(nsq_diff *d)
{
    int added = 0, removed = 0, replaced = 0;
    double all[2] = {0, 0}, common[2] = {0, 0};
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        added += r->verdict == NSQ_V_ADDED;
        removed += r->verdict == NSQ_V_REMOVED;
        replaced += r->verdict == NSQ_V_REPLACED;
        int both = r->verdict == NSQ_V_REPLACED || (r->s[0].present && r->s[1].present);
        for (int s = 0; s < 2; s++) {
            double t = r->s[s].present && r->s[s].total_ns > 0 ? (double)r->s[s].total_ns : 0;
            all[s] += t;
            if (both)
                common[s] += t;
        }
    }
    nsq_diff_fpitem *it = add_item(&d->workload, "kernel_set", 0);
    it->differs = added || removed || replaced;
    double share[2];
    for (int s = 0; s < 2; s++)
        share[s] = all[s] > 0 ? common[s] / all[s] : 1;
    d->workload.unrelated_kernels =
        all[0] > 0 && all[1] > 0 && share[0] < UNRELATED_SHARE && share[1] < UNRELATED_SHARE;
    if (it->differs && all[0] > 0 && all[1] > 0) {
        it->base = (int64_t)floor(share[0] * 1000 + 0.5);
        it->patch = (int64_t)floor(share[1] * 1000 + 0.5);
    }
    snprintf(it->detail, sizeof it->detail,
             "%d added, %d removed, %d replaced kernels; the common ones carry %.1f%% "
             "(baseline) and %.1f%% (patch) of the kernel time%s",
             added, removed, replaced, 100 * share[0], 100 * share[1],
             d->workload.unrelated_kernels ? " (almost no GPU work in common)" : "");
}

/* NVTX range names and counts (first capture of each side): names on one
 * side only, and count ratios of the common names spread by more than
 * LAUNCH_UNEVEN, are context (a patch may add or rename ranges). */
static void nvtx_item(nsq_diff *d)
{
    const nsq_diff_capture *a = &d->cap[0][0], *b = &d->cap[1][0];
    if (!a->nvtx_read || !b->nvtx_read || (!a->nnvtx && !b->nnvtx))
        return;
    int i = 0, k = 0, common = 0, only[2] = {0, 0};
    int counts = a->nvtx_read == 1 && b->nvtx_read == 1;
    const char *ex[2] = {NULL, NULL};
    double lo = INFINITY, hi = 0;
    while (i < a->nnvtx || k < b->nnvtx) {
        int c = i == a->nnvtx ? 1 : k == b->nnvtx ? -1 : strcmp(a->nvtx_names[i], b->nvtx_names[k]);
        if (c < 0) {
            if (!ex[0])
                ex[0] = a->nvtx_names[i];
            only[0]++, i++;
        } else if (c > 0) {
            if (!ex[1])
                ex[1] = b->nvtx_names[k];
            only[1]++, k++;
        } else {
            if (counts) {
                double q = (double)b->nvtx_counts[k] / (double)a->nvtx_counts[i];
                lo = fmin(lo, q);
                hi = fmax(hi, q);
            }
            common++, i++, k++;
        }
    }
    nsq_diff_fpitem *it = add_item(&d->workload, "nvtx_ranges", 0);
    it->base = a->nnvtx;
    it->patch = b->nnvtx;
    it->ratio = common && counts ? hi / lo : NAN;
    it->differs = only[0] || only[1] || (counts && common >= 2 && hi / lo > LAUNCH_UNEVEN);
    d->workload.nvtx_disjoint = !common && a->nnvtx && b->nnvtx && !a->nvtx_more && !b->nvtx_more;
    d->workload.same_ranges = counts && common && !only[0] && !only[1] && !a->nvtx_more &&
                              !b->nvtx_more && lo == 1 && hi == 1;
    strbuf sb = STRBUF_INIT;
    sb_addf(&sb, "NVTX range names %d -> %d%s%s, %d on both sides", a->nnvtx, b->nnvtx,
            a->nvtx_more || b->nvtx_more ? " (the first 256 by name)" : "",
            counts ? "" : " (of the first 100000 NVTX rows: counts not compared)", common);
    if (common && counts)
        sb_addf(&sb, " (instances x%.3g .. x%.3g)", lo, hi);
    for (int s = 0; s < 2; s++)
        if (only[s])
            sb_addf(&sb, "; %d only in the %s (e.g. '%.40s')", only[s], s ? "patch" : "baseline",
                    ex[s]);
    snprintf(it->detail, sizeof it->detail, "%s", sb.buf);
    sb_release(&sb);
}

/* The grids the only input signal (several kernels kept their block on a
 * grid scaled the same way), and nothing that says the input stayed: no
 * largest copy of the same size on both sides, no arguments the same and
 * recorded. Then the kernels cannot tell a larger (smaller) problem from
 * the same problem in coarser (finer) threads, and whether a kernel on 4x
 * the grid taking 12 % longer got slower or faster per element is not
 * known: the kernels whose grid scaled are inconclusive, the others judged
 * (unless --assume-same-workload). 1 when it applies. */
static int grids_unconfirmed(nsq_diff *d)
{
    nsq_diff_workload *w = &d->workload;
    const nsq_diff_fpitem *g = nsq_diff_fp_item(w, "grids");
    if (!g || !g->differs || !g->input || d->o.assume_same_workload)
        return 0;
    for (int i = 0; i < w->nitems; i++) {
        const nsq_diff_fpitem *it = &w->items[i];
        if (it->input && !it->differs &&
            (strstr(it->item, "largest_copy") ||
             (!strcmp(it->item, "arguments") && d->cap[0][0].arguments && *d->cap[0][0].arguments)))
            return 0;
    }
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *r = &d->rows[i];
        const nsq_diff_shape *a, *b;
        double q = grid_scale(r, &a, &b);
        if (isnan(q) || q == 0 || (q < GRID_SCALED && q > 1 / GRID_SCALED))
            continue;
        if (r->verdict != NSQ_V_IMPROVED && r->verdict != NSQ_V_REGRESSED &&
            r->verdict != NSQ_V_LIKELY_IMPROVED && r->verdict != NSQ_V_LIKELY_REGRESSED &&
            r->verdict != NSQ_V_UNCHANGED)
            continue;
        r->verdict = NSQ_V_INCONCLUSIVE;
        r->reason = nsq_diff_textf(
            d, NSQ_DIFF_REASON_CAP,
            "not judged: its grid scaled x%.3g with its block unchanged and nothing shows the "
            "same input (result.workload): a %s problem or %s threads; per-instance change "
            "%+.2f%% shown for reference only (--assume-same-workload judges it)",
            q, q > 1 ? "larger" : "smaller", q > 1 ? "finer" : "coarser", r->change_pct);
    }
    w->grids_unconfirmed = 1;
    return 1;
}

/* Adds an item's detail to the reason, whole or not at all (the reason holds
 * about 330 bytes): the first one that does not fit says where the rest are. */
static void why_add(strbuf *why, int *full, const char *detail)
{
    size_t len = why->buf ? why->len : 0;
    if (*full)
        return;
    if (len && len + 2 + strlen(detail) > 300) {
        sb_addstr(why, "; more in result.workload.items");
        *full = 1;
        return;
    }
    sb_addf(why, "%s%s", len ? "; " : "", detail);
}

void nsq_diff_judge_workload(nsq_diff *d)
{
    nsq_diff_workload *w = &d->workload;
    memset(w, 0, sizeof *w);
    w->items = xcalloc(FP_ITEMS_MAX, sizeof *w->items);
    w->comparable = 1;
    copy_item(d, 0);
    copy_item(d, 1);
    args_item(d);
    program_item(d);
    grid_item(d);
    total_item(d, 0);
    total_item(d, 1);
    launch_item(d);
    kernel_set_item(d);
    nvtx_item(d);
    gpus_item(d);
    devices_item(d);
    /* kernel sets that share (almost) no GPU work, beside a host side that
     * differs too (any copy signal, even one-sided; another executable or
     * script; NVTX ranges with no name in common): two programs, not a
     * rewrite of one. A rewrite of every kernel with the same inputs, or the
     * same script run with another option (torch.compile fusing every
     * kernel), stays comparable. Their evidence leads the reason. */
    int far = 0, full = 0, unrelated = 0, strong = 0, one_sided = 0;
    strbuf why = STRBUF_INIT;
    for (int i = 0; i < w->nitems && w->unrelated_kernels; i++)
        unrelated += unrelated_host(d, &w->items[i]);
    if (unrelated) {
        why_add(&why, &full, nsq_diff_fp_item(w, "kernel_set")->detail);
        for (int i = 0; i < w->nitems; i++)
            if (unrelated_host(d, &w->items[i]))
                why_add(&why, &full, w->items[i].detail);
    }
    /* Another executable alone may be a rebuilt program under a new name;
     * beside one more host-side difference (an input signal, or copies on
     * one side only) it is another program: the same harness's
     * managed-memory benchmark against its GEMM, one kernel in common.
     * Another script or first argument of one executable is not enough
     * (train.py against a patched copy of it, a benchmark's variant chosen
     * by its argument). */
    for (int i = 0; i < w->nitems; i++) {
        const nsq_diff_fpitem *it = &w->items[i];
        int copy = strstr(it->item, "largest_copy") != NULL;
        strong += it->input && it->differs;
        one_sided += one_sided_copy(it);
        if (copy && it->input && it->differs &&
            (it->ratio >= COPY_FAR || it->ratio <= 1 / COPY_FAR))
            far = 1;
    }
    const nsq_diff_fpitem *prog = nsq_diff_fp_item(w, "program");
    /* (said only where it decides: other evidence keeps its reason) */
    int other_program = prog && program_differs(d) == 2 && !unrelated && strong < 2 && !far &&
                        (strong || one_sided);
    if (other_program) {
        why_add(&why, &full, prog->detail);
        for (int i = 0; i < w->nitems; i++)
            if (one_sided_copy(&w->items[i]))
                why_add(&why, &full, w->items[i].detail);
    }
    for (int i = 0; i < w->nitems; i++) {
        const nsq_diff_fpitem *it = &w->items[i];
        if (!it->input || !it->differs)
            continue;
        w->signals++;
        if (!unrelated || !unrelated_host(d, it))
            why_add(&why, &full, it->detail); /* else given above */
    }
    if (w->signals >= 2 || far || unrelated || other_program) {
        w->comparable = 0;
        w->assumed = d->o.assume_same_workload != 0;
        snprintf(w->reason, sizeof w->reason, "the two sides ran different workloads: %.330s",
                 why.buf ? why.buf : "");
    } else if (w->signals == 1 && grids_unconfirmed(d)) {
        snprintf(w->reason, sizeof w->reason,
                 "one input signal differs (%.230s); no copy or argument the same on both sides "
                 "shows the same input, so it may be a larger or smaller problem: those kernels "
                 "are not judged",
                 why.buf ? why.buf : "");
    } else if (w->signals == 1) {
        snprintf(w->reason, sizeof w->reason,
                 "one input signal differs (%.300s); alone it is taken as part of the patch",
                 why.buf ? why.buf : "");
    } else {
        snprintf(w->reason, sizeof w->reason,
                 "the same workload as far as the exports show (copies, arguments, grids)");
    }
    sb_release(&why);
    if (w->comparable || w->assumed)
        return;
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *r = &d->rows[i];
        if (!r->tested)
            continue;
        r->verdict = NSQ_V_NOT_COMPARABLE;
        r->reason = nsq_diff_textf(
            d, NSQ_DIFF_REASON_CAP,
            "not judged: the workloads differ (result.workload); per-instance change "
            "%+.2f%% shown for reference only (--assume-same-workload judges it)",
            r->change_pct);
    }
}

const nsq_diff_fpitem *nsq_diff_fp_item(const nsq_diff_workload *w, const char *item)
{
    for (int i = 0; i < w->nitems; i++)
        if (!strcmp(w->items[i].item, item))
            return &w->items[i];
    return NULL;
}

void nsq_diff_workload_release(nsq_diff_workload *w)
{
    free(w->items);
    memset(w, 0, sizeof *w);
}
