/*
 * The Spider solver's search, compiled: an optional accelerator.
 *
 * The same beam search as solver_search.py's, over the same positions, with
 * the same moves in the same order (packed.moves), the same scores, the same
 * ties broken the same way and the same count of positions, so it returns
 * exactly what the pure-Python search returns; the tests hold the two
 * together.  Only speed differs.  Read solver.py for what the search does
 * and why its verdicts hold; this file only restates it.
 *
 * search(columns, hidden, rows, off, stock, limit, width, check_cancelled)
 *   -> (status, positions, path, best)
 * status 1: won, path holds the moves; 0: every position searched, no win;
 * -1: more than limit positions.  best (status 0 or -1): the moves to the
 * best-scored position kept, if one scores better than the start.  A move is (source, target, count), or
 * (10, 0, 0) to deal.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define COLUMNS 10
#define MAX_CARDS 104
#define RUN 13
#define RANK_MASK 0x0F
#define DEAL_SOURCE COLUMNS
#define MAX_ROWS 5
#define GROUPS (MAX_ROWS + 1)
#define CANCEL_CHECK_INTERVAL 1024
#define MAX_MOVES 512
/* A position written as bytes: rows, off, ten face-down counts, ten
   lengths, then every column's cards. */
#define HEADER (2 + 2 * COLUMNS)
#define MAX_ENCODED (HEADER + MAX_CARDS)

/* The score's weights and the deepest level of a round (solver_search.py
   has the same). */
#ifndef HIDDEN_WEIGHT
#define HIDDEN_WEIGHT 6
#endif
#ifndef HARD_BREAK_WEIGHT
#define HARD_BREAK_WEIGHT 4
#endif
#ifndef SOFT_BREAK_WEIGHT
#define SOFT_BREAK_WEIGHT 1
#endif
#ifndef LOOSE_BOTTOM_WEIGHT
#define LOOSE_BOTTOM_WEIGHT 2
#endif
#ifndef STOCK_WEIGHT
#define STOCK_WEIGHT 4
#endif
#ifndef EMPTY_WEIGHT
#define EMPTY_WEIGHT 5
#endif
#ifndef OFF_WEIGHT
#define OFF_WEIGHT 20
#endif
#ifndef DEPTH_CAP
#define DEPTH_CAP 400
#endif

typedef struct {
    uint8_t cards[COLUMNS][MAX_CARDS];
    uint8_t len[COLUMNS], hidden[COLUMNS];
    uint8_t rows, off;
} Position;

typedef struct { uint8_t source, target, count; } Move;

/* -- a growing arena of bytes ---------------------------------------------- */

typedef struct { uint8_t *bytes; size_t used, size; } Arena;

static int arena_reserve(Arena *arena, size_t more)
{
    if (arena->used + more <= arena->size)
        return 0;
    size_t size = arena->size ? arena->size : 1 << 16;
    while (size < arena->used + more)
        size *= 2;
    uint8_t *bytes = realloc(arena->bytes, size);
    if (!bytes)
        return -1;
    arena->bytes = bytes;
    arena->size = size;
    return 0;
}

/* -- positions ------------------------------------------------------------------- */

static size_t encode(const Position *p, uint8_t *out)
{
    out[0] = p->rows;
    out[1] = p->off;
    memcpy(out + 2, p->hidden, COLUMNS);
    memcpy(out + 2 + COLUMNS, p->len, COLUMNS);
    size_t at = HEADER;
    for (int c = 0; c < COLUMNS; c++) {
        memcpy(out + at, p->cards[c], p->len[c]);
        at += p->len[c];
    }
    return at;
}

static void decode(const uint8_t *in, Position *p)
{
    p->rows = in[0];
    p->off = in[1];
    memcpy(p->hidden, in + 2, COLUMNS);
    memcpy(p->len, in + 2 + COLUMNS, COLUMNS);
    size_t at = HEADER;
    for (int c = 0; c < COLUMNS; c++) {
        memcpy(p->cards[c], in + at, p->len[c]);
        at += p->len[c];
    }
}

/* A fixed order of columns, for the key once the stock is empty: by face-down
   count, then length, then cards. */
static int column_order(const Position *p, int a, int b)
{
    if (p->hidden[a] != p->hidden[b])
        return p->hidden[a] - p->hidden[b];
    if (p->len[a] != p->len[b])
        return p->len[a] - p->len[b];
    return memcmp(p->cards[a], p->cards[b], p->len[a]);
}

/* Equal for positions that are the same for winning (packed.key): while the
   stock holds cards, the columns in order; once it is empty, the columns as
   a sorted list (each with its face-down count). */
static size_t position_key(const Position *p, uint8_t *out)
{
    if (p->rows) {
        size_t size = encode(p, out);
        out[1] = 0;                    /* off follows from the cards */
        return size;
    }
    int order[COLUMNS];
    for (int c = 0; c < COLUMNS; c++) {
        int at = c;
        while (at > 0 && column_order(p, order[at - 1], c) > 0) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = c;
    }
    size_t at = 0;
    out[at++] = 0;
    for (int i = 0; i < COLUMNS; i++) {
        int c = order[i];
        out[at++] = p->hidden[c];
        out[at++] = p->len[c];
        memcpy(out + at, p->cards[c], p->len[c]);
        at += p->len[c];
    }
    return at;
}

static int run_length(const uint8_t *column, int len, int hidden)
{
    if (len == 0)
        return 0;
    int top = len - 1, length = 1;
    while (top - length >= hidden && column[top - length] == column[top - length + 1] + 1)
        length++;
    return length;
}

/* packed.moves: every move the rules allow, in the same order. */
static int generate(const Position *p, Move *moves)
{
    int count = 0, empties[COLUMNS], empty_count = 0;
    for (int c = 0; c < COLUMNS; c++)
        if (p->len[c] == 0)
            empties[empty_count++] = c;
    if (p->rows == 0 && empty_count > 1)
        empty_count = 1;
    for (int source = 0; source < COLUMNS; source++) {
        int len = p->len[source];
        if (len == 0)
            continue;
        int length = run_length(p->cards[source], len, p->hidden[source]);
        int top_rank = p->cards[source][len - 1] & RANK_MASK;
        int whole = length == len;
        for (int target = 0; target < COLUMNS; target++) {
            if (target == source)
                continue;
            int onto = p->len[target];
            if (onto) {
                int take = (p->cards[target][onto - 1] & RANK_MASK) - top_rank;
                if (take >= 1 && take <= length) {
                    moves[count].source = source;
                    moves[count].target = target;
                    moves[count].count = take;
                    count++;
                }
                continue;
            }
            int listed = 0;
            for (int e = 0; e < empty_count; e++)
                if (empties[e] == target)
                    listed = 1;
            if (!listed)
                continue;
            for (int take = 1; take <= length; take++) {
                if (take == length && whole && p->rows == 0)
                    continue;
                moves[count].source = source;
                moves[count].target = target;
                moves[count].count = take;
                count++;
            }
        }
    }
    int any_empty = 0;
    for (int c = 0; c < COLUMNS; c++)
        if (p->len[c] == 0)
            any_empty = 1;
    if (p->rows && !any_empty) {
        moves[count].source = DEAL_SOURCE;
        moves[count].target = 0;
        moves[count].count = 0;
        count++;
    }
    return count;
}

static void turn_up(Position *p, int c)
{
    if (p->len[c] && p->len[c] == p->hidden[c])
        p->hidden[c]--;
}

static void send_off(Position *p, int c)
{
    int len = p->len[c];
    if (len - p->hidden[c] >= RUN && (p->cards[c][len - 1] & RANK_MASK) == 1
            && run_length(p->cards[c], len, p->hidden[c]) >= RUN) {
        p->len[c] = len - RUN;
        turn_up(p, c);
        p->off++;
    }
}

/* packed.apply: the move made as the engine makes it. */
static void apply(const Position *p, Move m, const uint8_t stock[][COLUMNS], int stock_rows,
                  Position *out)
{
    *out = *p;
    if (m.source == DEAL_SOURCE) {
        const uint8_t *row = stock[stock_rows - p->rows];
        for (int c = 0; c < COLUMNS; c++)
            out->cards[c][out->len[c]++] = row[c];
        out->rows--;
        for (int c = 0; c < COLUMNS; c++)
            send_off(out, c);
        return;
    }
    int cut = p->len[m.source] - m.count;
    memcpy(out->cards[m.target] + p->len[m.target], p->cards[m.source] + cut, m.count);
    out->len[m.target] += m.count;
    out->len[m.source] = cut;
    turn_up(out, m.source);
    send_off(out, m.target);
}

/* One column's part of the score (solver_search.score). */
static int column_score(const Position *p, int c)
{
    int len = p->len[c], h = p->hidden[c];
    const uint8_t *column = p->cards[c];
    if (len == 0)
        return -EMPTY_WEIGHT;
    int total = HIDDEN_WEIGHT * h;
    if (h == 0 && (column[0] & RANK_MASK) != 13)
        total += LOOSE_BOTTOM_WEIGHT;
    for (int i = h + 1; i < len; i++) {
        if (column[i - 1] == column[i] + 1)
            continue;
        if ((column[i - 1] & RANK_MASK) == (column[i] & RANK_MASK) + 1)
            total += SOFT_BREAK_WEIGHT;
        else
            total += HARD_BREAK_WEIGHT;
    }
    return total;
}

static int rest_score(const Position *p)
{
    return STOCK_WEIGHT * COLUMNS * p->rows - OFF_WEIGHT * p->off;
}

/* solver_search.score: lower is better. */
static int score(const Position *p)
{
    int total = rest_score(p);
    for (int c = 0; c < COLUMNS; c++)
        total += column_score(p, c);
    return total;
}

/* The score of ``child``, made by ``move`` from ``parent`` whose columns
   scored ``parts`` and which scored ``whole``: only the columns the move
   touched are scored again. */
static int child_score(const Position *parent, const int *parts, int whole, Move move,
                       const Position *child)
{
    if (move.source == DEAL_SOURCE)
        return score(child);
    return whole - parts[move.source] - parts[move.target] - rest_score(parent)
        + column_score(child, move.source) + column_score(child, move.target)
        + rest_score(child);
}

/* -- a set of keys, exact ------------------------------------------------------- */

typedef struct { uint64_t hash; size_t offset; uint32_t size; } Slot;

typedef struct {
    Slot *slots;
    size_t capacity, count;
    Arena keys;
} KeySet;

static uint64_t hash_bytes(const uint8_t *bytes, size_t size)
{
    uint64_t hash = 0x9E3779B97F4A7C15ULL ^ size;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        hash = (hash ^ word) * 0xFF51AFD7ED558CCDULL;
        hash ^= hash >> 32;
    }
    uint64_t rest = 0;
    memcpy(&rest, bytes + i, size - i);
    hash = (hash ^ rest) * 0xC4CEB9FE1A85EC53ULL;
    hash ^= hash >> 29;
    return hash | 1;     /* 0 marks an empty slot */
}

static void keyset_free(KeySet *set)
{
    free(set->slots);
    free(set->keys.bytes);
    memset(set, 0, sizeof(*set));
}

static int keyset_clear(KeySet *set)
{
    set->count = 0;
    set->keys.used = 0;
    if (set->slots)
        memset(set->slots, 0, set->capacity * sizeof(Slot));
    return 0;
}

static int keyset_grow(KeySet *set)
{
    size_t capacity = set->capacity ? set->capacity * 2 : 1 << 12;
    Slot *slots = calloc(capacity, sizeof(Slot));
    if (!slots)
        return -1;
    for (size_t i = 0; i < set->capacity; i++) {
        Slot slot = set->slots[i];
        if (!slot.hash)
            continue;
        size_t at = slot.hash & (capacity - 1);
        while (slots[at].hash)
            at = (at + 1) & (capacity - 1);
        slots[at] = slot;
    }
    free(set->slots);
    set->slots = slots;
    set->capacity = capacity;
    return 0;
}

/* 1 if the key was there; 0 if it was added (or, with add 0, is not there);
   -1 if memory ran out. */
static int keyset_find(KeySet *set, const uint8_t *key, size_t size, int add)
{
    if (add && (set->count + 1) * 2 > set->capacity && keyset_grow(set) < 0)
        return -1;
    if (!set->capacity)
        return 0;
    uint64_t hash = hash_bytes(key, size);
    size_t at = hash & (set->capacity - 1);
    while (set->slots[at].hash) {
        Slot *slot = &set->slots[at];
        if (slot->hash == hash && slot->size == size
                && memcmp(set->keys.bytes + slot->offset, key, size) == 0)
            return 1;
        at = (at + 1) & (set->capacity - 1);
    }
    if (!add)
        return 0;
    if (arena_reserve(&set->keys, size) < 0)
        return -1;
    memcpy(set->keys.bytes + set->keys.used, key, size);
    set->slots[at].hash = hash;
    set->slots[at].offset = set->keys.used;
    set->slots[at].size = (uint32_t)size;
    set->keys.used += size;
    set->count++;
    return 0;
}

/* -- the beam search ---------------------------------------------------------------- */

typedef struct {
    int score, group;
    size_t parent;            /* the kept position it came from */
    Move move;
} Child;

typedef struct {
    size_t parent;
    Move move;
    size_t offset;            /* where its encoded position lies in the kept arena */
} Kept;

typedef struct {
    const uint8_t (*stock)[COLUMNS];
    int stock_rows;
    long long positions, limit;
    PyObject *check_cancelled;
    PyThreadState *released;
    PyObject *failure;
    /* one round of the search */
    Kept *kept;
    size_t kept_count, kept_size;
    Arena positions_arena;
    KeySet seen;
    Child *children;
    uint64_t *ranks;
    size_t child_count, child_size;
    /* the best kept position of this round (lowest score, first kept), and
       the path to the best of all rounds so far (search.best) */
    int round_best_score;
    size_t round_best;
    int best_score;
    Move *best;
    size_t best_length;
} Search;

enum { FOUND = 1, EXHAUSTED = 0, OUT_OF_BUDGET = -1, FAILED = -2 };

/* A child's place in the order of keeping, as one number: its group, then
   its score, then the order it was made in (its place in the array). */
#define SCORE_OFFSET (1 << 20)
#define ORDER_BITS 39

static uint64_t rank_of(const Child *child, size_t index)
{
    return (uint64_t)child->group << (ORDER_BITS + 21)
        | (uint64_t)(child->score + SCORE_OFFSET) << ORDER_BITS | index;
}

static void sort_numbers(uint64_t *numbers, size_t count)
{
    while (count > 16) {
        uint64_t a = numbers[0], b = numbers[count / 2], c = numbers[count - 1];
        uint64_t pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
        size_t low = 0, high = count - 1;
        while (1) {
            while (numbers[low] < pivot)
                low++;
            while (numbers[high] > pivot)
                high--;
            if (low >= high)
                break;
            uint64_t swap = numbers[low];
            numbers[low] = numbers[high];
            numbers[high] = swap;
            low++;
            high--;
        }
        /* sort the smaller side by recursion, the larger by the loop */
        size_t left = high + 1;
        if (left < count - left) {
            sort_numbers(numbers, left);
            numbers += left;
            count -= left;
        } else {
            sort_numbers(numbers + left, count - left);
            count = left;
        }
    }
    for (size_t i = 1; i < count; i++) {
        uint64_t value = numbers[i];
        size_t at = i;
        while (at > 0 && numbers[at - 1] > value) {
            numbers[at] = numbers[at - 1];
            at--;
        }
        numbers[at] = value;
    }
}

static int keep(Search *search, size_t parent, Move move, const Position *p)
{
    if (search->kept_count == search->kept_size) {
        size_t size = search->kept_size ? search->kept_size * 2 : 1024;
        Kept *kept = realloc(search->kept, size * sizeof(Kept));
        if (!kept)
            return -1;
        search->kept = kept;
        search->kept_size = size;
    }
    if (arena_reserve(&search->positions_arena, MAX_ENCODED) < 0)
        return -1;
    Kept *entry = &search->kept[search->kept_count++];
    entry->parent = parent;
    entry->move = move;
    entry->offset = search->positions_arena.used;
    search->positions_arena.used += encode(p, search->positions_arena.bytes + entry->offset);
    return 0;
}

static int ask_cancelled(Search *search)
{
    if (search->check_cancelled == Py_None)
        return 0;
    PyEval_RestoreThread(search->released);
    PyObject *result = PyObject_CallNoArgs(search->check_cancelled);
    int failed = result == NULL;
    Py_XDECREF(result);
    search->released = PyEval_SaveThread();
    return failed;
}

/* One round with beams of ``width`` per group; *discarded says whether any
   child was left out for want of room.  On FOUND, *won is the kept position
   the winning move was made from, and *last that move. */
static int round_of(Search *search, const Position *start, int width, int *discarded,
                    size_t *won, Move *last)
{
    uint8_t key[MAX_ENCODED];
    Position p, child;
    Move moves[MAX_MOVES];
    search->kept_count = 0;
    search->positions_arena.used = 0;
    search->round_best = 0;
    search->round_best_score = search->best_score;
    keyset_clear(&search->seen);
    *discarded = 0;
    if (keep(search, 0, (Move){0, 0, 0}, start) < 0)
        return FAILED;
    if (keyset_find(&search->seen, key, position_key(start, key), 1) < 0)
        return FAILED;
    size_t level_start = 0, level_end = 1;
    for (int depth = 0; level_start < level_end; depth++) {
        if (depth == DEPTH_CAP) {
            *discarded = 1;        /* positions were left unexpanded */
            break;
        }
        search->child_count = 0;
        for (size_t index = level_start; index < level_end; index++) {
            if (search->positions >= search->limit)
                return OUT_OF_BUDGET;
            search->positions++;
            if (search->positions % CANCEL_CHECK_INTERVAL == 0 && ask_cancelled(search))
                return FAILED;
            decode(search->positions_arena.bytes + search->kept[index].offset, &p);
            int parts[COLUMNS], whole = rest_score(&p);
            for (int c = 0; c < COLUMNS; c++) {
                parts[c] = column_score(&p, c);
                whole += parts[c];
            }
            int count = generate(&p, moves);
            for (int m = 0; m < count; m++) {
                apply(&p, moves[m], search->stock, search->stock_rows, &child);
                if (child.off == 8) {
                    *won = index;
                    *last = moves[m];
                    return FOUND;
                }
                /* Positions seen already are left out below, in the order of
                   keeping: only the few looked at need their key. */
                if (search->child_count == search->child_size) {
                    size_t grown = search->child_size ? search->child_size * 2 : 4096;
                    Child *children = realloc(search->children, grown * sizeof(Child));
                    if (!children)
                        return FAILED;
                    search->children = children;
                    uint64_t *ranks = realloc(search->ranks, grown * sizeof(uint64_t));
                    if (!ranks)
                        return FAILED;
                    search->ranks = ranks;
                    search->child_size = grown;
                }
                Child *made = &search->children[search->child_count];
                made->score = child_score(&p, parts, whole, moves[m], &child);
                made->group = child.rows;
                made->parent = index;
                made->move = moves[m];
                search->ranks[search->child_count] = rank_of(made, search->child_count);
                search->child_count++;
            }
        }
        sort_numbers(search->ranks, search->child_count);
        level_start = level_end;
        /* Keep the first ``width`` new positions of each group, in order; of
           the same position made twice the first made comes first (same
           group, same score, earlier order). */
        int group = -1, in_group = 0, full = 0;
        for (size_t c = 0; c < search->child_count; c++) {
            Child *made = &search->children[search->ranks[c] & ((1ULL << ORDER_BITS) - 1)];
            if (made->group != group) {
                group = made->group;
                in_group = 0;
                full = 0;
            }
            if (full)
                continue;
            decode(search->positions_arena.bytes + search->kept[made->parent].offset, &p);
            apply(&p, made->move, search->stock, search->stock_rows, &child);
            size_t size = position_key(&child, key);
            int seen = keyset_find(&search->seen, key, size, 0);
            if (seen < 0)
                return FAILED;
            if (seen)
                continue;
            if (in_group == width) {
                *discarded = 1;        /* a new position left out */
                full = 1;
                continue;
            }
            in_group++;
            if (keyset_find(&search->seen, key, size, 1) < 0
                    || keep(search, made->parent, made->move, &child) < 0)
                return FAILED;
            if (made->score < search->round_best_score) {
                search->round_best_score = made->score;
                search->round_best = search->kept_count - 1;
            }
        }
        level_end = search->kept_count;
    }
    return EXHAUSTED;
}

static PyObject *path_of(Search *search, size_t index, Move last)
{
    size_t depth = 1;
    for (size_t at = index; at != 0; at = search->kept[at].parent)
        depth++;
    PyObject *path = PyList_New((Py_ssize_t)depth);
    if (!path)
        return NULL;
    Py_ssize_t place = (Py_ssize_t)depth - 1;
    Move move = last;
    size_t at = index;
    while (1) {
        PyObject *item = Py_BuildValue("(iii)", move.source, move.target, move.count);
        if (!item) {
            Py_DECREF(path);
            return NULL;
        }
        PyList_SET_ITEM(path, place--, item);
        if (at == 0)
            break;
        move = search->kept[at].move;
        at = search->kept[at].parent;
    }
    return path;
}

/* At the end of a round, even one cut short: if its best kept position
   scores better than the best of the rounds before, the path to it becomes
   the best.  Returns -1 when out of memory. */
static int note_best(Search *search)
{
    if (search->round_best == 0 || search->round_best_score >= search->best_score)
        return 0;
    size_t length = 0;
    for (size_t at = search->round_best; at != 0; at = search->kept[at].parent)
        length++;
    Move *path = malloc(length * sizeof(Move));
    if (!path)
        return -1;
    size_t place = length;
    for (size_t at = search->round_best; at != 0; at = search->kept[at].parent)
        path[--place] = search->kept[at].move;
    free(search->best);
    search->best = path;
    search->best_length = length;
    search->best_score = search->round_best_score;
    return 0;
}

static PyObject *best_of(const Search *search)
{
    PyObject *path = PyList_New((Py_ssize_t)search->best_length);
    if (!path)
        return NULL;
    for (size_t i = 0; i < search->best_length; i++) {
        const Move *move = &search->best[i];
        PyObject *item = Py_BuildValue("(iii)", move->source, move->target, move->count);
        if (!item) {
            Py_DECREF(path);
            return NULL;
        }
        PyList_SET_ITEM(path, (Py_ssize_t)i, item);
    }
    return path;
}

static void search_free(Search *search)
{
    free(search->best);
    free(search->kept);
    free(search->positions_arena.bytes);
    free(search->children);
    free(search->ranks);
    keyset_free(&search->seen);
}

static int read_start(PyObject *columns, const char *hidden, Py_ssize_t hidden_size,
                      int rows, int off, Position *start)
{
    if (!PyTuple_Check(columns) || PyTuple_GET_SIZE(columns) != COLUMNS
            || hidden_size != COLUMNS) {
        PyErr_SetString(PyExc_ValueError, "ten columns and ten face-down counts");
        return -1;
    }
    memset(start, 0, sizeof(*start));
    for (int c = 0; c < COLUMNS; c++) {
        PyObject *column = PyTuple_GET_ITEM(columns, c);
        if (!PyBytes_Check(column) || PyBytes_GET_SIZE(column) > MAX_CARDS) {
            PyErr_SetString(PyExc_ValueError, "a column is bytes of at most 104 cards");
            return -1;
        }
        start->len[c] = (uint8_t)PyBytes_GET_SIZE(column);
        memcpy(start->cards[c], PyBytes_AS_STRING(column), start->len[c]);
        start->hidden[c] = (uint8_t)hidden[c];
        if (start->hidden[c] > start->len[c]) {
            PyErr_SetString(PyExc_ValueError, "more face-down cards than cards");
            return -1;
        }
    }
    start->rows = (uint8_t)rows;
    start->off = (uint8_t)off;
    return 0;
}

static PyObject *spider_search(PyObject *self, PyObject *args)
{
    PyObject *columns, *stock_rows, *check_cancelled;
    const char *hidden;
    Py_ssize_t hidden_size;
    int rows, off, width;
    long long limit;
    if (!PyArg_ParseTuple(args, "O!y#iiO!LiO", &PyTuple_Type, &columns, &hidden, &hidden_size,
                          &rows, &off, &PyTuple_Type, &stock_rows, &limit, &width,
                          &check_cancelled))
        return NULL;
    Position start;
    if (read_start(columns, hidden, hidden_size, rows, off, &start) < 0)
        return NULL;
    Py_ssize_t stock_count = PyTuple_GET_SIZE(stock_rows);
    if (stock_count > MAX_ROWS || rows > stock_count || rows < 0 || width < 1) {
        PyErr_SetString(PyExc_ValueError, "at most five rows of stock, and a width");
        return NULL;
    }
    uint8_t stock[MAX_ROWS][COLUMNS];
    for (Py_ssize_t r = 0; r < stock_count; r++) {
        PyObject *row = PyTuple_GET_ITEM(stock_rows, r);
        if (!PyBytes_Check(row) || PyBytes_GET_SIZE(row) != COLUMNS) {
            PyErr_SetString(PyExc_ValueError, "a stock row is ten bytes");
            return NULL;
        }
        memcpy(stock[r], PyBytes_AS_STRING(row), COLUMNS);
    }
    if (start.off == 8)
        return Py_BuildValue("(iL[][])", 1, 0LL);
    Search search;
    memset(&search, 0, sizeof(search));
    search.stock = (const uint8_t (*)[COLUMNS])stock;
    search.stock_rows = (int)stock_count;
    search.limit = limit;
    search.check_cancelled = check_cancelled;
    search.best_score = score(&start);
    int status = EXHAUSTED;
    size_t won = 0;
    Move last = {0, 0, 0};
    search.released = PyEval_SaveThread();
    for (long long round_width = width;; round_width *= 2) {
        int discarded = 0;
        status = round_of(&search, &start, (int)(round_width > 1 << 30 ? 1 << 30 : round_width),
                          &discarded, &won, &last);
        if (status != FAILED && status != FOUND && note_best(&search) < 0)
            status = FAILED;
        if (status != EXHAUSTED || !discarded)
            break;
    }
    PyEval_RestoreThread(search.released);
    if (status == FAILED) {
        search_free(&search);
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return NULL;
    }
    PyObject *result;
    if (status == FOUND) {
        PyObject *path = path_of(&search, won, last);
        result = path ? Py_BuildValue("(iLN[])", 1, search.positions, path) : NULL;
    } else {
        PyObject *best = best_of(&search);
        result = best ? Py_BuildValue("(iL[]N)", status == EXHAUSTED ? 0 : -1, search.positions,
                                      best) : NULL;
    }
    search_free(&search);
    return result;
}

static PyMethodDef methods[] = {
    {"search", spider_search, METH_VARARGS,
     "search(columns, hidden, rows, off, stock, limit, width, check_cancelled)"
     " -> (status, positions, path, best)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "The Spider solver's search, compiled.", -1, methods,
};

PyMODINIT_FUNC PyInit__search(void)
{
    return PyModule_Create(&module);
}
