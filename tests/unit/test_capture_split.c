/* Unit test: --extra-nsys word splitting and the quoting of target words
 * (src/capture/capture_proc.c), checked against what POSIX sh does with the same text. */
#include <stdio.h>
#include <string.h>

#include "nsysql/capture/capture.h"

static int failures;

static void expect_split(const char *in, int n, const char *const want[])
{
    char **v = NULL;
    int got = 0;
    nsq_err e = {0};
    if (nsq_shell_split(in, &v, &got, &e)) {
        printf("FAIL: split(%s) failed: %s\n", in, e.message);
        failures++;
        return;
    }
    if (got != n) {
        printf("FAIL: split(%s): %d words, want %d\n", in, got, n);
        failures++;
    }
    for (int i = 0; i < got && i < n; i++)
        if (strcmp(v[i], want[i])) {
            printf("FAIL: split(%s) word %d: [%s], want [%s]\n", in, i, v[i], want[i]);
            failures++;
        }
    nsq_strv_free(v, got);
}

static void expect_error(const char *in)
{
    char **v = NULL;
    int n = 0;
    nsq_err e = {0};
    if (nsq_shell_split(in, &v, &n, &e) == 0 || e.exit_code != NSQ_EXIT_USAGE) {
        printf("FAIL: split(%s) should be a usage error\n", in);
        failures++;
    }
    nsq_strv_free(v, n);
}

/* Round trip through a real shell: quote each word, let sh print them back. */
static void expect_quote_roundtrip(const char *word)
{
    strbuf cmd = STRBUF_INIT;
    sb_addstr(&cmd, "printf '%s\\n' ");
    nsq_shell_quote(&cmd, word);
    FILE *p = popen(cmd.buf, "r");
    char buf[256] = "";
    size_t got = p ? fread(buf, 1, sizeof buf - 1, p) : 0;
    if (p)
        pclose(p);
    buf[got] = '\0';
    if (got == 0 || buf[got - 1] != '\n' || (buf[got - 1] = '\0', strcmp(buf, word))) {
        printf("FAIL: quote(%s) came back as [%s] (%s)\n", word, buf, cmd.buf);
        failures++;
    }
    sb_release(&cmd);
}

int main(void)
{
    expect_split("", 0, NULL);
    expect_split("   \t ", 0, NULL);
    expect_split("--stats=false", 1, (const char *const[]){"--stats=false"});
    expect_split("  -t  cuda,nvtx  ", 2, (const char *const[]){"-t", "cuda,nvtx"});
    expect_split("--env-var 'A=b c'", 2, (const char *const[]){"--env-var", "A=b c"});
    expect_split("--env-var \"A=b c\"", 2, (const char *const[]){"--env-var", "A=b c"});
    expect_split("a'b'\"c\"d", 1, (const char *const[]){"abcd"});
    expect_split("\"x\\\"y\\\\z\\n\"", 1, (const char *const[]){"x\"y\\z\\n"});
    expect_split("'$HOME' \"$HOME\" $HOME", 3, (const char *const[]){"$HOME", "$HOME", "$HOME"});
    expect_split("a\\ b c", 2, (const char *const[]){"a b", "c"});
    expect_split("'' \"\"", 2, (const char *const[]){"", ""});
    expect_split("it\\'s", 1, (const char *const[]){"it's"});
    expect_error("'open");
    expect_error("\"open");
    expect_error("a \"b");
    const char *words[] = {"plain", "a b",         "it's",      "$HOME", "*", "",
                           "x\"y",  "back\\slash", "tab\there", "-n",    NULL};
    for (int i = 0; words[i]; i++)
        expect_quote_roundtrip(words[i]);
    if (failures)
        printf("%d failures\n", failures);
    else
        printf("ok\n");
    return failures ? 1 : 0;
}
