"""``cardgui text freecell``: moves in standard notation from a pipe or a terminal."""

import io
import json

from cardgui.engine.games.freecell import INFO
from cardgui.engine.games.freecell.screen import TERMINAL
from cardgui.text.loop import TerminalGame, run_interactive
from tests.played import text_program

DEAL_1_OPENING = "5a 5b 5c 5d 5h b2 8b a8 7a b7"


def run(moves: str, deal: int | None = 1, as_json: bool = True, autoplay: bool = False):
    return text_program("freecell", moves, deal=deal, as_json=as_json, autoplay=autoplay)


def test_json_prints_only_the_final_state_in_the_issues_shape():
    status, out, err = run(DEAL_1_OPENING)
    assert status == 0 and err == ""
    assert out.count("\n") == 1
    data = json.loads(out)
    assert set(data) == {"game", "deal", "columns", "freecells", "foundations", "won"}
    assert (data["game"], data["deal"], data["won"]) == ("freecell", 1, False)
    assert data["foundations"] == {"D": ["AD"], "H": [], "S": [], "C": []}
    assert data["freecells"] == ["8C", None, "4H", "JS"]
    assert data["columns"][4] == ["5D"]


def test_no_autoplay_unless_asked():
    _, out, _ = run("5a 5b 5c 5d")
    assert json.loads(out)["columns"][4] == ["5D", "AD"]
    _, out, err = run("5a 5b 5c 5d 5h", autoplay=True)
    data = json.loads(out)
    assert data["foundations"]["D"] == ["AD"] and data["columns"][4] == ["5D"]
    assert "5D cannot go up yet" in err       # AD had already gone up by itself


def test_an_illegal_move_is_reported_on_stderr_and_skipped():
    _, out, err = run("5a 58 zz 5b")
    assert err.splitlines() == [
        "bell: 8H cannot go onto 10C: it must be one rank lower.",
        "bell: 'zz' is not a move: write source "
        "(1-8 or a-d) then destination (1-8, a-d or h), like 58, 3a or bh.",
    ]
    assert json.loads(out)["freecells"] == ["6C", "8H", None, None]


# fc-solve -snx's solution of deal 4 up to its first run onto an empty column.
DEAL_4_TO_FIRST_V = (
    "4h 4h 3a 3b 3c 3h 4d c4 83 1c 81 c1 57 5c 51 c7 5c 5h a5 d5 8a 8d c8 a8 d1 3c 3a 3d "
    "3h 63 6h 5h 31 a3 c3 8a 8h 6c 6h 81 8h 5h c5 4c 48 a4 c8 4a 4h 5c 5h 46 25 42 56")


def test_v_and_a_hexadecimal_count_move_a_run_onto_an_empty_column():
    _, out, err = run(DEAL_4_TO_FIRST_V + " 24v2", deal=4)
    assert err == ""
    columns = json.loads(out)["columns"]
    assert columns[1] == ["QC", "AC", "10S", "5S", "10H"] and columns[3] == ["QD", "JS"]


def test_without_v_one_card_goes_onto_an_empty_column():
    _, out, err = run(DEAL_4_TO_FIRST_V + " 24", deal=4)
    assert err == ""
    columns = json.loads(out)["columns"]
    assert columns[1][-1] == "QD" and columns[3] == ["JS"]


def test_undo_redo_and_quit_words():
    _, out, _ = run("5a 5b u u y x 5c")
    assert json.loads(out)["freecells"] == ["6C", None, None, None]


def test_piped_without_json_prints_the_final_board_and_how_it_stands():
    status, out, err = run("5a", as_json=False)
    lines = out.splitlines()
    assert status == 0 and err == ""
    assert lines.pop(0) == "6C to free cell a."
    assert lines[0].startswith("FreeCell, deal 1") and lines[0].endswith("Moves 1")
    assert lines[2].split() == ["6C", "--", "--", "--", "--", "--", "--", "--"]
    assert lines[4].split() == [str(number) for number in range(1, 9)]
    assert lines[5].split() == "JD 2D 9H JC 5D 7H 7C 5H".split()
    assert lines[-1] == "3 free cells, 0 empty columns: a move may carry 4 cards onto a column."


def test_a_random_deal_when_none_is_given():
    _, out, _ = run("", deal=None)
    assert 1 <= json.loads(out)["deal"] <= 1_000_000


def test_interactively_the_screen_is_redrawn_in_place_after_every_line():
    playing = TerminalGame(INFO, TERMINAL, 1, {"autoplay": False})
    stdout = io.StringIO()
    run_interactive(playing, io.StringIO("5a 9z\n5b\n?\n\nx\n5c\n"), stdout)
    shown = stdout.getvalue()
    screens = shown.split("\x1b[H\x1b[2J")[1:]          # each starts by clearing the screen
    assert [screen.count("Moves ") for screen in screens] == [1, 1, 1, 0, 1]
    assert "'9z' is not a move" in screens[1] and "\a" in shown   # start, 5a 9z, 5b, ?, back
    assert "Type moves in standard notation" in screens[3]
    assert "x quit" in screens[3]
    assert shown.rstrip().endswith("Goodbye.")
    assert playing.game.to_json()["freecells"] == ["6C", "8H", None, None]
