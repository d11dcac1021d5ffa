"""Calculation as Katrin Becker's assignment specifies it: its rules, keys and positions."""

from ...registry import AdvisorEntry, GameInfo, Results, SolverEntry, later

# The solver knows every card to come (the verdict, winnable deals); the
# advisor sees only what the player sees (hints, Demo).
SOLVER = SolverEntry(solve="cardgui.engine.games.calculation.solver:solve",
                     words="cardgui.engine.games.calculation.requests:request_words",
                     words_name="requests")
ADVISOR = AdvisorEntry(advise="cardgui.engine.games.calculation.advisor:advise_game",
                       words="cardgui.engine.games.calculation.requests:request_words",
                       outcome="cardgui.engine.games.calculation.advisor:outcome",
                       words_name="requests")

INFO = GameInfo("calculation", "Calculation", later(f"{__name__}.game:Calculation"),
                later(f"{__name__}.keys:CalculationKeys"),
                results=Results.WINS_AND_SCORES,
                table="cardgui.gui.tables.calculation:TABLE",
                terminal="cardgui.engine.games.calculation.screen:TERMINAL",
                solver=SOLVER, advisor=ADVISOR)
