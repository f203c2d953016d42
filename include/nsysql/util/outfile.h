/* outfile: the files a command writes (-o of report and export-trace).
 *
 * nsq_output_check() refuses an output that is one of the inputs (the same
 * file by device and inode: directly, through a symlink or a hard link; a
 * capture folder or .nsys-rep input counts with the exports it resolves to),
 * before anything is opened for writing.
 *
 * nsq_outfile_open() writes to a temporary file in the output's folder;
 * nsq_outfile_commit() renames it over the output, nsq_outfile_abort() (and
 * SIGINT, SIGTERM or SIGHUP while it is open) removes it, so the previous
 * file survives any failure. A FIFO, a device or another non-regular file is
 * written in place (it cannot be renamed over). */
#ifndef NSYSQL_OUTFILE_H
#define NSYSQL_OUTFILE_H

#include <stdbool.h>

#include "nsysql/util/err.h"

/* Fails with output_is_input (exit 2) when OUT names the same file as one of
 * the n INPUTS (or an export an input folder or report resolves to). An
 * output that does not exist yet names no input. */
int nsq_output_check(const char *out, const char *const *inputs, int n, nsq_err *err);

typedef struct nsq_outfile {
    char *path; /* where the result goes (symlinks resolved) */
    char *tmp;  /* the temporary file, NULL when written in place */
    int fd;     /* open for writing, never 0-2; -1 once handed over or closed */
} nsq_outfile;

/* Opens a temporary file beside PATH (or PATH itself when it is not a
 * regular file). CODE is the error code on failure (e.g. trace_unwritable).
 * The caller owns of->fd until it passes it on (fdopen, gzdopen: then set it
 * to -1). */
int nsq_outfile_open(nsq_outfile *of, const char *path, const char *code, nsq_err *err);
/* Renames the temporary file over the output (the fd must be closed by then).
 * Returns 0, or -1 with CODE after removing the temporary file. */
int nsq_outfile_commit(nsq_outfile *of, const char *code, nsq_err *err);
/* Removes the temporary file, closes the fd if still held; frees. Safe after commit. */
void nsq_outfile_abort(nsq_outfile *of);

/* Notes whether stdout is open; main() calls it first, before SQLite can put
 * /dev/null on a closed descriptor 1. nsq_stdout_open() returns that note
 * (true when never noted and descriptor 1 is open). */
void nsq_stdout_note(void);
bool nsq_stdout_open(void);

#endif
