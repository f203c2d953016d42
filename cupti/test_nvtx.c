/* nsysql-test-nvtx: an NVTX-only program (nvtx3 headers, no CUDA) that the
 * capture tests run under the CUPTI backend. What it does, in order, is what
 * tests/test_capture_cupti.py expects to find in NVTX_EVENTS:
 *   main thread: names itself "main-thread"; creates domain "MyLib";
 *     registers "registered-op"; names category 7 "compute" in MyLib;
 *     push "main-outer" (level 0); MyLib push (registered, ARGB 0xFF00FF00,
 *     category 7, level 0 of MyLib); start "cross-thread";
 *   worker thread: names itself "worker-thread"; push "worker-outer",
 *     push "worker-inner", ~1 ms, pop, pop; ends "cross-thread";
 *   main: MyLib pop; mark "a-mark"; push L"unicode-\u00fc" and pop; pop
 *     "main-outer"; push "never-popped" and start "never-ended", left open.
 * With the argument "fork" it then forks a child that pushes and pops
 * "child-range" (its own process and file). With "hang" it then pushes
 * "hanging", prints "hanging" and waits for a signal. It prints the push/pop
 * levels. */
#define _GNU_SOURCE
#include <nvtx3/nvToolsExt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wchar.h>

static nvtxRangeId_t g_cross;

static void pause_a_little(void)
{
    usleep(1000);
}

static void *worker(void *arg)
{
    (void)arg;
    nvtxNameOsThreadA((uint32_t)syscall(SYS_gettid), "worker-thread");
    int a = nvtxRangePushA("worker-outer");
    int b = nvtxRangePushA("worker-inner");
    pause_a_little();
    int c = nvtxRangePop();
    int d = nvtxRangePop();
    nvtxRangeEnd(g_cross); /* started on the main thread */
    printf("worker levels %d %d %d %d\n", a, b, c, d);
    return NULL;
}

int main(int argc, char **argv)
{
    nvtxNameOsThreadA((uint32_t)syscall(SYS_gettid), "main-thread");
    nvtxDomainHandle_t dom = nvtxDomainCreateA("MyLib");
    nvtxStringHandle_t reg = nvtxDomainRegisterStringA(dom, "registered-op");
    nvtxDomainNameCategoryA(dom, 7, "compute");
    nvtxEventAttributes_t a;
    memset(&a, 0, sizeof a);
    a.version = NVTX_VERSION;
    a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    a.colorType = NVTX_COLOR_ARGB;
    a.color = 0xFF00FF00;
    a.category = 7;
    a.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
    a.message.registered = reg;

    int l0 = nvtxRangePushA("main-outer");
    int l1 = nvtxDomainRangePushEx(dom, &a);
    pause_a_little();
    g_cross = nvtxRangeStartA("cross-thread");
    pthread_t th;
    pthread_create(&th, NULL, worker, NULL);
    pthread_join(th, NULL);
    int l2 = nvtxDomainRangePop(dom);
    nvtxMarkA("a-mark");
    int l3 = nvtxRangePushW(L"unicode-\u00fc");
    int l4 = nvtxRangePop();
    int l5 = nvtxRangePop();
    printf("main levels %d %d %d %d %d %d\n", l0, l1, l2, l3, l4, l5);
    nvtxRangePushA("never-popped");
    nvtxRangeStartA("never-ended");
    fflush(stdout);
    if (argc > 1 && strcmp(argv[1], "fork") == 0) {
        pid_t pid = fork();
        if (pid == 0) {
            nvtxRangePushA("child-range");
            pause_a_little();
            nvtxRangePop();
            printf("child %d done\n", (int)getpid());
            fflush(stdout);
            exit(0);
        }
        waitpid(pid, NULL, 0);
    }
    if (argc > 1 && strcmp(argv[1], "hang") == 0) {
        nvtxRangePushA("hanging");
        printf("hanging\n");
        fflush(stdout);
        for (;;)
            pause();
    }
    return 0;
}
