"""Writing JSON files so that a crash or power cut never leaves half a file."""

from __future__ import annotations

import json
import os
import pathlib
import tempfile
from typing import Any


def write_json_atomically(path: pathlib.Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path``: a temporary file beside it, flushed to
    disk, then renamed over the old one, so readers see the old or the new
    file, never a torn one.

    Raises:
        OSError: if the folder cannot be written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(data, stream, separators=(",", ":"))
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        pathlib.Path(temporary).unlink(missing_ok=True)
        raise


def read_json(path: pathlib.Path) -> Any:
    """The JSON in ``path``.

    Raises:
        FileNotFoundError: if there is no such file.
        ValueError: if it is not valid JSON (the message says where).
    """
    text = path.read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{path.name} is not valid JSON ({error})") from None
