"""The ``cardgui`` command line, generated from the registry of games.

    cardgui [--deck NAME]          the window, on the game played last
    cardgui GAME [--deal N] [--demo] [--deck NAME] [GAME'S OPTIONS]
                                   the window, on that game (and deal); Demo plays it
    cardgui text GAME [--deal N] [--json] [the game's options]
                                   the game in a terminal
    cardgui solve GAME --deal N [--budget S] [--json] | --deals A-B [the game's options]
                                   is a deal winnable, and how?
    cardgui demo GAME --deal N [--json] [--seconds-per-card S] | --deals A-B
                                   the advisor plays a deal alone
    cardgui deal freecell N        print Microsoft FreeCell deal N
    cardgui poker CARD ...         name the poker hand
    cardgui decks                  the card decks installed (KDE's, AisleRiot's), for --deck
    cardgui --version
    cardgui --install-desktop-entry | --uninstall-desktop-entry
                                   a menu item and icon for this user (Linux)

Every registered game gets its window command and its terminal command; its
options (``--autoplay``, ``--scoring``, Klondike's ``--draw``) come from its
registry entry, for ``text``, ``solve`` and ``demo`` alike.  Errors
in the command line print a message on stderr and exit with status 2.
``--deck NAME`` puts that deck on the table for this run and every run
after, as View > Deck does (``cardgui`` is our own).  The
window's modules (and Qt) are imported only when a window is asked for, so
everything else runs where Qt is not installed.
"""

from __future__ import annotations

import argparse
import gc
import re
import sys
from typing import Any, Callable, NoReturn, Sequence

from . import __version__, timeline  # noqa: F401  (imported first: it notes when the start began)
from .engine.games import GAMES, find_game
from .engine.options import OptionSpec
from .engine.registry import GameInfo, load

_DIGITS = re.compile(r"[0-9]+")


def deal_number(highest: int) -> Callable[[str], int]:
    """An argparse type for deal numbers from 1 to ``highest``: plain ASCII
    digits, nothing else (no sign, spaces, underscores or other scripts)."""
    def parse(text: str) -> int:
        if not _DIGITS.fullmatch(text):
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a deal number: give a whole number from 1 to {highest}, "
                "in the digits 0-9")
        number = int(text)
        if not 1 <= number <= highest:
            raise argparse.ArgumentTypeError(
                f"deal {number} does not exist: deals run from 1 to {highest}")
        return number
    return parse


def deal_range(highest: int) -> Callable[[str], range]:
    """An argparse type for a range of deals ``A-B``, at most ``MOST_DEALS`` of them."""
    def parse(text: str) -> range:
        from .text.batch import parse_range  # here: it imports multiprocessing

        try:
            deals = parse_range(text, highest)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        if len(deals) > MOST_DEALS:
            raise argparse.ArgumentTypeError(
                f"deals {text} are {len(deals):,} deals: one run plays at most "
                f"{MOST_DEALS:,}")
        return deals
    return parse


# The ranges of the numeric options: beyond them a command would run for days
# (or be a typing slip), so they are refused before anything runs.
BUDGET_SECONDS = (0.001, 300.0)       # a search, a deal: at most five minutes
SECONDS_PER_CARD = (0.001, 60.0)      # an advisor's thinking a card: 52 cards within the hour
MOST_DEALS = 1_000_000                # a range of deals: FreeCell Pro's million, no more
_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")


def seconds(lowest: float, highest: float) -> Callable[[str], float]:
    """An argparse type for a number of seconds from ``lowest`` to
    ``highest``, written in ASCII digits (``2``, ``0.5``, ``1e-2``): no sign,
    spaces, underscores, infinity or other scripts."""
    def parse(text: str) -> float:
        if not _DECIMAL.fullmatch(text):
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a number of seconds: give one from {lowest:g} to "
                f"{highest:g}, in the digits 0-9")
        value = float(text)
        if not lowest <= value <= highest:
            raise argparse.ArgumentTypeError(
                f"{text} seconds is out of range: give from {lowest:g} to {highest:g} seconds")
        return value
    return parse


def add_deal(parser: argparse.ArgumentParser, info: GameInfo, help_text: str) -> None:
    """``--deal N`` for ``info``'s deals."""
    parser.add_argument("--deal", type=deal_number(info.highest_deal), metavar="N",
                        help=help_text.format(highest=info.highest_deal))


def add_deal_or_range(parser: argparse.ArgumentParser, info: GameInfo, verb: str) -> None:
    """``--deal N`` or ``--deals A-B`` (one of them required), and ``--json``
    for one deal: what ``solve`` and ``demo`` take."""
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", type=deal_number(info.highest_deal), metavar="N",
                       help=f"{verb} deal N (1 to {info.highest_deal})")
    which.add_argument("--deals", type=deal_range(info.highest_deal), metavar="A-B",
                       help=f"{verb} deals A to B on every core")
    parser.add_argument("--json", action="store_true", help="print one JSON object (with --deal)")


def add_option_flags(parser: argparse.ArgumentParser, options: Sequence[OptionSpec],
                     remembered: bool = False) -> None:
    """A flag per game option: ``--name``/``--no-name`` for an on/off one,
    ``--name CHOICE`` for one with choices; each starts where the terminal
    program starts, or, ``remembered`` (the window's), is left out unless
    given, the window's remembered choice standing."""
    for spec in options:
        default = spec.default if spec.terminal_default is None else spec.terminal_default
        flag = "--" + spec.name.replace("_", "-")
        shown = "on" if default is True else "off" if default is False else default
        told = "the window's last choice" if remembered else f"{shown}"
        given_default = argparse.SUPPRESS if remembered else default
        if spec.is_switch:
            parser.add_argument(flag, dest=spec.name, action=argparse.BooleanOptionalAction,
                                default=given_default, help=f"{spec.label} (default: {told})")
        else:
            values = [value for _, value in spec.choices]
            kind = int if all(type(value) is int for value in values) else str.lower
            parser.add_argument(flag, dest=spec.name, choices=values, default=given_default,
                                type=kind, help=f"{spec.label} (default: {told})")


class _Declined(Exception):
    """The window's own parser did not take the command line as it is."""


class _WindowParser(argparse.ArgumentParser):
    """A parser that says nothing and exits nowhere: whatever it would print
    or refuse (help, the version, a mistake) it leaves to the whole parser."""

    def _print_message(self, message: str, file: Any = None) -> None:
        raise _Declined()

    def exit(self, status: int = 0, message: str | None = None) -> Any:
        raise _Declined()

    def error(self, message: str) -> Any:
        raise _Declined()


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line, parsed.  The window's command (no command, or a
    game's name first) is parsed by a parser of that command alone: all
    the commands' parsers take the window's start about 15 ms.  Whatever it
    does not take as it is (help, the version, a mistake) the whole parser
    parses again, so everything said and every exit status is the whole
    parser's.

    Raises:
        SystemExit: as :meth:`argparse.ArgumentParser.parse_args` does.
    """
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or words[0] in GAMES:
        try:
            return build_parser(window_only=words[0] if words else "",
                                parser_class=_WindowParser).parse_args(words)
        except _Declined:
            pass
    return build_parser().parse_args(words)


def build_parser(window_only: str | None = None,
                 parser_class: type[argparse.ArgumentParser] = argparse.ArgumentParser
                 ) -> argparse.ArgumentParser:
    """The parser of every command; with ``window_only``, of the window's
    command for that game alone ("": for no game named)."""
    parser = parser_class(
        prog="cardgui", description="A solitaire suite: " + ", ".join(
            info.title for info in GAMES.values()) + ".")
    parser.add_argument("--version", action="version", version=f"cardgui {__version__}")
    entry = parser.add_mutually_exclusive_group()
    entry.add_argument("--install-desktop-entry", action="store_true",
                       help="add cardgui and its icon to this user's application menu")
    entry.add_argument("--uninstall-desktop-entry", action="store_true",
                       help="remove what --install-desktop-entry added")
    add_deck(parser, argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    for info in GAMES.values():
        if window_only is not None and info.game_id != window_only:
            continue
        window = commands.add_parser(info.game_id, help=f"play {info.title} in the window")
        add_deal(window, info, "play deal N (1 to {highest})")
        window.add_argument("--demo", action="store_true",
                            help="open the window with Demo playing the game")
        add_deck(window, argparse.SUPPRESS)
        add_option_flags(window, info.options, remembered=True)
    if window_only is not None:
        return parser

    text = commands.add_parser("text", help="play in the terminal, as the book's programs do")
    text_games = text.add_subparsers(dest="game", metavar="GAME", required=True)
    for info in GAMES.values():
        game = text_games.add_parser(info.game_id, help=f"{info.title} in the terminal")
        add_deal(game, info, "play deal N (1 to {highest}); without it a random deal is "
                             "chosen and shown")
        game.add_argument("--json", action="store_true",
                          help="read keys to end of input, then print only the final "
                               "state as JSON")
        add_option_flags(game, info.options)

    solvable = [info for info in GAMES.values() if info.solver is not None]
    if solvable:
        solve = commands.add_parser("solve", help="is a deal winnable, and how? "
                                                  "(the solver knows every card)")
        solve_games = solve.add_subparsers(dest="game", metavar="GAME", required=True)
        for info in solvable:
            game = solve_games.add_parser(info.game_id, help=f"solve {info.title} deals")
            add_deal_or_range(game, info, "solve")
            game.add_argument("--budget", type=seconds(*BUDGET_SECONDS), default=10.0,
                              metavar="SECONDS",
                              help="give up (verdict unknown) after about this long a deal "
                                   "(default 10)")
            add_option_flags(game, info.options)

    advised = [info for info in GAMES.values() if info.advisor is not None]
    if advised:
        demo = commands.add_parser("demo", help="the advisor plays a deal alone "
                                                "(it sees only what a player sees)")
        demo_games = demo.add_subparsers(dest="game", metavar="GAME", required=True)
        for info in advised:
            game = demo_games.add_parser(info.game_id, help=f"play {info.title} deals")
            add_deal_or_range(game, info, "play")
            game.add_argument("--seconds-per-card", type=seconds(*SECONDS_PER_CARD), metavar="S",
                              help="the advisor's thinking a card: more is stronger "
                                   "and slower")
            add_option_flags(game, info.options)

    deal = commands.add_parser("deal", help="print a numbered deal")
    deal_games = deal.add_subparsers(dest="game", metavar="GAME", required=True)
    freecell_deal = deal_games.add_parser(
        "freecell", help="print Microsoft FreeCell deal N as the Rosetta Code task lays it out")
    freecell_deal.add_argument("number", nargs="*", metavar="N",
                               help="the deal number, 1 to 8589934591")

    poker = commands.add_parser("poker", help="name the poker hand five to seven cards make")
    poker.add_argument("cards", nargs="*", metavar="CARD",
                       help="a card as in the book: rank A 2-10 (or T) J Q K, then suit H S D C")

    commands.add_parser("decks", help="list the card decks installed (KDE's and AisleRiot's), "
                                      "one a line: name, format, path")
    return parser


def add_deck(parser: argparse.ArgumentParser, default: object) -> None:
    """``--deck NAME`` for a window command."""
    parser.add_argument("--deck", metavar="NAME", default=default,
                        help="play with this deck, now and from now on: cardgui (our own) or "
                             "a name that 'cardgui decks' lists")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = parse(argv)
    deal = getattr(args, "deal", None)
    if deal is not None and type(deal) is not int:
        # argparse takes "--deal=--" as the end of the options, with no value.
        fail("argument --deal: expected a deal number")
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        if args.command:
            fail("--install-desktop-entry and --uninstall-desktop-entry take no command")
        from . import desktop

        return desktop.main(args.install_desktop_entry, sys.stdout, sys.stderr)
    deck = getattr(args, "deck", None)
    if deck is not None:
        if args.command not in GAMES and args.command is not None:
            fail("--deck is for the window: give it before or after the game's name, "
                         "as in 'cardgui klondike --deck NAME'")
        deck = choose_deck(deck)
    if args.command == "decks":
        from .carddecks import command as decks_command

        return decks_command.main(sys.stdout, sys.stderr)
    if args.command == "text":
        try:
            return run_text(args)
        except KeyboardInterrupt:       # Ctrl+C: leave quietly, as a shell expects
            sys.stdout.write("\n")
            return 130
    if args.command in ("solve", "demo") and args.json and args.deals is not None:
        fail("--json prints one deal: give --deal, not --deals")
    if args.command == "solve":
        from .text import solve_command

        info = find_game(args.game)
        return solve_command.main(info, args.deal, args.deals, chosen_options(info, args),
                                  args.budget, args.json, sys.stdout, sys.stderr)
    if args.command == "demo":
        from .text import demo_command

        info = find_game(args.game)
        return demo_command.main(info, args.deal, args.deals, chosen_options(info, args),
                                 args.seconds_per_card, args.json, sys.stdout, sys.stderr)
    if args.command == "deal":
        from .text import freecell_deal

        return freecell_deal.main(args.number, sys.stdout, sys.stderr)
    if args.command == "poker":
        from .text import poker_cli

        return poker_cli.main(args.cards, sys.stdout, sys.stderr)
    # What the window makes before its first frame is kept, not garbage: the
    # cyclic collector's passes over it only delay the frame.  The window
    # turns the collector back on once the frame is drawn (gui/app.py).
    gc.disable()
    from .gui.app import run_window  # Qt only when a window is wanted

    options = ({spec.name: getattr(args, spec.name) for spec in find_game(args.command).options
                if hasattr(args, spec.name)} if args.command else {})
    return run_window(args.command, getattr(args, "deal", None), getattr(args, "demo", False),
                      deck, options)


def fail(message: str) -> NoReturn:
    """Say a mistake in the command line as the whole parser says one (its
    usage, then ``message``) and exit with status 2."""
    build_parser().error(message)


def choose_deck(name: str) -> str:
    """The deck ``--deck`` names, as it is called; a name no installed deck
    has is a command-line error (status 2)."""
    from .carddecks import command as decks_command

    found = decks_command.check_name(name)
    if found is None:
        fail(decks_command.unknown_deck(name))
    return found


def run_text(args: argparse.Namespace) -> int:
    """The game in the one terminal program, drawn and read as its registry
    entry's terminal spec says."""
    from .text import loop

    info = find_game(args.game)
    return loop.main(info, load(info.terminal), args.deal, args.json, chosen_options(info, args),
                     sys.stdin, sys.stdout, sys.stderr)


def chosen_options(info: GameInfo, args: argparse.Namespace) -> dict[str, Any]:
    """The game's options as the command line set them (``add_option_flags``)."""
    return {spec.name: getattr(args, spec.name) for spec in info.options}


def gui_main() -> int:
    """The GUI entry point (no console window on Windows)."""
    return main()


if __name__ == "__main__":
    sys.exit(main())
