/*
 * SplitMix64 (Steele, Lea and Flood, 2014): engine/search/splitmix.py's
 * SplitMix in C, for the compiled searches and play-outs whose draws must
 * be the Python ones (tests hold each pair equal).  Included by their .c
 * files only.
 */

#ifndef CARDGUI_SPLITMIX_H
#define CARDGUI_SPLITMIX_H

#include <stdint.h>

/* The next 64-bit number of the generator whose whole state is *state. */
static inline uint64_t splitmix_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
