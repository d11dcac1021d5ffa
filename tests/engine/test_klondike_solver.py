"""The Klondike solver: its answers, checked by the engine and by the keys."""

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import Suit
from cardgui.engine.games.klondike import solver_search
from cardgui.engine.games.klondike.book_keys import book_keys
from cardgui.engine.games.klondike.compact import CompactPosition
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.position import PILE, top_of
from cardgui.engine.games.klondike.solver import POSITIONS_PER_SECOND, solve
from cardgui.engine.games.klondike.solver_moves import (
    PILE_SOURCE,
    apply,
    for_another_state,
    generate,
)
from cardgui.engine.moves import DEAL, Move
from cardgui.engine.piles import Role, tableau
from cardgui.engine.search.budget import Budget, SearchCancelled
from cardgui.engine.search.check import wins
from cardgui.engine.search.result import Verdict
from cardgui.session import GameSession
from tests.engine.klondike_layouts import full_top, layout
from tests.engine.klondike_search import VARIANT_RULES, copy_of, engine_can_win, legal_steps
from tests.played import keyed

QUICK_WINS = [3, 6, 7, 8, 12]          # deals the solver wins in a few hundred positions
ENOUGH = Budget(2)


def _all_up_but(levels: dict[str, int]) -> dict[str, str]:
    """Foundations full except the suits given, which reach the rank given."""
    return {suit: full_top(suit, levels.get(suit, 13)) for suit in "HSDC"}


def replayed(game: Klondike, steps) -> Klondike:
    """A copy of ``game`` after every step, each checked by the engine."""
    copy = copy_of(game)
    for step in steps:
        copy.apply(step)
    return copy


def typed(game: Klondike, keys: str) -> GameSession:
    """A copy of ``game`` after the keys, none of them refused."""
    session = keyed(copy_of(game))
    for key in keys:
        response = session.press(key)
        assert not response.bell, f"{key!r}: {response.message}"
    return session


class TestWinnable:
    @pytest.mark.parametrize("deal", QUICK_WINS)
    def test_the_steps_replay_through_checked_moves_to_a_win(self, deal):
        result = solve(Klondike(deal), ENOUGH)
        assert result.verdict is Verdict.WINNABLE
        assert replayed(Klondike(deal), result.steps).is_won

    @pytest.mark.parametrize("deal", QUICK_WINS)
    def test_the_book_keys_replay_without_a_bell_to_a_win(self, deal):
        result = solve(Klondike(deal), ENOUGH)
        keys = book_keys(Klondike(deal), result.steps)
        assert typed(Klondike(deal), keys).game.is_won

    def test_the_terminal_front_end_wins_with_the_keys(self):
        result = solve(Klondike(3), ENOUGH)
        keys = book_keys(Klondike(3), result.steps)
        finished = subprocess.run([sys.executable, "-m", "cardgui", "text", "klondike",
                                   "--deal", "3", "--json"], input=keys,
                                  capture_output=True, text=True, check=True)
        assert json.loads(finished.stdout)["won"] is True
        assert "bell" not in finished.stderr

    def test_the_game_itself_is_left_as_it_was(self):
        game = Klondike(6)
        before = game.state()
        solve(game, ENOUGH)
        assert game.state() == before

    def test_a_mid_game_position_read_from_json(self):
        session = keyed(Klondike(12))
        for key in "+++P+!@":
            session.press(key)
        game = Klondike.from_json(session.game.to_json())
        result = solve(game, ENOUGH)
        assert result.verdict is Verdict.WINNABLE
        assert replayed(game, result.steps).is_won
        assert typed(game, book_keys(game, result.steps)).game.is_won

    def test_a_small_position_won_from_the_pile(self):
        game = layout(["QS", "| KH"], hand="QH JS KS", tops=_all_up_but({"H": 11, "S": 10}))
        result = solve(game, ENOUGH)
        assert result.verdict is Verdict.WINNABLE and engine_can_win(game)
        assert DEAL in result.steps
        assert replayed(game, result.steps).is_won
        assert typed(game, book_keys(game, result.steps)).game.is_won


    def test_a_run_moved_off_a_face_up_card_that_then_goes_up(self):
        # 10C and KC lie under QH JC; no black king is free to take the run,
        # so JC must move over to QD, letting QH go up.
        game = layout(["KC 10C | QH JC", "QD", "QC", "KD", "KH"],
                      tops=_all_up_but({"H": 11, "D": 11, "C": 9}))
        result = solve(game, ENOUGH)
        assert result.verdict is Verdict.WINNABLE and engine_can_win(game)
        assert result.steps[:2] == (Move(tableau(1), tableau(2)), Move(tableau(1), top_of(Suit.HEARTS)))
        assert typed(game, book_keys(game, result.steps)).game.is_won


class TestImpossible:
    def test_a_card_buried_under_its_successor_with_nowhere_to_go(self):
        # QH hides JH; QH needs JH up first, and every black king is up.
        game = layout(["JH | QH", "KH"], tops=_all_up_but({"H": 10}))
        assert solve(game, ENOUGH).verdict is Verdict.IMPOSSIBLE
        assert not engine_can_win(game)

    def test_the_queen_comes_round_again_only_on_its_jack(self):
        # Dealt JH KH QH, then 9H 10H: 9H and 10H go up, but turned over the
        # pile deals JH KH QH again and QH always covers JH.
        game = layout([], hand="10H 9H QH KH JH", tops=_all_up_but({"H": 8}))
        assert solve(game, ENOUGH).verdict is Verdict.IMPOSSIBLE
        assert not engine_can_win(game)

    def test_a_deal_with_no_way_out(self):
        result = solve(Klondike(9), ENOUGH)
        assert result.verdict is Verdict.IMPOSSIBLE and result.steps == ()

    def test_a_won_position_is_winnable_with_no_steps(self):
        tops = {suit: full_top(suit, 13) for suit in "HSDC"}
        result = solve(layout([], tops=tops), ENOUGH)
        assert result.verdict is Verdict.WINNABLE and result.steps == ()


class TestBudget:
    def test_a_tiny_budget_gives_unknown(self):
        result = solve(Klondike(2), Budget(1 / POSITIONS_PER_SECOND))
        assert result.verdict is Verdict.UNKNOWN and result.steps == ()
        # The limits are counted, not timed: one position of the free-stock
        # relaxation and one of the search, each with the one over its limit.
        assert result.positions == 4

    def test_the_same_position_and_budget_give_the_same_answer(self):
        first, second = solve(Klondike(2), Budget(0.5)), solve(Klondike(2), Budget(0.5))
        assert (first.verdict, first.steps, first.positions) == \
            (second.verdict, second.steps, second.positions)

    def test_a_cancelled_search_stops(self):
        with pytest.raises(SearchCancelled):
            solve(Klondike(2), Budget(10, cancelled=lambda: True))


class TestRefusals:
    def test_a_stack_whose_face_up_cards_are_no_run_is_refused(self):
        game = layout(["KH 5C"])
        with pytest.raises(ValueError, match="run down"):
            solve(game, ENOUGH)

    def test_the_keys_cannot_send_a_safe_card_onto_a_stack(self):
        game = layout(["3S", "2H"], tops={"H": "AH", "S": "AS 2S", "D": "AD", "C": "AC"})
        with pytest.raises(ValueError, match="cannot send 2H"):
            book_keys(game, [Move(tableau(2), tableau(1))])

    def test_m_walks_to_a_later_place(self):
        game = layout(["9S", "9C", "8H"])
        assert book_keys(game, [Move(tableau(3), tableau(2))]) == "#M"
        assert book_keys(game, [Move(tableau(3), tableau(1))]) == "#"

    def test_a_card_in_the_middle_of_a_stack_is_typed_by_name(self):
        game = layout(["10S 9H 8C", "JH", "10C"])
        assert book_keys(game, [Move(tableau(1), tableau(3), 2)]) == "9H"
        assert book_keys(game, [Move(tableau(1), tableau(2), 3)]) == "!"

    def test_a_pile_card_is_p_and_a_deal_is_plus(self):
        game = layout(["5S"], hand="4H 9C 8C")
        steps = [DEAL, DEAL, Move(PILE, tableau(1))]
        assert book_keys(game, steps) == "++P"
        assert top_of(Suit.HEARTS).index == 1


TAKE_BACK_TOPS = {"H": full_top("H", 5), "S": full_top("S", 13), "D": full_top("D", 13),
                  "C": full_top("C", 2)}


def _needs_a_take_back(**rules) -> Klondike:
    """3C lies under 4C, whose only red five (5H) is on the top: 5H must come
    back down onto 6C to hold it."""
    return layout(["3C | 4C", "6C", "KH QC JH 10C 9H 8C 7H", "KC QH JC 10H 9C 8H 7C", "6H 5C"],
                  tops=TAKE_BACK_TOPS, **rules)


def _tens_under_jacks(passes: str) -> Klondike:
    tops = {suit: full_top(suit, 13) for suit in "HSD"} | {"C": full_top("C", 8)}
    return layout(["KC", "QC"], hand="9C JC 10C", tops=tops, draw=1, passes=passes)


class TestVariants:
    def test_a_card_brought_back_down_from_the_top_wins_what_nothing_else_can(self):
        assert solve(_needs_a_take_back(), ENOUGH).verdict is Verdict.IMPOSSIBLE
        assert not engine_can_win(_needs_a_take_back())
        game = _needs_a_take_back(take_back=True)
        result = solve(game, ENOUGH)
        assert result.verdict is Verdict.WINNABLE and engine_can_win(game)
        assert any(step.source.role is Role.FOUNDATION for step in result.steps
                   if isinstance(step, Move))
        assert replayed(game, result.steps).is_won

    def test_the_book_keys_cannot_take_a_card_back_and_say_so(self):
        game = _needs_a_take_back(take_back=True)
        with pytest.raises(ValueError, match="cannot take a card back down"):
            book_keys(game, solve(game, ENOUGH).steps)

    def test_take_backs_that_lead_nowhere_are_searched_to_the_end(self):
        # KH may come back into an empty stack, QS onto it, and so on; no
        # black card ever reaches a red one to free 7C, KC or KS.
        game = layout(["", "", "QC | 9C", "", "KS | 8C", "7C KC | JC", "KD | 10C"],
                      tops={"H": full_top("H", 13), "S": full_top("S", 12),
                            "D": full_top("D", 12), "C": full_top("C", 6)}, take_back=True)
        assert any(step.source.role is Role.FOUNDATION for step in legal_steps(game)
                   if isinstance(step, Move))
        assert solve(game, ENOUGH).verdict is Verdict.IMPOSSIBLE
        assert not engine_can_win(game)

    @pytest.mark.parametrize("passes, verdict", [("1", Verdict.IMPOSSIBLE),
                                                 ("2", Verdict.WINNABLE)])
    def test_a_second_pass_reaches_a_card_the_first_buried(self, passes, verdict):
        # Dealt one at a time 10C, JC, 9C: 9C goes up, then JC covers 10C
        # until the pile is turned over.
        game = _tens_under_jacks(passes)
        result = solve(game, ENOUGH)
        assert result.verdict is verdict
        assert engine_can_win(game) == (verdict is Verdict.WINNABLE)
        if result.steps:
            assert replayed(game, result.steps).is_won

    def test_a_pass_used_is_a_pass_gone(self):
        game = _tens_under_jacks("2")
        for _ in range(4):
            game.deal()                  # through the hand once, and turned over
        assert game.passes_left == 0
        assert solve(game, ENOUGH).verdict is Verdict.IMPOSSIBLE

    @pytest.mark.parametrize("deal", [3, 5, 12])
    def test_draw_one_keys_replay_without_a_bell_to_a_win(self, deal):
        game = Klondike(deal, draw=1)
        result = solve(game, ENOUGH)
        assert result.verdict is Verdict.WINNABLE
        assert typed(game, book_keys(game, result.steps)).game.is_won

    @pytest.mark.parametrize("deal", range(1, 9))
    def test_looser_rules_never_lose_what_stricter_ones_win(self, deal):
        # More passes, or take-backs, only add moves.
        order = [dict(passes="1"), dict(passes="2"), dict(passes="3"), dict(),
                 dict(take_back=True)]
        for draw in (1, 3):
            verdicts = [solve(Klondike(deal, draw=draw, **rules), Budget(0.05)).verdict
                        for rules in order]
            decided = [verdict for verdict in verdicts if verdict is not Verdict.UNKNOWN]
            assert decided == sorted(decided, key=lambda verdict: verdict is Verdict.WINNABLE)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1), st.sampled_from(VARIANT_RULES))
def test_every_variant_s_winning_line_replays_through_the_engine_to_a_win(deal, rules):
    game = Klondike(deal, **rules)
    result = solve(game, Budget(0.05))
    if result.verdict is Verdict.WINNABLE:
        assert wins(game, result.steps)
        if not game.take_back or not any(isinstance(step, Move) and step.source.role is
                                         Role.FOUNDATION for step in result.steps):
            assert typed(game, book_keys(game, result.steps)).game.is_won


def test_the_pile_plays_left_out_for_a_key_searched_in_another_state_lead_nowhere_new(
        monkeypatch):
    # A position whose key was searched in another state of the hand and
    # pile leaves out the pile cards a settled state reaches, which lead
    # where that state's search went already (or to positions alike to
    # those): tried last instead, on these deals they change nothing, the
    # same positions in the same order (pure search, restarts and all).
    left_out = []

    def trying_them_last(moves, stock_length, draw):
        kept = for_another_state(moves, stock_length, draw)
        rest = [move for move in moves if move not in kept]
        left_out.extend(rest)
        return kept + rest

    outcomes = {}
    for order in (for_another_state, trying_them_last):
        monkeypatch.setattr(solver_search, "for_another_state", order)
        outcomes[order] = [
            solver_search.search(CompactPosition.of(Klondike(deal)), 1200, lambda: None,
                                 compiled=False, first_run=150)
            for deal in (1, 2, 4)]
    assert outcomes[for_another_state] == outcomes[trying_them_last]
    assert len(left_out) > 20


def test_for_another_state_keeps_the_other_pile_plays_first_and_every_other_move():
    start = CompactPosition.of(Klondike(4))
    state = start.state
    for move in generate(state, start.rules)[:3]:      # a few positions in
        state = apply(move, state)
    stacks, tops, stock, position, passes, pending = state
    dropped = placed_first = 0
    for position in range(len(stock)):
        moves = generate((stacks, tops, stock, position, passes, pending), start.rules)
        kept = for_another_state(moves, len(stock), 3)
        pile = [move for move in moves if _plays_from_pile(move)]
        settled = [move for move in pile if _pile_size(move) % 3 == 0
                   or _pile_size(move) == len(stock)]
        assert kept == ([move for move in pile if move not in settled]
                        + [move for move in moves if move not in pile])
        dropped += len(settled)
        placed_first += len(pile) - len(settled)
    assert dropped and placed_first


def _plays_from_pile(move):
    return move.source == PILE_SOURCE or (move.then is not None
                                          and move.then.source == PILE_SOURCE)


def _pile_size(move):
    part = move if move.source == PILE_SOURCE else move.then
    return part.slot + 1
