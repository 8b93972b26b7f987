/* banned.h - poisons libc calls that invite buffer overflows; include last. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_BANNED_H
#define LIB_BANNED_H

/* Use snprintf/memcpy with explicit sizes instead. */
#define BANNED(func) sorry_##func##_is_a_banned_function

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef strncpy
#define strncpy(x, y, n) BANNED(strncpy)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef gets
#define gets(x) BANNED(gets)

#endif
