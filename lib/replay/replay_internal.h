/* replay_internal.h - shared between the replay modules; not a public interface. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_REPLAY_INTERNAL_H
#define LIB_REPLAY_INTERNAL_H

#include "base/compiler.h"
#include "replay/replay.h"

/**
 * Appends a diagnostic of code at the given position with a printf-style
 * message, applying the strict/werror/no-warn mapping of r->opts. Returns it
 * (for the caller to add move details), or NULL when it was dropped or
 * memory ran out.
 */
struct replay_diag *replay_add(struct replay *r, int code, uint64_t line, uint32_t col,
                               uint64_t offset, const char *fmt, ...)
    PRINTF_LIKE(6, 7);

/* The tags replay looks at, found in one pass (the first of each name). The
 * first seven are the Seven Tag Roster in its order. */
enum known_tag {
    KT_EVENT, KT_SITE, KT_DATE, KT_ROUND, KT_WHITE, KT_BLACK, KT_RESULT,
    KT_FEN, KT_SETUP, KT_VARIANT, KT_TERMINATION, KT_WHITE_ELO, KT_BLACK_ELO, KT_COUNT
};
struct known_tags {
    const struct game_tag *tag[KT_COUNT + 1]; /* tag[KT_COUNT]: a spare slot, not read */
    /* 0 when no two tags of g can share a name (replay_check_tags() then
     * skips its scan for duplicates); found by the same pass. */
    int maybe_duplicate;
};

/** Builds replay_index_tags()'s table of tag ids; replay_tables_init() calls it. */
void replay_tags_init(void);

/** Fills k with the first tag of each known name in g (NULL when absent). */
void replay_index_tags(const struct game *g, struct known_tags *k);

/** The tag checks: Seven Tag Roster present and non-empty, Date/Round/Elo forms, duplicates. */
void replay_check_tags(struct replay *r, const struct game *g, const struct known_tags *k);

#endif
