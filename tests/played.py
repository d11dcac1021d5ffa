"""Playing a game from the tests as a player would: by keys through a
session (the interpreter translates, the session performs), or through the
one terminal program with text as its input."""

from __future__ import annotations

import io
from typing import Any

from cardgui.engine.commands import Command
from cardgui.engine.game import Game
from cardgui.engine.outcome import Outcome
from cardgui.engine.registry import find_game, load
from cardgui.session import GameSession
from cardgui.text import loop


def keyed(game: Game[Any]) -> GameSession:
    """A session around ``game`` (nothing kept): ``.press(key)`` as a player
    types, ``.game``, ``.pending``."""
    return GameSession.around(find_game(game.game_id), game)


def typed(session: GameSession, keys: str) -> list[Any]:
    """Press every key of ``keys``; what each did."""
    return [session.press(key) for key in keys]


def text_program(game_id: str, text: str, deal: int | None = None, as_json: bool = True,
                 **options: Any) -> tuple[int, str, str]:
    """``cardgui text GAME [--deal N] [--json]`` run in this process on ``text``
    as its input (a pipe): (exit status, stdout, stderr).  Options not given
    start where the terminal program starts them."""
    info = find_game(game_id)
    chosen = {spec.name: spec.default if spec.terminal_default is None else spec.terminal_default
              for spec in info.options}
    chosen.update(options)
    stdout, stderr = io.StringIO(), io.StringIO()
    status = loop.main(info, load(info.terminal), deal, as_json, chosen, io.StringIO(text),
                       stdout, stderr)
    return status, stdout.getvalue(), stderr.getvalue()


def performed(game: Game[Any], command: Command) -> Outcome:
    """``command`` performed on ``game`` as a front end does it, by a session.

    Raises:
        IllegalMove: if the rules refuse it.
    """
    return keyed(game).perform(command)
