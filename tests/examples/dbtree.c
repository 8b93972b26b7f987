/* dbtree.c - example: the opening tree of a pgnkit database after given moves. */
/* SPDX-License-Identifier: MIT */
/*
 * dbtree DB [MOVE...]: the position after the moves (SAN, from the start
 * position), then one line per move played there in the games of DB,
 * "MOVE GAMES WHITE-WINS DRAWS BLACK-WINS", most played first, as `pgnkit
 * stats --tree --moves "MOVE..." DB` counts them.
 */
#include <stdio.h>
#include <pgnkit.h>
#include <pgnkit_db.h>

int main(int argc, char **argv)
{
    struct pgnkit_db *db;
    struct pgnkit_position *p;
    if (argc < 2) {
        fprintf(stderr, "usage: dbtree DB [MOVE...]\n");
        return 2;
    }
    if (pgnkit_db_open(&db, argv[1]) != PGNKIT_OK) {
        fprintf(stderr, "dbtree: cannot open '%s'\n", argv[1]);
        return 3;
    }
    if (pgnkit_position_new(&p) != PGNKIT_OK)
        return 3;
    for (int i = 2; i < argc; i++) {
        pgnkit_move m;
        char why[128];
        if (pgnkit_position_parse_move(p, argv[i], 0, &m, why, sizeof why) != PGNKIT_OK ||
            pgnkit_position_play(p, m) != PGNKIT_OK) {
            fprintf(stderr, "dbtree: '%s': %s\n", argv[i], why);
            return 2;
        }
    }
    const struct pgnkit_tree_move *moves;
    struct pgnkit_tree_total total;
    size_t n;
    int rc = pgnkit_db_tree(db, p, &moves, &n, &total);
    if (rc != PGNKIT_OK) {
        fprintf(stderr, "dbtree: %s\n", pgnkit_db_error(db));
        return 3;
    }
    printf("%llu games, %llu reach the position\n", (unsigned long long)total.games,
           (unsigned long long)total.reached);
    for (size_t i = 0; i < n; i++) {
        char san[PGNKIT_MOVE_TEXT_MAX];
        pgnkit_position_write_move(p, moves[i].move, PGNKIT_SAN, 0, san, sizeof san);
        printf("%s %llu %llu %llu %llu\n", san, (unsigned long long)moves[i].games,
               (unsigned long long)moves[i].white_wins, (unsigned long long)moves[i].draws,
               (unsigned long long)moves[i].black_wins);
    }
    pgnkit_position_free(p);
    pgnkit_db_free(db);
    return 0;
}
