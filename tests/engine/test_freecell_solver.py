"""The FreeCell solver's verdicts, each checked by something else: every
solution is replayed through the engine's checked moves and through the
standard-notation reader; the impossible deals are the three known among
Microsoft's first million."""

from __future__ import annotations

import json

import pytest

from cardgui.engine.games.freecell.as_played import solve_as_played
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.notation import standard_command, standard_notation
from cardgui.engine.games.freecell.position import COLUMNS
from cardgui.engine.games.freecell.solver import solve
from cardgui.engine.moves import Move
from cardgui.engine.search.budget import Budget, SearchCancelled
from cardgui.engine.search.check import wins
from cardgui.engine.search.result import SearchResult, Verdict
from tests.played import performed, text_program

from .freecell_layouts import full_top, layout, run

ROOMY = Budget(600)
# Deal 617 takes this solver about a second (most deals take tens of
# milliseconds): it is solved once, among the ordinary deals; the other tests
# use deals of the same kind that are quick to solve.


def replayed(game: FreeCell, result: SearchResult) -> FreeCell:
    """A copy of ``game`` with the result's steps applied, each checked, with
    autoplay off (so every card that goes up must be a step of its own)."""
    copy = FreeCell.from_json(game.to_json(), complete=False, autoplay=False)
    for step in result.steps:
        assert isinstance(step, Move)
        copy.apply(step)
    return copy


def mid_game(deal: int, moves: int) -> FreeCell:
    """Deal ``deal`` after the first ``moves`` steps of its own solution,
    written out as JSON and read back: cards in cells and on foundations."""
    game = FreeCell(deal, autoplay=False)
    for step in solve(game, ROOMY).steps[:moves]:
        game.apply(step)
    return FreeCell.from_json(game.to_json())


@pytest.mark.parametrize("deal", [1, 2, 164, 617, 1941, 25904, 1_000_000])
def test_ordinary_deals_are_won_by_the_steps_given(deal):
    game = FreeCell(deal)
    result = solve(game, ROOMY)
    assert result.verdict is Verdict.WINNABLE
    assert replayed(game, result).is_won
    assert result.positions > 0


@pytest.mark.parametrize("deal", [11982, 146692, 186216])
def test_the_known_impossible_deals_are_impossible(deal):
    result = solve(FreeCell(deal), ROOMY)
    assert result.verdict is Verdict.IMPOSSIBLE and result.steps == ()
    assert result.positions > 1000


@pytest.mark.parametrize("deal, moves", [(1, 20), (6, 45), (5, 70)])
def test_positions_in_mid_game_are_solved_from_where_they_stand(deal, moves):
    game = mid_game(deal, moves)
    assert any(game.pile(cell).cards for cell in game.piles if cell.role.value == "C") \
        or any(game.pile(pile).cards for pile in game.piles if pile.role.value == "F")
    result = solve(game, ROOMY)
    assert result.verdict is Verdict.WINNABLE
    assert replayed(game, result).is_won


def test_foundations_are_followed_whichever_pile_holds_which_suit():
    # Clubs on F1 and hearts on F4, spades and diamonds not started: each
    # step must name the pile that holds its card's suit, or the first empty.
    game = FreeCell.from_json({
        "deal": 1,
        "columns": [["KH", "QC", "JH", "10C"], ["KC", "QH", "JC", "10H"],
                    ["KS", "QS", "JS", "10S", "9S", "8S", "7S"], ["6S", "5S", "4S", "3S", "2S", "AS"],
                    ["KD", "QD", "JD", "10D", "9D", "8D", "7D"], ["6D", "5D", "4D", "3D", "2D", "AD"],
                    [], []],
        "freecells": [None] * 4,
        "foundations": {"C": full_top("C", 9).split(), "S": [], "D": [],
                        "H": full_top("H", 9).split()},
    }, autoplay=False)
    result = solve(game, ROOMY)
    assert result.verdict is Verdict.WINNABLE
    assert str(result.steps[0]) == "T4>F2"       # AS to the first empty foundation
    assert replayed(game, result).is_won


def test_a_won_game_needs_no_steps_and_a_nearly_won_one_only_its_last_cards():
    won = layout([], tops={suit: full_top(suit, 13) for suit in "HSDC"})
    result = solve(won, ROOMY)
    assert (result.verdict, result.steps) == (Verdict.WINNABLE, ())
    nearly = layout(["KS", "KH"], tops={"H": full_top("H", 12), "S": full_top("S", 12),
                                        "D": full_top("D", 13), "C": full_top("C", 13)})
    result = solve(nearly, ROOMY)
    assert sorted(str(step) for step in result.steps) == ["T1>F2", "T2>F1"]
    assert replayed(nearly, result).is_won


def test_a_position_missing_cards_can_never_be_won():
    game = layout([run("SH", 9, 4), "KD"], cells="5C - - -")
    result = solve(game, ROOMY)
    assert result.verdict is Verdict.IMPOSSIBLE


def test_a_tiny_budget_gives_unknown():
    result = solve(FreeCell(617), Budget(1e-9))
    assert result.verdict is Verdict.UNKNOWN and result.steps == ()
    assert result.positions == 1


def test_the_same_position_and_budget_give_the_same_answer():
    for deal, budget, verdict in ((164, ROOMY, Verdict.WINNABLE),
                                  (11982, Budget(0.01), Verdict.UNKNOWN)):
        first, second = solve(FreeCell(deal), budget), solve(FreeCell(deal), budget)
        assert first.verdict is verdict
        assert (first.verdict, first.steps, first.positions) == \
            (second.verdict, second.steps, second.positions)


def test_solving_leaves_the_game_as_it_was():
    game = FreeCell(6)
    before = game.state(), len(game.history)
    solve(game, ROOMY)
    assert (game.state(), len(game.history)) == before


def test_a_cancelled_search_stops():
    with pytest.raises(SearchCancelled):
        solve(FreeCell(11982), Budget(600, cancelled=lambda: True))


def test_cancellation_is_asked_while_searching():
    asked = []

    def cancelled() -> bool:
        asked.append(True)
        return len(asked) > 3

    with pytest.raises(SearchCancelled):
        solve(FreeCell(11982), Budget(600, cancelled=cancelled))


class TestStandardNotation:
    @pytest.mark.parametrize("deal", [1, 4, 100, 7])
    def test_the_words_win_through_the_notation_reader(self, deal):
        game = FreeCell(deal, autoplay=False)
        words = standard_notation(game, solve(game, ROOMY).steps)
        assert game.moves_made == 0
        for word in words:
            performed(game, standard_command(game, word))
        assert game.is_won

    @pytest.mark.parametrize("deal", [4, 100])
    def test_the_words_win_in_the_terminal_front_end_without_autoplay(self, deal):
        words = standard_notation(FreeCell(deal), solve(FreeCell(deal), ROOMY).steps)
        _, stdout, stderr = text_program("freecell", " ".join(words), deal=deal)
        assert stderr == ""
        assert json.loads(stdout)["won"] is True

    def test_each_kind_of_move_is_written_as_the_reader_reads_it(self):
        game = layout(["KS QH", "5D", "", "9C 8H 7S", "10D", "AH"], cells="6H - - -")
        steps = [Move.parse(text) for text in
                 ("T6>F1", "T4>T3x2", "T2>C2", "C1>T3", "T5>T7", "T3>T4x3", "T4>T8x2")]
        words = standard_notation(game, steps)
        assert words == ["6h", "43v2", "2b", "a3", "57", "34", "48v2"]
        for word in words:
            performed(game, standard_command(game, word))
        assert [card.name for card in game.pile(COLUMNS[7]).cards] == ["7S", "6H"]

    def test_a_refused_step_is_refused(self):
        with pytest.raises(ValueError, match="cannot go onto"):
            standard_notation(layout(["KS", "5D"]), [Move.parse("T2>T1")])


class TestAsPlayed:
    """The window's game has autoplay on: the line is rewritten to play on it."""

    @pytest.mark.parametrize("deal", [1, 4, 100, 6, 1941])
    def test_the_line_wins_the_game_with_autoplay_on(self, deal):
        game = FreeCell(deal, autoplay=True)
        plain = solve(game, ROOMY)
        result = solve_as_played(game, ROOMY)
        assert result.verdict is Verdict.WINNABLE
        assert wins(game, result.steps)
        assert len(result.steps) < len(plain.steps)     # autoplay sent cards up itself
        assert game.moves_made == 0

    @pytest.mark.parametrize("deal, moves", [(7, 20), (4, 31)])
    def test_the_line_wins_from_the_middle_of_a_game_with_autoplay_on(self, deal, moves):
        game = FreeCell(deal, autoplay=True)
        for step in solve_as_played(game, ROOMY).steps[:moves]:
            game.apply(step)
        assert wins(game, solve_as_played(game, ROOMY).steps)

    def test_with_autoplay_off_the_answer_is_the_solver_s(self):
        game = FreeCell(6, autoplay=False)
        assert solve_as_played(game, ROOMY).steps == solve(game, ROOMY).steps

    def test_impossible_stays_impossible(self):
        assert solve_as_played(FreeCell(11982, autoplay=True), ROOMY).verdict \
            is Verdict.IMPOSSIBLE
