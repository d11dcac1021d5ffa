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
enum { GREEDY_CARDS_UP = 5, GREEDY_DEPTH = 2, GREEDY_DISORDER = 2, GREEDY_FREE_CELL = 8,
       GREEDY_EMPTY_COLUMN = 8 };
enum { PATIENT_CARDS_UP = 3, PATIENT_DEPTH = 1, PATIENT_DISORDER = 3, PATIENT_UNDER_RUN = 1,
       PATIENT_FREE_CELL = 12, PATIENT_EMPTY_COLUMN = 8, PATIENT_MOVES = 1 };

typedef struct {
    uint8_t cards[COLUMN_COUNT][MAX_COLUMN];
    uint8_t length[COLUMN_COUNT];
    int64_t number[COLUMN_COUNT];   /* the column's number, or -1 if not yet known */
    uint8_t cells[CELL_COUNT];      /* ascending */
    int cell_count;
    uint8_t found[SUIT_COUNT];
} Board;

typedef struct {
    uint8_t source, target, count;
} Move;


static void board_of(Board *board, const Columns *columns, const Key *key)
{
    for (int i = 0; i < COLUMN_COUNT; i++) {
        uint32_t number = key->column[i];
        board->length[i] = columns->column[number].length;
        memcpy(board->cards[i], column_cards(columns, number), board->length[i]);
        board->number[i] = number;
    }
    board->cell_count = 0;
    for (int i = 0; i < CELL_COUNT && key->cells[i]; i++)
        board->cells[board->cell_count++] = key->cells[i];
    memcpy(board->found, key->found, SUIT_COUNT);
}

static void remove_cell(Board *board, int card)
{
    int at = 0;
    while (board->cells[at] != card)
        at++;
    for (board->cell_count--; at < board->cell_count; at++)
        board->cells[at] = board->cells[at + 1];
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
static void autoplay(Board *board)
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
            for (int i = 0; i < COLUMN_COUNT && played < 0; i++)
                if (board->length[i] && board->cards[i][board->length[i] - 1] == card) {
                    board->length[i]--;
                    board->number[i] = -1;
                    played = card;
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
    for (int i = 0; i < COLUMN_COUNT; i++)
        if (!board->length[i]) {
            if (first_empty < 0)
                first_empty = i;
            empties++;
        }
    int limit = supermove_limit(free_cells, empties);
    int runs[COLUMN_COUNT];
    for (int i = 0; i < COLUMN_COUNT; i++)
        runs[i] = columns->column[board->number[i]].run;
    if (group == LATER_MOVES) {
        if (free_cells)
            for (int source = 0; source < COLUMN_COUNT; source++)
                if (board->length[source])
                    moves[count++] = (Move){(uint8_t)source, TO_CELL, 1};
        if (empties) {
            int empty_limit = supermove_limit(free_cells, empties - 1);
            for (int i = 0; i < board->cell_count; i++)
                moves[count++] = (Move){(uint8_t)(CELL_SOURCE + board->cells[i]),
                                        (uint8_t)first_empty, 1};
            for (int source = 0; source < COLUMN_COUNT; source++) {
                int most = runs[source];
                if (empty_limit < most)
                    most = empty_limit;
                if (board->length[source] - 1 < most)
                    most = board->length[source] - 1;
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
        int length = board->length[i];
        for (int k = 0; k < runs[i]; k++) {
            int card = board->cards[i][length - 1 - k];
            source_of[card] = (int16_t)i;
            count_of[card] = (uint8_t)(k + 1);
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
        int length = board->length[target];
        if (!length)
            continue;
        int top = board->cards[target][length - 1];
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

/* packed.apply, then packed.autoplay. */
static void make_move(Board *board, Move move)
{
    uint8_t cards[MAX_COLUMN];
    int count = move.count;
    if (move.source >= CELL_SOURCE) {
        cards[0] = (uint8_t)(move.source - CELL_SOURCE);
        remove_cell(board, cards[0]);
    } else {
        int source = move.source;
        board->length[source] = (uint8_t)(board->length[source] - count);
        memcpy(cards, board->cards[source] + board->length[source], (size_t)count);
        board->number[source] = -1;
    }
    if (move.target == TO_FOUNDATION) {
        board->found[suit_of(cards[0])]++;
    } else if (move.target == TO_CELL) {
        add_cell(board, cards[0]);
    } else {
        int target = move.target;
        memcpy(board->cards[target] + board->length[target], cards, (size_t)count);
        board->length[target] = (uint8_t)(board->length[target] + count);
        board->number[target] = -1;
    }
    autoplay(board);
}

typedef struct {
    int greedy, in_the_way, patient;
} Scores;

/* heuristic.Scorer.score, for a position reached in ``moves`` moves whose
   columns are all numbered. */
static Scores score(const Board *board, const Columns *columns, int moves)
{
    int out_of_order = 0, depths = 0, under_run = 0, empty = 0;
    uint64_t next_cards = 0;
    for (int suit = 0; suit < SUIT_COUNT; suit++)
        if (board->found[suit] < KING)
            next_cards |= 1ULL << ((board->found[suit] + 1) * 4 + suit);
    for (int i = 0; i < COLUMN_COUNT; i++) {
        const Column *column = &columns->column[board->number[i]];
        int length = column->length;
        if (!length) {
            empty++;
            continue;
        }
        out_of_order += column->disorder;
        under_run += length - column->run;
        if (column->holds & next_cards)
            for (int at = 0; at < length; at++)
                if (next_cards >> board->cards[i][at] & 1)
                    depths += length - 1 - at;
    }
    int free_cells = CELL_COUNT - board->cell_count;
    int up = board->found[0] + board->found[1] + board->found[2] + board->found[3];
    Scores scores;
    scores.in_the_way = GREEDY_DISORDER * out_of_order + GREEDY_DEPTH * depths;
    scores.greedy = scores.in_the_way - GREEDY_FREE_CELL * free_cells
        - GREEDY_EMPTY_COLUMN * empty - GREEDY_CARDS_UP * up;
    scores.patient = PATIENT_DISORDER * out_of_order + PATIENT_DEPTH * depths
        + PATIENT_UNDER_RUN * under_run + PATIENT_MOVES * moves
        - PATIENT_FREE_CELL * free_cells - PATIENT_EMPTY_COLUMN * empty
        - PATIENT_CARDS_UP * up;
    return scores;
}

#endif
