/*
 * The Klondike solver's search, compiled: an optional accelerator.
 *
 * The same depth-first search as solver.py's _Search over the same compact
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

#define MAX_STACKS 10
#define MAX_CARDS 52
#define KING 12                 /* card >> 2 of a king */
#define PILE_SOURCE (-1)
#define TOP_TARGET (-1)
#define DEAL_COUNT 3
#define CANCEL_CHECK_INTERVAL 1024
#define MAX_MOVES 512       /* more than generate can make: 2 a stack revealing, 1 up,
                               3 for each pile size, 8 uncovering, 8 kings a run emptying */
#define MAX_DEPTH 1024

typedef struct {
    int8_t count;               /* stacks in play */
    uint8_t hidden[MAX_STACKS];
    uint8_t length[MAX_STACKS];
    uint8_t cards[MAX_STACKS][MAX_CARDS];
    uint8_t tops[4];
    uint8_t stock_length;
    uint8_t position;
    uint8_t stock[MAX_CARDS];
    uint64_t stock_mask;        /* which cards of the first stock remain */
    const uint64_t *stock_bit;  /* each card's bit in stock_mask (the search's) */
} Position;

typedef struct {
    int8_t source, cards, target, deals, stock_index;
} Part;

typedef struct {
    int8_t parts;
    Part part[2];
} Move;

#define KEY_WORDS 5

typedef struct {
    uint64_t word[KEY_WORDS];   /* all zero: a free slot */
} Key;

typedef struct {
    Key *slots;
    size_t capacity, used;
} Table;

/* For each position without its pile size, the pile sizes it was searched
   at that dealing does not connect (solver_search's "earlier" ones): bit q
   for size q.  Answers in one look what the pure-Python search asks of its
   table one size at a time. */
typedef struct {
    Key key;
    uint64_t sizes;
} Sizes;

typedef struct {
    Sizes *slots;
    size_t capacity, used;
} SizesTable;

typedef struct {
    Table table;
    SizesTable sizes;
    long long positions, limit;
    PyObject *check_cancelled;
    Move path[MAX_DEPTH];
    int depth;
    uint64_t stock_bit[MAX_CARDS];   /* a card's bit: its place in the first stock */
} Search;

/* -- the table of positions seen ------------------------------------------ */

static size_t key_hash(const Key *key)
{
    uint64_t hash = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < KEY_WORDS; i++) {
        hash ^= key->word[i];
        hash *= 0xff51afd7ed558ccdULL;
        hash ^= hash >> 32;
    }
    return (size_t)hash;
}

static int key_is_free(const Key *key)
{
    return !key->word[KEY_WORDS - 1];       /* the last word is never zero in use */
}

static int table_grow(Table *table)
{
    size_t capacity = table->capacity ? table->capacity * 2 : 1 << 16;
    Key *slots = calloc(capacity, sizeof(Key));
    if (!slots)
        return -1;
    for (size_t i = 0; i < table->capacity; i++) {
        if (key_is_free(&table->slots[i]))
            continue;
        size_t at = key_hash(&table->slots[i]) & (capacity - 1);
        while (!key_is_free(&slots[at]))
            at = (at + 1) & (capacity - 1);
        slots[at] = table->slots[i];
    }
    free(table->slots);
    table->slots = slots;
    table->capacity = capacity;
    return 0;
}

/* 1 if the key is in the table, else 0. */
static int table_has(const Table *table, const Key *key)
{
    if (!table->capacity)
        return 0;
    size_t at = key_hash(key) & (table->capacity - 1);
    while (!key_is_free(&table->slots[at])) {
        if (!memcmp(&table->slots[at], key, sizeof(Key)))
            return 1;
        at = (at + 1) & (table->capacity - 1);
    }
    return 0;
}

/* Add a key that is not in the table: 0, or -1 out of memory. */
static int table_add(Table *table, const Key *key)
{
    if ((table->used + 1) * 2 > table->capacity && table_grow(table) < 0)
        return -1;
    size_t at = key_hash(key) & (table->capacity - 1);
    while (!key_is_free(&table->slots[at]))
        at = (at + 1) & (table->capacity - 1);
    table->slots[at] = *key;
    table->used++;
    return 0;
}

static int sizes_grow(SizesTable *table)
{
    size_t capacity = table->capacity ? table->capacity * 2 : 1 << 14;
    Sizes *slots = calloc(capacity, sizeof(Sizes));
    if (!slots)
        return -1;
    for (size_t i = 0; i < table->capacity; i++) {
        if (key_is_free(&table->slots[i].key))
            continue;
        size_t at = key_hash(&table->slots[i].key) & (capacity - 1);
        while (!key_is_free(&slots[at].key))
            at = (at + 1) & (capacity - 1);
        slots[at] = table->slots[i];
    }
    free(table->slots);
    table->slots = slots;
    table->capacity = capacity;
    return 0;
}

/* The slot for key (a position key with its pile size cleared), or NULL. */
static Sizes *sizes_find(const SizesTable *table, const Key *key)
{
    if (!table->capacity)
        return NULL;
    size_t at = key_hash(key) & (table->capacity - 1);
    while (!key_is_free(&table->slots[at].key)) {
        if (!memcmp(&table->slots[at].key, key, sizeof(Key)))
            return &table->slots[at];
        at = (at + 1) & (table->capacity - 1);
    }
    return NULL;
}

static int sizes_add(SizesTable *table, const Key *key, int size)
{
    Sizes *slot = sizes_find(table, key);
    if (slot) {
        slot->sizes |= 1ULL << size;
        return 0;
    }
    if ((table->used + 1) * 2 > table->capacity && sizes_grow(table) < 0)
        return -1;
    size_t at = key_hash(key) & (table->capacity - 1);
    while (!key_is_free(&table->slots[at].key))
        at = (at + 1) & (table->capacity - 1);
    table->slots[at].key = *key;
    table->slots[at].sizes = 1ULL << size;
    table->used++;
    return 0;
}

/* -- positions ------------------------------------------------------------ */

static int settled_position(int length, int position)
{
    if (position % DEAL_COUNT == 0 || position == length)
        return -1;
    return position;
}

/* Pile sizes dealing reaches from position, with the fewest deals, in order. */
static int deal_positions(int length, int position, int *reached, int *deals)
{
    int count = 0, dealt = 0;
    uint8_t seen[MAX_CARDS + 1] = {0};
    reached[count] = position;
    deals[count++] = 0;
    seen[position] = 1;
    while (length) {
        position = position < length ? (position + DEAL_COUNT < length ? position + DEAL_COUNT : length)
                                     : (DEAL_COUNT < length ? DEAL_COUNT : length);
        dealt++;
        if (seen[position])
            break;
        seen[position] = 1;
        reached[count] = position;
        deals[count++] = dealt;
    }
    return count;
}

/* The key, equal for two positions exactly when the pure-Python search's
   key is: a stack with face-down cards is known by its place (its face-down
   cards never move, and no other stack can hold them), so its count of them
   and its bottom face-up card are kept at its place; the stacks with none are
   alike whatever their order, so their bottom cards are kept as a set.  Then
   the foundations, the cards left of the first stock (their order never
   changes) and the settled pile position. */
static void position_key(const Position *p, Key *key);

#define SETTLED_SHIFT 32
#define SETTLED_MASK (0xffULL << SETTLED_SHIFT)

static void position_key(const Position *p, Key *key)
{
    uint64_t fields[2] = {0, 0}, bottoms = 0;
    for (int i = 0; i < p->count; i++) {
        int hidden = p->hidden[i];
        if (hidden) {
            uint64_t field = ((uint64_t)hidden << 6) | p->cards[i][hidden];
            fields[i / 5] |= field << (12 * (i % 5));
        } else if (p->length[i]) {
            bottoms |= 1ULL << p->cards[i][0];
        }
    }
    key->word[0] = fields[0];
    key->word[1] = fields[1];
    key->word[2] = bottoms;
    key->word[3] = p->stock_mask;
    key->word[4] = (1ULL << 63)
        | ((uint64_t)(settled_position(p->stock_length, p->position) + 1) << SETTLED_SHIFT)
        | ((uint64_t)p->tops[0] << 24) | ((uint64_t)p->tops[1] << 16)
        | ((uint64_t)p->tops[2] << 8) | p->tops[3];
}

static void turned_up(Position *p, int stack)
{
    if (p->hidden[stack] && p->hidden[stack] == p->length[stack])
        p->hidden[stack]--;
}

static void apply_part(Position *p, const Part *part)
{
    uint8_t moved[MAX_CARDS];
    int count = part->cards;
    if (part->source == PILE_SOURCE) {
        int index = part->stock_index;
        moved[0] = p->stock[index];
        p->stock_mask &= ~p->stock_bit[moved[0]];
        memmove(p->stock + index, p->stock + index + 1, p->stock_length - index - 1);
        p->stock_length--;
        p->position = (uint8_t)index;
    } else {
        int source = part->source;
        int cut = p->length[source] - count;
        memcpy(moved, p->cards[source] + cut, count);
        p->length[source] = (uint8_t)cut;
        turned_up(p, source);
    }
    if (part->target == TOP_TARGET) {
        p->tops[moved[0] & 3]++;
    } else {
        memcpy(p->cards[part->target] + p->length[part->target], moved, count);
        p->length[part->target] += (uint8_t)count;
    }
}

static void apply_move(Position *p, const Move *move)
{
    for (int i = 0; i < move->parts; i++)
        apply_part(p, &move->part[i]);
}

/* -- moves, in solver_moves.generate's order ------------------------------- */

static Move one(int source, int cards, int target, int deals, int stock_index)
{
    Move move;
    move.parts = 1;
    move.part[0].source = (int8_t)source;
    move.part[0].cards = (int8_t)cards;
    move.part[0].target = (int8_t)target;
    move.part[0].deals = (int8_t)deals;
    move.part[0].stock_index = (int8_t)stock_index;
    return move;
}

static void parents(int card, int *parent)
{
    int rank = card >> 2, other = 1 - (card & 1);
    if (rank == KING) {
        parent[0] = parent[1] = -1;
        return;
    }
    parent[0] = (rank + 1) * 4 + other;
    parent[1] = (rank + 1) * 4 + other + 2;
}

static int min_top(const Position *p)
{
    int low = p->tops[0];
    for (int i = 1; i < 4; i++)
        if (p->tops[i] < low)
            low = p->tops[i];
    return low;
}

/* solver_moves.safe_up: the card, if it fits its top, goes up safely. */
static int safe_up(const Position *p, int card)
{
    int rank = card >> 2, other = 1 - (card & 1);
    if (rank <= 1 || min_top(p) >= rank - 1)
        return 1;
    return p->tops[other] >= rank && p->tops[other + 2] >= rank;
}

static int kings_to_empty(const Position *p, Move *out)
{
    int first_empty = -1, n = 0;
    for (int i = 0; i < p->count; i++)
        if (!p->length[i]) {
            first_empty = i;
            break;
        }
    if (first_empty < 0)
        return 0;
    for (int i = 0; i < p->count; i++) {
        int hidden = p->hidden[i];
        if (hidden && p->cards[i][hidden] >> 2 == KING)
            out[n++] = one(i, p->length[i] - hidden, first_empty, 0, -1);
    }
    int reached[MAX_CARDS + 2], deals[MAX_CARDS + 2];
    int count = deal_positions(p->stock_length, p->position, reached, deals);
    for (int k = 0; k < count; k++) {
        if (!reached[k])
            continue;
        int card = p->stock[reached[k] - 1];
        if (card >> 2 != KING)
            continue;
        if (p->tops[card & 3] == KING && safe_up(p, card))
            continue;
        out[n++] = one(PILE_SOURCE, 1, first_empty, deals[k], reached[k] - 1);
    }
    return n;
}

static int generate(const Position *p, Move *moves)
{
    int holder[MAX_CARDS], first_empty = -1;
    for (int i = 0; i < MAX_CARDS; i++)
        holder[i] = -1;
    for (int i = 0; i < p->count; i++) {
        if (p->length[i]) {
            int top = p->cards[i][p->length[i] - 1], rank = top >> 2;
            if (rank == p->tops[top & 3] && safe_up(p, top)) {
                moves[0] = one(i, 1, TOP_TARGET, 0, -1);
                return 1;
            }
            holder[top] = i;
        } else if (first_empty < 0) {
            first_empty = i;
        }
    }
    Move revealing[MAX_MOVES], ups[MAX_STACKS], uncovering[MAX_MOVES], emptying[MAX_MOVES];
    int revealing_hidden[MAX_MOVES];
    int n_revealing = 0, n_ups = 0, n_uncovering = 0, n_emptying = 0, parent[2];
    for (int source = 0; source < p->count; source++) {
        int length = p->length[source];
        if (!length)
            continue;
        int hidden = p->hidden[source];
        const uint8_t *cards = p->cards[source];
        int top = cards[length - 1];
        if (top >> 2 == p->tops[top & 3])
            ups[n_ups++] = one(source, 1, TOP_TARGET, 0, -1);
        int base = cards[hidden];
        if (base >> 2 == KING) {
            if (hidden && first_empty >= 0) {
                revealing_hidden[n_revealing] = hidden;
                revealing[n_revealing++] = one(source, length - hidden, first_empty, 0, -1);
            }
        } else {
            parents(base, parent);
            for (int k = 0; k < 2; k++) {
                int target = holder[parent[k]];
                if (target < 0)
                    continue;
                if (hidden) {
                    revealing_hidden[n_revealing] = hidden;
                    revealing[n_revealing++] = one(source, length - hidden, target, 0, -1);
                } else {
                    emptying[n_emptying++] = one(source, length - hidden, target, 0, -1);
                }
            }
        }
        for (int j = hidden + 1; j < length; j++) {
            int under = cards[j - 1];
            if (under >> 2 != p->tops[under & 3])
                continue;
            parents(cards[j], parent);
            for (int k = 0; k < 2; k++) {
                if (parent[k] < 0)
                    continue;
                int target = holder[parent[k]];
                if (target < 0)
                    continue;
                Move move = one(source, length - j, target, 0, -1);
                move.parts = 2;
                move.part[1] = one(source, 1, TOP_TARGET, 0, -1).part[0];
                uncovering[n_uncovering++] = move;
            }
        }
    }
    int n = 0;
    /* Stable sort of the revealing moves, most face-down cards first. */
    for (int i = 1; i < n_revealing; i++) {
        Move move = revealing[i];
        int hidden = revealing_hidden[i], j = i - 1;
        while (j >= 0 && revealing_hidden[j] < hidden) {
            revealing[j + 1] = revealing[j];
            revealing_hidden[j + 1] = revealing_hidden[j];
            j--;
        }
        revealing[j + 1] = move;
        revealing_hidden[j + 1] = hidden;
    }
    for (int i = 0; i < n_revealing; i++)
        moves[n++] = revealing[i];
    for (int i = 0; i < n_ups; i++)
        moves[n++] = ups[i];
    int reached[MAX_CARDS + 2], deals[MAX_CARDS + 2];
    int count = deal_positions(p->stock_length, p->position, reached, deals);
    for (int k = 0; k < count; k++) {
        if (!reached[k])
            continue;
        int card = p->stock[reached[k] - 1], rank = card >> 2;
        if (rank == p->tops[card & 3]) {
            moves[n++] = one(PILE_SOURCE, 1, TOP_TARGET, deals[k], reached[k] - 1);
            if (safe_up(p, card))
                continue;
        }
        if (rank == KING) {
            if (first_empty >= 0)
                moves[n++] = one(PILE_SOURCE, 1, first_empty, deals[k], reached[k] - 1);
            continue;
        }
        parents(card, parent);
        for (int i = 0; i < 2; i++) {
            int target = holder[parent[i]];
            if (target >= 0)
                moves[n++] = one(PILE_SOURCE, 1, target, deals[k], reached[k] - 1);
        }
    }
    for (int i = 0; i < n_uncovering; i++)
        moves[n++] = uncovering[i];
    for (int i = 0; i < n_emptying; i++) {
        Position after = *p;
        Move kings[MAX_STACKS + MAX_CARDS];
        apply_move(&after, &emptying[i]);
        int n_kings = kings_to_empty(&after, kings);
        for (int k = 0; k < n_kings; k++) {
            Move move = emptying[i];
            move.parts = 2;
            move.part[1] = kings[k].part[0];
            moves[n++] = move;
        }
    }
    return n;
}

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
        PyErr_NoMemory();
        return FAILED;
    }
    search->positions++;
    if (search->positions > search->limit)
        return OUT_OF_BUDGET;
    if (search->positions % CANCEL_CHECK_INTERVAL == 0 && search->check_cancelled != Py_None) {
        PyObject *result = PyObject_CallNoArgs(search->check_cancelled);
        if (!result)
            return FAILED;
        Py_DECREF(result);
    }
    if (search->depth >= MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "Klondike search too deep");
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
    int outcome = visit(search, &start);
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
