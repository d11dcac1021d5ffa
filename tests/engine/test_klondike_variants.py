"""Klondike as players know it: draw one or three, limited passes,
take-backs, Windows' Standard and Vegas scores; the book's game unchanged."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import Card
from cardgui.engine.games import find_game
from cardgui.engine.games.klondike.game import Klondike, not_in_play
from cardgui.engine.games.klondike.keys import KlondikeKeys
from cardgui.engine.games.klondike.position import PILE, top_of
from cardgui.engine.moves import IllegalMove
from cardgui.engine.piles import tableau
from cardgui.session import GameSession
from tests.engine.klondike_layouts import full_top, layout
from tests.played import keyed, typed

VARIANTS = [dict(draw=draw, passes=passes, take_back=back, scoring=scoring)
            for draw in (1, 3) for passes in ("1", "3", "unlimited") for back in (False, True)
            for scoring in ("none", "standard", "vegas")]


def names(game, pile_id):
    return [card.name for card in game.pile(pile_id).cards]


@pytest.mark.parametrize("rules", VARIANTS[::5])
def test_the_same_deal_number_gives_the_same_layout_in_every_variant(rules):
    assert Klondike(617, **rules).piles == Klondike(617).piles


def test_the_book_is_the_default_and_says_so():
    game = Klondike(617)
    assert game.is_book and game.variant == "" and game.score is None
    assert game.rules_note() == "" and "rules" not in game.to_json()


@pytest.mark.parametrize("rules", [dict(draw=2), dict(passes="0"), dict(scoring="sums"),
                                   dict(take_back="yes")])
def test_rules_that_are_no_choice_are_refused(rules):
    with pytest.raises(ValueError):
        Klondike(1, **rules)


class TestDrawing:
    def test_draw_one_deals_one_card_draw_three_three(self):
        one, three = Klondike(5, draw=1), Klondike(5)
        one.deal()
        three.deal()
        assert len(one.pile(PILE)) == 1 and len(three.pile(PILE)) == 3
        assert one.deal_words() == "Deal one card from the hand"

    def test_limited_passes_refuse_to_turn_the_pile_over_once_used(self):
        game = layout(["KS"], hand="2C 3C", passes="2", draw=1)
        for _ in range(4):              # two passes of two cards
            game.deal()
        assert game.passes == 2 and game.passes_left == 0
        with pytest.raises(IllegalMove, match="allows 2 passes"):
            game.deal()
        assert names(game, PILE) == ["3C", "2C"]

    def test_unlimited_passes_go_round_for_ever(self):
        game = layout(["KS"], hand="2C 3C", draw=1)
        for _ in range(20):
            game.deal()
        assert game.passes == 10

    def test_a_game_whose_last_pass_is_used_up_with_nothing_to_play_is_stuck(self):
        game = layout(["KS"], hand="2C AC", passes="1", draw=1)
        assert not game.is_stuck       # AC is still to be dealt
        game.deal()
        game.deal()                    # 2C covers AC, and the hand may not come round again
        assert game.is_stuck
        assert not layout(["KS"], hand="2C AC", draw=1).is_stuck


class TestTakeBack:
    def test_without_it_cards_stay_on_the_top(self):
        game = layout(["3H"], tops={"S": "AS 2S"})
        with pytest.raises(IllegalMove, match="stay there"):
            game.move(top_of(Card.parse("2S").suit), 1, tableau(1))

    def test_with_it_the_top_card_comes_back_onto_a_stack(self):
        game = layout(["3H"], tops={"S": "AS 2S"}, take_back=True)
        game.move(top_of(Card.parse("2S").suit), 1, tableau(1))
        assert names(game, tableau(1)) == ["3H", "2S"]

    def test_only_the_last_card_of_a_top_comes_back(self):
        game = layout(["3H"], tops={"S": "AS 2S"}, take_back=True)
        with pytest.raises(IllegalMove, match="last card"):
            game.move(top_of(Card.parse("2S").suit), 0, tableau(1))


class TestStandardScoring:
    def test_windows_points(self):
        game = layout(["9H | 5D", "6S", "3D"], pile="AH 4C", tops={"D": "AD 2D"},
                      scoring="standard", take_back=True)
        game.move(PILE, 1, tableau(1))                            # pile to stack: 5
        assert game.score == 5
        game.move(PILE, 0, top_of(Card.parse("AH").suit))        # pile up: 10
        assert game.score == 15
        game.move(tableau(1), 1, tableau(2))                      # 9H turns up: 5
        assert game.score == 20
        game.move(tableau(3), 0, top_of(Card.parse("3D").suit))  # stack up: 10
        assert game.score == 30
        game.move(top_of(Card.parse("3D").suit), 2, tableau(2))  # back down: -15
        assert game.score == 15
        assert dict(game.status_items())["Score"] == "15"

    def test_scores_never_fall_below_zero_and_the_pile_costs_100_drawing_one(self):
        game = layout(["KS"], hand="2C", draw=1, scoring="standard")
        game.deal()
        game.deal()                     # turn over: -100, but not below 0
        assert game.score == 0

    def test_drawing_three_the_first_two_turns_are_free_then_20_each(self):
        game = layout(["KS", "9C"], pile="8H", hand="2C", scoring="standard")
        game.move(PILE, 0, tableau(2))                      # pile to stack: 5
        game.deal()                     # 2C
        game.deal()                     # first turn: free
        game.deal()                     # second turn: free
        assert game.score == 5 and game.passes == 3
        game.deal()                     # third turn: -20, not below 0
        assert game.score == 0


class TestVegas:
    def test_52_to_start_5_a_card_up_5_back(self):
        game = layout(["3H"], pile="AS", tops={"S": ""}, scoring="vegas", take_back=True)
        assert game.score == -52
        game.move(PILE, 0, top_of(Card.parse("AS").suit))
        assert game.score == -47
        assert dict(game.status_items())["Score"] == "$-47"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS), st.lists(st.sampled_from(list("+P!@#$%^&W")), max_size=30))
def test_undo_puts_back_every_counter_the_score_and_the_passes_included(rules, keys):
    def state(game):
        # M's memory changes on a refused play too, as the book's does: undo
        # puts back the gesture's, so it is left out of what must match.
        piles, counters = game.state()
        return piles, replace(counters, again=None)

    session = keyed(Klondike(7, **rules))
    states = [state(session.game)]
    for key in keys:
        if session.press(key).outcome.changed:
            states.append(state(session.game))
    while session.game.can_undo:
        states.pop()
        session.press("U")
        assert state(session.game) == states[-1]
    assert sorted(session.game.all_cards()) == sorted(Klondike(7).all_cards())


class TestKeysAndSessions:
    def test_plus_says_what_it_deals(self):
        assert "one card" in KlondikeKeys(Klondike(1, draw=1)).table.lookup("+").summary
        assert "three cards" in KlondikeKeys(Klondike(1)).table.lookup("+").summary

    def test_the_book_keys_deal_one_card_in_draw_one(self):
        session = keyed(Klondike(617, draw=1))
        typed(session, "++")
        assert len(session.game.pile(PILE)) == 2

    def test_a_saved_game_and_its_statistics_keep_the_variant(self, tmp_path):
        from cardgui.store.saves import SaveFile
        from cardgui.store.stats import Statistics

        info = find_game("klondike")
        statistics = Statistics(tmp_path / "stats.sqlite")
        saves = SaveFile(tmp_path / "klondike.json")
        session = GameSession.start(info, 617, {"draw": 1, "scoring": "vegas"}, saves=saves,
                                    statistics=statistics)
        typed(session, "+")
        restored = GameSession.restore(info, saves.load(), saves=saves)
        assert restored.game.draw == 1 and restored.game.score == -52
        assert session.give_up()
        summary = statistics.summary("klondike", session.game.variant)
        assert summary.played == 1
        assert statistics.summary("klondike", "").played == 0


def test_a_card_not_in_play_gets_one_answer_wherever_it_is_hidden():
    game = layout(["4S | 9H", "| 8C"], hand="QH", pile="2D 7S", tops={"C": full_top("C", 1)})
    session = keyed(game)
    for name in ("QH", "4S", "2D"):             # in the hand, face down, under the pile's top
        result = typed(session, name)[-1]
        assert result.bell and result.message == not_in_play(Card.parse(name))
    assert typed(session, "AC")[-1].message == "AC is already on the top."
