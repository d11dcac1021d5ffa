/*
 * The Klondike solver's compiled search: the table of positions seen.  Each
 * entry is a position's key without the state of its hand and pile, then
 * the stock-state bits it was searched in (compact.stock_state): one word
 * with unlimited passes, one per number of passes left otherwise.  In the
 * book's game (packed keys, _search_position.h) an entry is three words,
 * the stock-state bits sharing the key's last: 24 bytes instead of 48,
 * half the memory to zero and to miss in the caches (0.82 times the
 * processor time in searches of 5 million positions).  The pure-Python
 * search keeps the same in a dict.  Included by _search.c only.
 */

#ifndef KLONDIKE_SEARCH_TABLE_H
#define KLONDIKE_SEARCH_TABLE_H

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "_search_position.h"

typedef struct {
    uint64_t *slots;            /* capacity entries of stride words; a first word of 0: free */
    size_t capacity, used;
    int key_words, mask_words, stride;
    uint64_t last_key_bits;     /* the bits of the key's last word that are key */
} Table;

/* A table whose entries are key_words words of key, then mask_words of
   stock-state bits. */
static void table_init(Table *table, int key_words, int mask_words)
{
    memset(table, 0, sizeof *table);
    table->key_words = key_words;
    table->mask_words = mask_words;
    table->stride = key_words + mask_words;
    table->last_key_bits = ~0ULL;
}

/* A table whose entries are key_words words, the last holding the key in
   its key_bits and the stock-state bits in the others (packed keys). */
static void table_init_shared(Table *table, int key_words, uint64_t key_bits)
{
    memset(table, 0, sizeof *table);
    table->key_words = key_words;
    table->mask_words = 1;
    table->stride = key_words;
    table->last_key_bits = key_bits;
}

/* Zeroed memory for a table of bytes bytes; NULL if there is none.  On
   Linux a large table is mapped in huge pages where the system allows them:
   every look-up lands on a random entry, and with 4 KB pages most of them
   missed the address cache too (0.85 times the processor time in searches
   of 2 to 4 million positions: bench/klondike_solver.py --before). */
static uint64_t *table_memory(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *memory = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        return NULL;
    madvise(memory, bytes, MADV_HUGEPAGE);     /* advice: refused, the table still works */
    return memory;
#else
    return calloc(bytes, 1);
#endif
}

static void table_memory_free(uint64_t *memory, size_t bytes)
{
    if (!memory)
        return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    munmap(memory, bytes);
#else
    (void)bytes;
    free(memory);
#endif
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

/* Gives back the table's memory (the table is then empty, without room). */
static void table_free(Table *table)
{
    table_memory_free(table->slots, table->capacity * table->stride * sizeof(uint64_t));
}

/* Twice the room, except that a table of 2 million entries (a search of
   some 2 million positions, which will likely go on to several million)
   grows to 8 million at once: each growing moves every entry to a random
   new place and has the system zero the new memory, and the step skipped
   took some 8% of a search of 6 million positions (deal 436: 0.92 times
   the processor time, three interleaved pairs). */
static int table_grow(Table *table)
{
    size_t capacity = !table->capacity ? (size_t)1 << 16
        : table->capacity == (size_t)1 << 21 ? (size_t)1 << 23 : table->capacity * 2;
    int stride = table->stride;
    uint64_t *slots = table_memory(capacity * stride * sizeof(uint64_t));
    if (!slots)
        return -1;
    for (size_t i = 0; i < table->capacity; i++) {
        const uint64_t *entry = table->slots + i * stride;
        if (!entry[0])
            continue;
        uint64_t key[KEY_WORDS];
        memcpy(key, entry, table->key_words * sizeof(uint64_t));
        key[table->key_words - 1] &= table->last_key_bits;
        size_t at = key_hash(key, table->key_words) & (capacity - 1);
        while (slots[at * stride])
            at = (at + 1) & (capacity - 1);
        memcpy(slots + at * stride, entry, stride * sizeof(uint64_t));
    }
    table_free(table);
    table->slots = slots;
    table->capacity = capacity;
    return 0;
}

/* The stock-state words of key's entry, made (all 0) if it had none; NULL
   out of memory.  (With a shared last word, the first stock-state word is
   that word: its bits outside last_key_bits.) */
static uint64_t *table_entry(Table *table, const uint64_t *key)
{
    if ((table->used + 1) * 2 > table->capacity && table_grow(table) < 0)
        return NULL;
    int stride = table->stride, words = table->key_words, last = words - 1;
    uint64_t *states = table->slots + (stride - table->mask_words);
    size_t at = key_hash(key, words) & (table->capacity - 1);
    for (;;) {
        uint64_t *entry = table->slots + at * stride;
        if (!entry[0]) {
            memcpy(entry, key, words * sizeof(uint64_t));
            table->used++;
            return states + at * stride;
        }
        int same = (entry[last] & table->last_key_bits) == key[last];
        for (int i = 0; i < last; i++)
            same &= entry[i] == key[i];
        if (same)
            return states + at * stride;
        at = (at + 1) & (table->capacity - 1);
    }
}

#endif
