/* simd.h - the byte scanners that go sixteen bytes at a time, each with its scalar fallback. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_SIMD_H
#define LIB_SIMD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "base/ascii.h"
#include "base/compiler.h"

/*
 * Every use of vector instructions in the library is here, so that one
 * place decides what a machine without them runs. With SSE2 (every x86-64)
 * and GCC or clang, the scanners look at sixteen bytes per step; otherwise
 * (or built with -U__SSE2__: `make check-portable` runs every test that way)
 * the fallback below each one does the same work a byte, or eight, at a
 * time. The two give the same answer, so the choice changes speed, never
 * behaviour; where a scanner only promises a bound (simd_first_hot), the
 * callers are written for any answer within it.
 *
 *   scanner                  finds
 *   simd_first_of            the first byte of a small set (table-checked tail)
 *   simd_first_hot           the first byte of a fixed superset (see there)
 *   simd_skip_alnum_dot      the first byte not a letter, digit, ' ', '.' or '+'
 *   simd_name_run16          how many of 16 bytes lead in A-Z a-z 0-9 _
 *   simd_ascii64             whether 64 bytes are all ASCII
 *   struct simd16            sixteen bytes compared as one (a zero-padded name)
 *   simd_clear_upper_state   after a library's AVX code, makes SSE code fast again
 *
 * The scanners over b[k..end) read whole blocks of sixteen only while
 * k + 16 <= end, and never past end; a block before end must be readable.
 */
#if defined(__SSE2__) && defined(__GNUC__)
#define SIMD_SSE2 1
#include <emmintrin.h>
#else
#define SIMD_SSE2 0
#endif

#if SIMD_SSE2
static inline __m128i simd_load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }

/* 0xFF in each byte of x that is an ASCII letter or digit, else 0. */
static inline __m128i simd_alnum_bytes(__m128i x)
{
    /* Signed compares after a shift by 0x80: x - lo < n for a range [lo, lo + n). */
    __m128i bias = _mm_set1_epi8((char)0x80);
    __m128i letter = _mm_cmplt_epi8(
        _mm_add_epi8(_mm_sub_epi8(_mm_or_si128(x, _mm_set1_epi8(0x20)), _mm_set1_epi8('a')), bias),
        _mm_set1_epi8((char)(0x80 + 26)));
    __m128i digit = _mm_cmplt_epi8(_mm_add_epi8(_mm_sub_epi8(x, _mm_set1_epi8('0')), bias),
                                   _mm_set1_epi8((char)(0x80 + 10)));
    return _mm_or_si128(letter, digit);
}
#endif

/**
 * The first index i >= k with b[i] one of set[0..n) (n >= 1), which must be
 * exactly the bytes c with (table[c] & bit): one such byte must come before
 * end (a line end, say), and the scan stops there. One compare per byte of
 * the set and sixteen bytes per step with SSE2; the table alone otherwise.
 */
static inline ALWAYS_INLINE size_t simd_first_of(const unsigned char *b, size_t k, size_t end,
                                                 const char *set, int n,
                                                 const unsigned char *table, unsigned bit)
{
#if SIMD_SSE2
    while (k + 16 <= end) {
        __m128i v = simd_load(b + k);
        __m128i m = _mm_cmpeq_epi8(v, _mm_set1_epi8(set[0]));
#pragma GCC unroll 16
        for (int i = 1; i < n; i++)
            m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(set[i])));
        unsigned mask = (unsigned)_mm_movemask_epi8(m);
        if (mask)
            return k + (size_t)__builtin_ctz(mask);
        k += 16;
    }
#else
    (void)end, (void)set, (void)n;
#endif
    while (!(table[b[k]] & bit))
        k++;
    return k;
}

#if SIMD_SSE2
/*
 * The block loop of the scanners below: the index of the first byte of
 * b[k..end) whose bit is set in stops(block), looking at whole blocks of
 * sixteen only; *k is left at the first byte it did not look at. Returns
 * SIZE_MAX when no block had one. stops is a constant at each call, so
 * that it is inlined.
 */
static inline ALWAYS_INLINE size_t simd_blocks(const unsigned char *b, size_t *k, size_t end,
                                               unsigned (*stops)(__m128i))
{
    while (*k + 16 <= end) {
        unsigned mask = stops(simd_load(b + *k));
        if (mask)
            return *k + (size_t)__builtin_ctz(mask);
        *k += 16;
    }
    return SIZE_MAX;
}

/* The bytes < 0x0E or >= 0x80, and - / * [ : ; { } y DEL: simd_first_hot()'s superset. */
static inline unsigned simd_hot_bytes(__m128i v)
{
    __m128i m = _mm_cmplt_epi8(v, _mm_set1_epi8(0x0E)); /* signed: bytes >= 0x80 too */
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('-')));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('/')));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('*')));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('[')));
    /* ':' and ';' differ in the lowest bit; '{' '}' 'y' DEL only in bits 1 and 2. */
    m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(1)), _mm_set1_epi8(';')));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xF9)),
                                       _mm_set1_epi8('y')));
    return (unsigned)_mm_movemask_epi8(m);
}

/* The bytes that are not ASCII letters or digits, ' ', '.' or '+'. */
static inline unsigned simd_not_alnum_dot(__m128i x)
{
    __m128i punct = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')),
                                 _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('.')),
                                              _mm_cmpeq_epi8(x, _mm_set1_epi8('+'))));
    return ~(unsigned)_mm_movemask_epi8(_mm_or_si128(simd_alnum_bytes(x), punct)) & 0xFFFF;
}
#endif

/* Which bytes stop simd_blocks_then_table()'s whole blocks. */
enum simd_stops { SIMD_HOT_BYTES, SIMD_NOT_ALNUM_DOT };

/*
 * simd_blocks() with stops (a constant at each call), then byte by byte up
 * to a byte with table[c] != 0 (which must come before end); without SSE2
 * the table alone.
 */
static inline ALWAYS_INLINE size_t simd_blocks_then_table(const unsigned char *b, size_t k,
                                                          size_t end,
                                                          const unsigned char *table,
                                                          enum simd_stops stops)
{
#if SIMD_SSE2
    size_t hit = simd_blocks(b, &k, end,
                             stops == SIMD_HOT_BYTES ? simd_hot_bytes : simd_not_alnum_dot);
    if (hit != SIZE_MAX)
        return hit;
#else
    (void)end, (void)stops;
#endif
    while (!table[b[k]])
        k++;
    return k;
}

/**
 * A first index i >= k that may hold a byte c with table[c] set, where
 * every such byte is below 0x0E, at least 0x80, or one of - / * [ : ; { }:
 * with SSE2 the first byte of that superset (also 'y' and DEL, which share
 * a compare with '{' and '}'), else the first byte with table[c] set. So
 * b[i] may be a byte the caller passes over (!table[b[i]]). A byte with
 * table[c] set must come before end.
 */
static inline size_t simd_first_hot(const unsigned char *b, size_t k, size_t end,
                                    const unsigned char *table)
{
    return simd_blocks_then_table(b, k, end, table, SIMD_HOT_BYTES);
}

/**
 * The first index i >= k whose byte is not an ASCII letter or digit, ' ',
 * '.' or '+' (with SSE2, for whole blocks), then not one with table[c] == 0,
 * where table[c] must be 0 for all of those bytes and may be 0 for more:
 * so b[i] may be a byte the caller passes over. One with table[c] != 0 must
 * come before end.
 */
static inline size_t simd_skip_alnum_dot(const unsigned char *b, size_t k, size_t end,
                                         const unsigned char *table)
{
    return simd_blocks_then_table(b, k, end, table, SIMD_NOT_ALNUM_DOT);
}

/** How many of the sixteen bytes at p (all readable) lead in A-Z a-z 0-9 _: 0 to 16. */
static inline unsigned simd_name_run16(const unsigned char *p)
{
#if SIMD_SSE2
    __m128i x = simd_load(p);
    __m128i under = _mm_cmpeq_epi8(x, _mm_set1_epi8('_'));
    unsigned stop = ~(unsigned)_mm_movemask_epi8(_mm_or_si128(simd_alnum_bytes(x), under));
    return (unsigned)__builtin_ctz(stop | 0x10000);
#else
    unsigned n = 0;
    while (n < 16 && (ascii_is_alnum(p[n]) || p[n] == '_'))
        n++;
    return n;
#endif
}

/** 1 when the 64 bytes at p have no byte >= 0x80. */
static inline int simd_ascii64(const unsigned char *p)
{
#if SIMD_SSE2
    __m128i x = _mm_or_si128(_mm_or_si128(simd_load(p), simd_load(p + 16)),
                             _mm_or_si128(simd_load(p + 32), simd_load(p + 48)));
    return !_mm_movemask_epi8(x);
#else
    uint64_t any = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t w;
        memcpy(&w, p + 8 * i, sizeof w);
        any |= w;
    }
    return !(any & 0x8080808080808080ull);
#endif
}

/*
 * Sixteen bytes as one value, to compare a short string, zero-padded, with
 * a table entry in one step. Passed by value; with SSE2 it is a register.
 */
struct simd16 {
#if SIMD_SSE2
    __m128i v;
#else
    unsigned char b[16];
#endif
};

/** The sixteen bytes at s (all readable) with those from len on (len < 16) zeroed. */
static inline struct simd16 simd16_prefix(const unsigned char *s, size_t len)
{
    struct simd16 x;
#if SIMD_SSE2
    /* len bytes of ones, then zeros. */
    static const unsigned char ones[32] = {
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    };
    x.v = _mm_and_si128(simd_load(s), simd_load(ones + 16 - len));
#else
    memset(x.b, 0, sizeof x.b);
    memcpy(x.b, s, len);
#endif
    return x;
}

/** The first eight bytes of x as a little-endian number. */
static inline uint64_t simd16_low64(struct simd16 x)
{
#if SIMD_SSE2
    uint64_t k;
    _mm_storel_epi64((__m128i *)(void *)&k, x.v); /* SSE2 is little-endian x86 */
    return k;
#else
    uint64_t k = 0;
    for (int i = 0; i < 8; i++)
        k |= (uint64_t)x.b[i] << (8 * i);
    return k;
#endif
}

/** 1 when x equals the sixteen bytes at want (aligned to 16). */
static inline int simd16_equal(struct simd16 x, const unsigned char *want)
{
#if SIMD_SSE2
    __m128i w = _mm_load_si128((const __m128i *)(const void *)want);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(x.v, w)) == 0xFFFF;
#else
    return !memcmp(x.b, want, 16);
#endif
}

/**
 * Call after a library call that may run AVX code and return without
 * clearing the upper halves of the YMM registers (ISA-L's isal_inflate
 * does): while they are dirty, every later SSE instruction of this thread,
 * libm's exp() included, pays a transition penalty (exp() measured 30x
 * slower; the Elo ratings of the benchmark .pgn.gz took 2.82 s of CPU
 * without this, 0.62 s with it, validating it on one thread 1.05 s, 0.94 s).
 * vzeroupper clears them; it exists only on CPUs with AVX, so the CPU is
 * asked first.
 * Elsewhere (not x86-64, not GCC or clang) it does nothing.
 */
static inline void simd_clear_upper_state(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("avx"))
        __asm__ volatile("vzeroupper" ::: "memory");
#endif
}

#endif
