"""``cardgui text pokersquares``: placements from a pipe, the grid or JSON out."""

from __future__ import annotations

import json

from cardgui.engine.games.pokersquares import INFO
from cardgui.engine.games.pokersquares.screen import TERMINAL
from cardgui.text.loop import TerminalGame
from tests.played import text_program

DEAL = 42   # turns QH 2S 8H 3C 8D 6C 10C 5C 4D 10S 9H 3H QC 4H 5H 6D KC 2D JC 8S 4C 5S KS 9D QD
EVERY_CELL = " ".join(f"{column}{row}" for row in "12345" for column in "abcde")
# Deal 42 placed to make three full houses, a flush and a pair across the rows.
KNOWN_PLACEMENTS = {"8H": "a1", "8D": "b1", "8S": "c1", "QH": "d1", "QD": "e1",
                    "5C": "a2", "5H": "b2", "5S": "c2", "2S": "d2", "2D": "e2",
                    "4D": "a3", "4H": "b3", "4C": "c3", "KC": "d3", "KS": "e3",
                    "3C": "a4", "6C": "b4", "10C": "c4", "JC": "d4", "QC": "e4",
                    "3H": "a5", "6D": "b5", "10S": "c5", "9H": "d5", "9D": "e5"}
TURN_ORDER = "QH 2S 8H 3C 8D 6C 10C 5C 4D 10S 9H 3H QC 4H 5H 6D KC 2D JC 8S 4C 5S KS 9D QD"


def run(text: str, as_json: bool = False, scoring: str = "american",
        deal: int | None = DEAL) -> tuple[int, str, str]:
    return text_program("pokersquares", text, deal=deal, as_json=as_json, scoring=scoring)


def test_json_of_a_known_deal_filled_row_by_row():
    status, out, err = run(EVERY_CELL.replace(" ", "\n"), as_json=True)
    assert status == 0 and err == ""
    assert json.loads(out) == {
        "game": "pokersquares", "deal": DEAL,
        "grid": [["QH", "2S", "8H", "3C", "8D"],
                 ["6C", "10C", "5C", "4D", "10S"],
                 ["9H", "3H", "QC", "4H", "5H"],
                 ["6D", "KC", "2D", "JC", "8S"],
                 ["4C", "5S", "KS", "9D", "QD"]],
        "next": None,
        "rows": ["pair of eights", "pair of tens", "nothing (queen high)",
                 "nothing (king high)", "nothing (king high)"],
        "columns": ["pair of sixes", "nothing (king high)", "nothing (king high)",
                    "pair of fours", "pair of eights"],
        "score": 10,
    }
    assert out.count("\n") == 1


def test_json_of_the_known_grid_in_both_scorings():
    words = " ".join(KNOWN_PLACEMENTS[card] for card in TURN_ORDER.split())
    american = json.loads(run(words, as_json=True)[1])
    english = json.loads(run(words, as_json=True, scoring="english")[1])
    assert american["rows"] == ["full house (eights and queens)", "full house (fives and twos)",
                                "full house (fours and kings)", "flush (queen high)",
                                "pair of nines"]
    assert (american["score"], english["score"]) == (105, 40)
    assert american["grid"] == english["grid"]


def test_bad_placements_are_reported_and_skipped():
    status, out, err = run("a1 A1 zz f6 b1", as_json=True)
    data = json.loads(out)
    assert status == 0
    assert data["grid"][0][:3] == ["QH", "2S", None] and data["next"] == "8H"
    assert err.splitlines() == ["bell: a1 already holds QH.",
                                "bell: 'zz' is not a cell: name a column a-e, then a row 1-5, "
                                "like c3.",
                                "bell: 'f6' is not a cell: name a column a-e, then a row 1-5, "
                                "like c3."]


def test_undo_redo_and_quit_words():
    data = json.loads(run("a1 b1 u c1 undo y redo x d1", as_json=True)[1])
    assert data["grid"][0] == ["QH", None, "2S", None, None]
    assert data["next"] == "8H"


def test_piped_without_json_reports_and_prints_the_final_grid():
    status, out, _ = run("a1 a1 " + EVERY_CELL[3:])
    lines = out.splitlines()
    assert status == 0
    assert lines[:3] == ["QH to a1.", "bell: a1 already holds QH.", "2S to b1."]
    assert lines[26] == "Poker Squares, deal 42, American scoring"
    assert any(line.startswith(" 1   QH   2S   8H   3C   8D") and "pair of eights" in line
               for line in lines)
    assert lines[-1] == "The grid is full: final score 10."


def test_piped_help_lists_the_commands():
    out = run("?")[1]
    assert "a1 \u2026 e5" in out and "u undo" in out and "x quit" in out
    assert "Move the cursor" not in out


def test_a_random_deal_is_chosen_when_none_is_given_and_g_deals_another(monkeypatch):
    monkeypatch.setattr("cardgui.session.random_deal_number", lambda highest: 77)
    playing = TerminalGame(INFO, TERMINAL, None, {"scoring": "english"})
    assert playing.game.deal_number == 77
    assert playing.game.scoring.name == "english"
    playing.game.place("a1")
    said = playing.take("g")
    assert playing.game.deal_number == 77 and playing.game.moves_made == 0
    assert said.messages == ["New game: deal 77."]
