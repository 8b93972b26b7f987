/* lib_init.c - builds the library's lookup tables, lowest layer first. */
/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include "init/lib_init.h"
#include "chess/bitboard.h"
#include "chess/position.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"
#include "base/banned.h"

static void build_tables(void)
{
    bb_init();
    pos_start_init(); /* parses a FEN: needs the attack tables */
    notation_tables_init();
    pgn_reader_tables_init();
    replay_tables_init();
}

/*
 * pthread_once: the first caller builds the tables while any thread that
 * arrives meanwhile waits, and later calls cost one load. So the public
 * interface (lib/pgnkit.h) can call this from every entry point, and a
 * program never has an init call to forget or to race.
 */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

void lib_init(void)
{
    pthread_once(&tables_once, build_tables);
}
