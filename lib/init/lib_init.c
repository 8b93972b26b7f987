/* lib_init.c - builds the library's lookup tables, lowest layer first. */
/* SPDX-License-Identifier: MIT */
#include "init/lib_init.h"
#include "chess/bitboard.h"
#include "chess/position.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"
#include "base/banned.h"

void lib_init(void)
{
    bb_init();
    pos_start_init(); /* parses a FEN: needs the attack tables */
    notation_tables_init();
    pgn_reader_tables_init();
    replay_tables_init();
}
