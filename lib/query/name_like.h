/* name_like.h - player names spelled many ways: folded, split into words, compared by a phonetic key. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_NAME_LIKE_H
#define LIB_NAME_LIKE_H

#include <stddef.h>

/*
 * A name is read as words: UTF-8 Latin letters are folded to ASCII without
 * their diacritics (é e, ü u, ß ss, Ł l, Æ ae ...) and case; anything
 * else that is not a letter or a byte of another script (spaces, commas,
 * dots, hyphens, digits) separates words. Each word gets a phonetic key, made for
 * the ways Russian and other names are transliterated into Latin letters:
 *
 *   sibilant clusters   sh ch sch tch tsch zh shch cz sz   one sound (X)
 *   b p / d t / c g k q ck / f v w ph / s z   one class each; x is k s
 *   kh and h, vowels and j y               no sound of their own
 *   l m n r                                themselves
 *
 * The key is the class of the first letter (a vowel-like one is 'A'), then
 * the classes of the other sounds, a class that repeats with nothing
 * between written once. So Nepomniachtchi, Nepomnjaschtschi, Nepomniatchi
 * and Nepomniashchy share NPMNX; Tal and Tahl TL; Korchnoi and Kortschnoj
 * KRXN; Jussupow and Yusupov ASPF; Mikhail and Mihail ML.
 *
 * A name the user gives matches a name of a game when each of its words
 * matches a different word of it: the same key, or one of them a single
 * letter (an initial) that the other word starts with (folded letters;
 * i j y, v w and c k count as one, as transliterations trade them).
 * Order does not count ("Carlsen, Magnus" is "Magnus Carlsen"), words left
 * over do not ("Tal" is "Tal, Mikhail N."). Only a one-word name is held
 * to the surname: when the game's name has a comma, the word must match
 * one before it ("Tal" is not "Haimovich, Tal").
 */
enum { NAME_LIKE_WORDS = 8, NAME_LIKE_KEY = 24 };

struct name_like {
    char keys[NAME_LIKE_WORDS][NAME_LIKE_KEY]; /* NUL-terminated */
    char initials[NAME_LIKE_WORDS];            /* the folded first letter of each word */
    unsigned char single[NAME_LIKE_WORDS];     /* 1 for a word of one letter */
    int nwords;
};

/**
 * Reads the name a user gives into *n. Returns 0, or PGN_EINVAL when it has
 * no word or more than NAME_LIKE_WORDS words.
 */
int name_like_init(struct name_like *n, const char *name);

/** 1 when the name s[0..len) (a tag value, any bytes) matches n, else 0. */
int name_like_match(const struct name_like *n, const char *s, size_t len);

/** The phonetic key of the word w[0..len) (folded or not) into out[NAME_LIKE_KEY]. */
void name_like_key(const char *w, size_t len, char out[NAME_LIKE_KEY]);

#endif
