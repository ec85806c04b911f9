"""Summaries of a study's results: mean, standard deviation and 95 % confidence interval.

Replications of one configuration (all parameters equal, RngRun different) are independent
runs, so the interval is Student-t: mean +- t(0.975, n - 1) s / sqrt(n) (seed 000's method).
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

from .spec import Study, StudyError, load_study

__all__ = ["read_results", "summarize", "format_table", "results_dir", "t_interval"]

_FIXED_COLUMNS = {"run_id", "status", "rng_run", "wall_s", "log", "error"}


def results_dir(target, out=None) -> tuple:
    """(results directory, study.json content) for a results directory or a study file."""
    path = Path(target)
    if out is not None:
        directory = Path(out)
    elif path.is_dir():
        directory = path
    else:
        study = load_study(target)
        from .runner import default_out_dir

        directory = default_out_dir(study)
    meta_path = directory / "study.json"
    if not meta_path.is_file():
        raise StudyError(f"{directory}: no study results here (study.json missing); run the "
                         "study first: python -m hostnet run <study file>")
    return directory, json.loads(meta_path.read_text())


def _number(text):
    """The value of a CSV cell: int, float, or the string itself."""
    for convert in (int, float):
        try:
            return convert(text)
        except (TypeError, ValueError):
            pass
    return text


def read_results(directory, only_ok=True) -> list:
    """The rows of results.csv, numbers converted, one per run id (the last one wins).

    A torn last line (a kill -9 while appending) is skipped.
    """
    path = Path(directory) / "results.csv"
    if not path.is_file():
        return []
    rows = {}
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        for row in reader:
            if None in row or any(v is None for v in row.values()) or not row.get("run_id"):
                continue  # short or over-long row: torn write
            rows[row["run_id"]] = {k: (_number(v) if v != "" else None) for k, v in row.items()}
    result = list(rows.values())
    return [r for r in result if r["status"] == "ok"] if only_ok else result


def t_interval(values) -> tuple:
    """(mean, std, half-width of the 95 % Student-t interval); std and half-width are nan
    for fewer than two values."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    from scipy.stats import t

    return mean, std, t.ppf(0.975, n - 1) * std / math.sqrt(n)


def summarize(target, out=None, metrics=None, write=True) -> list:
    """Summarize a study (a results directory, a study file, a Study or dict).

    Returns tidy rows, one per configuration and metric: the swept parameters, ``metric``,
    ``n``, ``mean``, ``std``, ``ci95`` (half-width), ``low``, ``high``. With @p write, also
    writes them to summary.csv in the results directory.
    """
    if isinstance(target, (Study, dict)):
        from .runner import default_out_dir

        study = load_study(target)
        directory, meta = results_dir(out or default_out_dir(study))
    else:
        directory, meta = results_dir(target, out)
    rows = read_results(directory)
    swept = list(meta.get("swept", []))
    if not rows:
        return []
    metric_names = metrics or _metric_columns(rows[0], meta)
    unknown = [m for m in metric_names if m not in rows[0]]
    if unknown:
        raise StudyError(f"unknown metric(s) {unknown}; the results have: "
                         f"{', '.join(_metric_columns(rows[0], meta))}")
    groups = {}
    for row in rows:
        key = tuple(row.get(p) for p in swept)
        groups.setdefault(key, []).append(row)
    summary = []
    for key in sorted(groups, key=lambda k: [(str(type(v)), v) for v in k]):
        for metric in metric_names:
            values = [r[metric] for r in groups[key] if isinstance(r.get(metric), (int, float))]
            mean, std, half = t_interval(values)
            summary.append({**dict(zip(swept, key)), "metric": metric, "n": len(values),
                            "mean": mean, "std": std, "ci95": half, "low": mean - half,
                            "high": mean + half})
    if write:
        columns = swept + ["metric", "n", "mean", "std", "ci95", "low", "high"]
        with open(directory / "summary.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=columns)
            writer.writeheader()
            writer.writerows(summary)
    return summary


def _metric_columns(row, meta) -> list:
    params = set(meta.get("swept", [])) | set(meta.get("study", {}).get("parameters", {}))
    return [k for k in row if k not in _FIXED_COLUMNS and k not in params]


def format_table(summary, metrics=None) -> str:
    """A plain-text table: one line per configuration, ``mean +- ci95`` per metric."""
    if not summary:
        return "(no finished runs)"
    params = [k for k in summary[0] if k not in
              ("metric", "n", "mean", "std", "ci95", "low", "high")]
    names = metrics or list(dict.fromkeys(r["metric"] for r in summary))
    table = {}
    for r in summary:
        if r["metric"] in names:
            table.setdefault(tuple(r[p] for p in params), {})[r["metric"]] = r
    header = params + ["n"] + names
    lines = [header]
    for key, cells in table.items():
        n = max(c["n"] for c in cells.values())
        line = [str(v) for v in key] + [str(n)]
        for m in names:
            c = cells.get(m)
            if c is None or c["n"] == 0:
                line.append("-")
            elif math.isnan(c["ci95"]):
                line.append(f"{c['mean']:.4g}")
            else:
                line.append(f"{c['mean']:.4g} +- {c['ci95']:.2g}")
        lines.append(line)
    widths = [max(len(l[i]) for l in lines) for i in range(len(header))]
    out = ["  ".join(cell.ljust(w) for cell, w in zip(l, widths)) for l in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def best_by(summary, metric, x, by="scheme", lower=True) -> list:
    """For each value of @p x, the value of @p by with the best mean @p metric.

    @return rows ``{x: ..., by: ..., "mean": ..., "ci95": ..., "runner_up": ..., "separated":
            bool}``; ``separated`` says whether the best's 95 % interval does not overlap the
            runner-up's (otherwise the replications cannot tell them apart).
    """
    rows = [r for r in summary if r["metric"] == metric]
    if not rows:
        raise StudyError(f"no results for metric {metric!r}")
    for name in (x, by):
        if name not in rows[0]:
            raise StudyError(f"{name!r} is not a swept parameter; allowed: "
                             f"{', '.join(k for k in rows[0] if k not in _SUMMARY_COLUMNS)}")
    answer = []
    for value in sorted({r[x] for r in rows}, key=lambda v: (str(type(v)), v)):
        ranked = sorted((r for r in rows if r[x] == value and r["n"] > 0),
                        key=lambda r: r["mean"], reverse=not lower)
        if not ranked:
            continue
        best = ranked[0]
        second = ranked[1] if len(ranked) > 1 else None
        separated = second is not None and not any(
            math.isnan(v) for v in (best["ci95"], second["ci95"])) and (
            best["high"] < second["low"] if lower else best["low"] > second["high"])
        answer.append({x: value, by: best[by], "mean": best["mean"], "ci95": best["ci95"],
                       "runner_up": second[by] if second else None,
                       "runner_up_mean": second["mean"] if second else math.nan,
                       "separated": separated})
    return answer


_SUMMARY_COLUMNS = ("metric", "n", "mean", "std", "ci95", "low", "high")
