/*
 * Poker Squares' play-outs, compiled: an optional accelerator.
 *
 * The same boards, the same greedy player and the same futures as
 * playout.py's Board, Policy and play_outs, so it returns exactly what the
 * pure-Python play-outs return; the tests hold the two together.  Only
 * speed differs.  Read line_features.py for the features of a line and
 * playout.py for how a board is valued; this file only restates them.
 *
 * play_outs(cells, code, candidates, count, seed, depth, values, points) -> totals
 *   cells: 25 card codes (-1 empty); code: the card in hand; candidates:
 *   empty cells; depth: the cards each play-out places at most; values:
 *   the learned table (a buffer of C ints, KEY_COUNT * ROW of them);
 *   points: the scoring's points by category.  totals[i] is the sum, in
 *   hundredths of a point, of what count futures are worth with code in
 *   candidates[i]: the score of a grid filled, else the board's worth.
 * cell_values(cells, code, values, points) -> worths
 *   Policy.cell_values for the board of cells with code in hand.
 * self_play(decks, explore, values, points, totals, counts)
 *   playout.self_play: games of self-play for the value training, every
 *   filling line's key credited with what the line finally scored.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include "../../search/_splitmix.h"

#define SIDE 5
#define CELLS 25
#define LINES 10
#define DECK 52
#define RANKS 13
#define SUITS 4
#define PATTERN_COUNT 18
#define ROW 26                  /* values of a key: one for each count of cards to come */
#define CATEGORIES 10
#define VALUE_SCALE 100
#define NO_RIVALS (-1)
#define ALL_RANKS 0x1FFF

/* line_features.py */
#define FLUSH_STATES 4
#define STRAIGHT_STATES 4
#define OUT_STATES 6
#define RIVAL_STATES 3
#define KEY_COUNT (2 * PATTERN_COUNT * FLUSH_STATES * STRAIGHT_STATES * OUT_STATES * RIVAL_STATES)

enum { NOTHING, PAIR, TWO_PAIRS, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE,
       FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH };

/* -- lines.py's tables, made the same way -------------------------------------- */

static int pattern_parts[PATTERN_COUNT][SIDE];
static int pattern_length[PATTERN_COUNT];
static int pattern_size[PATTERN_COUNT];
static int pattern_category[PATTERN_COUNT];     /* by ranks alone, for a full line */
static int8_t grown[PATTERN_COUNT][4];
static int distinct_pattern[PATTERN_COUNT];
static uint16_t straights[10];
static uint16_t runs_holding[1 << RANKS];       /* the runs (bit i: straights[i]) holding a mask */
static uint16_t runs_within[1 << RANKS];        /* the runs within a mask */
static int pattern_total;

/* The partitions of total with parts at most largest, largest parts first
   (lines._partitions), appended in lines.PATTERNS' order. */
static void partitions(int total, int largest, int *parts, int length)
{
    if (total == 0) {
        memcpy(pattern_parts[pattern_total], parts, sizeof(int) * length);
        pattern_length[pattern_total] = length;
        int size = 0;
        for (int i = 0; i < length; i++)
            size += parts[i];
        pattern_size[pattern_total++] = size;
        return;
    }
    for (int first = total < largest ? total : largest; first >= 1; first--) {
        parts[length] = first;
        partitions(total - first, first, parts, length + 1);
    }
}

static int pattern_of(const int *parts, int length)
{
    for (int p = 0; p < pattern_total; p++)
        if (pattern_length[p] == length && !memcmp(pattern_parts[p], parts, sizeof(int) * length))
            return p;
    return -1;
}

static int make_tables(void)
{
    int parts[SIDE + 1];
    for (int size = 0; size <= SIDE; size++)
        partitions(size, 4, parts, 0);
    if (pattern_total != PATTERN_COUNT)
        return -1;
    for (int p = 0; p < PATTERN_COUNT; p++) {
        distinct_pattern[p] = pattern_length[p] == pattern_size[p];
        for (int held = 0; held < 4; held++) {
            grown[p][held] = -1;
            if (pattern_size[p] == SIDE)
                continue;
            int length = pattern_length[p];
            memcpy(parts, pattern_parts[p], sizeof(int) * length);
            if (held) {
                int i = 0;
                while (i < length && parts[i] != held)
                    i++;
                if (i == length)
                    continue;
                parts[i] = held + 1;
            } else {
                parts[length++] = 1;
            }
            for (int i = 1; i < length; i++)        /* largest first */
                for (int j = i; j > 0 && parts[j] > parts[j - 1]; j--) {
                    int swap = parts[j];
                    parts[j] = parts[j - 1];
                    parts[j - 1] = swap;
                }
            grown[p][held] = (int8_t)pattern_of(parts, length);
        }
        const int *q = pattern_parts[p];
        pattern_category[p] = NOTHING;
        if (pattern_size[p] == SIDE) {
            if (q[0] == 4)
                pattern_category[p] = FOUR_OF_A_KIND;
            else if (q[0] == 3)
                pattern_category[p] = q[1] == 2 ? FULL_HOUSE : THREE_OF_A_KIND;
            else if (q[0] == 2)
                pattern_category[p] = q[1] == 2 ? TWO_PAIRS : PAIR;
        }
    }
    for (int low = 0; low < 9; low++)
        straights[low] = (uint16_t)(0x1F << low);
    straights[9] = (uint16_t)(1 | (0xF << 9));       /* ten to ace, the ace above the king */
    for (int mask = 0; mask < (1 << RANKS); mask++)
        for (int run = 0; run < 10; run++) {
            if ((mask & ~straights[run]) == 0)
                runs_holding[mask] |= (uint16_t)(1 << run);
            if ((straights[run] & ~mask) == 0)
                runs_within[mask] |= (uint16_t)(1 << run);
        }
    return 0;
}

/* -- boards --------------------------------------------------------------------- */

typedef struct {
    uint64_t counts;            /* three bits a rank */
    uint16_t ranks;
    uint8_t suits;
    int8_t pattern;
} Line;

typedef struct {
    int8_t cells[CELLS];
    int8_t empty[CELLS];        /* the empty cells, in increasing order */
    int8_t empty_count;
    int8_t suits_unseen[SUITS];
    int8_t ranks_unseen[RANKS];
    uint16_t live_ranks;
    Line line[LINES];
} Board;

typedef struct {
    const int *values;          /* KEY_COUNT * ROW, hundredths of a point */
    int points[CATEGORIES];
    int full[CATEGORIES];       /* points in hundredths */
} Policy;

static void board_clear(Board *b)
{
    memset(b, 0, sizeof *b);
    for (int cell = 0; cell < CELLS; cell++) {
        b->cells[cell] = -1;
        b->empty[cell] = (int8_t)cell;
    }
    b->empty_count = CELLS;
    for (int s = 0; s < SUITS; s++)
        b->suits_unseen[s] = RANKS;
    for (int r = 0; r < RANKS; r++)
        b->ranks_unseen[r] = SUITS;
    b->live_ranks = ALL_RANKS;
}

static inline void board_see(Board *b, int code)
{
    int rank = code >> 2;
    b->suits_unseen[code & 3]--;
    if (--b->ranks_unseen[rank] == 0)
        b->live_ranks &= (uint16_t)~(1 << rank);
}

static inline void line_add(Line *line, int code)
{
    int rank = code >> 2;
    int held = (int)((line->counts >> (3 * rank)) & 7);
    line->pattern = grown[line->pattern][held];
    line->ranks |= (uint16_t)(1 << rank);
    line->suits |= (uint8_t)(1 << (code & 3));
    line->counts += 1ULL << (3 * rank);
}

static inline void board_place(Board *b, int cell, int code)
{
    b->cells[cell] = (int8_t)code;
    int i = 0;
    while (b->empty[i] != cell)
        i++;
    memmove(b->empty + i, b->empty + i + 1, (size_t)(b->empty_count - i - 1));
    b->empty_count--;
    line_add(&b->line[cell / SIDE], code);
    line_add(&b->line[SIDE + cell % SIDE], code);
}

static inline int is_single_suit(unsigned suits)
{
    return suits && !(suits & (suits - 1));
}

static inline int line_category(const Line *line)
{
    int kind = pattern_category[line->pattern];
    if (kind != NOTHING)
        return kind;
    int flush = is_single_suit(line->suits);
    int straight = 0;
    for (int run = 0; run < 10; run++)
        if (line->ranks == straights[run])
            straight = 1;
    if (straight)
        return flush ? (line->ranks == straights[9] ? ROYAL_FLUSH : STRAIGHT_FLUSH) : STRAIGHT;
    return flush ? FLUSH : NOTHING;
}

static int board_score(const Board *b, const Policy *policy)
{
    int score = 0;
    for (int l = 0; l < LINES; l++)
        score += policy->points[line_category(&b->line[l])];
    return score;
}

/* line_features.line_key: the key with no rivals; *rival the suit whose rivals count. */
static inline int line_key(const Board *b, int column, const Line *line, int *rival)
{
    int size = pattern_size[line->pattern];
    int flush = 0, straight = 0, outs = 0;
    *rival = NO_RIVALS;
    if (size) {
        if (is_single_suit(line->suits)) {
            int suit = __builtin_ctz(line->suits);
            int spare = b->suits_unseen[suit] - (SIDE - size);
            if (spare >= 0) {
                *rival = suit;
                flush = 1 + (spare >= 3) + (spare >= 6);
            }
        }
        if (distinct_pattern[line->pattern]) {
            /* the runs holding its ranks whose other ranks are all unseen */
            straight = __builtin_popcount(runs_holding[line->ranks]
                                          & runs_within[line->ranks | b->live_ranks]);
            if (straight > STRAIGHT_STATES - 1)
                straight = STRAIGHT_STATES - 1;
        }
        unsigned held = line->ranks;
        while (held && outs < OUT_STATES - 1) {
            outs += b->ranks_unseen[__builtin_ctz(held)];
            held &= held - 1;
        }
        if (outs > OUT_STATES - 1)
            outs = OUT_STATES - 1;
    }
    return ((((column * PATTERN_COUNT + line->pattern) * FLUSH_STATES + flush) * STRAIGHT_STATES
             + straight) * OUT_STATES + outs) * RIVAL_STATES;
}

/* A line's values with 0, 1, 2 rivals.  A line whose rivals do not count
   reads the tally's last slot, which always says "no rivals". */
#define NONE_SLOT SUITS
typedef struct {
    int value[RIVAL_STATES];
    int rival;                  /* the suit whose rivals count, or NONE_SLOT */
    int alone;                  /* the suit it holds alone while filling, or NO_RIVALS */
} Worth;

static inline void worth_of(const Board *b, const Policy *policy, int column, const Line *line,
                            int to_come, Worth *w)
{
    if (pattern_size[line->pattern] == SIDE) {
        int points = policy->full[line_category(line)];
        w->value[0] = w->value[1] = w->value[2] = points;
        w->rival = NONE_SLOT;
        w->alone = NO_RIVALS;
        return;
    }
    int rival;
    int key = line_key(b, column, line, &rival);
    if (rival == NO_RIVALS) {
        w->value[0] = w->value[1] = w->value[2] = policy->values[key * ROW + to_come];
        w->rival = NONE_SLOT;
    } else {
        for (int k = 0; k < RIVAL_STATES; k++)
            w->value[k] = policy->values[(key + k) * ROW + to_come];
        w->rival = rival;
    }
    w->alone = is_single_suit(line->suits) ? __builtin_ctz(line->suits) : NO_RIVALS;
}

/* The value for the rivals tally gives (the line is one of the tally's
   lines of its suit), held within 0 .. RIVAL_STATES - 1. */
static inline int pick(const Worth *w, const int *tally)
{
    int rivals = tally[w->rival] - 1;
    rivals = rivals < 0 ? 0 : rivals;
    return w->value[rivals < RIVAL_STATES - 1 ? rivals : RIVAL_STATES - 1];
}

/* Policy.cell_values: worths[i] for the empty cell b->empty[i].  The sum over
   all lines is taken once, for the tally as it is; a cell changes the tally
   of at most two suits, by at most two, so what that does to the lines of
   each suit is worked out beforehand (shift), and the cell's own row and
   column are swapped for their values with the card. */
static void cell_values(const Board *b, const Policy *policy, int code, long long *worths)
{
    int to_come = b->empty_count - 1;
    Worth stay[LINES], grow[LINES];
    int tally[SUITS + 1] = {0, 0, 0, 0, 1};
    for (int l = 0; l < LINES; l++) {
        const Line *line = &b->line[l];
        worth_of(b, policy, l >= SIDE, line, to_come, &stay[l]);
        if (stay[l].alone != NO_RIVALS)
            tally[stay[l].alone]++;
        if (pattern_size[line->pattern] == SIDE) {
            grow[l] = stay[l];
            continue;
        }
        Line after = *line;
        line_add(&after, code);
        worth_of(b, policy, l >= SIDE, &after, to_come, &grow[l]);
    }
    long long base = 0;
    for (int l = 0; l < LINES; l++)
        base += pick(&stay[l], tally);
    /* shift[s][d + 2]: what the lines whose rivals are of suit s gain when
       that suit's tally moves by d. */
    long long shift[SUITS][5];
    memset(shift, 0, sizeof shift);
    for (int l = 0; l < LINES; l++) {
        int s = stay[l].rival;
        if (s == NONE_SLOT)
            continue;
        int now = pick(&stay[l], tally);
        for (int d = -2; d <= 2; d++) {
            int rivals = tally[s] + d - 1;
            rivals = rivals < 0 ? 0 : rivals < RIVAL_STATES - 1 ? rivals : RIVAL_STATES - 1;
            shift[s][d + 2] += stay[l].value[rivals] - now;
        }
    }
    for (int i = 0; i < b->empty_count; i++) {
        int cell = b->empty[i];
        int row = cell / SIDE, column = SIDE + cell % SIDE;
        int changed[SUITS + 1];
        memcpy(changed, tally, sizeof changed);
        if (stay[row].alone != NO_RIVALS)
            changed[stay[row].alone]--;
        if (stay[column].alone != NO_RIVALS)
            changed[stay[column].alone]--;
        if (grow[row].alone != NO_RIVALS)
            changed[grow[row].alone]++;
        if (grow[column].alone != NO_RIVALS)
            changed[grow[column].alone]++;
        long long worth = base;
        for (int s = 0; s < SUITS; s++)
            if (changed[s] != tally[s])
                worth += shift[s][changed[s] - tally[s] + 2];
        worth += pick(&grow[row], changed) + pick(&grow[column], changed)
                 - pick(&stay[row], changed) - pick(&stay[column], changed);
        worths[i] = worth;
    }
}

/* The empty cell where code makes the board worth most (the first such
   cell on a tie), and *worth what the board is then worth. */
static inline int best_cell(const Board *b, const Policy *policy, int code, long long *worth)
{
    long long worths[CELLS];
    cell_values(b, policy, code, worths);
    int best = 0;
    for (int i = 1; i < b->empty_count; i++)
        if (worths[i] > worths[best])
            best = i;
    *worth = worths[best];
    return b->empty[best];
}

/* -- futures: SplitMix64 (../../search/_splitmix.h), as playout.play_outs draws them -- */

static void play_outs(const Board *start, const Policy *policy, int code, const int *candidates,
                      int candidate_count, long long count, uint64_t seed, int depth,
                      long long *totals)
{
    Board board = *start;
    board_see(&board, code);
    int8_t deck[DECK];
    int deck_size = 0;
    int out[DECK] = {0};
    for (int cell = 0; cell < CELLS; cell++)
        if (board.cells[cell] >= 0)
            out[board.cells[cell]] = 1;
    out[code] = 1;
    for (int other = 0; other < DECK; other++)
        if (!out[other])
            deck[deck_size++] = (int8_t)other;
    int left = board.empty_count - 1;
    int drawn = left < depth ? left : depth;
    uint64_t state = seed;
    for (long long n = 0; n < count; n++) {
        for (int i = 0; i < drawn; i++) {
            uint64_t span = (uint64_t)(deck_size - i);
            int j = i + (int)(((splitmix_next(&state) >> 32) * span) >> 32);
            int8_t swap = deck[i];
            deck[i] = deck[j];
            deck[j] = swap;
        }
        for (int c = 0; c < candidate_count; c++) {
            Board trial = board;
            board_place(&trial, candidates[c], code);
            long long worth = drawn ? 0 : (long long)board_score(&trial, policy) * VALUE_SCALE;
            for (int i = 0; i < drawn; i++) {
                int card = deck[i];
                board_see(&trial, card);
                board_place(&trial, best_cell(&trial, policy, card, &worth), card);
            }
            totals[c] += worth;
        }
    }
}

/* -- self-play, for learning the values (tools/pokersquares_training.py) --------- */

/* Play one game of the 25 cards deck[] from the empty grid: card k goes
   into the empty cell explore[k] (an index into the empty cells, row by
   row) when that is below the cells left, else where the greedy player puts
   it.  After each card, every filling line's key (rivals counted) with the
   cards then to come is credited with the points that line finally scores:
   totals[index] += points, counts[index] += 1 (training.keys_of). */
static void self_play(const Policy *policy, const int8_t *deck, const uint8_t *explore,
                      long long *totals, long long *counts)
{
    Board board;
    board_clear(&board);
    int seen[CELLS * LINES];
    int seen_line[CELLS * LINES];
    int seen_count = 0;
    for (int k = 0; k < CELLS; k++) {
        int code = deck[k];
        board_see(&board, code);
        int cell;
        if (explore[k] < board.empty_count) {
            cell = board.empty[explore[k]];
        } else {
            long long worth;
            cell = best_cell(&board, policy, code, &worth);
        }
        board_place(&board, cell, code);
        int to_come = board.empty_count;
        int alone[SUITS] = {0, 0, 0, 0};
        for (int l = 0; l < LINES; l++) {
            const Line *line = &board.line[l];
            if (pattern_size[line->pattern] < SIDE && is_single_suit(line->suits))
                alone[__builtin_ctz(line->suits)]++;
        }
        for (int l = 0; l < LINES; l++) {
            const Line *line = &board.line[l];
            if (pattern_size[line->pattern] == SIDE)
                continue;
            int rival;
            int key = line_key(&board, l >= SIDE, line, &rival);
            if (rival != NO_RIVALS) {
                int rivals = alone[rival] - 1;
                key += rivals < RIVAL_STATES - 1 ? rivals : RIVAL_STATES - 1;
            }
            seen[seen_count] = key * ROW + to_come;
            seen_line[seen_count++] = l;
        }
    }
    int final[LINES];
    for (int l = 0; l < LINES; l++)
        final[l] = policy->points[line_category(&board.line[l])];
    for (int i = 0; i < seen_count; i++) {
        totals[seen[i]] += final[seen_line[i]];
        counts[seen[i]]++;
    }
}

/* -- from Python ---------------------------------------------------------------- */

/* The board of cells (25 codes, -1 empty) with every card seen, and code
   (the card in hand) checked: it is in no cell. */
static int read_board(PyObject *cells, int code, Board *b)
{
    PyObject *items = PySequence_Fast(cells, "the cells are a sequence");
    if (!items)
        return -1;
    if (PySequence_Fast_GET_SIZE(items) != CELLS) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "a grid has 25 cells");
        return -1;
    }
    if (code < 0 || code >= DECK) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "a card is a number below 52");
        return -1;
    }
    int used[DECK] = {0};
    used[code] = 1;
    board_clear(b);
    for (int cell = 0; cell < CELLS; cell++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, cell));
        if (card == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return -1;
        }
        if (card < -1 || card >= DECK || (card >= 0 && used[card])) {
            Py_DECREF(items);
            PyErr_SetString(PyExc_ValueError, "the cells hold each card at most once, not the one in hand");
            return -1;
        }
        if (card >= 0) {
            used[card] = 1;
            board_see(b, (int)card);
            board_place(b, cell, (int)card);
        }
    }
    Py_DECREF(items);
    if (b->empty_count == 0) {
        PyErr_SetString(PyExc_ValueError, "the grid is full");
        return -1;
    }
    return 0;
}

static int read_policy(PyObject *values, PyObject *points, Policy *policy, Py_buffer *view)
{
    if (PyObject_GetBuffer(values, view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (view->itemsize != sizeof(int) || (view->format && strcmp(view->format, "i") != 0)
            || view->len != (Py_ssize_t)(sizeof(int) * KEY_COUNT * ROW)) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "the values are an array('i') of KEY_COUNT * 26");
        return -1;
    }
    policy->values = (const int *)view->buf;
    PyObject *items = PySequence_Fast(points, "the points are a sequence");
    if (!items) {
        PyBuffer_Release(view);
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(items) != CATEGORIES) {
        Py_DECREF(items);
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "ten points, one a category");
        return -1;
    }
    for (int k = 0; k < CATEGORIES; k++) {
        long point = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, k));
        if (point == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            PyBuffer_Release(view);
            return -1;
        }
        policy->points[k] = (int)point;
        policy->full[k] = (int)point * VALUE_SCALE;
    }
    Py_DECREF(items);
    return 0;
}

static PyObject *play_outs_function(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *cells, *candidate_list, *values, *points;
    int code, depth;
    long long count;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OiOLKiOO", &cells, &code, &candidate_list, &count, &seed,
                          &depth, &values, &points))
        return NULL;
    if (depth < 1) {
        PyErr_SetString(PyExc_ValueError, "a play-out places at least one card");
        return NULL;
    }
    Board board;
    if (read_board(cells, code, &board) < 0)
        return NULL;
    int candidates[CELLS];
    PyObject *items = PySequence_Fast(candidate_list, "the candidates are a sequence");
    if (!items)
        return NULL;
    Py_ssize_t candidate_count = PySequence_Fast_GET_SIZE(items);
    if (candidate_count > CELLS) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "at most 25 candidates");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < candidate_count; i++) {
        long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, i));
        if (cell == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return NULL;
        }
        if (cell < 0 || cell >= CELLS || board.cells[cell] >= 0) {
            Py_DECREF(items);
            PyErr_SetString(PyExc_ValueError, "a candidate is an empty cell");
            return NULL;
        }
        candidates[i] = (int)cell;
    }
    Py_DECREF(items);
    Policy policy;
    Py_buffer view;
    if (read_policy(values, points, &policy, &view) < 0)
        return NULL;
    long long totals[CELLS] = {0};
    /* Other threads (the window's) run while the play-outs do. */
    Py_BEGIN_ALLOW_THREADS
    play_outs(&board, &policy, code, candidates, (int)candidate_count, count, seed, depth,
              totals);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    PyObject *result = PyList_New(candidate_count);
    if (!result)
        return NULL;
    for (Py_ssize_t i = 0; i < candidate_count; i++) {
        PyObject *total = PyLong_FromLongLong(totals[i]);
        if (!total) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, i, total);
    }
    return result;
}

static PyObject *cell_values_function(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *cells, *values, *points;
    int code;
    if (!PyArg_ParseTuple(args, "OiOO", &cells, &code, &values, &points))
        return NULL;
    Board board;
    if (read_board(cells, code, &board) < 0)
        return NULL;
    board_see(&board, code);
    Policy policy;
    Py_buffer view;
    if (read_policy(values, points, &policy, &view) < 0)
        return NULL;
    long long worths[CELLS];
    cell_values(&board, &policy, code, worths);
    PyBuffer_Release(&view);
    PyObject *result = PyList_New(board.empty_count);
    if (!result)
        return NULL;
    for (int i = 0; i < board.empty_count; i++) {
        PyObject *worth = PyLong_FromLongLong(worths[i]);
        if (!worth) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, i, worth);
    }
    return result;
}

static PyObject *self_play_function(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *values, *points, *totals_object, *counts_object;
    Py_buffer decks, explore;
    if (!PyArg_ParseTuple(args, "y*y*OOOO", &decks, &explore, &values, &points,
                          &totals_object, &counts_object))
        return NULL;
    Py_buffer totals = {0}, counts = {0}, view = {0};
    Policy policy;
    PyObject *result = NULL;
    if (decks.len % CELLS != 0 || explore.len != decks.len) {
        PyErr_SetString(PyExc_ValueError, "25 cards and 25 choices a game");
        goto done;
    }
    const int8_t *cards = (const int8_t *)decks.buf;
    for (Py_ssize_t g = 0; g < decks.len / CELLS; g++) {
        int used[DECK] = {0};
        for (int k = 0; k < CELLS; k++) {
            int code = cards[g * CELLS + k];
            if (code < 0 || code >= DECK || used[code]) {
                PyErr_SetString(PyExc_ValueError, "a game deals 25 different cards");
                goto done;
            }
            used[code] = 1;
        }
    }
    if (read_policy(values, points, &policy, &view) < 0)
        goto done;
    if (PyObject_GetBuffer(totals_object, &totals, PyBUF_WRITABLE | PyBUF_FORMAT) < 0
            || PyObject_GetBuffer(counts_object, &counts, PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        goto done;
    if (totals.itemsize != 8 || counts.itemsize != 8
            || totals.len != (Py_ssize_t)(8 * KEY_COUNT * ROW) || counts.len != totals.len) {
        PyErr_SetString(PyExc_ValueError, "totals and counts are array('q') of KEY_COUNT * 26");
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t g = 0; g < decks.len / CELLS; g++)
        self_play(&policy, cards + g * CELLS, (const uint8_t *)explore.buf + g * CELLS,
                  (long long *)totals.buf, (long long *)counts.buf);
    Py_END_ALLOW_THREADS
    result = Py_None;
    Py_INCREF(result);
done:
    if (view.obj)
        PyBuffer_Release(&view);
    if (totals.obj)
        PyBuffer_Release(&totals);
    if (counts.obj)
        PyBuffer_Release(&counts);
    PyBuffer_Release(&decks);
    PyBuffer_Release(&explore);
    return result;
}

static PyMethodDef methods[] = {
    {"play_outs", play_outs_function, METH_VARARGS,
     "play_outs(cells, code, candidates, count, seed, depth, values, points) -> totals"},
    {"cell_values", cell_values_function, METH_VARARGS,
     "cell_values(cells, code, values, points) -> worths"},
    {"self_play", self_play_function, METH_VARARGS,
     "self_play(decks, explore, values, points, totals, counts): games of self-play, credited"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_playout", "Poker Squares' play-outs, compiled.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__playout(void)
{
    if (make_tables() < 0) {
        PyErr_SetString(PyExc_ImportError, "Poker Squares' line patterns came out wrong");
        return NULL;
    }
    return PyModule_Create(&module);
}
