"""The ``cardgui`` command line.

    cardgui                        the window, on the game played last
    cardgui klondike [--deal N]    the window, on that game (and deal)
    cardgui text klondike [--deal N] [--json]
                                   the book's terminal program
    cardgui text freecell [--deal N] [--json] [--autoplay]
    cardgui text calculation [--deal N] [--json]
    cardgui text pokersquares [--deal N] [--json] [--scoring american|english]
    cardgui deal freecell N        print Microsoft FreeCell deal N
    cardgui poker CARD ...         name the poker hand
    cardgui --version
    cardgui --install-desktop-entry | --uninstall-desktop-entry
                                   a menu item and icon for this user (Linux)

Errors in the command line print a message on stderr and exit with status 2.
The window's modules (and Qt) are imported only when a window is asked for,
so everything else runs where Qt is not installed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence

from . import __version__
from .engine.games import GAMES, find_game
from .engine.poker import SCORING_TABLES


def deal_number(highest: int) -> Callable[[str], int]:
    """An argparse type for deal numbers from 1 to ``highest``."""
    def parse(text: str) -> int:
        try:
            number = int(text.strip(), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a deal number: give a whole number from 1 to {highest}") from None
        if not 1 <= number <= highest:
            raise argparse.ArgumentTypeError(
                f"deal {number} does not exist: deals run from 1 to {highest}")
        return number
    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardgui", description="A solitaire suite: " + ", ".join(
            info.title for info in GAMES.values()) + ".")
    parser.add_argument("--version", action="version", version=f"cardgui {__version__}")
    entry = parser.add_mutually_exclusive_group()
    entry.add_argument("--install-desktop-entry", action="store_true",
                       help="add cardgui and its icon to this user's application menu")
    entry.add_argument("--uninstall-desktop-entry", action="store_true",
                       help="remove what --install-desktop-entry added")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    for info in GAMES.values():
        window = commands.add_parser(info.game_id, help=f"play {info.title} in the window")
        window.add_argument("--deal", type=deal_number(info.highest_deal), metavar="N",
                            help=f"play deal N (1 to {info.highest_deal})")

    text = commands.add_parser("text", help="play in the terminal, as the book's programs do")
    text_games = text.add_subparsers(dest="game", metavar="GAME", required=True)
    for info in GAMES.values():
        game = text_games.add_parser(info.game_id, help=f"{info.title} in the terminal")
        game.add_argument("--deal", type=deal_number(info.highest_deal), metavar="N",
                          help=f"play deal N (1 to {info.highest_deal}); "
                               "without it a random deal is chosen and shown")
        game.add_argument("--json", action="store_true",
                          help="read keys to end of input, then print only the final "
                               "state as JSON")
        if info.game_id == "freecell":
            game.add_argument("--autoplay", action="store_true",
                              help="play safe cards up to the foundations after each move")
        if info.game_id == "pokersquares":
            game.add_argument("--scoring", choices=list(SCORING_TABLES), default="american",
                              type=str.lower, help="points for each hand (default: american)")

    deal = commands.add_parser("deal", help="print a numbered deal")
    deal_games = deal.add_subparsers(dest="game", metavar="GAME", required=True)
    freecell_deal = deal_games.add_parser(
        "freecell", help="print Microsoft FreeCell deal N as the Rosetta Code task lays it out")
    freecell_deal.add_argument("number", nargs="*", metavar="N",
                               help="the deal number, 1 to 8589934591")

    poker = commands.add_parser("poker", help="name the poker hand five to seven cards make")
    poker.add_argument("cards", nargs="*", metavar="CARD",
                       help="a card as in the book: rank A 2-10 (or T) J Q K, then suit H S D C")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        if args.command:
            parser.error("--install-desktop-entry and --uninstall-desktop-entry take no command")
        from . import desktop

        return desktop.main(args.install_desktop_entry, sys.stdout, sys.stderr)
    if args.command == "text":
        return run_text(args)
    if args.command == "deal":
        from .text import freecell_deal

        return freecell_deal.main(args.number, sys.stdout, sys.stderr)
    if args.command == "poker":
        from .text import poker_cli

        return poker_cli.main(args.cards, sys.stdout, sys.stderr)
    game_id = args.command
    deal = getattr(args, "deal", None)
    from .gui.app import run_window  # Qt only when a window is wanted

    return run_window(game_id, deal)


def run_text(args: argparse.Namespace) -> int:
    info = find_game(args.game)
    if info.game_id == "klondike":
        from .text import klondike_app

        return klondike_app.main(args.deal, args.json, sys.stdin, sys.stdout, sys.stderr)
    if info.game_id == "freecell":
        from .text import freecell_app

        return freecell_app.main(args.deal, args.json, args.autoplay, sys.stdin, sys.stdout)
    if info.game_id == "calculation":
        from .text import calculation_app

        return calculation_app.main(args.deal, args.json, sys.stdin, sys.stdout)
    if info.game_id == "pokersquares":
        from .text import pokersquares_app

        return pokersquares_app.main(args.deal, args.json, args.scoring, sys.stdin, sys.stdout)
    raise AssertionError(f"no terminal front end for {info.game_id}")


def gui_main() -> int:
    """The GUI entry point (no console window on Windows)."""
    return main()


if __name__ == "__main__":
    sys.exit(main())
