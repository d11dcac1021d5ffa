/*
 * The Klondike solver's compiled search: its moves, in exactly the order
 * solver_moves.generate makes them.  Included by _search.c only.
 */

#ifndef KLONDIKE_SEARCH_MOVES_H
#define KLONDIKE_SEARCH_MOVES_H

#include "_search_position.h"

#define MAX_MOVES 512       /* more than generate can make: 2 a stack revealing, 1 up,
                               3 for each pile size, 8 uncovering, 8 kings a run emptying */

/* -- moves, in solver_moves.generate's order ------------------------------- */

static Move one(int source, int cards, int target, int deals, int stock_index)
{
    Move move;
    move.parts = 1;
    move.part[0].source = (int8_t)source;
    move.part[0].cards = (int8_t)cards;
    move.part[0].target = (int8_t)target;
    move.part[0].deals = (int8_t)deals;
    move.part[0].stock_index = (int8_t)stock_index;
    return move;
}

static void parents(int card, int *parent)
{
    int rank = card >> 2, other = 1 - (card & 1);
    if (rank == KING) {
        parent[0] = parent[1] = -1;
        return;
    }
    parent[0] = (rank + 1) * 4 + other;
    parent[1] = (rank + 1) * 4 + other + 2;
}

static int min_top(const Position *p)
{
    int low = p->tops[0];
    for (int i = 1; i < 4; i++)
        if (p->tops[i] < low)
            low = p->tops[i];
    return low;
}

/* solver_moves.safe_up: the card, if it fits its top, goes up safely. */
static int safe_up(const Position *p, int card)
{
    int rank = card >> 2, other = 1 - (card & 1);
    if (rank <= 1 || min_top(p) >= rank - 1)
        return 1;
    return p->tops[other] >= rank && p->tops[other + 2] >= rank;
}

static int kings_to_empty(const Position *p, Move *out)
{
    int first_empty = -1, n = 0;
    for (int i = 0; i < p->count; i++)
        if (!p->length[i]) {
            first_empty = i;
            break;
        }
    if (first_empty < 0)
        return 0;
    for (int i = 0; i < p->count; i++) {
        int hidden = p->hidden[i];
        if (hidden && p->cards[i][hidden] >> 2 == KING)
            out[n++] = one(i, p->length[i] - hidden, first_empty, 0, -1);
    }
    int reached[MAX_CARDS + 2], deals[MAX_CARDS + 2];
    int count = deal_positions(p->stock_length, p->position, reached, deals);
    for (int k = 0; k < count; k++) {
        if (!reached[k])
            continue;
        int card = p->stock[reached[k] - 1];
        if (card >> 2 != KING)
            continue;
        if (p->tops[card & 3] == KING && safe_up(p, card))
            continue;
        out[n++] = one(PILE_SOURCE, 1, first_empty, deals[k], reached[k] - 1);
    }
    return n;
}

static int generate(const Position *p, Move *moves)
{
    int holder[MAX_CARDS], first_empty = -1;
    for (int i = 0; i < MAX_CARDS; i++)
        holder[i] = -1;
    for (int i = 0; i < p->count; i++) {
        if (p->length[i]) {
            int top = p->cards[i][p->length[i] - 1], rank = top >> 2;
            if (rank == p->tops[top & 3] && safe_up(p, top)) {
                moves[0] = one(i, 1, TOP_TARGET, 0, -1);
                return 1;
            }
            holder[top] = i;
        } else if (first_empty < 0) {
            first_empty = i;
        }
    }
    Move revealing[MAX_MOVES], ups[MAX_STACKS], uncovering[MAX_MOVES], emptying[MAX_MOVES];
    int revealing_hidden[MAX_MOVES];
    int n_revealing = 0, n_ups = 0, n_uncovering = 0, n_emptying = 0, parent[2];
    for (int source = 0; source < p->count; source++) {
        int length = p->length[source];
        if (!length)
            continue;
        int hidden = p->hidden[source];
        const uint8_t *cards = p->cards[source];
        int top = cards[length - 1];
        if (top >> 2 == p->tops[top & 3])
            ups[n_ups++] = one(source, 1, TOP_TARGET, 0, -1);
        int base = cards[hidden];
        if (base >> 2 == KING) {
            if (hidden && first_empty >= 0) {
                revealing_hidden[n_revealing] = hidden;
                revealing[n_revealing++] = one(source, length - hidden, first_empty, 0, -1);
            }
        } else {
            parents(base, parent);
            for (int k = 0; k < 2; k++) {
                int target = holder[parent[k]];
                if (target < 0)
                    continue;
                if (hidden) {
                    revealing_hidden[n_revealing] = hidden;
                    revealing[n_revealing++] = one(source, length - hidden, target, 0, -1);
                } else {
                    emptying[n_emptying++] = one(source, length - hidden, target, 0, -1);
                }
            }
        }
        for (int j = hidden + 1; j < length; j++) {
            int under = cards[j - 1];
            if (under >> 2 != p->tops[under & 3])
                continue;
            parents(cards[j], parent);
            for (int k = 0; k < 2; k++) {
                if (parent[k] < 0)
                    continue;
                int target = holder[parent[k]];
                if (target < 0)
                    continue;
                Move move = one(source, length - j, target, 0, -1);
                move.parts = 2;
                move.part[1] = one(source, 1, TOP_TARGET, 0, -1).part[0];
                uncovering[n_uncovering++] = move;
            }
        }
    }
    int n = 0;
    /* Stable sort of the revealing moves, most face-down cards first. */
    for (int i = 1; i < n_revealing; i++) {
        Move move = revealing[i];
        int hidden = revealing_hidden[i], j = i - 1;
        while (j >= 0 && revealing_hidden[j] < hidden) {
            revealing[j + 1] = revealing[j];
            revealing_hidden[j + 1] = revealing_hidden[j];
            j--;
        }
        revealing[j + 1] = move;
        revealing_hidden[j + 1] = hidden;
    }
    for (int i = 0; i < n_revealing; i++)
        moves[n++] = revealing[i];
    for (int i = 0; i < n_ups; i++)
        moves[n++] = ups[i];
    int reached[MAX_CARDS + 2], deals[MAX_CARDS + 2];
    int count = deal_positions(p->stock_length, p->position, reached, deals);
    for (int k = 0; k < count; k++) {
        if (!reached[k])
            continue;
        int card = p->stock[reached[k] - 1], rank = card >> 2;
        if (rank == p->tops[card & 3]) {
            moves[n++] = one(PILE_SOURCE, 1, TOP_TARGET, deals[k], reached[k] - 1);
            if (safe_up(p, card))
                continue;
        }
        if (rank == KING) {
            if (first_empty >= 0)
                moves[n++] = one(PILE_SOURCE, 1, first_empty, deals[k], reached[k] - 1);
            continue;
        }
        parents(card, parent);
        for (int i = 0; i < 2; i++) {
            int target = holder[parent[i]];
            if (target >= 0)
                moves[n++] = one(PILE_SOURCE, 1, target, deals[k], reached[k] - 1);
        }
    }
    for (int i = 0; i < n_uncovering; i++)
        moves[n++] = uncovering[i];
    for (int i = 0; i < n_emptying; i++) {
        Position after = *p;
        Move kings[MAX_STACKS + MAX_CARDS];
        apply_move(&after, &emptying[i]);
        int n_kings = kings_to_empty(&after, kings);
        for (int k = 0; k < n_kings; k++) {
            Move move = emptying[i];
            move.parts = 2;
            move.part[1] = kings[k].part[0];
            moves[n++] = move;
        }
    }
    return n;
}

#endif
