"""The registry of games: one entry per game carries everything the program
needs of it, under a stable id that saves and statistics use.

The window's table and the terminal program live outside the engine (the one
in Qt); an entry names them as ``"module:name"`` and ``load`` imports them only
when they are wanted, so the engine never imports Qt.  An entry without them
gets a table and a terminal program that work for any game.

A game's rules and keys are named the same way, through :func:`later`: the
registry lists every game (the menus show their titles) without importing
the rules of games nobody plays, so the window's start does not wait for them.
"""

from __future__ import annotations

import enum
import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .deals import MAX_DEAL, random_deal_number
from .game import Game
from .keyboard import KeyInterpreter
from .options import OptionSpec, usable_options

DEFAULT_TABLE = "cardgui.gui.tables.default:TABLE"
DEFAULT_TERMINAL = "cardgui.text.any_game:TERMINAL"


class Results(enum.Enum):
    """What a game's statistics count."""

    WINS = "wins"                     # won or not (Klondike, FreeCell)
    WINS_AND_SCORES = "wins and scores"   # won or not, and a score (Calculation)
    SCORES = "scores"                 # a score, never won or lost (Poker Squares)


@dataclass(frozen=True)
class SolverEntry:
    """A game's solver, named as ``"module:name"`` references, loaded when
    wanted: ``solve(game, budget) -> SearchResult``; ``words(game, steps)``,
    the steps as the game's own replayable notation, one word a move, which
    ``--json`` lists under ``words_name``; and, for Klondike, ``keys(game,
    steps)``, the steps as the book's keystrokes."""

    solve: str
    words: str
    words_name: str = "moves"
    keys: str = ""


@dataclass(frozen=True)
class AdvisorEntry:
    """A game's advisor, which sees only what the player sees, named as
    ``"module:name"`` references: ``advise(game[, seconds_per_card]) ->
    Advice`` (the step and the reason for it; ``NoAdvice``, a ``ValueError``,
    once the game is over); ``words(game, steps)``, the steps as the game's
    replayable notation, listed by ``cardgui demo --json`` under
    ``words_name``; ``outcome(game)``, what that JSON says of the game played
    to its end (``{"won": ..., "score": ...}``)."""

    advise: str
    words: str
    outcome: str
    words_name: str = "moves"


@dataclass(frozen=True)
class GameInfo:
    """One game of the suite.

    ``game(deal, **options)`` makes a deal of it; ``keys(game)`` reads its keys.
    ``table`` and ``terminal`` name the window's table spec and the terminal
    program's ``main`` as ``"module:name"`` (the defaults work for any game).
    ``score_targets`` are scores worth counting, per variant (Poker Squares'
    100 American points); in a game played for a score, ``winning_scores``
    are the scores that count as a win, per variant.  ``solver`` (which knows
    every card) and ``advisor`` (which sees what the player sees) are the
    help it has, if any.
    """

    game_id: str
    title: str
    game: Callable[..., Game[Any]]
    keys: Callable[[Any], KeyInterpreter]
    options: tuple[OptionSpec, ...] = ()
    highest_deal: int = MAX_DEAL
    random_highest: int = MAX_DEAL      # new random deals come from 1 to this
    table: str = DEFAULT_TABLE
    terminal: str = DEFAULT_TERMINAL
    results: Results = Results.WINS
    score_targets: Mapping[str, int] | None = None
    winning_scores: Mapping[str, int] | None = None
    solver: SolverEntry | None = None
    advisor: AdvisorEntry | None = None

    def new_game(self, deal: int | None = None,
                 options: Mapping[str, Any] | None = None) -> Game[Any]:
        """Deal ``deal`` (a random one if None) with ``options``; stored
        options this game does not take are left out.

        Raises:
            ValueError: if ``deal`` is not one of its deals.
        """
        number = deal if deal is not None else random_deal_number(self.random_highest)
        return self.game(number, **usable_options(self.options, options or {}))

    def option(self, name: str) -> OptionSpec:
        """The option called ``name``.

        Raises:
            KeyError: if the game has no such option.
        """
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(f"{self.title} has no option {name!r}")


class later:  # noqa: N801  (used as a function: ``later("module:name")``)
    """A callable standing for the one ``reference`` (``"module:name"``)
    names, imported when first called; calling it calls that one.  It
    compares equal to another standing for the same reference.

    Raises (when called):
        ImportError: if the module or the name is missing.
    """

    __slots__ = ("reference", "_loaded")

    def __init__(self, reference: str) -> None:
        self.reference = reference
        self._loaded: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._loaded is None:
            self._loaded = load(self.reference)
        return self._loaded(*args, **kwargs)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, later) and other.reference == self.reference

    def __hash__(self) -> int:
        return hash(self.reference)

    def __repr__(self) -> str:
        return f"later({self.reference!r})"


GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game to the registry (the one line a new game needs).

    Raises:
        ValueError: if its id is taken by another game, or is not a plain word.
    """
    if not info.game_id.isidentifier() or info.game_id != info.game_id.lower():
        raise ValueError(f"a game id is a lower-case word, not {info.game_id!r}")
    known = GAMES.get(info.game_id)
    if known is not None and known != info:
        raise ValueError(f"the id {info.game_id!r} is taken by {known.title}")
    GAMES[info.game_id] = info
    return info


def find_game(game_id: str) -> GameInfo:
    """The game called ``game_id`` (any case).

    Raises:
        KeyError: naming the games there are.
    """
    try:
        return GAMES[game_id.lower()]
    except KeyError:
        raise KeyError(f"no game called {game_id!r}; the games are: "
                       + ", ".join(GAMES)) from None


def load(reference: str) -> Any:
    """The object a ``"module:name"`` reference names, imported now.

    Raises:
        ImportError: if the module or the name is missing.
    """
    module_name, _, name = reference.partition(":")
    module = importlib.import_module(module_name)
    try:
        return getattr(module, name)
    except AttributeError:
        raise ImportError(f"{module_name} has no {name!r}") from None
