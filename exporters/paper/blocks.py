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

    def render(self) -> str:
        name = marker_name(self.name)
        body = [" & ".join(self.header) + r" \\", r"\midrule"]
        for k, rows in enumerate(s for s in self.sections if s):
            if k:
                body.append(r"\midrule")
            body += [" & ".join(row) + r" \\" for row in rows]
        tabular = [rf"\begin{{tabular}}{{{self.align}}}", r"\toprule", *body, r"\bottomrule",
                   r"\end{tabular}"]
        # Scaled down only when wider than the text (graphicx's \width is the natural width).
        tabular = [r"\resizebox{\ifdim\width>\linewidth\linewidth\else\width\fi}{!}{%",
                   *tabular, "}"]
        lines = [f"%% BEGIN {name}", r"\begin{table}[htbp]", r"\centering", r"\small",
                 rf"\caption{{{self.caption}}}", rf"\label{{tab:{name}}}", *tabular]
        if self.notes:
            lines += [r"\par\smallskip", rf"\parbox{{\linewidth}}{{\footnotesize {self.notes}}}"]
        lines += [r"\end{table}", f"%% END {name}", ""]
        return "\n".join(lines)


def render_all(tables: Sequence[Table]) -> str:
    return "\n".join(t.render() for t in tables)
