/*
 * Calculation's compiled search: the table of failed positions, exact keys
 * in two generations of at most GENERATION keys (as solver_search's _Table):
 * when the newer fills, the older is dropped.  Included by _search.c only.
 */

#ifndef CALCULATION_SEARCH_TABLE_H
#define CALCULATION_SEARCH_TABLE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define KEY_MAX 64
#define GENERATION (1 << 20)

/* One generation: keys stored end to end in an arena (a length byte, then
   the key), found through an open-addressing index of arena offsets + 1. */
typedef struct {
    uint32_t *slots;
    size_t capacity, count;
    uint8_t *arena;
    size_t arena_used, arena_size;
} Generation;

typedef struct {
    Generation newer, older;
} Table;

static uint64_t key_hash(const uint8_t *key, int length)
{
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (int i = 0; i < length; i++) {
        hash ^= key[i];
        hash *= 0x100000001b3ULL;
    }
    return hash ^ (hash >> 29);
}

static void generation_free(Generation *g)
{
    free(g->slots);
    free(g->arena);
    memset(g, 0, sizeof *g);
}

static int generation_find(const Generation *g, const uint8_t *key, int length, size_t *at)
{
    if (!g->capacity)
        return 0;
    size_t mask = g->capacity - 1;
    for (size_t i = key_hash(key, length) & mask;; i = (i + 1) & mask) {
        uint32_t slot = g->slots[i];
        if (!slot) {
            *at = i;
            return 0;
        }
        const uint8_t *stored = g->arena + slot - 1;
        if (stored[0] == length && !memcmp(stored + 1, key, (size_t)length))
            return 1;
    }
}

static int generation_grow(Generation *g)
{
    size_t capacity = g->capacity ? g->capacity * 2 : 1 << 12;
    uint32_t *slots = calloc(capacity, sizeof(uint32_t));
    if (!slots)
        return -1;
    for (size_t i = 0; i < g->capacity; i++) {
        uint32_t slot = g->slots[i];
        if (!slot)
            continue;
        const uint8_t *stored = g->arena + slot - 1;
        size_t at = key_hash(stored + 1, stored[0]) & (capacity - 1);
        while (slots[at])
            at = (at + 1) & (capacity - 1);
        slots[at] = slot;
    }
    free(g->slots);
    g->slots = slots;
    g->capacity = capacity;
    return 0;
}

/* 0 added (or there already), -1 out of memory. */
static int generation_add(Generation *g, const uint8_t *key, int length)
{
    size_t at;
    if ((g->count + 1) * 2 > g->capacity && generation_grow(g))
        return -1;
    if (generation_find(g, key, length, &at))
        return 0;
    if (g->arena_used + (size_t)length + 1 > g->arena_size) {
        size_t size = g->arena_size ? g->arena_size * 2 : 1 << 16;
        uint8_t *arena = realloc(g->arena, size);
        if (!arena)
            return -1;
        g->arena = arena;
        g->arena_size = size;
    }
    g->arena[g->arena_used] = (uint8_t)length;
    memcpy(g->arena + g->arena_used + 1, key, (size_t)length);
    g->slots[at] = (uint32_t)(g->arena_used + 1);
    g->arena_used += (size_t)length + 1;
    g->count++;
    return 0;
}

static int table_contains(const Table *table, const uint8_t *key, int length)
{
    size_t at;
    return generation_find(&table->newer, key, length, &at)
           || generation_find(&table->older, key, length, &at);
}

/* 0 added, -1 out of memory. */
static int table_add(Table *table, const uint8_t *key, int length)
{
    if (generation_add(&table->newer, key, length))
        return -1;
    if (table->newer.count >= GENERATION) {
        generation_free(&table->older);
        table->older = table->newer;
        memset(&table->newer, 0, sizeof table->newer);
    }
    return 0;
}

static void table_free(Table *table)
{
    generation_free(&table->newer);
    generation_free(&table->older);
}

static void table_clear(Table *table)
{
    table_free(table);
}

#endif
