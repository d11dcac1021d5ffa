"""Pyramid's keys, its notation, its JSON and its terminal screen."""

import json
import re

import pytest

from cardgui.engine.cards import Card, full_deck, names
from cardgui.engine.commands import Command
from cardgui.engine.games.pyramid import INFO
from cardgui.engine.games.pyramid.game import Pyramid
from cardgui.engine.games.pyramid.keys import PYRAMID_KEYS, PyramidKeys
from cardgui.engine.games.pyramid.notation import step_words
from cardgui.engine.games.pyramid.position import DISCARD, STOCK, WASTE, place
from cardgui.engine.games.pyramid.screen import board_lines, help_lines, read_word
from cardgui.engine.keyboard import Request
from cardgui.engine.moves import DEAL, Move
from cardgui.session import GameSession
from tests.engine.pyramid_layouts import position

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
    def test_two_typed_names_that_make_13_pair_them_off(self):
        keys = PyramidKeys(position({(7, 1): "8S", (7, 2): "5H"}))
        typed(keys.game, "8s")
        assert keys.game.chosen == place(7, 1)
        typed(keys.game, "5H")
        assert names(keys.game.pile(DISCARD).cards) == ["5H", "8S"]

    def test_a_card_key_only_translates_it_into_a_command(self):
        game = position({(7, 1): "8S"})
        keys = PyramidKeys(game)
        keys.press("8")
        before = game.state()
        assert keys._card("S") == Command("choose_card", ("8S",))
        assert keys._deal("+") == Command("deal")
        assert game.state() == before

    def test_a_typed_king_goes_off(self):
        keys = PyramidKeys(position({(7, 1): "KS", (7, 2): "5H"}))
        typed(keys.game, "KS")
        assert names(keys.game.pile(DISCARD).cards) == ["KS"]

    def test_ten_is_typed_as_10_or_t(self):
        for text in ("10h", "TH"):
            keys = PyramidKeys(position({(7, 1): "10H", (7, 2): "3C"}))
            typed(keys.game, text + "3c")
            assert keys.game.is_won

    def test_plus_turns_the_stock(self):
        keys = PyramidKeys(Pyramid(5))
        typed(keys.game, "+")
        assert len(keys.game.pile(WASTE)) == 1

    def test_space_lets_go_of_the_chosen_card(self):
        keys = PyramidKeys(position({(7, 1): "8S"}))
        typed(keys.game, "8S ")
        assert keys.game.chosen is None

    def test_space_with_nothing_chosen_rings_no_bell(self):
        keys = PyramidKeys(position({(7, 1): "8S"}))
        response = keys.press(" ")
        assert not response.bell and response.command is None

    def test_a_refused_card_rings_the_bell_with_the_reason(self):
        keys = PyramidKeys(position({(6, 1): "8S", (7, 1): "3C"}))
        response = typed(keys.game, "8S")[-1]
        assert response.bell and response.message == "8S is covered by the cards below it."

    @pytest.mark.parametrize("key, asked", [("?", Request.HELP), ("G", Request.NEW_GAME),
                                              ("X", Request.QUIT), ("R", Request.REDISPLAY)])
    def test_the_keys_every_game_has(self, key, asked):
        assert PyramidKeys(Pyramid(5)).press(key).request is asked

    def test_undo_and_redo_keys(self):
        keys = PyramidKeys(Pyramid(5))
        typed(keys.game, "+U")
        assert not keys.game.pile(WASTE).cards
        typed(keys.game, "Y")
        assert len(keys.game.pile(WASTE)) == 1

    def test_the_key_table_lists_every_key_the_panel_shows(self):
        labels = [binding.label for binding in PYRAMID_KEYS.visible()]
        assert labels == ["card", "+ =", "Del", "R", "?", "U", "Y", "G", "X"]


class TestNotation:
    @pytest.mark.parametrize("word, command", [
        ("8S+5H", Command("pair_cards", ("8S", "5H"))),
        ("th+3c", Command("pair_cards", ("10H", "3C"))),
        ("10d+3S", Command("pair_cards", ("10D", "3S"))),
        ("KS", Command("king_off", ("KS",))),
        ("deal", Command("deal")),
        ("+", Command("deal")),
    ])
    def test_words_read_as_commands(self, word, command):
        assert read_word(Pyramid(1), word) == command

    def test_a_lone_card_that_is_not_a_king_is_explained(self):
        with pytest.raises(ValueError, match="8S goes off only with a card that makes 13"):
            read_word(Pyramid(1), "8S")

    @pytest.mark.parametrize("word", ["8X+5H", "hello", "8S+", "ZZ"])
    def test_a_word_that_is_no_move_is_explained(self, word):
        with pytest.raises(ValueError, match="is not a move"):
            read_word(Pyramid(1), word)

    def test_steps_are_written_as_words_that_read_back(self):
        game = Pyramid(5)
        steps = [Move(place(7, 1), place(7, 7)), Move(STOCK, DISCARD), DEAL]
        words = step_words(game, steps)
        assert words == ["8C+5S", "KC", "deal"]
        replay = Pyramid(5)
        for word in words:
            replay.perform(read_word(replay, word))
        copy = game.detached()
        for step in steps:
            copy.apply(step)
        assert replay.state()[0] == copy.state()[0]


class TestJson:
    def test_every_card_is_named_once_and_no_other_string_is_a_card(self):
        game = Pyramid(8)
        game.deal()
        game.click(place(7, 1))
        data = json.loads(json.dumps(game.to_json()))
        found = [text for text in strings(data) if CARD_NAME.match(text)]
        assert sorted(found) == sorted(names(full_deck()))
        assert data["won"] is False and data["chosen"] == "T22"

    def test_it_reads_back_the_same_position(self):
        game = Pyramid(8, passes="unlimited")
        game.deal()
        game.click(place(7, 2))
        copy = Pyramid.from_json(game.to_json())
        assert copy.state()[0] == game.state()[0]
        assert (copy.pass_number, copy.chosen, copy.pass_limit) == (1, place(7, 2), None)

    @pytest.mark.parametrize("change, reason", [
        (lambda data: data.update(pyramid=data["pyramid"][:6]), "seven rows"),
        (lambda data: data["stock"].append(data["pyramid"][0][0]), "appears twice"),
        (lambda data: data["stock"].pop(), "needs all 52 cards"),
        (lambda data: data.update(chosen="F1"), "'chosen' must name"),
        (lambda data: data.update(passes="9"), "1, 2, 3 or unlimited"),
        (lambda data: data.update(game="klondike"), "not a Pyramid position"),
    ])
    def test_a_bad_position_is_refused_with_the_reason(self, change, reason):
        data = Pyramid(8).to_json()
        change(data)
        with pytest.raises(ValueError, match=reason):
            Pyramid.from_json(data)


class TestScreen:
    def test_the_board_shows_the_pyramid_row_by_row(self):
        lines = board_lines(Pyramid(5))
        assert lines[0].startswith("Pyramid, deal 5") and "Pass 1 of 3" in lines[0]
        assert lines[1].split() == ["5C"] and lines[7].split() == [
            "8C", "8H", "2S", "10H", "QC", "AC", "5S"]
        assert lines[9].startswith("Stock  KC (24 in all)")
        assert all(line == line.rstrip() for line in lines)

    def test_a_gone_card_leaves_dots_and_the_choice_shows(self):
        game = Pyramid(5)
        game.move(place(7, 1), 0, place(7, 7))
        game.click(place(7, 2))
        lines = board_lines(game)
        assert lines[7].split()[0] == ".." and lines[-1] == "Chosen: 8H"

    def test_colour_marks_red_cards(self):
        assert "\x1b[31m" in "".join(board_lines(Pyramid(5), colour=True))

    def test_the_help_explains_the_notation(self):
        text = "\n".join(help_lines(Pyramid(5)))
        assert "8S+5H" in text and "KS" in text and "deal" in text

    def test_the_registry_entry(self):
        assert INFO.game_id == "pyramid" and INFO.option("passes").default == "3"
        assert INFO.solver is not None and INFO.table.endswith("pyramid.table:TABLE")
        assert isinstance(Card.parse("10H"), Card)


class TestSavedGames:
    def test_a_saved_game_comes_back_with_its_chosen_card_and_its_history(self, tmp_path):
        from cardgui.store.saves import SaveFile

        session = GameSession.start(INFO, 5, {"passes": "2"})
        for command in (Command("deal"), Command("click", ("T22",)), Command("click", ("T28",)),
                        Command("click", ("T23",))):
            session.perform(command)
        session.saves = SaveFile(tmp_path / "pyramid.json")
        session.save()
        restored = GameSession.restore(INFO, session.saves.load())
        assert restored.game.state() == session.game.state()
        assert restored.game.chosen == place(7, 2) and restored.game.pass_limit == 2
        restored.game.undo()
        session.game.undo()
        assert restored.game.state() == session.game.state()
