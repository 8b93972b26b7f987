/* follow_live.c - --moves-live: each new move of a game in progress, as a line, while it is played. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "cli/follow_live.h"
#include "base/banned.h"

/* What was told of a board: its moves (each followed by a space), its result, its text's digest. */
struct live_board {
    char *moves; /* xmalloc'd */
    uint64_t digest;
    int result; /* enum pgn_result told last; PGN_RESULT_NONE: in play */
};

void follow_live_init(struct follow_live *l, int lang)
{
    memset(l, 0, sizeof *l);
    hash_table_init(&l->boards, sizeof(struct live_board));
    mainline_init(&l->ml, lang);
}

void follow_live_release(struct follow_live *l)
{
    size_t cursor = 0;
    struct hash_item item;
    while (hash_table_next(&l->boards, &cursor, &item))
        free(((struct live_board *)item.value)->moves);
    hash_table_release(&l->boards);
    mainline_release(&l->ml);
}

uint32_t follow_live_plies(struct follow_live *l, const struct game *g, int dgt,
                           struct dgt_facts *df)
{
    memset(df, 0, sizeof *df);
    df->result = PGN_RESULT_NONE;
    int rc = dgt ? dgt_read(&l->ml, g, df) : mainline_reset(&l->ml, g);
    if (rc == PGN_OK && l->ml.status == ML_OK)
        rc = mainline_resolve_all(&l->ml);
    if (rc != PGN_OK)
        die(EXIT_IO, "out of memory");
    if (l->ml.status != ML_OK)
        return 0;
    uint32_t plies = l->ml.nresolved, count = g->nvars ? g->vars[0].count : 0;
    /* The signal's king moves are not moves of the game, legal or not. */
    if (df->signal_plies && plies > count - df->signal_plies)
        plies = count - df->signal_plies;
    return plies;
}

int follow_live_unchanged(const struct follow_live *l, const char *key, size_t len,
                          uint64_t digest)
{
    const struct live_board *b = hash_table_find(&l->boards, key, len, hash_table_hash(key, len));
    return b && b->digest == digest;
}

static void tag_field(FILE *out, const struct game *g, const char *name)
{
    const char *v = game_tag_value(g, name);
    fprintf(out, "\t%s", v && *v ? v : "?");
}

/* "% WHAT\tROUND\tBOARD\tWHITE\tBLACK", the rest of the line from the caller. */
static void line_start(FILE *out, const char *what, const struct game *g)
{
    fprintf(out, "%% %s", what);
    tag_field(out, g, "Round");
    tag_field(out, g, "Board");
    tag_field(out, g, "White");
    tag_field(out, g, "Black");
}

/* "\t12.\tNf3" or "\t12...\tNf6": the move of ply (0: the first of the main line) and its text. */
static void move_field(FILE *out, const struct pos *start, uint32_t ply, const char *text,
                       size_t len)
{
    uint32_t from_black = start->side == BLACK;
    unsigned long number = start->fullmove + (ply + from_black) / 2;
    fprintf(out, "\t%lu%s\t%.*s\n", number, (ply + from_black) % 2 ? "..." : ".", (int)len, text);
}

void follow_live_tell(struct follow_live *l, const char *key, size_t len, uint64_t digest,
                      const struct game *g, uint32_t plies, int whole, int result, FILE *out)
{
    struct live_board *b;
    int added = hash_table_insert(&l->boards, key, len, hash_table_hash(key, len), (void **)&b);
    if (added < 0)
        die(EXIT_IO, "out of memory");
    if (added)
        b->result = PGN_RESULT_NONE;
    const struct game_move *m = g->nvars ? g->moves + g->vars[0].first : NULL;
    /* The moves told before that are still the game's. */
    const char *was = b->moves ? b->moves : "";
    uint32_t same = 0;
    for (;;) {
        size_t n = strcspn(was, " ");
        if (!n || same == plies || n != m[same].len || memcmp(was, m[same].text, n))
            break;
        was += n + 1;
        same++;
    }
    if (*was && !whole)
        return; /* perhaps a writer's half-written file: wait for the whole game */
    if (*was) {
        line_start(out, "takeback", g);
        move_field(out, &l->ml.start, same, was, strcspn(was, " "));
        l->takebacks++;
    }
    size_t told = (size_t)(was - (b->moves ? b->moves : "")), need = told + 1;
    for (uint32_t i = same; i < plies; i++) {
        line_start(out, "move", g);
        move_field(out, &l->ml.start, i, m[i].text, m[i].len);
        need += m[i].len + 1;
        l->moves++;
    }
    /* The moves told are now the first plies of g. */
    char *now = xmalloc(need), *p = now;
    if (told)
        memcpy(p, b->moves, told);
    p += told;
    for (uint32_t i = same; i < plies; i++) {
        memcpy(p, m[i].text, m[i].len);
        p += m[i].len;
        *p++ = ' ';
    }
    *p = '\0';
    free(b->moves);
    b->moves = now;
    b->digest = digest;
    if (result != b->result) {
        line_start(out, "result", g);
        fprintf(out, "\t%s\n", result != PGN_RESULT_NONE ? pgn_result_str(result) : "*");
        b->result = result;
    }
}
