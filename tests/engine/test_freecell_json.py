"""FreeCell's position as JSON: the issue's shape, exact round trips, validation."""

import json

import pytest

from cardgui.engine.cards import Card
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.moves import Move

from .freecell_layouts import layout


def test_the_shape_is_the_issues():
    data = FreeCell(617).to_json()
    assert list(data) == ["game", "deal", "columns", "freecells", "foundations", "won"]
    assert data["game"] == "freecell" and data["deal"] == 617 and data["won"] is False
    assert data["columns"][0] == ["7D", "10D", "10H", "KD", "4C", "4S", "JD"]
    assert [len(column) for column in data["columns"]] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert data["freecells"] == [None] * 4
    assert data["foundations"] == {"H": [], "S": [], "D": [], "C": []}
    json.dumps(data)


def test_foundations_are_listed_in_pile_order_so_they_read_back_in_place():
    game = layout(["AS", "AD"])
    game.apply(Move.parse("T1>F3"))
    game.apply(Move.parse("T2>F1"))
    data = game.to_json()
    assert list(data["foundations"]) == ["D", "H", "S", "C"]
    again = FreeCell.from_json(data, complete=False)
    assert again.state()[0] == game.state()[0]


def test_a_game_in_progress_round_trips_exactly():
    game = FreeCell(1, autoplay=True)
    for name in ["6C", "8H", "4H", "JS", "6S"]:
        game.play_card(Card.parse(name))
    copy = FreeCell.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    assert copy.state()[0] == game.state()[0]


def test_from_json_keeps_the_autoplay_choice_given():
    assert FreeCell.from_json(FreeCell(3).to_json(), autoplay=False).autoplay is False


def good() -> dict:
    return FreeCell(5).to_json()


def broken(**changes) -> dict:
    data = good()
    data.update(changes)
    return data


@pytest.mark.parametrize("data, message", [
    ([], "must be a JSON object"),
    (broken(game="klondike"), "its game is 'klondike'"),
    ({k: v for k, v in good().items() if k != "columns"}, "'columns' is missing"),
    (broken(deal=0), "1 to 8589934591"),
    (broken(deal="7"), "1 to 8589934591"),
    (broken(columns=good()["columns"][:7]), "list of 8 lists"),
    (broken(freecells=[None] * 3), "list of 4 cards or nulls"),
    (broken(freecells=[7, None, None, None]), "free cell 1: 7 is not a card name"),
    (broken(foundations={"H": [], "S": [], "D": []}), "exactly the keys H, S, D and C"),
    (broken(foundations={"H": ["2H"], "S": [], "D": [], "C": []}), "must run from the ace"),
    (broken(foundations={"H": ["AS"], "S": [], "D": [], "C": []}), "must run from the ace"),
])
def test_bad_positions_are_refused_with_a_reason(data, message):
    with pytest.raises(ValueError, match=message):
        FreeCell.from_json(data)


def test_a_card_that_is_no_card_is_named():
    data = good()
    data["columns"][2][0] = "ZZ"
    with pytest.raises(ValueError, match="column 3: 'ZZ' is not a"):
        FreeCell.from_json(data)


def test_a_card_twice_is_named():
    data = good()
    data["freecells"][0] = data["columns"][0][0]
    with pytest.raises(ValueError, match="a card appears twice: " + data["columns"][0][0]):
        FreeCell.from_json(data)


def test_a_missing_card_is_named_unless_the_position_may_be_partial():
    data = good()
    lost = data["columns"][7].pop()
    with pytest.raises(ValueError, match=f"needs all 52 cards; missing: {lost}$"):
        FreeCell.from_json(data)
    assert len(FreeCell.from_json(data, complete=False).all_cards()) == 51
