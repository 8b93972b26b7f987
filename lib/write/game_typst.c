/* game_typst.c - the Typst markup of games for print: Unicode figurines, board-n-pieces. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "write/game_print.h"
#include "base/banned.h"

/*
 * Text as Typst markup reads it back: a backslash before every character
 * that could start markup (Typst escapes any character so), line ends
 * spaces.
 */
static void typst_text(struct go_game *w, const char *s, size_t n)
{
    static const char special[] = "\\#$*_`<>@[]~/=-+'\"";
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        int eol = s[i] == '\n' || s[i] == '\r' || s[i] == '\t';
        if (!eol && !memchr(special, s[i], sizeof special - 1))
            continue;
        go_put(w, s + from, i - from);
        go_put(w, eol ? " " : "\\", 1);
        from = eol ? i + 1 : i;
    }
    go_put(w, s + from, n - from);
}


const struct print_markup print_typst = {
    .name = "Typst",
    .doc_begin = PRINT_TEXT("#import \"@preview/board-n-pieces:0.4.0\": board, fen\n"
                 "#set page(paper: \"a4\")\n"
                 "#set par(justify: true)\n"),
    .doc_end = PRINT_TEXT(""),
    .text = typst_text,
    .heading_begin = PRINT_TEXT("\n= "),
    .heading_end = PRINT_TEXT("\n"),
    .players_sep = PRINT_TEXT(" – "),
    .info_begin = PRINT_TEXT("\n#emph["),
    .info_end = PRINT_TEXT("]\n"),
    .moves_begin = PRINT_TEXT("\n"),
    .moves_end = PRINT_TEXT("\n"),
    .main_begin = PRINT_TEXT("#strong["),
    .main_end = PRINT_TEXT("]"),
    .var_begin = PRINT_TEXT("\\["),
    .var_end = PRINT_TEXT("\\]"),
    .comment_begin = PRINT_TEXT("#emph["),
    .comment_end = PRINT_TEXT("]"),
    .white_number = PRINT_TEXT("\\.~"),
    .black_number = PRINT_TEXT("...~"),
    .figurine = { [PAWN] = PRINT_TEXT("") },
    .id = PRINT_TYPST,
    .result = { PRINT_TEXT("\\*"), PRINT_TEXT("1–0"), PRINT_TEXT("0–1"), PRINT_TEXT("½–½"),
                PRINT_TEXT("\\*") },
    .diagram_begin = PRINT_TEXT("\n#align(center, board(fen(\""),
    .diagram_end = PRINT_TEXT("\")))\n"),
    .game_end = PRINT_TEXT("\n#v(1em)\n"),
};
