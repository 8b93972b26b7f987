/* export_format.c - the rules of PGN export format that the writer and replay's strict checks share. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/export_format.h"
#include "base/banned.h"

const char *const pgn_roster[PGN_ROSTER_SIZE] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result",
};

int pgn_roster_index(const char *name, size_t len)
{
    int k;
    /* The first letter picks the one candidate: this runs for every tag written. */
    switch (len ? name[0] : 0) {
    case 'E': k = 0; break;
    case 'S': k = 1; break;
    case 'D': k = 2; break;
    case 'R': k = len == 5 ? 3 : 6; break;
    case 'W': k = 4; break;
    case 'B': k = 5; break;
    default: return PGN_NOT_ROSTER;
    }
    return len == strlen(pgn_roster[k]) && !memcmp(name, pgn_roster[k], len) ? k : PGN_NOT_ROSTER;
}

int pgn_export_tag_cmp(const char *a, const char *b)
{
    int ka = pgn_roster_index(a, strlen(a)), kb = pgn_roster_index(b, strlen(b));
    /* A roster tag ranks by its place in the roster, every other tag after them. */
    if (ka < 0)
        ka = PGN_ROSTER_SIZE;
    if (kb < 0)
        kb = PGN_ROSTER_SIZE;
    if (ka != kb)
        return ka - kb;
    return ka < PGN_ROSTER_SIZE ? 0 : strcmp(a, b);
}
