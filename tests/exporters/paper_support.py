"""Helpers for the paper tests: export a bundled study with simulated raters, compile paper/,
read the numbers back out of the .tex files."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from exporters.export_all import export_all
from exporters.paper.latex import parse_number
from tests.results_support import import_rows, simulated_rows

NUMBER = re.compile(r"(?:\$-\$)?\d+(?:\.\d+)?")


def export_with_raters(folder: Path, db: Database, tmp: Path, *, n_boot: int = 50,
                       digits: int = 1) -> tuple[LoadedStudy, Path]:
    """The study answered by three simulated raters (one per tier where it has tiers), exported."""
    loaded = load_study(folder)
    tiers = next((f for f in loaded.study.profile_fields if f.id == "tier"), None)
    keys = [o.key for o in tiers.options] if tiers else [""]
    raters = [(f"R{n}", keys[n % len(keys)], 0.6 + 0.1 * n) for n in range(3)]
    import_rows(loaded, db, simulated_rows(loaded, raters, seed=len(folder.name)), tmp)
    out = tmp / "out"
    export_all(loaded, db, out, options=ResultsOptions(n_boot=n_boot), digits=digits)
    return loaded, out


def need_pdflatex() -> None:
    if not (shutil.which("pdflatex") and shutil.which("bibtex")):
        pytest.skip("pdflatex/bibtex not installed (Debian: texlive-latex-base, "
                    "texlive-latex-recommended; .ci/run installs them)")


def compile_paper(paper: Path) -> Path:
    """pdflatex, bibtex, pdflatex twice, as an author would; the PDF, or a failure with the log."""
    def run(*cmd: str) -> None:
        # (TeX prints the 8-bit characters it sets as they are: not always UTF-8)
        done = subprocess.run(cmd, cwd=paper, capture_output=True, text=True, errors="replace",
                              timeout=120)
        if done.returncode != 0:
            log = (paper / "paper.log").read_text(errors="replace") if (
                paper / "paper.log").exists() else ""
            errors = [line for line in (done.stdout + log).splitlines() if line.startswith("!")]
            pytest.fail(f"{' '.join(cmd)} failed in {paper}: {errors[:5] or done.stdout[-2000:]}")
    latex = ("pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex")
    run(*latex)
    run("bibtex", "paper")
    run(*latex)
    run(*latex)
    pdf = paper / "paper.pdf"
    assert pdf.exists() and pdf.stat().st_size > 1000
    return pdf


def block(tex: str, name: str) -> str:
    """The text between `%% BEGIN name` and `%% END name`."""
    match = re.search(rf"^%% BEGIN {re.escape(name)}\n(.*?)^%% END {re.escape(name)}$", tex,
                      re.S | re.M)
    assert match, f"no table {name} in tables.tex"
    return match.group(1)


def tabulars_of(table: str) -> list[list[list[str]]]:
    """The rows of each tabular of a table (a wide one is stacked in several)."""
    return [rows_of(part) for part in table.split(r"\end{tabular}")[:-1]]


def rows_of(table: str) -> list[list[str]]:
    """The body rows of a (single) tabular, header first, cells stripped."""
    body = table.split(r"\toprule", 1)[1].split(r"\bottomrule", 1)[0]
    rows = []
    for line in body.splitlines():
        line = line.strip()
        if line.endswith(r"\\"):
            rows.append([c.strip() for c in re.split(r"(?<!\\)&", line[:-2])])
    return rows


def numbers_in(cell: str) -> list[float]:
    """Every number in a cell, in order (bold, daggers and \\scriptsize ignored)."""
    text = re.sub(r"\\(textbf|scriptsize|textsuperscript|dag)", " ", cell)
    return [parse_number(m) for m in NUMBER.findall(text)]


def unescape(text: str) -> str:
    return re.sub(r"\\([&%$#_{}])", r"\1", text)
