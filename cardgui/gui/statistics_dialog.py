"""Game › Statistics: one game at a time, in the figures that fit it, and a
Reset that asks first.

A game won or lost shows its wins (those won alone, and beside them those
won with help, which the headline figures leave out) and streaks and fastest
win; Calculation and a scored Klondike their scores too; Poker Squares,
never won or lost, its scores for each scoring table, how many reached the
target, and the wins Morehead and Mott-Smith count (200 American, 70 English)."""

from __future__ import annotations

import html
from typing import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..engine.registry import GAMES, GameInfo, Results
from ..store.stats import Statistics, Summary
from .end_words import clock


def _row(label: str, value: str) -> str:
    return (f"<tr><td style='padding:2px 16px 2px 0'>{html.escape(label)}</td>"
            f"<td align='right'><b>{html.escape(value)}</b></td></tr>")


def _wins(summary: Summary) -> list[str]:
    """Games won alone, and beside them those won with Hint, Demo or Finish."""
    return [_row("Won alone", str(summary.won_alone)),
            _row("Won with help", str(summary.won_helped)),
            _row("Won % (alone)", f"{summary.win_rate:.0%}" if summary.played else "—"),
            _row("Current winning streak", str(summary.current_streak)),
            _row("Longest winning streak", str(summary.longest_streak))]


def _scores(summary: Summary, total: bool = False) -> list[str]:
    mean = "—" if summary.mean_score is None else f"{summary.mean_score:.1f}"
    best = "—" if summary.best_score is None else str(summary.best_score)
    rows = [_row("Mean score", mean), _row("Best score", best)]
    return rows + ([_row("Total over the games", str(summary.total_score))] if total else [])


def summary_html(info: GameInfo, statistics: Statistics) -> str:
    """The statistics of ``info``'s game, in the figures that fit it.

    Raises:
        sqlite3.Error: if the statistics cannot be read.
    """
    parts = [f"<h3>{html.escape(info.title)}</h3>"]
    variants = statistics.variants(info.game_id) or [""]
    if info.results is Results.SCORES:
        variants = sorted(set(variants) | set((info.winning_scores or {}).keys()) - {""})
    for variant in variants:
        target = (info.score_targets or {}).get(variant)
        summary = statistics.summary(info.game_id, variant, target=target)
        rows = [_row("Played", str(summary.played))]
        if info.results is Results.SCORES:
            rows += _scores(summary)
            if target is not None:
                rows.append(_row(f"Reached {target}", str(summary.reached)))
            winning = (info.winning_scores or {}).get(variant)
            if winning is not None:
                rows.append(_row(f"Won ({winning} or more)", str(summary.won)))
                rows += [_row("Current winning streak", str(summary.current_streak)),
                         _row("Longest winning streak", str(summary.longest_streak))]
        else:
            rows += _wins(summary)
            rows.append(_row("Fastest win (alone)", "—" if summary.best_seconds is None
                             else clock(summary.best_seconds)))
            if info.results is Results.WINS_AND_SCORES and summary.best_score is not None:
                rows += _scores(summary, total="cumulative" in variant)
        heading = _heading(info, variant, len(variants))
        title = f"<h4>{html.escape(heading)}</h4>" if heading else ""
        parts.append(title + "<table>" + "".join(rows) + "</table>")
    parts.append("<p>A game counts once, when it ends or is given up after a move; undoing "
                 "past its end and finishing again can only improve its result.</p>")
    return "".join(parts)


def _heading(info: GameInfo, variant: str, count: int) -> str:
    """A variant's heading: Poker Squares' scoring tables by name, other
    games' variants as their rules say (the plain game's only beside others)."""
    if info.results is Results.SCORES:
        return f"{variant.title()} scoring"
    if not variant:
        return "The usual rules" if count > 1 else ""
    return variant[0].upper() + variant[1:]


class StatisticsDialog(QDialog):
    """The statistics of one game, chosen from a list, with a Reset."""

    def __init__(self, statistics: Statistics, current: str,
                 confirm: Callable[[str], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Statistics")
        self.resize(460, 420)
        self.statistics, self.confirm = statistics, confirm
        layout = QVBoxLayout(self)
        self.games = QComboBox()
        for info in GAMES.values():
            self.games.addItem(info.title, info.game_id)
        self.games.setCurrentIndex(max(0, self.games.findData(current)))
        layout.addWidget(self.games)
        self.page = QTextBrowser()
        layout.addWidget(self.page)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.reset_button = QPushButton("&Reset…")
        buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ResetRole)
        buttons.rejected.connect(self.reject)
        self.reset_button.clicked.connect(self.reset)
        layout.addWidget(buttons)
        self.games.currentIndexChanged.connect(self.show_game)
        self.show_game()

    @property
    def info(self) -> GameInfo:
        return GAMES[str(self.games.currentData())]

    def show_game(self) -> None:
        """Show the statistics of the game chosen in the list."""
        try:
            self.page.setHtml(summary_html(self.info, self.statistics))
        except Exception as error:  # statistics must never cost the player a game
            self.page.setPlainText(f"The statistics could not be read: {error}")

    def reset(self) -> None:
        """Forget the chosen game's statistics, if the player confirms."""
        title = self.info.title
        if not self.confirm(f"Forget every game of {title} in the statistics? "
                            "This cannot be undone."):
            return
        try:
            self.statistics.reset(self.info.game_id)
        except Exception as error:  # statistics must never cost the player a game
            QMessageBox.warning(self, "Statistics", f"The statistics could not be reset: "
                                                    f"{error}")
        self.show_game()
