/* replay_diags.c - a replay's diagnostics: severities under the options, messages, order. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include "base/array.h"
#include "base/utf8.h"
#include "pgn/pgn_reader.h"
#include "replay/diag.h"
#include "replay/replay_internal.h"
#include "base/banned.h"

/* What effective_severity() gives a diagnostic it drops: one replay_codes.ignore
 * drops is counted (hidden), one REPLAY_NO_WARN drops is not. */
enum { SEV_DROPPED = -1, SEV_IGNORED = -2 };

/* The severity a diagnostic of code gets under the options, or < 0 when it
 * is dropped. sev: its severity before them; strict: 1 when REPLAY_STRICT makes
 * it an error. */
static int effective_severity(const struct replay *r, int code, int sev, int strict)
{
    /* replay_codes.ignore and .error are rare: one test keeps them off the way of the rest. */
    if ((r->codes.ignore | r->codes.error) != 0 && sev < PGN_SEV_ERROR) {
        uint64_t bit = REPLAY_CODE_BIT(code);
        if (r->codes.ignore & bit)
            return SEV_IGNORED;
        if (r->codes.error & bit)
            sev = PGN_SEV_ERROR;
    }
    if (sev == PGN_SEV_WARNING && (r->opts.flags & REPLAY_STRICT) && strict)
        sev = PGN_SEV_ERROR;
    if (sev == PGN_SEV_WARNING && (r->opts.flags & REPLAY_WERROR))
        sev = PGN_SEV_ERROR;
    if (sev < PGN_SEV_ERROR && (r->opts.flags & REPLAY_NO_WARN))
        return SEV_DROPPED;
    return sev;
}

void replay_set_codes(struct replay *r, const struct replay_codes *c)
{
    r->codes = *c;
}

/* A diagnostic replay_codes.ignore drops is still looked for, to be counted. */
int replay_keeps(const struct replay *r, int code)
{
    return effective_severity(r, code, diag_severity(code), diag_is_strict(code)) != SEV_DROPPED;
}

static struct replay_diag *push_diag(struct replay *r, int code, int sev, uint64_t line,
                                     uint32_t col, uint64_t offset)
{
    if (sev == SEV_IGNORED && diag_severity(code) == PGN_SEV_WARNING)
        r->hidden++;
    if (sev < 0 ||
        array_reserve((void **)&r->diags, &r->diag_cap, r->ndiags + 1, sizeof *r->diags, 64))
        return NULL;
    struct replay_diag *d = &r->diags[r->ndiags++];
    d->code = code;
    d->severity = sev;
    d->line = line;
    d->col = col;
    d->offset = offset;
    d->move = UINT32_MAX;
    d->move_number = 0;
    d->side = WHITE;
    d->detail = 0;
    d->fen[0] = 0;
    d->msg[0] = 0;
    if (sev == PGN_SEV_ERROR)
        r->errors++;
    else if (sev == PGN_SEV_WARNING)
        r->warnings++;
    return d;
}

/* Formats a diagnostic's message; cut short, it must not end in half a character. */
static void set_msg(struct replay_diag *d, const char *fmt, va_list ap)
{
    if (vsnprintf(d->msg, sizeof d->msg, fmt, ap) >= (int)sizeof d->msg)
        d->msg[utf8_valid_prefix(d->msg, sizeof d->msg - 1)] = '\0';
}

/*
 * Whether REPLAY_STRICT makes a diagnostic of code an error. A result that a
 * fivefold repetition or the 75-move rule contradicts is one, as a result
 * a mate contradicts always is; play after such a draw (a diagnostic
 * about a move) stays a warning.
 */
static int strict_of(int code, int about_move)
{
    if (code == D_PAST_FIVEFOLD || code == D_PAST_75_MOVES)
        return !about_move;
    return diag_is_strict(code);
}

/* A diagnostic of code with a message from fmt and ap, or NULL (see replay_add()). */
static struct replay_diag *add_v(struct replay *r, int code, int about_move, uint64_t line,
                                 uint32_t col, uint64_t offset, const char *fmt, va_list ap)
{
    int sev = effective_severity(r, code, diag_severity(code), strict_of(code, about_move));
    struct replay_diag *d = push_diag(r, code, sev, line, col, offset);
    if (d)
        set_msg(d, fmt, ap);
    return d;
}

struct replay_diag *replay_add(struct replay *r, int code, uint64_t line, uint32_t col,
                               uint64_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    struct replay_diag *d = add_v(r, code, 0, line, col, offset, fmt, ap);
    va_end(ap);
    return d;
}

struct replay_diag *replay_move_diag(struct replay *r, const struct game *g, uint32_t i,
                                     const struct pos *p, int code, const char *fmt, ...)
{
    const struct game_move *m = &g->moves[i];
    va_list ap;
    va_start(ap, fmt);
    struct replay_diag *d = add_v(r, code, 1, m->line, m->col, g->offset + m->off, fmt, ap);
    va_end(ap);
    if (!d)
        return NULL;
    d->move = i;
    d->move_number = p->fullmove;
    d->side = p->side;
    pos_to_fen(p, 0, d->fen);
    return d;
}

/* The code of a reader finding: its repair when it made one, else by its status. */
static int reader_code(int status, int detail)
{
    switch (detail) {
    case PGN_REPAIR_RESULT_FORM: return D_RESULT_FORM;
    case PGN_REPAIR_WRAPPER: return D_FORUM_WRAPPER;
    case PGN_REPAIR_TAG_CASE: return D_TAG_CASE;
    default: break;
    }
    switch (status) {
    case PGN_ETOOBIG: return D_TOO_BIG;
    case PGN_EENCODING: return D_ENCODING;
    default: return D_SYNTAX;
    }
}

/* The reader's findings keep the reader's severity: its warnings (a stray
 * character after the result, an unescaped quote) are export-format
 * deviations, which REPLAY_STRICT turns into errors. */
void replay_import_reader_diags(struct replay *r, const struct game *g)
{
    for (uint32_t i = 0; i < g->nerrors; i++) {
        const struct pgn_error *e = &g->errors[i];
        int code = reader_code(e->code, e->detail);
        int sev = effective_severity(r, code, e->severity, 1);
        struct replay_diag *d = push_diag(r, code, sev, e->line, e->col, e->offset);
        if (d)
            snprintf(d->msg, sizeof d->msg, "%s", e->message ? e->message : pgn_strerror(e->code));
    }
}

int replay_drop_variation_errors(struct replay *r, const struct game *g)
{
    int sev = effective_severity(r, D_VARIATION_DROPPED, diag_severity(D_VARIATION_DROPPED),
                                 diag_is_strict(D_VARIATION_DROPPED));
    if (sev == PGN_SEV_ERROR)
        return 0;
    int dropped = 0;
    size_t kept = 0;
    for (size_t i = 0; i < r->ndiags; i++) {
        struct replay_diag *d = &r->diags[i];
        if (d->severity == PGN_SEV_ERROR && d->move != UINT32_MAX && g->moves[d->move].var != 0) {
            dropped++;
            r->errors--;
            r->hidden += sev == SEV_IGNORED;
            if (sev < 0)
                continue; /* variation-dropped in replay_codes.ignore, or REPLAY_NO_WARN */
            r->warnings++;
            char msg[REPLAY_MSG_MAX];
            snprintf(msg, sizeof msg, "%s", d->msg);
            if (snprintf(d->msg, sizeof d->msg, "variation not output: %s", msg) >=
                (int)sizeof d->msg)
                d->msg[utf8_valid_prefix(d->msg, sizeof d->msg - 1)] = '\0';
            d->code = D_VARIATION_DROPPED;
            d->severity = sev;
        }
        r->diags[kept++] = *d;
    }
    r->ndiags = kept;
    return dropped;
}

/* Stable insertion sort: games have few diagnostics. */
void replay_sort_diags(struct replay_diag *d, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        if (d[i].offset >= d[i - 1].offset)
            continue;
        struct replay_diag x = d[i];
        size_t j = i;
        while (j > 0 && d[j - 1].offset > x.offset) {
            d[j] = d[j - 1];
            j--;
        }
        d[j] = x;
    }
}
