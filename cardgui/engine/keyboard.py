"""The book's keyboard language: key tables, the card-name reader, responses.

Each game has one ``KeyTable``.  The interpreter dispatches through it and the
help (the terminal's ``?`` screen, the window's command panel) is generated
from it, so the two can never disagree.  An interpreter only translates: a
key that asks the game for something becomes a ``Command``, which the game's
session performs (``GameSession.press``); the key itself is never what a
saved game keeps.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol

from .cards import Card, Suit, parse_rank, rank_name
from .commands import Command
from .moves import IllegalMove
from .outcome import Outcome
from .piles import PileId

RANK_KEYS = frozenset("123456789AJQK")
SHIFTED_DIGITS = "!@#$%^&*()"   # shift 1 … shift 0 on a US keyboard


class Request(enum.Enum):
    """What a key asks of the front end rather than of the game."""

    NEW_GAME = "new game"
    QUIT = "quit"
    HELP = "help"
    REDISPLAY = "redisplay"


@dataclass(frozen=True, slots=True)
class Response:
    """What one keystroke asks for, translated and not yet done.

    A key gives ``command``, a command for the game (the session performs
    it), or ``request``, something for the front end (help, quit ...), or
    only a change to the half-typed name, ``pending`` (what is typed so far,
    after this key).  ``bell`` is the book's bell for a key that was itself
    refused (a suit with no rank before it, a key with no command), with the
    reason in ``message``; a refused key asks for nothing and forgets the
    half-typed name.
    """

    command: Command | None = None
    request: Request | None = None
    pending: str = ""
    message: str = ""
    bell: bool = False


@dataclass(frozen=True, slots=True)
class KeyBinding:
    """Keys, how the help writes them, what they do, and the action's name.

    ``in_window`` is what the binding does in the window, where that differs
    from the terminal (the book's ``?`` shows the keys in a window); ``""``
    leaves it out of the window's list, for a key that does nothing useful
    there (the book's ``R`` redisplays a terminal's board)."""

    keys: str
    label: str
    summary: str
    action: str
    hidden: bool = False
    in_window: str | None = None



SESSION_KEYS = (
    KeyBinding("R", "R", "Redisplay the board", "redisplay", in_window=""),
    KeyBinding("?", "?", "Show these instructions", "help",
               in_window="Show these keys in a window"),
    KeyBinding("U", "U", "Undo", "undo"),
    KeyBinding("Y", "Y", "Redo", "redo"),
    KeyBinding("G", "G", "Give up (start a new game)", "new_game"),
    KeyBinding("X", "X", "Exit", "quit",
               in_window="Leave cardgui (it asks first while a game is in progress)"),
)
"""The keys every game without a book of its own shares, last in its table:
redisplay, help, undo, redo, give up and leave, said the same way in each."""

class KeyTable:
    """A game's keys, looked up case-insensitively, in the order help lists them."""

    def __init__(self, bindings: Iterable[KeyBinding]) -> None:
        self.bindings = tuple(bindings)
        self._by_key: dict[str, KeyBinding] = {}
        for binding in self.bindings:
            for key in binding.keys:
                if key in self._by_key:
                    raise ValueError(f"key {key!r} is bound twice")
                self._by_key[key] = binding

    def lookup(self, key: str) -> KeyBinding | None:
        return self._by_key.get(key.upper())

    def visible(self) -> list[KeyBinding]:
        """The bindings the help shows (not the hidden ones)."""
        return [binding for binding in self.bindings if not binding.hidden]

    def in_window(self) -> list[tuple[str, str]]:
        """(keys as written, what they do) of each binding the window lists."""
        return [(binding.label, binding.summary if binding.in_window is None
                 else binding.in_window) for binding in self.visible()
                if binding.in_window != ""]

    def help_lines(self, width: int = 8) -> list[str]:
        """One line per visible binding: the keys, padded, then what they do."""
        return [f"{binding.label:<{width}} {binding.summary}" for binding in self.visible()]


class CardNameReader:
    """Reads a card name a key at a time, as the book's ``parsecmd`` does.

    A rank (``A 2 … 9 J Q K``, ``10`` typed as ``1 0``, or ``T``) is held as
    pending until a suit (or ``.``) completes it.  ``1`` before a suit is an
    ace.  Every refusal raises ``IllegalMove`` and forgets the pending rank.
    """

    def __init__(self) -> None:
        self.pending = ""

    def clear(self) -> None:
        self.pending = ""

    def refuse(self, reason: str) -> IllegalMove:
        """Forget the pending rank and return the error to raise."""
        self.pending = ""
        return IllegalMove(reason)

    def rank_key(self, key: str) -> None:
        """A rank key: ``T``, ``0`` and ``1``-``9``, ``A``, ``J``, ``Q``, ``K``.

        Raises:
            IllegalMove: a second rank after a pending one, or a ``0`` that
                does not follow ``1``.
        """
        key = key.upper()
        if key == "0":
            if self.pending != "1":
                raise self.refuse("0 only follows 1, to make 10.")
            self.pending = "10"
            return
        if self.pending:
            raise self.refuse(f"{self._shown(self.pending)} then {key} is not a card name; "
                              "type the name again.")
        self.pending = "10" if key == "T" else key

    def take_card(self, suit_key: str) -> Card:
        """Complete the pending rank with a suit.

        Raises:
            IllegalMove: if no rank is pending.
        """
        if not self.pending:
            raise self.refuse(f"Type a rank before the suit {suit_key.upper()}, like 8S or 10H.")
        rank = parse_rank(self.pending)
        self.pending = ""
        return Card(rank, Suit.from_letter(suit_key))

    def take_rank(self, key: str = ".") -> int:
        """The pending rank, for ``.`` (every suit of it).

        Raises:
            IllegalMove: if no rank is pending.
        """
        if not self.pending:
            raise self.refuse(f"Type a rank before {key}, like 8{key}.")
        rank = parse_rank(self.pending)
        self.pending = ""
        return rank

    def require_nothing_pending(self, key: str) -> None:
        """Refuse a command key typed in the middle of a card name.

        Raises:
            IllegalMove: if a rank is pending.
        """
        if self.pending:
            raise self.refuse(f"{self._shown(self.pending)} then {key} is not a card name; "
                              "type the name again.")

    @staticmethod
    def _shown(pending: str) -> str:
        return "1" if pending == "1" else rank_name(parse_rank(pending))


def is_rank_key(key: str) -> bool:
    return key.upper() in RANK_KEYS or key.upper() in ("T", "0")


class KeyInterpreter(Protocol):
    """What every game's keyboard interpreter offers the front ends."""

    @property
    def table(self) -> KeyTable:
        """The keys it reads, as the help lists them."""

    @property
    def pending(self) -> str:
        """The half-typed card name."""

    @property
    def cursor_pile(self) -> PileId | None:
        """The pile under the keys' own cursor, in a game whose keys move one
        (Poker Squares'); None in the others."""

    def clear(self) -> None:
        """Forget a half-typed name (a mouse gesture came in between, or the
        game refused the command the name made)."""

    def press(self, key: str) -> Response:
        """Translate one keystroke; never performs, never raises for bad input."""

    def performed(self, command: Command, outcome: Outcome) -> None:
        """Hear that the session performed ``command`` (a cursor moves on)."""

    def keyboard_state(self) -> dict[str, Any]:
        """What the keyboard is in the middle of, as plain data to save."""

    def restore_keyboard_state(self, state: dict[str, Any]) -> None:
        """Take up what ``keyboard_state`` gave.

        Raises:
            ValueError: if ``state`` is not one this interpreter gives.
        """


MAX_TYPED = 8          # no half-typed name of any game is longer


class BookKeys:
    """What every game's interpreter shares: dispatch through its key table, the
    bell (with the reason) for a refused key, a half-typed card name, and the
    keys every game has (undo, redo, help, new game, quit, redisplay).

    A game's interpreter subclasses this, sets ``table``, and defines one
    ``_<action>(key)`` method per action its table names, returning the
    ``Command`` to perform, or a ``Response`` for a key that asks the game for
    nothing (a rank of a half-typed name, say).  It reads the game to
    translate, and never changes it.
    """

    table: KeyTable       # the game's keys (a variant's may say its rules: Klondike's +)

    def __init__(self, game: Any) -> None:
        self.game = game
        self.reader = CardNameReader()
        self._typed = ""          # the keys that made the half-typed name

    @property
    def pending(self) -> str:
        """The half-typed name, as typed so far (``"10"``, ``"Q"``)."""
        return self.reader.pending

    @property
    def cursor_pile(self) -> PileId | None:
        """No cursor of their own: the window's keyboard focus serves."""
        return None

    def clear(self) -> None:
        """Forget a half-typed name."""
        self.reader.clear()
        self._typed = ""

    def keyboard_state(self) -> dict[str, Any]:
        """``{"typing": the keys that made the half-typed name}`` (``"T"`` for
        a pending 10 typed as T: the keys, so that typing them again gives
        the same name in every game)."""
        return {"typing": self._typed if self.pending else ""}

    def restore_keyboard_state(self, state: dict[str, Any]) -> None:
        """Type the keys of ``state`` again.

        Raises:
            ValueError: if they are not keys that these keys leave half-typed.
        """
        typing = state.get("typing", "")
        self.clear()
        if not isinstance(typing, str) or len(typing) > MAX_TYPED:
            raise ValueError(f"{typing!r} is not a half-typed name")
        for key in typing:
            response = self.press(key)
            if response.command is not None or response.request is not None or response.bell:
                break
        if self._typed != typing:
            self.clear()
            raise ValueError(f"{typing!r} is not a half-typed name of this game")

    def performed(self, command: Command, outcome: Outcome) -> None:
        """Nothing to follow up: the game's state is all there is."""

    def press(self, key: str) -> Response:
        """Translate one keystroke into what it asks for.  Never performs and
        never raises for bad input: a refused key comes back with ``bell``
        set and the reason in ``message``, having forgotten any half-typed
        name."""
        if len(key) != 1:
            # A named key (an arrow, say) this game does not use: like KPatience
            # and AisleRiot, no bell; but say so.
            return Response(message=f"The {key} key does nothing here; press ? for the keys.",
                            pending=self.pending)
        try:
            asked = self._dispatch(key)
        except IllegalMove as refusal:
            self.clear()
            return Response(message=str(refusal), bell=True)
        response = asked if isinstance(asked, Response) else Response(asked,
                                                                       pending=self.pending)
        typing = response.command is None and response.request is None and bool(self.pending)
        self._typed = self._typed + key if typing else ""
        return response

    def _dispatch(self, key: str) -> Command | Response:
        char = key.upper()
        early = self._before_table(char)
        if early is not None:
            return early
        binding = self.table.lookup(char)
        if binding is None:
            printable = repr(key) if not key.isprintable() or key.isspace() else key
            raise IllegalMove(f"{printable} is not a command: press ? for the list.")
        action: Callable[[str], Command | Response] = getattr(self, "_" + binding.action)
        return action(char)

    def _before_table(self, char: str) -> Response | None:
        """Keys read before the table: by default the ranks of a card name."""
        if is_rank_key(char):
            self.reader.rank_key(char)
            return Response(pending=self.pending)
        return None

    def _request(self, request: Request) -> Response:
        self.clear()
        return Response(request=request)

    # -- the keys every game has ---------------------------------------------------

    def _rubout(self, key: str) -> Response:
        self.clear()
        return Response()

    def _undo(self, key: str) -> Command:
        self.clear()
        return Command("undo")

    def _redo(self, key: str) -> Command:
        self.clear()
        return Command("redo")

    def _redisplay(self, key: str) -> Response:
        return self._request(Request.REDISPLAY)

    def _help(self, key: str) -> Response:
        return self._request(Request.HELP)

    def _new_game(self, key: str) -> Response:
        return self._request(Request.NEW_GAME)

    def _quit(self, key: str) -> Response:
        return self._request(Request.QUIT)
