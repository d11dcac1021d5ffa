"""A helper process that answers the help's questions away from the window.

The window must never wait for a search, and a search in a thread of the
window's own process would still take turns with it for Python's lock.  So
each worker is a process of its own (started fresh, not forked from the
window with its Qt threads), answering one request at a time.  Asking again
cancels the request still running: every request has a number, the newest
number is shared with the process, and a search stops at its next look at
the budget once it is no longer the newest.  Answers come back on a queue
that the window polls.

A worker can be held (``hold``): it then starts no process, and keeps only
the newest question until ``release`` sends it, so that the window can draw
its first frame before a process is started beside it.

A worker never outlives the window, however the window ends (closed, killed
with kill -9, crashed).  The queues cannot tell it: the worker holds both
ends of their pipes, so it would wait on them for ever.  So each worker gets
a lifeline, the reading end of a pipe whose only writing end the window
holds; when the window's process ends, for whatever reason, the system closes
that end, the worker reads the end of the pipe and exits at once.  (With the
worker gone, multiprocessing's resource tracker, which waits for every
process holding its pipe, ends too.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.search.budget import SearchCancelled
from ..processes import spawning


@dataclass(frozen=True, slots=True)
class Request:
    """One question: ``kind`` names the function in ``answers`` that answers
    it (``judge``, ``hint``, ``winnable_deal``), with its arguments."""

    number: int
    kind: str
    game_id: str
    arguments: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to request ``number``, or ``error`` saying why there is none."""

    number: int
    kind: str
    value: Any = None
    error: str = ""


def serve(requests: Any, answers: Any, newest: Any, lifeline: Any) -> None:
    """The worker process: answer requests until told to stop (None), or
    until the window's process ends (``lifeline`` reads the end of its pipe)."""
    _end_with_the_window(lifeline)
    _yield_to_the_window()
    from ..engine.games import find_game  # the registry, with every game in it
    from . import answers as work

    while True:
        request = requests.get()
        if request is None:
            return
        if request.number != newest.value:
            continue                          # asked again since: not wanted any more

        def cancelled(number: int = request.number) -> bool:
            return bool(newest.value != number)
        try:
            function = getattr(work, request.kind)
            value = function(find_game(request.game_id), *request.arguments,
                             cancelled=cancelled)
            answers.put(Answer(request.number, request.kind, value))
        except SearchCancelled:
            continue
        except Exception as error:  # a failed search must never stop the worker
            answers.put(Answer(request.number, request.kind, error=f"{type(error).__name__}: "
                                                                    f"{error}"))


def _end_with_the_window(lifeline: Any) -> None:
    """Watch ``lifeline`` on a thread of its own and end this process the
    moment the window's end of it closes; Ctrl+C in a terminal reaches every
    process of the window, and is the window's to handle, not ours."""
    import os
    import signal
    import threading

    def watch() -> None:
        try:
            while True:
                lifeline.recv_bytes()        # the window never writes: this waits for the end
        except (EOFError, OSError):
            pass
        os._exit(0)           # at once: a search may be running, and nobody wants its answer

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=watch, name="cardgui-lifeline", daemon=True).start()


def _yield_to_the_window() -> None:
    """Give this process the lowest priority (nice 19), so that the window
    has the core when it wants it, as KPatience runs its solver thread at
    idle priority: measured with bench/input_latency.py on 2 busy cores, key
    to repainted table took +3.5 ms with a busy worker at normal priority and
    +0.9 ms at idle priority.  Nice 19 rather than the idle policy, so that a
    machine busy with other work still leaves the search a little time and
    the verdict comes, late."""
    import os

    try:
        os.nice(19 - os.nice(0))
    except (AttributeError, OSError):
        pass                                   # no way to ask: run as we are


class Worker:
    """One helper process, started when first asked (unless held), with its
    own queues (a process ended at once may leave its queues unusable, so a
    new process gets new ones)."""

    def __init__(self) -> None:
        self._process: Any = None
        self._requests: Any = None
        self._answers: Any = None
        self._newest: Any = None
        self._lifeline: Any = None               # the writing end only the window holds
        self._number = 0
        self._held = False
        self._waiting: Request | None = None     # the newest question asked while held

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def ask(self, kind: str, game_id: str, *arguments: Any) -> int:
        """Ask a question (cancelling the one still being answered); its number.
        While the worker is held, the question waits for ``release``."""
        self._number += 1
        request = Request(self._number, kind, game_id, arguments)
        if self._held:
            self._waiting = request
        else:
            self._send(request)
        return self._number

    def hold(self) -> None:
        """Start no process until ``release``; the newest question asked
        meanwhile waits (an older one would have been cancelled anyway)."""
        self._held = True

    def release(self) -> None:
        """No longer held: send the question that waits, if it is still the
        newest (starting the process for it)."""
        self._held = False
        waiting, self._waiting = self._waiting, None
        if waiting is not None and waiting.number == self._number:
            self._send(waiting)

    def _send(self, request: Request) -> None:
        if not self.running:
            self._start()
        self._newest.value = request.number
        self._requests.put(request)

    def _start(self) -> None:
        context = spawning()
        self._requests, self._answers = context.Queue(), context.Queue()
        self._newest = context.Value("q", self._number)
        their_end, self._lifeline = context.Pipe(duplex=False)
        self._process = context.Process(
            target=serve, args=(self._requests, self._answers, self._newest, their_end),
            name="cardgui-help", daemon=True)
        self._process.start()
        their_end.close()         # the worker's copy is its own: ours would keep it alive

    def cancel(self) -> None:
        """Stop the answer being worked out; none will come."""
        self._number += 1
        if self._newest is not None:
            self._newest.value = self._number

    def answers(self) -> list[Answer]:
        """The answers that have come in since last asked, oldest first."""
        found: list[Answer] = []
        if self._answers is None:
            return found
        from queue import Empty  # loaded with multiprocessing when the process started

        while True:
            try:
                found.append(self._answers.get_nowait())
            except Empty:
                break
        return found

    def stop(self) -> None:
        """End the process (at once: a search may be running); a question
        waiting for ``release`` is dropped."""
        self.cancel()
        self._waiting = None
        if self._process is not None:
            self._process.terminate()
            self._process.join(timeout=2)
            for channel in (self._requests, self._answers):
                channel.cancel_join_thread()      # nothing in them is wanted any more
                channel.close()
            self._lifeline.close()
        self._process = self._requests = self._answers = self._newest = None
        self._lifeline = None
