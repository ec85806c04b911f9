"""Summaries of a study's results: mean, standard deviation and 95 % confidence interval.

Replications of one configuration (all parameters equal, RngRun different) are independent
runs, so the interval is Student-t: mean +- t(0.975, n - 1) s / sqrt(n) (as in Salah et al.
2007), with the quantile from scipy.stats.

From Python, a study's results are pandas DataFrames::

    from hostnet.study import load, summarize

    runs = load("results/datacenter")          # one row per run: parameters, metrics, status
    table = summarize(runs, by=["label", "load"], metrics=["rpc_p99_us"])
    table[["label", "load", "mean", "ci95", "n"]]
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

from .spec import Study, StudyError, load_study
from .spec import parse_requirement as _parse_requirement

__all__ = ["load", "read_results", "figure_rows", "summarize", "summary_records",
           "format_table", "format_cell", "results_dir", "t_interval", "t_half_width",
           "best_by", "failed_runs", "free_parameters", "parse_requirement", "summarize_rows",
           "sample_notes", "TAIL_SAMPLES"]

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


def load(target, out=None, only_ok=False):
    """The runs of a study as a pandas DataFrame: one row per run (the last row of a run id
    in results.csv wins), the parameters, ``status``, ``rng_run``, ``wall_s``, ``log``,
    ``error`` and the metrics as columns.

    @param target a results directory or a study file (then @p out or results/<name>)
    @param only_ok keep only the runs that ended ok
    A metric column is float, an undefined metric NaN; a parameter column keeps its values
    (int64 or float64 where every value is one, else the values as they were written).
    ``frame.attrs`` holds ``swept`` (the swept parameters), ``metrics`` (the metric
    columns), ``quantiles`` (the study's [quantiles] table) and ``directory``.
    """
    directory, meta = results_dir(target, out)
    return _frame(read_results(directory, only_ok=only_ok), meta, directory)


def _frame(rows, meta, directory=None):
    """The DataFrame of load() from @p rows (dicts of read_results) and study.json's @p meta."""
    import pandas as pd

    columns = list(rows[0]) if rows else []
    metrics = _metric_columns(rows[0], meta) if rows else []
    data = {}
    for name in columns:
        values = [r.get(name) for r in rows]
        if name in metrics:
            data[name] = pd.to_numeric(pd.Series(values, dtype=object), errors="coerce")
            data[name] = data[name].astype(float)
        elif values and all(type(v) is int for v in values):
            data[name] = pd.Series(values, dtype="int64")
        elif values and all(type(v) is float for v in values):
            data[name] = pd.Series(values, dtype="float64")
        else:
            data[name] = pd.Series(values, dtype=object)
    frame = pd.DataFrame(data, columns=columns)
    frame.attrs.update(swept=list(meta.get("swept", [])), metrics=metrics,
                       quantiles=dict(meta.get("study", {}).get("quantiles", {})),
                       directory=None if directory is None else str(directory))
    return frame


def figure_rows(directory, rename) -> list:
    """The finished runs of a study's results @p directory as rows of a sweep's CSV, for the
    papers' figure scripts (validation/figures/plot_livelock.py, ...): every value a string as
    csv.DictReader gives it (an undefined metric: "nan"), the columns in @p rename renamed
    (e.g. ``{"load": "load_kpps", "rng_run": "replication"}``). ValueError if the directory has
    no finished run.
    """
    rows = read_results(directory)
    if not rows:
        raise ValueError(f"{directory}: no finished runs in results.csv (run the study first: "
                         "python -m hostnet run <study file>)")
    return [{rename.get(k, k): ("nan" if v is None else str(v)) for k, v in row.items()}
            for row in rows]


def summarize(target, out=None, metrics=None, write=True, by=None):
    """Summarize a study: a pandas DataFrame, one row per configuration and metric.

    @param target a DataFrame of load() (or any frame with the @p by columns, the metrics
           and optionally ``status``), a results directory, a study file, a Study or dict
    @param by the columns that make a configuration (default: the study's swept
           parameters, ``frame.attrs["swept"]`` for a frame)
    @param metrics the metric columns (default: every metric)
    @param write also write summary.csv to the results directory (not for a frame)

    Columns: @p by, ``metric``, ``n`` (the runs in which the metric is defined), ``mean``,
    ``std``, ``ci95`` (half-width of the 95 % Student-t interval), ``low``, ``high``,
    ``undefined`` (ok runs in which the metric is null or not finite), ``failed`` (runs that
    did not end ok) and ``runs`` (all runs of the configuration). A statistic without
    enough samples is NaN (the mean for n = 0; std and the interval for n < 2), never 0,
    and ``n`` says how many samples there were. A study that declares ``[quantiles]`` adds
    ``q``, ``samples_min`` (the fewest samples a run's quantile rests on, from the metric
    the study names as its count; NaN where it names none), ``beyond_min`` (``samples_min
    x min(q, 1 - q)``) and ``samples_note`` (why the quantile is weak, or that no count
    exists); see TAIL_SAMPLES. summary.csv writes NaN as an empty cell. summary_records()
    gives the same rows as dicts.
    """
    import pandas as pd

    records, columns = _summarize(target, out, metrics, write, by)
    return pd.DataFrame.from_records(records, columns=columns)


def summary_records(target, out=None, metrics=None, write=True, by=None) -> list:
    """summarize() as a list of dicts, one per configuration and metric."""
    return _summarize(target, out, metrics, write, by)[0]


def _summarize(target, out, metrics, write, by) -> tuple:
    """(summary rows, their columns) of summarize()."""
    import pandas as pd

    directory = None
    if isinstance(target, pd.DataFrame):
        frame = target
    else:
        if isinstance(target, (Study, dict)):
            from .runner import default_out_dir

            study = load_study(target)
            directory, meta = results_dir(out or default_out_dir(study))
        else:
            directory, meta = results_dir(target, out)
        frame = _frame(read_results(directory, only_ok=False), meta, directory)
    by = list(frame.attrs.get("swept", []) if by is None else
              ([by] if isinstance(by, str) else by))
    missing = [name for name in by if name not in frame.columns]
    if missing:
        raise StudyError(f"by: unknown column(s) {missing}; the results have: "
                         f"{', '.join(map(str, frame.columns))}")
    quantiles = frame.attrs.get("quantiles", {})
    columns = by + list(_SUMMARY_COLUMNS) + (list(_SAMPLE_COLUMNS) if quantiles else [])
    if frame.empty:
        return [], columns
    available = frame.attrs.get("metrics") or [
        c for c in frame.columns if c not in _FIXED_COLUMNS and c not in by
        and pd.api.types.is_numeric_dtype(frame[c])]
    metric_names = list(metrics) if metrics else list(available)
    unknown = [m for m in metric_names if m not in frame.columns]
    if unknown:
        raise StudyError(f"unknown metric(s) {unknown}; the results have: "
                         f"{', '.join(available)}")
    summary = _summary_rows(frame, by, metric_names, quantiles)
    if write and directory is not None:
        with open(directory / "summary.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=columns)
            writer.writeheader()
            writer.writerows({k: ("" if isinstance(v, float) and not math.isfinite(v) else v)
                              for k, v in r.items()} for r in summary)
    return summary, columns


def summarize_rows(rows, swept, metric_names, quantiles=None) -> list:
    """The summary (see summarize) of @p rows (dicts with ``status``, the parameters of
    @p swept and the metrics), for @p metric_names, as a list of dicts; @p quantiles is a
    study's ``[quantiles]`` table (metric -> {"q": level, "samples": count metric})."""
    if not rows:
        return []
    columns = list(dict.fromkeys(k for r in rows for k in r))
    frame = _frame([{k: r.get(k) for k in columns} for r in rows],
                   {"swept": list(swept), "study": {"parameters": {p: None for p in swept}}})
    return _summary_rows(frame, list(swept), list(metric_names), quantiles or {})


def _summary_rows(frame, by, metric_names, quantiles) -> list:
    """The rows of summarize() from a DataFrame of runs (pandas group-by and aggregates)."""
    import numpy as np
    import pandas as pd

    ok = (frame["status"] == "ok") if "status" in frame else pd.Series(True, index=frame.index)
    if by:
        group = frame.groupby(by, dropna=False, sort=False).ngroup()
    else:
        group = pd.Series(0, index=frame.index)
    first = ~group.duplicated()
    keys = dict(zip(group[first], frame.loc[first, by].astype(object).to_dict("records")))
    keys = {g: {k: (None if isinstance(v, float) and math.isnan(v) else _native(v))
                for k, v in key.items()} for g, key in keys.items()}
    runs = group.value_counts()
    ok_runs = ok.groupby(group).sum()
    stats = {}
    for metric in metric_names:
        values = pd.to_numeric(frame[metric], errors="coerce").astype(float)
        defined = ok & np.isfinite(values)
        grouped = values.where(defined).groupby(group)
        count, mean, std = grouped.count(), grouped.mean(), grouped.std(ddof=1)
        stats[metric] = (count, mean, std, t_half_width(std, count), defined)
    order = sorted(keys, key=lambda g: [(str(type(v)), v) for v in keys[g].values()])
    summary = []
    for g in order:
        for metric in metric_names:
            count, mean, std, half, defined = stats[metric]
            n = int(count[g])
            mu, s, h = (float(mean[g]) if n else math.nan, float(std[g]) if n > 1 else math.nan,
                        float(half[g]) if n > 1 else math.nan)
            row = {**keys[g], "metric": metric, "n": n, "mean": mu, "std": s, "ci95": h,
                   "low": mu - h, "high": mu + h, "undefined": int(ok_runs[g]) - n,
                   "failed": int(runs[g]) - int(ok_runs[g]), "runs": int(runs[g])}
            if quantiles:
                samples = frame[(group == g) & defined].to_dict("records")
                row.update(_sample_counts(samples, metric, quantiles.get(metric)))
            summary.append(row)
    return summary


def _native(value):
    """A numpy scalar as the Python number it holds (other values as they are)."""
    return value.item() if hasattr(value, "item") and not isinstance(value, str) else value


def t_half_width(std, n, level=0.95):
    """Half-width t_{(1 + level)/2, n - 1} s / sqrt(n) of the Student-t interval of a mean,
    elementwise for arrays or pandas Series of @p std and @p n; NaN where n < 2."""
    import numpy as np
    from scipy import stats

    if not 0.0 < level < 1.0:
        raise ValueError(f"t_interval: level {level!r}; allowed: 0 < level < 1")
    n = np.asarray(n, dtype=float)
    df = np.where(n >= 2, n - 1, np.nan)
    # 0.5 + level / 2 is 0.975 exactly for level 0.95
    half = stats.t.ppf(0.5 + level / 2, df) * np.asarray(std, dtype=float) / np.sqrt(n)
    if hasattr(std, "index"):
        import pandas as pd

        return pd.Series(half, index=std.index)
    return half


def t_interval(values, level=0.95) -> tuple:
    """(mean, sample standard deviation s, half-width t_{(1 + level)/2, n - 1} s / sqrt(n)) of
    the two-sided Student-t interval of the mean of @p values at confidence @p level.

    With fewer than two values s and the half-width are NaN (undefined, not 0: one value
    gives no interval); with none all three are NaN.
    """
    import numpy as np

    if not 0.0 < level < 1.0:
        raise ValueError(f"t_interval: level {level!r}; allowed: 0 < level < 1")
    values = np.asarray(list(values), dtype=float)
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = float(values.mean())
    if n < 2:
        return mean, math.nan, math.nan
    std = float(values.std(ddof=1))
    return mean, std, float(t_half_width(std, n, level))


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
    fewest = int(fewest) if float(fewest).is_integer() else fewest  # 2000 samples, not 2000.0
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
    for r in _records(summary):
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
    """A plain-text table of a summary (summarize's frame or its records): one line per
    configuration, ``mean +- ci95`` per metric, the number of runs and of failed runs."""
    from tabulate import tabulate

    summary = _records(summary)
    if not summary:
        return "(no finished runs)"
    params = [k for k in summary[0] if k not in _SUMMARY_COLUMNS and k not in _SAMPLE_COLUMNS]
    names = metrics or list(dict.fromkeys(r["metric"] for r in summary))
    table = {}
    for r in summary:
        if r["metric"] in names:
            table.setdefault(tuple(r[p] for p in params), {})[r["metric"]] = r
    lines = []
    for key, cells in table.items():
        first = next(iter(cells.values()))
        lines.append([str(v) for v in key] + [str(first["runs"]), str(first["failed"])]
                     + ["-" if cells.get(m) is None else format_cell(cells[m]) for m in names])
    return tabulate(lines, headers=params + ["runs", "failed"] + names, tablefmt="simple",
                    disable_numparse=True)


def _records(summary) -> list:
    """The rows of a summary as dicts: summarize's DataFrame or a list of dicts."""
    if hasattr(summary, "to_dict"):
        return summary.to_dict("records")
    return list(summary)


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
    summary = _records(summary)
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
