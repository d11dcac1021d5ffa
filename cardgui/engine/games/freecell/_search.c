/*
 * The FreeCell solver's search, compiled: search.py's _Search step for step
 * (the same positions expanded in the same order, so the same verdict, line
 * and count), some twenty times faster and in a fifth of the memory.
 *
 *     search(columns, cells, found, limit, seed, check_cancelled)
 *         -> (status, positions, path)
 *
 * ``columns`` are eight bytes objects (sorted), ``cells`` the free cells'
 * cards ascending, ``found`` four ranks; ``status`` is 1 (won: ``path`` is
 * the moves, each (source, target, count)), 0 (every position reached was
 * expanded) or -1 (``limit`` positions were reached first); ``positions``
 * is how many were reached.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_search_cards.h"
#include "_search_moves.h"
#include "_search_store.h"
#include "_search_steps.h"
#include "../../search/_splitmix.h"

enum { CANCEL_CHECK_INTERVAL = 2048, GREEDY_FIRST = 300, TURN = 3, RANDOM_DRAW = 0,
       PATIENT_BEST = 1, SCORE_OFFSET = 1024, GREEDY_LATER = 16, PATIENT_LATER = 4 };
enum { WINNABLE = 1, IMPOSSIBLE = 0, OUT_OF_BUDGET = -1, FAILED = -2 };

/* A kind: the cards up, and what lies in the way (at most 2 x 52 for the
   disorder and 2 x 4 x 51 for the depths), as one number. */
enum { MOST_IN_THE_WAY = 512 };

typedef struct {
    uint32_t name;                  /* the kind's number */
    uint32_t *members;
    uint32_t count, capacity;
} Kind;

/* The kinds met so far, found by their numbers. */
typedef struct {
    Kind *kinds;
    uint32_t count, capacity;
    uint32_t *slots;                /* hash set of kind index + 1; 0 is free */
    uint32_t mask;
    uint32_t *names;                /* the kinds with members, as search.py lists them */
    uint32_t name_count;
} Kinds;

/* The children of the position being expanded, their keys and the keys'
   hashes: apart from the search, as nothing in them need start zeroed. */
typedef struct {
    Board children[MAX_MOVES];
    Key keys[MAX_MOVES];
    uint64_t hashes[MAX_MOVES];
} Children;

/* A queue: a heap of keys with four children a node, least first.  Its keys are the score made
   positive, then the position's number reversed. */
typedef struct {
    uint64_t *keys;
    size_t count, capacity;
} Queue;

typedef struct {
    Columns columns;
    Positions positions;
    Queue greedy, patient;
    Kinds kinds;
    int kinds_filled;               /* until then, kind_of holds each position's kind */
    uint32_t *kind_of;
    size_t kind_count, kind_capacity;
    uint64_t random;
    long long expanded, limit;
    PyObject *check_cancelled;
    PyThreadState *released;        /* the search runs without the GIL */
    Children *made;
    int out_of_memory;
    int64_t won;                    /* the number of the won position */
} Search;

/* -- the random draws: SplitMix64, as search.SplitMix ---------------------- */

static uint64_t below(Search *search, uint64_t bound)
{
    return splitmix_next(&search->random) % bound;
}

/* -- the queue: heapq's order, which for distinct keys is the keys' ------- */

/* A heap of four children a node: half as deep as a binary one, and a
   node's children side by side in memory.  Its keys are distinct, so it
   gives them up in the same order as any other heap. */
enum { HEAP_ARITY = 4 };

static uint64_t queue_key(int score, uint32_t number)
{
    return (uint64_t)(score + SCORE_OFFSET) << 32 | (0xFFFFFFFFULL - number);
}

static uint32_t key_number(uint64_t key)
{
    return (uint32_t)(0xFFFFFFFFULL - (key & 0xFFFFFFFFULL));
}

static int queue_push(Queue *queue, uint64_t key)
{
    if (queue->count == queue->capacity) {
        size_t capacity = queue->capacity ? queue->capacity * 2 : 1 << 10;
        uint64_t *keys = realloc(queue->keys, capacity * sizeof(uint64_t));
        if (!keys)
            return -1;
        queue->keys = keys;
        queue->capacity = capacity;
    }
    size_t at = queue->count++;
    while (at > 0) {
        size_t parent = (at - 1) / HEAP_ARITY;
        if (queue->keys[parent] <= key)
            break;
        queue->keys[at] = queue->keys[parent];
        at = parent;
    }
    queue->keys[at] = key;
    return 0;
}

static uint64_t queue_pop(Queue *heap)
{
    uint64_t *queue = heap->keys;
    uint64_t least = queue[0];
    uint64_t last = queue[--heap->count];
    size_t count = heap->count, at = 0;
    for (;;) {
        size_t first = HEAP_ARITY * at + 1;
        if (first >= count)
            break;
        size_t end = first + HEAP_ARITY < count ? first + HEAP_ARITY : count;
        size_t child = first;
        for (size_t other = first + 1; other < end; other++)
            if (queue[other] < queue[child])
                child = other;
        if (queue[child] >= last)
            break;
        queue[at] = queue[child];
        at = child;
    }
    if (count)
        queue[at] = last;
    return least;
}

/* -- the kinds -------------------------------------------------------------- */

static uint32_t kind_slot(uint32_t name, uint32_t mask)
{
    return (name * 0x9E3779B1U) >> 7 & mask;
}

static int kinds_grow(Kinds *kinds)
{
    uint32_t size = kinds->slots ? (kinds->mask + 1) * 2 : 1 << 8;
    uint32_t *slots = calloc(size, sizeof(uint32_t));
    if (!slots)
        return -1;
    for (uint32_t i = 0; i < kinds->count; i++) {
        uint32_t at = kind_slot(kinds->kinds[i].name, size - 1);
        while (slots[at])
            at = (at + 1) & (size - 1);
        slots[at] = i + 1;
    }
    free(kinds->slots);
    kinds->slots = slots;
    kinds->mask = size - 1;
    Kind *grown = realloc(kinds->kinds, size / 2 * sizeof(Kind));
    uint32_t *names = realloc(kinds->names, size / 2 * sizeof(uint32_t));
    if (grown)
        kinds->kinds = grown;
    if (names)
        kinds->names = names;
    if (!grown || !names)
        return -1;
    kinds->capacity = size / 2;
    return 0;
}

/* The kind numbered ``name``, added if new; NULL when out of memory. */
static Kind *kind_named(Kinds *kinds, uint32_t name)
{
    if (kinds->count == kinds->capacity && kinds_grow(kinds) < 0)
        return NULL;
    uint32_t at = kind_slot(name, kinds->mask);
    for (; kinds->slots[at]; at = (at + 1) & kinds->mask)
        if (kinds->kinds[kinds->slots[at] - 1].name == name)
            return &kinds->kinds[kinds->slots[at] - 1];
    kinds->slots[at] = kinds->count + 1;
    Kind *kind = &kinds->kinds[kinds->count++];
    *kind = (Kind){name, NULL, 0, 0};
    return kind;
}

static int kind_add(Kinds *kinds, uint32_t name, uint32_t number)
{
    Kind *kind = kind_named(kinds, name);
    if (!kind)
        return -1;
    if (kind->count == kind->capacity) {
        uint32_t capacity = kind->capacity ? kind->capacity * 2 : 8;
        uint32_t *members = realloc(kind->members, capacity * sizeof(uint32_t));
        if (!members)
            return -1;
        kind->members = members;
        kind->capacity = capacity;
    }
    if (!kind->count)
        kinds->names[kinds->name_count++] = (uint32_t)(kind - kinds->kinds);
    kind->members[kind->count++] = number;
    return 0;
}

static void kinds_free(Kinds *kinds)
{
    for (uint32_t i = 0; i < kinds->count; i++)
        free(kinds->kinds[i].members);
    free(kinds->kinds);
    free(kinds->slots);
    free(kinds->names);
}

/* search._Search._draw */
static uint32_t draw(Search *search)
{
    Kinds *kinds = &search->kinds;
    uint32_t place = (uint32_t)below(search, kinds->name_count);
    Kind *kind = &kinds->kinds[kinds->names[place]];
    uint32_t index = (uint32_t)below(search, kind->count);
    uint32_t number = kind->members[index];
    kind->members[index] = kind->members[--kind->count];
    if (!kind->count)
        kinds->names[place] = kinds->names[--kinds->name_count];
    return number;
}

/* -- reaching a position ------------------------------------------------------ */

/* The board's columns' numbers sorted by their cards as byte strings, which
   is by their bottom cards, the empty ones first (no card is in two
   columns). */
static void sort_columns(const Columns *columns, const Board *board, Key *key)
{
    uint8_t bottom[COLUMN_COUNT];
    for (int i = 0; i < COLUMN_COUNT; i++) {
        uint32_t number = board->number[i];
        uint8_t card = columns->column[number].bottom;
        int at = i;
        while (at > 0 && bottom[at - 1] > card) {
            key->column[at] = key->column[at - 1];
            bottom[at] = bottom[at - 1];
            at--;
        }
        key->column[at] = number;
        bottom[at] = card;
    }
}

/* The board's key: its columns sorted, its cells and its foundations. */
static void key_of(const Columns *columns, const Board *board, Key *key)
{
    if (!board->reorder) {
        /* Laid out from a key, and no column's bottom card has changed. */
        memcpy(key->column, board->number, sizeof key->column);
    } else {
        sort_columns(columns, board, key);
    }
    memcpy(key->cells, board->cells, CELL_COUNT);
    memcpy(key->found, board->found, SUIT_COUNT);
}

/* Queue the position numbered ``number``, the board ``board`` with
   ``counts``, reached in ``moves`` moves.  Its kind is noted by number only
   until the first random draw (``kinds_fill``): most searches end before. */
static int enqueue(Search *search, const Board *board, Counts counts, uint32_t number,
                   uint32_t moves)
{
    Scores scores = score(board, counts, (int)moves);
    int up = board->found[0] + board->found[1] + board->found[2] + board->found[3];
    int in_the_way = scores.in_the_way < MOST_IN_THE_WAY ? scores.in_the_way : MOST_IN_THE_WAY;
    uint32_t kind = (uint32_t)(up * (MOST_IN_THE_WAY + 1) + in_the_way);
    if (queue_push(&search->greedy, queue_key(scores.greedy, number)) < 0
            || queue_push(&search->patient, queue_key(scores.patient, number)) < 0)
        return -1;
    if (search->kinds_filled)
        return kind_add(&search->kinds, kind, number);
    if (search->kind_count == search->kind_capacity) {
        size_t capacity = search->kind_capacity ? search->kind_capacity * 2 : 1 << 10;
        uint32_t *grown = realloc(search->kind_of, capacity * sizeof(uint32_t));
        if (!grown)
            return -1;
        search->kind_of = grown;
        search->kind_capacity = capacity;
    }
    search->kind_of[search->kind_count++] = kind;
    return 0;
}

/* Put every position reached so far in its kind, in the order reached: the
   kinds then stand as if each had been put in when reached (no position
   leaves its kind before the first random draw). */
static int kinds_fill(Search *search)
{
    for (size_t number = 0; number < search->kind_count; number++)
        if (kind_add(&search->kinds, search->kind_of[number], (uint32_t)number) < 0)
            return -1;
    free(search->kind_of);
    search->kind_of = NULL;
    search->kinds_filled = 1;
    return 0;
}

/* -- the search ------------------------------------------------------------------ */

static int check_cancelled(Search *search)
{
    if (search->check_cancelled == Py_None)
        return 0;
    PyEval_RestoreThread(search->released);
    PyObject *result = PyObject_CallNoArgs(search->check_cancelled);
    Py_XDECREF(result);
    search->released = PyEval_SaveThread();
    return result ? 0 : -1;         /* its exception stays set for the caller */
}

/* The counts of the position being expanded, made when first asked for:
   when none of its moves leads anywhere new, they are never needed. */
typedef struct {
    Counts counts;
    int made;
} ParentCounts;

static Counts parent_counts(Search *search, const Board *board, ParentCounts *parent)
{
    if (!parent->made) {
        parent->counts = board_counts(board, &search->columns);
        parent->made = 1;
    }
    return parent->counts;
}

/* Reach the positions the moves of ``group`` lead to from the position
   numbered ``chosen`` (laid out as ``board``, its counts ``of_parent``): how
   many were new, FAILED when out of memory.  A won position ends it, with
   ``won`` set. */
static int expand_group(Search *search, uint32_t chosen, const Board *board, int group,
                        ParentCounts *of_parent)
{
    Move moves[MAX_MOVES];
    Board *children = search->made->children;
    Key *keys = search->made->keys;
    uint64_t *hashes = search->made->hashes;
    uint32_t depth = search->positions.records[chosen].depth + 1;
    int count = generate(board, &search->columns, moves, group);
    for (int i = 0; i < count; i++) {
        children[i] = *board;
        if (make_move(&children[i], &search->columns, moves[i]) < 0) {
            search->out_of_memory = 1;
            return FAILED;
        }
        key_of(&search->columns, &children[i], &keys[i]);
        hashes[i] = key_hash(&keys[i]);
        position_prefetch(&search->positions, hashes[i]);
    }
    int added = 0;
    for (int i = 0; i < count; i++) {
        uint32_t move = moves[i].source | (uint32_t)moves[i].target << 7
            | (uint32_t)moves[i].count << 11;
        int64_t number = position_add(&search->positions, &keys[i], hashes[i], chosen, depth,
                                      move);
        if (number == SEEN)
            continue;
        if (number == NO_MEMORY) {
            search->out_of_memory = 1;
            return FAILED;
        }
        if (is_won(children[i].found)) {
            search->won = number;
            return added + 1;
        }
        Counts counts = child_counts(&children[i], board,
                                     parent_counts(search, board, of_parent), &search->columns);
        if (enqueue(search, &children[i], counts, (uint32_t)number, depth) < 0) {
            search->out_of_memory = 1;
            return FAILED;
        }
        added++;
    }
    return added;
}

/* Expand the position numbered ``chosen`` one stage further (search.py's
   _Search._expand): WINNABLE, 0 to go on, or FAILED.  The first stage
   reaches the positions of its first moves and, if any was new, queues it
   again for the rest, its scores raised by GREEDY_LATER and PATIENT_LATER;
   the second, or the first when none of the first moves led anywhere new,
   reaches the positions of the rest. */
static int expand(Search *search, uint32_t chosen)
{
    Board board;
    Record *record = &search->positions.records[chosen];
    board_of(&board, &record->key);
    ParentCounts of_parent = {{0, 0, 0, 0}, 0};
    if (!(record->move & HALF_EXPANDED)) {
        record->move |= HALF_EXPANDED;
        int added = expand_group(search, chosen, &board, FIRST_MOVES, &of_parent);
        if (added < 0)
            return added;
        if (search->won >= 0)
            return WINNABLE;
        if (added > 0) {
            Scores scores = score(&board, parent_counts(search, &board, &of_parent),
                                  (int)search->positions.records[chosen].depth);
            if (queue_push(&search->greedy, queue_key(scores.greedy + GREEDY_LATER, chosen)) < 0
                    || queue_push(&search->patient,
                                  queue_key(scores.patient + PATIENT_LATER, chosen)) < 0) {
                search->out_of_memory = 1;
                return FAILED;
            }
            return 0;
        }
    }
    search->positions.records[chosen].move |= EXPANDED;
    int added = expand_group(search, chosen, &board, LATER_MOVES, &of_parent);
    if (added < 0)
        return added;
    return search->won >= 0 ? WINNABLE : 0;
}

static int run(Search *search)
{
    for (;;) {
        if (search->positions.count >= search->limit)
            return OUT_OF_BUDGET;
        if (search->expanded % CANCEL_CHECK_INTERVAL == 0 && check_cancelled(search) < 0)
            return FAILED;
        Record *records = search->positions.records;
        int64_t chosen = -1;
        int turn = (int)(search->expanded % TURN);
        if (turn == RANDOM_DRAW && search->expanded >= GREEDY_FIRST) {
            if (!search->kinds_filled && kinds_fill(search) < 0) {
                search->out_of_memory = 1;
                return FAILED;
            }
            while (search->kinds.name_count) {
                uint32_t candidate = draw(search);
                if (!(records[candidate].move & EXPANDED)) {
                    chosen = candidate;
                    break;
                }
            }
        } else if (turn == PATIENT_BEST) {
            while (search->patient.count) {
                uint32_t candidate = key_number(queue_pop(&search->patient));
                if (!(records[candidate].move & EXPANDED)) {
                    chosen = candidate;
                    break;
                }
            }
        }
        /* Every position waits in the greedy queue as well until it is
           wholly expanded, so once it is empty every position reached has
           been. */
        while (chosen < 0 && search->greedy.count) {
            uint32_t candidate = key_number(queue_pop(&search->greedy));
            if (!(records[candidate].move & EXPANDED))
                chosen = candidate;
        }
        if (chosen < 0)
            return IMPOSSIBLE;
        search->expanded++;
        int outcome = expand(search, (uint32_t)chosen);
        if (outcome)
            return outcome;
    }
}

/* -- from and to Python ------------------------------------------------------------ */

/* The start, its columns numbered in ``columns``: -1 with an exception set
   when it is not a position or out of memory. */
static int read_start(PyObject *columns, PyObject *cells, PyObject *found, Columns *numbered,
                      Board *board)
{
    memset(board, 0, sizeof *board);
    if (PyTuple_GET_SIZE(columns) != COLUMN_COUNT || PyTuple_GET_SIZE(found) != SUIT_COUNT
            || PyBytes_GET_SIZE(cells) > CELL_COUNT) {
        PyErr_SetString(PyExc_ValueError, "eight columns, four suits, at most four cells");
        return -1;
    }
    const uint8_t *cards[COLUMN_COUNT + 1];
    int length[COLUMN_COUNT + 1];
    for (int i = 0; i < COLUMN_COUNT; i++) {
        PyObject *column = PyTuple_GET_ITEM(columns, i);
        if (!PyBytes_Check(column) || PyBytes_GET_SIZE(column) > MAX_COLUMN) {
            PyErr_SetString(PyExc_ValueError, "a column is bytes of at most 52 cards");
            return -1;
        }
        cards[i] = (const uint8_t *)PyBytes_AS_STRING(column);
        length[i] = (int)PyBytes_GET_SIZE(column);
    }
    board->cell_count = (int)PyBytes_GET_SIZE(cells);
    memcpy(board->cells, PyBytes_AS_STRING(cells), (size_t)board->cell_count);
    cards[COLUMN_COUNT] = board->cells;
    length[COLUMN_COUNT] = board->cell_count;
    for (int suit = 0; suit < SUIT_COUNT; suit++) {
        long rank = PyLong_AsLong(PyTuple_GET_ITEM(found, suit));
        if (rank == -1 && PyErr_Occurred())
            return -1;
        if (rank < 0 || rank > KING) {
            PyErr_SetString(PyExc_ValueError, "a suit is up to a rank from 0 to 13");
            return -1;
        }
        board->found[suit] = (uint8_t)rank;
    }
    uint8_t seen[CARD_VALUES] = {0};
    for (int i = 0; i <= COLUMN_COUNT; i++) {
        for (int k = 0; k < length[i]; k++) {
            int card = cards[i][k];
            if (card < 4 || card >= 4 * (KING + 1) || seen[card]) {
                PyErr_SetString(PyExc_ValueError, "cards are distinct, rank * 4 + suit");
                return -1;
            }
            seen[card] = 1;
            if (i == COLUMN_COUNT && k && cards[i][k - 1] > card) {
                PyErr_SetString(PyExc_ValueError, "the cells' cards are ascending");
                return -1;
            }
        }
    }
    for (int i = 0; i < COLUMN_COUNT; i++) {
        int64_t number = column_number(numbered, cards[i], length[i]);
        if (number < 0) {
            PyErr_NoMemory();
            return -1;
        }
        board->number[i] = (uint32_t)number;
    }
    board->reorder = 1;
    return 0;
}

static PyObject *path_list(const Search *search)
{
    const Record *records = search->positions.records;
    Py_ssize_t length = 0;
    for (uint32_t at = (uint32_t)search->won; at; at = records[at].parent)
        length++;
    PyObject *path = PyList_New(length);
    if (!path)
        return NULL;
    for (uint32_t at = (uint32_t)search->won; at; at = records[at].parent) {
        uint32_t move = records[at].move & MOVE_BITS;
        long parts[3] = {move & 0x7F, move >> 7 & 0xF, move >> 11};
        PyObject *item = PyTuple_New(3);
        if (!item) {
            Py_DECREF(path);
            return NULL;
        }
        for (int i = 0; i < 3; i++) {
            PyObject *part = PyLong_FromLong(parts[i]);    /* small: never fails */
            if (!part) {
                Py_DECREF(item);
                Py_DECREF(path);
                return NULL;
            }
            PyTuple_SET_ITEM(item, i, part);
        }
        PyList_SET_ITEM(path, --length, item);
    }
    return path;
}

static void search_free(Search *search)
{
    columns_free(&search->columns);
    positions_free(&search->positions);
    free(search->greedy.keys);
    free(search->patient.keys);
    kinds_free(&search->kinds);
    free(search->kind_of);
    free(search->made);
    free(search);
}

/* A search small enough to keep is kept for the next (``spare``, touched only
   with the GIL held): a batch of deals mostly makes small searches, and
   making their tables anew each time (and growing them, and the pages
   faulted in) was a tenth of them.  A larger one gives its memory back. */
enum { SPARE_SLOTS = 1 << 14 };
static Search *spare = NULL;

/* A search ready to start: the spare, emptied, or a new one; NULL when out
   of memory. */
static Search *search_new(void)
{
    Search *search = spare;
    spare = NULL;
    if (search) {
        search->columns.count = 1;          /* the empty column, which has no cards */
        search->columns.cards_used = 0;
        memset(search->columns.slots, 0, ((size_t)search->columns.mask + 1) * sizeof(uint64_t));
        search->positions.count = 0;
        memset(search->positions.slots, 0,
               ((size_t)search->positions.mask + 1) * sizeof(uint64_t));
        search->greedy.count = search->patient.count = 0;
        search->kinds_filled = 0;
        search->kind_count = 0;
        search->expanded = 0;
        return search;
    }
    search = calloc(1, sizeof(Search));
    if (!search)
        return NULL;
    search->made = malloc(sizeof(Children));
    if (!search->made || columns_start(&search->columns) < 0) {
        search_free(search);
        return NULL;
    }
    return search;
}

/* The search is over: kept as the spare, or freed. */
static void search_done(Search *search)
{
    kinds_free(&search->kinds);
    memset(&search->kinds, 0, sizeof search->kinds);
    if (!search->kind_of)                   /* given up to the kinds */
        search->kind_capacity = 0;
    if (spare || search->out_of_memory || !search->positions.slots
            || search->positions.mask + 1 > SPARE_SLOTS || search->columns.mask + 1 > SPARE_SLOTS) {
        search_free(search);
        return;
    }
    spare = search;
}

static PyObject *search_function(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *columns, *cells, *found, *check_cancelled;
    long long limit;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "O!O!O!LKO", &PyTuple_Type, &columns, &PyBytes_Type, &cells,
                          &PyTuple_Type, &found, &limit, &seed, &check_cancelled))
        return NULL;
    Search *search = search_new();
    if (!search)
        return PyErr_NoMemory();
    Board start;
    if (read_start(columns, cells, found, &search->columns, &start) < 0) {
        search_done(search);
        return NULL;
    }
    if (is_won(start.found)) {
        search_done(search);
        return Py_BuildValue("(iiN)", WINNABLE, 1, PyList_New(0));
    }
    Key key;
    key_of(&search->columns, &start, &key);
    if (position_add(&search->positions, &key, key_hash(&key), 0, 0, 0) != 0
            || enqueue(search, &start, board_counts(&start, &search->columns), 0, 0) < 0) {
        search_done(search);
        return PyErr_NoMemory();
    }
    search->limit = limit;
    search->won = -1;
    search->random = seed;
    search->check_cancelled = check_cancelled;
    /* Other threads (the window's) run while the search does. */
    search->released = PyEval_SaveThread();
    int outcome = run(search);
    PyEval_RestoreThread(search->released);
    PyObject *result = NULL;
    if (search->out_of_memory) {
        PyErr_SetString(PyExc_MemoryError, "the FreeCell search ran out of memory");
    } else if (outcome != FAILED) {
        PyObject *path = outcome == WINNABLE ? path_list(search) : PyList_New(0);
        if (path)
            result = Py_BuildValue("(iIN)", outcome, search->positions.count, path);
    }
    search_done(search);
    return result;
}

/* A move of a path, (source, target, count): -1 with an exception set when
   it is not three ints.  A tuple of small ints, as the search makes them, is
   read directly. */
static int move_of(PyObject *move, int *source, int *target, int *count)
{
    if (PyTuple_CheckExact(move) && PyTuple_GET_SIZE(move) == 3) {
        int *parts[3] = {source, target, count};
        int read = 0;
        for (; read < 3; read++) {
            PyObject *part = PyTuple_GET_ITEM(move, read);
            if (!PyLong_CheckExact(part))
                break;
            int overflow;
            long value = PyLong_AsLongAndOverflow(part, &overflow);
            if (overflow || value < INT_MIN || value > INT_MAX)
                break;
            *parts[read] = (int)value;
        }
        if (read == 3)
            return 0;
    }
    if (!PyTuple_Check(move)) {
        PyErr_SetString(PyExc_TypeError, "a move is three ints");
        return -1;
    }
    return PyArg_ParseTuple(move, "iii;a move is three ints", source, target, count) ? 0 : -1;
}

/* steps(columns, slots, suits, found, path) -> bytes: see _search_steps.h
   and solver._Translator, which this repeats. */
static PyObject *steps_function(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *columns, *path;
    Py_buffer slots, suits, found;
    if (!PyArg_ParseTuple(args, "O!y*y*y*O", &PyTuple_Type, &columns, &slots, &suits, &found,
                          &path))
        return NULL;
    PyObject *result = NULL, *moves = NULL;
    Table table;
    memset(&table, 0, sizeof table);
    if (PyTuple_GET_SIZE(columns) != COLUMN_COUNT || slots.len != CELL_COUNT
            || suits.len != SUIT_COUNT || found.len != SUIT_COUNT) {
        PyErr_SetString(PyExc_ValueError, "eight columns, four cells, four foundations");
        goto done;
    }
    for (int i = 0; i < COLUMN_COUNT; i++) {
        PyObject *column = PyTuple_GET_ITEM(columns, i);
        if (!PyBytes_Check(column) || PyBytes_GET_SIZE(column) > MAX_COLUMN) {
            PyErr_SetString(PyExc_ValueError, "a column is bytes of at most 52 cards");
            goto done;
        }
        table.length[i] = (uint8_t)PyBytes_GET_SIZE(column);
        memcpy(table.cards[i], PyBytes_AS_STRING(column), table.length[i]);
    }
    memcpy(table.slot, slots.buf, CELL_COUNT);
    memcpy(table.suit, suits.buf, SUIT_COUNT);
    memcpy(table.found, found.buf, SUIT_COUNT);
    moves = PySequence_Tuple(path);        /* its own: a move's __index__ cannot change it */
    if (!moves)
        goto done;
    Py_ssize_t length = PyTuple_GET_SIZE(moves);
    /* Each move is one step, and each card goes up by one step at most. */
    table.capacity = (size_t)length + SUIT_COUNT * KING;
    table.steps = PyMem_Malloc(sizeof(uint16_t) * table.capacity);
    if (!table.steps) {
        PyErr_NoMemory();
        goto done;
    }
    int failed = table_play_up(&table) < 0;
    for (Py_ssize_t i = 0; i < length && !failed; i++) {
        int source, target, count;
        if (move_of(PyTuple_GET_ITEM(moves, i), &source, &target, &count) < 0)
            goto done;
        failed = source < 0 || target < 0 || table_move(&table, source, target, count) < 0;
    }
    if (failed)
        PyErr_SetString(PyExc_ValueError, "the path does not fit the position");
    else
        result = PyBytes_FromStringAndSize((const char *)table.steps,
                                           (Py_ssize_t)(sizeof(uint16_t) * table.count));
done:
    Py_XDECREF(moves);
    PyMem_Free(table.steps);
    PyBuffer_Release(&slots);
    PyBuffer_Release(&suits);
    PyBuffer_Release(&found);
    return result;
}

static PyMethodDef methods[] = {
    {"steps", steps_function, METH_VARARGS,
     "steps(columns, slots, suits, found, path) -> bytes: the table's moves, as 16-bit numbers"},
    {"search", search_function, METH_VARARGS,
     "search(columns, cells, found, limit, seed, check_cancelled) -> (status, positions, path)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "The FreeCell solver's search, compiled.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void)
{
    return PyModule_Create(&module);
}
