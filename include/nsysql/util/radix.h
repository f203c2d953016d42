/* radix: LSD radix sort of unsigned keys, for the big arrays of durations
 * and distances (several times faster than qsort's comparison calls).
 *
 *     NSQ_RADIX_SORT(sort_u32, uint32_t, uint32_t)
 *     ...
 *     sort_u32(v, n, tmp);            (tmp holds n values)
 *
 * defines a static function NAME(T *v, int64_t n, T *tmp) that sorts v[0..n)
 * ascending by the bits of the unsigned type U (T's values as U: for a
 * signed T, only non-negative values sort in order), 11-bit digits, digits
 * that never vary skipped; stable. Needs n >= 1, <stdint.h> and <string.h>. */
#ifndef NSYSQL_RADIX_H
#define NSYSQL_RADIX_H

#define NSQ_RADIX_SORT(NAME, T, U)                                                                 \
    static void NAME(T *v, int64_t n, T *tmp)                                                      \
    {                                                                                              \
        U diff = 0, first = (U)v[0];                                                               \
        for (int64_t i = 1; i < n; i++)                                                            \
            diff |= (U)v[i] ^ first;                                                               \
        T *src = v, *dst = tmp;                                                                    \
        for (int shift = 0; shift < (int)(8 * sizeof(U)); shift += 11) {                           \
            if (!((diff >> shift) & 0x7FF))                                                        \
                continue;                                                                          \
            int64_t cnt[2048] = {0};                                                               \
            for (int64_t i = 0; i < n; i++)                                                        \
                cnt[((U)src[i] >> shift) & 0x7FF]++;                                               \
            int64_t pos = 0;                                                                       \
            for (int k = 0; k < 2048; k++) {                                                       \
                int64_t c = cnt[k];                                                                \
                cnt[k] = pos;                                                                      \
                pos += c;                                                                          \
            }                                                                                      \
            for (int64_t i = 0; i < n; i++)                                                        \
                dst[cnt[((U)src[i] >> shift) & 0x7FF]++] = src[i];                                 \
            T *t = src;                                                                            \
            src = dst;                                                                             \
            dst = t;                                                                               \
        }                                                                                          \
        if (src != v)                                                                              \
            memcpy(v, src, sizeof(*v) * (size_t)n);                                                \
    }

#endif
