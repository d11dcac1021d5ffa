"""Calculation positions as JSON: the issue's exact shape, and validation on reading."""

import json

import pytest

from cardgui.engine.cards import full_deck, rank_name
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.position import HAND, SEQUENCES, STOCK, waste_pile
from cardgui.engine.piles import foundation

KEYS = ["game", "deal", "stock", "hand", "foundations", "waste", "score", "won", "over"]


def sample_position() -> Calculation:
    """The stacked deck after Becker's sample display (19 cards turned up)."""
    game = Calculation.stacked()
    places = "w1 w2 f3 w3 f4 f3 w4 f3 f4 w1 w2 w4 w3 w1 f3 w2 w1 f3".split()
    for place in places:
        game.deal()
        number = int(place[1])
        game.move_top(HAND, waste_pile(number) if place[0] == "w" else foundation(number))
    game.deal()
    return game


class TestShape:
    def test_a_new_game_in_the_issues_shape(self):
        data = Calculation(617).to_json()
        assert list(data) == KEYS
        assert data["game"] == "calculation" and data["deal"] == 617
        assert len(data["stock"]) == 48 and all(isinstance(name, str) for name in data["stock"])
        assert data["hand"] is None
        assert data["foundations"] == [["AC"], ["2C"], ["3C"], ["4C"]]
        assert data["waste"] == [[], [], [], []]
        assert (data["score"], data["won"], data["over"]) == (4, False, False)
        json.dumps(data)   # plain JSON values only

    def test_the_stocks_last_card_is_turned_next_and_lists_run_bottom_to_top(self):
        game = Calculation(617)
        next_card = game.to_json()["stock"][-1]
        game.deal()
        assert game.to_json()["hand"] == next_card
        game.hand_to_waste(2)
        game.deal()
        game.hand_to_waste(2)
        assert game.to_json()["waste"][1] == [card.name for card in game.pile(waste_pile(2)).cards]

    def test_becker_sample_position(self):
        assert sample_position().to_json() == {
            "game": "calculation", "deal": 0,
            "stock": ["7D", "6C", "KC", "3D", "7S", "4H", "AS", "JS", "4D", "3H", "2D", "10C",
                      "8H", "JH", "7C", "AH", "2S", "9H", "KD", "JC", "5S", "10D", "3S", "AD",
                      "7H", "KH", "8S", "QD", "4S"],
            "hand": "5H",
            "foundations": [["AC"], ["2C"], ["3C", "6D", "9C", "QS", "2H", "5D"],
                            ["4C", "8C", "QC"]],
            "waste": [["KS", "QH", "9S", "6S"], ["10H", "8D", "6H"], ["10S", "5C"],
                      ["9D", "JD"]],
            "score": 11, "won": False, "over": False}


class TestReading:
    def test_round_trip(self):
        game = sample_position()
        copy = Calculation.from_json(json.loads(json.dumps(game.to_json())))
        assert copy.to_json() == game.to_json()
        assert copy.piles == game.piles
        assert copy.pile(STOCK).hidden == len(copy.pile(STOCK))
        assert copy.pile(HAND).hidden == 0

    @pytest.mark.parametrize("change, message", [
        (lambda d: d.pop("stock"), "missing stock"),
        (lambda d: d.update(game="klondike"), "'klondike', not of calculation"),
        (lambda d: d.update(deal=-3), "deal number must be a whole number"),
        (lambda d: d.update(deal=0.0), "deal number must be a whole number"),
        (lambda d: d.update(stock="7D 6C"), "stock must be a list of card names"),
        (lambda d: d.update(hand=["5H"]), "hand must be one card or null"),
        (lambda d: d.update(hand="5X"), "not a suit"),
        (lambda d: d.update(foundations=[["AC"], ["2C"], ["3C"]]), "list of 4 lists"),
        (lambda d: d.update(waste=[[]] * 5), "list of 4 lists"),
        (lambda d: d["foundations"][0].append("3H"), "foundation 1 must follow its sequence"),
        (lambda d: d["foundations"].__setitem__(1, []), "foundation 2 must follow"),
        (lambda d: d["waste"][0].append("5H"), "a card appears twice"),
        (lambda d: d["stock"].pop(), "all 52 cards, not 51"),
        (lambda d: d.update(score=12), "score is 12 but the cards make it 11"),
        (lambda d: d.update(won=True), "won is True but the cards make it False"),
    ])
    def test_bad_positions_are_refused_with_a_reason(self, change, message):
        data = sample_position().to_json()
        change(data)
        with pytest.raises(ValueError, match=message):
            Calculation.from_json(data)

    def test_not_an_object(self):
        with pytest.raises(ValueError, match="must be a JSON object"):
            Calculation.from_json(["calculation"])

    def test_a_won_game(self):
        data = {"deal": 5, "stock": [], "hand": None, "waste": [[], [], [], []],
                "foundations": [[rank_name(rank) + suit for rank in sequence]
                                for sequence, suit in zip(SEQUENCES, "HSDC")]}
        game = Calculation.from_json(data)
        assert sorted(game.all_cards()) == sorted(full_deck())
        assert game.to_json()["won"] and game.to_json()["over"] and game.score == 52
