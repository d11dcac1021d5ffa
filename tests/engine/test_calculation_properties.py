"""Properties of Calculation that hold for any deal and any sequence of gestures."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import full_deck
from cardgui.engine.deals import MAX_DEAL
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.position import HAND, STOCK, waste_pile
from cardgui.engine.moves import IllegalMove
from cardgui.engine.piles import Role, foundation

PILES = [STOCK, HAND] + [foundation(n) for n in range(1, 5)] + [waste_pile(n) for n in range(1, 5)]
DECK = sorted(full_deck())

games = st.one_of(st.integers(1, MAX_DEAL).map(Calculation), st.just(None).map(
    lambda _: Calculation.stacked()))
# Turning up and playing the hand card come often, so games get somewhere.
gestures = st.one_of(
    st.just(("deal",)), st.just(("deal",)),
    st.tuples(st.just("hand_to_waste"), st.integers(0, 5)),
    st.just(("play_hand",)),
    st.tuples(st.just("play_waste"), st.integers(0, 5)),
    st.tuples(st.just("move_top"), st.sampled_from(PILES), st.sampled_from(PILES)),
    st.tuples(st.just("play_card"), st.sampled_from(DECK)),
)
with_undo = st.one_of(gestures, st.just(("undo",)), st.just(("redo",)))


def attempt(game: Calculation, gesture: tuple) -> bool:
    """Carry out ``gesture``; True if it was allowed.  A refusal must change nothing."""
    before = game.state()
    try:
        getattr(game, gesture[0])(*gesture[1:])
    except IllegalMove:
        assert game.state() == before
        return False
    return True


@settings(max_examples=60, deadline=None)
@given(games, st.lists(with_undo, max_size=150))
def test_every_card_is_on_the_table_exactly_once(game, steps):
    for gesture in steps:
        attempt(game, gesture)
        assert sorted(game.all_cards()) == DECK
        assert len(game.pile(HAND)) <= 1
        assert game.pile(STOCK).hidden == len(game.pile(STOCK))
        assert game.score == sum(len(game.pile(foundation(n))) for n in range(1, 5))


@settings(max_examples=60, deadline=None)
@given(games, st.lists(gestures, max_size=150))
def test_undoing_every_step_restores_the_start_and_redoing_the_end(game, steps):
    start = game.state()
    done = sum(attempt(game, gesture) for gesture in steps)
    final = game.state()
    assert len(game.history) == done == game.moves_made
    while game.can_undo:
        game.undo()
    assert game.state() == start
    while game.can_redo:
        game.redo()
    assert game.state() == final


def foundation_moves(game: Calculation) -> list[tuple]:
    """Every move onto a foundation the rules allow, found by trying them all."""
    return [(source, target) for source in PILES for target in PILES
            if target.role is Role.FOUNDATION and game.pile(source).cards
            and game.refusal(source, len(game.pile(source)) - 1, target) is None]


@settings(max_examples=60, deadline=None)
@given(games, st.lists(gestures, max_size=200))
def test_over_exactly_when_nothing_is_left_to_turn_and_nothing_can_go_up(game, steps):
    for gesture in steps:
        attempt(game, gesture)
        if game.is_stuck:
            assert not foundation_moves(game) and not game.is_won
            assert not attempt(game, ("deal",))
        elif not game.pile(STOCK).cards and not game.is_won:
            assert foundation_moves(game)
        assert game.is_won == (game.score == 52)


@settings(max_examples=15, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_a_random_player_always_reaches_the_end_and_the_end_is_right(game, chance):
    while not game.is_over:
        up = foundation_moves(game)
        nothing_else = not game.pile(HAND).cards and not game.pile(STOCK).cards
        if up and (chance.random() < 0.8 or nothing_else):
            game.move_top(*chance.choice(up))
        elif game.pile(HAND).cards:
            game.hand_to_waste(chance.randint(1, 4))
        else:
            game.deal()
    assert not foundation_moves(game) and not game.pile(STOCK).cards
    assert game.is_won == (game.score == 52) and game.is_won != game.is_stuck
    assert sorted(game.all_cards()) == DECK
