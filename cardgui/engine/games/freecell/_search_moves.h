/*
 * The FreeCell solver's compiled search: a position laid out to work on, its
 * moves, the safe plays up after each, and its scores.  Each function does
 * what the function of the same name in packed.py or heuristic.py does, in
 * the same order.  Included by _search.c only.
 */

#ifndef FREECELL_SEARCH_MOVES_H
#define FREECELL_SEARCH_MOVES_H

#include <stdint.h>
#include <string.h>

#include "_search_cards.h"
#include "_search_store.h"

/* A position has at most 4 moves up, 16 onto columns (two cards fit on
   each), 8 to a free cell, 4 from the cells to an empty column and 8 x 13
   runs to it (a run is at most king to ace): 136 in all. */
enum { CELL_SOURCE = 64, TO_CELL = COLUMN_COUNT, TO_FOUNDATION = COLUMN_COUNT + 1,
       MAX_MOVES = 136 };

/* heuristic.GREEDY and heuristic.PATIENT */
enum { GREEDY_CARDS_UP = 5, GREEDY_DEPTH = 2, GREEDY_DISORDER = 2, GREEDY_FREE_CELL = 6,
       GREEDY_EMPTY_COLUMN = 6 };
enum { PATIENT_CARDS_UP = 3, PATIENT_DEPTH = 1, PATIENT_DISORDER = 3, PATIENT_UNDER_RUN = 1,
       PATIENT_FREE_CELL = 12, PATIENT_EMPTY_COLUMN = 8, PATIENT_MOVES = 1 };

/* A position to work on: its columns by number (_search_store.h), in the order
   of the position's key when laid out from one. */
typedef struct {
    uint32_t number[COLUMN_COUNT];
    uint8_t cells[CELL_COUNT];      /* ascending, then zeros (no card is 0) */
    int cell_count;
    uint8_t found[SUIT_COUNT];
    uint8_t changed;                /* a bit for each column a move changed */
    uint8_t reorder;                /* whether a column was emptied or filled,
                                       which may change the columns' order */
} Board;

typedef struct {
    uint8_t source, target, count;
} Move;


static void board_of(Board *board, const Key *key)
{
    memcpy(board->number, key->column, sizeof board->number);
    board->changed = 0;
    board->reorder = 0;
    memcpy(board->cells, key->cells, CELL_COUNT);
    board->cell_count = 0;
    while (board->cell_count < CELL_COUNT && board->cells[board->cell_count])
        board->cell_count++;
    memcpy(board->found, key->found, SUIT_COUNT);
}

static void remove_cell(Board *board, int card)
{
    int at = 0;
    while (board->cells[at] != card)
        at++;
    for (board->cell_count--; at < board->cell_count; at++)
        board->cells[at] = board->cells[at + 1];
    board->cells[board->cell_count] = 0;
}

static void add_cell(Board *board, int card)
{
    int at = board->cell_count++;
    while (at > 0 && board->cells[at - 1] > card) {
        board->cells[at] = board->cells[at - 1];
        at--;
    }
    board->cells[at] = (uint8_t)card;
}

/* packed.autoplay: safe cards up, from the cells and then the columns in
   order, until none is left. */
static void autoplay(Board *board, const Columns *columns)
{
    for (;;) {
        int played = -1;
        for (int suit = 0; suit < SUIT_COUNT && played < 0; suit++) {
            if (board->found[suit] >= KING)
                continue;
            int card = (board->found[suit] + 1) * 4 + suit;
            if (!is_safe_up(card, board->found))
                continue;
            for (int i = 0; i < board->cell_count; i++)
                if (board->cells[i] == card) {
                    remove_cell(board, card);
                    played = card;
                    break;
                }
            for (int i = 0; i < COLUMN_COUNT && played < 0; i++) {
                const Column *column = &columns->column[board->number[i]];
                if (column->length && column->top == card) {
                    board->number[i] = column->below;
                    board->changed |= (uint8_t)(1 << i);
                    board->reorder |= column->length == 1;
                    played = card;
                }
            }
        }
        if (played < 0)
            return;
        board->found[suit_of(played)]++;
    }
}

static int supermove_limit(int free_cells, int empty_columns)
{
    return (free_cells + 1) << empty_columns;
}

/* packed.Expander.successors, the moves only: every move the rules allow,
   but a card from cell to cell, onto an empty column besides the first, and
   a whole column onto an empty one; of them, with ``group`` FIRST_MOVES,
   the moves up and onto cards and from a cell to an empty column, with
   LATER_MOVES the rest (to a free cell, from a column to an empty one). */
enum { FIRST_MOVES = 0, LATER_MOVES = 1 };

static int generate(const Board *board, const Columns *columns, Move *moves, int group)
{
    int count = 0;
    int free_cells = CELL_COUNT - board->cell_count;
    int empties = 0, first_empty = -1;
    const Column *column[COLUMN_COUNT];
    for (int i = 0; i < COLUMN_COUNT; i++) {
        column[i] = &columns->column[board->number[i]];
        if (!column[i]->length) {
            if (first_empty < 0)
                first_empty = i;
            empties++;
        }
    }
    int limit = supermove_limit(free_cells, empties);
    if (group == LATER_MOVES) {
        if (free_cells)
            for (int source = 0; source < COLUMN_COUNT; source++)
                if (column[source]->length)
                    moves[count++] = (Move){(uint8_t)source, TO_CELL, 1};
        if (empties) {
            int empty_limit = supermove_limit(free_cells, empties - 1);
            for (int i = 0; i < board->cell_count; i++)
                moves[count++] = (Move){(uint8_t)(CELL_SOURCE + board->cells[i]),
                                        (uint8_t)first_empty, 1};
            for (int source = 0; source < COLUMN_COUNT; source++) {
                int most = column[source]->run;
                if (empty_limit < most)
                    most = empty_limit;
                if (column[source]->length - 1 < most)
                    most = column[source]->length - 1;
                for (int cards = 1; cards <= most; cards++)
                    moves[count++] = (Move){(uint8_t)source, (uint8_t)first_empty, (uint8_t)cards};
            }
        }
        return count;
    }
    int16_t source_of[CARD_VALUES];
    uint8_t count_of[CARD_VALUES];
    memset(source_of, 0xff, sizeof source_of);
    for (int i = 0; i < COLUMN_COUNT; i++) {
        const uint8_t *top = columns->cards + column[i]->start + column[i]->length - 1;
        for (int k = 0; k < column[i]->run; k++) {
            source_of[top[-k]] = (int16_t)i;
            count_of[top[-k]] = (uint8_t)(k + 1);
        }
    }
    for (int i = 0; i < board->cell_count; i++) {
        source_of[board->cells[i]] = (int16_t)(CELL_SOURCE + board->cells[i]);
        count_of[board->cells[i]] = 1;
    }
    for (int suit = 0; suit < SUIT_COUNT; suit++) {
        int card = (board->found[suit] + 1) * 4 + suit;
        if (card < CARD_VALUES && source_of[card] >= 0 && count_of[card] == 1)
            moves[count++] = (Move){(uint8_t)source_of[card], TO_FOUNDATION, 1};
    }
    for (int target = 0; target < COLUMN_COUNT; target++) {
        if (!column[target]->length)
            continue;
        int top = column[target]->top;
        if (rank_of(top) <= 1)
            continue;
        for (int suit = 0; suit < SUIT_COUNT; suit++) {
            if (!((suit ^ top) & 1))
                continue;
            int card = (rank_of(top) - 1) * 4 + suit;
            if (source_of[card] < 0 || source_of[card] == target || count_of[card] > limit)
                continue;
            moves[count++] = (Move){(uint8_t)source_of[card], (uint8_t)target, count_of[card]};
        }
    }
    return count;
}

/* packed.apply, then packed.autoplay, on a board whose safe cards are up;
   -1 when out of memory (a column met for the first time is kept). */
static int make_move(Board *board, Columns *columns, Move move)
{
    uint8_t cards[MAX_COLUMN];
    int count = move.count;
    if (move.source >= CELL_SOURCE) {
        cards[0] = (uint8_t)(move.source - CELL_SOURCE);
        remove_cell(board, cards[0]);
    } else {
        int source = move.source;
        const Column *column = &columns->column[board->number[source]];
        memcpy(cards, columns->cards + column->start + column->length - count, (size_t)count);
        board->number[source] = column_under(columns, board->number[source], count);
        board->changed |= (uint8_t)(1 << source);
        board->reorder |= column->length == count;
    }
    if (move.target == TO_FOUNDATION) {
        board->found[suit_of(cards[0])]++;
    } else if (move.target == TO_CELL) {
        add_cell(board, cards[0]);
    } else {
        int target = move.target;
        int64_t number = board->number[target];
        board->reorder |= number == 0;
        for (int i = 0; i < count && number >= 0; i++)
            number = column_on(columns, (uint32_t)number, cards[i]);
        if (number < 0)
            return -1;
        board->number[target] = (uint32_t)number;
        board->changed |= (uint8_t)(1 << target);
    }
    /* The position moved from had no safe card to play up, and unless a
       card went up, the only card the move can have made playable is the
       one it uncovered. */
    if (move.target != TO_FOUNDATION) {
        if (move.source >= CELL_SOURCE)
            return 0;
        const Column *column = &columns->column[board->number[move.source]];
        int top = column->top;
        if (!column->length || board->found[suit_of(top)] + 1 != rank_of(top)
                || !is_safe_up(top, board->found))
            return 0;
    }
    autoplay(board, columns);
    return 0;
}

typedef struct {
    int greedy, in_the_way, patient;
} Scores;

/* What heuristic.Scorer.score counts in one column: the cards out of
   order, those under its top run, those on the suits' next cards
   (``next_cards``, a bit for each), and whether it is empty. */
typedef struct {
    int out_of_order, under_run, depths, empty;
} Counts;

static void count_column(Counts *counts, Columns *columns, uint32_t number,
                         uint64_t next_cards, uint32_t found_key)
{
    Column *column = &columns->column[number];
    int length = column->length;
    if (!length) {
        counts->empty++;
        return;
    }
    counts->out_of_order += column->disorder;
    counts->under_run += length - column->run;
    if (column->holds & next_cards) {
        /* The foundations change far less often than the columns are counted. */
        if (column->depths_for != found_key) {
            const uint8_t *cards = columns->cards + column->start;
            int depths = 0;
            for (int at = 0; at < length; at++)
                if (next_cards >> cards[at] & 1)
                    depths += length - 1 - at;
            column->depths = (uint8_t)depths;
            column->depths_for = found_key;
        }
        counts->depths += column->depths;
    }
}

/* The foundations as one number, never 0. */
static uint32_t found_key_of(const uint8_t *found)
{
    uint32_t key;
    memcpy(&key, found, sizeof key);
    return key + 1;
}

static uint64_t next_cards_of(const uint8_t *found)
{
    uint64_t next_cards = 0;
    for (int suit = 0; suit < SUIT_COUNT; suit++)
        if (found[suit] < KING)
            next_cards |= 1ULL << ((found[suit] + 1) * 4 + suit);
    return next_cards;
}

static Counts board_counts(const Board *board, Columns *columns)
{
    Counts counts = {0, 0, 0, 0};
    uint64_t next_cards = next_cards_of(board->found);
    uint32_t found_key = found_key_of(board->found);
    for (int i = 0; i < COLUMN_COUNT; i++)
        count_column(&counts, columns, board->number[i], next_cards, found_key);
    return counts;
}

/* The counts of ``child``, a board made from ``parent`` (whose counts are
   ``of_parent``) by a move: when no card went up, only the columns the
   move changed are counted again. */
static Counts child_counts(const Board *child, const Board *parent, Counts of_parent,
                           Columns *columns)
{
    if (memcmp(child->found, parent->found, SUIT_COUNT))
        return board_counts(child, columns);
    Counts before = {0, 0, 0, 0}, after = {0, 0, 0, 0};
    uint64_t next_cards = next_cards_of(child->found);
    uint32_t found_key = found_key_of(child->found);
    for (int i = 0; i < COLUMN_COUNT; i++)
        if (child->changed >> i & 1) {
            count_column(&before, columns, parent->number[i], next_cards, found_key);
            count_column(&after, columns, child->number[i], next_cards, found_key);
        }
    of_parent.out_of_order += after.out_of_order - before.out_of_order;
    of_parent.under_run += after.under_run - before.under_run;
    of_parent.depths += after.depths - before.depths;
    of_parent.empty += after.empty - before.empty;
    return of_parent;
}

/* heuristic.Scorer.score, for a board with ``counts``, reached in ``moves``
   moves. */
static Scores score(const Board *board, Counts counts, int moves)
{
    int free_cells = CELL_COUNT - board->cell_count;
    int up = board->found[0] + board->found[1] + board->found[2] + board->found[3];
    Scores scores;
    scores.in_the_way = GREEDY_DISORDER * counts.out_of_order + GREEDY_DEPTH * counts.depths;
    scores.greedy = scores.in_the_way - GREEDY_FREE_CELL * free_cells
        - GREEDY_EMPTY_COLUMN * counts.empty - GREEDY_CARDS_UP * up;
    scores.patient = PATIENT_DISORDER * counts.out_of_order + PATIENT_DEPTH * counts.depths
        + PATIENT_UNDER_RUN * counts.under_run + PATIENT_MOVES * moves
        - PATIENT_FREE_CELL * free_cells - PATIENT_EMPTY_COLUMN * counts.empty
        - PATIENT_CARDS_UP * up;
    return scores;
}

#endif
