"""The one terminal program every game runs in: ``cardgui text GAME``.

A game supplies only its ``TerminalSpec`` (``engine/terminal_plan.py``): how
its board and help read, and whether it reads keys (through its key
interpreter) or words or lines (through its ``read``).  Everything else is
here, the same for every game: a ``GameSession`` performs every command (so
undo, the log and the end of a game are the window's), the words every
program knows (``u`` undo, ``y`` redo, ``g`` a new game, ``?`` help, ``x``
quit), and the two ways of running:

* at a terminal, the screen is redrawn in place after every key or line: the
  board, what happened, the game's menu and a prompt; a refusal rings the bell;
* from a pipe or a file, input is read to its end (or ``x``): each message is
  printed (a refusal as ``bell: ...``), then the final board; with ``--json``
  only the final position, as one JSON object, with refusals on stderr.

Input is bytes in whatever locale: text that does not decode is refused
with a message, never a traceback.
"""

from __future__ import annotations

import codecs
import io
import json
from dataclasses import dataclass, field
from typing import IO, Any, Iterator, Mapping

from ..engine.commands import Command
from ..engine.game import Game
from ..engine.keyboard import Request
from ..engine.moves import IllegalMove
from ..engine.outcome import Ending
from ..engine.registry import GameInfo
from ..engine.terminal_plan import Reads, TerminalSpec
from ..session import GameSession
from . import terminal

QUIT_KEY = "x"
COMMON_WORDS: dict[str, Command | Request] = {
    "u": Command("undo"), "undo": Command("undo"),
    "y": Command("redo"), "redo": Command("redo"),
    "g": Request.NEW_GAME, "new": Request.NEW_GAME,
    "?": Request.HELP, "help": Request.HELP,
    QUIT_KEY: Request.QUIT, "quit": Request.QUIT, "exit": Request.QUIT,
}
COMMON_HELP = ("Also: u undo, y redo, g a new game, ? this help, "
               f"{QUIT_KEY} quit (or end of input).")
UNREADABLE = "\ufffd"      # what a byte that is not text in the input's encoding becomes
IGNORED_KEYS = frozenset("\r\n")


@dataclass
class Said:
    """What one key, word or line did: the messages for the player, whether
    it was refused (the bell), and whether the help was asked for."""

    messages: list[str] = field(default_factory=list)
    bell: bool = False
    help: bool = False


class TerminalGame:
    """The game in play at a terminal, in its session (nothing is saved), and
    whether the player has quit."""

    def __init__(self, info: GameInfo, spec: TerminalSpec, deal: int | None,
                 options: Mapping[str, Any]) -> None:
        """Deal ``deal`` of ``info`` (a random one if None) with ``options``.

        Raises:
            ValueError: if ``deal`` is not one of the game's deals.
        """
        self.info, self.spec, self.options = info, spec, dict(options)
        self.session = GameSession.start(info, deal, self.options)
        self.finished = False

    @property
    def game(self) -> Game[Any]:
        return self.session.game

    @property
    def greeting(self) -> str:
        return (f"{self.info.title}, deal {self.game.deal_number}.  "
                f"? for help, {QUIT_KEY} to quit.")

    def take(self, text: str) -> Said:
        """Carry out one key (in a game that reads keys) or one word or line.
        Never raises for bad input: a refusal comes back with the bell and
        its reason, and nothing has changed."""
        if UNREADABLE in text:
            return Said(["That is not text this program can read: type letters and "
                         "digits."], bell=True)
        if self.spec.reads is Reads.KEYS:
            result = self.session.press(text)
            if result.request is not None:
                return self._request(result.request)
            return Said([result.message] if result.message else [], bell=result.bell)
        asked = COMMON_WORDS.get(text.strip().lower())
        if asked is None:
            assert self.spec.read is not None
            try:
                asked = self.spec.read(self.game, text)
            except ValueError as refusal:      # IllegalMove is one
                return Said([str(refusal)], bell=True)
        if isinstance(asked, Request):
            return self._request(asked)
        if isinstance(asked, Game):
            self.session = GameSession.around(self.info, asked)
            return Said([f"{asked.title}, deal {asked.deal_number}."])
        try:
            outcome = self.session.perform(asked)
        except IllegalMove as refusal:
            return Said([str(refusal)], bell=True)
        return Said([outcome.message] if outcome.message else [])

    def _request(self, request: Request) -> Said:
        if request is Request.QUIT:
            self.finished = True
            return Said(["Goodbye."])
        if request is Request.NEW_GAME:
            self.session = GameSession.start(self.info, None, self.options)
            return Said([f"New game: deal {self.game.deal_number}."])
        if request is Request.HELP:
            return Said(help=True)
        return Said()                            # redisplay: the screen is redrawn anyway

    def help_pages(self) -> list[list[str]]:
        """The game's help, with the words every program reads on the last page
        (in a game that reads keys, its key table lists them)."""
        pages = [list(page) for page in self.spec.help(self.game)] or [[]]
        if self.spec.reads is not Reads.KEYS:
            pages[-1].append(COMMON_HELP)
        return pages

    def ending(self) -> str:
        """How a finished game stands, in words; "" while play goes on."""
        game = self.game
        if self.spec.ending is not None:
            return self.spec.ending(game)
        ending = game.ending
        score = f"  Score {game.score}." if game.score is not None else ""
        if ending is Ending.WON:
            return f"You win!{score}  g for a new game, {QUIT_KEY} to quit."
        if ending is Ending.NO_MOVES:
            return "No card can move again.  u to undo, g for a new game."
        if ending is Ending.FINISHED:
            return f"The game is over: final score {game.score}.  g for a new game."
        return ""


def main(info: GameInfo, spec: TerminalSpec, deal: int | None, as_json: bool,
         options: Mapping[str, Any], stdin: IO[str], stdout: IO[str],
         stderr: IO[str]) -> int:
    """Play ``info`` in the terminal; returns the exit status, 0.

    Raises:
        ValueError: if ``deal`` is not one of the game's deals (the command
            line has checked it).
    """
    for stream in (stdout, stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")   # a terminal that shows less than we say
    playing = TerminalGame(info, spec, deal, options)
    if terminal.is_terminal(stdin) and not as_json:
        run_interactive(playing, stdin, stdout)
    else:
        run_piped(playing, stdin, stdout, stderr, as_json)
    return 0


# -- at a terminal ----------------------------------------------------------------------


def run_interactive(playing: TerminalGame, stdin: IO[str], stdout: IO[str]) -> None:
    """Redraw the screen in place after every key or line until ``x`` or the
    end of input."""
    colour = terminal.uses_colour(stdout)
    said = Said([playing.greeting])
    reads_keys = playing.spec.reads is Reads.KEYS

    def draw() -> None:
        ending = playing.ending()
        lines = (playing.spec.board(playing.game, colour) + [""] + said.messages
                 + ([ending] if ending else []) + list(playing.spec.menu))
        pending = playing.session.pending if reads_keys else ""
        stdout.write(terminal.CLEAR_SCREEN + "\n".join(lines) + "\n"
                     + playing.spec.prompt + pending)
        stdout.flush()

    if reads_keys:
        with terminal.cbreak(stdin):
            keys = terminal.terminal_keys(stdin)
            draw()
            for key in keys:
                if key in IGNORED_KEYS:
                    continue
                said = _take_at_terminal(playing, key, stdout)
                if said.help and not _show_help(playing, stdout, lambda: next(keys, None),
                                                "Press any key to continue."):
                    break
                if playing.finished:
                    break
                draw()
    else:
        lines = _lines(stdin)
        draw()
        for line in lines:
            said = Said()
            for unit in _units(playing.spec, line):
                taken = _take_at_terminal(playing, unit, stdout)
                said.messages += taken.messages
                if taken.help and not _show_help(playing, stdout, lambda: next(lines, None),
                                                 "Press Enter to continue."):
                    return
                if playing.finished:
                    break
            if playing.finished:
                stdout.write("\n".join(said.messages) + "\n")
                return
            draw()
    stdout.write("\n")


def _take_at_terminal(playing: TerminalGame, unit: str, stdout: IO[str]) -> Said:
    said = playing.take(unit)
    if said.bell:
        stdout.write(terminal.BELL)
    return said


def _show_help(playing: TerminalGame, stdout: IO[str], wait: Any, prompt: str) -> bool:
    """Show the help a page at a time; False if the input ended meanwhile."""
    for page in playing.help_pages():
        stdout.write(terminal.CLEAR_SCREEN + "\n".join(page) + "\n\n" + prompt)
        stdout.flush()
        if wait() is None:
            return False
    return True


# -- from a pipe ----------------------------------------------------------------------------


def run_piped(playing: TerminalGame, stdin: IO[str], stdout: IO[str], stderr: IO[str],
           as_json: bool) -> None:
    """Read to the end of input (or ``x``); print what happened and the final
    board, or with ``as_json`` only the final position (refusals on stderr)."""
    spec = playing.spec
    for line in _lines(stdin) if spec.reads is not Reads.KEYS else _keys(stdin):
        if spec.reads is Reads.LINES and not as_json and line.strip():
            stdout.write(spec.prompt + line.strip() + "\n")
        for unit in _units(spec, line):
            said = playing.take(unit)
            if said.bell:
                (stderr if as_json else stdout).write(
                    "".join(f"bell: {message}\n" for message in said.messages))
            elif not as_json:
                if said.help:
                    stdout.write("".join(text + "\n" for page in playing.help_pages()
                                         for text in page))
                stdout.write("".join(message + "\n" for message in said.messages))
            if playing.finished:
                break
        if playing.finished:
            break
    if as_json:
        stdout.write(json.dumps(playing.game.to_json()) + "\n")
        return
    ending = playing.ending()
    stdout.write("\n".join(spec.board(playing.game, False) + ([ending] if ending else []))
                 + "\n")


# -- reading -----------------------------------------------------------------------------------


def _units(spec: TerminalSpec, line: str) -> list[str]:
    """What one line holds for the game: itself (a key, or a whole request)
    or its words."""
    if spec.reads is Reads.WORDS:
        return line.split()
    if spec.reads is Reads.LINES:
        return [line.strip()] if line.strip() else []
    return [] if line in IGNORED_KEYS else [line]


def _binary(stream: IO[str]) -> IO[bytes] | None:
    return getattr(stream, "buffer", None)


def _lines(stream: IO[str]) -> Iterator[str]:
    """Lines from ``stream`` until its end, whatever bytes they hold: bytes
    that are not text in its encoding come as U+FFFD (and are refused)."""
    binary = _binary(stream)
    if binary is None:
        yield from iter(stream.readline, "")
        return
    encoding = getattr(stream, "encoding", None) or "utf-8"
    for raw in iter(binary.readline, b""):
        yield raw.decode(encoding, errors="replace")


def _keys(stream: IO[str]) -> Iterator[str]:
    """Keys from a pipe or file, one character at a time, until its end."""
    binary = _binary(stream)
    if binary is None:
        yield from iter(lambda: stream.read(1), "")
        return
    encoding = getattr(stream, "encoding", None) or "utf-8"
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    for byte in iter(lambda: binary.read(1), b""):
        yield from decoder.decode(byte)
    yield from decoder.decode(b"", final=True)
