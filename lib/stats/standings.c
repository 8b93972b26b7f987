/* standings.c - the games of each event as pairings; the one decision of which games were played. */
/* SPDX-License-Identifier: MIT */
#include "stats/standings.h"

#include <stdlib.h>
#include <string.h>
#include "base/array.h"
#include "base/ascii.h"
#include "base/error.h"
#include "base/banned.h"

/* c in lower case, for ASCII letters (names and tag words compared without case). */
static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

void standings_init(struct standings *s)
{
    memset(s, 0, sizeof *s);
    hash_table_init(&s->by_name, sizeof(size_t));
}

static void event_free(struct standings_event *e)
{
    if (!e)
        return;
    free(e->players);
    free(e->pairings);
    hash_table_release(&e->by_name);
    free(e);
}

void standings_release(struct standings *s)
{
    for (size_t i = 0; i < s->nevents; i++)
        event_free(s->events[i]);
    free(s->events);
    hash_table_release(&s->by_name);
    standings_init(s);
}

int standings_is_bye_name(const char *name, size_t len)
{
    while (len && (*name == ' ' || *name == '\t'))
        name++, len--;
    while (len && (name[len - 1] == ' ' || name[len - 1] == '\t'))
        len--;
    if (len == 0 || (len == 1 && *name == '-'))
        return 1;
    return len == 3 && lower(name[0]) == 'b' && lower(name[1]) == 'y' &&
           lower(name[2]) == 'e';
}

/* 1 when text holds "forfeit" in any case, but not as "time forfeit" (a game lost on time). */
static int says_forfeit(const char *text)
{
    static const char word[] = "forfeit";
    size_t n = strlen(text), w = sizeof word - 1;
    for (size_t i = 0; i + w <= n; i++) {
        size_t k = 0;
        while (k < w && lower(text[i + k]) == word[k])
            k++;
        if (k < w)
            continue;
        /* "time forfeit": the flag fell, the game was played */
        size_t j = i;
        while (j > 0 && text[j - 1] == ' ')
            j--;
        if (j >= 4 && lower(text[j - 4]) == 't' && lower(text[j - 3]) == 'i' &&
            lower(text[j - 2]) == 'm' && lower(text[j - 1]) == 'e')
            continue;
        return 1;
    }
    return 0;
}

enum standings_unplayed standings_unplayed(const struct game *g)
{
    const char *w = game_tag_value(g, "White"), *b = game_tag_value(g, "Black");
    if ((w && standings_is_bye_name(w, strlen(w))) || (b && standings_is_bye_name(b, strlen(b))))
        return SU_BYE;
    const char *term = game_tag_value(g, "Termination");
    if (term && says_forfeit(term))
        return SU_FORFEIT;
    int r = game_result(g);
    if ((r == PGN_RESULT_WHITE || r == PGN_RESULT_BLACK) && !(g->flags & GAME_LAZY) &&
        g->nmoves == 0 && !game_tag_value(g, "FEN"))
        return SU_FORFEIT;
    return SU_PLAYED;
}

int standings_round_of(const char *value)
{
    if (!value)
        return 0;
    while (*value == ' ')
        value++;
    long n = 0;
    if (!ascii_is_digit(*value))
        return 0;
    while (ascii_is_digit(*value) && n < 1000000)
        n = n * 10 + (*value++ - '0');
    return (int)n;
}

/* The table's NUL-terminated copy of the key whose value is value (it follows the value). */
static const char *key_of(const struct hash_table *t, void *value)
{
    return (const char *)value + t->value_size;
}

/* The event called name, added when new: NULL when memory runs out. */
static struct standings_event *event_get(struct standings *s, const char *name)
{
    size_t len = strlen(name);
    uint64_t h = hash_table_hash(name, len);
    size_t *at = hash_table_find(&s->by_name, name, len, h);
    if (at)
        return s->events[*at];
    if (array_reserve((void **)&s->events, &s->events_cap, s->nevents + 1, sizeof *s->events, 8))
        return NULL;
    struct standings_event *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    hash_table_init(&e->by_name, sizeof(size_t));
    void *value;
    if (hash_table_insert(&s->by_name, name, len, h, &value) < 0) {
        event_free(e);
        return NULL;
    }
    *(size_t *)value = s->nevents;
    e->name = key_of(&s->by_name, value);
    s->events[s->nevents++] = e;
    return e;
}

/* The index of player name in e, added when new (rating: the first nonzero seen); PGN_ENOMEM. */
static long player_get(struct standings_event *e, const char *name, int rating)
{
    size_t len = strlen(name);
    void *value;
    int added = hash_table_insert(&e->by_name, name, len, hash_table_hash(name, len), &value);
    if (added < 0)
        return PGN_ENOMEM;
    size_t *at = value;
    if (added) {
        if (array_reserve((void **)&e->players, &e->players_cap, e->nplayers + 1,
                          sizeof *e->players, 16))
            return PGN_ENOMEM; /* the name stays in the table: harmless, memory is gone */
        *at = e->nplayers;
        e->players[e->nplayers].name = key_of(&e->by_name, value);
        e->players[e->nplayers].rating = 0;
        e->nplayers++;
    }
    struct standings_player *p = &e->players[*at];
    if (!p->rating && rating > 0)
        p->rating = rating;
    return (long)*at;
}

enum { NOT_DECIDED = -1 }; /* white_half_of() of a result that is no win, draw or loss */

/* Half points of White for result, or NOT_DECIDED. */
static int white_half_of(int result)
{
    switch (result) {
    case PGN_RESULT_WHITE: return 2;
    case PGN_RESULT_DRAW: return 1;
    case PGN_RESULT_BLACK: return 0;
    default: return NOT_DECIDED;
    }
}

int standings_add(struct standings *s, const char *event, const char *white, const char *black,
                  int result, int round, int white_elo, int black_elo, int unplayed)
{
    int half = white_half_of(result);
    if (half == NOT_DECIDED) {
        s->skipped++;
        return PGN_OK;
    }
    struct standings_event *e = event_get(s, event ? event : "?");
    RETURN_ERR_IF(!e, PGN_ENOMEM);
    if (!white)
        white = "";
    if (!black)
        black = "";
    int white_bye = standings_is_bye_name(white, strlen(white));
    int black_bye = standings_is_bye_name(black, strlen(black));
    if ((white_bye && black_bye) || !strcmp(white, black)) {
        s->skipped++; /* nobody to credit, or one player on both sides */
        return PGN_OK;
    }
    struct standings_pairing p = { round < 0 ? 0 : round, -1, -1, (uint8_t)half,
                                   (uint8_t)unplayed };
    if (white_bye || black_bye) {
        p.unplayed = SU_BYE;
        long who = white_bye ? player_get(e, black, black_elo) : player_get(e, white, white_elo);
        RETURN_ERR_IF(who < 0, PGN_ENOMEM);
        p.white = (int)who;
        p.white_half = (uint8_t)(white_bye ? 2 - half : half);
    } else {
        long w = player_get(e, white, white_elo), b = player_get(e, black, black_elo);
        RETURN_ERR_IF(w < 0 || b < 0, PGN_ENOMEM);
        p.white = (int)w;
        p.black = (int)b;
        if (p.unplayed == SU_BYE) /* a bye needs a missing opponent: this one has two players */
            p.unplayed = SU_FORFEIT;
    }
    RETURN_ERR_IF(array_reserve((void **)&e->pairings, &e->pairings_cap, e->npairings + 1,
                                sizeof *e->pairings, 64),
                  PGN_ENOMEM);
    e->pairings[e->npairings++] = p;
    return PGN_OK;
}

/* The Elo tag value v as a rating, 0 when it is none. */
static int elo_of(const char *v)
{
    if (!v)
        return 0;
    long n = 0;
    while (*v == ' ')
        v++;
    while (ascii_is_digit(*v) && n < 10000)
        n = n * 10 + (*v++ - '0');
    return n > 0 && n < 10000 ? (int)n : 0;
}

int standings_add_game(struct standings *s, struct game *g, struct pgn_reader *reader)
{
    int r = game_result(g);
    if ((g->flags & GAME_LAZY) && (r == PGN_RESULT_WHITE || r == PGN_RESULT_BLACK) &&
        standings_unplayed(g) == SU_PLAYED) {
        int rc = pgn_reader_complete(reader, g);
        RETURN_ERR_IF(rc != PGN_OK, rc);
    }
    return standings_add(s, s->pool ? "*" : game_tag_value(g, "Event"), game_tag_value(g, "White"),
                         game_tag_value(g, "Black"), game_result(g),
                         standings_round_of(game_tag_value(g, "Round")),
                         elo_of(game_tag_value(g, "WhiteElo")),
                         elo_of(game_tag_value(g, "BlackElo")), (int)standings_unplayed(g));
}
