/*
 * Poker Squares' look-ahead and self-play, compiled: an optional accelerator.
 *
 * The same boards, the same greedy player and the same order as
 * playout.py's Board, Policy, expect_sums and self_play, so it returns
 * exactly what the pure-Python code returns; the tests hold the two
 * together.  Only speed differs.  Read line_features.py for the features of
 * a line and playout.py for how a board is valued; this file only restates
 * them.
 *
 * cell_values(cells, code, values, points) -> worths
 *   Policy.cell_values for the board of cells (25 card codes, -1 empty)
 *   with code in hand; values: the learned table (a buffer of C ints,
 *   KEY_COUNT * ROW of them); points: the scoring's points by category.
 * expect_sums(cells, code, candidates, depth, width, values, points) -> (sums, work)
 *   playout.expect_sums: each candidate cell's worth looking depth cards
 *   ahead over every card that may come, and the cells weighed.
 * self_play(decks, explore, values, points, totals, counts)
 *   playout.self_play: games of self-play, every filling line's key
 *   credited with what the line finally scored.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

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
    uint64_t seen;              /* bit c: the card c is placed or in hand */
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
    b->seen |= 1ULL << code;
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

/* -- looking ahead over every card that may come (expectimax) -------------------- */

#define PLACEMENT_CELLS 6       /* advisor.PLACEMENT_CELLS: a placement's cost beyond its cells */

/* Look-ahead.expect_sum: for the board b (the next card not yet drawn,
   d >= 1 cards of look-ahead), the sum over every unseen card u of what the
   board is worth with u where it is best: by the line values (cell_values)
   when d is 1 or u is the last card, else the best of the width cells the
   line values rank first (ties: the first cell), each worth its own sum
   with d - 1.  Siblings are sums over the same number of cards, so sums
   compare as means do, exactly.  *work gains the cells each cell_values
   weighs (PLACEMENT_CELLS + the empty cells). */
static long long expect_sum(const Board *b, const Policy *policy, int depth, int width,
                            long long *work)
{
    long long total = 0;
    for (int u = 0; u < DECK; u++) {
        if (b->seen >> u & 1)
            continue;
        Board t = *b;
        board_see(&t, u);
        long long worths[CELLS];
        cell_values(&t, policy, u, worths);
        *work += PLACEMENT_CELLS + t.empty_count;
        if (depth == 1 || t.empty_count == 1) {
            long long best = worths[0];
            for (int i = 1; i < t.empty_count; i++)
                if (worths[i] > best)
                    best = worths[i];
            total += best;
            continue;
        }
        int chosen[CELLS] = {0};
        int tries = width < t.empty_count ? width : t.empty_count;
        long long best = 0;
        for (int k = 0; k < tries; k++) {
            int pick = -1;
            for (int i = 0; i < t.empty_count; i++)
                if (!chosen[i] && (pick < 0 || worths[i] > worths[pick]))
                    pick = i;
            chosen[pick] = 1;
            Board next = t;
            board_place(&next, t.empty[pick], u);
            long long value = expect_sum(&next, policy, depth - 1, width, work);
            if (k == 0 || value > best)
                best = value;
        }
        total += best;
    }
    return total;
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

static PyObject *expect_sums_function(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *cells, *candidate_list, *values, *points;
    int code, depth, width;
    if (!PyArg_ParseTuple(args, "OiOiiOO", &cells, &code, &candidate_list, &depth, &width,
                          &values, &points))
        return NULL;
    if (depth < 1 || width < 1) {
        PyErr_SetString(PyExc_ValueError, "a look-ahead of at least one card and one cell");
        return NULL;
    }
    Board board;
    if (read_board(cells, code, &board) < 0)
        return NULL;
    board_see(&board, code);
    if (board.empty_count < 2) {
        PyErr_SetString(PyExc_ValueError, "no card comes after the one in hand");
        return NULL;
    }
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
    long long sums[CELLS] = {0};
    long long work = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < candidate_count; i++) {
        Board trial = board;
        board_place(&trial, candidates[i], code);
        sums[i] = expect_sum(&trial, &policy, depth, width, &work);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    PyObject *result = PyList_New(candidate_count);
    if (!result)
        return NULL;
    for (Py_ssize_t i = 0; i < candidate_count; i++) {
        PyObject *sum = PyLong_FromLongLong(sums[i]);
        if (!sum) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, i, sum);
    }
    return Py_BuildValue("NL", result, work);
}

static PyMethodDef methods[] = {
    {"cell_values", cell_values_function, METH_VARARGS,
     "cell_values(cells, code, values, points) -> worths"},
    {"self_play", self_play_function, METH_VARARGS,
     "self_play(decks, explore, values, points, totals, counts): games of self-play, credited"},
    {"expect_sums", expect_sums_function, METH_VARARGS,
     "expect_sums(cells, code, candidates, depth, width, values, points) -> (sums, work)"},
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
