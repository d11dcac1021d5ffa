"""Properties of any play of TriPeaks: no card lost or duplicated, undo and
redo exact (the score and the chain too), refusals change nothing, the JSON
round-trips."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import full_deck
from cardgui.engine.commands import Command
from cardgui.engine.deals import MAX_DEAL
from cardgui.engine.games.tripeaks.game import TriPeaks
from cardgui.engine.moves import IllegalMove

deals = st.integers(min_value=1, max_value=MAX_DEAL)
picks = st.lists(st.integers(min_value=0, max_value=10**6), max_size=60)


def gestures(game: TriPeaks) -> list[Command]:
    """The steps the rules allow, as the gestures that make them, and a click
    on every pile (which may play, turn, or be refused)."""
    commands = [game.command_for(step) for step in game.legal_steps()]
    return commands + [Command("click", (str(pile_id),)) for pile_id in sorted(game.piles)]


def play(game: TriPeaks, choices: list[int]) -> None:
    for pick in choices:
        commands = gestures(game)
        try:
            game.perform(commands[pick % len(commands)])
        except IllegalMove:
            pass


@settings(max_examples=60, deadline=None)
@given(deals, st.booleans(), picks)
def test_every_card_stays_present_exactly_once(deal, wrap, choices):
    game = TriPeaks(deal, wrap=wrap)
    for pick in choices:
        commands = gestures(game)
        try:
            game.perform(commands[pick % len(commands)])
        except IllegalMove:
            pass
        assert sorted(game.all_cards()) == sorted(full_deck())


@settings(max_examples=60, deadline=None)
@given(deals, st.booleans(), picks)
def test_undoing_every_gesture_restores_the_start_and_redoing_the_end(deal, wrap, choices):
    game = TriPeaks(deal, wrap=wrap)
    start = game.state()
    play(game, choices)
    end = game.state()
    while game.can_undo:
        game.undo()
    assert game.state() == start
    while game.can_redo:
        game.redo()
    assert game.state() == end


@settings(max_examples=60, deadline=None)
@given(deals, picks, st.data())
def test_a_refused_gesture_changes_nothing(deal, choices, data):
    game = TriPeaks(deal)
    play(game, choices)
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
@given(deals, st.booleans(), picks)
def test_the_json_form_round_trips(deal, wrap, choices):
    game = TriPeaks(deal, wrap=wrap)
    play(game, choices)
    copy = TriPeaks.from_json(game.to_json())
    assert copy.state()[0] == game.state()[0]
    assert (copy.score, copy.chain, copy.wrap) == (game.score, game.chain, wrap)
