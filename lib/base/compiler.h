/* compiler.h - the compiler attributes the library uses, each with its portable fallback. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_COMPILER_H
#define LIB_COMPILER_H

/*
 * GCC and clang read these; another C11 compiler gets empty fallbacks, which
 * change speed, never behaviour. Use the macro, never __attribute__ itself.
 *
 *   ALWAYS_INLINE        inline this function into every caller (a hot helper
 *                        whose call would cost more than its body)
 *   NOINLINE             keep it a call (a hot loop's body stays small enough
 *                        to be optimised as a loop)
 *   COLD                 a call taken rarely (errors, oversize input): kept out
 *                        of line and optimised for size
 *   NO_SLP_VECTORIZE     GCC only: do not merge this function's scalar stores
 *                        into vector stores (where that made a loop slower)
 *   PRINTF_LIKE(f, a)    argument f is a printf format whose arguments start at a
 *   PREFETCH(p)          start loading the memory at p into the cache (a
 *                        lookup about to miss it; no effect on what p holds)
 */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#define COLD __attribute__((noinline, cold))
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define ALWAYS_INLINE
#define NOINLINE
#define COLD
#define PRINTF_LIKE(f, a)
#define PREFETCH(p) ((void)(p))
#endif

#if defined(__GNUC__) && !defined(__clang__)
#define NO_SLP_VECTORIZE __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define NO_SLP_VECTORIZE
#endif

#endif
