"""Properties of any line of legal Spider play: no card lost or duplicated,
undo exact, refusals change nothing; and the solver's packed moves are
exactly the engine's, leading where the engine goes."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.deals import MAX_DEAL
from cardgui.engine.games.spider.deal import pack as full_pack
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.games.spider.packed import DEAL_MOVE, apply, key, moves, pack
from cardgui.engine.games.spider.position import COLUMNS
from cardgui.engine.moves import DEAL, IllegalMove, Move

deals = st.integers(min_value=1, max_value=MAX_DEAL)
suit_counts = st.sampled_from([1, 2, 4])
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=80)


def played(deal: int, suits: int, picks: list[int]) -> Spider:
    """Deal ``deal`` after one legal step per pick (the pick chooses among them)."""
    game = Spider(deal, suits=suits)
    for pick in picks:
        steps = game.legal_steps()
        if not steps:
            break
        game.apply(steps[pick % len(steps)])
    return game


@settings(max_examples=60, deadline=None)
@given(deals, suit_counts, choices)
def test_every_card_stays_present_exactly_once(deal, suits, picks):
    game = Spider(deal, suits=suits)
    everything = sorted(full_pack(suits))
    for pick in picks:
        steps = game.legal_steps()
        if not steps:
            break
        game.apply(steps[pick % len(steps)])
        assert sorted(game.all_cards()) == everything


@settings(max_examples=60, deadline=None)
@given(deals, suit_counts, choices)
def test_undoing_every_step_restores_the_start_and_redoing_the_end(deal, suits, picks):
    game = Spider(deal, suits=suits)
    start = game.state()
    for pick in picks:
        steps = game.legal_steps()
        if not steps:
            break
        game.apply(steps[pick % len(steps)])
    end, score = game.state(), game.score
    while game.can_undo:
        game.undo()
    assert game.state() == start and game.score == 500
    while game.can_redo:
        game.redo()
    assert game.state() == end and game.score == score


@settings(max_examples=60, deadline=None)
@given(deals, suit_counts, choices, st.data())
def test_a_refused_move_changes_nothing(deal, suits, picks, data):
    game = played(deal, suits, picks)
    source = data.draw(st.sampled_from(sorted(game.piles)))
    target = data.draw(st.sampled_from(sorted(game.piles)))
    index = data.draw(st.integers(min_value=-1, max_value=len(game.pile(source))))
    before, history = game.state(), len(game.history)
    try:
        game.move(source, index, target)
    except IllegalMove:
        assert game.state() == before and len(game.history) == history


def engine_moves(game: Spider) -> set[tuple[int, int, int]]:
    """The engine's legal steps as packed moves."""
    found = set()
    for step in game.legal_steps():
        if step == DEAL:
            found.add(DEAL_MOVE)
        else:
            assert isinstance(step, Move)
            found.add((COLUMNS.index(step.source), COLUMNS.index(step.target), step.count))
    return found


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals, suit_counts, choices)
def test_the_solvers_moves_are_the_engines_and_lead_where_it_goes(deal, suits, picks):
    game = played(deal, suits, picks)
    position, stock = pack(game)
    listed = moves(position)
    allowed = engine_moves(game)
    assert len(set(listed)) == len(listed) and set(listed) <= allowed
    for move in allowed - set(listed):
        # Left out only once the stock is empty, for a move giving a position
        # equal to one listed, or the position itself.
        assert position[2] == 0
        same = key(apply(position, move, stock))
        assert same == key(position) or any(
            same == key(apply(position, other, stock)) for other in listed)
    for move in listed:
        copy = game.detached()
        copy.apply(DEAL if move == DEAL_MOVE else Move(COLUMNS[move[0]], COLUMNS[move[1]],
                                                        move[2]))
        assert pack(copy)[0] == apply(position, move, stock)
