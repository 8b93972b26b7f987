/* game_typst.c - the Typst markup of games for print: Unicode figurines, board-n-pieces' diagrams. */
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
    .doc_begin = "#import \"@preview/board-n-pieces:0.4.0\": board, fen\n"
                 "#set page(paper: \"a4\")\n"
                 "#set par(justify: true)\n",
    .doc_end = "",
    .text = typst_text,
    .heading_begin = "\n= ",
    .heading_end = "\n",
    .players_sep = " – ",
    .info_begin = "\n#emph[",
    .info_end = "]\n",
    .moves_begin = "\n",
    .moves_end = "\n",
    .main_begin = "#strong[",
    .main_end = "]",
    .var_begin = "\\[",
    .var_end = "\\]",
    .comment_begin = "#emph[",
    .comment_end = "]",
    .white_number = "\\.~",
    .black_number = "...~",
    .figurine = { [PAWN] = "" },
    .id = PRINT_TYPST,
    .result = { "\\*", "1–0", "0–1", "½–½", "\\*" },
    .diagram_begin = "\n#align(center, board(fen(\"",
    .diagram_end = "\")))\n",
    .game_end = "\n#v(1em)\n",
};
