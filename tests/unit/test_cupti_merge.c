/* Unit test: merging the CUPTI backend's per-process files (nsq_cupti_merge,
 * src/capture/capture_cupti.c). The per-process files are written here with plain
 * SQL, each with its own StringIds numbering, so the test checks that names
 * survive renumbering, GPUs are matched across processes by uuid, the
 * library's status tables become warnings and stay out of the export, and
 * broken or missing files are reported. No GPU or CUDA needed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "nsysql/capture/capture.h"

static int failures, checks;

static void check(int ok, const char *what)
{
    checks++;
    if (!ok) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

static void run(sqlite3 *db, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        printf("FAIL: setup SQL: %s\n", msg);
        failures++;
        sqlite3_free(msg);
    }
}

static const char *const ddl =
    "CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE META_DATA_EXPORT (name TEXT NOT NULL, value TEXT);"
    "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime TEXT, localTime TEXT,"
    " systemClockNs INTEGER);"
    "CREATE TABLE PROCESSES (globalPid INTEGER, pid INTEGER, name TEXT);"
    "CREATE TABLE ThreadNames (nameId INTEGER NOT NULL, priority INTEGER, globalTid INTEGER);"
    "CREATE TABLE NSYSQL_CUPTI_STATUS (name TEXT NOT NULL, value INTEGER);"
    "CREATE TABLE NSYSQL_CUPTI_WARNINGS (code TEXT NOT NULL, message TEXT NOT NULL);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL,"
    " deviceId INTEGER NOT NULL, globalPid INTEGER, demangledName INTEGER NOT NULL,"
    " shortName INTEGER NOT NULL, mangledName INTEGER);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL,"
    " eventClass INTEGER NOT NULL, globalTid INTEGER, correlationId INTEGER,"
    " nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL, callchainId INTEGER);"
    "CREATE TABLE TARGET_INFO_GPU (vmId INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT,"
    " uuid TEXT, cuDevice INTEGER, smCount INTEGER);"
    "CREATE TABLE TARGET_INFO_CUDA_DEVICE (gpuId INTEGER, cudaId INTEGER NOT NULL,"
    " pid INTEGER NOT NULL, uuid TEXT, numMultiprocessors INTEGER);";

static void make_file(const char *path, const char *body)
{
    sqlite3 *db = NULL;
    unlink(path);
    sqlite3_open(path, &db);
    run(db, ddl);
    run(db, body);
    sqlite3_close(db);
}

static long long q1(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    long long v = -999;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        printf("FAIL: query error %s: %s\n", sqlite3_errmsg(db), sql);
        failures++;
        return v;
    }
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

static int has_warning(const nsq_capture_res *r, const char *code, const char *needle)
{
    for (int i = 0; i < r->nw; i++)
        if (!strcmp(r->w[i].code, code) && (!needle || strstr(r->w[i].message, needle)))
            return 1;
    return 0;
}

int main(void)
{
    char dir[] = "/tmp/nsq-merge-XXXXXX", path[256], out[256];
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(out, sizeof out, "%s/profile.sqlite", dir);

    /* nothing to merge: a capture failure */
    nsq_capture_res res;
    nsq_err err = {0};
    nsq_capture_res_init(&res);
    check(nsq_cupti_merge(dir, out, &res, &err) == -1, "empty directory fails");
    check(!strcmp(err.code, "nothing_captured") && err.exit_code == NSQ_EXIT_CAPTURE,
          "empty directory: nothing_captured, exit 5");
    nsq_capture_res_release(&res);

    /* process 100: kernelA x2 on GPU uuid U1; its ids: 1 kernelA, 2 kernelA(float*), 3 _Z..., 4
     * cudaLaunchKernel_v7000 */
    snprintf(path, sizeof path, "%s/proc-100.sqlite", dir);
    make_file(
        path,
        "INSERT INTO StringIds VALUES (1,'kernelA'),(2,'kernelA(float*)'),(3,'_Z7kernelAPf'),"
        "(4,'cudaLaunchKernel_v7000'),(5,'main');"
        "INSERT INTO META_DATA_EXPORT VALUES ('NSYSQL_EXPORTER','nsysql-cupti'),"
        "('EXPORT_SCHEMA_VERSION','3.25.0');"
        "INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (1700000000000000000,'t','t',1);"
        "INSERT INTO PROCESSES VALUES (281476651220992,100,'app');"
        "INSERT INTO ThreadNames VALUES (5,NULL,281476651221092);"
        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (10,20,0,281476651220992,2,1,3),"
        "(30,50,0,281476651220992,2,1,3);"
        "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (5,8,0,281476651221092,1,4,0,NULL);"
        "INSERT INTO TARGET_INFO_GPU VALUES (281474976710656,0,'GPU one','U1',0,132);"
        "INSERT INTO TARGET_INFO_CUDA_DEVICE VALUES (0,0,100,'U1',132);"
        "INSERT INTO NSYSQL_CUPTI_STATUS VALUES ('records_dropped',3),('complete',1);"
        "INSERT INTO NSYSQL_CUPTI_WARNINGS VALUES ('cupti_version_mismatch','built 1, loaded 2');");
    /* process 200: other numbering (kernelB first), same GPU U1 as CUDA ordinal 1, plus GPU U2 */
    snprintf(path, sizeof path, "%s/proc-200.sqlite", dir);
    make_file(
        path,
        "INSERT INTO StringIds VALUES (1,'kernelB'),(2,'kernelB()'),(3,'_Z7kernelBv'),"
        "(7,'kernelA'),(8,'kernelA(float*)'),(9,'_Z7kernelAPf'),(11,'cudaLaunchKernel_v7000');"
        "INSERT INTO META_DATA_EXPORT VALUES ('NSYSQL_EXPORTER','nsysql-cupti'),"
        "('EXPORT_SCHEMA_VERSION','3.25.0');"
        "INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (1700000000000000000,'t','t',1);"
        "INSERT INTO PROCESSES VALUES (281478328942592,200,'worker');"
        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (15,25,1,281478328942592,2,1,3),"
        "(60,90,0,281478328942592,8,7,9);"
        "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (12,14,0,281478328942692,1,11,0,NULL);"
        "INSERT INTO TARGET_INFO_GPU VALUES (281474976710656,1,'GPU one','U1',1,132),"
        "(281474976710656,0,'GPU two','U2',0,108);"
        "INSERT INTO TARGET_INFO_CUDA_DEVICE VALUES (1,1,200,'U1',132),(0,0,200,'U2',108);"
        "INSERT INTO NSYSQL_CUPTI_STATUS VALUES ('records_dropped',4),('records_incomplete',2),"
        "('complete',1);"
        "INSERT INTO NSYSQL_CUPTI_WARNINGS VALUES ('cupti_version_mismatch','built 1, loaded 2');");
    /* process 300 was killed: no 'complete' status */
    snprintf(path, sizeof path, "%s/proc-300.sqlite", dir);
    make_file(path, "INSERT INTO StringIds VALUES (1,'kernelC');"
                    "INSERT INTO PROCESSES VALUES (281480006664192,300,'killed');");
    /* process 400's file is not a database */
    snprintf(path, sizeof path, "%s/proc-400.sqlite", dir);
    FILE *f = fopen(path, "w");
    for (int i = 0; f && i < 100; i++)
        fputs("this is not a SQLite database file\n", f);
    if (f)
        fclose(f);

    nsq_capture_res_init(&res);
    memset(&err, 0, sizeof err);
    int rc = nsq_cupti_merge(dir, out, &res, &err);
    check(rc == 0, "merge succeeds");
    if (rc)
        printf("  error: %s %s\n", err.code, err.message);
    check(res.nprocesses == 3, "three readable process files merged");
    check(has_warning(&res, "cupti_records_dropped", "7 "),
          "dropped records summed over processes (3+4)");
    check(has_warning(&res, "cupti_records_incomplete", "2 "), "incomplete records reported");
    check(has_warning(&res, "process_not_finished", "proc-300"),
          "unfinished process file reported");
    check(has_warning(&res, "process_file_unreadable", "proc-400"),
          "unreadable process file reported");
    int mismatch = 0;
    for (int i = 0; i < res.nw; i++)
        mismatch += !strcmp(res.w[i].code, "cupti_version_mismatch");
    check(mismatch == 1, "a warning repeated by several processes is reported once");

    sqlite3 *db = NULL;
    sqlite3_open_v2(out, &db, SQLITE_OPEN_READONLY, NULL);
    check(q1(db, "SELECT count(*) FROM StringIds") == 9,
          "StringIds: one row per distinct value (9)");
    check(q1(db, "SELECT count(*) = count(DISTINCT value) FROM StringIds") == 1,
          "StringIds values unique");
    check(q1(db, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                 "k.shortName WHERE s.value = 'kernelA'") == 3,
          "kernelA instances from both processes keep their name");
    check(q1(db, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                 "k.demangledName WHERE s.value = 'kernelB()' AND k.start = 15") == 1,
          "kernelB's demangled name survives renumbering");
    check(q1(db, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                 "k.mangledName WHERE s.value = '_Z7kernelAPf'") == 3,
          "mangled names renumbered");
    check(q1(db, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME r JOIN StringIds s ON s.id = "
                 "r.nameId WHERE s.value = 'cudaLaunchKernel_v7000'") == 2,
          "API names renumbered");
    check(q1(db, "SELECT count(*) FROM ThreadNames t JOIN StringIds s ON s.id = t.nameId WHERE "
                 "s.value = 'main'") == 1,
          "thread names renumbered");
    check(q1(db, "SELECT count(*) FROM TARGET_INFO_GPU") == 2,
          "GPUs matched across processes by uuid");
    check(q1(db, "SELECT count(DISTINCT id) FROM TARGET_INFO_GPU") == 2, "GPU ids distinct");
    check(q1(db, "SELECT count(*) FROM TARGET_INFO_CUDA_DEVICE c JOIN TARGET_INFO_GPU g ON g.id = "
                 "c.gpuId WHERE g.uuid = 'U1'") == 2,
          "both processes' ordinals of GPU U1 map to one GPU id");
    check(q1(db, "SELECT count(*) FROM TARGET_INFO_CUDA_DEVICE c JOIN TARGET_INFO_GPU g ON g.id = "
                 "c.gpuId WHERE c.pid = 200 AND c.cudaId = 0 AND g.uuid = 'U2'") == 1,
          "process 200's ordinal 0 is GPU U2");
    check(q1(db, "SELECT count(*) FROM PROCESSES") == 3, "every merged process listed");
    check(q1(db, "SELECT count(*) FROM META_DATA_EXPORT WHERE name = 'NSYSQL_EXPORTER'") == 1,
          "export metadata once");
    check(q1(db, "SELECT value FROM META_DATA_EXPORT WHERE name = 'NSYSQL_MERGED_PROCESSES'") == 3,
          "merged process count recorded");
    check(q1(db, "SELECT count(*) FROM TARGET_INFO_SESSION_START_TIME") == 1, "one session origin");
    check(q1(db, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'NSYSQL%'") == 0,
          "the library's status tables stay out of the export");
    sqlite3_close(db);
    nsq_capture_res_release(&res);

    /* clean up */
    const char *names[] = {"proc-100.sqlite", "proc-200.sqlite", "proc-300.sqlite",
                           "proc-400.sqlite", "profile.sqlite"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
    printf("%d/%d checks passed\n", checks - failures, checks);
    return failures ? 1 : 0;
}
