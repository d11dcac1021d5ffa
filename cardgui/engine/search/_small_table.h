/*
 * A table from 64-bit keys (never 0) to small values, by open addressing,
 * for the compiled searches that key a position by one word (Pyramid's and
 * TriPeaks').  Included by their _search.c only.
 */

#ifndef CARDGUI_SMALL_TABLE_H
#define CARDGUI_SMALL_TABLE_H

#include <stdint.h>
#include <stdlib.h>

typedef struct {
    uint64_t *keys;
    int8_t *values;
    size_t capacity, used;
} Table;

static inline size_t hash64(uint64_t key)
{
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    key *= 0xc4ceb9fe1a85ec53ULL;
    key ^= key >> 33;
    return (size_t)key;
}

static inline int table_grow(Table *table)
{
    size_t capacity = table->capacity ? table->capacity * 2 : 1 << 14;
    uint64_t *keys = calloc(capacity, sizeof(uint64_t));
    int8_t *values = malloc(capacity);
    if (!keys || !values) {
        free(keys);
        free(values);
        return -1;
    }
    for (size_t i = 0; i < table->capacity; i++) {
        if (!table->keys[i])
            continue;
        size_t at = hash64(table->keys[i]) & (capacity - 1);
        while (keys[at])
            at = (at + 1) & (capacity - 1);
        keys[at] = table->keys[i];
        values[at] = table->values[i];
    }
    free(table->keys);
    free(table->values);
    table->keys = keys;
    table->values = values;
    table->capacity = capacity;
    return 0;
}

/* The slot of key: where it is, or the free slot where it would go. */
static inline size_t table_slot(const Table *table, uint64_t key)
{
    size_t at = hash64(key) & (table->capacity - 1);
    while (table->keys[at] && table->keys[at] != key)
        at = (at + 1) & (table->capacity - 1);
    return at;
}

/* 0, or -1 without memory. */
static inline int table_put(Table *table, uint64_t key, int8_t value)
{
    if ((table->used + 1) * 2 > table->capacity && table_grow(table) < 0)
        return -1;
    size_t at = table_slot(table, key);
    if (!table->keys[at]) {
        table->keys[at] = key;
        table->used++;
    }
    table->values[at] = value;
    return 0;
}

/* The value of key, or missing. */
static inline int table_get(const Table *table, uint64_t key, int missing)
{
    if (!table->capacity)
        return missing;
    size_t at = table_slot(table, key);
    return table->keys[at] ? table->values[at] : missing;
}

static inline void table_free(Table *table)
{
    free(table->keys);
    free(table->values);
    table->keys = NULL;
    table->values = NULL;
    table->capacity = table->used = 0;
}

#endif
