/*
 * The Klondike solver's compiled search: positions, their table key, the
 * states of the hand and pile, and making a move.  Mirrors compact.py and
 * solver_moves.apply; included by _search.c only.
 */

#ifndef KLONDIKE_SEARCH_POSITION_H
#define KLONDIKE_SEARCH_POSITION_H

#include <stdint.h>
#include <string.h>

#define MAX_STACKS 10
#define MAX_CARDS 52
#define KING 12                 /* card >> 2 of a king */
#define PILE_SOURCE (-1)
#define HELD_PILE_SOURCE (-3)   /* a pile card onto a stack, held until a card is put on it */
#define TOP_SOURCE (-2)
#define TOP_TARGET (-1)
#define UNLIMITED (-1)          /* passes left when the pile may be turned over for ever */
#define SETTLED_BIT 63          /* compact.SETTLED_BIT */
#define MASK_WORDS 3            /* one word of stock-state bits per number of passes left */

typedef struct {
    int draw;                   /* cards a deal takes */
    int take_back;              /* cards may come back down from the top */
    int packed;                 /* keys fit PACKED_KEY_WORDS (packed_keys_fit) */
    int pile_used_at_once;      /* compact.Rules.pile_used_at_once */
} Rules;

typedef struct {
    int8_t count;               /* stacks in play */
    int8_t passes;              /* more turns of the pile allowed, or UNLIMITED */
    uint8_t hidden[MAX_STACKS];
    uint8_t length[MAX_STACKS];
    uint8_t cards[MAX_STACKS][MAX_CARDS];
    uint8_t tops[4];
    uint8_t stock_length;
    uint8_t position;
    uint8_t stock[MAX_CARDS];
    uint64_t stock_mask;        /* which cards of the first stock remain */
    uint64_t pending;           /* cards taken back, or a pile card held, not yet used (bit per card) */
    const uint64_t *stock_bit;  /* each card's bit in stock_mask (the search's) */
} Position;

typedef struct {
    int8_t source, cards, target, deals, slot, turns;
} Part;

typedef struct {
    int8_t parts;
    Part part[2];
} Move;

#define KEY_WORDS 7             /* the most a key uses (with take-backs) */
#define PACKED_KEY_WORDS 3      /* what it uses in the book's game (packed_keys_fit) */

/* -- the hand and the pile ----------------------------------------------- */

/* Pile sizes dealing reaches from position (compact.deal_positions): each
   with the fewest deals and the turns of the pile they make, in order. */
static int deal_positions(int length, int position, int draw, int passes,
                          int *reached, int *deals, int *turns)
{
    int count = 0, dealt = 0, turned = 0;
    uint8_t seen[MAX_CARDS + 1] = {0};
    reached[count] = position;
    deals[count] = 0;
    turns[count++] = 0;
    seen[position] = 1;
    while (length) {
        if (position < length) {
            position = position + draw < length ? position + draw : length;
        } else {
            if (passes == turned)
                break;
            turned++;
            position = draw < length ? draw : length;
        }
        dealt++;
        if (seen[position]) {
            if (passes == UNLIMITED)
                break;
            continue;
        }
        seen[position] = 1;
        reached[count] = position;
        deals[count] = dealt;
        turns[count++] = turned;
    }
    return count;
}

/* compact.stock_state: this state's bit (word, bit) among the table's
   stock-state bits, and the bits of the states dealing reaches it from. */
static void stock_state(int length, int position, int draw, int passes,
                        int *word, int *bit, uint64_t cover[MASK_WORDS])
{
    cover[0] = cover[1] = cover[2] = 0;
    if (passes == UNLIMITED) {
        *word = 0;
        if (position % draw == 0 || position == length) {
            *bit = SETTLED_BIT;
            cover[0] = (1ULL << SETTLED_BIT) - 1;
            return;
        }
        *bit = position;
        for (int earlier = position - draw; earlier >= 0; earlier -= draw)
            cover[0] |= 1ULL << earlier;
        return;
    }
    if (!length) {
        *word = 0;
        *bit = 0;
        return;
    }
    *word = passes;
    *bit = position;
    if (position == length) {
        cover[passes] = (1ULL << length) - 1;
    } else {
        for (int earlier = position - draw; earlier >= 0; earlier -= draw)
            cover[passes] |= 1ULL << earlier;
    }
    if (position && (position % draw == 0 || position == length))
        for (int more = passes + 1; more < MASK_WORDS; more++)
            cover[more] = ~0ULL;
}

/* stock_state, with the bits where the table keeps them: with packed keys
   (unlimited passes only) in the key's last word, above its key bits
   (PACKED_KEY_BITS): pile size b at bit PACKED_STATE_SHIFT + b (sizes are
   at most 24 there), the settled states at bit 63 as ever. */
#define PACKED_KEY_BITS ((1ULL << 28) - 1)
#define PACKED_STATE_SHIFT 28

static void state_bits(const Position *p, const Rules *rules, int *word, int *bit,
                       uint64_t cover[MASK_WORDS])
{
    stock_state(p->stock_length, p->position, rules->draw, p->passes, word, bit, cover);
    if (!rules->packed)
        return;
    if (*bit != SETTLED_BIT)
        *bit += PACKED_STATE_SHIFT;
    cover[0] = (cover[0] & ((1ULL << 24) - 1)) << PACKED_STATE_SHIFT;
}

/* -- the key -------------------------------------------------------------- */

/* Whether every position the search can reach from start has a key that
   packed_key can hold: without take-backs, at most seven stacks
   with at most seven face-down cards each (never more later: face-down
   cards only get fewer), and at most 24 cards in the stock (bits 0-23 of
   stock_mask; the stock only shrinks). */
static int packed_keys_fit(const Position *start, const Rules *rules)
{
    if (rules->take_back || start->count > 7 || start->stock_length > 24)
        return 0;
    for (int i = 0; i < start->count; i++)
        if (start->hidden[i] > 7)
            return 0;
    return 1;
}

/* The key of position_key in three words, equal for two positions exactly
   when theirs is: each stack with face-down cards as 9 bits at its place
   (3 for how many, 6 for its bottom face-up card) and a bit that is never
   0; the bottom cards of the stacks with none, and three foundations; the
   cards left of the first stock and the fourth foundation.  Bits 28-63 of
   the last word are left for the stock-state bits (state_bits), so a
   table entry is 24 bytes instead of 48 (_search_table.h). */
static int packed_key(const Position *p, uint64_t *key)
{
    uint64_t fields = 0, bottoms = 0;
    for (int i = 0; i < p->count; i++) {
        int hidden = p->hidden[i];
        if (hidden)
            fields |= (((uint64_t)hidden << 6) | p->cards[i][hidden]) << (9 * i);
        else if (p->length[i])
            bottoms |= 1ULL << p->cards[i][0];
    }
    key[0] = (1ULL << 63) | fields;
    key[1] = bottoms | ((uint64_t)p->tops[0] << 52) | ((uint64_t)p->tops[1] << 56)
        | ((uint64_t)p->tops[2] << 60);
    key[2] = p->stock_mask | ((uint64_t)p->tops[3] << 24);
    return PACKED_KEY_WORDS;
}

/* The key, equal for two positions exactly when the pure-Python search's
   key is.  A stack with face-down cards is known by its place (its
   face-down cards never move, and no other stack can hold them), so its
   count of them and its bottom face-up card are kept at its place; the
   stacks with none are alike whatever their order, so their bottom cards
   are kept as a set.  Then the foundations (with a bit that is never 0 in
   use) and the cards left of the first stock (their order never changes).
   With take-backs two more words: for each face-up card that is not a
   bottom card, which of the two cards it may lie on it lies on (the
   arrangement the twin lemma otherwise leaves out), and the pending cards.
   Returns the number of words. */
static int position_key(const Position *p, const Rules *rules, uint64_t *key)
{
    if (rules->packed)
        return packed_key(p, key);
    uint64_t fields[2] = {0, 0}, bottoms = 0, lies_on = 0;
    for (int i = 0; i < p->count; i++) {
        int hidden = p->hidden[i];
        if (hidden) {
            uint64_t field = ((uint64_t)hidden << 6) | p->cards[i][hidden];
            fields[i / 5] |= field << (12 * (i % 5));
        } else if (p->length[i]) {
            bottoms |= 1ULL << p->cards[i][0];
        }
        if (rules->take_back)
            for (int k = hidden + 1; k < p->length[i]; k++) {
                int card = p->cards[i][k], under = p->cards[i][k - 1];
                /* card's parents are its rank + 1 in the other colour's two
                   suits, the lower suit first: bit set when under is the second. */
                if ((under & 3) >= 2)
                    lies_on |= 1ULL << card;
            }
    }
    key[0] = (1ULL << 63) | ((uint64_t)p->tops[0] << 24) | ((uint64_t)p->tops[1] << 16)
        | ((uint64_t)p->tops[2] << 8) | p->tops[3];
    key[1] = fields[0];
    key[2] = fields[1];
    key[3] = bottoms;
    key[4] = p->stock_mask;
    if (!rules->take_back)
        return 5;
    key[5] = lies_on;
    key[6] = p->pending;
    return 7;
}

/* -- making a move --------------------------------------------------------- */

static void turned_up(Position *p, int stack)
{
    if (p->hidden[stack] && p->hidden[stack] == p->length[stack])
        p->hidden[stack]--;
}

static void apply_part(Position *p, const Part *part)
{
    uint8_t moved[MAX_CARDS];
    int count = part->cards;
    if (part->source == PILE_SOURCE || part->source == HELD_PILE_SOURCE) {
        int index = part->slot;
        moved[0] = p->stock[index];
        p->stock_mask &= ~p->stock_bit[moved[0]];
        memmove(p->stock + index, p->stock + index + 1, p->stock_length - index - 1);
        p->stock_length--;
        p->position = (uint8_t)index;
        if (p->passes != UNLIMITED)
            p->passes = (int8_t)(p->passes - part->turns);
    } else if (part->source == TOP_SOURCE) {
        int suit = part->slot;
        moved[0] = (uint8_t)((p->tops[suit] - 1) * 4 + suit);
        p->tops[suit]--;
        /* The card taken back waits to be used; so may the one it uncovers. */
        p->pending = (p->pending | 1ULL << moved[0]) & ~(1ULL << (moved[0] + 4));
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
        int target = part->target;
        if (p->length[target])
            p->pending &= ~(1ULL << p->cards[target][p->length[target] - 1]);
        memcpy(p->cards[target] + p->length[target], moved, count);
        p->length[target] += (uint8_t)count;
        if (part->source == HELD_PILE_SOURCE)
            p->pending = 1ULL << moved[0];
    }
}

static void apply_move(Position *p, const Move *move)
{
    for (int i = 0; i < move->parts; i++)
        apply_part(p, &move->part[i]);
}

#endif
