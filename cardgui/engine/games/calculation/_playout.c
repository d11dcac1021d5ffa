/* Calculation's advisor play-outs, compiled.
 *
 * The same rule of thumb as policy.py (quick_choice, playout) and the same
 * totals as advisor._playout_totals for the same futures: every step here
 * follows the pure-Python one line for line, so the two give identical
 * answers (tests/engine/test_calculation_playout_compiled.py). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include "../../search/_splitmix.h"
#include "_ranks.h"

#define PILES 4
#define WON 52
#define MAX_PILE 52
#define EMPTY_PILE_COST 3
#define NOWHERE_GOOD 150
#define BURIED_COST 3
#define LATEST (FULL - 1)

typedef struct {
    signed char pile[PILES][MAX_PILE];
    int length[PILES];
    int height[PILES];
} Board;

static int need(const Board *b, int f)
{
    return b->height[f] < FULL ? SEQUENCE[f][b->height[f]] : 0;
}

/* policy.foundation_for: of the foundations that take rank, the one whose
 * next card is on the most waste-pile tops, then the one with the fewest
 * cards, then the first; -1 if none takes it. */
static int foundation_for(const Board *b, int rank)
{
    int best = -1, best_score = -1;
    for (int f = 0; f < PILES; f++) {
        if (need(b, f) != rank)
            continue;
        int after = b->height[f] + 1, score = 0;
        if (after < FULL) {
            int following = SEQUENCE[f][after];
            for (int p = 0; p < PILES; p++)
                if (b->length[p] && b->pile[p][b->length[p] - 1] == following)
                    score += 100;      /* outweighs any FULL - after */
            score += FULL - after;
        }
        if (score > best_score) {
            best_score = score;
            best = f;
        }
    }
    return best;
}

/* policy.settle: waste-pile tops to the foundations, pile by pile. */
static void settle(Board *b)
{
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int p = 0; p < PILES; p++) {
            while (b->length[p]) {
                int f = foundation_for(b, b->pile[p][b->length[p] - 1]);
                if (f < 0)
                    break;
                b->length[p]--;
                b->height[f]++;
                moved = 1;
            }
        }
    }
}

/* relaxed.clears_greedily, the same greedy play: each pile's top is kept
 * with a mask of the ranks on top, so a rank on no top goes straight to the
 * cards to come without looking at the piles. */
static int clears_greedily(const int *to_come, const Board *b)
{
    int pool[FULL + 1], length[PILES], height[PILES], top[PILES];
    unsigned tops = 0;
    memcpy(pool, to_come, sizeof pool);
    memcpy(length, b->length, sizeof length);
    memcpy(height, b->height, sizeof height);
    for (int p = 0; p < PILES; p++) {
        top[p] = length[p] ? b->pile[p][length[p] - 1] : 0;
        tops |= 1u << top[p];
    }
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int f = 0; f < PILES; f++) {
            while (height[f] < FULL) {
                int rank = SEQUENCE[f][height[f]], p = PILES;
                if (tops & (1u << rank))
                    for (p = 0; p < PILES; p++)
                        if (top[p] == rank) {
                            length[p]--;
                            top[p] = length[p] ? b->pile[p][length[p] - 1] : 0;
                            tops = 0;
                            for (int q = 0; q < PILES; q++)
                                tops |= 1u << top[q];
                            break;
                        }
                if (p == PILES) {
                    if (!pool[rank])
                        break;
                    pool[rank]--;
                }
                height[f]++;
                moved = 1;
            }
        }
    }
    return height[0] + height[1] + height[2] + height[3] == WON;
}

/* ranks.distance */
static int distance(int rank, const Board *b)
{
    int best = 99;
    for (int f = 0; f < PILES; f++) {
        int ahead = SLOT[f][rank] - b->height[f];
        if (ahead >= 0 && ahead < best)
            best = ahead;
    }
    return best;
}

/* policy.cover_cost */
static int cover_cost(int rank, const Board *b, int p)
{
    if (!b->length[p])
        return rank == FULL ? 0 : EMPTY_PILE_COST;
    int top = b->pile[p][b->length[p] - 1];
    if (rank == top)
        return 0;
    int best = NOWHERE_GOOD;
    for (int f = 0; f < PILES; f++) {
        int slot = SLOT[f][rank], top_slot = SLOT[f][top];
        if (slot >= b->height[f] && top_slot >= b->height[f]
                && top_slot - slot > 0 && top_slot - slot < best)
            best = top_slot - slot;
    }
    if (best == NOWHERE_GOOD) {
        int more = distance(rank, b) - distance(top, b);
        if (more > 0)
            best += more;
        int soonest = LATEST;
        for (int i = 0; i < b->length[p]; i++) {
            int ahead = distance(b->pile[p][i], b);
            if (ahead < soonest)
                soonest = ahead;
        }
        best += BURIED_COST * (LATEST - soonest);
    }
    return best;
}

/* policy.quick_choice */
static void quick_choice(int rank, Board *b, const int *to_come)
{
    int f = foundation_for(b, rank);
    if (f >= 0) {
        b->height[f]++;
        settle(b);
        return;
    }
    int order[PILES], cost[PILES];
    for (int p = 0; p < PILES; p++) {
        order[p] = p;
        cost[p] = cover_cost(rank, b, p);
    }
    /* a stable sort by (cost, pile), as Python's sorted */
    for (int i = 1; i < PILES; i++)
        for (int j = i; j > 0 && cost[order[j]] < cost[order[j - 1]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    int chosen = order[0];
    for (int i = 0; i < PILES; i++) {
        int p = order[i];
        b->pile[p][b->length[p]++] = (signed char)rank;
        int unwinds = clears_greedily(to_come, b);
        b->length[p]--;
        if (unwinds) {
            chosen = p;
            break;
        }
    }
    b->pile[chosen][b->length[chosen]++] = (signed char)rank;
    settle(b);
}

/* policy.playout */
static int playout(const Board *start, const unsigned char *future, Py_ssize_t n,
                   const int *to_come)
{
    Board b = *start;
    int remaining[FULL + 1];
    memcpy(remaining, to_come, sizeof remaining);
    for (Py_ssize_t i = 0; i < n; i++) {
        remaining[future[i]]--;
        quick_choice(future[i], &b, remaining);
    }
    return b.height[0] + b.height[1] + b.height[2] + b.height[3];
}

static int read_board(PyObject *candidate, Board *b)
{
    PyObject *piles, *heights;
    if (!PyArg_ParseTuple(candidate, "OO", &piles, &heights))
        return -1;
    memset(b, 0, sizeof *b);
    if (read_ints(heights, b->height, PILES, 0, FULL, "heights") < 0)
        return -1;
    PyObject *fast = PySequence_Fast(piles, "piles");
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != PILES) {
        PyErr_SetString(PyExc_ValueError, "piles: four waste piles expected");
        Py_DECREF(fast);
        return -1;
    }
    for (int p = 0; p < PILES; p++) {
        PyObject *pile = PySequence_Fast_GET_ITEM(fast, p);
        Py_ssize_t length = PySequence_Size(pile);
        if (length < 0 || length > MAX_PILE) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "piles: a pile is too long");
            Py_DECREF(fast);
            return -1;
        }
        int ranks[MAX_PILE];
        if (read_ints(pile, ranks, length, 1, FULL, "pile") < 0) {
            Py_DECREF(fast);
            return -1;
        }
        for (Py_ssize_t i = 0; i < length; i++)
            b->pile[p][i] = (signed char)ranks[i];
        b->length[p] = (int)length;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *totals_function(PyObject *self, PyObject *args)
{
    PyObject *candidates, *to_come_object;
    Py_buffer futures;
    int win_bonus;
    if (!PyArg_ParseTuple(args, "Oy*Oi", &candidates, &futures, &to_come_object, &win_bonus))
        return NULL;
    int to_come[FULL + 1];
    if (read_ints(to_come_object, to_come, FULL + 1, 0, 4, "to_come") < 0) {
        PyBuffer_Release(&futures);
        return NULL;
    }
    Py_ssize_t n = 0;
    for (int rank = 1; rank <= FULL; rank++)
        n += to_come[rank];
    const unsigned char *bytes = futures.buf;
    if (n == 0 || futures.len % n != 0) {
        PyBuffer_Release(&futures);
        PyErr_SetString(PyExc_ValueError, "futures: whole orders of the cards to come expected");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < futures.len; i++)
        if (bytes[i] < 1 || bytes[i] > FULL) {
            PyBuffer_Release(&futures);
            PyErr_SetString(PyExc_ValueError, "futures: ranks are 1-13");
            return NULL;
        }
    Py_ssize_t draws = futures.len / n;
    PyObject *fast = PySequence_Fast(candidates, "candidates");
    if (!fast) {
        PyBuffer_Release(&futures);
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    PyObject *result = PyList_New(count);
    for (Py_ssize_t c = 0; result && c < count; c++) {
        Board board;
        if (read_board(PySequence_Fast_GET_ITEM(fast, c), &board) < 0) {
            Py_CLEAR(result);
            break;
        }
        long long total = 0;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t d = 0; d < draws; d++) {
            int score = playout(&board, bytes + d * n, n, to_come);
            total += score + (score == WON ? win_bonus : 0);
        }
        Py_END_ALLOW_THREADS
        PyObject *value = PyLong_FromLongLong(total);
        if (!value) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, c, value);
    }
    Py_DECREF(fast);
    PyBuffer_Release(&futures);
    return result;
}

/* playouts.draw_future: the cards to come, smallest rank first, shuffled by
 * Fisher-Yates from the last place down. */
static void draw_future(const int *to_come, uint64_t *state, unsigned char *future, int n)
{
    int k = 0;
    for (int rank = 1; rank <= FULL; rank++)
        for (int copy = 0; copy < to_come[rank]; copy++)
            future[k++] = (unsigned char)rank;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(splitmix_next(state) % ((uint64_t)i + 1));
        unsigned char swap = future[i];
        future[i] = future[j];
        future[j] = swap;
    }
}

static PyObject *sampled_totals_function(PyObject *self, PyObject *args)
{
    PyObject *candidates, *to_come_object;
    Py_ssize_t draws;
    unsigned long long seed;
    int win_bonus;
    if (!PyArg_ParseTuple(args, "OOnKi", &candidates, &to_come_object, &draws, &seed, &win_bonus))
        return NULL;
    int to_come[FULL + 1];
    if (read_ints(to_come_object, to_come, FULL + 1, 0, 4, "to_come") < 0)
        return NULL;
    if (to_come[0] != 0) {
        PyErr_SetString(PyExc_ValueError, "to_come: no rank 0");
        return NULL;
    }
    int n = 0;
    for (int rank = 1; rank <= FULL; rank++)
        n += to_come[rank];
    if (draws < 0) {
        PyErr_SetString(PyExc_ValueError, "draws must not be negative");
        return NULL;
    }
    PyObject *fast = PySequence_Fast(candidates, "candidates");
    if (!fast)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    Board *boards = PyMem_Malloc(sizeof(Board) * (size_t)(count ? count : 1));
    long long *sums = PyMem_Calloc((size_t)(count ? count : 1), sizeof(long long));
    if (!boards || !sums) {
        PyMem_Free(boards);
        PyMem_Free(sums);
        Py_DECREF(fast);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t c = 0; c < count; c++)
        if (read_board(PySequence_Fast_GET_ITEM(fast, c), &boards[c]) < 0) {
            PyMem_Free(boards);
            PyMem_Free(sums);
            Py_DECREF(fast);
            return NULL;
        }
    Py_DECREF(fast);
    if (n > 0) {
        Py_BEGIN_ALLOW_THREADS
        uint64_t state = seed;
        unsigned char future[WON];
        for (Py_ssize_t d = 0; d < draws; d++) {
            draw_future(to_come, &state, future, n);
            for (Py_ssize_t c = 0; c < count; c++) {
                int score = playout(&boards[c], future, n, to_come);
                sums[c] += score + (score == WON ? win_bonus : 0);
            }
        }
        Py_END_ALLOW_THREADS
    }
    PyObject *result = PyList_New(count);
    for (Py_ssize_t c = 0; result && c < count; c++) {
        PyObject *value = PyLong_FromLongLong(sums[c]);
        if (!value) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, c, value);
    }
    PyMem_Free(boards);
    PyMem_Free(sums);
    return result;
}

static PyMethodDef methods[] = {
    {"totals", totals_function, METH_VARARGS,
     "totals(candidates, futures, to_come, win_bonus) -> a total a candidate"},
    {"sampled_totals", sampled_totals_function, METH_VARARGS,
     "sampled_totals(candidates, to_come, draws, seed, win_bonus) -> a total a candidate"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_playout", "Calculation's advisor play-outs, compiled.", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__playout(void)
{
    fill_rank_tables();
    return PyModule_Create(&module);
}
