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
 * search(stacks, tops, stock, position, passes, draw, take_back, limit,
 *        check_cancelled) -> (status, positions, path)
 * status 1: won, path holds the moves; 0: every position searched, no win;
 * -1: more than limit positions.  Each move in path is a tuple of parts
 * (source, cards, target, deals, slot, turns), made one after the other.
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
#define MAX_DEPTH 2048

typedef struct {
    Table table;
    Rules rules;
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
    uint64_t key[KEY_WORDS], cover[MASK_WORDS];
    int word, bit;
    position_key(p, &search->rules, key);
    stock_state(p->stock_length, p->position, search->rules.draw, p->passes, &word, &bit, cover);
    uint64_t *seen = table_entry(&search->table, key);
    if (!seen) {
        search->failure = PyExc_MemoryError;
        return FAILED;
    }
    /* Searched already, or from a state dealing reaches this one from. */
    if (seen[word] >> bit & 1)
        return EXHAUSTED;
    for (int w = 0; w < search->table.mask_words; w++)
        if (seen[w] & cover[w])
            return EXHAUSTED;
    seen[word] |= 1ULL << bit;
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
    int count = generate(p, &search->rules, moves);
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
                         int passes, Position *p, uint64_t *stock_bit)
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
    if (position < 0 || position > p->stock_length || passes < UNLIMITED
            || passes >= MASK_WORDS) {
        PyErr_SetString(PyExc_ValueError, "no such pile position or passes left");
        return -1;
    }
    p->position = (uint8_t)position;
    p->passes = (int8_t)passes;
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
            PyObject *item = Py_BuildValue("(iiiiii)", part->source, part->cards, part->target,
                                           part->deals, part->slot, part->turns);
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
    int position, passes, draw, take_back;
    long long limit;
    if (!PyArg_ParseTuple(args, "O!O!O!iiipLO", &PyTuple_Type, &stacks, &PyTuple_Type, &tops,
                          &PyBytes_Type, &stock, &position, &passes, &draw, &take_back,
                          &limit, &check_cancelled))
        return NULL;
    if (draw != 1 && draw != 3) {
        PyErr_SetString(PyExc_ValueError, "a deal takes one card or three");
        return NULL;
    }
    Search *search = calloc(1, sizeof(Search));
    if (!search)
        return PyErr_NoMemory();
    Position start;
    if (read_position(stacks, tops, stock, position, passes, &start, search->stock_bit) < 0) {
        free(search);
        return NULL;
    }
    search->limit = limit;
    search->check_cancelled = check_cancelled;
    search->rules.draw = draw;
    search->rules.take_back = take_back;
    table_init(&search->table, take_back ? 7 : 5, passes == UNLIMITED ? 1 : MASK_WORDS);
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
    free(search);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search_function, METH_VARARGS,
     "search(stacks, tops, stock, position, passes, draw, take_back, limit, check_cancelled)"
     " -> (status, positions, path)"},
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
