"""Properties of any sequence of keystrokes: no card lost, undo exact."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.again import FORGOTTEN
from cardgui.engine.cards import full_deck
from cardgui.engine.games.klondike.game import Klondike
from tests.played import keyed

GAME_KEYS = list("+=P!@#$%^&*()MW.T0123456789AJQKHSDC \b") + ["8(", "9)"]
deals = st.integers(min_value=1, max_value=2**31 - 1)
keystrokes = st.lists(st.sampled_from(GAME_KEYS), max_size=120)


def press_all(keys, strokes: list[str]):
    """Press every key; the state right after the last gesture that moved cards."""
    after_last_gesture = keys.game.state()
    for stroke in strokes:
        for key in stroke:
            if keys.press(key).outcome.changed:
                after_last_gesture = keys.game.state()
    return after_last_gesture


@settings(max_examples=150, deadline=None)
@given(deals, st.lists(st.sampled_from(GAME_KEYS + ["U", "Y"]), max_size=150))
def test_every_card_stays_present_exactly_once(deal, strokes):
    keys = keyed(Klondike(deal))
    for stroke in strokes:
        for key in stroke:
            keys.press(key)
            assert sorted(keys.game.all_cards()) == sorted(full_deck())


@settings(max_examples=150, deadline=None)
@given(deals, keystrokes)
def test_undoing_everything_restores_the_start_and_redoing_the_end(deal, strokes):
    keys = keyed(Klondike(deal))
    start = keys.game.state()
    # A refused play after the last gesture may have emptied M's memory, as the
    # book's playcard does; that is no gesture, so redo ends where the last one did.
    end = press_all(keys, strokes)
    while keys.game.can_undo:
        keys.game.undo()
    assert keys.game.state() == start
    while keys.game.can_redo:
        keys.game.redo()
    assert keys.game.state() == end


@settings(max_examples=100, deadline=None)
@given(deals, keystrokes, st.data())
def test_a_refused_key_changes_nothing(deal, strokes, data):
    keys = keyed(Klondike(deal))
    press_all(keys, strokes)
    key = data.draw(st.sampled_from(GAME_KEYS))
    piles, counters = keys.game.state()
    history = len(keys.game.history)
    responses = [keys.press(k) for k in key]
    if responses[-1].bell:
        # Nothing changes but, after a play that found no place, M's memory,
        # which the book's playcard empties before it looks.
        piles_after, counters_after = keys.game.state()
        assert (piles_after, len(keys.game.history)) == (piles, history)
        assert counters_after in (counters, replace(counters, again=FORGOTTEN))


@settings(max_examples=100, deadline=None)
@given(deals, keystrokes)
def test_the_json_form_round_trips(deal, strokes):
    keys = keyed(Klondike(deal))
    press_all(keys, strokes)
    copy = Klondike.from_json(keys.game.to_json())
    assert copy.to_json() == keys.game.to_json()
