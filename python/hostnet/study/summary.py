"""Summaries of a study's results: mean, standard deviation and 95 % confidence interval.

Replications of one configuration (all parameters equal, RngRun different) are independent
runs, so the interval is Student-t: mean +- t(0.975, n - 1) s / sqrt(n) (as in Salah et al. 2007).
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

from .spec import Study, StudyError, load_study
from .spec import parse_requirement as _parse_requirement
# not scipy: its import cost ~0.9 s of CPU per command
from .student_t import t_interval

__all__ = ["read_results", "figure_rows", "summarize", "format_table", "format_cell", "results_dir",
           "t_interval", "best_by", "failed_runs", "free_parameters", "parse_requirement",
           "summarize_rows", "sample_notes", "TAIL_SAMPLES"]

TAIL_SAMPLES = 30
"""A quantile q estimated from n samples of one run rests on about n min(q, 1 - q) samples
beyond it (the k = n (1 - q) largest for a tail quantile). Fewer than this many and the
summary warns: the count of samples beyond the true quantile is about Poisson(k), so its
relative spread 1/sqrt(k) is over 18 % (the estimate moves by whole order statistics of a
sparse tail, and is biased low for a heavy tail: replications do not show that bias), and
for k < 3.84 q the distribution-free 95 % interval of the quantile, between order
statistics n q -+ 1.96 sqrt(n q (1 - q)), has no upper end inside the sample at all."""

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
    """The value of a CSV cell: int, finite float, or the string itself (a parameter value
    "nan" or "inf" stays a string; a metric is never written so: undefined is empty)."""
    for convert in (int, float):
        try:
            value = convert(text)
        except (TypeError, ValueError):
            continue
        return value if math.isfinite(value) else text
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


def figure_rows(directory, rename) -> list:
    """The finished runs of a study's results @p directory as rows of a sweep's CSV, for the
    figure modules (hostnet.plot_livelock, ...): every value a string as csv.DictReader gives
    it (an undefined metric: "nan"), the columns in @p rename renamed (e.g. ``{"load":
    "load_kpps", "rng_run": "replication"}``). ValueError if the directory has no finished run.
    """
    rows = read_results(directory)
    if not rows:
        raise ValueError(f"{directory}: no finished runs in results.csv (run the study first: "
                         "python -m hostnet run <study file>)")
    return [{rename.get(k, k): ("nan" if v is None else str(v)) for k, v in row.items()}
            for row in rows]


def summarize(target, out=None, metrics=None, write=True) -> list:
    """Summarize a study (a results directory, a study file, a Study or dict).

    Returns tidy rows, one per configuration and metric: the swept parameters, ``metric``,
    ``n`` (the runs in which the metric is defined), ``mean``, ``std``, ``ci95``
    (half-width), ``low``, ``high``, ``undefined`` (ok runs in which the metric is null or
    not finite), ``failed`` (runs that did not end ok) and ``runs`` (all runs of the
    configuration). A statistic without enough samples is NaN (the mean for n = 0; std and
    the interval for n < 2), never 0. A study that declares ``[quantiles]`` adds ``q``,
    ``samples_min`` (the fewest samples a run's quantile rests on, from the metric the
    study names as its count; NaN where it names none), ``beyond_min`` (``samples_min x
    min(q, 1 - q)``) and ``samples_note`` (why the quantile is weak, or that no count
    exists); see TAIL_SAMPLES. With @p write, also writes them to summary.csv in the
    results directory, NaN as an empty cell.
    """
    if isinstance(target, (Study, dict)):
        from .runner import default_out_dir

        study = load_study(target)
        directory, meta = results_dir(out or default_out_dir(study))
    else:
        directory, meta = results_dir(target, out)
    rows = read_results(directory, only_ok=False)
    swept = list(meta.get("swept", []))
    if not rows:
        return []
    metric_names = metrics or _metric_columns(rows[0], meta)
    unknown = [m for m in metric_names if m not in rows[0]]
    if unknown:
        raise StudyError(f"unknown metric(s) {unknown}; the results have: "
                         f"{', '.join(_metric_columns(rows[0], meta))}")
    quantiles = meta.get("study", {}).get("quantiles", {})
    summary = summarize_rows(rows, swept, metric_names, quantiles)
    if write:
        columns = swept + list(_SUMMARY_COLUMNS) + (list(_SAMPLE_COLUMNS) if quantiles else [])
        with open(directory / "summary.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=columns)
            writer.writeheader()
            writer.writerows({k: ("" if isinstance(v, float) and not math.isfinite(v) else v)
                              for k, v in r.items()} for r in summary)
    return summary


def summarize_rows(rows, swept, metric_names, quantiles=None) -> list:
    """The summary (see summarize) of @p rows (dicts with ``status``, the parameters of
    @p swept and the metrics), for @p metric_names; @p quantiles is a study's
    ``[quantiles]`` table (metric -> {"q": level, "samples": count metric})."""
    quantiles = quantiles or {}
    groups = {}
    for row in rows:
        key = tuple(row.get(p) for p in swept)
        groups.setdefault(key, []).append(row)
    summary = []
    for key in sorted(groups, key=lambda k: [(str(type(v)), v) for v in k]):
        ok = [r for r in groups[key] if r["status"] == "ok"]
        for metric in metric_names:
            defined = [r for r in ok if _defined(r.get(metric))]
            values = [r[metric] for r in defined]
            mean, std, half = t_interval(values)
            row = {**dict(zip(swept, key)), "metric": metric, "n": len(values),
                   "mean": mean, "std": std, "ci95": half, "low": mean - half,
                   "high": mean + half, "undefined": len(ok) - len(values),
                   "failed": len(groups[key]) - len(ok), "runs": len(groups[key])}
            if quantiles:
                row.update(_sample_counts(defined, metric, quantiles.get(metric)))
            summary.append(row)
    return summary


def _sample_counts(defined, metric, spec) -> dict:
    """The sample columns of one configuration's @p metric (see summarize)."""
    if spec is None:
        return {"q": math.nan, "samples_min": math.nan, "beyond_min": math.nan,
                "samples_note": ""}
    q, count = spec["q"], spec.get("samples")
    out = {"q": q, "samples_min": math.nan, "beyond_min": math.nan, "samples_note": ""}
    if not defined:
        return out
    if count is None:
        out["samples_note"] = (f"sample count unknown: the program reports no count for "
                               f"{metric}")
        return out
    counts = [r.get(count) for r in defined]
    missing = sum(1 for c in counts if not _defined(c))
    if missing:
        out["samples_note"] = (f"sample count unknown: {count} is undefined in {missing} of "
                               f"{len(counts)} runs")
        return out
    fewest = min(counts)
    beyond = float(f"{fewest * min(q, 1.0 - q):.9g}")  # 2000 x (1 - 0.99) is 20, not 20.000000000000018
    out.update(samples_min=fewest, beyond_min=beyond)
    if beyond < TAIL_SAMPLES:
        side = "beyond" if q >= 0.5 else "below"
        out["samples_note"] = (f"the {q:g} quantile rests on {beyond:.3g} samples {side} it "
                               f"in the run with the fewest ({fewest:g} {count}); fewer than "
                               f"{TAIL_SAMPLES}: read it as the extreme few")
    return out


def sample_notes(summary, metrics=None) -> list:
    """One line per configuration and quantile metric whose samples are few or uncounted
    (the ``samples_note`` of summarize), for printing under a table."""
    notes = []
    for r in summary:
        if r.get("samples_note") and (metrics is None or r["metric"] in metrics):
            where = ", ".join(f"{k} = {r[k]}" for k in r if k not in _SUMMARY_COLUMNS
                              and k not in _SAMPLE_COLUMNS)
            notes.append(f"{r['metric']} at {where}: {r['samples_note']}")
    return notes


def _defined(value) -> bool:
    """A metric value that is a sample: a finite number (null, NaN, inf are undefined)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def failed_runs(directory) -> int:
    """How many runs in the results directory did not end ok."""
    return sum(1 for r in read_results(directory, only_ok=False) if r["status"] != "ok")


def _metric_columns(row, meta) -> list:
    params = set(meta.get("swept", [])) | set(meta.get("study", {}).get("parameters", {}))
    return [k for k in row if k not in _FIXED_COLUMNS and k not in params]


def format_cell(r) -> str:
    """``mean +- ci95`` of a summary row; ``mean (n=1)`` without an interval; ``undefined
    (0/3)`` without samples. The number of samples is shown when it is not every run."""
    if r["n"] == 0:
        return f"undefined ({r['undefined']}/{r['runs']})" if r["undefined"] else "-"
    text = (f"{r['mean']:.4g}" if not math.isfinite(r["ci95"])
            else f"{r['mean']:.4g} +- {r['ci95']:.2g}")
    return text + (f" (n={r['n']})" if r["n"] < r["runs"] or r["n"] == 1 else "")


def format_table(summary, metrics=None) -> str:
    """A plain-text table: one line per configuration, ``mean +- ci95`` per metric, the
    number of runs and of failed runs."""
    if not summary:
        return "(no finished runs)"
    params = [k for k in summary[0] if k not in _SUMMARY_COLUMNS and k not in _SAMPLE_COLUMNS]
    names = metrics or list(dict.fromkeys(r["metric"] for r in summary))
    table = {}
    for r in summary:
        if r["metric"] in names:
            table.setdefault(tuple(r[p] for p in params), {})[r["metric"]] = r
    header = params + ["runs", "failed"] + names
    lines = [header]
    for key, cells in table.items():
        first = next(iter(cells.values()))
        line = [str(v) for v in key] + [str(first["runs"]), str(first["failed"])]
        for m in names:
            c = cells.get(m)
            line.append("-" if c is None else format_cell(c))
        lines.append(line)
    widths = [max(len(l[i]) for l in lines) for i in range(len(header))]
    out = ["  ".join(cell.ljust(w) for cell, w in zip(l, widths)) for l in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def _exclusion(r, metric) -> str:
    """Why a configuration cannot be ranked by @p metric ('' if it can)."""
    reasons = []
    if r["failed"]:
        reasons.append(f"{r['failed']}/{r['runs']} runs failed")
    if r["undefined"]:
        reasons.append(f"no {metric} in {r['undefined']}/{r['runs']} runs (undefined)")
    if not reasons and r["n"] == 0:
        reasons.append("no runs")
    return "; ".join(reasons)


def free_parameters(rows, names, by) -> list:
    """The parameters of @p names that vary on their own, not with @p by.

    A study whose ``[[runs]]`` entries each name a configuration (``label``) and set its
    options (``scheme``, ``busyPoll``, ...) sweeps those options too, but each is fixed by
    the label: grouping or labelling by them would split every comparison into groups of
    one. A parameter that takes one value for each value of @p by is left out.
    """
    if not by:
        return list(names)
    free = []
    for name in names:
        seen = {}
        for r in rows:
            if seen.setdefault(r.get(by), r.get(name)) != r.get(name):
                free.append(name)
                break
    return free


def parse_requirement(text) -> tuple:
    """``METRIC>=VALUE`` or ``METRIC<=VALUE`` as (metric, op, value); StudyError otherwise."""
    return _parse_requirement(text, where="--require")


def best_by(summary, metric, x, by="scheme", lower=True, require=()) -> list:
    """For each value of @p x (and of every other swept parameter but @p by), the value of
    @p by with the best mean @p metric.

    A configuration is ranked only if every one of its runs ended ok and defined the
    metric; the others are listed in ``excluded`` with the reason (runs failed, metric
    undefined), never ranked as a number. A configuration that misses a requirement of
    @p require (``(metric, ">=" or "<=", value)`` on the mean, e.g. the share of requests
    answered) is listed in ``ineligible`` with the reason ("starved"), not ranked either:
    that is an outcome of the study, not a failure.
    Parameters set with @p by (free_parameters) do not split the comparison.

    @return rows ``{x: ..., <other swept>: ..., by: best value or None, "mean", "ci95",
            "n", "runner_up", "runner_up_mean", "runner_up_ci95", "runner_up_n",
            "separated": bool, "verdict": str, "excluded": [(by value, reason)], "where":
            {x: ..., <other swept>: ...}}``;
            ``separated`` says whether the best's 95 % interval is clear of the runner-up's
            (False with n < 2 on either side: no interval, too few replications);
            ``ranked`` lists the ranked configurations' summary rows, best first.
    """
    rows = [r for r in summary if r["metric"] == metric]
    if not rows:
        raise StudyError(f"no results for metric {metric!r}")
    params = [k for k in rows[0] if k not in _SUMMARY_COLUMNS and k not in _SAMPLE_COLUMNS]
    checks = {}
    for name, op, value in require:
        found = [r for r in summary if r["metric"] == name]
        if not found:
            raise StudyError(f"--require {name}{op}{value:g}: no results for metric {name!r}")
        for r in found:
            checks.setdefault(tuple(r.get(p) for p in params), []).append((name, op, value, r))
    for name in (x, by):
        if name not in rows[0]:
            raise StudyError(f"{name!r} is not a swept parameter; allowed: "
                             f"{', '.join(params)}")
    if x == by:
        raise StudyError(f"--x and --by are both {x!r}; give two different swept parameters")
    others = free_parameters(rows, [k for k in params if k not in (x, by)], by)
    keys = [x] + others
    groups = {}
    for r in rows:
        groups.setdefault(tuple(r[k] for k in keys), []).append(r)
    answer = []
    for key in sorted(groups, key=lambda k: [(str(type(v)), v) for v in k]):
        group = groups[key]
        excluded = [(r[by], why) for r in group if (why := _exclusion(r, metric))]
        ineligible = []
        for r in group:
            if _exclusion(r, metric):
                continue
            for name, op, value, c in checks.get(tuple(r.get(p) for p in params), []):
                if c["n"] == 0 or (c["mean"] < value if op == ">=" else c["mean"] > value):
                    shown = "undefined" if c["n"] == 0 else f"{c['mean']:.4g}"
                    ineligible.append((r[by], f"starved: {name} = {shown}, needs {op} {value:g}"))
                    break
        unranked = {value for value, _ in excluded + ineligible}
        ranked = sorted((r for r in group if r[by] not in unranked),
                        key=lambda r: r["mean"], reverse=not lower)
        best = ranked[0] if ranked else None
        second = ranked[1] if len(ranked) > 1 else None
        separated = False
        if best is None:
            verdict = "no answer: every candidate excluded"
        elif second is None:
            verdict = "the only candidate left: nothing to compare"
        elif best["n"] < 2 or second["n"] < 2:
            verdict = "too few replications to separate (n < 2: no interval)"
        else:
            separated = (best["high"] < second["low"] if lower
                         else best["low"] > second["high"])
            verdict = ("clearly (95 % intervals apart)" if separated else
                       "within the replications' noise (95 % intervals overlap)")
        answer.append({**dict(zip(keys, key)), by: best[by] if best else None,
                       "mean": best["mean"] if best else math.nan,
                       "ci95": best["ci95"] if best else math.nan,
                       "n": best["n"] if best else 0,
                       "runner_up": second[by] if second else None,
                       "runner_up_mean": second["mean"] if second else math.nan,
                       "runner_up_ci95": second["ci95"] if second else math.nan,
                       "runner_up_n": second["n"] if second else 0,
                       "separated": separated, "verdict": verdict, "excluded": excluded,
                       "ineligible": ineligible, "ranked": ranked,
                       "where": dict(zip(keys, key))})
    return answer


_SUMMARY_COLUMNS = ("metric", "n", "mean", "std", "ci95", "low", "high", "undefined", "failed",
                    "runs")
_SAMPLE_COLUMNS = ("q", "samples_min", "beyond_min", "samples_note")
