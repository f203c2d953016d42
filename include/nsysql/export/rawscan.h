/* rawscan: reading integer columns of a table straight from the export
 * file's pages, for nsq_parscan's hot scans.
 *
 * At 10^7 rows almost all of a scan through SQLite is its virtual machine
 * decoding records one column at a time (a bare sum over the kernel table:
 * ~0.55 s, of which ~0.2 s is walking the pages). The SQLite file format is
 * documented and stable (https://sqlite.org/fileformat2.html); walking a
 * table b-tree and decoding the few integer columns an analysis needs costs
 * a third of that. A record header met before (a table's rows share a few:
 * the same columns at the same widths) is not parsed again: a cursor keeps
 * the decoded form of recent headers, keyed on the header bytes and sizes,
 * as a list of value offsets and widths. The reader is deliberately narrow
 * and never guesses: a rowid table of a database in rollback-journal mode,
 * columns stored in the record (no generated or INTEGER PRIMARY KEY
 * columns), integer or NULL values, records whose needed bytes are on the
 * page (no overflow chain).
 * Anything else in a record -- a REAL or TEXT value, an overflowing record,
 * a record header that does not add up -- makes nsq_raw_read() answer
 * NSQ_RAW_FALLBACK for that rowid range, and the caller reads the range
 * through SQLite instead, which gives the same values or the error a
 * damaged record deserves. The export is opened immutable, so what SQLite
 * reads is the file's pages, the same ones read here.
 *
 * The tree itself is checked on every page a read visits, whether or not it
 * delivers rows there: page types, cell counts, cell and child pointers
 * inside the page, interior keys ascending, every rowid inside its
 * subtree's key range, ascending, and inside the table's [min, max] rowid
 * (nsq_rawcur_bound). A tree that fails is NSQ_RAW_CORRUPT: the file is
 * damaged in a way that makes a read by rowid range (SQLite's included)
 * see other rows than a read in page order, so no range of it is read
 * another way. Reads whose chunks together cover every rowid (the first
 * from INT64_MIN, the last to INT64_MAX) thereby visit every leaf cell of
 * the tree: when none is NSQ_RAW_CORRUPT, the tree is ordered, and the rows
 * are exactly those a sequential read by SQLite gives. */
#ifndef NSYSQL_RAWSCAN_H
#define NSYSQL_RAWSCAN_H
#include <stddef.h>
#include <stdint.h>

#include "nsysql/export/export.h"

#define NSQ_RAW_MAX_COLS 17
#define NSQ_RAW_ROWID (-1) /* a column that is the rowid */
#define NSQ_RAW_NULL (-2)  /* a column that reads NULL (absent from this export) */

/* The 64-bit hash of a text (FNV-1a, then the length mixed in) that a "#col"
 * column reads, for grouping texts without keeping them. */
static inline uint64_t nsq_text_hash(const unsigned char *t, size_t len)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < len; i++) {
        h ^= t[i];
        h *= 1099511628211ULL;
    }
    return h ^ (uint64_t)len;
}

typedef struct nsq_rawplan nsq_rawplan;
typedef struct nsq_rawcur nsq_rawcur;

/* One row: v[i] is column i (NULL reads 0, and sets bit i of nulls).
 * Returns 0 to go on, anything else stops the read (returned as is). */
typedef int (*nsq_raw_row)(void *ctx, int64_t rowid, const int64_t *v, unsigned nulls);

/* A plan to read the columns names[0..n-1] of table (each a column name of
 * the table, "rowid", NULL for a column that reads NULL, or "#name" for the
 * nsq_text_hash() of a TEXT column: a text holding a NUL, or a value of
 * another type, falls back; so does a file not in UTF-8) from x's file.
 * NULL when the file or the table is not one the reader handles (then read
 * it through SQLite). Built on x->db (reads sqlite_master and table_xinfo);
 * the plan itself touches no connection and may be shared by threads. */
nsq_rawplan *nsq_rawplan_new(nsq_export *x, const char *table, const char *const *names, int n);
void nsq_rawplan_free(nsq_rawplan *p);

/* A cursor: one thread's page buffers. */
nsq_rawcur *nsq_rawcur_new(const nsq_rawplan *p);
void nsq_rawcur_free(nsq_rawcur *c);

/* The table's smallest and largest rowid as SQLite finds them (the
 * leftmost and rightmost paths): a rowid outside is damage. */
void nsq_rawcur_bound(nsq_rawcur *c, int64_t min, int64_t max);

#define NSQ_RAW_FALLBACK 1
#define NSQ_RAW_CORRUPT 2
/* Reads the rows with lo <= rowid < hi in rowid order. Returns 0,
 * NSQ_RAW_FALLBACK (rows may already have been handed to row: the caller
 * drops them and reads the range through SQLite; the tree of the range was
 * checked to its end), NSQ_RAW_CORRUPT (the tree is damaged:
 * nsq_raw_damage says where), or what row returned (another value). With
 * row NULL nothing is decoded: the read only checks the tree. */
int nsq_raw_read(nsq_rawcur *c, int64_t lo, int64_t hi, nsq_raw_row row, void *ctx);
/* After NSQ_RAW_FALLBACK: the rowid of the record not decoded here. The
 * rows of the range below it were handed to row, in order, and none from
 * it on: a caller that keeps them reads [that rowid, hi) through SQLite. */
int64_t nsq_raw_fallback_at(const nsq_rawcur *c);
/* After NSQ_RAW_CORRUPT: what is wrong, and on which page. */
const char *nsq_raw_damage(const nsq_rawcur *c, uint32_t *page);
/* After a read that returned 0: 1 and the smallest rowid >= hi it came
 * across (no row lies between hi and it), or 0 when it saw none. */
int nsq_raw_beyond(const nsq_rawcur *c, int64_t *rowid);
#endif
