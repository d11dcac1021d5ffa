"""TriPeaks' keys, its notation, its JSON and its terminal screen."""

import json
import re

import pytest

from cardgui.engine.cards import full_deck, names
from cardgui.engine.commands import Command
from cardgui.engine.games.tripeaks import INFO
from cardgui.engine.games.tripeaks.game import TriPeaks
from cardgui.engine.games.tripeaks.keys import TRIPEAKS_KEYS, TriPeaksKeys
from cardgui.engine.games.tripeaks.notation import step_words
from cardgui.engine.games.tripeaks.position import STOCK, WASTE
from cardgui.engine.games.tripeaks.screen import board_lines, help_lines, read_word
from cardgui.engine.keyboard import Request
from cardgui.engine.moves import DEAL, Move
from cardgui.engine.piles import tableau
from cardgui.session import GameSession
from tests.engine.tripeaks_layouts import position

CARD_NAME = re.compile(r"^(A|[2-9]|10|J|Q|K)[HSDC]$")


def typed(game, text):
    """Type ``text`` through a session, which performs what each key asks."""
    session = GameSession.around(INFO, game)
    return [session.press(key) for key in text]


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


class TestKeys:
    def test_a_typed_card_goes_onto_the_waste(self):
        game = position({19: "8S", 28: "KD"}, waste=["7C"])
        typed(game, "8s")
        assert names(game.pile(WASTE).cards) == ["7C", "8S"]

    def test_a_card_key_only_translates_it_into_a_command(self):
        game = position({19: "8S"}, waste=["7C"])
        keys = TriPeaksKeys(game)
        keys.press("8")
        before = game.state()
        assert keys._card("S") == Command("play_card", ("8S",))
        assert keys._deal("+") == Command("deal")
        assert game.state() == before

    def test_plus_turns_the_stock(self):
        game = TriPeaks(5)
        typed(game, "+")
        assert len(game.pile(WASTE)) == 2

    def test_a_refused_card_rings_the_bell_with_the_reason(self):
        game = position({19: "9S"}, waste=["7C"])
        response = typed(game, "9S")[-1]
        assert response.bell and response.message.startswith("9S cannot go onto 7C")

    @pytest.mark.parametrize("key, asked", [("?", Request.HELP), ("G", Request.NEW_GAME),
                                            ("X", Request.QUIT), ("R", Request.REDISPLAY)])
    def test_the_keys_every_game_has(self, key, asked):
        assert TriPeaksKeys(TriPeaks(5)).press(key).request is asked

    def test_undo_and_redo_keys(self):
        game = TriPeaks(5)
        typed(game, "+U")
        assert len(game.pile(WASTE)) == 1
        typed(game, "Y")
        assert len(game.pile(WASTE)) == 2

    def test_the_key_table_lists_every_key_the_panel_shows(self):
        labels = [binding.label for binding in TRIPEAKS_KEYS.visible()]
        assert labels == ["card", "+ =", "Del", "R", "?", "U", "Y", "G", "X"]


class TestNotation:
    @pytest.mark.parametrize("word, command", [
        ("8S", Command("play_card", ("8S",))), ("th", Command("play_card", ("10H",))),
        ("deal", Command("deal")), ("+", Command("deal")), ("DEAL", Command("deal"))])
    def test_words_read_as_commands(self, word, command):
        assert read_word(TriPeaks(1), word) == command

    @pytest.mark.parametrize("word", ["8X", "hello", "8S+5H"])
    def test_a_word_that_is_no_move_is_explained(self, word):
        with pytest.raises(ValueError, match="is not a move"):
            read_word(TriPeaks(1), word)

    def test_steps_are_written_as_words_that_read_back(self):
        game = position({19: "8S", 20: "9D", 28: "KD"}, waste=["7C"], stock=["2C", "10S"])
        steps = [Move(tableau(19), WASTE), DEAL, Move(tableau(20), WASTE)]
        words = step_words(game, steps)
        assert words == ["8S", "deal", "9D"]
        for word in words:
            game.perform(read_word(game, word))
        assert names(game.pile(WASTE).cards) == ["7C", "8S", "10S", "9D"]


class TestJson:
    def test_every_card_is_named_once_and_no_other_string_is_a_card(self):
        game = TriPeaks(8)
        game.deal()
        data = json.loads(json.dumps(game.to_json()))
        found = [text for text in strings(data) if CARD_NAME.match(text)]
        assert sorted(found) == sorted(names(full_deck()))
        assert data["won"] is False and data["wrap"] is True

    def test_it_reads_back_the_same_position(self):
        game = TriPeaks(8, wrap=False)
        game.deal()
        for pile_id in game.playable()[:1]:
            game.move(pile_id, 0, WASTE)
        copy = TriPeaks.from_json(game.to_json())
        assert copy.state()[0] == game.state()[0]
        assert (copy.score, copy.chain, copy.wrap) == (game.score, game.chain, False)

    @pytest.mark.parametrize("change, reason", [
        (lambda data: data.update(peaks=data["peaks"][:3]), "four rows"),
        (lambda data: data["stock"].append(data["waste"][0]), "appears twice"),
        (lambda data: data["stock"].pop(), "needs all 52 cards"),
        (lambda data: data["peaks"][3][0].update(face_up=False), "lies face up"),
        (lambda data: data.update(score=-1), "whole numbers"),
        (lambda data: data.update(game="pyramid"), "not a TriPeaks position"),
    ])
    def test_a_bad_position_is_refused_with_the_reason(self, change, reason):
        data = TriPeaks(8).to_json()
        change(data)
        with pytest.raises(ValueError, match=reason):
            TriPeaks.from_json(data)


class TestScreen:
    def test_the_board_shows_the_peaks_face_down_and_the_bottom_row(self):
        lines = board_lines(TriPeaks(5))
        assert lines[0].startswith("TriPeaks, deal 5") and "Chain 0" in lines[0]
        assert lines[1] == "      ##          ##          ##"
        assert lines[4].split() == ["KH", "8S", "KS", "8C", "8H", "2S", "10H", "QC", "AC", "5S"]
        assert lines[6] == "Waste  KC    Stock  23 cards"

    def test_a_turned_up_card_shows_and_a_gone_one_leaves_a_gap(self):
        game = position({10: "8S", 19: "6C", 20: "5C"}, waste=["7C"])
        game.move(tableau(19), 0, WASTE)
        game.move(tableau(20), 0, WASTE)
        lines = board_lines(game)
        assert lines[3].split() == ["8S"] and lines[4] == ""

    def test_colour_marks_red_cards(self):
        assert "\x1b[31m" in "".join(board_lines(TriPeaks(5), colour=True))

    def test_the_help_explains_the_notation_and_the_wrap(self):
        assert "king and ace touch" in "\n".join(help_lines(TriPeaks(5)))
        assert "do not touch" in "\n".join(help_lines(TriPeaks(5, wrap=False)))

    def test_the_registry_entry(self):
        assert INFO.game_id == "tripeaks" and INFO.option("wrap").default is True
        assert INFO.solver is not None and TriPeaks(5).pile(STOCK).hidden == 23
