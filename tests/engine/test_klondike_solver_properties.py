"""The solver's moves against the engine's rules, on random positions of
every variant.

* every move the solver generates is legal in the engine and leaves the
  position the solver's own encoding says (and, without take-backs, can
  be typed with the book's keys);
* every legal move it leaves out is in a documented category, each checked
  here with the engine's own questions;
* on small positions its verdict is the verdict of an exhaustive search over
  the engine's moves with no pruning at all.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import KING, SUITS
from cardgui.engine.games.klondike.book_keys import book_keys
from cardgui.engine.games.klondike.compact import CompactPosition
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.position import HAND, PILE, top_of
from cardgui.engine.games.klondike.solver import engine_steps, solve
from cardgui.engine.games.klondike.solver_moves import Omission, apply, generate
from cardgui.engine.moves import Deal, Move, Step
from cardgui.engine.piles import Role
from cardgui.engine.search.budget import Budget
from cardgui.engine.search.result import Verdict
from tests.engine.klondike_search import (
    VARIANT_RULES,
    can_deal,
    copy_of,
    engine_can_win,
    legal_steps,
    played,
    small_positions,
)

deals = st.integers(min_value=1, max_value=2**31 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=80)
variants = st.sampled_from(VARIANT_RULES)


def generated_steps(game: Klondike) -> list[tuple[Step, ...]]:
    start = CompactPosition.of(game)
    return [engine_steps(start, [move]) for move in generate(start.state, start.rules)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals, choices, variants)
def test_every_generated_move_is_legal_and_leaves_the_encoded_position(deal, picks, rules):
    game = played(deal, picks, **rules)
    start = CompactPosition.of(game)
    for move in generate(start.state, start.rules):
        copy = copy_of(game)
        steps = engine_steps(start, [move])
        if not game.take_back:
            book_keys(game, steps)        # raises ValueError if the keys cannot make it
        for step in steps:
            copy.apply(step)              # raises IllegalMove if the engine refuses
        after = CompactPosition.of(copy)
        expected = apply(move, start.state)
        assert after.state[:5] == expected[:5]


def forced_stack(game: Klondike):
    """The first stack whose top card goes up safely (rule 1)."""
    for stack in game.pile_ids(Role.TABLEAU):
        pile = game.pile(stack)
        if pile.cards and goes_up_safely(game, stack, len(pile) - 1):
            return stack
    return None


def goes_up_safely(game: Klondike, source, index: int) -> bool:
    """Whether the card fits its top and either the book's ``upsafep`` holds
    for it or, without take-backs, every card not up that could lie on it
    fits its own top and goes up safely in the same sense."""
    card = game.pile(source).cards[index]
    if top_of(card.suit) not in game.all_destinations(source, index):
        return False
    return game.is_up_safe(card.rank) or (not game.take_back and only_safe_below(game, card))


def only_safe_below(game: Klondike, card) -> bool:
    for suit in SUITS:
        if suit.is_red == card.is_red or card.rank == 1:
            continue
        below = game.top_rank(suit)
        if below >= card.rank - 1:
            continue                          # up already
        if below != card.rank - 2:
            return False
        lower = type(card)(card.rank - 1, suit)
        if not only_safe_below(game, lower):
            return False
    return True


def dealing_state(game: Klondike) -> tuple[int, ...]:
    """The hand and pile sizes, and the pass when passes are limited."""
    sizes = (len(game.pile(HAND)), len(game.pile(PILE)))
    return sizes if game.pass_limit is None else sizes + (game.passes,)


def dealing_shows_a_playable_card(game: Klondike) -> bool:
    """Whether one or more deals bring a card with somewhere to go to the top
    of the pile (other than the card there now), passes allowing."""
    copy = copy_of(game)
    now = game.pile(PILE).cards[-1] if game.pile(PILE).cards else None
    seen = {dealing_state(copy)}
    while can_deal(copy):
        copy.deal()
        if dealing_state(copy) in seen:
            return False
        seen.add(dealing_state(copy))
        # The card on top now, come round again, is the same pile with
        # fewer passes left: no better (rule 4).
        top = copy.pile(PILE).cards[-1] if copy.pile(PILE).cards else None
        if top != now and copy.all_destinations(PILE, len(copy.pile(PILE)) - 1):
            return True
    return False


def left_out_because(game: Klondike, step: Step) -> Omission | None:
    """The documented reason a legal step may be left out of a position with
    nothing pending, checked with the engine's own questions; None if none
    applies."""
    if forced_stack(game) is not None:
        return Omission.SAFE_UP_FIRST
    if isinstance(step, Deal):
        return None if dealing_shows_a_playable_card(game) else Omission.DEAL_ALONE
    assert isinstance(step, Move)
    pile = game.pile(step.source)
    index = len(pile) - step.count
    if step.source.role is Role.FOUNDATION:
        card = pile.cards[index]
        if all(game.top_rank(suit) >= card.rank - 1 for suit in SUITS):
            return Omission.NOTHING_TO_HOLD
        empties = [stack for stack in game.pile_ids(Role.TABLEAU) if game.pile(stack).is_empty]
        if game.pile(step.target).is_empty and step.target != empties[0]:
            return Omission.LATER_EMPTY_STACK
        return None
    if step.target.role is Role.TABLEAU and goes_up_safely(game, step.source, index):
        return Omission.SAFE_CARD_GOES_UP
    if step.target.role is Role.TABLEAU and game.pile(step.target).is_empty:
        if step.source.role is Role.TABLEAU and index == 0:
            return Omission.KING_STACK_TO_EMPTY
        empties = [stack for stack in game.pile_ids(Role.TABLEAU) if game.pile(stack).is_empty]
        if step.target != empties[0]:
            return Omission.LATER_EMPTY_STACK
    if step.source.role is Role.TABLEAU and index > pile.hidden and step.target.role is Role.TABLEAU:
        under = pile.cards[index - 1]
        if under.rank != game.top_rank(under.suit) + 1:
            return Omission.UNCOVERS_NOTHING_USEFUL
    if step.source.role is Role.TABLEAU and index == 0 and step.target.role is Role.TABLEAU:
        after = copy_of(game)
        after.apply(step)
        if not a_king_can_move_to_an_empty_stack(after):
            return Omission.EMPTIES_FOR_NO_KING
    return None


def a_king_can_move_to_an_empty_stack(game: Klondike) -> bool:
    """Whether a king with face-down cards under it, one that dealing can
    bring to the pile's top, or (with take-backs) one on the top while some
    queen is not, may go to an empty stack."""
    for stack in game.pile_ids(Role.TABLEAU):
        pile = game.pile(stack)
        if pile.hidden and pile.cards[pile.hidden].rank == KING and any(
                place.role is Role.TABLEAU for place in game.destinations(stack, pile.hidden)):
            return True
    if game.take_back and any(game.top_rank(suit) == KING for suit in SUITS) \
            and any(game.top_rank(suit) < KING - 1 for suit in SUITS):
        return True
    copy = copy_of(game)
    seen = set()
    while dealing_state(copy) not in seen:
        seen.add(dealing_state(copy))
        pile = copy.pile(PILE)
        if pile.cards and pile.cards[-1].rank == KING \
                and not goes_up_safely(copy, PILE, len(pile) - 1) and any(
                    place.role is Role.TABLEAU for place in copy.all_destinations(PILE, len(pile) - 1)):
            return True
        if not can_deal(copy):
            break
        copy.deal()
    return False


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals, choices, variants)
def test_every_legal_move_left_out_is_in_a_documented_category(deal, picks, rules):
    game = played(deal, picks, **rules)
    generated = generated_steps(game)
    firsts = {steps[0] for steps in generated}
    for step in legal_steps(game):
        if step not in firsts:
            assert left_out_because(game, step) is not None, f"{step} left out in {game.to_json()}"
    if forced_stack(game) is not None:
        assert len(generated) == 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(variants=True))
def test_small_positions_get_the_verdict_of_an_unpruned_exhaustive_search(game):
    result = solve(game, Budget(10))
    assert result.verdict is not Verdict.UNKNOWN
    assert (result.verdict is Verdict.WINNABLE) == engine_can_win(game)
    if result.verdict is Verdict.WINNABLE:
        copy = copy_of(game)
        for step in result.steps:
            copy.apply(step)
        assert copy.is_won


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(variants=True))
def test_small_positions_also_check_the_left_out_categories(game):
    firsts = {steps[0] for steps in generated_steps(game)}
    for step in legal_steps(game):
        if step not in firsts:
            assert left_out_because(game, step) is not None, f"{step} left out in {game.to_json()}"
