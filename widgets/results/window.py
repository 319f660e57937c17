"""The results window (designer mode): scores of humans and models per category, response time
against model accuracy, rating distributions, agreement, the most disputed items, humans and
models on one ability scale, item difficulty against response time and models as raters. It renders
the study's analysis (app.results.analysis, the one the export writes, with the same quality rules
applied) and follows the database: when responses arrive it recomputes (on the task manager's read
pool) and redraws."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pandas as pd

from app.results.analysis import StudyAnalysis
from app.results.comments import text_question_ids
from app.results.options import ResultsOptions
from app.results.rt_analysis import MIN_N
from app.results.stages import Stage
from app.storage.database import Database
from app.study.loader import LoadedStudy
from app.study.model_quality import QUALITY_RULES, RULE_WORDS
from app.wording import counted
from widgets.plotting import export_png, export_svg
from widgets.qt import QSettings, Qt, QtGui, QtWidgets, QWidget, Slot
from widgets.results.export_dialog import ExportDialog
from widgets.results.gap_tab import HumanVsModelTab
from widgets.results.labels import words
from widgets.results.model import POLL_MS, ResultsModel
from widgets.results.plots import (
    RatingsPlot,
    ResultsPlot,
    RtPlot,
    ScoresPlot,
    breakdown_categories,
    ratings_empty_reason,
    rt_units,
)
from widgets.results.scale_plots import AbilityPlot, DifficultyRtPlot, hardest_items
from widgets.results.tables import fill_table, results_table
from widgets.settings import app_settings, fit_on_screen, set_study_flag, study_flag
from widgets.tasks import TaskManager

SIMULATED_KEY = "include_simulated"
QUESTION_LABEL_CHARS = 70
# What the busy bar says at each stage of the analysis (app.results.stages.STAGES).
STAGE_WORDS = {
    "loading": "reading the responses",
    "screening": "measuring the quality rules",
    "models": "reading the models' predictions",
    "raters": "pooling the raters' labels (majority vote, Dawid-Skene, MACE)",
    "scoring": "scores and their intervals",
    "abilities": "item difficulties and abilities",
    "agreement": "agreement between raters",
    "response_times": "response times",
    "gaps": "humans against the models",
    "sensitivity": "what each quality rule changes",
    "comments": "the comments",
    "reader_study": "the reader study (MRMC)",
}
ILLUSTRATIVE_NOTE = ("<b>Illustrative.</b> Model scores marked (illustrative) are made up for "
                     "demonstration; they are not measurements of real models.")


class ResultsWindow(QtWidgets.QMainWindow):
    def __init__(self, loaded: LoadedStudy, db: Database, *, options: ResultsOptions | None = None,
                 poll_ms: int = POLL_MS, settings: QSettings | None = None,
                 tasks: TaskManager | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tasks = TaskManager.given_or_own(tasks, self)
        self.loaded = loaded
        self.db = db
        # "Include simulated participants" is remembered per study, unless the caller decides.
        self.settings = settings if settings is not None else app_settings()
        if options is None:
            options = ResultsOptions(include_simulated=study_flag(
                self.settings, loaded.study.id, SIMULATED_KEY, ResultsOptions.include_simulated))
        self.setWindowTitle(f"Results · {loaded.study.title}")
        self.model = ResultsModel(loaded, db, options, tasks=self.tasks, poll_ms=poll_ms,
                                  parent=self)
        self.model.updated.connect(self.show_results)
        self.model.failed.connect(self._failed)
        self.model.busy_changed.connect(self._busy)
        self.model.stage.connect(self._staged)
        self.results: StudyAnalysis | None = None

        central = QWidget(self)
        layout = QtWidgets.QVBoxLayout(central)
        self.banner = QtWidgets.QLabel(ILLUSTRATIVE_NOTE, central)
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("background: #fff3cd; border: 1px solid #e0c36b; padding: 6px;")
        self.banner.setVisible(loaded.study.illustrative or any(
            p.illustrative for p in loaded.study.models.predictions))
        layout.addWidget(self.banner)
        bar = QtWidgets.QHBoxLayout()
        bar.addWidget(QtWidgets.QLabel("Question:"))
        self.question = QtWidgets.QComboBox(central)
        # A long question text would set the window's width: the box shows its first 14
        # characters, the list it opens the whole text.
        self.question.setSizeAdjustPolicy(
            QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.question.setMinimumContentsLength(14)
        self.question.currentIndexChanged.connect(self._redraw)
        bar.addWidget(self.question)
        self.simulated = QtWidgets.QCheckBox("Include simulated participants", central)
        self.simulated.setChecked(self.model.options.include_simulated)
        self.simulated.toggled.connect(self._simulated_toggled)
        bar.addWidget(self.simulated)
        self.exclude = self._exclude_menu(central)
        bar.addWidget(self.exclude)
        self.status = QtWidgets.QLabel("Computing…", central)
        # Wrapped, in all the room left: unwrapped, a long status made the whole window wider
        # than a laptop screen at 150 %.
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        status_row = QtWidgets.QHBoxLayout()
        status_row.addWidget(self.status, 1)
        # Busy while the analysis is computed: with thousands of participants it takes many
        # seconds, and the tables say so instead of what they said before.
        self.progress = QtWidgets.QProgressBar(central)
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.progress.setMaximumWidth(120)
        self.progress.hide()
        status_row.addWidget(self.progress)
        # Whether the results on screen count simulated participants (not the box: it may
        # have been ticked since, with the new results still being computed).
        self._shown_simulated = self.model.options.include_simulated
        self._computing_simulated = self._shown_simulated
        refresh = QtWidgets.QPushButton("Refresh", central)
        refresh.clicked.connect(self.model.refresh)
        bar.addWidget(refresh)
        export = QtWidgets.QPushButton("Export…", central)
        export.clicked.connect(self.open_export)
        bar.addWidget(export)
        bar.insertStretch(bar.indexOf(refresh), 1)
        layout.addLayout(bar)
        layout.addLayout(status_row)

        self.tabs = QtWidgets.QTabWidget(central)
        layout.addWidget(self.tabs, 1)
        self.scores_plot = ScoresPlot()
        self.breakdown = QtWidgets.QComboBox()
        self.breakdown.setSizeAdjustPolicy(QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.breakdown.currentIndexChanged.connect(self._redraw_scores)
        self.comparison = results_table()
        self.tabs.addTab(self._plot_page(self.scores_plot, "scores", self.comparison,
                                         self.breakdown), "Scores")
        self.rt_plot = RtPlot()
        self.rt_category = QtWidgets.QComboBox()
        self.rt_category.setSizeAdjustPolicy(
            QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.rt_category.currentIndexChanged.connect(self._redraw_rt)
        self.rt_table = results_table()
        self.tabs.addTab(self._plot_page(self.rt_plot, "response-times", self.rt_table,
                                         self.rt_category), "Response times")
        self.ratings_plot = RatingsPlot()
        self.ratings_table = results_table()
        self.tabs.addTab(self._plot_page(self.ratings_plot, "ratings", self.ratings_table),
                         "Ratings")
        self.agreement = results_table()
        self.tabs.addTab(self.agreement, "Agreement")
        self.disputed = results_table()
        self.tabs.addTab(self.disputed, "Most disputed items")
        self.human_vs_model = HumanVsModelTab()
        self.model.compared.connect(self.human_vs_model.show_comparison)
        self.model.compared.connect(self._compared_done)
        self.tabs.addTab(self.human_vs_model, "Human vs model")  # index 5 (results_tour)
        for suffix, button in self.human_vs_model.save_buttons.items():
            button.clicked.connect(lambda _=False, s=suffix: self._save(
                self.human_vs_model.forest, "gaps", s))
        # The Rasch scale (humans and models on one axis, the hardest items), difficulty
        # against RT and the alt-test (indices 6 and 7, results_tour).
        self.ability_plot = AbilityPlot()
        self.hardest = results_table()
        self.tabs.addTab(self._plot_page(self.ability_plot, "abilities", self.hardest),
                         "Abilities")
        self.difficulty_rt_plot = DifficultyRtPlot()
        self.annotators = results_table()  # the alt-test: can a model stand in for a human?
        self.tabs.addTab(self._plot_page(self.difficulty_rt_plot, "difficulty-rt",
                                         self.annotators), "Difficulty and models as raters")
        # Free text is withheld from exports by default; the designer may read it here.
        self.comments = results_table()
        self.tabs.addTab(self.comments, "Comments")
        self.setCentralWidget(central)
        fit_on_screen(self, 1200, 820)
        self.plots: dict[str, ResultsPlot] = {"scores": self.scores_plot, "rt": self.rt_plot,
                                              "ratings": self.ratings_plot,
                                              "gaps": self.human_vs_model.forest,
                                              "human range": self.human_vs_model.strip,
                                              "abilities": self.ability_plot,
                                              "difficulty_rt": self.difficulty_rt_plot}
        self.model.refresh()
        self.model.start_polling()

    def _exclude_menu(self, parent: QWidget) -> QtWidgets.QToolButton:
        """The quality rules the analysis applies (as `export --exclude`): a menu of ticks."""
        button = QtWidgets.QToolButton(parent)
        button.setText("Leave out…")
        button.setToolTip("Leave out the participants the study's quality rules exclude, as the "
                          "export does (exclusions.csv shows whom each rule excludes)")
        button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QtWidgets.QMenu(button)
        self.exclude_rules: dict[str, QtGui.QAction] = {}
        for rule in QUALITY_RULES:
            action = menu.addAction(f"participants who {RULE_WORDS[rule]}")
            action.setCheckable(True)
            action.setChecked(rule in self.model.options.exclude)
            action.setToolTip(f"quality rule {rule}")
            if rule == "low_competence" and self.loaded.study.quality.min_competence_share is None:
                action.setEnabled(False)  # off in this study: a tick would leave nobody out
            action.toggled.connect(self._exclude_toggled)
            self.exclude_rules[rule] = action
        button.setMenu(menu)
        return button

    def _plot_page(self, plot: ResultsPlot, name: str, table: QtWidgets.QTableWidget,
                   extra: QWidget | None = None) -> QWidget:
        page = QWidget()
        layout = QtWidgets.QVBoxLayout(page)
        buttons = QtWidgets.QHBoxLayout()
        if extra is not None:
            buttons.addWidget(extra)
        buttons.addStretch(1)
        for suffix in ("png", "svg"):
            button = QtWidgets.QPushButton(f"Save {suffix.upper()}…", page)
            button.clicked.connect(lambda _=False, p=plot, n=name, s=suffix: self._save(p, n, s))
            buttons.addWidget(button)
        layout.addLayout(buttons)
        splitter = QtWidgets.QSplitter()
        splitter.setOrientation(splitter.orientation().Vertical)
        # The scores plot grows with its bars (ScoresPlot.MIN_BAR_PX): it scrolls, not squeezes.
        holder = QtWidgets.QScrollArea()
        holder.setWidgetResizable(True)
        holder.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        holder.setWidget(plot)
        splitter.addWidget(holder)
        splitter.addWidget(table)
        splitter.setSizes([520, 220])
        layout.addWidget(splitter, 1)
        return page

    # ------------------------------------------------------------------ model -> view

    @Slot(object)
    def show_results(self, results: StudyAnalysis) -> None:
        self.results = results
        current = self.question.currentData()
        self.question.blockSignals(True)
        self.question.clear()
        for group in results.groups:
            prompt = " ".join(next(iter(group.questions.values())).prompt.split())
            if len(prompt) > QUESTION_LABEL_CHARS:
                prompt = prompt[:QUESTION_LABEL_CHARS - 1] + "…"
            label = f"{group.question_id}: {prompt}" if prompt else group.question_id
            self.question.addItem(label, group.question_id)
            self.question.setItemData(self.question.count() - 1,
                                      f"question id {group.question_id}, {group.kind}",
                                      Qt.ItemDataRole.ToolTipRole)
        index = self.question.findData(current)
        self.question.setCurrentIndex(max(index, 0))
        self.question.blockSignals(False)
        self.banner.setVisible(self.banner.isVisible() or bool(
            results.scores["illustrative"].fillna(False).astype(bool).any()))
        fill_table(self.agreement, results.agreement, empty=(
            "No agreement yet: it needs at least two raters who answered the same items."))
        self._fill_comments()
        self._shown_simulated = self._computing_simulated
        left_out = (f" ({len(results.excluded)} left out by the quality rules)"
                    if results.excluded else "")
        self._counts = (f"{counted(results.n_participants, 'participant')}{left_out}, "
                        f"{counted(results.n_responses, 'response')} "
                        f"· updated {datetime.now():%H:%M:%S}")
        self.status.setText(self._counts)
        self._redraw()

    @Slot()
    def _redraw(self) -> None:
        results, question_id = self.results, self.question.currentData()
        if results is None or question_id is None:
            return
        categories = breakdown_categories(results, question_id)
        _refill(self.breakdown, ["all items only", *categories], prefer_second=True)
        self.breakdown.setVisible(bool(categories))  # nothing to choose: no empty choice
        self._redraw_scores()
        comparison = results.comparison
        columns = [c for c in comparison.columns[:4]] + [
            c for c in comparison.columns[4:] if str(c).startswith(f"{question_id} ")]
        mine = comparison[columns]
        fill_table(self.comparison, mine[mine.iloc[:, 4:].notna().any(axis=1)],
                   empty="No scores for this question yet: no one has answered it"
                   + (" (simulated participants are left out: tick Include simulated "
                      "participants to count them)." if not self._shown_simulated else "."))
        disputed = results.disputed
        fill_table(self.disputed, disputed[disputed["question_id"] == question_id],
                   empty="No disputed items: an item needs at least two raters before their "
                   "answers can disagree, and no item of this question has two yet.")
        _refill(self.rt_category, rt_units(results, question_id))
        self._redraw_rt()
        self.ratings_plot.show_ratings(results, question_id)
        self.human_vs_model.show_question(results, question_id)
        summary = results.rating_summary
        fill_table(self.ratings_table, summary[summary["question_id"] == question_id],
                   empty=ratings_empty_reason(results, question_id))
        self.ability_plot.show_abilities(results, question_id)
        fill_table(self.hardest, hardest_items(results, question_id))
        self.difficulty_rt_plot.show_difficulty_rt(results, question_id)
        annotators = results.llm_annotators
        mine = annotators[annotators["question_id"] == question_id]
        fill_table(self.annotators, mine.assign(passed=[  # (a blank would hide a "no")
            "not tested" if p is None else ("yes" if p else "no") for p in mine["passed"]]))

    @Slot()
    def _redraw_scores(self) -> None:
        results, question_id = self.results, self.question.currentData()
        if results is None or question_id is None:
            return
        category = self.breakdown.currentData() if self.breakdown.currentIndex() > 0 else ""
        self.scores_plot.show_scores(results, question_id, category)

    @Slot()
    def _redraw_rt(self) -> None:
        results, question_id = self.results, self.question.currentData()
        if results is None or question_id is None:
            return
        self.rt_plot.show_rt(results, question_id, self.rt_category.currentData() or "")
        corr = results.rt_correlations
        fill_table(self.rt_table, corr[corr["question_id"] == question_id],
                   empty="No correlations: they need response times and model predictions on "
                   f"at least {MIN_N} items of this question.")

    @Slot(bool)
    def _simulated_toggled(self, include: bool) -> None:
        set_study_flag(self.settings, self.loaded.study.id, SIMULATED_KEY, include)
        self.model.set_include_simulated(include)

    @Slot(bool)
    def _exclude_toggled(self, _checked: bool) -> None:
        self.model.set_exclude([r for r, a in self.exclude_rules.items() if a.isChecked()])

    def _fill_comments(self) -> None:
        frame = self.model.comments
        if not text_question_ids(self.loaded.study):
            reason = "This study asks no free-text questions."
        else:
            reason = "No comments yet: no one has written in a free-text question."
        fill_table(self.comments, frame if frame is not None else pd.DataFrame(), empty=reason)

    @Slot(bool)
    def _busy(self, busy: bool) -> None:
        if busy:
            self._computing_simulated = self.model.options.include_simulated
            self.progress.show()
            self._staged(Stage("loading"))
            # A table that says why it is empty says it of results being replaced now.
            which = "with" if self._computing_simulated else "without"
            for table in self.findChildren(QtWidgets.QTableWidget):
                if table.property("empty_reason"):
                    fill_table(table, pd.DataFrame(), empty=f"Computing the results {which} "
                               "simulated participants…")

    @Slot(object)
    def _staged(self, stage: Stage) -> None:
        """The stage the analysis is at, in the busy bar (the status beside it and the bar's
        tool tip)."""
        words = STAGE_WORDS[stage.name]
        if stage.question is not None:
            words += f" ({stage.question}, question {stage.n} of {stage.of})"
        self.status.setText(f"Computing the analysis: {words}…")
        self.progress.setToolTip(words)

    @Slot(object)
    def _compared_done(self, _frames: object) -> None:
        if not self.model.busy:
            self.progress.hide()
            self.status.setText(getattr(self, "_counts", ""))

    @Slot(str)
    def _failed(self, message: str) -> None:
        self.progress.hide()
        self.status.setText(f"Could not compute the results: {message}")

    # ------------------------------------------------------------------ actions

    def save_plot(self, name: str, path: Path) -> Path:
        """Write the named plot ("scores", "rt", "ratings", "abilities", "difficulty_rt") as
        PNG or SVG (by the suffix)."""
        plot = self.plots[name]
        return export_svg(plot, path) if path.suffix.lower() == ".svg" else export_png(plot, path)

    def _save(self, plot: ResultsPlot, name: str, suffix: str) -> None:
        default = str(Path.home() / f"{self.loaded.study.id}-{name}.{suffix}")
        path, _ = QtWidgets.QFileDialog.getSaveFileName(self, f"Save plot as {suffix.upper()}",
                                                        default, f"{suffix.upper()} (*.{suffix})")
        if path:
            key = next(k for k, p in self.plots.items() if p is plot)
            self.save_plot(key, Path(path))

    def open_export(self) -> ExportDialog:
        dialog = ExportDialog(self.loaded, self.db, tasks=self.tasks, parent=self)
        dialog.include_simulated.setChecked(self.model.options.include_simulated)
        for rule, box in dialog.exclude.items():  # the export writes what the window shows
            box.setChecked(box.isEnabled() and rule in self.model.options.exclude)
        dialog.show()
        return dialog

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        self.model.stop()
        super().closeEvent(event)


def _refill(combo: QtWidgets.QComboBox, entries: list[str], *, prefer_second: bool = False) -> None:
    """New entries (internal names, shown in words with the name as tool tip), keeping the
    current choice when it is still there (no change signals)."""
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    for entry in entries:
        combo.addItem(words(entry), entry)
        combo.setItemData(combo.count() - 1, entry, Qt.ItemDataRole.ToolTipRole)
    index = combo.findData(current)
    if index < 0:
        index = 1 if prefer_second and len(entries) > 1 else 0
    combo.setCurrentIndex(index)
    combo.blockSignals(False)
