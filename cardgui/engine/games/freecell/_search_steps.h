/*
 * The FreeCell solver's compiled search: a won line written as the table's
 * moves, as solver._Translator writes it, step for step.  Included by
 * _search.c only.
 *
 * The search's moves name columns by their place among the columns sorted
 * and free cells by the card in them; the table's moves name piles.  So the
 * position is followed on the table: which column is which, which free
 * cell holds which card, which foundation holds which suit.  A step is one
 * 16-bit number, source pile << 10 | target pile << 6 | count; piles are
 * numbered 0-7 for the columns, 8-11 for the free cells, 12-15 for the
 * foundations.
 */

#ifndef FREECELL_SEARCH_STEPS_H
#define FREECELL_SEARCH_STEPS_H

#include <stdint.h>
#include <string.h>

#include "_search_cards.h"

enum { CELL_PILE = COLUMN_COUNT, FOUNDATION_PILE = COLUMN_COUNT + CELL_COUNT, NO_SUIT = 0xFF };
enum { PATH_CELL_SOURCE = 64, PATH_TO_CELL = COLUMN_COUNT, PATH_TO_FOUNDATION = COLUMN_COUNT + 1 };

typedef struct {
    uint8_t cards[COLUMN_COUNT][MAX_COLUMN];
    uint8_t length[COLUMN_COUNT];
    uint8_t slot[CELL_COUNT];       /* each free cell's card, 0 when empty */
    uint8_t suit[SUIT_COUNT];       /* each foundation's suit, NO_SUIT before its ace */
    uint8_t found[SUIT_COUNT];      /* each suit's rank up */
    uint16_t *steps;
    size_t count, capacity;         /* in steps */
} Table;

/* Returns -1 if the steps would not fit (a line longer than the caller allowed). */
static int table_step(Table *table, int source, int target, int count)
{
    if (table->count == table->capacity)
        return -1;
    table->steps[table->count++] = (uint16_t)(source << 10 | target << 6 | count);
    return 0;
}

/* _Translator._up: ``card`` from pile ``source`` to its suit's foundation. */
static int table_up(Table *table, int source, int card)
{
    int suit = suit_of(card), pile = -1, free_pile = -1;
    for (int i = 0; i < SUIT_COUNT; i++) {
        if (table->suit[i] == suit)
            pile = i;
        if (table->suit[i] == NO_SUIT && free_pile < 0)
            free_pile = i;
    }
    if (pile < 0) {
        if (free_pile < 0)
            return -1;
        table->suit[free_pile] = (uint8_t)suit;
        pile = free_pile;
    }
    table->found[suit]++;
    return table_step(table, source, FOUNDATION_PILE + pile, 1);
}

/* _Translator._cell: the free cell ``card`` leaves, emptied; -1 if none holds it. */
static int table_leave_cell(Table *table, int card)
{
    for (int i = 0; i < CELL_COUNT; i++)
        if (table->slot[i] == card) {
            table->slot[i] = 0;
            return CELL_PILE + i;
        }
    return -1;
}

/* _Translator._play_up: safe cards up, from the free cells and then the
   column tops in order, one at a time, until none is left. */
static int table_play_up(Table *table)
{
    for (;;) {
        int played = 0;
        for (int suit = 0; suit < SUIT_COUNT && !played; suit++) {
            if (table->found[suit] >= KING)
                continue;
            int card = (table->found[suit] + 1) * 4 + suit;
            if (!is_safe_up(card, table->found))
                continue;
            int cell = table_leave_cell(table, card);
            if (cell >= 0) {
                if (table_up(table, cell, card) < 0)
                    return -1;
                played = 1;
                break;
            }
            for (int i = 0; i < COLUMN_COUNT; i++)
                if (table->length[i] && table->cards[i][table->length[i] - 1] == card) {
                    table->length[i]--;
                    if (table_up(table, i, card) < 0)
                        return -1;
                    played = 1;
                    break;
                }
        }
        if (!played)
            return 0;
    }
}

/* Whether column ``a`` sorts before column ``b`` as byte strings: by their
   bottom cards, an empty column first, as no card is in two columns (two
   empty columns are alike, and the sort is stable). */
static int column_before(const Table *table, int a, int b)
{
    int bottom_a = table->length[a] ? table->cards[a][0] : 0;
    int bottom_b = table->length[b] ? table->cards[b][0] : 0;
    return bottom_a < bottom_b;
}

/* _Translator.steps' move: ``source``, ``target`` and ``count`` in the
   search's terms, made on the table, then the safe plays up.  -1 if the
   move is not one the table allows to be written. */
static int table_move(Table *table, int source, int target, int count)
{
    int order[COLUMN_COUNT];
    for (int i = 0; i < COLUMN_COUNT; i++) {      /* a stable sort, as Python's */
        int at = i;
        while (at > 0 && column_before(table, i, order[at - 1])) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = i;
    }
    uint8_t cards[MAX_COLUMN];
    int pile;
    if (source >= PATH_CELL_SOURCE) {
        if (source >= PATH_CELL_SOURCE + CARD_VALUES)
            return -1;
        cards[0] = (uint8_t)(source - PATH_CELL_SOURCE);
        count = 1;
        pile = table_leave_cell(table, cards[0]);
        if (pile < 0)
            return -1;
    } else {
        if (source >= COLUMN_COUNT)
            return -1;
        pile = order[source];
        if (count < 1 || count > table->length[pile])
            return -1;
        table->length[pile] = (uint8_t)(table->length[pile] - count);
        memcpy(cards, table->cards[pile] + table->length[pile], (size_t)count);
    }
    if (target == PATH_TO_FOUNDATION) {
        if (table_up(table, pile, cards[0]) < 0)
            return -1;
    } else if (target == PATH_TO_CELL) {
        int slot = 0;
        while (slot < CELL_COUNT && table->slot[slot])
            slot++;
        if (slot == CELL_COUNT)
            return -1;
        table->slot[slot] = cards[0];
        if (table_step(table, pile, CELL_PILE + slot, 1) < 0)
            return -1;
    } else {
        if (target >= COLUMN_COUNT)
            return -1;
        int column = order[target];
        if (table->length[column] + count > MAX_COLUMN)
            return -1;
        memcpy(table->cards[column] + table->length[column], cards, (size_t)count);
        table->length[column] = (uint8_t)(table->length[column] + count);
        if (table_step(table, pile, column, count) < 0)
            return -1;
    }
    return table_play_up(table);
}

#endif
