/*
 * The FreeCell solver's compiled search: where it keeps what it has reached.
 * Included by _search.c only.
 *
 * Columns recur from position to position, so each column met is kept once
 * and named by a number (below); a position is then its eight column
 * numbers in canonical order, its free cells and its foundations: 40 bytes,
 * with the number of the position it was reached from, its moves from the
 * start and the move from there.
 */

#ifndef FREECELL_SEARCH_STORE_H
#define FREECELL_SEARCH_STORE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_search_cards.h"

/* -- columns ---------------------------------------------------------------- */

/* Columns grow and shrink a card at a time, so they are kept as a tree: each
   column met is the column beneath its top card with that card added, and
   is named by a number, the empty column 0.  Taking cards off a column is
   going down the tree; putting one on is looking up the pair (column,
   card), so a column is never hashed or compared card by card.  Each
   column keeps what the search asks of it (its cards, its run at the top,
   its disorder, which cards it holds), so a position is just its eight
   column numbers, its free cells and its foundations. */

typedef struct {
    uint32_t start;             /* where its cards begin in Columns.cards */
    uint32_t below;             /* the column without its top card (0: itself) */
    uint32_t depths_for;        /* the foundations ``depths`` was counted for
                                   (found_key), 0 before it was */
    uint8_t depths;             /* heuristic's depths of the suits' next cards */
    uint8_t length, run, disorder;
    uint8_t lowest;             /* its lowest rank (KING + 1 when empty) */
    uint8_t bottom, top;        /* its first and last cards, 0 when empty */
    uint64_t holds;             /* bit c for each card c in it */
} Column;

typedef struct {
    uint8_t *cards;             /* every column's cards, one after another */
    size_t cards_used, cards_size;
    Column *column;             /* by column number */
    uint32_t count, capacity;
    uint64_t *slots;            /* hash set of the columns but the empty one,
                                   by (below, top): the hash's high half,
                                   which also says where the slot goes, then
                                   the column number (0: a free slot) */
    uint32_t mask;
} Columns;

static uint64_t column_hash(uint32_t below, int card)
{
    uint64_t hash = ((uint64_t)below << 6 | (uint64_t)card) * 0x9e3779b97f4a7c15ULL;
    return hash ^ (hash >> 29);
}

static int columns_grow_slots(Columns *columns)
{
    if (columns->slots && columns->mask >= 0x7fffffffU)
        return -1;                      /* doubling would wrap to nothing */
    uint32_t size = columns->slots ? (columns->mask + 1) * 2 : 1 << 10;
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

/* The empty column, numbered 0; -1 when out of memory. */
static int columns_start(Columns *columns)
{
    columns->capacity = 1 << 8;
    columns->column = malloc(columns->capacity * sizeof(Column));
    columns->cards_size = 1 << 12;
    columns->cards = malloc(columns->cards_size);
    if (!columns->column || !columns->cards || columns_grow_slots(columns) < 0)
        return -1;
    columns->column[0] = (Column){0, 0, 0, 0, 0, 0, 0, KING + 1, 0, 0, 0};
    columns->count = 1;
    return 0;
}

/* The number of column ``below`` with ``card`` put on it, added if new
   (it is kept whatever the rules say of it); -1 when out of memory.  Moves
   ``columns``' arrays: pointers into them are stale after. */
static int64_t column_on(Columns *columns, uint32_t below, int card)
{
    if ((uint64_t)columns->count * 2 >= columns->mask && columns_grow_slots(columns) < 0)
        return -1;
    uint64_t high = column_hash(below, card) & 0xFFFFFFFF00000000ULL;
    uint32_t at = (uint32_t)(high >> 32) & columns->mask;
    for (uint64_t slot; (slot = columns->slots[at]); at = (at + 1) & columns->mask) {
        uint32_t number = (uint32_t)slot;
        if ((slot & 0xFFFFFFFF00000000ULL) == high && columns->column[number].below == below
                && columns->column[number].top == card)
            return number;
    }
    if (columns->count == columns->capacity) {
        if (columns->capacity >= 0x7fffffffU)
            return -1;
        uint32_t capacity = columns->capacity * 2;
        Column *grown = realloc(columns->column, capacity * sizeof(Column));
        if (!grown)
            return -1;
        columns->column = grown;
        columns->capacity = capacity;
    }
    Column under = columns->column[below];
    size_t length = (size_t)under.length + 1;
    if (columns->cards_used + length > UINT32_MAX)
        return -1;                      /* a column's start is kept in 32 bits */
    if (columns->cards_used + length > columns->cards_size) {
        size_t size = columns->cards_size * 2;
        uint8_t *bytes = realloc(columns->cards, size);
        if (!bytes)
            return -1;
        columns->cards = bytes;
        columns->cards_size = size;
    }
    uint8_t *cards = columns->cards + columns->cards_used;
    memcpy(cards, columns->cards + under.start, under.length);
    cards[under.length] = (uint8_t)card;
    uint32_t number = columns->count++;
    Column *column = &columns->column[number];
    column->start = (uint32_t)columns->cards_used;
    column->below = below;
    column->depths_for = 0;
    column->length = (uint8_t)length;
    /* packed.run_length and heuristic.disorder, a card on from the column below */
    column->run = (uint8_t)(under.length && rank_of(under.top) == rank_of(card) + 1
                            && ((under.top ^ card) & 1) ? under.run + 1 : 1);
    column->disorder = (uint8_t)(under.disorder + (rank_of(card) > under.lowest));
    column->lowest = (uint8_t)(rank_of(card) < under.lowest ? rank_of(card) : under.lowest);
    column->bottom = cards[0];
    column->top = (uint8_t)card;
    column->holds = under.holds | 1ULL << card;
    columns->cards_used += length;
    columns->slots[at] = high | number;
    return number;
}

/* The number of the column whose cards are ``cards``; -1 when out of memory. */
static int64_t column_number(Columns *columns, const uint8_t *cards, int length)
{
    int64_t number = 0;
    for (int i = 0; i < length && number >= 0; i++)
        number = column_on(columns, (uint32_t)number, cards[i]);
    return number;
}

/* The column numbered ``number`` with its top ``count`` cards taken off. */
static uint32_t column_under(const Columns *columns, uint32_t number, int count)
{
    while (count-- > 0)
        number = columns->column[number].below;
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

/* The columns as four 64-bit words, each times its own odd constant (the
   products are independent, so they are made side by side), then mixed. */
static uint64_t key_hash(const Key *key)
{
    uint64_t word[COLUMN_COUNT / 2];
    uint32_t cells;
    memcpy(word, key->column, sizeof word);
    memcpy(&cells, key->cells, sizeof cells);
    uint64_t hash = word[0] * 0x9e3779b97f4a7c15ULL + word[1] * 0xff51afd7ed558ccdULL
        + word[2] * 0xc4ceb9fe1a85ec53ULL + word[3] * 0xd6e8feb86659fd93ULL
        + (uint64_t)cells * 0xa0761d6478bd642fULL;
    hash ^= hash >> 32;
    hash *= 0xe7037ed1a0b428dbULL;
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
