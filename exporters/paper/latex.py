"""LaTeX text and numbers for the paper folder: every text escaped, every number formatted once.

`Numbers` is the one place a number becomes text, so the tables, the methods paragraph and
summary.json agree and a test can check each printed number against the CSV value it came from:
printed == `Numbers.<kind>(csv value)`. `digits` (export --digits) is the decimals of a
percentage; coefficients get one more, p values two more, milliseconds none.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from typing import Any

DEFAULT_DIGITS = 1  # 61.4 (%), 0.55 (alpha), 0.031 (p): as papers print them
_SPECIAL = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "%": r"\%", "$": r"\$",
    "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
    # In braces: a table row starting with [ would be read as the previous row's \\[length],
    # and ?` or !` would become the inverted marks.
    "[": "{[}", "]": "{]}", "`": "{`}",
}
# Beyond ASCII, the characters pdflatex's utf8 input can set in T1 and TS1 (the paper's
# \usepackage[T1]{fontenc}), from TeX Live's t1enc.dfu and ts1enc.dfu, plus the ellipsis the
# kernel defines; anything else (Arabic, Cyrillic, CJK, the long s) has no glyph there and
# would stop the compile, so it prints as '?'.
_T1_TS1 = (
    (0x00A0, 0x00AC), (0x00AE, 0x00B7), (0x00B9, 0x0125), (0x0128, 0x0137), (0x0139, 0x013E),
    (0x0141, 0x0148), (0x014A, 0x0165), (0x0168, 0x017E), 0x0192, (0x01C4, 0x01D4),
    (0x01E2, 0x01E3), (0x01E6, 0x01EB), 0x01F0, (0x01F4, 0x01F5), (0x0218, 0x021B),
    (0x0232, 0x0233), 0x0237, 0x02C7, (0x02D8, 0x02D9), 0x02DB, 0x02DD, 0x0E3F, (0x1E02, 0x1E03),
    0x1E0D, (0x1E1E, 0x1E21), 0x1E25, (0x1E30, 0x1E31), 0x1E37, 0x1E43, 0x1E45, 0x1E47, 0x1E5B,
    0x1E63, 0x1E6D, (0x1E8E, 0x1E91), 0x1E9E, (0x1EF2, 0x1EF3), (0x2010, 0x2016),
    (0x2018, 0x201A), (0x201C, 0x201E), (0x2020, 0x2022), 0x2026, (0x2030, 0x2031),
    (0x2039, 0x203B), 0x203D, 0x2044, 0x204E, 0x2052, 0x20A1, 0x20A4, 0x20A6, 0x20A9,
    (0x20AB, 0x20AC), 0x20B1, 0x2103, (0x2116, 0x2117), 0x211E, 0x2120, 0x2122, (0x2126, 0x2127),
    0x212E, (0x2190, 0x2193), (0x2329, 0x232A), (0x2422, 0x2423), 0x25E6, 0x25EF, 0x266A,
    (0x27E8, 0x27E9), (0x3008, 0x3009), (0xFB00, 0xFB06),
)
SETTABLE = frozenset(chr(c) for span in _T1_TS1 for c in (
    range(span[0], span[1] + 1) if isinstance(span, tuple) else (span,)))
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
    """`text` as LaTeX source that prints it, whatever it holds: the special characters
    escaped, line breaks and tabs as spaces, control characters (DEL, U+0085 too) dropped,
    characters without a glyph in T1/TS1 as '?'. The one escaping function of paper/."""
    out = []
    for ch in str(text):
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
        elif ch in "\n\t\r\u2028\u2029":
            out.append(" ")
        elif " " <= ch < "\x7f" or ch in SETTABLE:
            out.append(ch)
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            continue  # control, format and unassigned characters print nothing
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
