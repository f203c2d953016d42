/* timeline-sql's sandbox: arbitrary statement text (and parameters) on a real
 * export opened the way every command opens it. Nothing may write, attach,
 * load an extension or run past the step budget; the file never changes. */
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "nsysql/export/export.h"

static nsq_export *x;
static struct stat before;
static const char *fixture;

static int budget(void *p)
{
    return ++*(int *)p > 2000; /* progress calls of 1000 VM steps each */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nsq_err err = {0};
    if (!x) {
        fixture = getenv("NSYSQL_FUZZ_EXPORT");
        if (!fixture)
            fixture = "../shared/fixtures/nsys/dlprof-pytorch-conv-2022.1.sqlite";
        if (nsq_export_open(&x, fixture, &err) || stat(fixture, &before))
            abort();
    }
    char *sql = malloc(size + 1);
    memcpy(sql, data, size);
    sql[size] = '\0';
    sqlite3_stmt *st = NULL;
    const char *tail = NULL;
    int steps = 0;
    sqlite3_progress_handler(x->db, 1000, budget, &steps);
    if (sqlite3_prepare_v2(x->db, sql, -1, &st, &tail) == SQLITE_OK && st) {
        int n = sqlite3_bind_parameter_count(st);
        for (int i = 1; i <= n; i++)
            sqlite3_bind_text(st, i, sql, (int)(size < 64 ? size : 64), SQLITE_STATIC);
        for (int r = 0; r < 1000 && sqlite3_step(st) == SQLITE_ROW; r++)
            ;
    }
    sqlite3_finalize(st);
    sqlite3_progress_handler(x->db, 0, NULL, NULL);
    x->auth.denied[0] = x->auth.code[0] = '\0';
    /* only main and temp: nothing attached */
    sqlite3_stmt *dl = NULL;
    int dbs = 0;
    if (sqlite3_prepare_v2(x->db, "PRAGMA database_list", -1, &dl, NULL) == SQLITE_OK)
        while (sqlite3_step(dl) == SQLITE_ROW)
            dbs++;
    sqlite3_finalize(dl);
    FUZZ_ASSERT(dbs <= 2, "no database attached");
    FUZZ_ASSERT(sqlite3_db_readonly(x->db, "main") == 1, "main stays read-only");
    struct stat now;
    FUZZ_ASSERT(stat(fixture, &now) == 0 && now.st_size == before.st_size &&
                    now.st_mtim.tv_sec == before.st_mtim.tv_sec && now.st_mtim.tv_nsec == before.st_mtim.tv_nsec,
                "the export is unchanged");
    free(sql);
    return 0;
}
