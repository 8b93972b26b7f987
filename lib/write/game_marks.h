/* game_marks.h - a game as read, with a tag pair and comments added where a search matched. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_MARKS_H
#define LIB_GAME_MARKS_H

#include <stddef.h>
#include <stdint.h>
#include "base/buf.h"
#include "pgn/game.h"

/*
 * Search prints the games it selects byte for byte; marking its matches
 * (pgn-extract's --addmatchtag and --markmatches) adds text to those bytes
 * and changes nothing else. A comment after ply k goes right after the
 * main-line move k as written (its glued glyphs and check sign included),
 * before its NAGs, comments and variations, as pgn-extract puts it; after ply
 * 0 it goes before the first move's number. A tag pair goes on a line of its
 * own after the last tag's line, ending as that line ends (LF or CRLF).
 */

/* A comment to add: {text} after main-line ply `ply`. */
struct game_mark {
    uint32_t ply;
    const char *text; /* must hold no '}' (the caller's check) */
    size_t len;
};

/**
 * Appends g's raw text to out with the marks added: the tag pair
 * [tag_name "tag_value"] when tag_name is not NULL (both plain ASCII, no
 * quote or backslash), and the comments of marks[0..n) (sorted by ply, one
 * per ply; plies past the main line are left out). g is a complete game
 * (not GAME_LAZY) with its raw text. Returns PGN_OK, PGN_EINVAL (no raw
 * text: a game over the size limit) or PGN_ENOMEM / PGN_ETOOBIG from out.
 */
int game_marks_write(const struct game *g, const char *tag_name, const char *tag_value,
                     const struct game_mark *marks, size_t n, struct buf *out);

#endif
