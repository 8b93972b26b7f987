/* stats.c - example: the aggregate of pgnkit stats, counted on two handles and merged. */
/* SPDX-License-Identifier: MIT */
/*
 * stats REPORT FILE...: REPORT is summary, openings, players, tree (the
 * moves from the start position) or tree=N (N moves deep). Games of the
 * PGN files go to two handles in turn, as two threads would count them;
 * the second is merged into the first, and a FILE ending in .json (an
 * aggregate written earlier) is merged as text. Prints the JSON, which is
 * `pgnkit stats --format json`'s for the same games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pgnkit.h>

/* Merges the JSON file path into s: PGNKIT_OK or a status, after a message. */
static int merge_file(struct pgnkit_stats *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL, why[512] = "";
    size_t len = 0, n = 65536;
    int rc = f ? PGNKIT_OK : PGNKIT_EIO;
    while (!rc && n == 65536) {
        char *more = realloc(text, len + n);
        if (!more)
            rc = PGNKIT_ENOMEM;
        else if ((n = fread((text = more) + len, 1, n, f)) < 65536 && ferror(f))
            rc = PGNKIT_EIO;
        len += rc ? 0 : n;
    }
    if (!rc)
        rc = pgnkit_stats_merge_json(s, text, len, why, sizeof why);
    if (rc)
        fprintf(stderr, "stats: '%s': %s\n", path, *why ? why : pgnkit_status_name(rc));
    if (f)
        fclose(f);
    free(text);
    return rc;
}

int main(int argc, char **argv)
{
    static const char *const reports[] = { "summary", "openings", "tree", "players" };
    int report = -1, depth = 1;
    for (int i = 0; argc > 1 && i < 4; i++)
        if (!strncmp(argv[1], reports[i], strlen(reports[i])))
            report = i;
    if (report == PGNKIT_STATS_TREE && argv[1][4] == '=')
        depth = atoi(argv[1] + 5);
    struct pgnkit_stats *s[2] = { NULL, NULL };
    if (report < 0 || pgnkit_stats_new(&s[0], report, NULL, depth) ||
        pgnkit_stats_new(&s[1], report, NULL, depth)) {
        fprintf(stderr, "usage: stats summary|openings|players|tree[=DEPTH] FILE...\n");
        return 2;
    }
    int rc = PGNKIT_OK;
    unsigned long count = 0;
    for (int i = 2; i < argc && !rc; i++) {
        size_t n = strlen(argv[i]);
        if (n > 5 && !strcmp(argv[i] + n - 5, ".json")) {
            rc = merge_file(s[0], argv[i]);
            continue;
        }
        struct pgnkit_reader *r;
        struct pgnkit_game *g;
        if ((rc = pgnkit_reader_open(&r, argv[i])) != PGNKIT_OK)
            break;
        while (!rc && (rc = pgnkit_reader_next(r, &g)) == 1)
            rc = pgnkit_stats_add(s[count++ % 2], g);
        pgnkit_reader_free(r);
    }
    if (!rc)
        rc = pgnkit_stats_merge(s[0], s[1]);
    const char *text;
    size_t len;
    if (!rc && !(rc = pgnkit_stats_json(s[0], &text, &len)))
        fwrite(text, 1, len, stdout);
    if (rc)
        fprintf(stderr, "stats: %s\n", pgnkit_status_name(rc));
    pgnkit_stats_free(s[0]);
    pgnkit_stats_free(s[1]);
    return rc ? 3 : 0;
}
