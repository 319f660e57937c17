"""A booktabs table between `%% BEGIN <name>` / `%% END <name>` markers, so each can be lifted
into a manuscript as it is."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field


def marker_name(text: str) -> str:
    """A marker and label name: letters, digits and '-' only."""
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "table"


@dataclass
class Table:
    name: str
    caption: str  # LaTeX source (already escaped)
    header: list[str]  # LaTeX source
    align: str  # e.g. "llrr"
    sections: list[list[list[str]]] = field(default_factory=list)  # midrule between sections
    notes: str = ""  # LaTeX source under the table
    split: int = 0  # >0: at most this many columns after the lead ones per tabular, stacked
    lead: int = 1  # columns repeated in every stacked tabular (the row labels)

    def _tabular(self, keep: list[int]) -> list[str]:
        def pick(cells: list[str]) -> str:
            return " & ".join(cells[i] for i in keep) + r" \\"
        body = [pick(self.header), r"\midrule"]
        for k, rows in enumerate(s for s in self.sections if s):
            if k:
                body.append(r"\midrule")
            body += [pick(row) for row in rows]
        specs = re.findall(r"p\{[^}]*\}|[lrc]", self.align)  # one per column
        align = "".join(specs[i] for i in keep)
        # Scaled down only when wider than the text (graphicx's \width is the natural width).
        return [r"\resizebox{\ifdim\width>\linewidth\linewidth\else\width\fi}{!}{%",
                rf"\begin{{tabular}}{{{align}}}", r"\toprule", *body, r"\bottomrule",
                r"\end{tabular}", "}"]

    def render(self) -> str:
        name = marker_name(self.name)
        width = len(self.header)
        columns = max(width - self.lead, 1)
        parts = -(-columns // self.split) if self.split > 0 else 1
        step = -(-columns // parts)  # balanced: 11 columns in 4 + 4 + 3, not 5 + 5 + 1
        tabular: list[str] = []
        # Many category values: the columns in several stacked tabulars, each with the row
        # labels, rather than one scaled down until it cannot be read.
        for start in range(self.lead, max(width, self.lead + 1), step):
            if tabular:
                tabular.append(r"\par\medskip")
            tabular += self._tabular([*range(self.lead),
                                      *range(start, min(start + step, width))])
        lines = [f"%% BEGIN {name}", r"\begin{table}[htbp]", r"\centering", r"\small",
                 rf"\caption{{{self.caption}}}", rf"\label{{tab:{name}}}", *tabular]
        if self.notes:
            lines += [r"\par\smallskip", rf"\parbox{{\linewidth}}{{\footnotesize {self.notes}}}"]
        lines += [r"\end{table}", f"%% END {name}", ""]
        return "\n".join(lines)


def render_all(tables: Sequence[Table]) -> str:
    return "\n".join(t.render() for t in tables)
