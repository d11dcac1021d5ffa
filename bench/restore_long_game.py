"""How long a very long saved game takes to come back: 100,000 gestures of
Klondike (deals, with an undo now and then), saved as play saves it, then
read and restored, with and without the checkpoint beside the save.

    .venv/bin/python bench/restore_long_game.py [GESTURES]

Prints wall and CPU seconds for each way; the goal is under a second with
the checkpoint, undo history intact.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from cardgui.engine.commands import Command
from cardgui.engine.games import find_game
from cardgui.session import GameSession
from cardgui.store.saves import SaveFile


def build(gestures: int, folder: Path) -> tuple[GameSession, SaveFile]:
    session = GameSession.start(find_game("klondike"), 5)
    for number in range(gestures):
        session.game.perform(Command("deal"))
        session.log.record(Command("deal"))
        if number % 97 == 0:
            session.game.perform(Command("undo"))
            session.log.record(Command("undo"))
    save = SaveFile(folder / "klondike.json")
    session.saves = save
    session.save()
    return session, save


def restore(save: SaveFile) -> tuple[float, float, GameSession]:
    wall, cpu = time.perf_counter(), time.process_time()
    restored = GameSession.restore(find_game("klondike"), save.load(), saves=save)
    return time.perf_counter() - wall, time.process_time() - cpu, restored


def main() -> None:
    gestures = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    with tempfile.TemporaryDirectory() as folder:
        session, save = build(gestures, Path(folder))
        sizes = (save.path.stat().st_size, save.checkpoint_path.stat().st_size)
        print(f"{len(session.log):,} commands; save {sizes[0]:,} bytes, "
              f"checkpoint {sizes[1]:,} bytes")
        wall, cpu, restored = restore(save)
        assert restored.game.state() == session.game.state()
        assert restored.game.history.snapshot() == session.game.history.snapshot()
        print(f"with the checkpoint:    {wall:6.3f} s wall, {cpu:6.3f} s CPU "
              f"(covers {restored._checkpointed:,} commands)")
        save.checkpoint_path.unlink()
        wall, cpu, restored = restore(save)
        assert restored.game.state() == session.game.state()
        print(f"replaying every command: {wall:6.3f} s wall, {cpu:6.3f} s CPU")


if __name__ == "__main__":
    main()
