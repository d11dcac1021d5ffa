"""Helpers for the Klondike solver's tests: random positions to try it on,
the engine's own moves listed plainly, and an exhaustive search over them
that shares nothing with the solver but the engine."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from cardgui.engine.cards import SUITS, Card
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.position import HAND, PILE
from cardgui.engine.moves import DEAL, Move, Step
from cardgui.engine.piles import Role
from cardgui.engine.rules import is_alternating_run

VARIANT_RULES = [dict(draw=draw, passes=passes, take_back=back)
                 for draw in (1, 3) for passes in ("1", "2", "3", "unlimited")
                 for back in (False, True)]


def copy_of(game: Klondike) -> Klondike:
    """A copy in the same position, under the same rules, passes used included."""
    return game.detached()


def can_deal(game: Klondike) -> bool:
    """Whether the engine takes a deal (the hand, or a pile to turn over with a pass left)."""
    if game.pile(HAND).cards:
        return True
    return bool(game.pile(PILE).cards) and game.passes_left != 0


def legal_steps(game: Klondike) -> list[Step]:
    """Every step the engine allows: a deal, and every movable card to every
    place it fits (the pile's top card, every face-up card of every stack,
    and, where cards may come back down, each top's last card)."""
    steps: list[Step] = []
    if can_deal(game):
        steps.append(DEAL)
    sources = [PILE] + game.pile_ids(Role.TABLEAU) + game.pile_ids(Role.FOUNDATION)
    for source in sources:
        pile = game.pile(source)
        first = pile.hidden if source.role is Role.TABLEAU else len(pile) - 1
        for index in range(max(first, 0), len(pile)):
            for target in game.all_destinations(source, index):
                steps.append(Move(source, target, len(pile) - index))
    return steps


def pile_key(game: Klondike) -> tuple[object, ...]:
    return tuple(sorted((str(pile_id), pile.cards, pile.hidden)
                        for pile_id, pile in game.piles.items())) + (game.passes_left,)


def engine_can_win(game: Klondike) -> bool:
    """True when some sequence of the engine's legal steps wins: every
    reachable position is tried, with no pruning at all (depth first, with
    the engine's own undo to step back)."""
    game = copy_of(game)
    if game.is_won:
        return True
    seen = {pile_key(game)}
    untried = [iter(legal_steps(game))]
    while untried:
        step = next(untried[-1], None)
        if step is None:
            untried.pop()
            if untried:
                game.undo()
            continue
        game.apply(step)
        if game.is_won:
            return True
        key = pile_key(game)
        if key in seen:
            game.undo()
            continue
        seen.add(key)
        untried.append(iter(legal_steps(game)))
    return False


def played(deal: int, picks: list[int], **rules: object) -> Klondike:
    """Deal ``deal`` under ``rules`` after a random walk of legal steps
    (``picks`` choose them)."""
    game = Klondike(deal, **rules)  # type: ignore[arg-type]
    for pick in picks:
        steps = legal_steps(game)
        if not steps:
            break
        game.apply(steps[pick % len(steps)])
    return copy_of(game)


@st.composite
def small_positions(draw: st.DrawFn, variants: bool = False, lowest: int = 9) -> Klondike:
    """A position whose foundations hold all but a few cards (each at least
    to rank ``lowest``), the rest spread over the seven stacks (face-up cards
    always a run), the hand and the pile; under the book's rules, or with
    ``variants`` any variant's."""
    rules = draw(st.sampled_from(VARIANT_RULES)) if variants else {}
    levels = draw(st.lists(st.integers(min_value=lowest, max_value=13), min_size=4, max_size=4))
    assume(sum(13 - level for level in levels) <= 9)
    rest = [Card(rank, suit) for suit, level in zip(SUITS, levels) for rank in range(level + 1, 14)]
    rest = draw(st.permutations(rest))
    stacks: list[dict[str, list[str]]] = []
    for _ in range(7):
        size = draw(st.integers(min_value=0, max_value=min(3, len(rest))))
        cards, rest = rest[:size], rest[size:]
        run = 1
        while run < len(cards) and is_alternating_run(cards[-run - 1:]):
            run += 1
        hidden = draw(st.integers(min_value=max(0, len(cards) - run), max_value=max(0, len(cards) - 1)))
        stacks.append({"hidden": [c.name for c in cards[:hidden]],
                       "shown": [c.name for c in cards[hidden:]]})
    in_pile = draw(st.integers(min_value=0, max_value=len(rest)))
    return Klondike.from_json({
        "deal": 1, "hand": [c.name for c in rest[in_pile:]], "pile": [c.name for c in rest[:in_pile]],
        "stacks": stacks,
        "foundations": {suit.letter: [Card(rank, suit).name for rank in range(1, level + 1)]
                        for suit, level in zip(SUITS, levels)},
    }, complete=False, **rules)
