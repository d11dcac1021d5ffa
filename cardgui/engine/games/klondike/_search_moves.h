/*
 * The Klondike solver's compiled search: its moves, in exactly the order
 * solver_moves.generate makes them.  Included by _search.c only.
 */

#ifndef KLONDIKE_SEARCH_MOVES_H
#define KLONDIKE_SEARCH_MOVES_H

#include "_search_position.h"

/* More than generate can make: 2 a stack revealing, 1 a stack up, 3 for each
   pile size, 8 uncovering (4 cards fit their tops, 2 places each), 2 a stack
   emptying times 4 kings, 8 taken back; with cards pending, 53 from the pile,
   2 runs times 4 kings, 8 taken back. */
#define MAX_MOVES 512

/* -- moves, in solver_moves.generate's order ------------------------------- */

static Move one(int source, int cards, int target, int deals, int slot, int turns)
{
    Move move;
    move.parts = 1;
    move.part[0].source = (int8_t)source;
    move.part[0].cards = (int8_t)cards;
    move.part[0].target = (int8_t)target;
    move.part[0].deals = (int8_t)deals;
    move.part[0].slot = (int8_t)slot;
    move.part[0].turns = (int8_t)turns;
    return move;
}

static Move then(Move move, Move next)
{
    move.parts = 2;
    move.part[1] = next.part[0];
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

static int fits_on(int card, int onto)
{
    return (onto >> 2) == (card >> 2) + 1 && ((onto ^ card) & 1);
}

static int min_top(const Position *p)
{
    int low = p->tops[0];
    for (int i = 1; i < 4; i++)
        if (p->tops[i] < low)
            low = p->tops[i];
    return low;
}

/* solver_moves._only_safe_cards_below */
static int only_safe_cards_below(const Position *p, int card)
{
    int rank = card >> 2, other = 1 - (card & 1);
    if (rank == 0)
        return 1;
    for (int suit = other; suit < 4; suit += 2) {
        if (p->tops[suit] >= rank)
            continue;
        if (p->tops[suit] != rank - 1 || !only_safe_cards_below(p, (rank - 1) * 4 + suit))
            return 0;
    }
    return 1;
}

/* solver_moves.safe_up: the card, if it fits its top, goes up safely. */
static int safe_up(const Position *p, const Rules *rules, int card)
{
    int rank = card >> 2;
    if (rank <= 1 || min_top(p) >= rank - 1)
        return 1;
    return !rules->take_back && only_safe_cards_below(p, card);
}

/* solver_moves._taken_back */
static int taken_back(const Position *p, const int *holder, int first_empty, Move *out)
{
    int n = 0, low = min_top(p), parent[2];
    for (int suit = 0; suit < 4; suit++) {
        int rank = p->tops[suit];
        if (!rank || low >= rank - 1)
            continue;
        int card = (rank - 1) * 4 + suit;
        if (rank == KING + 1) {
            if (first_empty >= 0)
                out[n++] = one(TOP_SOURCE, 1, first_empty, 0, suit, 0);
            continue;
        }
        parents(card, parent);
        for (int k = 0; k < 2; k++) {
            int target = holder[parent[k]];
            if (target >= 0)
                out[n++] = one(TOP_SOURCE, 1, target, 0, suit, 0);
        }
    }
    return n;
}

/* solver_moves.kings_to_empty */
static int kings_to_empty(const Position *p, const Rules *rules, Move *out)
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
            out[n++] = one(i, p->length[i] - hidden, first_empty, 0, -1, 0);
    }
    int reached[2 * MAX_CARDS + 2], deals[2 * MAX_CARDS + 2], turns[2 * MAX_CARDS + 2];
    int count = deal_positions(p->stock_length, p->position, rules->draw, p->passes,
                               reached, deals, turns);
    for (int k = 0; k < count; k++) {
        if (!reached[k])
            continue;
        int card = p->stock[reached[k] - 1];
        if (card >> 2 != KING)
            continue;
        if (p->tops[card & 3] == KING && safe_up(p, rules, card))
            continue;
        out[n++] = one(PILE_SOURCE, 1, first_empty, deals[k], reached[k] - 1, turns[k]);
    }
    if (rules->take_back && min_top(p) < KING)
        for (int suit = 0; suit < 4; suit++)
            if (p->tops[suit] == KING + 1)
                out[n++] = one(TOP_SOURCE, 1, first_empty, 0, suit, 0);
    return n;
}

/* Each king kings_to_empty finds after move, made with it. */
static int with_kings(const Position *p, const Rules *rules, Move move, Move *out)
{
    Position after = *p;
    Move kings[MAX_STACKS + MAX_CARDS + 4];
    apply_move(&after, &move);
    int count = kings_to_empty(&after, rules, kings);
    for (int k = 0; k < count; k++)
        out[k] = then(move, kings[k]);
    return count;
}

/* solver_moves._using_taken_back */
static int using_taken_back(const Position *p, const Rules *rules, const int *holder,
                            int first_empty, Move *moves)
{
    int n = 0;
    uint64_t pending = p->pending;
    if (!(pending & (pending - 1))) {
        int wanted = __builtin_ctzll(pending), target = holder[wanted];
        int reached[2 * MAX_CARDS + 2], deals[2 * MAX_CARDS + 2], turns[2 * MAX_CARDS + 2];
        int count = deal_positions(p->stock_length, p->position, rules->draw, p->passes,
                                   reached, deals, turns);
        for (int k = 0; k < count; k++) {
            if (!reached[k])
                continue;
            int card = p->stock[reached[k] - 1];
            if (fits_on(card, wanted)
                    && !(card >> 2 == p->tops[card & 3] && safe_up(p, rules, card)))
                moves[n++] = one(PILE_SOURCE, 1, target, deals[k], reached[k] - 1, turns[k]);
        }
        for (int source = 0; source < p->count; source++) {
            int hidden = p->hidden[source], length = p->length[source];
            const uint8_t *cards = p->cards[source];
            for (int j = hidden; j < length; j++) {
                if (!fits_on(cards[j], wanted))
                    continue;
                Move move = one(source, length - j, target, 0, -1, 0);
                if (j > hidden) {
                    int under = cards[j - 1];
                    if (under >> 2 == p->tops[under & 3])
                        moves[n++] = then(move, one(source, 1, TOP_TARGET, 0, -1, 0));
                } else if (hidden) {
                    moves[n++] = move;
                } else {
                    n += with_kings(p, rules, move, moves + n);
                }
            }
        }
    }
    n += taken_back(p, holder, first_empty, moves + n);
    return n;
}

/* The revealing moves, most face-down cards revealed first (a stable sort:
   ties keep their order), copied to out; how many. */
static int most_hidden_first(Move *revealing, int *hidden, int count, Move *out)
{
    for (int i = 1; i < count; i++) {
        Move move = revealing[i];
        int these = hidden[i], j = i - 1;
        while (j >= 0 && hidden[j] < these) {
            revealing[j + 1] = revealing[j];
            hidden[j + 1] = hidden[j];
            j--;
        }
        revealing[j + 1] = move;
        hidden[j + 1] = these;
    }
    for (int i = 0; i < count; i++)
        out[i] = revealing[i];
    return count;
}

/* solver_moves._onto_held: with a pile card held (pile_used_at_once), the
   moves generate makes from the same position without it that put
   something onto that card, in generate's order: runs off face-down cards
   (most face-down cards first), pile cards, runs off a face-up card that
   then goes up, runs that empty their stack followed by a king.  (Without
   the held card no top would go up safely: the position it was played
   from had none, or it would have made no other move, and a card that
   goes up safely is not put onto a stack.)  Made directly rather than
   picked from all of generate's: a held position costs some tenth of
   another. */
static int onto_held(const Position *p, const Rules *rules, Move *moves)
{
    Position free = *p;
    int held = __builtin_ctzll(p->pending), target = -1;
    for (int i = 0; i < p->count; i++)
        if (p->length[i] && p->cards[i][p->length[i] - 1] == held)
            target = i;
    free.pending = 0;
    Move revealing[MAX_STACKS], emptying[MAX_STACKS];
    int revealing_hidden[MAX_STACKS], n_revealing = 0, n_emptying = 0, n = 0;
    for (int source = 0; source < p->count; source++) {
        int length = p->length[source], hidden = p->hidden[source];
        if (!length || !fits_on(p->cards[source][hidden], held))
            continue;
        if (hidden) {
            revealing_hidden[n_revealing] = hidden;
            revealing[n_revealing++] = one(source, length - hidden, target, 0, -1, 0);
        } else {
            emptying[n_emptying++] = one(source, length, target, 0, -1, 0);
        }
    }
    n += most_hidden_first(revealing, revealing_hidden, n_revealing, moves + n);
    int reached[2 * MAX_CARDS + 2], deals[2 * MAX_CARDS + 2], turns[2 * MAX_CARDS + 2];
    int count = deal_positions(p->stock_length, p->position, rules->draw, p->passes,
                               reached, deals, turns);
    for (int k = 0; k < count; k++) {
        if (!reached[k])
            continue;
        int card = p->stock[reached[k] - 1];
        if (!fits_on(card, held))
            continue;
        if (card >> 2 == p->tops[card & 3] && safe_up(&free, rules, card))
            continue;
        moves[n++] = one(HELD_PILE_SOURCE, 1, target, deals[k], reached[k] - 1, turns[k]);
    }
    for (int source = 0; source < p->count; source++) {
        int length = p->length[source], hidden = p->hidden[source];
        const uint8_t *cards = p->cards[source];
        for (int j = hidden + 1; j < length; j++) {
            int under = cards[j - 1];
            if (under >> 2 != p->tops[under & 3] || !fits_on(cards[j], held))
                continue;
            moves[n++] = then(one(source, length - j, target, 0, -1, 0),
                              one(source, 1, TOP_TARGET, 0, -1, 0));
        }
    }
    for (int i = 0; i < n_emptying; i++)
        n += with_kings(&free, rules, emptying[i], moves + n);
    return n;
}

/* Kept out of the search's recursive frame: its scratch arrays are large. */
#if defined(__GNUC__)
__attribute__((noinline))
#elif defined(_MSC_VER)
__declspec(noinline)
#endif
static int generate(const Position *p, const Rules *rules, Move *moves)
{
    int holder[MAX_CARDS], first_empty = -1;
    for (int i = 0; i < MAX_CARDS; i++)
        holder[i] = -1;
    for (int i = 0; i < p->count; i++) {
        if (p->length[i]) {
            int top = p->cards[i][p->length[i] - 1], rank = top >> 2;
            if (!p->pending && rank == p->tops[top & 3] && safe_up(p, rules, top)) {
                moves[0] = one(i, 1, TOP_TARGET, 0, -1, 0);
                return 1;
            }
            holder[top] = i;
        } else if (first_empty < 0) {
            first_empty = i;
        }
    }
    if (p->pending && rules->pile_used_at_once)
        return onto_held(p, rules, moves);
    if (p->pending)
        return using_taken_back(p, rules, holder, first_empty, moves);
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
            ups[n_ups++] = one(source, 1, TOP_TARGET, 0, -1, 0);
        int base = cards[hidden];
        if (base >> 2 == KING) {
            if (hidden && first_empty >= 0) {
                revealing_hidden[n_revealing] = hidden;
                revealing[n_revealing++] = one(source, length - hidden, first_empty, 0, -1, 0);
            }
        } else {
            parents(base, parent);
            for (int k = 0; k < 2; k++) {
                int target = holder[parent[k]];
                if (target < 0)
                    continue;
                if (hidden) {
                    revealing_hidden[n_revealing] = hidden;
                    revealing[n_revealing++] = one(source, length - hidden, target, 0, -1, 0);
                } else {
                    emptying[n_emptying++] = one(source, length - hidden, target, 0, -1, 0);
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
                uncovering[n_uncovering++] = then(one(source, length - j, target, 0, -1, 0),
                                                  one(source, 1, TOP_TARGET, 0, -1, 0));
            }
        }
    }
    int n = 0;
    n += most_hidden_first(revealing, revealing_hidden, n_revealing, moves + n);
    for (int i = 0; i < n_ups; i++)
        moves[n++] = ups[i];
    int reached[2 * MAX_CARDS + 2], deals[2 * MAX_CARDS + 2], turns[2 * MAX_CARDS + 2];
    int count = deal_positions(p->stock_length, p->position, rules->draw, p->passes,
                               reached, deals, turns);
    for (int k = 0; k < count; k++) {
        if (!reached[k])
            continue;
        int card = p->stock[reached[k] - 1], rank = card >> 2;
        if (rank == p->tops[card & 3]) {
            moves[n++] = one(PILE_SOURCE, 1, TOP_TARGET, deals[k], reached[k] - 1, turns[k]);
            if (safe_up(p, rules, card))
                continue;
        }
        if (rank == KING) {
            if (first_empty >= 0)
                moves[n++] = one(PILE_SOURCE, 1, first_empty, deals[k], reached[k] - 1, turns[k]);
            continue;
        }
        parents(card, parent);
        for (int i = 0; i < 2; i++) {
            int target = holder[parent[i]];
            if (target >= 0)
                moves[n++] = one(rules->pile_used_at_once ? HELD_PILE_SOURCE : PILE_SOURCE, 1,
                                 target, deals[k], reached[k] - 1, turns[k]);
        }
    }
    for (int i = 0; i < n_uncovering; i++)
        moves[n++] = uncovering[i];
    for (int i = 0; i < n_emptying; i++)
        n += with_kings(p, rules, emptying[i], moves + n);
    if (rules->take_back)
        n += taken_back(p, holder, first_empty, moves + n);
    return n;
}

#endif
