/* game_latex.c - the LaTeX markup of games for print: chessfss's symbols, chessboard's diagrams. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "write/game_print.h"
#include "base/banned.h"

/*
 * Text as LaTeX reads it back: the ten special characters become commands
 * that print them, line ends spaces (a blank line would end the paragraph).
 */
static void latex_text(struct go_game *w, const char *s, size_t n)
{
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        const char *esc;
        switch (s[i]) {
        case '#': esc = "\\#"; break;
        case '$': esc = "\\$"; break;
        case '%': esc = "\\%"; break;
        case '&': esc = "\\&"; break;
        case '_': esc = "\\_"; break;
        case '{': esc = "\\{"; break;
        case '}': esc = "\\}"; break;
        case '~': esc = "\\textasciitilde{}"; break;
        case '^': esc = "\\textasciicircum{}"; break;
        case '\\': esc = "\\textbackslash{}"; break;
        /* In T1 these are glyphs, but pairs of them would make ligatures («, ¡). */
        case '<': esc = "\\textless{}"; break;
        case '>': esc = "\\textgreater{}"; break;
        case '|': esc = "\\textbar{}"; break;
        case '\n': case '\r': case '\t': esc = " "; break;
        default: continue;
        }
        go_put(w, s + from, i - from);
        go_puts(w, esc);
        from = i + 1;
    }
    go_put(w, s + from, n - from);
}


const struct print_markup print_latex = {
    .name = "LaTeX",
    /* T2A when TeX Live has it (texlive-lang-cyrillic): Russian piece letters and names. */
    .doc_begin = PRINT_TEXT("\\documentclass[a4paper]{article}\n"
                 "\\IfFileExists{t2aenc.def}{\\usepackage[T2A,T1]{fontenc}}"
                 "{\\usepackage[T1]{fontenc}}\n"
                 "\\usepackage[utf8]{inputenc}\n"
                 "\\usepackage{lmodern}\n"
                 "\\usepackage{textcomp}\n"
                 "\\usepackage{chessboard}\n"
                 "\\setlength{\\parindent}{0pt}\n"
                 "\\setlength{\\parskip}{0.5\\baselineskip}\n"
                 "\\sloppy\n"
                 "\\begin{document}\n"),
    .doc_end = PRINT_TEXT("\\end{document}\n"),
    .text = latex_text,
    .heading_begin = PRINT_TEXT("\n\\section*{"),
    .heading_end = PRINT_TEXT("}\n"),
    .players_sep = PRINT_TEXT(" -- "),
    .info_begin = PRINT_TEXT("\\textit{"),
    .info_end = PRINT_TEXT("}\n"),
    .moves_begin = PRINT_TEXT("\n"),
    .moves_end = PRINT_TEXT("\n"),
    .main_begin = PRINT_TEXT("\\textbf{"),
    .main_end = PRINT_TEXT("}"),
    .var_begin = PRINT_TEXT("["),
    .var_end = PRINT_TEXT("]"),
    .comment_begin = PRINT_TEXT("\\textit{"),
    .comment_end = PRINT_TEXT("}"),
    .white_number = PRINT_TEXT(".~"),
    .black_number = PRINT_TEXT("\\ldots{}~"),
    .figurine = { [PAWN] = PRINT_TEXT(""),
                  [KNIGHT] = PRINT_TEXT("\\symknight{}"),
                  [BISHOP] = PRINT_TEXT("\\symbishop{}"),
                  [ROOK] = PRINT_TEXT("\\symrook{}"),
                  [QUEEN] = PRINT_TEXT("\\symqueen{}"),
                  [KING] = PRINT_TEXT("\\symking{}") },
    .id = PRINT_LATEX,
    .result = { PRINT_TEXT("*"), PRINT_TEXT("1--0"), PRINT_TEXT("0--1"),
                PRINT_TEXT("\\textonehalf--\\textonehalf"), PRINT_TEXT("*") },
    .diagram_begin = PRINT_TEXT("\n\\begin{center}\n\\chessboard[showmover=true,setfen="),
    .diagram_end = PRINT_TEXT("]\n\\end{center}\n"),
    .game_end = PRINT_TEXT("\\bigskip\n"),
};
