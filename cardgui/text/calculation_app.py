"""``cardgui text calculation``: Katrin Becker's program in a terminal, on the shared engine.

It shows her display and reads her requests, one a line, any case.  At a
terminal it shows the display again after every request.  From a pipe or a
file (``cardgui text calculation < TEST``) it reads requests until end of
input or ``q``, printing each request and its answer and then the final
display, or with ``--json`` only the final state as one JSON object.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, Any, Callable, Iterable, Mapping

from ..engine.deals import random_deal_number
from ..engine.games.calculation.game import Calculation
from ..engine.moves import IllegalMove
from ..engine.registry import GameInfo
from . import terminal
from .calculation_requests import Kind, Request, RequestError, parse_request
from .calculation_screen import (
    CONTINUE,
    HELP_PAGES,
    OPTIONS,
    PROMPT,
    board_lines,
    state_message,
)

REFUSED = "Refused: "


@dataclass(frozen=True, slots=True)
class Reply:
    """What one request did: a message, whether it was refused, whether to show the help."""

    message: str = ""
    refused: bool = False
    show_help: bool = False

    @property
    def text(self) -> str:
        return (REFUSED if self.refused else "") + self.message


class CalculationSession:
    """One terminal session: the game in play, and whether the player has quit."""

    def __init__(self, deal: int | None, new_deal: Callable[[], int] = random_deal_number) -> None:
        self._new_deal = new_deal
        self.game = Calculation(deal if deal is not None else new_deal())
        self.finished = False

    @property
    def greeting(self) -> str:
        return f"Calculation, deal {self.game.deal_number}.  H for help."

    def request(self, line: str) -> Reply:
        """Carry out one request.  Never raises for bad input: a refused request
        comes back with ``refused`` set, the rule it broke in ``message``, and
        nothing changed."""
        try:
            return self._carry_out(parse_request(line))
        except (RequestError, IllegalMove) as refusal:
            return Reply(str(refusal), refused=True)

    def _carry_out(self, request: Request) -> Reply:
        if request.kind is Kind.PLAY:
            self.game = Calculation(self._new_deal())
            return Reply(f"New game: deal {self.game.deal_number}.")
        if request.kind is Kind.TEST_DECK:
            self.game = Calculation.stacked()
            return Reply("The stacked test deck.")
        if request.kind is Kind.QUIT:
            self.finished = True
            return Reply("Goodbye.")
        if request.kind is Kind.HELP:
            return Reply(show_help=True)
        if request.kind is Kind.DEAL:
            return Reply(self.game.deal().message)
        assert request.source is not None and request.target is not None
        return Reply(self.game.move_top(request.source, request.target).message)


def _write(stdout: IO[str], lines: Iterable[str]) -> None:
    stdout.write("".join(line + "\n" for line in lines))


def run_interactive(session: CalculationSession, stdin: IO[str], stdout: IO[str]) -> None:
    """Play at a terminal until ``q`` or end of input."""
    message = session.greeting
    while True:
        _write(stdout, board_lines(session.game) + [""] + ([message] if message else [])
               + OPTIONS)
        stdout.write(PROMPT)
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n")
            return
        if not line.strip():
            message = state_message(session.game)
            continue
        reply = session.request(line)
        if session.finished:
            _write(stdout, [reply.text])
            return
        if reply.show_help:
            for page in HELP_PAGES:
                _write(stdout, list(page) + ["", CONTINUE])
                stdout.flush()
                if not stdin.readline():
                    return
        message = reply.text or state_message(session.game)


def run_piped(session: CalculationSession, stdin: IO[str], stdout: IO[str],
              as_json: bool) -> None:
    """Read requests to end of input (or ``q``); print each with its answer and
    then the final display, or with ``as_json`` only the final state."""
    if not as_json:
        _write(stdout, board_lines(session.game) + ["", session.greeting])
    for line in stdin:
        if not line.strip():
            continue
        reply = session.request(line)
        if not as_json:
            _write(stdout, [PROMPT + line.strip()])
            help_text = [text for page in HELP_PAGES for text in page]
            _write(stdout, help_text if reply.show_help else [reply.text])
        if session.finished:
            break
    if as_json:
        _write(stdout, [json.dumps(session.game.to_json())])
        return
    final = state_message(session.game)
    _write(stdout, [""] + board_lines(session.game) + ([final] if final else []))


def main(info: GameInfo | None, deal: int | None, as_json: bool, options: Mapping[str, Any],
         stdin: IO[str], stdout: IO[str], stderr: IO[str] | None = None) -> int:
    """Run the terminal front end; returns the exit status.  Calculation has
    no options."""
    session = CalculationSession(deal)
    if terminal.is_terminal(stdin) and not as_json:
        run_interactive(session, stdin, stdout)
    else:
        run_piped(session, stdin, stdout, as_json)
    return 0
