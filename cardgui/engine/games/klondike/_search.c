/*
 * The Klondike solver's search, compiled: an optional accelerator.
 *
 * The same depth-first search as solver_search.py's _Search over the same compact
 * positions, with the same moves in the same order (solver_moves.generate),
 * the same table key and the same count of positions, so it returns exactly
 * what the pure-Python search returns; the tests hold the two together.
 * Only speed differs.  Read solver.py and solver_moves.py for what the moves
 * and the pruning are and why they are safe; this file only restates them.
 *
 * search(stacks, tops, stock, position, limit, check_cancelled)
 *   -> (status, positions, path)
 * status 1: won, path holds the moves; 0: every position searched, no win;
 * -1: more than limit positions.  Each move in path is a tuple of parts
 * (source, cards, target, deals, stock_index), made one after the other.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_search_moves.h"
#include "_search_position.h"
#include "_search_table.h"

#define CANCEL_CHECK_INTERVAL 1024
#define MAX_DEPTH 1024

typedef struct {
    Table table;
    SizesTable sizes;
    long long positions, limit;
    PyObject *check_cancelled;
    Move path[MAX_DEPTH];
    int depth;
    uint64_t stock_bit[MAX_CARDS];   /* a card's bit: its place in the first stock */
    PyThreadState *released;         /* the search runs without the GIL */
    PyObject *failure;               /* the error to raise once it has it back */
} Search;

/* -- the search -------------------------------------------------------------- */

enum { FOUND = 1, EXHAUSTED = 0, OUT_OF_BUDGET = -1, FAILED = -2 };

static int visit(Search *search, const Position *p)
{
    if (p->tops[0] == 13 && p->tops[1] == 13 && p->tops[2] == 13 && p->tops[3] == 13)
        return FOUND;
    Key key, unsized;
    position_key(p, &key);
    if (table_has(&search->table, &key))
        return EXHAUSTED;
    /* The same position with the pile where dealing reaches this one was
       searched already, without a win: neither can this one win. */
    int settled = settled_position(p->stock_length, p->position);
    unsized = key;
    unsized.word[4] &= ~SETTLED_MASK;
    const Sizes *sizes = sizes_find(&search->sizes, &unsized);
    if (sizes) {
        uint64_t earlier = 0;
        if (settled < 0) {
            earlier = ~0ULL;
        } else {
            for (int q = p->position - DEAL_COUNT; q >= 1; q -= DEAL_COUNT)
                earlier |= 1ULL << q;
        }
        if (sizes->sizes & earlier)
            return EXHAUSTED;
    }
    if (table_add(&search->table, &key) < 0
            || (settled >= 0 && sizes_add(&search->sizes, &unsized, settled) < 0)) {
        search->failure = PyExc_MemoryError;
        return FAILED;
    }
    search->positions++;
    if (search->positions > search->limit)
        return OUT_OF_BUDGET;
    if (search->positions % CANCEL_CHECK_INTERVAL == 0 && search->check_cancelled != Py_None) {
        PyEval_RestoreThread(search->released);
        PyObject *result = PyObject_CallNoArgs(search->check_cancelled);
        Py_XDECREF(result);
        search->released = PyEval_SaveThread();
        if (!result)
            return FAILED;          /* its exception stays set for the caller */
    }
    if (search->depth >= MAX_DEPTH) {
        search->failure = PyExc_RecursionError;
        return FAILED;
    }
    Move moves[MAX_MOVES];
    int count = generate(p, moves);
    for (int i = 0; i < count; i++) {
        Position child = *p;
        apply_move(&child, &moves[i]);
        search->path[search->depth++] = moves[i];
        int outcome = visit(search, &child);
        if (outcome != EXHAUSTED)
            return outcome;
        search->depth--;
    }
    return EXHAUSTED;
}

static int read_position(PyObject *stacks, PyObject *tops, PyObject *stock, int position,
                         Position *p, uint64_t *stock_bit)
{
    memset(p, 0, sizeof *p);
    p->stock_bit = stock_bit;
    Py_ssize_t count = PyTuple_Size(stacks);
    if (count < 0 || count > MAX_STACKS) {
        PyErr_SetString(PyExc_ValueError, "at most ten stacks");
        return -1;
    }
    p->count = (int8_t)count;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *stack = PyTuple_GET_ITEM(stacks, i);
        if (!PyBytes_Check(stack) || PyBytes_GET_SIZE(stack) < 1
                || PyBytes_GET_SIZE(stack) > MAX_CARDS + 1) {
            PyErr_SetString(PyExc_ValueError, "a stack is bytes: hidden count, then cards");
            return -1;
        }
        const uint8_t *data = (const uint8_t *)PyBytes_AS_STRING(stack);
        p->hidden[i] = data[0];
        p->length[i] = (uint8_t)(PyBytes_GET_SIZE(stack) - 1);
        memcpy(p->cards[i], data + 1, p->length[i]);
        for (int k = 0; k < p->length[i]; k++)
            if (p->cards[i][k] >= MAX_CARDS) {
                PyErr_SetString(PyExc_ValueError, "a card is a number below 52");
                return -1;
            }
    }
    for (int i = 0; i < 4; i++) {
        long top = PyLong_AsLong(PyTuple_GetItem(tops, i));
        if (top == -1 && PyErr_Occurred())
            return -1;
        p->tops[i] = (uint8_t)top;
    }
    if (!PyBytes_Check(stock) || PyBytes_GET_SIZE(stock) > MAX_CARDS) {
        PyErr_SetString(PyExc_ValueError, "the stock is bytes");
        return -1;
    }
    p->stock_length = (uint8_t)PyBytes_GET_SIZE(stock);
    memcpy(p->stock, PyBytes_AS_STRING(stock), p->stock_length);
    for (int i = 0; i < p->stock_length; i++) {
        if (p->stock[i] >= MAX_CARDS) {
            PyErr_SetString(PyExc_ValueError, "a card is a number below 52");
            return -1;
        }
        stock_bit[p->stock[i]] = 1ULL << i;
        p->stock_mask |= 1ULL << i;
    }
    p->position = (uint8_t)position;
    return 0;
}

static PyObject *path_list(const Search *search)
{
    PyObject *path = PyList_New(search->depth);
    if (!path)
        return NULL;
    for (int i = 0; i < search->depth; i++) {
        const Move *move = &search->path[i];
        PyObject *parts = PyTuple_New(move->parts);
        if (!parts) {
            Py_DECREF(path);
            return NULL;
        }
        for (int k = 0; k < move->parts; k++) {
            const Part *part = &move->part[k];
            PyObject *item = Py_BuildValue("(iiiii)", part->source, part->cards, part->target,
                                           part->deals, part->stock_index);
            if (!item) {
                Py_DECREF(parts);
                Py_DECREF(path);
                return NULL;
            }
            PyTuple_SET_ITEM(parts, k, item);
        }
        PyList_SET_ITEM(path, i, parts);
    }
    return path;
}

static PyObject *search_function(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *stacks, *tops, *stock, *check_cancelled;
    int position;
    long long limit;
    if (!PyArg_ParseTuple(args, "O!O!O!iLO", &PyTuple_Type, &stacks, &PyTuple_Type, &tops,
                          &PyBytes_Type, &stock, &position, &limit, &check_cancelled))
        return NULL;
    Search *search = calloc(1, sizeof(Search));
    if (!search)
        return PyErr_NoMemory();
    Position start;
    if (read_position(stacks, tops, stock, position, &start, search->stock_bit) < 0) {
        free(search);
        return NULL;
    }
    search->limit = limit;
    search->check_cancelled = check_cancelled;
    /* Other threads (the window's) run while the search does. */
    search->released = PyEval_SaveThread();
    int outcome = visit(search, &start);
    PyEval_RestoreThread(search->released);
    if (search->failure)
        PyErr_SetString(search->failure, "the Klondike search ran out of memory or depth");
    PyObject *result = NULL;
    if (outcome != FAILED) {
        PyObject *path = outcome == FOUND ? path_list(search) : PyList_New(0);
        if (path)
            result = Py_BuildValue("(iLN)", outcome, search->positions, path);
    }
    free(search->table.slots);
    free(search->sizes.slots);
    free(search);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search_function, METH_VARARGS,
     "search(stacks, tops, stock, position, limit, check_cancelled) -> (status, positions, path)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "The Klondike solver's search, compiled.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void)
{
    return PyModule_Create(&module);
}
