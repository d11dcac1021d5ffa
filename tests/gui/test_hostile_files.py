"""Whatever our own files contain, the window opens: an unusable file is set
aside under a name that never overwrites an earlier one, the player is told
in a notice that stays, and nothing valid is lost."""

import json
import os
import pathlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.gui.app import build_window

KLONDIKE_SAVE = "games/klondike.json"


def good_save(deal=5, commands=(("deal",), ("deal",))):
    return {"format": 2, "elapsed": 3.0, "game": "klondike", "deal": deal, "options": {},
            "commands": [list(command) for command in commands], "keyboard": {"typing": ""}}


def open_window(home, qtbot, game="klondike"):
    window = build_window(game, None)
    qtbot.addWidget(window)
    return window


def write(home: pathlib.Path, name: str, data) -> pathlib.Path:
    path = home / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize("text", [
    '{"format": 2, "elapsed": NaN, "game": "klondike", "deal": 5, "commands": []}',
    '{"format": 2, "elapsed": Infinity, "game": "klondike", "deal": 5, "commands": []}',
    '{"format": 2, "elapsed": 1e400, "game": "klondike", "deal": 5, "commands": []}',
    '{"format": 1, "game": "klondike", "deal": 5, "entries": [["click", 7]]}',
    '{"format": 1, "game": "klondike", "deal": 5, "entries": [["move", 1, 0, 2]]}',
    '{"format": 2, "game": "klondike", "deal": 5, "commands": [["move", 1, 0, 2]]}',
    '{"format": 2, "game": "klondike", "deal": 5, "commands": ' + "[" * 1000 + "]" * 1000 + "}",
    "[" * 100_000 + "]" * 100_000,
])
def test_a_hostile_save_is_set_aside_and_the_window_opens(home, qtbot, text):
    path = write(home, KLONDIKE_SAVE, text)
    window = open_window(home, qtbot)
    assert window.controller.game.moves_made == 0
    assert "could not be used" in window.notice.text.text() and not window.notice.isHidden()
    assert (home / "games" / "klondike.json.bad").read_text() == text      # kept as it was
    window.show()
    qtbot.waitUntil(lambda: window.first_frame.done, timeout=10_000)   # saved after it
    assert json.loads(path.read_text())["commands"] == []       # a new game saved in its place


def test_a_named_pipe_in_place_of_the_save_does_not_hang_the_start(home, qtbot):
    (home / "games").mkdir()
    os.mkfifo(home / KLONDIKE_SAVE)
    window = open_window(home, qtbot)
    assert "not an ordinary file" in window.notice.text.text()


def test_a_link_to_a_device_is_not_followed(home, qtbot):
    (home / "games").mkdir()
    (home / KLONDIKE_SAVE).symlink_to("/dev/zero")
    window = open_window(home, qtbot)
    assert "link" in window.notice.text.text()


def test_a_huge_save_is_refused_without_reading_it(home, qtbot):
    path = write(home, KLONDIKE_SAVE, b"")
    with path.open("wb") as stream:
        stream.truncate(100 * 1024 * 1024)       # 100 MB, sparse
    window = open_window(home, qtbot)
    assert "more than any file" in window.notice.text.text()


def test_a_save_of_a_game_we_do_not_have_is_set_aside_with_a_word(home, qtbot):
    write(home, "current-game.json", {**good_save(), "game": "scorpion"})
    window = open_window(home, qtbot)
    assert "scorpion" in window.notice.text.text()
    assert (home / "current-game.json.bad").exists()


def test_a_new_bad_save_never_replaces_an_earlier_one(home, qtbot):
    for attempt in range(3):
        write(home, KLONDIKE_SAVE, f"not json {attempt}")
        open_window(home, qtbot).close()
    kept = sorted(path.name for path in (home / "games").iterdir() if path.suffix != ".lock")
    assert kept == ["klondike.json", "klondike.json.2.bad", "klondike.json.3.bad",
                    "klondike.json.bad"]
    assert (home / "games" / "klondike.json.bad").read_text() == "not json 0"


def test_unreadable_settings_are_set_aside_not_replaced(home, qtbot):
    write(home, "settings.json", "[" * 5000 + "]" * 5000)
    window = open_window(home, qtbot)
    assert "Settings were reset" in window.notice.text.text()
    assert (home / "settings.json.bad").read_text().startswith("[[[")


def test_leftover_temporary_files_are_cleaned_up(home, qtbot):
    stale = write(home, "games/klondike.json.abc123.tmp", "{")
    os.utime(stale, (1, 1))
    fresh = write(home, "settings.json.def456.tmp", "{")     # a write in progress: kept
    open_window(home, qtbot)
    assert not stale.exists() and fresh.exists()


def test_a_data_folder_that_is_a_file_does_not_stop_the_start(tmp_path, monkeypatch, qtbot):
    folder = tmp_path / "data"
    folder.write_text("I am a file")
    monkeypatch.setenv("CARDGUI_HOME", str(folder))
    window = build_window("freecell", 617)
    qtbot.addWidget(window)
    assert window.controller.game.deal_number == 617
    window.show()            # the statistics are opened, and their trouble told, once it shows
    qtbot.waitUntil(lambda: "Statistics cannot be kept" in window.notice.text.text())
    assert "cardgui cannot keep its files" in window.notice.text.text()


def test_a_good_save_beside_bad_files_is_not_lost(home, qtbot):
    write(home, KLONDIKE_SAVE, good_save(deal=11))
    write(home, "settings.json", "{broken")
    write(home, "statistics.sqlite3", b"garbage" * 100)
    window = open_window(home, qtbot)
    assert window.controller.game.deal_number == 11 and window.controller.game.moves_made == 2


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20)
hostile = st.one_of(
    st.binary(max_size=300),
    json_values.map(lambda value: json.dumps(value).encode()),
    st.fixed_dictionaries({"format": st.sampled_from([1, 2]), "game": st.just("klondike"),
                           "deal": st.integers(-3, 10), "elapsed": json_values,
                           "commands": json_values, "entries": json_values,
                           "keyboard": json_values, "options": json_values})
    .map(lambda value: json.dumps(value).encode()))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(save=hostile, settings_file=hostile, statistics_file=st.binary(max_size=300))
def test_any_bytes_in_any_file_still_open_the_window(tmp_path_factory, qtbot, monkeypatch,
                                                     save, settings_file, statistics_file):
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("CARDGUI_HOME", str(home))
    write(home, KLONDIKE_SAVE, save)
    write(home, "settings.json", settings_file)
    write(home, "statistics.sqlite3", statistics_file)
    write(home, "games/freecell.json", good_save(deal=617, commands=[("play_card", "JH")])
          | {"game": "freecell"})
    window = open_window(home, qtbot)
    assert window.controller.game.game_id == "klondike"
    window.switch_game("freecell")                 # the valid save beside them is intact
    assert window.controller.game.deal_number == 617
    assert window.controller.game.moves_made == 1
    window.close()


def test_a_games_folder_linked_elsewhere_is_not_followed(home, qtbot, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / "klondike.json").write_text(json.dumps(good_save(deal=77)))
    (home / "games").symlink_to(elsewhere, target_is_directory=True)
    window = open_window(home, qtbot)
    assert "link or a file" in window.notice.text.text()
    assert window.controller.game.moves_made == 0          # the linked save was not used
    assert (home / "games").is_dir() and not (home / "games").is_symlink()
    assert (elsewhere / "klondike.json").exists()        # untouched


# -- a huge field is quoted in excerpt; settings of any shape are named ------------------------

BIG = "Z" * 5_000_000


@pytest.mark.parametrize("where", ["format", "game", "typing", "command", "argument",
                                   "option", "deal"])
def test_a_huge_field_in_a_save_is_quoted_as_an_excerpt(home, qtbot, where):
    data = good_save()
    if where == "typing":
        data["keyboard"] = {"typing": BIG}
    elif where == "command":
        data["commands"] = [[BIG]]
    elif where == "argument":
        data["commands"] = [["move", BIG, 0, "T1"]]
    elif where == "option":
        data["options"] = {BIG: True}
    else:
        data[where] = BIG
    write(home, KLONDIKE_SAVE, data)
    window = open_window(home, qtbot)
    told = window.notice.text.text()
    if where == "typing":
        # Only the half-typed name is lost: the game itself comes back.
        assert "half-typed name was not kept" in told and len(told) < 700
        assert window.controller.game.moves_made > 0
    else:
        assert "could not be used" in told and len(told) < 700
        assert BIG in (home / "games" / "klondike.json.bad").read_text()    # kept whole
    window.resize(900, 700)
    window.notice.refit()


@pytest.mark.parametrize("text", ["null", "[]", '"klondike"', "42", "false"])
def test_settings_of_any_shape_are_set_aside_and_named(home, qtbot, text):
    write(home, "settings.json", text)
    window = open_window(home, qtbot)
    assert "settings.json.bad" in window.notice.text.text()
    assert (home / "settings.json.bad").read_text() == text


def test_a_notice_told_again_is_not_repeated(home, qtbot):
    window = open_window(home, qtbot)
    for _ in range(3):
        window.notice.tell("The game could not be saved: [Errno 28] No space left on device")
    assert window.notice.text.text().count("No space left") == 1
    for number in range(100):
        window.notice.tell(f"Trouble number {number}")
    lines = window.notice.text.text().split("\n")
    assert len(lines) <= 10 and lines[-1] == "Trouble number 99"
