"""Real trouble with files, for the tests of what cardgui does about it.

As root no file is unreadable and no file read-only, so the tests act as the
user ``nobody`` for a while (the effective user id, changed back after) in a
folder that user owns, where a file root owns with mode 0600 cannot be read
and one with mode 0644 cannot be written.  A full disk is a real one: a small
``tmpfs`` mounted for the test and filled up.  Where these cannot be had (not
root, no mount), the tests that need them are skipped with the reason.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import shutil
import subprocess
import tempfile
from typing import Iterator

import pytest

NOBODY = 65534


def can_act_as_nobody() -> str:
    """"" if the tests can act as nobody, else why not."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "acting as another user needs root"
    return ""


@contextlib.contextmanager
def as_nobody() -> Iterator[None]:
    """Act as the user ``nobody`` inside the block (root again after it)."""
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


@contextlib.contextmanager
def nobody_folder() -> Iterator[pathlib.Path]:
    """A fresh folder ``nobody`` owns (outside pytest's own, which only root
    may enter), removed after the block."""
    reason = can_act_as_nobody()
    if reason:
        pytest.skip(reason)
    folder = pathlib.Path(tempfile.mkdtemp(prefix="cardgui-nobody-", dir="/tmp"))
    os.chmod(folder, 0o755)
    os.chown(folder, NOBODY, NOBODY)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def root_owned(path: pathlib.Path, mode: int) -> None:
    """Make ``path`` root's, with ``mode`` (0o600: nobody cannot read it; 0o644:
    nobody cannot write it)."""
    os.chown(path, 0, 0)
    os.chmod(path, mode)


def nobody_owned(path: pathlib.Path) -> None:
    """Give ``path`` to nobody (it becomes usable again)."""
    os.chown(path, NOBODY, NOBODY)
    os.chmod(path, 0o644)


@contextlib.contextmanager
def small_disk(kilobytes: int = 512) -> Iterator[pathlib.Path]:
    """A folder on a disk of its own of ``kilobytes`` (a tmpfs), unmounted after."""
    reason = can_act_as_nobody()
    if reason:
        pytest.skip("mounting a small disk " + reason.split(" ", 2)[-1])
    folder = pathlib.Path(tempfile.mkdtemp(prefix="cardgui-disk-", dir="/tmp"))
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kilobytes}k", "tmpfs",
                              str(folder)], capture_output=True, text=True)
    if mounted.returncode != 0:
        folder.rmdir()
        pytest.skip(f"cannot mount a small disk here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=True)   # files may be open yet
        folder.rmdir()


def fill(folder: pathlib.Path) -> pathlib.Path:
    """Fill the disk ``folder`` is on to the last byte; the file that fills it
    (remove it to free the disk)."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as stream:
        try:
            while True:
                stream.write(b"\0" * 4096)
        except OSError:
            pass
    # The last partial block, a byte at a time.
    with filler.open("ab", buffering=0) as stream:
        try:
            while True:
                stream.write(b"\0")
        except OSError:
            pass
    return filler
