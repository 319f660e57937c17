"""Plain words for the internal names the results frames carry (`row_kind`, `hf_subset=eng`,
`krippendorff_alpha`): what the results window shows, with the internal name in a tool tip.
The frames and the exported files keep the internal names; only the screen reads them out."""

from __future__ import annotations

import re

# Column names of the results frames (app.results.*): a reader's words.
COLUMNS = {
    "row_kind": "Row", "who": "Who", "illustrative": "Made up?", "note": "Note",
    "question_id": "Question", "item_id": "Item", "prompt": "Question asked", "rater": "Rated by",
    "group_by": "Grouped by", "group": "Group", "n": "N", "participant": "Participant",
    "comment": "Comment", "n_na": "N/A answers",
    "mean": "Mean", "sd": "SD", "median": "Median", "n_raters": "Raters",
    "statistic": "Statistic", "level": "Measurement level", "value": "Value",
    "ci_low": "95% CI low", "ci_high": "95% CI high", "n_items": "Items",
    "interpretation": "Reading", "unit": "Per", "category": "Category",
    "category_value": "Category value", "model": "Model", "rt_statistic": "Response time",
    "rt_basis": "Answers counted", "method": "Correlation", "r": "r", "p": "p",
    "dispute": "Disagreement", "gold_share": "Share answering gold",
    "most_common_answer": "Most common answer", "most_common_share": "Its share",
    "gold": "Gold answer", "majority_differs_from_gold": "Majority is not gold",
    "categories": "Categories", "mean_rt_ms": "Mean RT (ms)", "median_rt_ms": "Median RT (ms)",
    "n_correct": "Correct answers", "mean_rt_correct_ms": "Mean RT, correct (ms)",
    "median_rt_correct_ms": "Median RT, correct (ms)", "human_score": "Human score",
    "model_score": "Model score", "n_models": "Models", "humans_left_out": "Humans left out",
    "human_kind": "Human side", "human": "Human", "metric": "Metric",
    "human_value": "Human score", "model_value": "Model score",
    "difference": "Difference (human - model)", "p_value": "p", "p_holm": "p (Holm)",
    "difficulty": "Difficulty (logits)", "se": "SE", "p_correct_humans": "Share correct, humans",
    "p_correct_models": "Share correct, models", "epsilon": "Margin (epsilon)",
    "winning_rate": "Winning rate", "advantage_probability": "Advantage probability",
    "passed": "Passed", "n_humans": "Humans", "ci_kind": "Interval covers",
    "p_method": "p from", "p_mc_error": "p's Monte Carlo error", "holm_family": "Holm family",
    "significant": "Significant (Holm, 0.05)",
}
# Values that are internal names themselves (kinds of rows, statistics, metrics, categories).
VALUES = {
    "tier": "tier", "humans": "all raters", "pooled": "pooled (majority vote)",
    "model": "model", "published": "published score", "rating_group": "mean rating per group",
    "krippendorff_alpha": "Krippendorff's alpha", "fleiss_kappa": "Fleiss' kappa",
    "mean_pairwise_cohen_kappa": "mean pairwise Cohen's kappa",
    "mean_percent_agreement": "mean % agreement",
    "mean_pairwise_spearman": "mean pairwise Spearman", "mean_pairwise_ari": "mean pairwise ARI",
    "mean_query_spearman": "mean Spearman per query",
    "mean_query_kendall_tau": "mean Kendall's tau per query",
    "mean_query_binary_kappa": "mean binary kappa per query",
    "accuracy": "accuracy", "f1": "F1 (macro)", "f1_weighted": "F1 (weighted)",
    "precision": "precision (macro)", "recall": "recall (macro)", "map": "MAP",
    "mrr@10": "MRR@10", "ndcg@10": "nDCG@10", "v_measure": "V-measure", "ari": "ARI",
    "ami": "AMI", "spearman": "Spearman", "pearson": "Pearson", "mse": "MSE",
    "mean": "mean rating", "judged_positive": "share judged human",
    "hf_subset": "subset", "mteb_task": "task", "task_type": "task type",
    "all": "all answers", "correct": "correct answers only", "item": "item",
}
# Columns whose values are names to read out (the rest are data: shown as they are).
NAME_COLUMNS = frozenset({"row_kind", "statistic", "rt_basis", "method", "unit", "group_by",
                          "category", "who", "categories", "human_kind", "metric"})
_WIDE = re.compile(r"^(?P<question>\S+) (?P<metric>\S+)(?: \[(?P<cat>[^=\]]+)=(?P<val>.*)\])?$")


def words(name: str) -> str:
    """A known internal name in words, else the name with spaces for underscores."""
    if name in VALUES:
        return VALUES[name]
    return name.replace("_", " ")


def category_value(text: str) -> str:
    """`hf_subset=eng` -> `subset: eng`; other text as it is."""
    key, sep, value = text.partition("=")
    if not sep or not key or " " in key:
        return text
    return f"{words(key)}: {value.replace('_', ' ')}"  # (nail_pitting: a value in words too)


def column_label(column: str) -> str:
    """A results column in words: `row_kind` -> `Row`, `label accuracy [hf_subset=eng]` ->
    `label: accuracy, subset eng`."""
    if column in COLUMNS:
        return COLUMNS[column]
    match = _WIDE.match(column)
    if match:
        text = f"{match['question']}: {words(match['metric'])}"
        if match["cat"]:
            text += f" ({words(match['cat'])}: {match['val']})"
        return text
    return words(column)


def value_label(column: str, text: str) -> str:
    """A cell's text in words where the column holds names (row kinds, statistics...)."""
    if column not in NAME_COLUMNS or not text:
        return text
    if column == "categories":  # "author_type=human; form=limerick"
        return "; ".join(category_value(part) for part in text.split("; "))
    if "=" in text:
        return category_value(text)
    if column == "who":  # participant codes and model names are names of their own
        return text
    if column == "category" and text == "all":  # gaps: the cell of all items
        return "all items"
    return words(text) if text in VALUES or "_" in text else text
