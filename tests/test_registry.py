"""Every registry entry holds together: each ``"module:name"`` reference
loads to what it should be, and every key binding of every game names an
action its interpreter has, whose commands the game performs."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardgui.engine.games import GAMES
from cardgui.engine.registry import later, load
from cardgui.engine.table_plan import TableSpec
from cardgui.engine.terminal_plan import TerminalSpec

ENTRIES = sorted(GAMES)


@pytest.mark.parametrize("game_id", ENTRIES)
def test_every_reference_of_the_entry_loads(game_id):
    info = GAMES[game_id]
    assert isinstance(load(info.table), TableSpec)
    assert isinstance(load(info.terminal), TerminalSpec)
    references = []
    if info.solver is not None:
        references += [info.solver.solve, info.solver.words] + (
            [info.solver.keys] if info.solver.keys else [])
    if info.advisor is not None:
        references += [info.advisor.advise, info.advisor.words, info.advisor.outcome]
    for reference in references:
        assert callable(load(reference)), reference


@pytest.mark.parametrize("game_id", ENTRIES)
def test_every_key_binding_names_an_action_of_its_interpreter(game_id):
    info = GAMES[game_id]
    keys = info.keys(info.new_game(1))
    for binding in keys.table.bindings:
        assert callable(getattr(keys, "_" + binding.action, None)), binding


@pytest.mark.parametrize("game_id", ENTRIES)
def test_every_command_a_key_makes_is_one_the_game_performs(game_id):
    info = GAMES[game_id]
    handlers = info.new_game(1).command_handlers()
    made = set()
    for binding in info.keys(info.new_game(1)).table.bindings:
        for key in binding.keys:
            for typed in (key, "8" + key, "'8" + key):
                keys = info.keys(info.new_game(1))
                for stroke in typed:
                    response = keys.press(stroke)
                    if response.command is not None:
                        made.add(response.command.name)
    assert made and made <= set(handlers)


def test_listing_the_games_imports_no_game_s_rules():
    """The registry lists every game (title, options) without importing any
    game's rules or keys: they come when the game is dealt."""
    probe = ("import sys\n"
             "from cardgui.engine.games import GAMES\n"
             "titles = [info.title for info in GAMES.values()]\n"
             "rules = [name for name in sys.modules if name.startswith('cardgui.engine.games.')"
             " and name.count('.') > 3]\n"
             "print(len(titles), rules)\n"
             "GAMES['pyramid'].new_game(3)\n"
             "print('pyramid.game' in ' '.join(sys.modules))\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == [f"{len(GAMES)} []", "True"]


def test_a_deferred_rule_is_the_one_named():
    pyramid = GAMES["pyramid"]
    from cardgui.engine.games.pyramid import game

    assert pyramid.option("passes").default == game.DEFAULT_PASSES
    assert game.UNLIMITED in [value for _, value in pyramid.option("passes").choices]
    assert type(pyramid.new_game(1)) is game.Pyramid
    assert type(GAMES["klondike"].keys(GAMES["klondike"].new_game(1))).__name__ == "KlondikeKeys"
    assert later("cardgui.engine.games.pyramid.game:Pyramid") == pyramid.game
    with pytest.raises(ImportError):
        later("cardgui.engine.games.pyramid.game:NoSuchGame")(1)
    from cardgui.engine.games.spider import game as spider_game

    assert GAMES["spider"].option("suits").default == str(spider_game.DEFAULT_SUITS)
