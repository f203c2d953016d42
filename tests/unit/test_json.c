/* Unit test of the JSON writer (include/nsysql/util/json.h).
 *
 * Two kinds of checks:
 *  - exact spellings the JSON grammar (RFC 8259) leaves no choice about,
 *    checked here in C (control characters escaped, quotes and backslashes,
 *    64-bit integer limits, NaN/inf as null, structure and commas);
 *  - everything else is written to a case file and judged by Python's json
 *    module in strict mode (no NaN/Infinity, no duplicate keys, strict UTF-8
 *    output): each written string must decode to the input as Python's own
 *    UTF-8 decoder reads it (errors="replace"; runs of U+FFFD compared as one,
 *    since how many replacement characters an invalid sequence yields is a
 *    choice), integers must read back exactly, doubles within their format,
 *    pretty and compact forms must parse to equal values.
 * Exit 0 when every check passes. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nsysql/util/json.h"

#include "check.h"

/* The case file judged by Python: one case per line, fields separated by a
 * space, byte strings hex-encoded ("-" for empty). */
static FILE *cases;
static int ncases;

static void put_hex(const char *s, size_t n)
{
    fputc(' ', cases);
    if (n == 0) {
        fputc('-', cases);
        return;
    }
    for (size_t i = 0; i < n; i++)
        fprintf(cases, "%02x", (unsigned char)s[i]);
}

/* kind, then hex fields, then optional plain-text extra fields */
static void add_case(const char *kind, const char *a, size_t na, const char *b, size_t nb,
                     const char *extra)
{
    fputs(kind, cases);
    if (a)
        put_hex(a, na);
    if (b)
        put_hex(b, nb);
    if (extra)
        fprintf(cases, " %s", extra);
    fputc('\n', cases);
    ncases++;
}

/* Writes one string value with a fresh writer; returns it (caller frees). */
static char *write_str(const char *s, size_t n, size_t *outlen)
{
    json j = JSON_INIT;
    json_strn(&j, s, n);
    *outlen = j.out.len;
    char *r = xmalloc(j.out.len + 1);
    memcpy(r, sb_str(&j.out), j.out.len + 1);
    json_release(&j);
    return r;
}

/* No raw control character or DEL anywhere in the output. */
static int clean_bytes(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f)
            return 0;
    }
    return 1;
}

/* A string case: exact C checks where given, plus the Python judgement. */
static void string_case(const char *label, const char *s, size_t n, const char *exact)
{
    size_t outlen;
    char *out = write_str(s, n, &outlen);
    CHECK(clean_bytes(out, outlen), "%s: no raw control bytes in %s", label, out);
    CHECK(outlen >= 2 && out[0] == '"' && out[outlen - 1] == '"', "%s: quoted", label);
    if (exact)
        CHECK(strcmp(out, exact) == 0, "%s: wrote %s, want %s", label, out, exact);
    add_case("S", s, n, out, outlen, NULL);
    free(out);
}

static void test_control_characters(void)
{
    /* the two-character escapes RFC 8259 defines; any other control
     * character can only be written as \u00XX */
    for (int c = 0; c < 0x20; c++) {
        char in[3] = {'a', (char)c, 'z'};
        char label[32], want1[16], want2[16];
        const char *shortform = NULL;
        switch (c) {
        case '\b': shortform = "\"a\\bz\""; break;
        case '\f': shortform = "\"a\\fz\""; break;
        case '\n': shortform = "\"a\\nz\""; break;
        case '\r': shortform = "\"a\\rz\""; break;
        case '\t': shortform = "\"a\\tz\""; break;
        }
        snprintf(label, sizeof label, "control 0x%02x", c);
        snprintf(want1, sizeof want1, "\"a\\u%04xz\"", c);
        snprintf(want2, sizeof want2, "\"a\\u%04Xz\"", c);
        size_t outlen;
        char *out = write_str(in, 3, &outlen);
        CHECK(outlen == 6 || outlen == 10, "%s: escaped to 2 or 6 characters, got %s", label, out);
        CHECK(!strcmp(out, want1) || !strcmp(out, want2) || (shortform && !strcmp(out, shortform)),
              "%s: wrote %s", label, out);
        free(out);
        string_case(label, in, 3, NULL);
    }
    {
        char in[3] = {'a', 0x7f, 'z'};
        size_t outlen;
        char *out = write_str(in, 3, &outlen);
        CHECK(!strcmp(out, "\"a\\u007fz\"") || !strcmp(out, "\"a\\u007Fz\""), "DEL: wrote %s", out);
        free(out);
        string_case("DEL", in, 3, NULL);
    }
    /* all of them in one string, NUL first and last */
    char all[34];
    for (int c = 0; c < 32; c++)
        all[c + 1] = (char)c;
    all[0] = 0;
    all[33] = 0x7f;
    string_case("every control character", all, sizeof all, NULL);
}

static void test_quotes_backslashes(void)
{
    string_case("quote", "\"", 1, "\"\\\"\"");
    string_case("backslash", "\\", 1, "\"\\\\\"");
    string_case("quotes and backslashes", "a\"b\\c\\\"d\"\\", 10, "\"a\\\"b\\\\c\\\\\\\"d\\\"\\\\\"");
    string_case("trailing backslash", "path\\", 5, "\"path\\\\\"");
    string_case("slash", "a/b", 3, NULL);
    string_case("empty", "", 0, "\"\"");
    string_case("JSON-looking text", "{\"a\":[1,2],\"b\":\"c\"}", 19, NULL);
    /* NULL writes null */
    json j = JSON_INIT;
    json_str(&j, NULL);
    CHECK(!strcmp(sb_str(&j.out), "null"), "json_str(NULL) wrote %s", sb_str(&j.out));
    json_release(&j);
}

static void test_utf8(void)
{
    static const struct {
        const char *label;
        const char *bytes;
        int must_replace; /* 1: invalid, U+FFFD expected; 0: valid, kept */
    } v[] = {
        {"2-byte e-acute", "caf\xc3\xa9", 0},
        {"3-byte euro", "\xe2\x82\xac", 0},
        {"4-byte G clef", "\xf0\x9d\x84\x9e", 0},
        {"U+007F neighbour U+0080", "\xc2\x80", 0},
        {"U+07FF", "\xdf\xbf", 0},
        {"U+0800", "\xe0\xa0\x80", 0},
        {"U+D7FF", "\xed\x9f\xbf", 0},
        {"U+E000", "\xee\x80\x80", 0},
        {"U+FFFD itself", "\xef\xbf\xbd", 0},
        {"U+FFFF", "\xef\xbf\xbf", 0},
        {"U+10000", "\xf0\x90\x80\x80", 0},
        {"U+10FFFF", "\xf4\x8f\xbf\xbf", 0},
        {"U+2028 line separator", "\xe2\x80\xa8", 0},
        {"lone continuation 0x80", "a\x80z", 1},
        {"lone continuation 0xbf", "a\xbfz", 1},
        {"continuation run", "a\x80\x81\x82z", 1},
        {"overlong slash C0 AF", "a\xc0\xafz", 1},
        {"overlong C1 BF", "a\xc1\xbfz", 1},
        {"overlong 3-byte E0 80 AF", "a\xe0\x80\xafz", 1},
        {"overlong 4-byte F0 82 82 AC", "a\xf0\x82\x82\xacz", 1},
        {"overlong NUL C0 80", "a\xc0\x80z", 1},
        {"surrogate D800", "a\xed\xa0\x80z", 1},
        {"surrogate DFFF", "a\xed\xbf\xbfz", 1},
        {"surrogate pair as CESU-8", "a\xed\xa0\xbd\xed\xb8\x80z", 1},
        {"above U+10FFFF", "a\xf4\x90\x80\x80z", 1},
        {"F5 lead", "a\xf5\x80\x80\x80z", 1},
        {"FE", "a\xfez", 1},
        {"FF", "a\xffz", 1},
        {"truncated 2-byte at end", "a\xc3", 1},
        {"truncated 3-byte at end", "a\xe2\x82", 1},
        {"truncated 4-byte at end", "a\xf0\x9d\x84", 1},
        {"truncated 3-byte then ASCII", "a\xe2\x82z", 1},
        {"truncated 4-byte then ASCII", "a\xf0\x9dz", 1},
        {"truncated then valid multibyte", "a\xe2\x82\xc3\xa9z", 1},
        {"lead then lead", "a\xc3\xc3\xa9z", 1},
        {"lone lead at start", "\xe2z", 1},
        {"invalid between quotes", "\"\xff\"", 1},
        {"invalid then backslash", "\xff\\", 1},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        size_t n = strlen(v[i].bytes), outlen;
        char *out = write_str(v[i].bytes, n, &outlen);
        int has_fffd = strstr(out, "\\ufffd") || strstr(out, "\\uFFFD") || strstr(out, "\xef\xbf\xbd");
        if (v[i].must_replace)
            CHECK(has_fffd, "%s: replaced by U+FFFD, wrote %s", v[i].label, out);
        else
            CHECK(strstr(out, v[i].bytes) != NULL || has_fffd == (strstr(v[i].bytes, "\xef\xbf\xbd") != NULL),
                  "%s: valid UTF-8 kept", v[i].label);
        if (!v[i].must_replace)
            CHECK(outlen == n + 2 && !memcmp(out + 1, v[i].bytes, n), "%s: valid UTF-8 kept byte for byte, wrote %s",
                  v[i].label, out);
        free(out);
        string_case(v[i].label, v[i].bytes, n, NULL);
    }
    /* every single byte value on its own */
    for (int b = 0; b < 256; b++) {
        char in = (char)b, label[32];
        snprintf(label, sizeof label, "byte 0x%02x alone", b);
        string_case(label, &in, 1, NULL);
    }
}

static void test_long_strings(void)
{
    const size_t n = 10u * 1024 * 1024;
    char *s = xmalloc(n);
    /* plain ASCII: exact length */
    memset(s, 'x', n);
    size_t outlen;
    char *out = write_str(s, n, &outlen);
    CHECK(outlen == n + 2 && out[0] == '"' && out[n + 1] == '"' && out[n / 2] == 'x',
          "10 MiB ASCII string written whole (%zu bytes)", outlen);
    free(out);
    /* a mix of everything, cut at an arbitrary byte */
    static const char block[] = "abc\"\\\n\x01\x1f\x7f caf\xc3\xa9 \xe2\x82\xac \xf0\x9d\x84\x9e \xff\xc0\xaf\xed\xa0\x80\xe2\x82";
    for (size_t i = 0; i < n; i++)
        s[i] = block[i % (sizeof block - 1)];
    string_case("10 MiB mixed string", s, n, NULL);
    free(s);
}

static void int_case(const char *label, int64_t v, const char *exact, const char *pyexpr)
{
    json j = JSON_INIT;
    json_int(&j, v);
    CHECK(!strcmp(sb_str(&j.out), exact), "%s: wrote %s, want %s", label, sb_str(&j.out), exact);
    add_case("I", NULL, 0, sb_str(&j.out), j.out.len, pyexpr);
    json_release(&j);
}

static void test_integers(void)
{
    int_case("INT64_MIN", INT64_MIN, "-9223372036854775808", "-(2**63)");
    int_case("INT64_MAX", INT64_MAX, "9223372036854775807", "2**63-1");
    int_case("INT64_MIN+1", INT64_MIN + 1, "-9223372036854775807", "-(2**63)+1");
    int_case("zero", 0, "0", "0");
    int_case("minus one", -1, "-1", "-1");
    int_case("2^53+1", 9007199254740993LL, "9007199254740993", "2**53+1");
    json j = JSON_INIT;
    json_uint(&j, UINT64_MAX);
    CHECK(!strcmp(sb_str(&j.out), "18446744073709551615"), "UINT64_MAX: wrote %s", sb_str(&j.out));
    add_case("I", NULL, 0, sb_str(&j.out), j.out.len, "2**64-1");
    json_release(&j);
    j = (json)JSON_INIT;
    json_uint(&j, 0);
    CHECK(!strcmp(sb_str(&j.out), "0"), "uint 0: wrote %s", sb_str(&j.out));
    json_release(&j);
    /* in an object, with the kv helper */
    j = (json)JSON_INIT;
    json_obj_begin(&j);
    json_kv_int(&j, "min", INT64_MIN);
    json_kv_int(&j, "max", INT64_MAX);
    json_key(&j, "umax");
    json_uint(&j, UINT64_MAX);
    json_obj_end(&j);
    CHECK(!strcmp(sb_str(&j.out),
                  "{\"min\":-9223372036854775808,\"max\":9223372036854775807,\"umax\":18446744073709551615}"),
          "64-bit limits in an object: wrote %s", sb_str(&j.out));
    add_case("V", NULL, 0, sb_str(&j.out), j.out.len, NULL);
    json_release(&j);
}

static void double_case(const char *kind, double v, int exact)
{
    json j = JSON_INIT;
    char hex[64];
    if (exact)
        json_double_exact(&j, v);
    else
        json_double(&j, v);
    snprintf(hex, sizeof hex, "%a", v);
    add_case(kind, NULL, 0, sb_str(&j.out), j.out.len, hex);
    json_release(&j);
}

static void test_doubles(void)
{
    const double nonfinite[] = {NAN, -NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof nonfinite / sizeof nonfinite[0]; i++) {
        for (int exact = 0; exact < 2; exact++) {
            json j = JSON_INIT;
            if (exact)
                json_double_exact(&j, nonfinite[i]);
            else
                json_double(&j, nonfinite[i]);
            CHECK(!strcmp(sb_str(&j.out), "null"), "non-finite %g (%s) wrote %s", nonfinite[i],
                  exact ? "exact" : "fixed", sb_str(&j.out));
            add_case("N", NULL, 0, sb_str(&j.out), j.out.len, NULL);
            json_release(&j);
        }
    }
    json j = JSON_INIT;
    json_arr_begin(&j);
    json_double(&j, NAN);
    json_int(&j, 1);
    json_double_exact(&j, -INFINITY);
    json_arr_end(&j);
    CHECK(!strcmp(sb_str(&j.out), "[null,1,null]"), "non-finite in an array: wrote %s", sb_str(&j.out));
    json_release(&j);

    const double vals[] = {0.0, -0.0, 1.0, -1.0, 0.1, 1.0 / 3.0, 2.5, 12.5, -3.25, 1e-7, 1e-6, 1.5e-6,
                           123456.789, 1e14 + 0.3, 1e15, 1e20, 1e300, -1e-300, 5e-324, DBL_MIN,
                           DBL_MAX, -DBL_MAX, 9007199254740993.0, 123456789012345678.0, 6.02214076e23};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        double_case("X", vals[i], 1);
        double_case("A", vals[i], 0);
    }
    /* fixed format: no exponent below 1e15, trailing zeros trimmed */
    j = (json)JSON_INIT;
    json_double(&j, 12.5);
    CHECK(!strcmp(sb_str(&j.out), "12.5"), "json_double(12.5) wrote %s", sb_str(&j.out));
    json_release(&j);
    j = (json)JSON_INIT;
    json_double(&j, -0.0);
    CHECK(!strcmp(sb_str(&j.out), "0") || !strcmp(sb_str(&j.out), "-0"), "json_double(-0.0) wrote %s",
          sb_str(&j.out));
    json_release(&j);
    /* exact format keeps a real a real */
    j = (json)JSON_INIT;
    json_double_exact(&j, 2.0);
    CHECK(strpbrk(sb_str(&j.out), ".eE") != NULL, "json_double_exact(2.0) reads back as a real: %s", sb_str(&j.out));
    json_release(&j);
}

static void test_structure(void)
{
    json j = JSON_INIT;
    json_obj_begin(&j);
    json_kv_int(&j, "a", 1);
    json_key(&j, "b");
    json_arr_begin(&j);
    json_bool(&j, true);
    json_bool(&j, false);
    json_null(&j);
    json_arr_end(&j);
    json_key(&j, "c");
    json_obj_begin(&j);
    json_obj_end(&j);
    json_key(&j, "d");
    json_arr_begin(&j);
    json_arr_end(&j);
    json_kv_str(&j, "e", "x");
    json_kv_bool(&j, "f", false);
    json_kv_null(&j, "g");
    json_kv_raw(&j, "h", "{\"raw\":[1,2]}");
    json_key(&j, "i");
    json_arr_begin(&j);
    json_raw(&j, "3");
    json_raw(&j, "\"four\"");
    json_arr_end(&j);
    json_obj_end(&j);
    const char *want = "{\"a\":1,\"b\":[true,false,null],\"c\":{},\"d\":[],\"e\":\"x\",\"f\":false,"
                       "\"g\":null,\"h\":{\"raw\":[1,2]},\"i\":[3,\"four\"]}";
    CHECK(!strcmp(sb_str(&j.out), want), "structure: wrote %s", sb_str(&j.out));
    add_case("V", NULL, 0, sb_str(&j.out), j.out.len, NULL);
    /* the same through json_pretty */
    strbuf p = STRBUF_INIT;
    json_pretty(&p, sb_str(&j.out));
    add_case("E", sb_str(&j.out), j.out.len, sb_str(&p), p.len, NULL);
    sb_release(&p);
    json_release(&j);

    /* nesting to the writer's maximum depth */
    j = (json)JSON_INIT;
    for (int d = 0; d < JSON_MAX_DEPTH; d++)
        json_arr_begin(&j);
    json_int(&j, 7);
    for (int d = 0; d < JSON_MAX_DEPTH; d++)
        json_arr_end(&j);
    CHECK(j.depth == 0 && j.out.len == 2 * JSON_MAX_DEPTH + 1, "nesting %d deep: balanced", JSON_MAX_DEPTH);
    add_case("V", NULL, 0, sb_str(&j.out), j.out.len, NULL);
    json_release(&j);
}

/* Keys are escaped like values; pretty printing keeps strings intact. */
static void test_keys_and_pretty(void)
{
    static const char *const nasty[] = {
        "plain", "with \"quotes\"", "back\\slash\\", "ctl\x01\x1f\x7f", "new\nline\ttab",
        "bad \xff\xc0\xaf utf8 \xe2\x82", "braces {[,:]} and spaces  ", "caf\xc3\xa9 \xf0\x9d\x84\x9e",
        "\\\"", "", ": , ", "\\",
    };
    size_t n = sizeof nasty / sizeof nasty[0];
    for (int pretty = 0; pretty < 2; pretty++) {
        json j = JSON_INIT;
        j.pretty = pretty;
        json_obj_begin(&j);
        for (size_t i = 0; i < n; i++) {
            char key[64];
            snprintf(key, sizeof key, "k%zu %s", i, nasty[i]);
            json_key(&j, key);
            json_arr_begin(&j);
            json_str(&j, nasty[i]);
            json_obj_begin(&j);
            json_kv_str(&j, nasty[i], nasty[i]);
            json_obj_end(&j);
            json_arr_end(&j);
        }
        json_obj_end(&j);
        CHECK(j.depth == 0, "keys document balanced");
        if (!pretty) {
            CHECK(clean_bytes(sb_str(&j.out), j.out.len), "keys document: no raw control bytes");
            strbuf p = STRBUF_INIT;
            json_pretty(&p, sb_str(&j.out));
            add_case("E", sb_str(&j.out), j.out.len, sb_str(&p), p.len, NULL);
            sb_release(&p);
        } else {
            add_case("V", NULL, 0, sb_str(&j.out), j.out.len, NULL);
        }
        json_release(&j);
    }
    /* each key alone, judged like a string */
    for (size_t i = 0; i < n; i++) {
        json j = JSON_INIT;
        json_obj_begin(&j);
        json_key(&j, nasty[i]);
        json_int(&j, 1);
        json_obj_end(&j);
        add_case("K", nasty[i], strlen(nasty[i]), sb_str(&j.out), j.out.len, NULL);
        json_release(&j);
    }
}

static const char checker[] =
    "import json, math, re, sys\n"
    "def const(name):\n"
    "    raise ValueError('non-JSON constant ' + name)\n"
    "def pairs(p):\n"
    "    keys = [k for k, _ in p]\n"
    "    if len(keys) != len(set(keys)):\n"
    "        raise ValueError('duplicate keys')\n"
    "    return dict(p)\n"
    "def load(h):\n"
    "    text = unhex(h).decode('utf-8')\n"
    "    return json.loads(text, parse_constant=const, object_pairs_hook=pairs)\n"
    "def unhex(h):\n"
    "    return b'' if h == b'-' else bytes.fromhex(h.decode())\n"
    "def collapse(s):\n"
    "    return re.sub('\\ufffd+', '\\ufffd', s)\n"
    "def want_text(h):\n"
    "    return collapse(unhex(h).decode('utf-8', 'replace'))\n"
    "n = bad = 0\n"
    "with open(sys.argv[1], 'rb') as f:\n"
    "    for line in f:\n"
    "        fld = line.split()\n"
    "        kind = fld[0].decode()\n"
    "        n += 1\n"
    "        try:\n"
    "            if kind == 'S':\n"
    "                got = load(fld[2])\n"
    "                ok = isinstance(got, str) and collapse(got) == want_text(fld[1])\n"
    "            elif kind == 'K':\n"
    "                got = load(fld[2])\n"
    "                ok = isinstance(got, dict) and len(got) == 1 and collapse(next(iter(got))) == want_text(fld[1])\n"
    "            elif kind == 'I':\n"
    "                got = load(fld[1])\n"
    "                ok = type(got) is int and got == eval(fld[2].decode())\n"
    "            elif kind == 'N':\n"
    "                ok = load(fld[1]) is None\n"
    "            elif kind == 'X':\n"
    "                got = load(fld[1]); want = float.fromhex(fld[2].decode())\n"
    "                ok = type(got) is float and got == want and math.copysign(1, got) == math.copysign(1, want)\n"
    "            elif kind == 'A':\n"
    "                got = load(fld[1]); want = float.fromhex(fld[2].decode())\n"
    "                ok = isinstance(got, (int, float)) and abs(got - want) <= max(5.0000001e-7, abs(want) * 1e-6)\n"
    "            elif kind == 'V':\n"
    "                load(fld[1]); ok = True\n"
    "            elif kind == 'E':\n"
    "                ok = load(fld[1]) == load(fld[2])\n"
    "            else:\n"
    "                ok = False\n"
    "            why = ''\n"
    "        except Exception as e:\n"
    "            ok = False; why = repr(e)[:200]\n"
    "        if not ok:\n"
    "            bad += 1\n"
    "            print('FAIL case', n, kind, line[:160], why)\n"
    "print('%d/%d cases judged valid by Python json' % (n - bad, n))\n"
    "sys.exit(1 if bad else 0)\n";

static const char *python(void)
{
    const char *p = getenv("NSYSQL_PYTHON");
    if (p && *p)
        return p;
    return access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
}

int main(void)
{
    char dir[] = "/tmp/nsysql-test-json-XXXXXX";
    char casepath[256], scriptpath[256], cmd[1024];
    int rc = 1;
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(casepath, sizeof casepath, "%s/cases.txt", dir);
    snprintf(scriptpath, sizeof scriptpath, "%s/check.py", dir);
    cases = fopen(casepath, "w");
    FILE *sf = fopen(scriptpath, "w");
    if (!cases || !sf) {
        perror("fopen");
        goto done;
    }
    fputs(checker, sf);
    fclose(sf);

    test_control_characters();
    test_quotes_backslashes();
    test_utf8();
    test_long_strings();
    test_integers();
    test_doubles();
    test_structure();
    test_keys_and_pretty();
    fclose(cases);
    cases = NULL;

    snprintf(cmd, sizeof cmd, "%s '%s' '%s' 2>&1", python(), scriptpath, casepath);
    FILE *p = popen(cmd, "r");
    if (!p) {
        perror("popen");
        goto done;
    }
    char line[512];
    while (fgets(line, sizeof line, p))
        fputs(line, stdout);
    int st = pclose(p);
    CHECK(st == 0, "Python's strict json accepts every case (%d written); exit status %d", ncases, st);
    printf("%d/%d checks passed (%d cases judged by Python)\n", nchecks - nfail, nchecks, ncases);
    rc = nfail ? 1 : 0;
done:
    if (cases)
        fclose(cases);
    remove(casepath);
    remove(scriptpath);
    rmdir(dir);
    return rc;
}
