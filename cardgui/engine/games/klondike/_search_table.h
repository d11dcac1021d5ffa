/*
 * The Klondike solver's compiled search: the table of positions seen, and
 * the pile sizes each was seen at.  Included by _search.c only.
 */

#ifndef KLONDIKE_SEARCH_TABLE_H
#define KLONDIKE_SEARCH_TABLE_H

#include <stdlib.h>
#include <string.h>

#include "_search_position.h"

typedef struct {
    Key *slots;
    size_t capacity, used;
} Table;

/* For each position without its pile size, the pile sizes it was searched
   at that dealing does not connect (solver_search's "earlier" ones): bit q
   for size q.  Answers in one look what the pure-Python search asks of its
   table one size at a time. */
typedef struct {
    Key key;
    uint64_t sizes;
} Sizes;

typedef struct {
    Sizes *slots;
    size_t capacity, used;
} SizesTable;

/* -- the table of positions seen ------------------------------------------ */

static size_t key_hash(const Key *key)
{
    uint64_t hash = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < KEY_WORDS; i++) {
        hash ^= key->word[i];
        hash *= 0xff51afd7ed558ccdULL;
        hash ^= hash >> 32;
    }
    return (size_t)hash;
}

static int key_is_free(const Key *key)
{
    return !key->word[KEY_WORDS - 1];       /* the last word is never zero in use */
}

static int table_grow(Table *table)
{
    size_t capacity = table->capacity ? table->capacity * 2 : 1 << 16;
    Key *slots = calloc(capacity, sizeof(Key));
    if (!slots)
        return -1;
    for (size_t i = 0; i < table->capacity; i++) {
        if (key_is_free(&table->slots[i]))
            continue;
        size_t at = key_hash(&table->slots[i]) & (capacity - 1);
        while (!key_is_free(&slots[at]))
            at = (at + 1) & (capacity - 1);
        slots[at] = table->slots[i];
    }
    free(table->slots);
    table->slots = slots;
    table->capacity = capacity;
    return 0;
}

/* 1 if the key is in the table, else 0. */
static int table_has(const Table *table, const Key *key)
{
    if (!table->capacity)
        return 0;
    size_t at = key_hash(key) & (table->capacity - 1);
    while (!key_is_free(&table->slots[at])) {
        if (!memcmp(&table->slots[at], key, sizeof(Key)))
            return 1;
        at = (at + 1) & (table->capacity - 1);
    }
    return 0;
}

/* Add a key that is not in the table: 0, or -1 out of memory. */
static int table_add(Table *table, const Key *key)
{
    if ((table->used + 1) * 2 > table->capacity && table_grow(table) < 0)
        return -1;
    size_t at = key_hash(key) & (table->capacity - 1);
    while (!key_is_free(&table->slots[at]))
        at = (at + 1) & (table->capacity - 1);
    table->slots[at] = *key;
    table->used++;
    return 0;
}

static int sizes_grow(SizesTable *table)
{
    size_t capacity = table->capacity ? table->capacity * 2 : 1 << 14;
    Sizes *slots = calloc(capacity, sizeof(Sizes));
    if (!slots)
        return -1;
    for (size_t i = 0; i < table->capacity; i++) {
        if (key_is_free(&table->slots[i].key))
            continue;
        size_t at = key_hash(&table->slots[i].key) & (capacity - 1);
        while (!key_is_free(&slots[at].key))
            at = (at + 1) & (capacity - 1);
        slots[at] = table->slots[i];
    }
    free(table->slots);
    table->slots = slots;
    table->capacity = capacity;
    return 0;
}

/* The slot for key (a position key with its pile size cleared), or NULL. */
static Sizes *sizes_find(const SizesTable *table, const Key *key)
{
    if (!table->capacity)
        return NULL;
    size_t at = key_hash(key) & (table->capacity - 1);
    while (!key_is_free(&table->slots[at].key)) {
        if (!memcmp(&table->slots[at].key, key, sizeof(Key)))
            return &table->slots[at];
        at = (at + 1) & (table->capacity - 1);
    }
    return NULL;
}

static int sizes_add(SizesTable *table, const Key *key, int size)
{
    Sizes *slot = sizes_find(table, key);
    if (slot) {
        slot->sizes |= 1ULL << size;
        return 0;
    }
    if ((table->used + 1) * 2 > table->capacity && sizes_grow(table) < 0)
        return -1;
    size_t at = key_hash(key) & (table->capacity - 1);
    while (!key_is_free(&table->slots[at].key))
        at = (at + 1) & (table->capacity - 1);
    table->slots[at].key = *key;
    table->slots[at].sizes = 1ULL << size;
    table->used++;
    return 0;
}

#endif
