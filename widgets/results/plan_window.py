"""The designer's Plan view: how many raters per item the study needs, as a plot of the expected
confidence-interval widths against raters per item (`app.simulation.planning.make_plan`, the
same numbers as `baseline-studio plan`), computed on the task manager's read pool."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from app.simulation.planning import (
    DEFAULT_RATERS,
    HOURS,
    PARTICIPANTS,
    PLAN_COLUMNS,
    RATERS,
    RECOMMENDED,
    TARGET_HUMAN,
    WIDTH_ALPHA,
    WIDTH_GAP,
    WIDTH_HUMAN,
    Plan,
    make_plan,
    plan_target,
)
from app.storage.database import Database
from app.study.loader import LoadedStudy
from widgets.plotting import export_png, export_svg, pg
from widgets.qt import Qt, QtWidgets, QWidget, Signal, Slot
from widgets.results.plots import ResultsPlot
from widgets.results.tables import fill_table, results_table
from widgets.tasks import Job, TaskManager, describe_error

SERIES = [(WIDTH_HUMAN, "human score", "#1F77B4"),
          (WIDTH_GAP, "gap to the models (widest)", "#FF7F0E"),
          (WIDTH_ALPHA, "Krippendorff's alpha", "#2CA02C")]


class PlanPlot(ResultsPlot):
    """Each expected width against raters per item, the target as a dashed line and the
    recommended design marked."""

    def show_plan(self, plan: Plan | None, target_width: float) -> None:
        self.reset("Expected 95% CI width against raters per item", "raters per item",
                   "expected CI width")
        if plan is None or not plan.rows:
            self.say_empty("No choice or rating question to plan for")
            return
        rows = pd.DataFrame(plan.rows, columns=PLAN_COLUMNS)
        x = rows[RATERS].to_numpy(dtype=float)
        top = 0.0
        for column, label, colour in SERIES:
            y = rows[column].to_numpy(dtype=float)
            if not np.isfinite(y).any():
                continue
            self.plot(x, y, pen=pg.mkPen(colour, width=2), symbol="o", symbolBrush=colour,
                      symbolSize=8, name=label)
            self.n_items += 1
            top = max(top, float(np.nanmax(y)))
        # (a rating's human score has its target on its own scale; the line is the target of
        # the proportions and alpha, and of the human score where it is a proportion)
        self.addItem(pg.InfiniteLine(pos=target_width, angle=0, label=f"target {target_width:g}",
                                     pen=pg.mkPen("#C44E52", width=1.5,
                                                  style=Qt.PenStyle.DashLine),
                                     labelOpts={"position": 0.9, "color": "#C44E52"}))
        chosen = rows[rows[RECOMMENDED].astype(bool)]
        if not chosen.empty:
            self.addItem(pg.InfiniteLine(pos=float(chosen[RATERS].iloc[0]), angle=90,
                                         label="recommended", pen=pg.mkPen("#555", width=1),
                                         labelOpts={"position": 0.95, "color": "#333"}))
        self.getPlotItem().getAxis("bottom").setTicks([[(v, f"{v:g}") for v in x]])
        self.setXRange(float(x.min()) - 0.5, float(x.max()) + 0.5)
        self.setYRange(0.0, max(top, target_width) * 1.1)


class PlanWindow(QtWidgets.QMainWindow):
    """Choices on top (raters per item, items, target width, runs, pilot or not), the plot,
    the table; Compute runs the Monte Carlo on the read pool."""

    computed = Signal(object)  # Plan | None

    def __init__(self, loaded: LoadedStudy, db: Database | None = None,
                 parent: QWidget | None = None, *, tasks: TaskManager | None = None) -> None:
        super().__init__(parent)
        self.tasks = TaskManager.given_or_own(tasks, self)
        self.loaded, self.db = loaded, db
        self.plan: Plan | None = None
        self.setWindowTitle(f"Plan · {loaded.study.title}")
        target = plan_target(loaded)
        central = QWidget(self)
        layout = QtWidgets.QVBoxLayout(central)
        form = QtWidgets.QHBoxLayout()
        self.raters = QtWidgets.QLineEdit(",".join(str(r) for r in DEFAULT_RATERS), central)
        self.items = QtWidgets.QSpinBox(central)
        self.items.setRange(2, 1_000_000)
        self.items.setValue(max(2, len(target.items)) if target else 2)
        self.target_width = QtWidgets.QDoubleSpinBox(central)
        self.target_width.setRange(0.01, 2.0)
        self.target_width.setSingleStep(0.05)
        self.target_width.setValue(0.2)
        self.runs = QtWidgets.QSpinBox(central)
        self.runs.setRange(2, 10_000)
        self.runs.setValue(60)
        for label, widget in (("Raters per item:", self.raters), ("Items:", self.items),
                              ("Target width:", self.target_width), ("Runs:", self.runs)):
            form.addWidget(QtWidgets.QLabel(label, central))
            form.addWidget(widget)
        self.use_pilot = QtWidgets.QCheckBox("Rates from the responses so far", central)
        self.use_pilot.setEnabled(db is not None)
        self.use_pilot.setChecked(db is not None)
        form.addWidget(self.use_pilot)
        self.compute_button = QtWidgets.QPushButton("Compute", central)
        self.compute_button.clicked.connect(self.compute)
        form.addWidget(self.compute_button)
        form.addStretch(1)
        layout.addLayout(form)
        self.status = QtWidgets.QLabel("", central)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.plot = PlanPlot()
        self.table = results_table(central)
        splitter = QtWidgets.QSplitter(central)
        splitter.setOrientation(splitter.orientation().Vertical)
        splitter.addWidget(self.plot)
        splitter.addWidget(self.table)
        splitter.setSizes([480, 200])
        layout.addWidget(splitter, 1)
        self.setCentralWidget(central)
        self.resize(1100, 780)
        self._job: Job | None = None

    def _raters(self) -> tuple[int, ...] | None:
        try:
            values = tuple(sorted({int(v) for v in self.raters.text().split(",") if v.strip()}))
        except ValueError:
            return None
        return values if values and values[0] >= 2 else None

    @Slot()
    def compute(self) -> None:
        raters = self._raters()
        if raters is None:
            self.status.setText("Raters per item: whole numbers of 2 or more, separated by "
                                "commas (e.g. 2,3,4,6,8).")
            return
        if self._job is not None:
            return
        self.compute_button.setEnabled(False)
        self.status.setText("Computing…")
        loaded, db = self.loaded, (self.db if self.use_pilot.isChecked() else None)
        options: dict[str, Any] = {"raters": raters, "n_items": self.items.value(),
                                   "runs": self.runs.value(),
                                   "target_width": self.target_width.value()}

        def work() -> Plan | None:
            frame = None
            if db is not None:
                from app.results.frame import responses_frame

                frame = responses_frame(loaded, db)
            return make_plan(loaded, frame, **options)

        self._job = self.tasks.run_read(work, on_done=self._done, on_error=self._failed,
                                        label="computing the plan")

    def _failed(self, error: BaseException) -> None:
        self._job = None
        self.compute_button.setEnabled(True)
        self.status.setText(f"Could not compute the plan: {describe_error(error)}")

    def _done(self, plan: Plan | None) -> None:
        self._job = None
        self.compute_button.setEnabled(True)
        self.plan = plan
        target_width = self.target_width.value()
        self.plot.show_plan(plan, target_width)
        rows = pd.DataFrame(plan.rows if plan else [], columns=PLAN_COLUMNS)
        fill_table(self.table, rows)
        self.status.setText(_summary(plan, rows, target_width))
        self.computed.emit(plan)

    def save_plot(self, path: Path) -> Path:
        return export_svg(self.plot, path) if path.suffix.lower() == ".svg" else export_png(
            self.plot, path)

    def closeEvent(self, event: Any) -> None:
        if self._job is not None:  # the numbers are only shown: nobody is left to see them
            self._job.cancel()
            self._job = None
            self.compute_button.setEnabled(True)
        super().closeEvent(event)


def _summary(plan: Plan | None, rows: pd.DataFrame, target_width: float) -> str:
    if plan is None:
        return "This study has no choice or rating question on its trial items to plan for."
    head = f"Question {plan.target.question_id!r}; {plan.source()}."
    chosen = rows[rows[RECOMMENDED].astype(bool)]
    if chosen.empty:
        human = float(rows[TARGET_HUMAN].iloc[0]) if not rows.empty else target_width
        scale = f" ({human:g} for the human score)" if human != target_width else ""
        return (f"{head} No design here meets the target width {target_width:g}{scale}: try "
                "more items or more raters per item.")
    best = chosen.iloc[0]
    hours = math.ceil(float(best[HOURS]) * 10) / 10
    return (f"{head} Recommended: {int(best[RATERS])} raters per item, "
            f"{int(best[PARTICIPANTS])} participants, about {hours:g} hours of work.")
