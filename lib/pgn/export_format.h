/* export_format.h - the rules of PGN export format that the writer and replay's strict checks share. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_EXPORT_FORMAT_H
#define LIB_EXPORT_FORMAT_H

#include <stddef.h>

/*
 * What export format (PGN standard, sections 8.1.1 and 8.2) asks of the
 * tag pairs and the lines, stated once: lib/write writes games this way
 * and replay's strict checks (REPLAY_STRICT) test for it, so that what pgnkit writes is
 * what pgnkit accepts as export format.
 *
 *   - the Seven Tag Roster first, in the order of pgn_roster[], then the
 *     other tags in ASCII order of their names (pgn_export_tag_cmp());
 *   - movetext lines of fewer than 80 characters (PGN_EXPORT_LINE_MAX);
 *   - any line, tag pairs included, at most 255 with its newline
 *     (PGN_LINE_MAX_CHARS without it).
 */
enum { PGN_EXPORT_LINE_MAX = 79, PGN_LINE_MAX_CHARS = 254, PGN_ROSTER_SIZE = 7 };

/** The Seven Tag Roster in export order: Event Site Date Round White Black Result. */
extern const char *const pgn_roster[PGN_ROSTER_SIZE];

/** Index of the tag name name[0..len) in pgn_roster[], or PGN_NOT_ROSTER for any other tag. */
enum { PGN_NOT_ROSTER = -1 };
int pgn_roster_index(const char *name, size_t len);

/**
 * The export order of two tag names (NUL-terminated): < 0 when a comes
 * first, > 0 when b does, 0 when the names are the same.
 */
int pgn_export_tag_cmp(const char *a, const char *b);

#endif
