"""Calculation's one-key commands, for the window's keyboard.

``1``-``4`` put the hand card on that waste pile, ``F`` or Enter puts it on a
foundation that takes it, shifted ``! @ # $`` play that waste pile's top card
to a foundation, Space turns up the next card, U undoes, Y redoes.

Card names work as everywhere (``8S``, ``QH``, ``T`` or ``10`` for ten), with
one difference: the digits 1-4 act at once as waste piles, because putting
the hand card on a waste pile is the move made most often, and a key that
waited for the next one to decide would do nothing when pressed.  So a name
that starts with a digit 1-4 (``2H``, ``3S``, ``4D``, ``10D``, ``1C`` for an
ace) is typed after an apostrophe: ``'2H``.  The apostrophe may start any
name (``'QS``); names starting with A, 5-9, T, J, Q or K need none.

``CalculationKeys(game).press("Q")`` then ``.press("S")`` plays the queen of
spades.  Each key returns a ``Response``; a refused key rings the bell, says
why, forgets any half-typed name and changes nothing.
"""

from __future__ import annotations

from ...cards import Card
from ...commands import Command
from ...keyboard import (
    SHIFTED_DIGITS,
    BookKeys,
    KeyBinding,
    KeyTable,
    Response,
    is_rank_key,
)
from ...moves import IllegalMove
from .game import Calculation

WASTE_KEYS = "1234"
WASTE_TOP_KEYS = SHIFTED_DIGITS[:4]      # ! @ # $
NAME_KEY = "'"

CALCULATION_KEYS = KeyTable([
    KeyBinding(" ", "Space", "Turn up the next card", "deal"),
    KeyBinding(WASTE_KEYS, "1 2 3 4", "Put the hand card on that waste pile", "to_waste"),
    KeyBinding("F\r\n", "F Enter", "Put the hand card on a foundation that takes it",
               "hand_up"),
    KeyBinding(WASTE_TOP_KEYS, "! @ # $", "Play the top card of waste pile 1-4 "
               "(shifted 1-4) to a foundation that takes it", "waste_up"),
    KeyBinding("HSDC", "card", "Play that card (the hand card or a waste pile's top) to "
               "a foundation: rank A 5 6 7 8 9 T J Q K, then suit H S D C", "card"),
    KeyBinding(NAME_KEY, "' card", "Name any card, even one whose rank starts with 1-4: "
               "'2H, '10D, '1C (ace)", "name"),
    KeyBinding("\b\x7f", "Del", "Forget a half-typed card name (also Backspace)", "rubout"),
    KeyBinding("U", "U", "Undo", "undo"),
    KeyBinding("Y", "Y", "Redo", "redo"),
    KeyBinding("G", "G", "New game", "new_game"),
    KeyBinding("?", "?", "Show these commands", "help", in_window="Show these keys in a window"),
])


class CalculationKeys(BookKeys):
    """Interprets keystrokes for one game of Calculation."""

    table = CALCULATION_KEYS
    game: Calculation

    def __init__(self, game: Calculation) -> None:
        super().__init__(game)
        self.naming = False      # an apostrophe was typed: digits are ranks

    @property
    def pending(self) -> str:
        """The half-typed card name, as typed so far (``"'"``, ``"'10"``, ``"Q"``)."""
        return (NAME_KEY if self.naming else "") + self.reader.pending

    def clear(self) -> None:
        super().clear()
        self.naming = False

    def _before_table(self, char: str) -> Response | None:
        typing_name = self.naming or bool(self.reader.pending)
        if is_rank_key(char) and (typing_name or char not in WASTE_KEYS):
            self.reader.rank_key(char)
            return Response(pending=self.pending)
        return None

    def _require_no_name(self, key: str) -> None:
        if self.naming or self.reader.pending:
            shown = "Space" if key == " " else "Enter" if key in "\r\n" else key
            raise IllegalMove(f"{self.pending} then {shown} is not a card name; "
                              "type the name again.")

    # -- actions, named in the key table ---------------------------------------

    def _deal(self, key: str) -> Command:
        self._require_no_name(key)
        return Command("deal")

    def _to_waste(self, key: str) -> Command:
        return Command("hand_to_waste", (WASTE_KEYS.index(key) + 1,))

    def _hand_up(self, key: str) -> Command:
        self._require_no_name(key)
        return Command("play_hand")

    def _waste_up(self, key: str) -> Command:
        self._require_no_name(key)
        return Command("play_waste", (WASTE_TOP_KEYS.index(key) + 1,))

    def _card(self, key: str) -> Command:
        card: Card = self.reader.take_card(key)
        self.naming = False
        return Command("play_card", (card.name,))

    def _name(self, key: str) -> Response:
        self._require_no_name(key)
        self.naming = True
        return Response(pending=self.pending)
