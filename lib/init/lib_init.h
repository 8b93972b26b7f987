/* lib_init.h - the one place the library's lookup tables are built. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_LIB_INIT_H
#define LIB_LIB_INIT_H

/*
 * Every table the library reads but never writes (attack and line tables,
 * the start position, the notation languages' symbols, the reader's byte
 * classes and tag-name slots, the replay's letter and tag tables) is built
 * here, explicitly, rather than by load-time constructors or on first use:
 * one order that a reader can follow, no locks on hot paths, and nothing
 * that runs before main(). The opening table, which costs milliseconds, is
 * built apart by eco_init() (annotate/eco.h) for the commands that need it.
 */

/**
 * Builds the tables, once: later calls, from any thread, return at once
 * (after the first call has finished). Call it before any other library
 * function; the functions of lib/pgnkit.h call it themselves.
 */
void lib_init(void);

#endif
