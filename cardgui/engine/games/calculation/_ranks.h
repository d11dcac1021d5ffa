/*
 * Calculation by ranks, for its compiled modules (_search.c, _playout.c,
 * _endgame.c): the ranks each foundation takes in turn, as ranks.py's
 * SEQUENCE and SLOT, and reading whole numbers from Python.  Included by
 * those files only, after Python.h; each fills its own copy of the tables
 * once, when it is imported (fill_rank_tables).
 */

#ifndef CARDGUI_CALCULATION_RANKS_H
#define CARDGUI_CALCULATION_RANKS_H

#define FULL 13                 /* cards on a finished foundation */

/* SEQUENCE[f][k]: the rank foundation f takes as its (k+1)-th card;
 * SLOT[f][rank]: where rank lies in that sequence (-1 for rank 0). */
static int SEQUENCE[4][FULL];
static int SLOT[4][FULL + 1];

static void fill_rank_tables(void)
{
    for (int f = 0; f < 4; f++) {
        for (int rank = 0; rank <= FULL; rank++)
            SLOT[f][rank] = -1;
        for (int k = 0; k < FULL; k++) {
            SEQUENCE[f][k] = ((f + 1) * (k + 1) - 1) % FULL + 1;
            SLOT[f][SEQUENCE[f][k]] = k;
        }
    }
}

/* Exactly count whole numbers from low to high out of a Python sequence into
 * into; 0, or -1 with ValueError (or the conversion's error) set. */
static inline int read_ints(PyObject *sequence, int *into, Py_ssize_t count, int low, int high,
                            const char *what)
{
    PyObject *fast = PySequence_Fast(sequence, what);
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "%s: %zd numbers expected", what, count);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (value < low || value > high) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, value);
            Py_DECREF(fast);
            return -1;
        }
        into[i] = (int)value;
    }
    Py_DECREF(fast);
    return 0;
}

#endif
