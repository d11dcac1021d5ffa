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
 *        check_cancelled, first_run) -> (status, positions, path, best)
 * The search runs again and again, first_run positions at first and half
 * as many again each time (see solver_search.py); each run keeps the
 * positions the runs before it searched to the end.
 * status 1: won, path holds the moves; 0: every position searched, no win;
 * -1: more than limit positions; -2: every position searched within
 * MAX_DEPTH moves, no win, but some lay deeper.  Each move in path is a
 * tuple of parts (source, cards, target, deals, slot, turns), made one after
 * the other.  best: the moves to the first position found with the most
 * cards up (empty when won, or when no move puts a card up).
 *
 * The recursion keeps little on the C stack (a position and a few words a
 * level): the moves of every level live in one array on the heap, and the
 * move generator's scratch arrays only in its own frame, so MAX_DEPTH
 * levels fit a thread's stack with room to spare.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_search_moves.h"
#include "_search_position.h"
#include "_search_table.h"
#include "../../search/_splitmix.h"

#define CANCEL_CHECK_INTERVAL 1024
#define MAX_DEPTH 1000          /* solver_search.MAX_DEPTH */

/* solver_search.JITTERS */
static const int JITTERS[] = {64, 8};
#define JITTER_COUNT ((int)(sizeof JITTERS / sizeof JITTERS[0]))

typedef struct {
    Table table;
    Rules rules;
    long long positions, limit;
    long long stop_at;               /* this run's last position: limit in the last run */
    uint64_t random_state;           /* the later runs' tie-breaks (splitmix64) */
    int jitter;                      /* 0 in the first run, else from JITTERS */
    PyObject *check_cancelled;
    Move path[MAX_DEPTH];
    int depth;
    int cut;                         /* a position lay deeper than MAX_DEPTH */
    Move best[MAX_DEPTH];            /* the line to the most cards up so far */
    int best_depth, best_up;
    Move *moves;                     /* every level's moves, one after another */
    size_t moves_used, moves_capacity;
    uint64_t stock_bit[MAX_CARDS];   /* a card's bit: its place in the first stock */
    PyThreadState *released;         /* the search runs without the GIL */
    PyObject *failure;               /* the error to raise once it has it back */
} Search;

/* -- the search -------------------------------------------------------------- */

enum { FOUND = 1, EXHAUSTED = 0, OUT_OF_BUDGET = -1, CUT = -2, FAILED = -3 };

/* solver_search._Random.below */
static int random_below(Search *search, int bound)
{
    return (int)(splitmix_next(&search->random_state) % (uint64_t)bound);
}

/* solver_search._shuffled: the moves in the order of 4 * place + a random
   jitter, ties kept in place (a stable insertion sort). */
static void shuffle_moves(Search *search, Move *moves, int count)
{
    int order[MAX_MOVES];
    for (int i = 0; i < count; i++)
        order[i] = 4 * i + random_below(search, search->jitter);
    for (int i = 1; i < count; i++) {
        Move move = moves[i];
        int key = order[i], j = i - 1;
        while (j >= 0 && order[j] > key) {
            moves[j + 1] = moves[j];
            order[j + 1] = order[j];
            j--;
        }
        moves[j + 1] = move;
        order[j + 1] = key;
    }
}

/* Room for one more level's moves at search->moves + moves_used; 0 out of memory. */
static int room_for_moves(Search *search)
{
    if (search->moves_used + MAX_MOVES <= search->moves_capacity)
        return 1;
    size_t capacity = search->moves_capacity ? search->moves_capacity * 2 : 64 * MAX_MOVES;
    Move *moves = realloc(search->moves, capacity * sizeof(Move));
    if (!moves)
        return 0;
    search->moves = moves;
    search->moves_capacity = capacity;
    return 1;
}

/* The bits of a table entry's first stock-state word that are stock-state
   bits (with packed keys it shares the key's last word). */
static uint64_t state_bits_of(const Rules *rules)
{
    return rules->packed ? ~PACKED_KEY_BITS : ~0ULL;
}

/* The pile card move plays, as its slot in the stock; -1 if it plays none. */
static int pile_slot(const Move *move)
{
    for (int k = 0; k < move->parts; k++)
        if (move->part[k].source == PILE_SOURCE)
            return move->part[k].slot;
    return -1;
}

/* solver_moves.for_another_state: the moves of a position whose key was
   searched in another state of the hand and pile (unlimited passes, a
   state that is not settled), in place: those playing a pile card that a
   settled state's dealing reaches too (a pile of a multiple of draw cards,
   or of the whole stock) left out, the other pile plays first, then the
   rest, each in the order they came.  Returns how many are left.  Kept out
   of the search's recursive frame, as generate is. */
#if defined(__GNUC__)
__attribute__((noinline))
#elif defined(_MSC_VER)
__declspec(noinline)
#endif
static int for_another_state(Move *moves, int count, const Position *p, int draw)
{
    Move kept[MAX_MOVES];
    int n = 0;
    for (int i = 0; i < count; i++) {
        int slot = pile_slot(&moves[i]);
        if (slot >= 0 && (slot + 1) % draw && slot + 1 != p->stock_length)
            kept[n++] = moves[i];
    }
    for (int i = 0; i < count; i++)
        if (pile_slot(&moves[i]) < 0)
            kept[n++] = moves[i];
    memcpy(moves, kept, n * sizeof(Move));
    return n;
}

static int visit(Search *search, const Position *p);

/* Visit the positions the count moves at search->moves[first] lead to from
   p, in turn, until one ends the search; their room is given back once all
   are EXHAUSTED. */
static int visit_moves(Search *search, const Position *p, size_t first, int count)
{
    search->moves_used += count;
    for (int i = 0; i < count; i++) {
        Position child = *p;
        apply_move(&child, &search->moves[first + i]);
        search->path[search->depth++] = search->moves[first + i];
        int outcome = visit(search, &child);
        if (outcome != EXHAUSTED)
            return outcome;
        search->depth--;
    }
    search->moves_used = first;
    return EXHAUSTED;
}

static int visit(Search *search, const Position *p)
{
    if (p->tops[0] == 13 && p->tops[1] == 13 && p->tops[2] == 13 && p->tops[3] == 13)
        return FOUND;
    if (search->depth >= MAX_DEPTH) {
        search->cut = 1;
        return EXHAUSTED;
    }
    /* A held pile card (pile_used_at_once): the moves that put something on
       it, as if they were made with the move that played it, so neither
       counted nor kept in the table (solver.py, "The free-stock
       relaxation"). */
    if (search->rules.pile_used_at_once && p->pending) {
        if (!room_for_moves(search)) {
            search->failure = PyExc_MemoryError;
            return FAILED;
        }
        size_t first = search->moves_used;
        int count = generate(p, &search->rules, search->moves + first);
        return visit_moves(search, p, first, count);
    }
    uint64_t key[KEY_WORDS], cover[MASK_WORDS];
    int word, bit;
    position_key(p, &search->rules, key);
    state_bits(p, &search->rules, &word, &bit, cover);
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
    /* solver_search._Search._enter: another state of the hand and pile
       was searched with this key (for_another_state; solver.py, "A key
       searched in another state"). */
    int searched_in_other_state = !search->rules.take_back && p->passes == UNLIMITED
        && bit != SETTLED_BIT && (seen[0] & state_bits_of(&search->rules)) != 0;
    seen[word] |= 1ULL << bit;
    search->positions++;
    if (search->positions > search->stop_at)
        return OUT_OF_BUDGET;
    if (search->positions % CANCEL_CHECK_INTERVAL == 0 && search->check_cancelled != Py_None) {
        PyEval_RestoreThread(search->released);
        PyObject *result = PyObject_CallNoArgs(search->check_cancelled);
        Py_XDECREF(result);
        search->released = PyEval_SaveThread();
        if (!result)
            return FAILED;          /* its exception stays set for the caller */
    }
    int up = p->tops[0] + p->tops[1] + p->tops[2] + p->tops[3];
    if (up > search->best_up) {
        search->best_up = up;
        search->best_depth = search->depth;
        memcpy(search->best, search->path, search->depth * sizeof(Move));
    }
    if (!room_for_moves(search)) {
        search->failure = PyExc_MemoryError;
        return FAILED;
    }
    size_t first = search->moves_used;
    int count = generate(p, &search->rules, search->moves + first);
    if (search->jitter && count > 1)
        shuffle_moves(search, search->moves + first, count);
    if (searched_in_other_state)
        count = for_another_state(search->moves + first, count, p, search->rules.draw);
    return visit_moves(search, p, first, count);
}

/* Forget the positions of the line being searched when a run stopped (they
   were entered but not searched to the end), so that a later run searches
   them again; the positions searched to the end stay in the table.  Returns
   0, or -1 out of memory. */
static int forget_open_line(Search *search, const Position *start)
{
    Position p = *start;
    for (int level = 0;; level++) {
        uint64_t key[KEY_WORDS], cover[MASK_WORDS];
        int word, bit;
        if (!search->rules.pile_used_at_once || !p.pending) {    /* held: never in the table */
            position_key(&p, &search->rules, key);
            state_bits(&p, &search->rules, &word, &bit, cover);
            uint64_t *seen = table_entry(&search->table, key);
            if (!seen)
                return -1;
            seen[word] &= ~(1ULL << bit);
        }
        if (level == search->depth)
            return 0;
        apply_move(&p, &search->path[level]);
    }
}

/* Runs of the search from start, each with half as many positions again as
   the one before (first_run first), the later ones in a jittered order,
   until one wins, searches everything, or the limit is reached. */
static int run_searches(Search *search, const Position *start, long long first_run)
{
    long long size = first_run > 1 ? first_run : 1;
    for (int run = 0;; run++) {
        search->stop_at = search->positions + size < search->limit
            ? search->positions + size : search->limit;
        search->random_state = (uint64_t)run;
        search->jitter = run ? JITTERS[(run - 1) % JITTER_COUNT] : 0;
        search->depth = 0;
        search->moves_used = 0;
        int outcome = visit(search, start);
        if (outcome != OUT_OF_BUDGET || search->stop_at >= search->limit)
            return outcome;
        if (forget_open_line(search, start) < 0) {
            search->failure = PyExc_MemoryError;
            return FAILED;
        }
        size = size * 3 / 2 > size ? size * 3 / 2 : size + 1;
    }
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

static PyObject *path_list(const Move *line, int depth)
{
    PyObject *path = PyList_New(depth);
    if (!path)
        return NULL;
    for (int i = 0; i < depth; i++) {
        const Move *move = &line[i];
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
    int position, passes, draw, take_back, pile_used_at_once = 0;
    long long limit, first_run;
    if (!PyArg_ParseTuple(args, "O!O!O!iiipLOL|p", &PyTuple_Type, &stacks, &PyTuple_Type, &tops,
                          &PyBytes_Type, &stock, &position, &passes, &draw, &take_back,
                          &limit, &check_cancelled, &first_run, &pile_used_at_once))
        return NULL;
    if (pile_used_at_once && (take_back || draw != 1 || passes != UNLIMITED)) {
        PyErr_SetString(PyExc_ValueError, "pile cards are used at once only in draw one, "
                        "unlimited passes, without take-backs");
        return NULL;
    }
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
    search->rules.pile_used_at_once = pile_used_at_once;
    search->rules.packed = passes == UNLIMITED && packed_keys_fit(&start, &search->rules);
    if (search->rules.packed)
        table_init_shared(&search->table, PACKED_KEY_WORDS, PACKED_KEY_BITS);
    else
        table_init(&search->table, take_back ? 7 : 5, passes == UNLIMITED ? 1 : MASK_WORDS);
    search->best_up = start.tops[0] + start.tops[1] + start.tops[2] + start.tops[3];
    /* Other threads (the window's) run while the search does. */
    search->released = PyEval_SaveThread();
    int outcome = run_searches(search, &start, first_run);
    PyEval_RestoreThread(search->released);
    if (outcome == EXHAUSTED && search->cut)
        outcome = CUT;
    if (search->failure)
        PyErr_SetString(search->failure, "the Klondike search ran out of memory");
    PyObject *result = NULL;
    if (outcome != FAILED) {
        PyObject *path = path_list(search->path, outcome == FOUND ? search->depth : 0);
        PyObject *best = path ? path_list(search->best, outcome == FOUND ? 0 : search->best_depth)
                              : NULL;
        if (path && best)
            result = Py_BuildValue("(iLNN)", outcome, search->positions, path, best);
        else
            Py_XDECREF(path);
    }
    free(search->moves);
    table_free(&search->table);
    free(search);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search_function, METH_VARARGS,
     "search(stacks, tops, stock, position, passes, draw, take_back, limit, check_cancelled,"
     " first_run)"
     " -> (status, positions, path, best)"},
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
