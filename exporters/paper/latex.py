"""LaTeX text and numbers for the paper folder: every text escaped, every number formatted once.

`Numbers` is the one place a number becomes text, so the tables, the methods paragraph and
summary.json agree and a test can check each printed number against the CSV value it came from:
printed == `Numbers.<kind>(csv value)`. `digits` (export --digits) is the decimals of a
percentage; coefficients get one more, p values two more, milliseconds none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

DEFAULT_DIGITS = 1  # 61.4 (%), 0.55 (alpha), 0.031 (p): as papers print them
_SPECIAL = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "%": r"\%", "$": r"\$",
    "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
}
# Typographic characters pdflatex's default utf8 input knows; other non-Latin-1 characters
# (Arabic, Cyrillic, CJK) have no glyph in the default fonts and would stop the compile.
_KNOWN = set("–—‘’“”…•€")
# Proportions print as percentages; correlations and chance-adjusted indices (which can be
# negative) on their own scale.
PERCENT_METRICS = frozenset({
    "accuracy", "f1", "f1_weighted", "precision", "recall", "map", "mrr@10", "ndcg@10",
    "v_measure", "judged_positive",
})
LOWER_IS_BETTER = frozenset({"mse"})
MINUS = "$-$"


def label(name: object) -> str:
    """A category's name or value as a reader reads it (`lesion_type` -> `lesion type`,
    `nail_pitting` -> `nail pitting`), escaped; the CSVs keep the names as they are."""
    return escape(str(name).replace("_", " "))


def escape(text: object) -> str:
    """`text` as LaTeX source that prints it (characters without a glyph become '?')."""
    out = []
    for ch in str(text):
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
        elif ch == "\n" or ch == "\t":
            out.append(" ")
        elif ord(ch) < 32:
            continue
        elif ord(ch) < 0x250 or ch in _KNOWN:
            out.append(ch)
        else:
            out.append("?")
    return "".join(out)


def parse_number(text: str) -> float:
    """A number as `Numbers` prints it, back to a float (for the tests and readers)."""
    return float(text.replace(MINUS, "-").replace(",", ""))


@dataclass(frozen=True)
class Numbers:
    digits: int = DEFAULT_DIGITS

    def _fixed(self, value: Any, decimals: int) -> str:
        value = real_number(value)
        if value is None:
            return "--"
        text = f"{value:.{max(decimals, 0)}f}"
        if text.startswith("-"):
            body = text[1:]
            # -0.0 after rounding is printed as 0.0
            return body if float(body) == 0 else MINUS + body
        return text

    def scale(self, metric: str) -> float:
        return 100.0 if metric in PERCENT_METRICS else 1.0

    def metric(self, value: Any, metric: str) -> str:
        """A score: percentages for proportions, coefficients on their own scale."""
        if metric in PERCENT_METRICS:
            return self._fixed(value * 100.0, self.digits)
        return self._fixed(value, self.digits + 1)

    def coef(self, value: Any) -> str:
        return self._fixed(value, self.digits + 1)

    def mean(self, value: Any) -> str:
        return self._fixed(value, self.digits + 1)

    def p(self, value: Any) -> str:
        value = real_number(value)
        if value is not None and value < 10 ** -(self.digits + 2):
            return f"<{self._fixed(10 ** -(self.digits + 2), self.digits + 2)}"
        return self._fixed(value, self.digits + 2)

    def ms(self, value: Any) -> str:
        return self._fixed(value, 0)

    def count(self, value: Any) -> str:
        return self._fixed(value, 0)

    def interval(self, low: Any, high: Any, fmt: str, metric: str = "") -> str:
        """`[58.2, 64.5]`, or '' when there is no interval (no bootstrap)."""
        if real_number(low) is None or real_number(high) is None:
            return ""
        # A narrow interval is printed with as many more decimals as it takes for its ends to
        # differ: [0.158, 0.163], never the point [0.16, 0.16].
        for extra in range(4):
            numbers = Numbers(self.digits + extra)
            show = (lambda v, n=numbers: n.metric(v, metric)) if fmt == "metric" else numbers.coef
            text_low, text_high = show(low), show(high)
            if text_low != text_high or float(low) == float(high):
                break
        return f"[{text_low}, {text_high}]"


def real_number(value: Any) -> float | None:
    """A finite float, or None (missing, NaN, infinite, not a number)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def better(a: float, b: float, metric: str) -> bool:
    return a < b if metric in LOWER_IS_BETTER else a > b
