/*
 * The FreeCell solver's compiled search: cards, and the rules' questions of
 * them.  Each function does what the function of the same name in
 * limits.py does.  Included by _search.c only.
 *
 * A card is rank * 4 + suit (suits H S D C), so 4 to 55, black when odd;
 * 0 is no card.
 */

#ifndef FREECELL_SEARCH_CARDS_H
#define FREECELL_SEARCH_CARDS_H

#include <stdint.h>

enum { COLUMN_COUNT = 8, CELL_COUNT = 4, SUIT_COUNT = 4, KING = 13, MAX_COLUMN = 52,
       CARD_VALUES = 64 };

static int rank_of(int card) { return card >> 2; }
static int suit_of(int card) { return card & 3; }

/* limits.is_safe_up, for a suit's next card, the foundations at ``found``. */
static int is_safe_up(int card, const uint8_t *found)
{
    int rank = rank_of(card);
    if (rank <= 2)
        return 1;
    int suit = suit_of(card);
    return found[suit ^ 1] >= rank - 1 && found[suit ^ 3] >= rank - 1;
}

static int is_won(const uint8_t *found)
{
    return found[0] == KING && found[1] == KING && found[2] == KING && found[3] == KING;
}

#endif
