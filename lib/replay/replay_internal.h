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

/**
 * replay_add() for a diagnostic about move i of g, played from position p:
 * it also records the move, its number, the side and the FEN of p.
 */
struct replay_diag *replay_move_diag(struct replay *r, const struct game *g, uint32_t i,
                                     const struct pos *p, int code, const char *fmt, ...)
    PRINTF_LIKE(6, 7);

/** 1 when diagnostics of that code are kept under r's options (not dropped). */
int replay_keeps(const struct replay *r, int code);

/**
 * Copies the reader's findings about g into r's diagnostics. They keep the
 * reader's severity (its warnings, a stray character after the result or
 * an unescaped quote, are export-format deviations that REPLAY_STRICT makes
 * errors), mapped under r's options.
 */
void replay_import_reader_diags(struct replay *r, const struct game *g);

/** Sorts d[0..n) by offset, stably: findings at one offset keep the order they were found in. */
void replay_sort_diags(struct replay_diag *d, size_t n);

/** Fills the table replay_text_letters() reads; replay_tables_init() calls it. */
void replay_lang_init(void);

/**
 * The capitals of a move text [text, text+n) as a bit set (bit c - 'A'),
 * with the top bit for any byte beyond ASCII; n > 0.
 */
uint32_t replay_text_letters(const char *text, uint32_t n);

/** 1 when letters seen (replay_text_letters(), ORed) are all English SAN's. */
int replay_english_letters(uint32_t seen);

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

/* The first draw the rules made automatic on the main line, if any. */
struct auto_draw {
    int end;       /* END_FIVEFOLD, END_SEVENTYFIVE, or END_NONE when none came */
    uint32_t ply;  /* the main-line ply that made it */
    int dead;      /* the position was already dead there (a dead position came first) */
};

/**
 * The end of the main line by the rules, into r->end and r->end_ply: the
 * automatic draw of draw when one came before any other end, else what
 * the final position r->final is; then the game's result against it and
 * against the Result tag of tags.
 */
void replay_check_end(struct replay *r, const struct game *g, const struct known_tags *tags,
                      const struct auto_draw *draw);

#endif
