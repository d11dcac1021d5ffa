"""Helpers for the Klondike solver's tests: the engine's own moves, listed
plainly, and an exhaustive search over them that shares nothing with the
solver but the engine."""

from __future__ import annotations

from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.position import HAND, PILE
from cardgui.engine.moves import DEAL, Move, Step
from cardgui.engine.piles import Role


def copy_of(game: Klondike) -> Klondike:
    return Klondike.from_json(game.to_json(), complete=False)


def legal_steps(game: Klondike) -> list[Step]:
    """Every step the engine allows: a deal, and every movable card to every
    place it fits (the pile's top card, every face-up card of every stack)."""
    steps: list[Step] = []
    if game.pile(PILE).cards or game.pile(HAND).cards:
        steps.append(DEAL)
    sources = [PILE] + game.pile_ids(Role.TABLEAU)
    for source in sources:
        pile = game.pile(source)
        first = len(pile) - 1 if source == PILE else pile.hidden
        for index in range(max(first, 0), len(pile)):
            for target in game.all_destinations(source, index):
                steps.append(Move(source, target, len(pile) - index))
    return steps


def pile_key(game: Klondike) -> tuple[object, ...]:
    return tuple(sorted((str(pile_id), pile.cards, pile.hidden)
                        for pile_id, pile in game.piles.items()))


def engine_can_win(game: Klondike) -> bool:
    """True when some sequence of the engine's legal steps wins: every
    reachable position is tried, with no pruning at all (depth first, with
    the engine's own undo to step back)."""
    game = copy_of(game)
    if game.is_won:
        return True
    seen = {pile_key(game)}
    untried = [iter(legal_steps(game))]
    while untried:
        step = next(untried[-1], None)
        if step is None:
            untried.pop()
            if untried:
                game.undo()
            continue
        game.apply(step)
        if game.is_won:
            return True
        key = pile_key(game)
        if key in seen:
            game.undo()
            continue
        seen.add(key)
        untried.append(iter(legal_steps(game)))
    return False
