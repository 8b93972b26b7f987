/* fuzz_stats_json.c - merging arbitrary bytes as a stats JSON aggregate (pgnkit_stats_merge_json). */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "fuzz.h"
#include "pgnkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The bytes are merged into an empty aggregate of each report (the tree at
 * the start position, one move deep). Whatever they are: no crash, hang or
 * leak; a refusal is one of the documented statuses and comes with a
 * reason; an accepted text writes a JSON text that merges back into an
 * empty aggregate and writes the same bytes again (what is written is
 * exact, whatever was read).
 */

static void check_report(int report, const uint8_t *data, size_t size)
{
    struct pgnkit_stats *s, *again;
    char why[512] = "";
    if (pgnkit_stats_new(&s, report, NULL, 1) != PGNKIT_OK) {
        FAIL("pgnkit_stats_new(%d) failed", report);
        return;
    }
    int rc = pgnkit_stats_merge_json(s, (const char *)data, size, why, sizeof why);
    if (rc != PGNKIT_OK) {
        if (rc != PGNKIT_EFORMAT && rc != PGNKIT_EINVAL && rc != PGNKIT_ETOOBIG &&
            rc != PGNKIT_ENOMEM)
            FAIL("report %d: status %d is none that merging JSON returns", report, rc);
        if (!why[0])
            FAIL("report %d: status %d without a reason", report, rc);
        pgnkit_stats_free(s);
        return;
    }
    const char *text, *text2;
    size_t len, len2;
    CHECK_EQ_INT(pgnkit_stats_json(s, &text, &len), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_new(&again, report, NULL, 1), PGNKIT_OK);
    rc = pgnkit_stats_merge_json(again, text, len, why, sizeof why);
    if (rc != PGNKIT_OK)
        FAIL("report %d: its own JSON does not merge back: %s", report, why);
    CHECK_EQ_INT(pgnkit_stats_json(again, &text2, &len2), PGNKIT_OK);
    if (len != len2 || memcmp(text, text2, len))
        FAIL("report %d: merged back, the JSON differs:\n%s%s", report, text, text2);
    pgnkit_stats_free(again);
    pgnkit_stats_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int reports[] = { PGNKIT_STATS_SUMMARY, PGNKIT_STATS_OPENINGS,
                                   PGNKIT_STATS_TREE, PGNKIT_STATS_PLAYERS };
    for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++)
        check_report(reports[i], data, size);
    fuzz_done();
    return 0;
}
