/*
 * Calculation's solver search, compiled: the same two stages as the pure
 * Python in solver_search.py, statement for statement, so the same positions
 * are counted in the same order and the answers are identical.  Why the
 * stages are complete where they say so is argued in solver.py.
 *
 * search(order, hand, piles, heights, limit, check_cancelled, directed, first_run)
 *     -> (status, positions, line)
 * order: bytes, the ranks still to turn, first first; hand: the hand card's
 * rank or 0; piles: four bytes objects, bottom to top; heights: bytes of
 * four; status 1 won (line: the action codes), 0 no line wins, -1 the limit
 * came first; directed false leaves the directed stage out, first_run is
 * the positions of its first run.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_search_table.h"
#include "../../search/_splitmix.h"
#include "_ranks.h"

#define KING 13
#define WON_SCORE 52
#define ALL_FOUNDATIONS 15
#define CANCEL_CHECK_INTERVAL 1024
#define RELAXED_CAP 200
#define MAX_CARDS 52
#define MAX_LINE 512

enum { WON = 1, FAILED = 0, STOPPED = -1, ERROR = -2 };

/* solver_search.JITTERS */
static const int JITTERS[] = {8, 16, 32};
#define JITTER_COUNT ((int)(sizeof JITTERS / sizeof JITTERS[0]))

typedef struct {
    /* the start */
    uint8_t order[MAX_CARDS];
    int cards;
    int start_hand;
    uint8_t start_piles[4][MAX_CARDS];
    int start_lengths[4];
    int start_heights[4];
    /* the position, changed in place */
    uint8_t piles[4][MAX_CARDS];
    int lengths[4];
    int heights[4];
    int to_come[FULL + 1];
    int line[MAX_LINE];
    int line_length;
    uint8_t closed_cards[MAX_LINE];
    int closed_count;
    /* counting */
    long long limit, stop_at, positions, checked_at;
    PyObject *check_cancelled;
    /* the directed stage's tie-breaks */
    uint64_t random_state;
    int jitter;                      /* 0 in the first run, else from JITTERS */
    Table table;
} Search;

/* -- small helpers ------------------------------------------------------------ */

static int sum_heights(const Search *s)
{
    return s->heights[0] + s->heights[1] + s->heights[2] + s->heights[3];
}

static int need(const Search *s, int number)
{
    int height = s->heights[number];
    return height < FULL ? SEQUENCE[number][height] : 0;
}

static int random_below(Search *s, int bound)
{
    return (int)(splitmix_next(&s->random_state) % (uint64_t)bound);
}

static void reset(Search *s)
{
    for (int p = 0; p < 4; p++) {
        memcpy(s->piles[p], s->start_piles[p], (size_t)s->start_lengths[p]);
        s->lengths[p] = s->start_lengths[p];
        s->heights[p] = s->start_heights[p];
    }
    memset(s->to_come, 0, sizeof s->to_come);
    for (int i = 0; i < s->cards; i++)
        s->to_come[s->order[i]]++;
    s->line_length = 0;
    s->closed_count = 0;
}

/* Count a position; STOPPED at the limit, ERROR if check_cancelled raised. */
static int expand(Search *s)
{
    s->positions++;
    if (s->positions / CANCEL_CHECK_INTERVAL != s->checked_at / CANCEL_CHECK_INTERVAL) {
        s->checked_at = s->positions;
        PyObject *result = PyObject_CallNoArgs(s->check_cancelled);
        if (!result)
            return ERROR;
        Py_DECREF(result);
    }
    if (s->positions > s->stop_at)
        return STOPPED;
    return FAILED;
}

static int compare_piles(const uint8_t *a, int a_length, const uint8_t *b, int b_length)
{
    int shorter = a_length < b_length ? a_length : b_length;
    int order = memcmp(a, b, (size_t)shorter);
    if (order)
        return order;
    return a_length - b_length;
}

/* The position's key (see solver_search), written into key; its length. */
static int make_key(const Search *s, int turned, int hand, uint8_t *key)
{
    int sorted[4] = {0, 1, 2, 3};
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && compare_piles(s->piles[sorted[j]], s->lengths[sorted[j]],
                                               s->piles[sorted[j - 1]],
                                               s->lengths[sorted[j - 1]]) < 0; j--) {
            int swap = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = swap;
        }
    int length = 0;
    key[length++] = (uint8_t)turned;
    key[length++] = (uint8_t)hand;
    key[length++] = (uint8_t)(s->heights[0] | s->heights[1] << 4);
    key[length++] = (uint8_t)(s->heights[2] | s->heights[3] << 4);
    for (int i = 0; i < 4; i++) {
        int p = sorted[i];
        memcpy(key + length, s->piles[p], (size_t)s->lengths[p]);
        length += s->lengths[p];
        key[length++] = 0;
    }
    return length;
}

/* Pile numbers, leaving out a pile alike to an earlier one; how many. */
static int distinct_piles(const Search *s, int *found)
{
    int count = 0;
    for (int p = 0; p < 4; p++) {
        int alike = 0;
        for (int other = 0; other < p && !alike; other++)
            alike = s->lengths[other] == s->lengths[p]
                    && !memcmp(s->piles[other], s->piles[p], (size_t)s->lengths[p]);
        if (!alike)
            found[count++] = p;
    }
    return count;
}

static int cover_cost(const Search *s, int rank, int pile)
{
    int length = s->lengths[pile];
    if (!length)
        return rank == KING ? 0 : 3;
    int top = s->piles[pile][length - 1] & 15;
    if (rank == KING && top == KING)
        return 0;
    int best = 150;
    for (int f = 0; f < 4; f++) {
        int slot = SLOT[f][rank], top_slot = SLOT[f][top], height = s->heights[f];
        if (slot >= height && top_slot >= height && top_slot - slot > 0 && top_slot - slot < best)
            best = top_slot - slot;
    }
    return best;
}

/* Sort pile numbers by (score, number), as Python sorts the pairs. */
static void sort_by_score(int *numbers, int *scores, int count)
{
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && (scores[j] < scores[j - 1]
                                  || (scores[j] == scores[j - 1] && numbers[j] < numbers[j - 1])); j--) {
            int swap = scores[j];
            scores[j] = scores[j - 1];
            scores[j - 1] = swap;
            swap = numbers[j];
            numbers[j] = numbers[j - 1];
            numbers[j - 1] = swap;
        }
}

/* -- stage 1: directed --------------------------------------------------------- */

/* relaxed.clears_tops_first: the relaxed game played in rounds, waste-pile
   tops first (tops[rank] holds the piles whose top has that rank), a free
   card only when a round moves nothing. */
static int clears_tops_first(const Search *s, int hand)
{
    int pool[FULL + 1], lengths[4], height[4], on_piles[FULL + 1], tops[FULL + 1];
    memcpy(pool, s->to_come, sizeof pool);
    if (hand)
        pool[hand]++;
    memset(on_piles, 0, sizeof on_piles);
    memset(tops, 0, sizeof tops);
    for (int p = 0; p < 4; p++) {
        lengths[p] = s->lengths[p];
        for (int i = 0; i < lengths[p]; i++)
            on_piles[s->piles[p][i]]++;
        if (lengths[p])
            tops[s->piles[p][lengths[p] - 1]] |= 1 << p;
    }
    memcpy(height, s->heights, sizeof height);
    int placed = height[0] + height[1] + height[2] + height[3];
    for (;;) {
        int moved = 0;
        for (int f = 0; f < 4; f++) {
            if (height[f] >= FULL)
                continue;
            int rank = SEQUENCE[f][height[f]];
            if (tops[rank]) {
                int p = __builtin_ctz((unsigned)tops[rank]);
                tops[rank] &= ~(1 << p);
                if (--lengths[p])
                    tops[s->piles[p][lengths[p] - 1]] |= 1 << p;
                on_piles[rank]--;
                height[f]++;
                placed++;
                moved = 1;
            }
        }
        /* no top moved: a free card, to a rank with no copy on the piles first */
        for (int uncontested = 1; uncontested >= 0 && !moved; uncontested--)
            for (int f = 0; f < 4; f++) {
                if (height[f] >= FULL)
                    continue;
                int rank = SEQUENCE[f][height[f]];
                if (pool[rank] && !(uncontested && on_piles[rank])) {
                    pool[rank]--;
                    height[f]++;
                    placed++;
                    moved = 1;
                    break;
                }
            }
        if (!moved)
            break;
    }
    return placed == WON_SCORE;
}

static int directed(Search *s, int turned, int hand);

static int directed_deal(Search *s, int turned)
{
    int rank = s->order[turned];
    s->to_come[rank]--;
    s->line[s->line_length++] = 0;
    int result = directed(s, turned + 1, rank);
    if (result != FAILED)
        return result;
    s->line_length--;
    s->to_come[rank]++;
    return FAILED;
}

static int directed(Search *s, int turned, int hand)
{
    uint8_t key[KEY_MAX];
    if (sum_heights(s) == WON_SCORE)
        return WON;
    int key_length = make_key(s, turned, hand, key);
    if (table_contains(&s->table, key, key_length))
        return FAILED;
    int counted = expand(s);
    if (counted != FAILED)
        return counted;
    if (!clears_tops_first(s, hand))
        return table_add(&s->table, key, key_length) ? ERROR : FAILED;
    for (int p = 0; p < 4; p++) {
        int length = s->lengths[p];
        if (!length)
            continue;
        int rank = s->piles[p][length - 1];
        int takers[4], count = 0;
        for (int f = 0; f < 4; f++)
            if (need(s, f) == rank)
                takers[count++] = f;
        if (!count)
            continue;
        for (int i = 0; i < count; i++) {
            int f = takers[i];
            s->lengths[p]--;
            s->heights[f]++;
            s->line[s->line_length++] = 9 + 4 * p + f;
            int result = directed(s, turned, hand);
            if (result != FAILED)
                return result;
            s->line_length--;
            s->heights[f]--;
            s->piles[p][s->lengths[p]++] = (uint8_t)rank;
        }
        return table_add(&s->table, key, key_length) ? ERROR : FAILED;
    }
    if (hand) {
        int takers[4], count = 0;
        for (int f = 0; f < 4; f++)
            if (need(s, f) == hand)
                takers[count++] = f;
        if (count) {
            for (int i = 0; i < count; i++) {
                int f = takers[i];
                s->heights[f]++;
                s->line[s->line_length++] = 1 + f;
                int result = directed(s, turned, 0);
                if (result != FAILED)
                    return result;
                s->line_length--;
                s->heights[f]--;
            }
        } else if (turned < s->cards) {
            int numbers[4], scores[4];
            int found = distinct_piles(s, numbers);
            for (int i = 0; i < found; i++) {
                scores[i] = 4 * cover_cost(s, hand, numbers[i]);
                if (s->jitter)
                    scores[i] += random_below(s, s->jitter);
            }
            sort_by_score(numbers, scores, found);
            for (int i = 0; i < found; i++) {
                int p = numbers[i];
                s->piles[p][s->lengths[p]++] = (uint8_t)hand;
                s->line[s->line_length++] = 5 + p;
                int result = directed_deal(s, turned);
                if (result != FAILED)
                    return result;
                s->line_length--;
                s->lengths[p]--;
            }
        }
    } else if (turned < s->cards) {
        int result = directed_deal(s, turned);
        if (result != FAILED)
            return result;
    }
    return table_add(&s->table, key, key_length) ? ERROR : FAILED;
}

/* -- stage 2: complete ---------------------------------------------------------- */

static int alive(const Search *s, int rank)
{
    int found = 0;
    for (int f = 0; f < 4; f++)
        if (SLOT[f][rank] >= s->heights[f])
            found |= 1 << f;
    return found;
}

static int forced(const Search *s, int rank, int allowed)
{
    allowed &= alive(s, rank);
    if (allowed && !(allowed & (allowed - 1))) {
        int f = __builtin_ctz((unsigned)allowed);
        if (need(s, f) == rank)
            return f;
    }
    return -1;
}

static void undo_closed(Search *s, int made)
{
    for (int i = 0; i < made; i++) {
        int code = s->line[--s->line_length] - 9;
        s->heights[code % 4]--;
        int p = code / 4;
        s->piles[p][s->lengths[p]++] = s->closed_cards[--s->closed_count];
    }
}

/* The forced moves of the waste-pile tops; how many, or -1 when a top can
   go nowhere any more. */
static int close_tops(Search *s)
{
    int made = 0, changed = 1;
    while (changed) {
        changed = 0;
        for (int p = 0; p < 4; p++) {
            int length = s->lengths[p];
            if (!length)
                continue;
            uint8_t card = s->piles[p][length - 1];
            int rank = card & 15;
            if (!((card >> 4) & alive(s, rank))) {
                undo_closed(s, made);
                return -1;
            }
            int f = forced(s, rank, card >> 4);
            if (f >= 0) {
                s->lengths[p]--;
                s->heights[f]++;
                s->line[s->line_length++] = 9 + 4 * p + f;
                s->closed_cards[s->closed_count++] = card;
                made++;
                changed = 1;
            }
        }
    }
    return made;
}

typedef struct {
    const uint8_t *stacks[4];
    int lengths[4];
    int count;
    int examined;
    uint64_t lost[512];
} Relaxed;

static int greedy_with_sets(const Relaxed *r, const int *pool0, const int *heights)
{
    int pool[FULL + 1], lengths[4], height[4];
    memcpy(pool, pool0, sizeof pool);
    memcpy(lengths, r->lengths, sizeof lengths);
    memcpy(height, heights, sizeof height);
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int f = 0; f < 4; f++)
            while (height[f] < FULL) {
                int rank = SEQUENCE[f][height[f]], i;
                for (i = 0; i < r->count; i++) {
                    int length = lengths[i];
                    if (length && (r->stacks[i][length - 1] & 15) == rank
                        && (r->stacks[i][length - 1] >> (4 + f)) & 1) {
                        lengths[i]--;
                        break;
                    }
                }
                if (i == r->count) {
                    if (!pool[rank])
                        break;
                    pool[rank]--;
                }
                height[f]++;
                moved = 1;
            }
    }
    return height[0] + height[1] + height[2] + height[3] == WON_SCORE;
}

static void relaxed_close(const Relaxed *r, int *height, int *lengths, int *pool)
{
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int f = 0; f < 4; f++)
            while (height[f] < FULL) {
                int rank = SEQUENCE[f][height[f]];
                int of_rank = 0, for_this = 0, holder = -1;
                for (int i = 0; i < r->count; i++)
                    for (int j = 0; j < lengths[i]; j++) {
                        uint8_t card = r->stacks[i][j];
                        if ((card & 15) == rank) {
                            of_rank++;
                            holder = i;
                            if ((card >> (4 + f)) & 1)
                                for_this++;
                        }
                    }
                if (!for_this && pool[rank])
                    pool[rank]--;
                else if (of_rank == 1 && for_this == 1
                         && (r->stacks[holder][lengths[holder] - 1] & 15) == rank)
                    lengths[holder]--;
                else
                    break;
                height[f]++;
                moved = 1;
            }
    }
}

static uint64_t relaxed_key(const Relaxed *r, const int *height, const int *lengths)
{
    uint64_t key = 1;
    for (int f = 0; f < 4; f++)
        key = key << 4 | (uint64_t)height[f];
    for (int i = 0; i < r->count; i++)
        key = key << 6 | (uint64_t)lengths[i];
    return key;
}

static int relaxed_lost_contains(const Relaxed *r, uint64_t key)
{
    for (size_t at = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 55); r->lost[at]; at = (at + 1) & 511)
        if (r->lost[at] == key)
            return 1;
    return 0;
}

static void relaxed_lost_add(Relaxed *r, uint64_t key)
{
    size_t at = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 55);
    while (r->lost[at])
        at = (at + 1) & 511;
    r->lost[at] = key;
}

/* 1 won, 0 lost, -1 the cap came first. */
static int relaxed_search(Relaxed *r, const int *height0, const int *lengths0, const int *pool0)
{
    int height[4], lengths[4], pool[FULL + 1];
    memcpy(height, height0, sizeof height);
    memcpy(lengths, lengths0, sizeof lengths);
    memcpy(pool, pool0, sizeof pool);
    relaxed_close(r, height, lengths, pool);
    if (height[0] + height[1] + height[2] + height[3] == WON_SCORE)
        return 1;
    uint64_t key = relaxed_key(r, height, lengths);
    if (relaxed_lost_contains(r, key))
        return 0;
    r->examined++;
    if (r->examined > RELAXED_CAP)
        return -1;
    for (int f = 0; f < 4; f++) {
        if (height[f] >= FULL)
            continue;
        int rank = SEQUENCE[f][height[f]];
        for (int i = 0; i < r->count; i++) {
            int length = lengths[i];
            if (!length)
                continue;
            uint8_t card = r->stacks[i][length - 1];
            if ((card & 15) != rank || !((card >> (4 + f)) & 1))
                continue;
            int alike = 0;
            for (int other = 0; other < i && !alike; other++)
                alike = lengths[other] == length && !memcmp(r->stacks[other], r->stacks[i], (size_t)length);
            if (alike)
                continue;
            lengths[i]--;
            height[f]++;
            int won = relaxed_search(r, height, lengths, pool);
            height[f]--;
            lengths[i]++;
            if (won)
                return won;
        }
        if (pool[rank]) {
            pool[rank]--;
            height[f]++;
            int won = relaxed_search(r, height, lengths, pool);
            height[f]--;
            pool[rank]++;
            if (won)
                return won;
        }
    }
    relaxed_lost_add(r, key);
    return 0;
}

static int relaxed_lost(Search *s, int hand)
{
    static Relaxed relaxed;   /* the lost table is large; one search runs at a time */
    Relaxed *r = &relaxed;
    int pool[FULL + 1];
    memcpy(pool, s->to_come, sizeof pool);
    if (hand)
        pool[hand]++;
    r->count = 0;
    for (int p = 0; p < 4; p++)
        if (s->lengths[p]) {
            r->stacks[r->count] = s->piles[p];
            r->lengths[r->count++] = s->lengths[p];
        }
    if (greedy_with_sets(r, pool, s->heights))
        return 0;
    memset(r->lost, 0, sizeof r->lost);
    r->examined = 0;
    int won = relaxed_search(r, s->heights, r->lengths, pool);
    s->positions += r->examined;
    return won == 0;
}

static int complete(Search *s, int turned, int hand);

static int complete_deal(Search *s, int turned)
{
    int rank = s->order[turned];
    s->to_come[rank]--;
    s->line[s->line_length++] = 0;
    int result = complete(s, turned + 1, rank);
    if (result != FAILED)
        return result;
    s->line_length--;
    s->to_come[rank]++;
    return FAILED;
}

static int complete_closed(Search *s, int turned, int hand)
{
    uint8_t key[KEY_MAX];
    if (hand) {
        int f = forced(s, hand, ALL_FOUNDATIONS);
        if (f >= 0) {
            s->heights[f]++;
            s->line[s->line_length++] = 1 + f;
            int result = complete(s, turned, 0);
            if (result == FAILED) {
                s->line_length--;
                s->heights[f]--;
            }
            return result;
        }
    }
    if (sum_heights(s) == WON_SCORE)
        return WON;
    int key_length = make_key(s, turned, hand, key);
    if (table_contains(&s->table, key, key_length))
        return FAILED;
    int counted = expand(s);
    if (counted != FAILED)
        return counted;
    if (relaxed_lost(s, hand))
        return table_add(&s->table, key, key_length) ? ERROR : FAILED;
    int numbers[4];
    int found = distinct_piles(s, numbers);
    for (int i = 0; i < found; i++) {
        int p = numbers[i], length = s->lengths[p];
        if (!length)
            continue;
        uint8_t card = s->piles[p][length - 1];
        int rank = card & 15;
        for (int f = 0; f < 4; f++) {
            if (!((card >> (4 + f)) & 1) || need(s, f) != rank)
                continue;
            s->lengths[p]--;
            s->heights[f]++;
            s->line[s->line_length++] = 9 + 4 * p + f;
            int result = complete(s, turned, hand);
            if (result != FAILED)
                return result;
            s->line_length--;
            s->heights[f]--;
            s->lengths[p]++;
            s->piles[p][length - 1] = (uint8_t)(card & ~(1 << (4 + f)));   /* ... or never */
            result = complete(s, turned, hand);
            if (result != FAILED)
                return result;
            s->piles[p][length - 1] = card;
            return table_add(&s->table, key, key_length) ? ERROR : FAILED;
        }
    }
    if (hand) {
        int fitting = 0;
        for (int f = 0; f < 4; f++)
            if (need(s, f) == hand) {
                fitting |= 1 << f;
                s->heights[f]++;
                s->line[s->line_length++] = 1 + f;
                int result = complete(s, turned, 0);
                if (result != FAILED)
                    return result;
                s->line_length--;
                s->heights[f]--;
            }
        int allowed = alive(s, hand) & ~fitting;
        if (turned < s->cards && allowed) {
            uint8_t card = (uint8_t)(hand | allowed << 4);
            int scores[4];
            found = distinct_piles(s, numbers);
            for (int i = 0; i < found; i++)
                scores[i] = cover_cost(s, hand, numbers[i]);
            sort_by_score(numbers, scores, found);
            for (int i = 0; i < found; i++) {
                int p = numbers[i];
                s->piles[p][s->lengths[p]++] = card;
                s->line[s->line_length++] = 5 + p;
                int result = complete_deal(s, turned);
                if (result != FAILED)
                    return result;
                s->line_length--;
                s->lengths[p]--;
            }
        }
    } else if (turned < s->cards) {
        int result = complete_deal(s, turned);
        if (result != FAILED)
            return result;
    }
    return table_add(&s->table, key, key_length) ? ERROR : FAILED;
}

static int complete(Search *s, int turned, int hand)
{
    int made = close_tops(s);
    if (made < 0)
        return FAILED;
    int result = complete_closed(s, turned, hand);
    if (result == FAILED)
        undo_closed(s, made);
    return result;
}

/* -- both stages ------------------------------------------------------------------ */

static int run(Search *s, int with_directed, long long first_run)
{
    long long size = first_run > 1 ? first_run : 1;
    int result;
    for (int run_number = 0; with_directed; run_number++) {
        reset(s);
        s->stop_at = s->positions + size < s->limit ? s->positions + size : s->limit;
        s->random_state = (uint64_t)run_number;
        s->jitter = run_number ? JITTERS[(run_number - 1) % JITTER_COUNT] : 0;
        result = directed(s, 0, s->start_hand);
        if (result == WON || result == ERROR)
            return result;
        if (result == FAILED)
            break;
        if (s->positions >= s->limit)
            return STOPPED;
        size = size * 3 / 2;
    }
    s->stop_at = s->limit;
    table_clear(&s->table);
    reset(s);
    for (int p = 0; p < 4; p++)
        for (int i = 0; i < s->lengths[p]; i++)
            s->piles[p][i] = (uint8_t)(s->piles[p][i] | ALL_FOUNDATIONS << 4);
    return complete(s, 0, s->start_hand);
}

static int read_ranks(PyObject *bytes, uint8_t *into, int most, const char *what)
{
    Py_ssize_t length = PyBytes_GET_SIZE(bytes);
    if (length > most) {
        PyErr_Format(PyExc_ValueError, "too many cards in %s", what);
        return -1;
    }
    memcpy(into, PyBytes_AS_STRING(bytes), (size_t)length);
    for (Py_ssize_t i = 0; i < length; i++)
        if (into[i] < 1 || into[i] > FULL) {
            PyErr_Format(PyExc_ValueError, "a rank in %s is not 1-13", what);
            return -1;
        }
    return (int)length;
}

static PyObject *search(PyObject *self, PyObject *args)
{
    PyObject *order, *piles, *heights, *check_cancelled;
    int hand, with_directed;
    long long limit, first_run;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!iO!O!LOpL", &PyBytes_Type, &order, &hand, &PyTuple_Type, &piles,
                          &PyBytes_Type, &heights, &limit, &check_cancelled, &with_directed,
                          &first_run))
        return NULL;
    if (PyTuple_GET_SIZE(piles) != 4 || PyBytes_GET_SIZE(heights) != 4 || hand < 0 || hand > FULL) {
        PyErr_SetString(PyExc_ValueError, "four piles, four heights and a hand card of 0-13");
        return NULL;
    }
    Search *s = calloc(1, sizeof(Search));
    if (!s)
        return PyErr_NoMemory();
    s->cards = read_ranks(order, s->order, MAX_CARDS, "order");
    s->start_hand = hand;
    for (int p = 0; p < 4 && s->cards >= 0; p++) {
        PyObject *pile = PyTuple_GET_ITEM(piles, p);
        if (!PyBytes_Check(pile)) {
            PyErr_SetString(PyExc_TypeError, "each pile must be bytes");
            s->cards = -1;
            break;
        }
        s->start_lengths[p] = read_ranks(pile, s->start_piles[p], MAX_CARDS, "a pile");
        if (s->start_lengths[p] < 0)
            s->cards = -1;
        s->start_heights[p] = (unsigned char)PyBytes_AS_STRING(heights)[p];
        if (s->start_heights[p] < 1 || s->start_heights[p] > FULL) {
            PyErr_SetString(PyExc_ValueError, "a foundation holds 1-13 cards");
            s->cards = -1;
        }
    }
    if (s->cards < 0) {
        free(s);
        return NULL;
    }
    s->limit = limit;
    s->check_cancelled = check_cancelled;
    int result = run(s, with_directed, first_run);
    table_free(&s->table);
    if (result == ERROR) {
        free(s);
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return NULL;
    }
    PyObject *line = PyList_New(result == WON ? s->line_length : 0);
    if (line && result == WON)
        for (int i = 0; i < s->line_length; i++)
            PyList_SET_ITEM(line, i, PyLong_FromLong(s->line[i]));
    PyObject *answer = line ? Py_BuildValue("iLN", result, s->positions, line) : NULL;
    free(s);
    return answer;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS,
     "search(order, hand, piles, heights, limit, check_cancelled, directed, first_run)"
     " -> (status, positions, line)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "Calculation's solver search, compiled.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void)
{
    fill_rank_tables();
    return PyModule_Create(&module);
}
