"""Memory the window frees goes back to the system (#30): with GNU libc, a
large block is served by a mapping of its own, given back when freed, even
after a larger one has been freed (glibc's own rule would serve it from the
heap from then on, whose free memory the process keeps)."""

from __future__ import annotations

import ctypes
import platform

import pytest

from cardgui.gui import app
from cardgui.gui.app import build_window

MiB = 1024 * 1024
IS_MMAPPED = 0x2        # glibc's flag in a chunk's size word, just before the block


class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
        "uordblks", "fordblks", "keepcost")]


def has_its_own_mapping(block: int) -> bool:
    """Whether glibc served ``block`` by a mapping of its own: read from the
    block's own header, so no other thread's allocations can blur it (the
    process-wide total of mapped bytes could: a worker's thread freeing a
    mapped block at the same moment)."""
    size_word = ctypes.c_size_t.from_address(block - ctypes.sizeof(ctypes.c_size_t)).value
    return bool(size_word & IS_MMAPPED)


@pytest.fixture
def libc():
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        pytest.skip("GNU libc only")
    libc = ctypes.CDLL("libc.so.6")
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    libc.mallinfo2.restype = MallInfo2
    return libc


def test_once_the_window_has_settled_a_large_block_is_mapped_after_a_larger_one_was_freed(
        libc, monkeypatch, home, qtbot):
    monkeypatch.delenv("MALLOC_MMAP_THRESHOLD_", raising=False)
    window = build_window("klondike", 617)
    qtbot.addWidget(window)
    app._settled(window, 0.0, exit_after=False)      # as the window's first frame ends
    # Larger than all the free memory the heap holds now (the window's start
    # left some), else glibc would serve it from there whatever its threshold.
    size = MiB + libc.mallinfo2().fordblks
    libc.free(libc.malloc(8 * size))       # glibc alone would raise its threshold to 8 x size
    block = libc.malloc(size)
    mapped = has_its_own_mapping(block)
    libc.free(block)
    assert mapped
