"""``cardgui text calculation``: Becker's display and requests, her TEST, and --json."""

import importlib.resources
import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import full_deck
from cardgui.engine.games.calculation import INFO
from cardgui.engine.games.calculation.screen import OPTIONS, TERMINAL, board_lines
from cardgui.text.loop import Said, TerminalGame, run_interactive
from tests.played import text_program

TEST = (importlib.resources.files("cardgui.resources") / "calculation" / "TEST").read_text()
SAMPLE_REQUESTS = TEST.split("\nh\n")[0].splitlines()     # z up to her sample position


def run(text: str, as_json: bool = False, deal: int | None = 7) -> str:
    status, out, _ = text_program("calculation", text, deal=deal, as_json=as_json)
    assert status == 0
    return out


def playing(deal: int | None = 7) -> TerminalGame:
    return TerminalGame(INFO, TERMINAL, deal, {})


def session_after(lines) -> TerminalGame:
    session = playing()
    for line in lines:
        said = session.take(line)
        assert not said.bell, (line, said.messages)
    return session


def refusal(said: Said) -> str:
    return " ".join(said.messages) if said.bell else ""


class TestHerTestFile:
    def test_the_stacked_deck_is_won_from_start_to_52(self):
        final = json.loads(run(TEST, as_json=True))
        assert final["deal"] == 0
        assert final["score"] == 52 and final["won"] and final["over"]
        assert final["stock"] == [] and final["hand"] is None
        assert final["waste"] == [[], [], [], []]
        assert [pile[-1] for pile in final["foundations"]] == ["KS", "KH", "KC", "KD"]

    def test_the_transcript_ends_in_a_win(self):
        transcript = run(TEST)
        assert "You win!  All 52 cards are on the foundations." in transcript
        assert transcript.rstrip().endswith("You win!  SCORE: 52.  P to play again, Q to quit.")
        assert ">> SCORE: 52" in transcript

    def test_it_tests_just_about_everything(self):
        session = playing()
        replies = [(line.strip(), session.take(line)) for line in TEST.splitlines()
                   if line.strip()]
        moves = [line.lower().replace(" ", "") for line, reply in replies
                 if not reply.bell and line.lower().lstrip().startswith("m")]
        assert {move[3] for move in moves if move.startswith("mhw")} == set("1234")
        assert {move[2] for move in moves if move.startswith("mw")} == set("1234")
        assert {move[-1] for move in moves if move.startswith("mhf")} == set("1234")
        refusals = " ".join(refusal(reply) for _, reply in replies)
        for rule in ("Numbers must be 1-4", "The source must be H", "From W a card may go only",
                     "does not fit foundation", "must be played before the next",
                     "not a request"):
            assert rule in refusals
        assert any(line == "h" for line, _ in replies)
        assert session.game.is_won

    def test_every_foundation_but_the_first_wraps_round_the_king(self):
        final = json.loads(run(TEST, as_json=True))
        for pile in final["foundations"][1:]:
            ranks = ["A 2 3 4 5 6 7 8 9 10 J Q K".split().index(name[:-1]) for name in pile]
            assert any(later < earlier for earlier, later in zip(ranks, ranks[1:]))


class TestDisplay:
    def test_her_sample_display_in_the_suites_card_names(self):
        session = session_after(SAMPLE_REQUESTS)
        assert board_lines(session.game) == [
            "Foundation 1: A  2  3  4  5  6  7  8  9  10 J  Q  K    next: 2",
            "Foundation 2: 2  4  6  8  10 Q  A  3  5  7  9  J  K    next: 4",
            "Foundation 3: 3  6  9  Q  2  5  8  J  A  4  7  10 K    next: 8",
            "Foundation 4: 4  8  Q  3  7  J  2  6  10 A  5  9  K    next: 3",
            ">> SCORE: 11",
            "Hand: 5H        1   2   3   4",
            "                --  --  --  --",
            "                AC  2C  5D  QC  :: FOUNDATIONS",
            "                ------------------------------",
            "Left: 30        :: WASTE PILES",
            "                KS  10H 10S 9D",
            "                QH  8D  5C  JD",
            "                9S  6H",
            "                6S",
        ]

    def test_a_new_game_shows_an_empty_hand_and_no_waste(self):
        lines = board_lines(playing().game)
        assert lines[5].startswith("Hand: --") and lines[-1].startswith("Left: 48")


class TestRequests:
    def test_a_refused_request_says_why_and_changes_nothing(self):
        session = session_after(SAMPLE_REQUESTS)
        before = session.game.state()
        for line, message in [("m h f 2", "5H does not fit foundation 2"),
                              ("m w 3 f 1", "5C does not fit foundation 1"),
                              ("m h w 7", "Numbers must be 1-4"),
                              ("m w 1 w 2", "From W a card may go only to F"),
                              ("d", "Play 5H first")]:
            said = session.take(line)
            assert said.bell and message in refusal(said)
            assert session.game.state() == before

    def test_p_deals_a_new_game_and_z_the_stacked_deck(self, monkeypatch):
        monkeypatch.setattr("cardgui.session.random_deal_number", lambda highest: 4242)
        session = playing()
        session.take("d")
        assert session.take("P").messages == ["New game: deal 4242."]
        assert session.game.deal_number == 4242 and session.game.moves_made == 0
        assert session.take("z").messages == ["Calculation, deal 0."]
        assert session.game.deal_number == 0

    def test_q_stops_reading(self):
        final = json.loads(run("d\nq\nd\n", as_json=True))
        assert final["hand"] is not None and len(final["stock"]) == 47

    def test_deal_number_is_kept(self):
        assert json.loads(run("", as_json=True, deal=123))["deal"] == 123


class TestOutput:
    def test_json_prints_only_the_issues_object(self):
        out = run("d\nm h w 1\nnonsense\n", as_json=True)
        assert out.count("\n") == 1
        data = json.loads(out)
        assert list(data) == ["game", "deal", "stock", "hand", "foundations", "waste",
                              "score", "won", "over"]
        assert data["game"] == "calculation" and len(data["waste"][0]) == 1

    def test_piped_requests_are_echoed_with_their_answers(self):
        out = run("d\nm w 1 f 1\n\nh\n")
        assert "Request: d\nTurned up " in out
        assert "Request: m w 1 f 1\nbell: Waste pile 1 is empty.\n" in out
        assert "CALCULATION SOLITAIRE" in out and "Press Enter" not in out

    def test_at_a_terminal_the_display_and_her_options_come_before_each_request(self):
        out = io.StringIO()
        run_interactive(playing(), io.StringIO("d\nh\n\n\n\nm h f 9\nq\nd\n"), out)
        text = out.getvalue()
        assert text.count("\n".join(OPTIONS) + "\nRequest: ") == 5
        assert text.count("Press Enter to continue.") == 2
        assert "Numbers must be 1-4: there is no foundation 9." in text and "\a" in text
        assert text.rstrip().endswith("Goodbye.")

    def test_at_a_terminal_end_of_input_ends_the_game(self):
        out = io.StringIO()
        run_interactive(playing(), io.StringIO("d\n"), out)
        assert out.getvalue().endswith("Request: \n")


request_lines = st.one_of(
    st.sampled_from(["d", "D", "p", "z", "h", "x", "", "m", "m h", "m w 1 w 2", "q now"]),
    st.builds(lambda s, n, d, m: f"m {s} {n} {d} {m}".replace(" - ", " "),
              st.sampled_from("hwfx"), st.sampled_from(["-", "1", "2", "3", "4", "5"]),
              st.sampled_from("fwhx"), st.sampled_from(["1", "2", "3", "4", "0", ""])),
    st.text(max_size=8),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(request_lines, max_size=80))
def test_any_requests_keep_every_card_exactly_once(lines):
    session = playing(11)
    for line in lines:
        before = session.game.state()
        said = session.take(line)
        if said.bell:
            assert session.game.state() == before
        assert sorted(session.game.all_cards()) == sorted(full_deck())
