/* where_tree.h - inside the where language: the parsed expression tree that where.c builds and where_eval.c walks. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_WHERE_TREE_H
#define LIB_WHERE_TREE_H

#include <stddef.h>
#include <stdint.h>
#include "pgn/tagvalue.h"
#include "query/filter.h"

enum node_kind { N_OR, N_AND, N_NOT, N_CMP, N_TRUTH };
enum cmp_op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_MATCH, OP_NMATCH };
/* The operators as written, by enum cmp_op. */
extern const char *const where_op_text[];

enum operand_kind { O_FIELD, O_TAG, O_STR, O_NUM, O_BOOL };

struct operand {
    int kind;               /* enum operand_kind */
    int field;              /* O_FIELD */
    char *text;             /* O_TAG: the name; O_STR: the string (NUL-terminated) */
    size_t len;
    int64_t num;            /* O_NUM, O_BOOL */
    int is_date;            /* O_STR/O_NUM compared with a date: date holds it */
    struct date_range date;
    int num_ok;             /* O_STR compared with a number: num holds it */
    int number_reader;      /* O_TAG, O_FIELD: how its text reads as a number
                             * (enum tagvalue_number_reader), told once */
};

struct node {
    int kind;     /* enum node_kind */
    int op;       /* N_CMP: enum cmp_op */
    int level;    /* most expensive facts level below */
    int min_level;
    struct operand a, b;    /* N_CMP: a op b; N_TRUTH: a */
    struct filter *re;      /* N_CMP with ~ or !~ */
    int reported;           /* its regex limit hit was reported */
    struct node **kids;     /* N_OR, N_AND, N_NOT */
    size_t nkids;
};

struct where {
    struct node *root;
    char *text;              /* the expression as given, for where_clone */
    unsigned filter_flags;   /* and how its regexes were compiled */
    unsigned long limit;
};

/* A value written in the expression, not read from the game. */
static inline int is_literal(const struct operand *o)
{
    return o->kind == O_STR || o->kind == O_NUM || o->kind == O_BOOL;
}

/** 1 when the scan may run a regex below n (an operand of and/or that may leave a game undecided). */
int where_node_has_regex(const struct node *n);

#endif
