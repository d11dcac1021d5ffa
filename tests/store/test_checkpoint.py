"""A long game's checkpoint restores exactly what replaying its log gives,
history and all, and one that does not belong or does not add up is not used."""

import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgui.engine.commands import Command
from cardgui.engine.games import find_game
from cardgui.session import GameSession
from cardgui.store import checkpoint
from cardgui.store.replay import GameLog
from cardgui.store.saves import SaveFile

KEYS = {
    "klondike": list("+P!@#$%^&MW.23456789AJQKHSDCUY") + ["10"],
    "freecell": list("!@#$%^&*MW23456789AJQKHSDCUY"),
    "calculation": list(" 1234F!@#$UY"),
    "pokersquares": list("abcde12345 UY") + ["Left", "Down"],
    "pyramid": list("+23456789AJQKHSDC UY") + ["10"],
    "tripeaks": list("+23456789AJQKHSDCUY") + ["10"],
}


def played(game_id, deal, keys):
    session = GameSession.start(find_game(game_id), deal)
    for key in keys:
        session.press(key)
    return session


def history(game):
    return game.history.snapshot()


@pytest.mark.parametrize("game_id", list(KEYS))
@settings(max_examples=12, deadline=None)
@given(deal=st.integers(1, 10_000), data=st.data())
def test_a_checkpoint_restores_the_position_and_the_whole_history(game_id, deal, data):
    keys = data.draw(st.lists(st.sampled_from(KEYS[game_id]), max_size=80))
    session = played(game_id, deal, keys)
    assume(len(session.log) > 0)
    taken = checkpoint.take(session.game, session.log)
    assert taken is not None
    fresh = find_game(game_id).game(deal, **session.log.options)
    data_back = json.loads(json.dumps(taken))
    assert checkpoint.restore(fresh, session.log, data_back) == len(session.log)
    assert fresh.state() == session.game.state()
    assert history(fresh) == history(session.game)
    while fresh.can_undo:                    # and it undoes exactly as the original would
        fresh.undo()
        session.game.undo()
        assert fresh.state() == session.game.state()


def long_game(tmp_path, gestures=560):
    """A game of many gestures, saved as play saves it (once, at the end: a
    save after every gesture would only make the test slow)."""
    session = GameSession.start(find_game("klondike"), 5)
    for number in range(gestures):
        session.perform(Command("deal"))
        if number % 7 == 0:
            session.perform(Command("undo"))
    save = SaveFile(tmp_path / "klondike.json")
    session.saves = save
    session.save()
    return session, save


def test_a_long_game_keeps_a_checkpoint_and_restores_from_it(tmp_path):
    session, save = long_game(tmp_path)
    assert save.checkpoint_path.exists()
    covered = json.loads(save.checkpoint_path.read_text())["commands"]
    assert len(session.log) - checkpoint.EVERY < covered <= len(session.log)
    restored = GameSession.restore(find_game("klondike"), save.load(), saves=save)
    assert restored._checkpointed == covered
    assert restored.game.state() == session.game.state()
    assert history(restored.game) == history(session.game)


def test_a_checkpoint_of_another_log_is_not_used(tmp_path):
    session, save = long_game(tmp_path)
    other = GameLog("klondike", 5, {}, [["deal"]] * len(session.log))
    with pytest.raises(ValueError, match="another game or another log"):
        checkpoint.restore(find_game("klondike").game(5), other,
                           json.loads(save.checkpoint_path.read_text()))


def test_a_checkpoint_that_loses_a_card_is_refused_and_the_log_replayed(tmp_path):
    session, save = long_game(tmp_path)
    data = json.loads(save.checkpoint_path.read_text())
    text = data["piles"][-1]
    data["piles"][-1] = text.rsplit(" ", 1)[0] if " " in text else text + " AS"
    with pytest.raises(ValueError, match="loses or makes a card"):
        checkpoint.restore(find_game("klondike").game(5), session.log, data)
    save.checkpoint_path.write_text(json.dumps(data))
    restored = GameSession.restore(find_game("klondike"), save.load(), saves=save)
    assert restored._checkpointed == 0                          # replayed instead
    assert restored.game.state() == session.game.state()


@pytest.mark.parametrize("damage", ["not json", "[1, 2]", '{"format": 1}',
                                    '{"format": 1, "game": "klondike", "deal": 5, '
                                    '"commands": 10, "digest": "x"}'])
def test_a_damaged_checkpoint_costs_only_time(tmp_path, damage):
    session, save = long_game(tmp_path, gestures=600)
    save.checkpoint_path.write_text(damage)
    restored = GameSession.restore(find_game("klondike"), save.load(), saves=save)
    assert restored.game.state() == session.game.state()
