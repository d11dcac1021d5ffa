"""Finding the card decks installed on this system, as KPatience and
AisleRiot find them.

Where they are looked for: the user's own data folder (``$XDG_DATA_HOME``,
by default ``~/.local/share``), then each of ``$XDG_DATA_DIRS`` (by default
``/usr/local/share`` and ``/usr/share``), as the XDG base directory
specification orders them; a relative path in either is ignored, as the
specification says.  In each data folder:

- **KDE card decks** (libkdegames' ``KCardTheme``, what KPatience offers):
  ``carddecks/<folder>/index.desktop``, a desktop-entry file whose ``[KDE
  Backdeck]`` group names the deck (``Name=``) and its picture (``SVG=``, an
  SVG or SVGZ file in the same folder).  ``[KDE Cards]``, the group of the
  older decks, is read where ``[KDE Backdeck]`` is missing.  A deck whose
  ``Features=`` leave out ``AngloAmerican`` (the French-suited 52 cards) is
  not for these games and is passed over, as KPatience passes it over.  As
  there, a folder name found in an earlier data folder hides the same name
  in a later one.
- **AisleRiot's SVG themes**: ``aisleriot/cards/<name>.svg`` or ``.svgz``,
  named after the file (``bonded.svgz`` is "Bonded"); an earlier data folder
  hides the same file name in a later one.

Only names are read here (a KDE deck's index file, within
:data:`~cardgui.carddecks.reading.MAX_INDEX_BYTES`); the pictures are read,
and refused if they are not fit to use, when a deck is chosen.  No Qt.
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from .reading import MAX_INDEX_BYTES, DeckRefused, read_limited

OWN_DECK = "cardgui"
"""The name of cardgui's own deck, which is always there."""

KDE_FOLDER = "carddecks"
AISLERIOT_FOLDER = Path("aisleriot") / "cards"
KDE_GROUPS = ("KDE Backdeck", "KDE Cards")      # the first one present is read
DEFAULT_DATA_DIRS = ("/usr/local/share", "/usr/share")
MAX_DECKS_PER_FOLDER = 500      # a folder of more is read no further


class DeckFormat(enum.Enum):
    """Whose format a deck is in (the value is how it is shown)."""

    KDE = "KDE"
    AISLERIOT = "AisleRiot"


@dataclass(frozen=True, slots=True)
class InstalledDeck:
    """A deck found on the system: its name as cardgui shows it (and
    ``--deck`` takes it), its format, and its picture file."""

    name: str
    format: DeckFormat
    path: Path


@dataclass
class Search:
    """What a search for decks found, where it looked, and what it passed
    over (with why)."""

    decks: list[InstalledDeck] = field(default_factory=list)
    looked_in: list[Path] = field(default_factory=list)
    passed_over: list[str] = field(default_factory=list)

    def named(self, name: str) -> InstalledDeck | None:
        """The deck called ``name`` (in any case), if one was found."""
        wanted = name.casefold()
        return next((deck for deck in self.decks if deck.name.casefold() == wanted), None)


def data_dirs(environ: Mapping[str, str] | None = None) -> list[Path]:
    """The data folders, most important first: the user's own, then
    ``$XDG_DATA_DIRS``'s (relative paths left out, each folder once)."""
    environ = os.environ if environ is None else environ
    home = environ.get("XDG_DATA_HOME", "")
    own = Path(home) if home and os.path.isabs(home) else \
        Path(environ.get("HOME") or Path.home()) / ".local" / "share"
    shared = [Path(part) for part in
              (environ.get("XDG_DATA_DIRS") or ":".join(DEFAULT_DATA_DIRS)).split(":")
              if part and os.path.isabs(part)]
    found: list[Path] = []
    for folder in [own, *shared]:
        if folder not in found:
            found.append(folder)
    return found


def deck_folders(dirs: Sequence[Path]) -> list[Path]:
    """The folders searched for decks in the data folders ``dirs``, in order."""
    return [folder for base in dirs for folder in (base / KDE_FOLDER, base / AISLERIOT_FOLDER)]


def find_decks(dirs: Sequence[Path] | None = None) -> Search:
    """Every KDE deck and AisleRiot theme in the data folders ``dirs``
    (by default :func:`data_dirs`), named uniquely, in order of name."""
    dirs = data_dirs() if dirs is None else list(dirs)
    search = Search(looked_in=deck_folders(dirs))
    kde: dict[str, InstalledDeck] = {}
    aisleriot: dict[str, InstalledDeck] = {}
    for base in dirs:
        for folder in _entries(base / KDE_FOLDER, search):
            if folder.name not in kde:
                deck = _kde_deck(folder, search)
                if deck is not None:
                    kde[folder.name] = deck
        for file in _entries(base / AISLERIOT_FOLDER, search):
            stem, suffix = os.path.splitext(file.name)
            if suffix.lower() in (".svg", ".svgz") and stem and stem not in aisleriot:
                aisleriot[stem] = InstalledDeck(_display_name(stem), DeckFormat.AISLERIOT, file)
    search.decks = sorted(_unique_names([*kde.values(), *aisleriot.values()]),
                          key=lambda deck: deck.name.casefold())
    return search


def _entries(folder: Path, search: Search) -> list[Path]:
    """The entries of ``folder``, sorted by name (none if it is missing)."""
    try:
        with os.scandir(folder) as scan:
            names = []
            for entry in scan:
                names.append(entry.name)
                if len(names) > MAX_DECKS_PER_FOLDER:
                    search.passed_over.append(f"{folder}: more than {MAX_DECKS_PER_FOLDER} "
                                              "entries; the rest were not read")
                    break
    except FileNotFoundError:
        return []
    except OSError as error:
        if not isinstance(error, NotADirectoryError):
            search.passed_over.append(f"{folder}: cannot be read ({error.strerror or error})")
        return []
    return [folder / name for name in sorted(names)]


def _kde_deck(folder: Path, search: Search) -> InstalledDeck | None:
    """The KDE deck in ``folder``, or None (with the reason noted in
    ``search`` where the folder looks like a deck but is not a usable one)."""
    index = folder / "index.desktop"
    if not os.path.lexists(index):
        return None              # not a deck (KDE's old "decks" folder of backs, say)
    try:
        text = read_limited(index, MAX_INDEX_BYTES).decode("utf-8")
    except DeckRefused as refusal:
        search.passed_over.append(f"{folder}: {refusal}")
        return None
    except UnicodeDecodeError:
        search.passed_over.append(f"{folder}: {index.name} is not UTF-8 text")
        return None
    groups = read_desktop_entry(text)
    group = next((groups[name] for name in KDE_GROUPS if name in groups), None)
    if group is None:
        search.passed_over.append(f"{folder}: {index.name} has no [KDE Backdeck] group")
        return None
    name, picture = group.get("Name", "").strip(), group.get("SVG", "").strip()
    features = [word.strip() for word in group.get("Features", "AngloAmerican").split(";")]
    if "AngloAmerican" not in features:
        return None              # a deck of other cards (tarot, say), as KPatience skips it
    if not name or not picture:
        search.passed_over.append(f"{folder}: {index.name} names no "
                                  + ("deck (Name=)" if not name else "picture (SVG=)"))
        return None
    if "/" in picture or "\\" in picture or picture in (".", ".."):
        search.passed_over.append(f"{folder}: its picture {picture!r} is not a file name in "
                                  "the deck's own folder")
        return None
    return InstalledDeck(name, DeckFormat.KDE, folder / picture)


def read_desktop_entry(text: str) -> dict[str, dict[str, str]]:
    """The groups of a desktop-entry (``index.desktop``) file: group name ->
    key -> value, unlocalised keys only (``Name``, not ``Name[de]``), the
    first of a repeated key kept, the specification's escapes undone."""
    groups: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = groups.setdefault(line[1:-1], {})
            continue
        key, equals, value = line.partition("=")
        key = key.strip()
        if current is None or not equals or "[" in key:
            continue
        current.setdefault(key, _unescape(value.strip()))
    return groups


def _unescape(value: str) -> str:
    escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    out, index = [], 0
    while index < len(value):
        char = value[index]
        if char == "\\" and index + 1 < len(value) and value[index + 1] in escapes:
            out.append(escapes[value[index + 1]])
            index += 2
            continue
        out.append(char)
        index += 1
    return "".join(out)


def _display_name(stem: str) -> str:
    """An AisleRiot theme's name from its file's: ``gnomangelo_bitmap`` ->
    ``Gnomangelo bitmap``."""
    words = stem.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:] if words else stem


def _unique_names(decks: list[InstalledDeck]) -> list[InstalledDeck]:
    """The decks, renamed where two would share a name (in any case), or a
    deck would take cardgui's own name: first with its format
    (``Dondorf (AisleRiot)``), then with its file's name as well."""
    def clashes(named: list[InstalledDeck]) -> set[str]:
        seen: dict[str, int] = {OWN_DECK.casefold(): 1}
        for deck in named:
            seen[deck.name.casefold()] = seen.get(deck.name.casefold(), 0) + 1
        return {name for name, count in seen.items() if count > 1}

    shared = clashes(decks)
    decks = [InstalledDeck(f"{deck.name} ({deck.format.value})", deck.format, deck.path)
             if deck.name.casefold() in shared else deck for deck in decks]
    shared = clashes(decks)
    return [InstalledDeck(f"{deck.name} [{deck.path.parent.name}/{deck.path.name}]",
                          deck.format, deck.path)
            if deck.name.casefold() in shared else deck for deck in decks]
