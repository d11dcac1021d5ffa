/*
 * The Klondike solver's compiled search: positions, their table key, and
 * making a move.  Mirrors compact.py and solver_moves.apply; included by
 * _search.c only.
 */

#ifndef KLONDIKE_SEARCH_POSITION_H
#define KLONDIKE_SEARCH_POSITION_H

#include <stdint.h>
#include <string.h>

#define MAX_STACKS 10
#define MAX_CARDS 52
#define KING 12                 /* card >> 2 of a king */
#define PILE_SOURCE (-1)
#define TOP_TARGET (-1)
#define DEAL_COUNT 3

typedef struct {
    int8_t count;               /* stacks in play */
    uint8_t hidden[MAX_STACKS];
    uint8_t length[MAX_STACKS];
    uint8_t cards[MAX_STACKS][MAX_CARDS];
    uint8_t tops[4];
    uint8_t stock_length;
    uint8_t position;
    uint8_t stock[MAX_CARDS];
    uint64_t stock_mask;        /* which cards of the first stock remain */
    const uint64_t *stock_bit;  /* each card's bit in stock_mask (the search's) */
} Position;

typedef struct {
    int8_t source, cards, target, deals, stock_index;
} Part;

typedef struct {
    int8_t parts;
    Part part[2];
} Move;


#define KEY_WORDS 5

typedef struct {
    uint64_t word[KEY_WORDS];   /* all zero: a free slot */
} Key;

/* -- positions ------------------------------------------------------------ */

static int settled_position(int length, int position)
{
    if (position % DEAL_COUNT == 0 || position == length)
        return -1;
    return position;
}

/* Pile sizes dealing reaches from position, with the fewest deals, in order. */
static int deal_positions(int length, int position, int *reached, int *deals)
{
    int count = 0, dealt = 0;
    uint8_t seen[MAX_CARDS + 1] = {0};
    reached[count] = position;
    deals[count++] = 0;
    seen[position] = 1;
    while (length) {
        position = position < length ? (position + DEAL_COUNT < length ? position + DEAL_COUNT : length)
                                     : (DEAL_COUNT < length ? DEAL_COUNT : length);
        dealt++;
        if (seen[position])
            break;
        seen[position] = 1;
        reached[count] = position;
        deals[count++] = dealt;
    }
    return count;
}

/* The key, equal for two positions exactly when the pure-Python search's
   key is: a stack with face-down cards is known by its place (its face-down
   cards never move, and no other stack can hold them), so its count of them
   and its bottom face-up card are kept at its place; the stacks with none are
   alike whatever their order, so their bottom cards are kept as a set.  Then
   the foundations, the cards left of the first stock (their order never
   changes) and the settled pile position. */
static void position_key(const Position *p, Key *key);

#define SETTLED_SHIFT 32
#define SETTLED_MASK (0xffULL << SETTLED_SHIFT)

static void position_key(const Position *p, Key *key)
{
    uint64_t fields[2] = {0, 0}, bottoms = 0;
    for (int i = 0; i < p->count; i++) {
        int hidden = p->hidden[i];
        if (hidden) {
            uint64_t field = ((uint64_t)hidden << 6) | p->cards[i][hidden];
            fields[i / 5] |= field << (12 * (i % 5));
        } else if (p->length[i]) {
            bottoms |= 1ULL << p->cards[i][0];
        }
    }
    key->word[0] = fields[0];
    key->word[1] = fields[1];
    key->word[2] = bottoms;
    key->word[3] = p->stock_mask;
    key->word[4] = (1ULL << 63)
        | ((uint64_t)(settled_position(p->stock_length, p->position) + 1) << SETTLED_SHIFT)
        | ((uint64_t)p->tops[0] << 24) | ((uint64_t)p->tops[1] << 16)
        | ((uint64_t)p->tops[2] << 8) | p->tops[3];
}

static void turned_up(Position *p, int stack)
{
    if (p->hidden[stack] && p->hidden[stack] == p->length[stack])
        p->hidden[stack]--;
}

static void apply_part(Position *p, const Part *part)
{
    uint8_t moved[MAX_CARDS];
    int count = part->cards;
    if (part->source == PILE_SOURCE) {
        int index = part->stock_index;
        moved[0] = p->stock[index];
        p->stock_mask &= ~p->stock_bit[moved[0]];
        memmove(p->stock + index, p->stock + index + 1, p->stock_length - index - 1);
        p->stock_length--;
        p->position = (uint8_t)index;
    } else {
        int source = part->source;
        int cut = p->length[source] - count;
        memcpy(moved, p->cards[source] + cut, count);
        p->length[source] = (uint8_t)cut;
        turned_up(p, source);
    }
    if (part->target == TOP_TARGET) {
        p->tops[moved[0] & 3]++;
    } else {
        memcpy(p->cards[part->target] + p->length[part->target], moved, count);
        p->length[part->target] += (uint8_t)count;
    }
}

static void apply_move(Position *p, const Move *move)
{
    for (int i = 0; i < move->parts; i++)
        apply_part(p, &move->part[i]);
}

#endif
