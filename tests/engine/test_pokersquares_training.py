"""tools/pokersquares_training.py writes a table only where it is told to."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "pokersquares_training.py"


def load_tool():
    spec = importlib.util.spec_from_file_location("pokersquares_training", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_existing_table_is_not_written_over_without_replace(tmp_path, capsys):
    tool = load_tool()
    table = tmp_path / "table.py"
    table.write_text("kept\n")
    with pytest.raises(SystemExit) as stopped:
        tool.main(["--games", "1", "--scoring", "american", "--out", str(table)])
    assert stopped.value.code == 2
    assert "--replace" in capsys.readouterr().err
    assert table.read_text() == "kept\n"


def test_the_shipped_table_is_refused_by_default(capsys):
    tool = load_tool()
    before = tool.TABLE_FILE.read_bytes()
    with pytest.raises(SystemExit) as stopped:
        tool.main(["--games", "1"])
    assert stopped.value.code == 2
    assert tool.TABLE_FILE.read_bytes() == before


def test_replace_writes_a_table_the_advisor_can_read(tmp_path):
    tool = load_tool()
    table = tmp_path / "table.py"
    table.write_text("old\n")
    assert tool.main(["--games", "2", "--scoring", "american", "--out", str(table),
                      "--replace"]) == 0
    namespace: dict[str, object] = {}
    exec(table.read_text(), namespace)
    rows = namespace["AMERICAN_ROWS"]
    assert isinstance(rows, dict) and rows
    assert all(len(row) == tool.ROW for row in rows.values())
