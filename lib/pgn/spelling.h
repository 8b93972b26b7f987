/* spelling.h - a spelling file (SCID's spelling.ssp format): many spellings of a name, one form. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PGN_SPELLING_H
#define LIB_PGN_SPELLING_H

#include <stddef.h>
#include <stdint.h>

/*
 * The format, as SCID reads it (src/spellchk.cpp), for the parts pgnkit uses:
 *
 *   @PLAYER ", ."           a section: PLAYER, EVENT, SITE or ROUND; the
 *                           characters between quotes are left out when
 *                           spellings are compared ("Kasparov,G." is
 *                           "Kasparov G" here)
 *   Kasparov, Garry   #gm RUS [2851] 1963
 *                           a name in its one right form; after '#' a
 *                           comment (SCID keeps the player's title, country
 *                           and peak rating there)
 *   = Kasparov, G           another spelling of the name above
 *   = Kasparov, Gary
 *
 * Blank lines and '#' comments are skipped, and so are the lines pgnkit has
 * no use for: %Elo, %Bio and other % lines, and SCID's old '>' biography
 * lines. A spelling is compared byte for byte (case counts, as in SCID)
 * once the section's left-out characters are removed; each name is also a
 * spelling of itself. SCID's prefix matching and its second try with the
 * last word moved to the front are not done: a spelling either is in the
 * file or is left alone.
 *
 * What a file gets wrong is kept as a problem with its line, and the rest
 * is read. Errors: a spelling before any name, a name before any section,
 * a section pgnkit does not know, an empty spelling, left-out characters
 * without their closing quote, a line over SPELLING_LINE_MAX bytes. A
 * spelling given to two different names is only a warning, as SCID takes
 * it: such a spelling is ambiguous, and left alone.
 */

enum spelling_kind { SPELLING_NONE = -1, SPELLING_PLAYER, SPELLING_EVENT, SPELLING_SITE,
                     SPELLING_ROUND, SPELLING_KINDS };

enum { SPELLING_LINE_MAX = 1024, SPELLING_PROBLEMS_MAX = 100 };

struct spelling_problem {
    uint32_t line;       /* 1-based */
    int error;           /* 1: an error, 0: a warning */
    char message[160];   /* lowercase, no full stop: "spelling before any name" */
};

struct spelling;

/**
 * Reads the spelling file text[0..len) into a new map in *out (free it with
 * spelling_free()). Problems of the text do not fail the call: see
 * spelling_problems(). Returns PGN_OK or PGN_ENOMEM (*out NULL).
 */
int spelling_parse(struct spelling **out, const char *text, size_t len);

/**
 * The problems found, in line order (at most SPELLING_PROBLEMS_MAX kept, and
 * *total says how many there were, *errors how many of them are errors);
 * the array is s's.
 */
const struct spelling_problem *spelling_problems(const struct spelling *s, size_t *n,
                                                 size_t *total, size_t *errors);

/**
 * The one form of name[0..len) as a kind of name (a player, ...), or NULL
 * when the file does not list that spelling. The string is s's. Reads s
 * only: threads may look up at the same time.
 */
const char *spelling_canonical(const struct spelling *s, enum spelling_kind kind,
                               const char *name, size_t len);

/** The kind of name a tag holds: White and Black players, Event, Site, Round; SPELLING_NONE for others. */
int spelling_kind_of_tag(const char *tag);

/** How many names (right forms) the file gives of a kind. */
size_t spelling_names(const struct spelling *s, enum spelling_kind kind);

/** Frees s; NULL is allowed. */
void spelling_free(struct spelling *s);

#endif
