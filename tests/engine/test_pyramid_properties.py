"""Properties of any play of Pyramid: no card lost or duplicated, undo and
redo exact (the passes and the chosen card too), refusals change nothing,
the JSON round-trips."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import full_deck
from cardgui.engine.commands import Command
from cardgui.engine.deals import MAX_DEAL
from cardgui.engine.games.pyramid.game import PASSES_CHOICES, Pyramid
from cardgui.engine.moves import IllegalMove

deals = st.integers(min_value=1, max_value=MAX_DEAL)
passes = st.sampled_from(PASSES_CHOICES)
picks = st.lists(st.integers(min_value=0, max_value=10**6), max_size=80)


def gestures(game: Pyramid) -> list[Command]:
    """The steps the rules allow, as the gestures that make them, and a click
    on every pile (which may choose, pair, turn, or be refused)."""
    commands = [game.command_for(step) for step in game.legal_steps()]
    return commands + [Command("click", (str(pile_id),)) for pile_id in sorted(game.piles)]


def play(game: Pyramid, choices: list[int]) -> None:
    for pick in choices:
        commands = gestures(game)
        try:
            game.perform(commands[pick % len(commands)])
        except IllegalMove:
            pass


@settings(max_examples=60, deadline=None)
@given(deals, passes, picks)
def test_every_card_stays_present_exactly_once(deal, allowed, choices):
    game = Pyramid(deal, passes=allowed)
    for pick in choices:
        commands = gestures(game)
        try:
            game.perform(commands[pick % len(commands)])
        except IllegalMove:
            pass
        assert sorted(game.all_cards()) == sorted(full_deck())


@settings(max_examples=60, deadline=None)
@given(deals, passes, picks)
def test_undoing_every_gesture_restores_the_start_and_redoing_the_end(deal, allowed, choices):
    game = Pyramid(deal, passes=allowed)
    start = game.state()
    play(game, choices)
    if game.chosen is not None:       # a choice is no gesture of the history: let it go
        game.perform(Command("let_go"))
    end = game.state()
    while game.can_undo:
        game.undo()
    assert game.state()[0] == start[0]
    assert game.counters.pass_number == 1 and game.counters.moves == 0
    while game.can_redo:
        game.redo()
    assert game.state() == end


@settings(max_examples=60, deadline=None)
@given(deals, picks, st.data())
def test_a_refused_gesture_changes_nothing(deal, choices, data):
    game = Pyramid(deal)
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
@given(deals, passes, picks)
def test_the_json_form_round_trips(deal, allowed, choices):
    game = Pyramid(deal, passes=allowed)
    play(game, choices)
    copy = Pyramid.from_json(game.to_json())
    assert copy.state()[0] == game.state()[0]
    assert (copy.pass_number, copy.chosen, copy.score) == (game.pass_number, game.chosen,
                                                           game.score)
