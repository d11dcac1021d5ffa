"""Properties of any sequence of legal FreeCell moves: no card lost or
duplicated, undo exact, redo exact, refusals change nothing."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import full_deck
from cardgui.engine.deals import MICROSOFT_MAX_DEAL
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.keys import COLUMN_KEYS
from cardgui.engine.moves import IllegalMove
from tests.played import keyed

deals = st.integers(min_value=1, max_value=MICROSOFT_MAX_DEAL)
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=60)


def play_choices(game: FreeCell, picks: list[int]) -> None:
    """Make one legal move per pick (the pick chooses among them), until none is left."""
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            return
        game.apply(moves[pick % len(moves)])


@settings(max_examples=60, deadline=None)
@given(deals, st.booleans(), choices)
def test_every_card_stays_present_exactly_once(deal, autoplay, picks):
    game = FreeCell(deal, autoplay=autoplay)
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.apply(moves[pick % len(moves)])
        assert sorted(game.all_cards()) == sorted(full_deck())


@settings(max_examples=60, deadline=None)
@given(deals, st.booleans(), choices)
def test_undoing_every_step_restores_the_start_and_redoing_the_end(deal, autoplay, picks):
    game = FreeCell(deal, autoplay=autoplay)
    start = game.state()
    play_choices(game, picks)
    end = game.state()
    while game.can_undo:
        game.undo()
    assert game.state() == start
    while game.can_redo:
        game.redo()
    assert game.state() == end


@settings(max_examples=60, deadline=None)
@given(deals, choices, st.data())
def test_a_refused_move_changes_nothing(deal, picks, data):
    game = FreeCell(deal, autoplay=True)
    play_choices(game, picks)
    source = data.draw(st.sampled_from(sorted(game.piles)))
    target = data.draw(st.sampled_from(sorted(game.piles)))
    index = data.draw(st.integers(min_value=-1, max_value=len(game.pile(source))))
    before = game.state(), len(game.history)
    try:
        game.move(source, index, target)
    except IllegalMove:
        assert (game.state(), len(game.history)) == before
    else:
        assert len(game.history) == before[1] + 1


@settings(max_examples=40, deadline=None)
@given(deals, choices)
def test_the_json_form_round_trips(deal, picks):
    game = FreeCell(deal)
    play_choices(game, picks)
    copy = FreeCell.from_json(game.to_json())
    assert copy.state()[0] == game.state()[0]


GAME_KEYS = list("T0123456789AJQKHSDCMW" + COLUMN_KEYS + " \b")


@settings(max_examples=60, deadline=None)
@given(deals, st.lists(st.sampled_from(GAME_KEYS + ["U", "Y"]), max_size=150))
def test_any_keystrokes_keep_every_card_and_a_refused_key_changes_nothing(deal, keys):
    interpreter = keyed(FreeCell(deal))

    def cards_and_history():
        # A refused play may forget M's card (the book's programs do), so the
        # comparison leaves out M's memory: no card and no history may change.
        piles, counters = interpreter.game.state()
        return piles, counters.moves, len(interpreter.game.history)
    for key in keys:
        before = cards_and_history()
        response = interpreter.press(key)
        if response.bell:
            assert cards_and_history() == before
            assert interpreter.pending == ""
    assert sorted(interpreter.game.all_cards()) == sorted(full_deck())


@settings(max_examples=60, deadline=None)
@given(deals, st.booleans(), choices)
def test_destinations_agree_with_the_rules(deal, autoplay, picks):
    """Every place offered is legal, and no kind of legal place is left out:
    each column with cards that takes the card, the foundation, the first
    empty free cell (unless it sits in one), the first empty column (unless
    it is alone in its own)."""
    game = FreeCell(deal, autoplay=autoplay)
    play_choices(game, picks)
    for source in sorted(game.piles):
        for index in range(len(game.pile(source))):
            offered = game.all_destinations(source, index)
            legal = [target for target in sorted(game.piles)
                     if game.refusal(source, index, target) is None]
            assert set(offered) <= set(legal) and len(set(offered)) == len(offered)
            alone = source.role.value == "T" and index == 0
            for role, first_empty_only in (("F", True), ("C", source.role.value != "C"),
                                           ("T", not alone)):
                with_cards = [t for t in legal if t.role.value == role
                              and not game.pile(t).is_empty]
                empty = [t for t in legal if t.role.value == role and game.pile(t).is_empty]
                assert set(with_cards) <= set(offered)
                if empty and first_empty_only:
                    assert empty[0] in offered
