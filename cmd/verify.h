/* verify: the rounds of nsysql verify (cmd/verify_rounds.c) and what they
 * leave for the document (cmd/verify.c).
 *
 * The captures and diffs are runs of this same binary (`nsysql capture`,
 * `nsysql diff`) as child processes, so each is exactly what that command
 * makes; their documents are read back with jansson. */
#ifndef NSYSQL_CMD_VERIFY_H
#define NSYSQL_CMD_VERIFY_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/cmd.h"
/* the writer's json_null(j) is a macro (json.h); jansson's is a function */
#undef json_null

#include <jansson.h>

#define VERIFY_MAX_REPEAT 50
#define VERIFY_SIGINT_GRACE_S 1.0 /* a capture younger than this gets SIGINT later */

typedef struct verify_opts {
    int64_t repeat, min_repeat, max_repeat;
    const char *out_dir, *baseline_dir, *patch_dir;
    const char *backend, *trace, *fail_on;
    int64_t gpu_id, duration_s;
    nsq_strlist extra_nsys, diff_args;
} verify_opts;

extern const char *const verify_side_name[2]; /* "baseline", "patch" */

/* One capture attempt, or one capture reused from a folder. */
typedef struct vcap {
    int side, round, attempt; /* attempt 0: reused */
    char *path;               /* capture folder or export */
    const char *status;       /* ok, failed, interrupted, reused */
    char started_at[40], ended_at[40];
    int exit_code;
    char *err_code, *err_message;
    json_t *doc; /* the capture document when the attempt failed */
} vcap;

/* One diff run. */
typedef struct vdiff {
    int round, nbase, npatch;
    char *path;
    int exit_code;
    json_t *doc;
    const char *verdict; /* borrowed from doc, or NULL when the diff failed */
} vdiff;

typedef struct verify_run {
    const verify_opts *o;
    char self[4096];
    char *out;     /* absolute out-dir */
    char **cmd[2]; /* the commands (borrowed from ctx->args), NULL when reused */
    int ncmd[2];
    const char *dir[2]; /* reuse folders */
    char **dargs;       /* --diff-args, split */
    int ndargs, capdargs;
    vcap *caps;
    int ncaps, acaps;
    vdiff *diffs;
    int ndiffs, adiffs;
    int rounds;
    int failed_rounds[2]; /* rounds in which a side had no good capture */
    const char *stop, *stop_why;
    bool interrupted;
} verify_run;

/* A capture that takes part in the diff: made now and good, or reused. */
bool verify_usable(const vcap *c);
/* How many such captures SIDE has. */
int verify_good(const verify_run *v, int side);
/* Lists the captures of SIDE in DIR (reused): DIR itself when it is a
 * capture folder; else its SIDE-* capture folders when it has any; else every
 * good capture folder and *.sqlite file in it. Returns 0, or -1 with err. */
int verify_reuse_dir(verify_run *v, int side, const char *dir, nsq_err *err);
/* Runs rounds until a stop rule holds; sets v->stop and v->stop_why. */
void verify_run_rounds(verify_run *v);
/* Runs diff over every usable capture so far, as the diff of ROUND (0: no
 * round, OUT/diff.json). The returned entry lives in v->diffs. */
vdiff *verify_run_diff(verify_run *v, int round);
/* The last diff with at least MIN captures per side, or NULL. */
const vdiff *verify_last_diff(const verify_run *v, int min_per_side);
/* Frees what v owns (captures, diffs, words, out). */
void verify_run_release(verify_run *v);

#endif
