/*
 * The Pyramid solver's search, compiled: an optional accelerator.
 *
 * The same depth-first search as search.py's _Search over the same packed
 * positions, with the same moves in the same order, the same relaxation,
 * the same tables and the same count of positions, so it returns exactly
 * what the pure-Python search returns; the tests hold the two together.
 * Only speed differs.  Read solver.py for why the search and its pruning
 * are right; this file only restates them.
 *
 * search(ranks, mask, pointer, left, limit, check_cancelled)
 *   -> (status, positions, moves)
 * status 1: won, moves holds the (first, second) moves; 0: every position
 * searched, no win; -1: more than limit positions.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../search/_small_table.h"

#define CANCEL_CHECK_INTERVAL 1024
#define PLACES 28
#define PYRAMID ((1ULL << PLACES) - 1)
#define KING 13
#define SUM 13
#define RANK_BITS 3
#define END 63
#define MAX_CARDS 52
#define MAX_DEPTH 512
#define MAX_SUCCESSORS 64
enum { KING_OFF = -1, DRAW = -2, TURN_OVER = -3 };
enum { FOUND = 1, EXHAUSTED = 0, OUT_OF_BUDGET = -1, FAILED = -2 };

/* -- the search ------------------------------------------------------------- */

typedef struct {
    int first, second;
} Move;

typedef struct {
    uint64_t mask, pool;
    int pointer, left;
    Move move;
} Child;

typedef struct {
    int ranks[64];
    int length;
    uint64_t covers[PLACES];
    Table seen, relaxed;
    long long positions, limit;
    PyObject *check_cancelled;
    PyThreadState *released;       /* the search runs without the GIL */
    PyObject *failure;             /* the error to raise once it has it back */
    Move path[MAX_DEPTH];
    int depth;
} Search;

static int next_card(uint64_t mask, int pointer)
{
    uint64_t rest = pointer >= 64 ? 0 : mask >> pointer;
    return rest ? pointer + __builtin_ctzll(rest) : END;
}

static int waste_top(uint64_t mask, int pointer)
{
    uint64_t below = mask & ~PYRAMID & (pointer >= 64 ? ~0ULL : (1ULL << pointer) - 1);
    return below ? 63 - __builtin_clzll(below) : -1;
}

static int count_position(Search *search)
{
    search->positions++;
    if (search->positions % CANCEL_CHECK_INTERVAL == 0 && search->check_cancelled != Py_None) {
        PyEval_RestoreThread(search->released);
        PyObject *result = PyObject_CallNoArgs(search->check_cancelled);
        Py_XDECREF(result);
        search->released = PyEval_SaveThread();
        if (!result)
            return FAILED;          /* its exception stays set for the caller */
    }
    return 0;
}

static int free_places(const Search *search, uint64_t pyramid, int *free)
{
    int count = 0;
    for (int index = 0; index < PLACES; index++)
        if ((pyramid >> index & 1) && !(pyramid & search->covers[index]))
            free[count++] = index;
    return count;
}

/* 1 if the relaxation clears the pyramid, 0 if not, FAILED. */
static int relaxation_wins(Search *search, uint64_t pyramid, uint64_t pool)
{
    if (!pyramid)
        return 1;
    uint64_t key = pyramid | pool << PLACES;
    int known = table_get(&search->relaxed, key, -1);
    if (known >= 0)
        return known;
    if (count_position(search) == FAILED)
        return FAILED;
    const int *ranks = search->ranks;
    int free[PLACES];
    int count = free_places(search, pyramid, free);
    int result = 0, king = -1;
    for (int i = 0; i < count; i++)
        if (ranks[free[i]] == KING) {
            king = free[i];
            break;
        }
    if (king >= 0) {
        result = relaxation_wins(search, pyramid & ~(1ULL << king), pool);
    } else {
        for (int i = 0; i < count && !result; i++) {
            int first = free[i], rank = ranks[first];
            for (int j = i + 1; j < count; j++) {
                if (rank + ranks[free[j]] != SUM)
                    continue;
                result = relaxation_wins(search,
                                         pyramid & ~(1ULL << first) & ~(1ULL << free[j]), pool);
                if (result)
                    break;
            }
            if (result)
                break;
            int shift = RANK_BITS * (SUM - rank - 1);
            if ((pool >> shift) & 7)
                result = relaxation_wins(search, pyramid & ~(1ULL << first),
                                         pool - (1ULL << shift));
        }
    }
    if (result == FAILED)
        return FAILED;
    if (table_put(&search->relaxed, key, (int8_t)result) < 0) {
        search->failure = PyExc_MemoryError;
        return FAILED;
    }
    return result;
}

/* The positions one move leads to, in the order they are tried; their
   count, or FAILED. */
static int successors(Search *search, uint64_t mask, int pointer, int left, uint64_t pool,
                      Child *found)
{
    const int *ranks = search->ranks;
    int free[PLACES + 2];
    int count = free_places(search, mask & PYRAMID, free);
    int top = waste_top(mask, pointer);
    if (pointer < search->length)
        free[count++] = pointer;
    if (top >= 0)
        free[count++] = top;
    for (int i = 0; i < count; i++)
        if (ranks[free[i]] == KING) {
            uint64_t rest = mask & ~(1ULL << free[i]);
            found[0] = (Child){rest, pool, next_card(rest, pointer), left, {free[i], KING_OFF}};
            return 1;
        }
    int n = 0;
    for (int i = 0; i < count; i++) {
        int first = free[i], rank = ranks[first];
        for (int j = i + 1; j < count; j++) {
            int second = free[j];
            if (rank + ranks[second] != SUM)
                continue;
            uint64_t rest = mask & ~(1ULL << first) & ~(1ULL << second);
            uint64_t rest_pool = pool;
            if (first >= PLACES)
                rest_pool -= 1ULL << (RANK_BITS * (ranks[first] - 1));
            if (second >= PLACES)
                rest_pool -= 1ULL << (RANK_BITS * (ranks[second] - 1));
            int wins = relaxation_wins(search, rest & PYRAMID, rest_pool);
            if (wins == FAILED)
                return FAILED;
            if (wins)
                found[n++] = (Child){rest, rest_pool, next_card(rest, pointer), left,
                                     {first, second}};
        }
    }
    if (pointer < search->length)
        found[n++] = (Child){mask, pool, next_card(mask, pointer + 1), left, {DRAW, DRAW}};
    else if (top >= 0 && left != 0)
        found[n++] = (Child){mask, pool, next_card(mask, PLACES), left > 0 ? left - 1 : left,
                             {TURN_OVER, TURN_OVER}};
    return n;
}

/* 1 to expand the position, 0 if it or the same cards with more passes left
   was entered before, or OUT_OF_BUDGET, FAILED. */
static int enter(Search *search, uint64_t mask, int pointer, int left)
{
    uint64_t key = mask << 6 | (uint64_t)pointer;
    if (table_get(&search->seen, key, -2) >= left)
        return 0;
    if (table_put(&search->seen, key, (int8_t)left) < 0) {
        search->failure = PyExc_MemoryError;
        return FAILED;
    }
    if (count_position(search) == FAILED)
        return FAILED;
    if (search->positions > search->limit)
        return OUT_OF_BUDGET;
    return 1;
}

static int visit(Search *search, uint64_t mask, int pointer, int left, uint64_t pool)
{
    if (search->depth >= MAX_DEPTH) {
        search->failure = PyExc_RecursionError;
        return FAILED;
    }
    Child found[MAX_SUCCESSORS];
    int count = successors(search, mask, pointer, left, pool, found);
    if (count == FAILED)
        return FAILED;
    for (int i = 0; i < count; i++) {
        const Child *child = &found[i];
        search->path[search->depth++] = child->move;
        if (!(child->mask & PYRAMID))
            return FOUND;
        int entered = enter(search, child->mask, child->pointer, child->left);
        if (entered < 0)
            return entered;
        if (entered) {
            int outcome = visit(search, child->mask, child->pointer, child->left, child->pool);
            if (outcome != EXHAUSTED)
                return outcome;
        }
        search->depth--;
    }
    return EXHAUSTED;
}

static int run(Search *search, uint64_t mask, int pointer, int left)
{
    pointer = next_card(mask, pointer);
    uint64_t pool = 0;
    for (int index = PLACES; index < search->length; index++)
        if ((mask >> index & 1) && search->ranks[index] != KING)
            pool += 1ULL << (RANK_BITS * (search->ranks[index] - 1));
    if (!(mask & PYRAMID))
        return FOUND;
    int wins = relaxation_wins(search, mask & PYRAMID, pool);
    if (wins != 1)
        return wins == 0 ? EXHAUSTED : FAILED;
    int entered = enter(search, mask, pointer, left);
    if (entered < 0)
        return entered;
    return visit(search, mask, pointer, left, pool);
}

static PyObject *moves_list(const Search *search)
{
    PyObject *moves = PyList_New(search->depth);
    if (!moves)
        return NULL;
    for (int i = 0; i < search->depth; i++) {
        PyObject *item = Py_BuildValue("(ii)", search->path[i].first, search->path[i].second);
        if (!item) {
            Py_DECREF(moves);
            return NULL;
        }
        PyList_SET_ITEM(moves, i, item);
    }
    return moves;
}

static PyObject *search_function(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *ranks, *check_cancelled;
    unsigned long long mask;
    int pointer, left;
    long long limit;
    if (!PyArg_ParseTuple(args, "O!KiiLO", &PyTuple_Type, &ranks, &mask, &pointer, &left,
                          &limit, &check_cancelled))
        return NULL;
    Py_ssize_t length = PyTuple_Size(ranks);
    if (length < PLACES || length > MAX_CARDS || pointer < PLACES || pointer > 64) {
        PyErr_SetString(PyExc_ValueError, "28 to 52 ranks, a pointer from 28");
        return NULL;
    }
    Search *search = calloc(1, sizeof(Search));
    if (!search)
        return PyErr_NoMemory();
    search->length = (int)length;
    for (Py_ssize_t i = 0; i < length; i++) {
        long rank = PyLong_AsLong(PyTuple_GET_ITEM(ranks, i));
        if (rank < 0 || rank > KING) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a rank is a number from 0 to 13");
            free(search);
            return NULL;
        }
        search->ranks[i] = (int)rank;
    }
    for (int row = 0; row < 7; row++)
        for (int number = 0; number <= row; number++)
            search->covers[row * (row + 1) / 2 + number] =
                row == 6 ? 0 : 3ULL << ((row + 1) * (row + 2) / 2 + number);
    search->limit = limit;
    search->check_cancelled = check_cancelled;
    /* Other threads (the window's) run while the search does. */
    search->released = PyEval_SaveThread();
    int outcome = run(search, (uint64_t)mask, pointer, left);
    PyEval_RestoreThread(search->released);
    if (search->failure)
        PyErr_SetString(search->failure, "the Pyramid search ran out of memory or depth");
    PyObject *result = NULL;
    if (outcome != FAILED) {
        PyObject *moves = outcome == FOUND ? moves_list(search) : PyList_New(0);
        if (moves)
            result = Py_BuildValue("(iLN)", outcome, search->positions, moves);
    }
    table_free(&search->seen);
    table_free(&search->relaxed);
    free(search);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search_function, METH_VARARGS,
     "search(ranks, mask, pointer, left, limit, check_cancelled) -> (status, positions, moves)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "The Pyramid solver's search, compiled.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void)
{
    return PyModule_Create(&module);
}
