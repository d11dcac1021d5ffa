"""The help's answers, and the worker process that works them out away from
the window: hints that never lie, a verdict, winnable deals, cancelling."""

import os
import time

import pytest

from cardgui.assist import answers
from cardgui.assist.knowledge import Knowledge, position_of
from cardgui.assist.worker import Worker
from cardgui.engine.games import find_game
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.moves import DEAL, Move
from cardgui.engine.piles import foundation, tableau
from cardgui.engine.search.check import LineDoesNotWin, checked, still_winning, wins
from cardgui.engine.search.result import SearchResult, Verdict
from tests.engine.klondike_layouts import full_top, layout

KLONDIKE = find_game("klondike")


def test_a_solver_hint_is_the_first_step_of_a_win_and_says_so():
    game = Klondike(617)
    given = answers.hint(KLONDIKE, game, 5)
    assert given.step == Move(tableau(2), foundation(2))
    assert given.words == "AS to the top for spades: it leads to a win."
    won = answers.judge(KLONDIKE, game, 5)
    assert won.steps[0] == given.step


def test_a_lost_position_gets_a_move_and_the_truth():
    game = Klondike(9)                                              # deal 9 cannot be won
    given = answers.hint(KLONDIKE, game, 5)
    assert given.lost and given.words.startswith("No move leads to a win from here.")
    assert given.step is not None and "puts the most cards up" in given.words
    game.apply(given.step)                                          # a move the rules allow


def test_a_search_out_of_time_says_so_and_still_offers_a_move():
    given = answers.hint(KLONDIKE, Klondike(4), 0.000001)
    assert not given.lost and given.words.startswith("The solver has not found a way to win")
    assert given.step is not None


def test_a_winnable_deal_is_the_first_the_solver_proves():
    deal, result = answers.winnable_deal(KLONDIKE, {}, [9, 1, 617, 2])
    assert deal == 617 and result.verdict is Verdict.WINNABLE
    assert answers.winnable_deal(KLONDIKE, {}, [9]) is None


def test_the_hand_is_marked_when_dealing_is_the_way():
    game = layout(["KS", "QS JS 10S 9S 8S 7S 6S 5S 4S 3S | 2S"], hand="AS",
                  tops={suit: full_top(suit, 13) for suit in "HDC"})
    given = answers.hint(KLONDIKE, game, 5)
    assert given.step == DEAL and given.words.startswith("Deal three cards from the hand")


def wait_for_answer(worker, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = worker.answers()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("no answer from the worker")


def test_the_worker_answers_in_another_process_and_a_new_question_cancels_the_old():
    worker = Worker()
    try:
        slow = worker.ask("judge", "klondike", Klondike(306).detached(), 3600.0)
        time.sleep(2)     # the search of deal 306 (no verdict within 10 s) is under way
        fast = worker.ask("judge", "klondike", Klondike(617).detached(), 5.0)
        answers_in = wait_for_answer(worker)          # within a minute, not an hour
        assert [answer.number for answer in answers_in] == [fast] != [slow]
        assert answers_in[0].value.verdict is Verdict.WINNABLE
        assert answers_in[0].value.steps[0] == Move(tableau(2), foundation(2))
    finally:
        worker.stop()
    assert not worker.running


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities here")
def test_the_worker_runs_at_the_lowest_priority_so_the_window_has_the_core():
    worker = Worker()
    try:
        worker.ask("judge", "klondike", Klondike(617).detached(), 5.0)
        wait_for_answer(worker)                       # it has started and set its policy
        assert os.getpriority(os.PRIO_PROCESS, worker._process.pid) == 19
    finally:
        worker.stop()


def test_a_failed_search_is_an_answer_saying_why_and_the_worker_goes_on():
    worker = Worker()
    try:
        worker.ask("judge", "pokersquares", Klondike(617).detached(), 1.0)
        failed = wait_for_answer(worker)
        assert failed[0].value is None and "Poker Squares has no solver" in failed[0].error
        worker.ask("judge", "klondike", Klondike(9).detached(), 5.0)
        assert wait_for_answer(worker)[0].value.verdict is Verdict.IMPOSSIBLE
    finally:
        worker.stop()


# -- what the verdict says ------------------------------------------------------------------

WON = SearchResult(Verdict.WINNABLE, (DEAL,))
LOST = SearchResult(Verdict.IMPOSSIBLE)
OUT_OF_TIME = SearchResult(Verdict.UNKNOWN)


def test_the_verdict_words_for_each_answer():
    knowledge = Knowledge()
    assert knowledge.words(None, at_deal=True) == "Thinking…"
    assert knowledge.words(OUT_OF_TIME, at_deal=True) == "Unknown"
    assert knowledge.words(LOST, at_deal=True) == "Cannot be won"
    assert knowledge.words(WON, at_deal=True) == "Winnable"


def test_a_lost_position_of_a_deal_once_winnable_says_undo():
    knowledge = Knowledge()
    knowledge.learn("dealt", WON, at_deal=True)
    assert knowledge.words(LOST, at_deal=False) == "No longer winnable: undo to go back"


def test_a_lost_position_of_a_lost_deal_says_it_cannot_be_won():
    knowledge = Knowledge()
    knowledge.learn("dealt", LOST, at_deal=True)
    assert knowledge.words(LOST, at_deal=False) == "Cannot be won"


def test_a_lost_position_waits_for_the_deals_own_answer_before_blaming_a_move():
    knowledge = Knowledge()
    assert knowledge.words(LOST, at_deal=False) == "Thinking…"
    knowledge.learn("dealt", OUT_OF_TIME, at_deal=True)
    assert knowledge.words(LOST, at_deal=False) == "Cannot be won from here"
    assert Knowledge(dealt=False).words(LOST, at_deal=False) == "Cannot be won from here"


def test_the_rest_of_a_winning_line_answers_after_its_first_step_once_replayed():
    game = Klondike(617)
    knowledge = Knowledge()
    before = position_of(game)
    line = answers.judge(KLONDIKE, game, 5)
    knowledge.learn(before, line, at_deal=True)
    game.apply(line.steps[0])
    followed = knowledge.follow(before, game)
    assert followed is not None and followed.steps == line.steps[1:]
    assert knowledge.answer(position_of(game)) == followed


def test_a_line_a_move_has_spoiled_is_not_followed():
    game = Klondike(617)
    knowledge = Knowledge()
    before = position_of(game)
    knowledge.learn(before, answers.judge(KLONDIKE, game, 5), at_deal=True)
    game.apply(DEAL)                  # not the line's first step (AS up), and it breaks it
    assert knowledge.follow(before, game) is None


def test_a_solver_line_that_does_not_win_is_caught_not_believed():
    game = Klondike(617)
    with pytest.raises(LineDoesNotWin):
        checked(game, SearchResult(Verdict.WINNABLE, (DEAL,)))
    assert wins(game, answers.judge(KLONDIKE, game, 5).steps)
    assert still_winning(game, (DEAL,)) is None
