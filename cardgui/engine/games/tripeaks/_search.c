/*
 * The TriPeaks solver's search, compiled: an optional accelerator.
 *
 * The same depth-first search as search.py's _Search over the same packed
 * positions, with the same moves in the same order, the same table and the
 * same count of positions, so it returns exactly what the pure-Python
 * search returns; the tests hold the two together.  Only speed differs.
 * Read solver.py for why the search and its pruning are right; this file
 * only restates them.
 *
 * search(ranks, mask, stock, pointer, top, wrap, limit, check_cancelled)
 *   -> (status, positions, moves)
 * status 1: won, moves holds the (kind, number) moves; 0: every position
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
#define KING 13
#define MAX_STOCK 52
#define MAX_DEPTH 256
#define MAX_SUCCESSORS (PLACES + KING + 1)
enum { PLAY = 0, TURN = 1 };
enum { FOUND = 1, EXHAUSTED = 0, OUT_OF_BUDGET = -1, FAILED = -2 };

/* -- the search ------------------------------------------------------------- */

typedef struct {
    int kind, number;
} Move;

typedef struct {
    uint32_t mask;
    int pointer, top;
    Move move;
} Child;

typedef struct {
    int ranks[PLACES];
    int stock[MAX_STOCK];
    int stock_length, wrap;
    uint32_t covers[PLACES], under[PLACES], lies_over[PLACES], touching[KING + 1];
    int last_touching[KING + 1];
    Table lowest;
    long long positions, limit;
    PyObject *check_cancelled;
    PyThreadState *released;       /* the search runs without the GIL */
    PyObject *failure;             /* the error to raise once it has it back */
    Move path[MAX_DEPTH];
    int depth;
} Search;

static int touch(const Search *search, int rank, int top)
{
    int apart = rank > top ? rank - top : top - rank;
    return top == 0 || apart == 1 || (search->wrap && apart == KING - 1);
}

/* 1 to expand the position, 0 if the same cards and top were entered with
   the pointer here or earlier, or OUT_OF_BUDGET, FAILED. */
static int enter(Search *search, uint32_t mask, int pointer, int top)
{
    uint64_t key = (uint64_t)mask | (uint64_t)top << PLACES;
    if (table_get(&search->lowest, key, INT8_MAX) <= pointer)
        return 0;
    if (table_put(&search->lowest, key, (int8_t)pointer) < 0) {
        search->failure = PyExc_MemoryError;
        return FAILED;
    }
    search->positions++;
    if (search->positions % CANCEL_CHECK_INTERVAL == 0 && search->check_cancelled != Py_None) {
        PyEval_RestoreThread(search->released);
        PyObject *result = PyObject_CallNoArgs(search->check_cancelled);
        Py_XDECREF(result);
        search->released = PyEval_SaveThread();
        if (!result)
            return FAILED;          /* its exception stays set for the caller */
    }
    if (search->positions > search->limit)
        return OUT_OF_BUDGET;
    return 1;
}

static int hopeless(const Search *search, uint32_t mask, int pointer, int top)
{
    uint32_t rest = mask;
    while (rest) {
        int index = __builtin_ctz(rest);
        uint32_t bit = 1u << index;
        rest &= rest - 1;
        int rank = search->ranks[index];
        if (mask & search->touching[rank] & ~search->lies_over[index] & ~bit)
            continue;
        if (search->last_touching[rank] >= pointer || touch(search, rank, top))
            continue;
        return 1;
    }
    return 0;
}

static int successors(const Search *search, uint32_t mask, int pointer, int top, Child *found)
{
    if (hopeless(search, mask, pointer, top))
        return 0;
    const int *ranks = search->ranks;
    int free[PLACES], count = 0;
    uint32_t free_bits = 0;
    for (int index = 0; index < PLACES; index++)
        if ((mask >> index & 1) && !(mask & search->covers[index])) {
            free[count++] = index;
            free_bits |= 1u << index;
        }
    int follows[PLACES], order[PLACES], plays = 0;
    for (int i = 0; i < count; i++) {
        int index = free[i], rank = ranks[index];
        if (!touch(search, rank, top))
            continue;
        uint32_t rest = mask & ~(1u << index);
        uint32_t freed = 0;     /* the cards it lay over that nothing covers now */
        for (uint32_t under = search->under[index]; under; under &= under - 1) {
            int place = __builtin_ctz(under);
            if ((rest >> place & 1) && !(rest & search->covers[place]))
                freed |= 1u << place;
        }
        int follow = __builtin_popcount(((free_bits & ~(1u << index)) | freed)
                                        & search->touching[rank]);
        /* Insert in order: most follows first, then the lower place. */
        int at = plays++;
        while (at > 0 && (follows[at - 1] < follow
                          || (follows[at - 1] == follow && order[at - 1] > index))) {
            follows[at] = follows[at - 1];
            order[at] = order[at - 1];
            at--;
        }
        follows[at] = follow;
        order[at] = index;
    }
    int n = 0;
    for (int i = 0; i < plays; i++)
        found[n++] = (Child){mask & ~(1u << order[i]), pointer, ranks[order[i]],
                             {PLAY, order[i]}};
    int offered = 1 << top;
    for (int number = pointer; number < search->stock_length; number++) {
        int rank = search->stock[number];
        if (offered >> rank & 1)
            continue;
        offered |= 1 << rank;
        found[n++] = (Child){mask, number + 1, rank, {TURN, number}};
    }
    return n;
}

static int visit(Search *search, uint32_t mask, int pointer, int top)
{
    if (search->depth >= MAX_DEPTH) {
        search->failure = PyExc_RecursionError;
        return FAILED;
    }
    Child found[MAX_SUCCESSORS];
    int count = successors(search, mask, pointer, top, found);
    for (int i = 0; i < count; i++) {
        const Child *child = &found[i];
        search->path[search->depth++] = child->move;
        if (!child->mask)
            return FOUND;
        int entered = enter(search, child->mask, child->pointer, child->top);
        if (entered < 0)
            return entered;
        if (entered) {
            int outcome = visit(search, child->mask, child->pointer, child->top);
            if (outcome != EXHAUSTED)
                return outcome;
        }
        search->depth--;
    }
    return EXHAUSTED;
}

static void prepare(Search *search)
{
    /* The places each place lies over, directly or not, from the covers
       (position.py's COVERING, passed in as bits). */
    for (int index = 0; index < PLACES; index++) {
        uint32_t over = 0;
        for (int under = 0; under < PLACES; under++)
            if (search->covers[under] >> index & 1)
                over |= 1u << under;
        search->under[index] = over;
        search->lies_over[index] = over;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int index = 0; index < PLACES; index++) {
            uint32_t wider = search->lies_over[index];
            for (int under = 0; under < PLACES; under++)
                if (search->lies_over[index] >> under & 1)
                    wider |= search->lies_over[under];
            if (wider != search->lies_over[index]) {
                search->lies_over[index] = wider;
                changed = 1;
            }
        }
    }
    for (int rank = 0; rank <= KING; rank++) {
        search->touching[rank] = 0;
        for (int index = 0; index < PLACES; index++)
            if (touch(search, search->ranks[index], rank))
                search->touching[rank] |= 1u << index;
        search->last_touching[rank] = -1;
        for (int number = 0; number < search->stock_length; number++)
            if (touch(search, search->stock[number], rank))
                search->last_touching[rank] = number;
    }
}

static int read_ranks(PyObject *tuple, int *into, Py_ssize_t most, int *length)
{
    Py_ssize_t count = PyTuple_Size(tuple);
    if (count < 0 || count > most) {
        PyErr_SetString(PyExc_ValueError, "too many ranks");
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        long rank = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (rank < 0 || rank > KING) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a rank is a number from 0 to 13");
            return -1;
        }
        into[i] = (int)rank;
    }
    *length = (int)count;
    return 0;
}

static PyObject *moves_list(const Search *search)
{
    PyObject *moves = PyList_New(search->depth);
    if (!moves)
        return NULL;
    for (int i = 0; i < search->depth; i++) {
        PyObject *item = Py_BuildValue("(ii)", search->path[i].kind, search->path[i].number);
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
    PyObject *ranks, *stock, *covers, *check_cancelled;
    unsigned long mask;
    int pointer, top, wrap;
    long long limit;
    if (!PyArg_ParseTuple(args, "O!O!kO!iipLO", &PyTuple_Type, &ranks, &PyTuple_Type, &covers,
                          &mask, &PyTuple_Type, &stock, &pointer, &top, &wrap, &limit,
                          &check_cancelled))
        return NULL;
    Search *search = calloc(1, sizeof(Search));
    if (!search)
        return PyErr_NoMemory();
    int places;
    if (read_ranks(ranks, search->ranks, PLACES, &places) < 0
            || read_ranks(stock, search->stock, MAX_STOCK, &search->stock_length) < 0) {
        free(search);
        return NULL;
    }
    if (places != PLACES || PyTuple_Size(covers) != PLACES || top < 0 || top > KING
            || pointer < 0 || pointer > search->stock_length) {
        PyErr_SetString(PyExc_ValueError, "28 places and their covers, a top and a pointer");
        free(search);
        return NULL;
    }
    for (int i = 0; i < PLACES; i++) {
        unsigned long value = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(covers, i));
        if (PyErr_Occurred()) {
            free(search);
            return NULL;
        }
        search->covers[i] = (uint32_t)value;
    }
    search->wrap = wrap;
    search->limit = limit;
    search->check_cancelled = check_cancelled;
    prepare(search);
    int outcome;
    /* Other threads (the window's) run while the search does. */
    search->released = PyEval_SaveThread();
    if (!mask) {
        outcome = FOUND;
    } else {
        outcome = enter(search, (uint32_t)mask, pointer, top);
        if (outcome == 1)
            outcome = visit(search, (uint32_t)mask, pointer, top);
    }
    PyEval_RestoreThread(search->released);
    if (search->failure)
        PyErr_SetString(search->failure, "the TriPeaks search ran out of memory or depth");
    PyObject *result = NULL;
    if (outcome != FAILED) {
        PyObject *moves = outcome == FOUND ? moves_list(search) : PyList_New(0);
        if (moves)
            result = Py_BuildValue("(iLN)", outcome, search->positions, moves);
    }
    table_free(&search->lowest);
    free(search);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search_function, METH_VARARGS,
     "search(ranks, covers, mask, stock, pointer, top, wrap, limit, check_cancelled)"
     " -> (status, positions, moves)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "The TriPeaks solver's search, compiled.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void)
{
    return PyModule_Create(&module);
}
