"""Klondike exactly as Brian Harvey's Logo program plays it, and in the
variants players know from KPatience, AisleRiot and Windows.

*Computer Science Logo Style* vol. 2 ch. 4: draw three, unlimited passes,
foundations ("the top") built up by suit, stacks built down in alternating
colours, kings onto empty stacks.  Where a card goes is decided as the
listing's ``playcard``, ``checktop``, ``checkonto`` and ``upsafep`` decide,
and ``M`` walks on through the same list of places.

The variants change four things and nothing else (the same deal number
gives the same layout in all): ``draw`` one card a deal or three (the
book); ``passes``, the times through the hand (the book: unlimited);
``take_back``, whether a top card may come back down onto a stack, as
KPatience's draw one and Windows allow (the book: never); and ``scoring``,
Windows' points (``STANDARD``: a card from the pile to a stack 5, to the top
10, from a stack to the top 10, a stack's card turned up 5, a card back down
from the top -15, turning the pile over -100 drawing one and -20 after the
third pass drawing three, never below 0) or its Vegas dollars (``VEGAS``:
-52 to start, 5 a card up, -5 a card back down), per game or cumulative over
a run of games (the front end adds the games up).  No time counts: a
score depends on the moves alone.

Pile names are in ``position``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from ...again import FORGOTTEN, AgainMemory
from ...cards import RANKS, SUITS, Card, Suit, rank_name
from ...commands import Handler, card_arg, handler, number_arg
from ...deals import book_shuffle, check_deal_number
from ...game import Game
from ...moves import IllegalMove, Move, Step
from ...outcome import Outcome, played_up
from ...piles import Pile, PileId, Role, tableau
from ...rules import (
    alternate_descending,
    fits_alternate_descending,
    same_suit_ascending,
)
from .position import (
    HAND,
    INITIAL_STACKS,
    MAX_STACKS,
    PILE,
    place_name,
    read_position,
    top_of,
    write_position,
)
from .stuck import no_move_left

__all__ = ["HAND", "PILE", "Klondike", "KlondikeCounters", "place_name", "top_of"]

BOOK_DRAW = 3
DRAWS = (1, 3)
UNLIMITED = "unlimited"
PASSES = ("1", "2", "3", UNLIMITED)
SCORINGS = ("none", "standard", "vegas", "vegas-cumulative")
STANDARD = {"pile to stack": 5, "pile up": 10, "stack up": 10, "turned up": 5,
            "back down": -15}
RECYCLE = {1: -100, 3: -20}          # Standard: turning the pile over, drawing one or three
FREE_RECYCLES = {1: 0, 3: 2}         # drawing three, the first two turns (three passes) are free
VEGAS = {"start": -52, "up": 5, "back down": -5}
DEFAULT_RULES: dict[str, Any] = {"draw": BOOK_DRAW, "passes": UNLIMITED, "take_back": False,
                                 "scoring": "none"}


def not_in_play(card: Card) -> str:
    """The one answer for a typed card that is not in play, wherever it is
    hidden (the hand, under the pile's top, face down in a stack)."""
    return f"{card} is not in play: only the pile's top card and face-up stack cards are."


@dataclass(frozen=True, slots=True)
class KlondikeCounters:
    """Everything besides the piles that undo must put back."""

    moves: int = 0
    redeals: int = 0                 # times the pile was turned over into the hand
    again: AgainMemory = FORGOTTEN   # what M moves next
    score: int = 0                   # points or dollars, when the game keeps a score


class Klondike(Game[KlondikeCounters]):
    """A game of the book's solitaire.  ``Klondike(617)`` is always the same deal."""

    game_id = "klondike"
    title = "Klondike"
    can_finish = True

    def __init__(self, deal: int, draw: int = BOOK_DRAW, passes: str = UNLIMITED,
                 take_back: bool = False, scoring: str = "none") -> None:
        """Deal ``deal`` (the same layout in every variant) under these rules.

        Raises:
            ValueError: for a deal number out of range or an unknown rule.
        """
        check_deal_number(deal)
        self._take_up_rules(draw, passes, take_back, scoring)
        order = book_shuffle(deal)
        piles: dict[PileId, Pile] = {}
        dealt = 0
        for number in range(1, INITIAL_STACKS + 1):
            cards = order[dealt:dealt + number]
            dealt += number
            piles[tableau(number)] = Pile(tuple(cards), number - 1)
        # The book's hand is a list whose first card is dealt next; ours runs
        # bottom to top, so the next card is the last.
        piles[HAND] = Pile.face_down(order[dealt:][::-1])
        piles[PILE] = Pile()
        for suit in SUITS:
            piles[top_of(suit)] = Pile()
        super().__init__(deal, piles, self._first_counters())

    def _take_up_rules(self, draw: int, passes: str, take_back: bool, scoring: str) -> None:
        """Keep the variant's rules.

        Raises:
            ValueError: for a rule that is not one of the choices.
        """
        if draw not in DRAWS or passes not in PASSES or scoring not in SCORINGS \
                or not isinstance(take_back, bool):
            raise ValueError(f"Klondike has no rules draw={draw!r}, passes={passes!r}, "
                             f"take_back={take_back!r}, scoring={scoring!r}")
        self.draw, self.pass_limit, self.take_back, self.scoring = (
            draw, None if passes == UNLIMITED else int(passes), take_back, scoring)

    def _first_counters(self) -> KlondikeCounters:
        return KlondikeCounters(score=VEGAS["start"] if self.scoring.startswith("vegas") else 0)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, complete: bool = True,
                  **rules: Any) -> Klondike:
        """A game in the position ``data`` describes, in the shape ``to_json``
        writes, under ``rules`` (as the constructor takes them; those the data
        names are taken from it).

        With ``complete`` every one of the 52 cards must appear exactly once;
        without it (for tests of a few cards) none may appear twice.

        Raises:
            ValueError: saying what is wrong with ``data`` or the rules.
        """
        deal, piles = read_position(data, complete)
        game = cls.__new__(cls)
        written = data.get("rules", {})
        if not isinstance(written, Mapping):
            raise ValueError("not a Klondike position: its rules are malformed")
        game._take_up_rules(**{**DEFAULT_RULES, **rules, **written})
        Game.__init__(game, deal, piles, game._first_counters())
        if "score" in data and game.score is not None:
            if type(data["score"]) is not int:
                raise ValueError("not a Klondike position: its score is not a number")
            game._counters = replace(game._counters, score=data["score"])
        return game

    # -- the variant ---------------------------------------------------------------

    def rules(self) -> dict[str, Any]:
        """The variant's rules, as the constructor takes them."""
        return {"draw": self.draw,
                "passes": UNLIMITED if self.pass_limit is None else str(self.pass_limit),
                "take_back": self.take_back, "scoring": self.scoring}

    @property
    def is_book(self) -> bool:
        """True when this is the book's game: draw three, unlimited passes,
        nothing back down, no score."""
        return self.rules() == DEFAULT_RULES

    @property
    def variant(self) -> str:
        """The rules in a few words (``""`` for the book's), for statistics,
        which are kept per variant."""
        if self.is_book:
            return ""
        words = [f"draw {self.draw}",
                 "unlimited passes" if self.pass_limit is None else
                 f"{self.pass_limit} pass{'es' if self.pass_limit > 1 else ''}"]
        if self.take_back:
            words.append("take-back")
        if self.scoring != "none":
            words.append(self.scoring.replace("-", " ") + " scoring")
        return ", ".join(words)

    @property
    def carries_score(self) -> bool:
        return self.scoring == "vegas-cumulative"

    def rules_note(self) -> str:
        """This variant's rules in a sentence (the book's: "")."""
        if self.is_book:
            return ""
        parts = ["one card a deal" if self.draw == 1 else "three cards a deal",
                 "unlimited passes through the hand" if self.pass_limit is None else
                 f"{self.pass_limit} pass{'es' if self.pass_limit > 1 else ''} through the hand",
                 "cards may come back down from the top" if self.take_back else
                 "nothing comes back down from the top",
                 {"none": "no score", "standard": "Windows' Standard scoring",
                  "vegas": "Vegas scoring ($52 a game, $5 a card up)",
                  "vegas-cumulative": "Vegas scoring kept over a run of games"}[self.scoring]]
        return "This game: " + "; ".join(parts) + "."

    @property
    def score(self) -> int | None:
        """Points (Standard) or dollars (Vegas), in a game that keeps a score."""
        return None if self.scoring == "none" else self._counters.score

    def _add_score(self, event: str) -> None:
        """Count what just happened (a key of ``STANDARD`` or ``VEGAS``)."""
        if self.scoring == "standard":
            points = STANDARD.get(event, 0)
            self._set_counters(score=max(0, self._counters.score + points))
        elif self.scoring.startswith("vegas"):
            self._set_counters(score=self._counters.score + VEGAS.get(event, 0))

    # -- reading the layout --------------------------------------------------

    def pile_name(self, pile_id: PileId) -> str:
        if pile_id.role is Role.FOUNDATION:
            return f"the top for {SUITS[pile_id.index - 1].word}"
        return place_name(pile_id)

    @property
    def stack_count(self) -> int:
        return len(self.pile_ids(Role.TABLEAU))

    @property
    def passes(self) -> int:
        """Which pass through the hand this is, counting from 1."""
        return self._counters.redeals + 1

    @property
    def passes_left(self) -> int | None:
        """How many more times the pile may be turned over; None: unlimited."""
        if self.pass_limit is None:
            return None
        return max(0, self.pass_limit - self.passes)

    def status_items(self) -> list[tuple[str, str]]:
        passes = str(self.passes) if self.pass_limit is None else \
            f"{self.passes} of {self.pass_limit}"
        items = [("Hand", str(len(self._piles[HAND]))), ("Pass", passes)]
        score = self.score
        if score is not None:
            items.append(("Score", f"${score}" if self.scoring.startswith("vegas")
                          else str(score)))
        return items

    def top_rank(self, suit: Suit) -> int:
        """The rank showing on the top for ``suit``; 0 when it is empty."""
        top = self._piles[top_of(suit)].top
        return top.rank if top else 0

    def is_up_safe(self, rank: int) -> bool:
        """The book's ``upsafep``: aces and twos always; otherwise every card
        two ranks lower must already be on the top."""
        if rank <= 2:
            return True
        return all(self.top_rank(suit) >= rank - 2 for suit in SUITS)

    def find(self, card: Card) -> tuple[PileId, int] | None:
        """Where ``card`` can be played from, as the book's ``findcard`` looks:
        the pile's top card, then the shown cards of the stacks in order."""
        if self._piles[PILE].top == card:
            return PILE, len(self._piles[PILE]) - 1
        for stack in self.pile_ids(Role.TABLEAU):
            pile = self._piles[stack]
            index = pile.index_of(card)
            if index is not None and pile.is_face_up(index):
                return stack, index
        return None

    def where_is(self, card: Card) -> str:
        """Why ``card`` cannot be played from where it lies, in words that
        tell nothing a player cannot see: on the top (which shows), or not in
        play, the same answer wherever it is hidden (the book's ``findcard``
        only rings the bell)."""
        for pile_id in self.pile_ids(Role.FOUNDATION):
            if self._piles[pile_id].index_of(card) is not None:
                return f"{card} is already on the top."
        return not_in_play(card)

    # -- the rules -------------------------------------------------------------

    def pick_up_refusal(self, source: PileId, index: int) -> str | None:
        pile = self.pile(source)
        if not 0 <= index < len(pile):
            return f"There is no such card in {source}."
        if source == HAND:
            return "The hand is face down: deal from it with + (or click it)."
        if source == PILE:
            return None if index == len(pile) - 1 else "Only the pile's top card can be played."
        if source.role is Role.FOUNDATION:
            if not self.take_back:
                return "Cards on the top stay there."
            return None if index == len(pile) - 1 else "Only a top's last card comes back down."
        return None if pile.is_face_up(index) else "That card is face down."

    def drop_refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        card = self.pile(source).cards[index]
        if target == source:
            return f"{card} is already there."
        if target.role is Role.FOUNDATION:
            if index != len(self._piles[source]) - 1:
                return f"{card} is covered: only an uncovered card can go to the top."
            if target != top_of(card.suit):
                return f"{card} belongs on the top for {card.suit.word}."
            return same_suit_ascending(card, self._piles[target].top)
        if target.role is Role.TABLEAU:
            return alternate_descending(card, self._piles[target].top, empty_takes_king_only=True)
        return "Cards cannot be put back into the hand or onto the pile."

    def _fits_top(self, source: PileId, index: int) -> bool:
        card = self._piles[source].cards[index]
        covered = index != len(self._piles[source]) - 1
        return not covered and card.rank == self.top_rank(card.suit) + 1

    def _fitting_stacks(self, source: PileId, index: int) -> list[PileId]:
        """The book's ``checkonto``: stacks the card fits, in ascending order."""
        card = self._piles[source].cards[index]
        return [stack for stack in self.pile_ids(Role.TABLEAU) if stack != source
                and fits_alternate_descending(card, self._piles[stack].top,
                                              empty_takes_king_only=True)]

    def destinations(self, source: PileId, index: int) -> list[PileId]:
        """The book's ``playcard`` list: the top alone when the card fits there
        and going up is safe; otherwise the fitting stacks in ascending order,
        then the top if the card fits it."""
        if self.pick_up_refusal(source, index):
            return []
        card = self._piles[source].cards[index]
        to_top = [top_of(card.suit)] if self._fits_top(source, index) else []
        if to_top and self.is_up_safe(card.rank):
            return to_top
        return self._fitting_stacks(source, index) + to_top

    def all_destinations(self, source: PileId, index: int) -> list[PileId]:
        """Every place the card fits, stacks ascending then the top, without the
        book's shortcut straight to the top."""
        if self.pick_up_refusal(source, index):
            return []
        card = self._piles[source].cards[index]
        to_top = [top_of(card.suit)] if self._fits_top(source, index) else []
        return self._fitting_stacks(source, index) + to_top

    @property
    def is_won(self) -> bool:
        return all(len(self._piles[top_of(suit)]) == len(RANKS) for suit in SUITS)

    def command_handlers(self) -> dict[str, Handler]:
        """The book's commands besides those every game has."""
        return {**super().command_handlers(),
                "play_pile": handler(self.play_pile),
                "play_card": handler(self.play_card, card_arg),
                "play_rank_up": handler(self.play_rank_up, number_arg),
                "again": handler(self.again),
                "play_up": handler(self.play_up),
                "play_stack": handler(self.play_stack, number_arg),
                "deal_one": handler(self.deal_one),
                "add_stack": handler(self.add_stack)}

    # -- moving cards ------------------------------------------------------------

    def play_card(self, card: Card) -> Outcome:
        """Play a card named by the player, wherever it lies (``8S``, ``10H``).

        Raises:
            IllegalMove: if the card is not playable or has nowhere to go.
        """
        location = self.find(card)
        if location is None:
            raise IllegalMove(self.where_is(card))
        return self.play(*location)

    def play_pile(self) -> Outcome:
        """``P``: play the pile's top card.

        Raises:
            IllegalMove: if the pile is empty or its card has nowhere to go.
        """
        pile = self._piles[PILE]
        if pile.is_empty:
            raise IllegalMove("The pile is empty: deal with + first.")
        return self.play(PILE, len(pile) - 1)

    def play_stack(self, number: int) -> Outcome:
        """A shifted stack number: move the whole shown part of that stack.

        Raises:
            IllegalMove: if there is no such stack, it is empty, or its
                bottom shown card has nowhere to go.
        """
        stack = tableau(number)
        if stack not in self._piles:
            raise IllegalMove(f"There is no stack {number}.")
        pile = self._piles[stack]
        if pile.is_empty:
            raise IllegalMove(f"Stack {number} is empty.")
        return self.play(stack, pile.hidden)

    def again(self) -> Outcome:
        """``M``: move the last card moved on to the next place it fits.

        Raises:
            IllegalMove: if no card is remembered, it has no other place, or
                it cannot be moved from where it is now.
        """
        card, target, rest = self._counters.again.next_place()
        location = self.find(card)
        if location is None:
            raise IllegalMove(self.where_is(card))
        source, index = location
        reason = self.refusal(source, index, target)
        if reason:
            raise IllegalMove(reason)

        def carry_on() -> str | None:
            message = super(Klondike, self)._carry(source, index, target)
            self._set_counters(again=rest)
            return message
        return self._transaction(f"move {card} again", carry_on)

    def _carry(self, source: PileId, index: int, target: PileId) -> str | None:
        """Every checked move also tells ``M`` where the card fits after
        ``target`` (worked out before it moves, as the book's ``playcard``
        lists its places)."""
        if self.is_scratch:
            return super()._carry(source, index, target)
        remembered = AgainMemory.after_move(self._piles[source].cards[index],
                                            self.all_destinations(source, index), target)
        message = super()._carry(source, index, target)
        self._set_counters(again=remembered)
        return message

    def _found_nowhere(self, card: Card) -> IllegalMove:
        self._set_counters(again=FORGOTTEN)
        return super()._found_nowhere(card)

    def play_rank_up(self, rank: int) -> Outcome:
        """A rank then ``.``: play every suit of that rank up that can go (``allup``).

        Never refuses: when no card of the rank can go up, nothing changes and
        the message says so.
        """
        def rank_up() -> str:
            moved = self._rank_up(rank)
            if self.is_won:
                return "You win!"
            return played_up(moved) or f"No {rank_name(rank)} can go up now."
        return self._transaction(f"play {rank_name(rank)}s up", rank_up)

    def play_up(self) -> Outcome:
        """``W``: the book's ``wingame``.  Ranks in order from the lowest not yet
        all up; each rank that is safe goes up as ``.`` would; stop at the
        first rank that is not safe."""
        def win_up() -> str:
            moved: list[Card] = []
            for rank in [rank for rank in RANKS
                         if any(self.top_rank(suit) < rank for suit in SUITS)]:
                if not self.is_up_safe(rank):
                    break
                moved += self._rank_up(rank)
            if self.is_won:
                return "You win!"
            return played_up(moved) or "Nothing can go up safely now."
        return self._transaction("play up", win_up)

    def _rank_up(self, rank: int) -> list[Card]:
        """Play each suit of ``rank`` to the top where it fits, as the book's
        ``allup`` does; the cards moved.  A card found in play that cannot go
        up leaves ``M`` nothing to move, as its ``playcard`` does."""
        moved = []
        for suit in SUITS:
            card = Card(rank, suit)
            location = self.find(card)
            if location is None:
                continue
            if self._fits_top(*location):
                self._carry(location[0], location[1], top_of(suit))
                moved.append(card)
            else:
                self._set_counters(again=FORGOTTEN)
        return moved

    def _after_move(self, source: PileId, index: int, target: PileId,
                    cards: tuple[Card, ...]) -> str:
        """Turn up a stack's hidden card once its shown cards are gone; count
        the score."""
        if source.role is Role.TABLEAU:
            before = self._piles[source]
            self._piles[source] = before.turned_up()
            if self._piles[source] is not before:
                self._add_score("turned up")
        if target.role is Role.FOUNDATION:
            self._add_score("pile up" if source == PILE else "stack up")
            self._add_score("up")
        elif source == PILE:
            self._add_score("pile to stack")
        elif source.role is Role.FOUNDATION:
            self._add_score("back down")
        if self.is_won:
            return "You win!"
        return f"{cards[0]} to {place_name(target)}."

    def add_stack(self) -> Outcome:
        """The hidden ``9)``: add an empty stack at the right.

        Raises:
            IllegalMove: when there are already ten stacks (the keys reach no further).
        """
        count = self.stack_count
        if count >= MAX_STACKS:
            raise IllegalMove(f"There are already {MAX_STACKS} stacks.")

        def add() -> str:
            self._piles[tableau(count + 1)] = Pile()
            return f"Added stack {count + 1}."
        return self._transaction("add a stack", add)

    # -- dealing -------------------------------------------------------------------

    def deal(self) -> Outcome:
        """``+``: deal three cards (one, drawing one) from the hand onto the
        pile (fewer if fewer are left).  With the hand empty the pile turns
        over to become the hand, in its original order, and dealing goes on in
        the same keystroke, as the book's ``hand3`` and ``deal`` do.

        Raises:
            IllegalMove: if the hand and the pile are both empty, or the hand
                is empty and no pass is left.
        """
        self._check_something_to_deal()

        def deal_cards() -> str | None:
            self._deal_one()
            for _ in range(self.draw - 1):
                if not self._piles[HAND].is_empty:
                    self._deal_one()
            return None
        return self._transaction("deal", deal_cards)

    def deal_one(self) -> Outcome:
        """The hidden ``8(``: deal a single card onto the pile.

        Raises:
            IllegalMove: if the hand and the pile are both empty.
        """
        self._check_something_to_deal()
        return self._transaction("deal one card", self._deal_one)

    def _check_something_to_deal(self) -> None:
        if self._piles[HAND].is_empty and self._piles[PILE].is_empty:
            raise IllegalMove("The hand and the pile are both empty.")
        if self._piles[HAND].is_empty and self.passes_left == 0:
            passes = f"{self.pass_limit} pass{'es' if self.pass_limit != 1 else ''}"
            raise IllegalMove(f"The hand is used up: this game allows {passes} "
                              "through it.")

    def _deal_one(self) -> None:
        """The book's ``deal``: turn the pile over if the hand is empty, then
        move the hand's next card onto the pile."""
        if self._piles[HAND].is_empty:
            self._piles[HAND] = Pile.face_down(self._piles[PILE].cards[::-1])
            self._piles[PILE] = Pile()
            self._set_counters(redeals=self._counters.redeals + 1)
            if self.scoring == "standard" and self._counters.redeals > FREE_RECYCLES[self.draw]:
                self._set_counters(score=max(0, self._counters.score + RECYCLE[self.draw]))
        self._transfer(HAND, len(self._piles[HAND]) - 1, PILE)

    def deal_words(self) -> str:
        cards = "one card" if self.draw == 1 else "three cards"
        if self._piles[HAND].is_empty:
            return f"Turn the pile over and deal {cards}"
        return f"Deal {cards} from the hand"

    def finishing_steps(self) -> list[Step] | None:
        """With every card face up and nothing left to deal, the steps that
        play every card up: each time, an uncovered card that fits its top.
        (The lowest card not yet up is always uncovered then, since each
        stack runs down, so this always wins.)"""
        if not self._piles[HAND].is_empty or not self._piles[PILE].is_empty or any(
                self._piles[stack].hidden for stack in self.pile_ids(Role.TABLEAU)):
            return None
        copy = self.detached()
        return self.steps_until_won(copy, copy._uncovered_card_up)

    def _uncovered_card_up(self) -> Step | None:
        for stack in self.pile_ids(Role.TABLEAU):
            pile = self._piles[stack]
            if pile.cards and self._fits_top(stack, len(pile) - 1):
                return Move(stack, top_of(pile.cards[-1].suit))
        return None

    # -- the end ---------------------------------------------------------------------

    @property
    def is_stuck(self) -> bool:
        """True when the game is not won and no card can ever move again (see
        ``stuck.no_move_left``)."""
        return not self.is_won and no_move_left(self, self.draw, self.passes_left)

    # -- output ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The position as the terminal front end prints it with ``--json``:
        every list bottom to top, cards as in the book; in a variant, its
        ``rules`` and (with a score) its ``score`` too."""
        position = write_position(self.deal_number, self._piles, self.is_won)
        if not self.is_book:
            position["rules"] = self.rules()
        if self.score is not None:
            position["score"] = self.score
        return position
