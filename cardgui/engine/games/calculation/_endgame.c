/* The end of a game of Calculation worked out exactly, compiled.
 *
 * The same search as endgame.py, step for step: the same moves in the same
 * order, the same forced moves (only_taker), the same early stop at a sure
 * win, the same positions kept (waste piles in pile_key's order) and counted
 * against the same limit, and the same arithmetic in the same order, so the
 * two give identical values and run out of positions at the same point
 * (tests/engine/test_calculation_endgame_compiled.py). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "_ranks.h"

#define PILES 4
#define WON 52
#define MAX_PILE 52
#define NO_HAND 0
#define KEY_WORDS 5

typedef struct {
    unsigned char pile[PILES][MAX_PILE];
    int length[PILES];
    int height[PILES];
    int hand;
    int to_come[FULL + 1];
} Position;

/* Positions worked out: packed keys (the first word never 0) to chances, by
 * open addressing. */
typedef struct {
    uint64_t (*keys)[KEY_WORDS];
    double *values;
    size_t capacity, used;
    long long limit;          /* -1: no limit */
    int over_limit, out_of_memory;
} Memo;

static int need(const Position *p, int f)
{
    return p->height[f] < FULL ? SEQUENCE[f][p->height[f]] : 0;
}

/* pile_key's order: tuples compared element by element, a prefix first. */
static int pile_less(const Position *p, int a, int b)
{
    int n = p->length[a] < p->length[b] ? p->length[a] : p->length[b];
    for (int i = 0; i < n; i++)
        if (p->pile[a][i] != p->pile[b][i])
            return p->pile[a][i] < p->pile[b][i];
    return p->length[a] < p->length[b];
}

static void swap_piles(Position *p, int a, int b)
{
    unsigned char pile[MAX_PILE];
    int length = p->length[a];
    memcpy(pile, p->pile[a], MAX_PILE);
    memcpy(p->pile[a], p->pile[b], MAX_PILE);
    memcpy(p->pile[b], pile, MAX_PILE);
    p->length[a] = p->length[b];
    p->length[b] = length;
}

static void sort_piles(Position *p)
{
    for (int i = 1; i < PILES; i++)
        for (int j = i; j > 0 && pile_less(p, j, j - 1); j--)
            swap_piles(p, j, j - 1);
}

static int same_pile(const Position *p, int a, int b)
{
    return p->length[a] == p->length[b]
        && memcmp(p->pile[a], p->pile[b], (size_t)p->length[a]) == 0;
}

/* Heights, hand and cards to come in the first word; the piles' ranks, four
 * bits each, every pile ended by a 0, in the rest (at most 52 cards and 4
 * ends: 224 bits). */
static void pack(const Position *p, uint64_t key[KEY_WORDS])
{
    memset(key, 0, KEY_WORDS * sizeof(uint64_t));
    uint64_t head = 0;
    for (int f = 0; f < PILES; f++)
        head = head << 4 | (uint64_t)p->height[f];
    head = head << 4 | (uint64_t)p->hand;
    for (int r = 1; r <= FULL; r++)
        head = head << 3 | (uint64_t)p->to_come[r];
    key[0] = head | 1ULL << 63;     /* never 0: the table's empty mark */
    int nibble = 0;
    for (int q = 0; q < PILES; q++) {
        for (int i = 0; i <= p->length[q]; i++, nibble++) {
            uint64_t rank = i < p->length[q] ? p->pile[q][i] : 0;
            key[1 + nibble / 16] |= rank << (4 * (nibble % 16));
        }
    }
}

static size_t key_hash(const uint64_t key[KEY_WORDS])
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < KEY_WORDS; i++) {
        h ^= key[i];
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
    }
    return (size_t)h;
}

static size_t memo_slot(const Memo *memo, const uint64_t key[KEY_WORDS])
{
    size_t at = key_hash(key) & (memo->capacity - 1);
    while (memo->keys[at][0] && memcmp(memo->keys[at], key, KEY_WORDS * sizeof(uint64_t)))
        at = (at + 1) & (memo->capacity - 1);
    return at;
}

static int memo_grow(Memo *memo)
{
    size_t capacity = memo->capacity ? memo->capacity * 2 : 1 << 12;
    uint64_t (*keys)[KEY_WORDS] = calloc(capacity, sizeof *keys);
    double *values = malloc(capacity * sizeof(double));
    if (!keys || !values) {
        free(keys);
        free(values);
        return -1;
    }
    Memo grown = {keys, values, capacity, 0, memo->limit, 0, 0};
    for (size_t i = 0; i < memo->capacity; i++) {
        if (!memo->keys[i][0])
            continue;
        size_t at = memo_slot(&grown, memo->keys[i]);
        memcpy(keys[at], memo->keys[i], sizeof *keys);
        values[at] = memo->values[i];
    }
    free(memo->keys);
    free(memo->values);
    memo->keys = keys;
    memo->values = values;
    memo->capacity = capacity;
    return 0;
}

static void memo_put(Memo *memo, const uint64_t key[KEY_WORDS], double value)
{
    if ((memo->used + 1) * 4 > memo->capacity * 3 && memo_grow(memo) < 0) {
        memo->out_of_memory = 1;
        return;
    }
    size_t at = memo_slot(memo, key);
    if (!memo->keys[at][0]) {
        memcpy(memo->keys[at], key, KEY_WORDS * sizeof(uint64_t));
        memo->used++;
    }
    memo->values[at] = value;
}

/* The foundation that takes rank now if no other still wants it (endgame's
 * only_taker), else -1. */
static int only_taker(int rank, const Position *p)
{
    int taker = -1;
    for (int f = 0; f < PILES; f++) {
        if (need(p, f) == rank) {
            if (taker >= 0)
                return -1;
            taker = f;
        }
    }
    if (taker < 0)
        return -1;
    for (int f = 0; f < PILES; f++)
        if (f != taker && SLOT[f][rank] >= p->height[f])
            return -1;
    return taker;
}

static double value(Position *p, Memo *memo);

/* The chance after a move: p changed, searched, then put back by the caller. */
static double after(const Position *p, Memo *memo)
{
    Position next = *p;
    sort_piles(&next);
    return value(&next, memo);
}

static double dealt(const Position *p, Memo *memo)
{
    double weighted = 0.0;
    int total = 0;
    Position next = *p;
    for (int r = 0; r <= FULL; r++) {
        int copies = p->to_come[r];
        if (!copies)
            continue;
        total += copies;
        next.to_come[r]--;
        next.hand = r;
        weighted += copies * value(&next, memo);
        next.to_come[r]++;
        if (memo->over_limit || memo->out_of_memory)
            return 0.0;
    }
    return weighted / total;
}

/* True if pile q is alike to an earlier one (then only the earlier is tried). */
static int alike_to_earlier(const Position *p, int q)
{
    for (int e = 0; e < q; e++)
        if (same_pile(p, e, q))
            return 1;
    return 0;
}

/* The chances of the moves tried so far: the best, how many, and each one
 * (when values is not NULL). */
typedef struct {
    double best;
    int count;
    double *values;
} Tried;

/* Keep v, the chance after the next move; true when the search is to stop:
 * the limit is reached, or a sure win is found and only the best is wanted. */
static int keep(Tried *tried, double v, const Memo *memo)
{
    if (memo->over_limit || memo->out_of_memory)
        return 1;
    if (tried->values)
        tried->values[tried->count] = v;
    tried->count++;
    if (v > tried->best)
        tried->best = v;
    return tried->best == 1.0 && !tried->values;
}

/* Every move but turning a card up, in endgame._moves' order; each position
 * after one is searched (p is put back after each), the best chance kept,
 * and the search stopped at a sure win unless every move's chance is wanted
 * in values. */
static double best_move(Position *p, Memo *memo, double *values, int *count)
{
    Tried tried = {0.0, 0, values};
    for (int q = 0; q < PILES; q++) {
        if (!p->length[q] || alike_to_earlier(p, q))
            continue;
        int top = p->pile[q][p->length[q] - 1];
        for (int f = 0; f < PILES; f++) {
            if (need(p, f) != top)
                continue;
            p->length[q]--;
            p->height[f]++;
            double v = after(p, memo);
            p->height[f]--;
            p->length[q]++;
            if (keep(&tried, v, memo))
                return tried.best;
        }
    }
    if (p->hand != NO_HAND) {
        int hand = p->hand;
        p->hand = NO_HAND;
        for (int f = 0; f < PILES; f++) {
            if (need(p, f) != hand)
                continue;
            p->height[f]++;
            double v = after(p, memo);
            p->height[f]--;
            if (keep(&tried, v, memo)) {
                p->hand = hand;
                return tried.best;
            }
        }
        for (int q = 0; q < PILES; q++) {
            if (alike_to_earlier(p, q))
                continue;
            p->pile[q][p->length[q]++] = (unsigned char)hand;
            double v = after(p, memo);
            p->length[q]--;
            if (keep(&tried, v, memo)) {
                p->hand = hand;
                return tried.best;
            }
        }
        p->hand = hand;
    }
    if (count)
        *count = tried.count;
    return tried.best;
}

static int any_to_come(const Position *p)
{
    for (int r = 0; r <= FULL; r++)
        if (p->to_come[r])
            return 1;
    return 0;
}

static double value(Position *p, Memo *memo)
{
    if (p->height[0] + p->height[1] + p->height[2] + p->height[3] == WON)
        return 1.0;
    uint64_t key[KEY_WORDS];
    pack(p, key);
    if (memo->capacity) {
        size_t at = memo_slot(memo, key);
        if (memo->keys[at][0])
            return memo->values[at];
    }
    if (memo->limit >= 0 && (long long)memo->used >= memo->limit) {
        memo->over_limit = 1;
        return 0.0;
    }
    /* endgame._forced: a pile's top, then the hand card, to the only
     * foundation still wanting its rank. */
    for (int q = 0; q < PILES; q++) {
        if (!p->length[q])
            continue;
        int taker = only_taker(p->pile[q][p->length[q] - 1], p);
        if (taker >= 0) {
            Position next = *p;
            next.length[q]--;
            next.height[taker]++;
            sort_piles(&next);
            double best = value(&next, memo);
            if (!memo->over_limit)
                memo_put(memo, key, best);
            return best;
        }
    }
    if (p->hand != NO_HAND) {
        int taker = only_taker(p->hand, p);
        if (taker >= 0) {
            Position next = *p;
            next.hand = NO_HAND;
            next.height[taker]++;
            double best = value(&next, memo);
            if (!memo->over_limit)
                memo_put(memo, key, best);
            return best;
        }
    }
    double best = best_move(p, memo, NULL, NULL);
    if (memo->over_limit || memo->out_of_memory)
        return 0.0;
    if (best < 1.0 && p->hand == NO_HAND && any_to_come(p)) {
        double chance = dealt(p, memo);
        if (memo->over_limit || memo->out_of_memory)
            return 0.0;
        if (chance > best)
            best = chance;
    }
    memo_put(memo, key, best);
    return best;
}

/* -- from Python ------------------------------------------------------------------ */

static int read_ranks(PyObject *sequence, unsigned char *into, int *count, int most,
                      const char *what)
{
    PyObject *fast = PySequence_Fast(sequence, what);
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: more than %d cards", what, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long rank = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (rank == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (rank < 1 || rank > FULL) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: no rank %ld", what, rank);
            return -1;
        }
        into[i] = (unsigned char)rank;
    }
    *count = (int)n;
    Py_DECREF(fast);
    return 0;
}

/* The position from (piles, heights, hand, to_come), piles in the caller's
 * order; -1 with an exception set. */
static int read_position(PyObject *piles, PyObject *heights, int hand, PyObject *to_come,
                         Position *p)
{
    memset(p, 0, sizeof *p);
    PyObject *fast = PySequence_Fast(piles, "the waste piles");
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != PILES) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "four waste piles wanted");
        return -1;
    }
    for (int q = 0; q < PILES; q++) {
        if (read_ranks(PySequence_Fast_GET_ITEM(fast, q), p->pile[q], &p->length[q],
                       MAX_PILE - 1, "a waste pile") < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    if (read_ints(heights, p->height, PILES, 0, FULL, "the foundations") < 0
        || read_ints(to_come, p->to_come, FULL + 1, 0, 4, "the cards to come") < 0)
        return -1;
    if (hand < 0 || hand > FULL) {
        PyErr_Format(PyExc_ValueError, "no hand card %d", hand);
        return -1;
    }
    p->hand = hand;
    if (p->to_come[0]) {
        PyErr_SetString(PyExc_ValueError, "the cards to come: no rank 0");
        return -1;
    }
    int cards = hand != NO_HAND;
    for (int f = 0; f < PILES; f++)
        cards += p->height[f] + p->length[f];
    for (int r = 0; r <= FULL; r++)
        cards += p->to_come[r];
    if (cards > WON) {
        PyErr_SetString(PyExc_ValueError, "more than 52 cards");
        return -1;
    }
    return 0;
}

static void memo_free(Memo *memo)
{
    free(memo->keys);
    free(memo->values);
}

/* None when the limit was reached; NULL with MemoryError set. */
static PyObject *finish(Memo *memo, PyObject *result)
{
    int over = memo->over_limit, out = memo->out_of_memory;
    memo_free(memo);
    if (out) {
        Py_XDECREF(result);
        return PyErr_NoMemory();
    }
    if (over) {
        Py_XDECREF(result);
        Py_RETURN_NONE;
    }
    return result;
}

static PyObject *chance_function(PyObject *self, PyObject *args)
{
    PyObject *piles, *heights, *to_come;
    int hand;
    long long limit;
    if (!PyArg_ParseTuple(args, "OOiOL", &piles, &heights, &hand, &to_come, &limit))
        return NULL;
    Position p;
    if (read_position(piles, heights, hand, to_come, &p) < 0)
        return NULL;
    sort_piles(&p);
    Memo memo = {NULL, NULL, 0, 0, limit, 0, 0};
    double chance;
    Py_BEGIN_ALLOW_THREADS
    chance = value(&p, &memo);
    Py_END_ALLOW_THREADS
    return finish(&memo, memo.over_limit || memo.out_of_memory ? NULL
                         : PyFloat_FromDouble(chance));
}

static PyObject *move_values_function(PyObject *self, PyObject *args)
{
    PyObject *piles, *heights, *to_come;
    int hand;
    long long limit;
    if (!PyArg_ParseTuple(args, "OOiOL", &piles, &heights, &hand, &to_come, &limit))
        return NULL;
    Position p;
    if (read_position(piles, heights, hand, to_come, &p) < 0)
        return NULL;
    Memo memo = {NULL, NULL, 0, 0, limit, 0, 0};
    double values[PILES * PILES + 2 * PILES + 1];
    int count = 0;
    Py_BEGIN_ALLOW_THREADS
    best_move(&p, &memo, values, &count);
    if (!memo.over_limit && !memo.out_of_memory && p.hand == NO_HAND && any_to_come(&p)) {
        Position start = p;
        sort_piles(&start);
        values[count] = dealt(&start, &memo);
        count++;
    }
    Py_END_ALLOW_THREADS
    if (memo.over_limit || memo.out_of_memory)
        return finish(&memo, NULL);
    PyObject *result = PyList_New(count);
    for (int i = 0; result && i < count; i++) {
        PyObject *number = PyFloat_FromDouble(values[i]);
        if (!number) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, i, number);
    }
    if (!result) {
        memo_free(&memo);
        return NULL;
    }
    return finish(&memo, result);
}

static PyMethodDef methods[] = {
    {"chance_of_winning", chance_function, METH_VARARGS,
     "chance_of_winning(piles, heights, hand, to_come, limit) -> chance, or None past limit"},
    {"move_values", move_values_function, METH_VARARGS,
     "move_values(piles, heights, hand, to_come, limit) -> a chance a move "
     "(endgame._moves' order, then turning a card up), or None past limit"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_endgame", "The end of a game of Calculation worked out exactly, "
    "compiled.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__endgame(void)
{
    fill_rank_tables();
    return PyModule_Create(&module);
}
