/*
 * The Klondike solver's compiled search: the table of positions seen.  Each
 * entry is a position's key without the state of its hand and pile, then
 * the stock-state bits it was searched in (compact.stock_state): one word
 * with unlimited passes, one per number of passes left otherwise.  The
 * pure-Python search keeps the same in a dict.  Included by _search.c only.
 */

#ifndef KLONDIKE_SEARCH_TABLE_H
#define KLONDIKE_SEARCH_TABLE_H

#include <stdlib.h>
#include <string.h>

#include "_search_position.h"

typedef struct {
    uint64_t *slots;            /* capacity entries of stride words; a first word of 0: free */
    size_t capacity, used;
    int key_words, mask_words, stride;
} Table;

static void table_init(Table *table, int key_words, int mask_words)
{
    memset(table, 0, sizeof *table);
    table->key_words = key_words;
    table->mask_words = mask_words;
    table->stride = key_words + mask_words;
}

static size_t key_hash(const uint64_t *key, int words)
{
    uint64_t hash = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < words; i++) {
        hash ^= key[i];
        hash *= 0xff51afd7ed558ccdULL;
        hash ^= hash >> 32;
    }
    return (size_t)hash;
}

static int table_grow(Table *table)
{
    size_t capacity = table->capacity ? table->capacity * 2 : 1 << 16;
    int stride = table->stride;
    uint64_t *slots = calloc(capacity, stride * sizeof(uint64_t));
    if (!slots)
        return -1;
    for (size_t i = 0; i < table->capacity; i++) {
        const uint64_t *entry = table->slots + i * stride;
        if (!entry[0])
            continue;
        size_t at = key_hash(entry, table->key_words) & (capacity - 1);
        while (slots[at * stride])
            at = (at + 1) & (capacity - 1);
        memcpy(slots + at * stride, entry, stride * sizeof(uint64_t));
    }
    free(table->slots);
    table->slots = slots;
    table->capacity = capacity;
    return 0;
}

/* The stock-state words of key's entry, made (all 0) if it had none; NULL
   out of memory. */
static uint64_t *table_entry(Table *table, const uint64_t *key)
{
    if ((table->used + 1) * 2 > table->capacity && table_grow(table) < 0)
        return NULL;
    int stride = table->stride, words = table->key_words;
    size_t at = key_hash(key, words) & (table->capacity - 1);
    for (;;) {
        uint64_t *entry = table->slots + at * stride;
        if (!entry[0]) {
            memcpy(entry, key, words * sizeof(uint64_t));
            table->used++;
            return entry + words;
        }
        if (!memcmp(entry, key, words * sizeof(uint64_t)))
            return entry + words;
        at = (at + 1) & (table->capacity - 1);
    }
}

#endif
