/*
 * The FreeCell solver's compiled search: where it keeps what it has reached.
 * Included by _search.c only.
 *
 * Columns recur from position to position, so each column met is kept once
 * (its cards, and what the search asks of them: its run at the top, its
 * disorder, which cards it holds) and named by a number; a position is then
 * its eight column numbers in canonical order, its free cells and its
 * foundations: 40 bytes, with the number of the position it was reached
 * from, its moves from the start and the move from there.
 */

#ifndef FREECELL_SEARCH_STORE_H
#define FREECELL_SEARCH_STORE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_search_cards.h"

/* -- columns ---------------------------------------------------------------- */

typedef struct {
    uint32_t start;             /* where its cards begin in Columns.cards */
    uint8_t length, run, disorder;
    uint64_t holds;             /* bit c for each card c in it */
} Column;

typedef struct {
    uint8_t *cards;             /* every column's cards, one after another */
    size_t cards_used, cards_size;
    Column *column;             /* by column number */
    uint32_t count, capacity;
    uint64_t *slots;            /* hash set: the hash's high half, which also
                                   says where the slot goes, then the column
                                   number + 1 (0: a free slot) */
    uint32_t mask;
} Columns;

static uint64_t bytes_hash(const uint8_t *bytes, int length)
{
    uint64_t hash = 0xcbf29ce484222325ULL ^ (uint64_t)length;
    for (int i = 0; i < length; i++) {
        hash ^= bytes[i];
        hash *= 0x100000001b3ULL;
    }
    return hash ^ (hash >> 29);
}

static const uint8_t *column_cards(const Columns *columns, uint32_t number)
{
    return columns->cards + columns->column[number].start;
}

static int columns_grow_slots(Columns *columns)
{
    uint32_t size = columns->slots ? (columns->mask + 1) * 2 : 1 << 9;
    uint64_t *slots = calloc(size, sizeof(uint64_t));
    if (!slots)
        return -1;
    for (uint32_t i = 0; i <= columns->mask && columns->slots; i++) {
        uint64_t slot = columns->slots[i];
        if (!slot)
            continue;
        uint32_t at = (uint32_t)(slot >> 32) & (size - 1);
        while (slots[at])
            at = (at + 1) & (size - 1);
        slots[at] = slot;
    }
    free(columns->slots);
    columns->slots = slots;
    columns->mask = size - 1;
    return 0;
}

/* The number of the column with these cards, added if new; -1 when out of memory. */
static int64_t column_number(Columns *columns, const uint8_t *cards, int length)
{
    if (!columns->slots || (uint64_t)columns->count * 2 >= columns->mask)
        if (columns_grow_slots(columns) < 0)
            return -1;
    uint64_t high = bytes_hash(cards, length) & 0xFFFFFFFF00000000ULL;
    uint32_t at = (uint32_t)(high >> 32) & columns->mask;
    for (uint64_t slot; (slot = columns->slots[at]); at = (at + 1) & columns->mask) {
        uint32_t number = (uint32_t)slot - 1;
        if ((slot & 0xFFFFFFFF00000000ULL) == high && columns->column[number].length == length
                && !memcmp(column_cards(columns, number), cards, (size_t)length))
            return number;
    }
    if (columns->count == columns->capacity) {
        uint32_t capacity = columns->capacity ? columns->capacity * 2 : 1 << 8;
        Column *grown = realloc(columns->column, capacity * sizeof(Column));
        if (!grown)
            return -1;
        columns->column = grown;
        columns->capacity = capacity;
    }
    if (columns->cards_used + (size_t)length > columns->cards_size) {
        size_t size = columns->cards_size ? columns->cards_size * 2 : 1 << 12;
        uint8_t *bytes = realloc(columns->cards, size);
        if (!bytes)
            return -1;
        columns->cards = bytes;
        columns->cards_size = size;
    }
    uint32_t number = columns->count++;
    Column *column = &columns->column[number];
    column->start = (uint32_t)columns->cards_used;
    column->length = (uint8_t)length;
    column->run = (uint8_t)run_length(cards, length);
    column->disorder = (uint8_t)disorder(cards, length);
    column->holds = 0;
    for (int i = 0; i < length; i++)
        column->holds |= 1ULL << cards[i];
    memcpy(columns->cards + columns->cards_used, cards, (size_t)length);
    columns->cards_used += (size_t)length;
    columns->slots[at] = high | (number + 1);
    return number;
}

static void columns_free(Columns *columns)
{
    free(columns->cards);
    free(columns->column);
    free(columns->slots);
}

/* -- positions ------------------------------------------------------------ */

typedef struct {
    uint32_t column[COLUMN_COUNT];  /* column numbers, the columns sorted */
    uint8_t cells[CELL_COUNT];      /* ascending, then zeros (no card is 0) */
    uint8_t found[SUIT_COUNT];      /* the rank each suit is up to */
} Key;

typedef struct {
    Key key;
    uint32_t parent;                /* the position reached from (the start: itself) */
    uint32_t depth;                 /* the moves from the start */
    uint32_t move;                  /* source | target << 7 | count << 11, and EXPANDED */
} Record;

#define EXPANDED 0x80000000U
#define HALF_EXPANDED 0x40000000U
#define MOVE_BITS 0x3FFFFFFFU

typedef struct {
    Record *records;
    uint32_t count, capacity;
    uint64_t *slots;                /* hash set: the hash's high half, which
                                       also says where the slot goes, then the
                                       record number + 1 (0: a free slot) */
    uint32_t mask;
} Positions;

static uint64_t key_hash(const Key *key)
{
    uint64_t hash = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < COLUMN_COUNT; i++) {
        hash ^= key->column[i];
        hash *= 0xff51afd7ed558ccdULL;
        hash ^= hash >> 31;
    }
    uint32_t cells;
    memcpy(&cells, key->cells, sizeof cells);
    hash ^= cells;
    hash *= 0xc4ceb9fe1a85ec53ULL;
    return hash ^ (hash >> 29);
}

static int positions_grow_slots(Positions *positions)
{
    uint32_t size = positions->slots ? (positions->mask + 1) * 2 : 1 << 10;
    if (!size)
        return -1;
    uint64_t *slots = calloc(size, sizeof(uint64_t));
    if (!slots)
        return -1;
    for (uint32_t i = 0; i <= positions->mask && positions->slots; i++) {
        uint64_t slot = positions->slots[i];
        if (!slot)
            continue;
        /* Placed by the hash kept in the slot: no record is read. */
        uint32_t at = (uint32_t)(slot >> 32) & (size - 1);
        while (slots[at])
            at = (at + 1) & (size - 1);
        slots[at] = slot;
    }
    free(positions->slots);
    positions->slots = slots;
    positions->mask = size - 1;
    return 0;
}

enum { SEEN = -2, NO_MEMORY = -1 };

/* Ask for the slot a key of hash ``hash`` is looked up at to be fetched
   into the cache while other work goes on: in a large search it is almost
   never there, and waiting for it was a third of adding a position. */
static void position_prefetch(const Positions *positions, uint64_t hash)
{
#if defined(__GNUC__) || defined(__clang__)
    if (positions->slots)
        __builtin_prefetch(&positions->slots[(uint32_t)(hash >> 32) & positions->mask]);
#else
    (void)positions;
    (void)hash;
#endif
}

/* Adds the position, whose key_hash is ``hash``, and returns its number;
   SEEN if it was reached before; NO_MEMORY. */
static int64_t position_add(Positions *positions, const Key *key, uint64_t hash,
                            uint32_t parent, uint32_t depth, uint32_t move)
{
    if (!positions->slots || (uint64_t)positions->count * 2 >= positions->mask)
        if (positions_grow_slots(positions) < 0)
            return NO_MEMORY;
    uint64_t high = hash & 0xFFFFFFFF00000000ULL;
    uint32_t at = (uint32_t)(hash >> 32) & positions->mask;
    for (uint64_t slot; (slot = positions->slots[at]); at = (at + 1) & positions->mask)
        if ((slot & 0xFFFFFFFF00000000ULL) == high
                && !memcmp(&positions->records[(uint32_t)slot - 1].key, key, sizeof(Key)))
            return SEEN;
    if (positions->count == positions->capacity) {
        if (positions->capacity >= 0x7fffffffU)
            return NO_MEMORY;
        uint32_t capacity = positions->capacity ? positions->capacity * 2 : 1 << 10;
        Record *records = realloc(positions->records, capacity * sizeof(Record));
        if (!records)
            return NO_MEMORY;
        positions->records = records;
        positions->capacity = capacity;
    }
    uint32_t number = positions->count++;
    Record *record = &positions->records[number];
    record->key = *key;
    record->parent = parent;
    record->depth = depth;
    record->move = move;
    positions->slots[at] = high | (number + 1);
    return number;
}

static void positions_free(Positions *positions)
{
    free(positions->records);
    free(positions->slots);
}

#endif
