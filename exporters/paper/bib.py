"""references.bib: every method and library the numbers come from, and this app's version."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from app import __version__


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "unknown"


# The reader-study method's papers, listed only where a reader study was analysed (paper.tex
# cites every entry).
MRMC_ENTRIES = [
    ("article", "obuchowski1995", {
        "author": "Obuchowski, Nancy A. and Rockette, Howard E.", "title": "Hypothesis testing "
        "of diagnostic accuracy for multiple readers and multiple tests: an {ANOVA} approach "
        "with dependent observations", "journal": "Communications in Statistics -- Simulation "
        "and Computation", "volume": "24", "number": "2", "pages": "285--308", "year": "1995"}),
    ("article", "hillis2005", {
        "author": "Hillis, Stephen L. and Obuchowski, Nancy A. and Schartz, Kevin M. and "
        "Berbaum, Kevin S.", "title": "A comparison of the {Dorfman-Berbaum-Metz} and "
        "{Obuchowski-Rockette} methods for receiver operating characteristic ({ROC}) data",
        "journal": "Statistics in Medicine", "volume": "24", "number": "10",
        "pages": "1579--1607", "year": "2005"}),
    ("article", "hillis2007", {
        "author": "Hillis, Stephen L.", "title": "A comparison of denominator degrees of "
        "freedom methods for multiple observer {ROC} analysis", "journal": "Statistics in "
        "Medicine", "volume": "26", "number": "3", "pages": "596--619", "year": "2007"}),
    ("article", "hillis2008", {
        "author": "Hillis, Stephen L. and Berbaum, Kevin S. and Metz, Charles E.",
        "title": "Recent developments in the {Dorfman-Berbaum-Metz} procedure for multireader "
        "{ROC} study analysis", "journal": "Academic Radiology", "volume": "15", "number": "5",
        "pages": "647--661", "year": "2008"}),
]


def references_bib(*, reader_study: bool = False) -> str:
    entries = [
        ("article", "krippendorff2011", {
            "author": "Krippendorff, Klaus", "title": "Computing {Krippendorff}'s Alpha-Reliability",
            "journal": "Departmental Papers (ASC), University of Pennsylvania",
            "year": "2011", "note": "Paper 43"}),
        ("misc", "castro2017", {
            "author": "Castro, Santiago", "title": "Fast {Krippendorff}: Fast computation of "
            "{Krippendorff}'s alpha agreement measure", "year": "2017",
            "howpublished": "\\url{https://github.com/pln-fing-udelar/fast-krippendorff}"}),
        ("misc", "krippendorffpy", {
            "author": "Castro, Santiago", "title": "krippendorff (Python package), version "
            + _version("krippendorff"), "year": "2017"}),
        ("article", "fleiss1971", {
            "author": "Fleiss, Joseph L.", "title": "Measuring nominal scale agreement among "
            "many raters", "journal": "Psychological Bulletin", "volume": "76", "number": "5",
            "pages": "378--382", "year": "1971"}),
        ("article", "cohen1960", {
            "author": "Cohen, Jacob", "title": "A coefficient of agreement for nominal scales",
            "journal": "Educational and Psychological Measurement", "volume": "20",
            "number": "1", "pages": "37--46", "year": "1960"}),
        ("article", "dawidskene1979", {
            "author": "Dawid, A. P. and Skene, A. M.", "title": "Maximum likelihood estimation "
            "of observer error-rates using the {EM} algorithm", "journal": "Journal of the "
            "Royal Statistical Society. Series C (Applied Statistics)", "volume": "28",
            "number": "1", "pages": "20--28", "year": "1979"}),
        ("misc", "calderon2025", {
            "author": "Calderon, Nitay and Reichart, Roi and Dror, Rotem",
            "title": "The Alternative Annotator Test for {LLM}-as-a-Judge: How to Statistically "
            "Justify Replacing Human Annotators with {LLMs}", "year": "2025",
            "howpublished": "arXiv:2501.10970"}),
        ("article", "holm1979", {
            "author": "Holm, Sture", "title": "A simple sequentially rejective multiple test "
            "procedure", "journal": "Scandinavian Journal of Statistics", "volume": "6",
            "number": "2", "pages": "65--70", "year": "1979"}),
        ("article", "bridges2020", {
            "author": "Bridges, David and Pitiot, Alain and MacAskill, Michael R. and Peirce, "
            "Jonathan W.", "title": "The timing mega-study: comparing a range of experiment "
            "generators, both lab-based and online", "journal": "PeerJ", "volume": "8",
            "pages": "e9414", "year": "2020"}),
        ("article", "scikit-learn", {
            "author": "Pedregosa, F. and others", "title": "Scikit-learn: Machine Learning in "
            "{P}ython (version " + _version("scikit-learn") + ")",
            "journal": "Journal of Machine Learning Research", "volume": "12",
            "pages": "2825--2830", "year": "2011"}),
        ("article", "scipy", {
            "author": "Virtanen, Pauli and others", "title": "{SciPy} 1.0: Fundamental "
            "Algorithms for Scientific Computing in {P}ython (version " + _version("scipy") + ")",
            "journal": "Nature Methods", "volume": "17", "pages": "261--272", "year": "2020"}),
        ("inproceedings", "statsmodels", {
            "author": "Seabold, Skipper and Perktold, Josef", "title": "statsmodels: "
            "Econometric and statistical modeling with {P}ython (version "
            + _version("statsmodels") + ")",
            "booktitle": "9th Python in Science Conference", "year": "2010"}),
        ("article", "landis1977", {
            "author": "Landis, J. Richard and Koch, Gary G.", "title": "The measurement of "
            "observer agreement for categorical data", "journal": "Biometrics", "volume": "33",
            "number": "1", "pages": "159--174", "year": "1977"}),
        ("misc", "wei2025", {
            "author": "Wei, Kevin L. and Paskov, Patricia and Dev, Sunishchal and Byun, "
            "Michael J. and others", "title": "Recommendations and Reporting Checklist for "
            "Rigorous \\& Transparent Human Baselines in Model Evaluations",
            "howpublished": "ICML 2025 position paper, arXiv:2506.13776", "year": "2025"}),
        ("misc", "baselinestudio", {
            "author": "{Baseline Studio contributors}", "title": "Baseline Studio, version "
            + __version__.replace("_", "\\_"), "year": "2026",
            "note": "Human baselines for AI benchmarks"}),
    ]
    if reader_study:
        entries[-1:-1] = MRMC_ENTRIES
    out = []
    for kind, key, fields in entries:
        body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields.items())
        out.append(f"@{kind}{{{key},\n{body}\n}}\n")
    return "\n".join(out)
