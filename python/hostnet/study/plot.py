"""Figures of a study: any metric against any swept parameter, one line per value of another
parameter (the scheme by default), with 95 % confidence bands; and a trade-off figure, one
metric against another, one marker per configuration, a panel per value of a parameter
(e.g. RPC p99 against CPU per host, per load). PNG and PDF."""

from __future__ import annotations

import math
from pathlib import Path

from .spec import StudyError
from .summary import free_parameters, results_dir, summary_records

__all__ = ["plot_metric", "plot_study", "plot_series", "plot_tradeoff", "band"]


def band(rows, logy=False) -> tuple:
    """The lower and upper edges of the 95 % bands of summary rows (one sample: the mean).

    A metric that is never negative (every mean >= 0) gets no band below 0; on a log axis a
    band edge at or below 0 is cut at a tenth of the smallest positive mean (a log axis has
    no 0), so the band shows "down to small", not a made-up number.
    """
    lows = [r["low"] if math.isfinite(r["low"]) else r["mean"] for r in rows]
    highs = [r["high"] if math.isfinite(r["high"]) else r["mean"] for r in rows]
    if rows and all(r["mean"] >= 0 for r in rows):
        lows = [max(low, 0.0) for low in lows]
    if logy:
        positive = [r["mean"] for r in rows if r["mean"] > 0]
        floor = min(positive) / 10 if positive else 1e-12
        lows = [low if low > 0 else floor for low in lows]
    return lows, highs


def plot_metric(target, metric, x, by="scheme", out=None, logy=False, title=None,
                formats=("png", "pdf"), results=None, xlabel=None, ylabel=None,
                legend=None) -> list:
    """Draw @p metric against @p x, one line per value of @p by, with 95 % CI bands.

    @param target a results directory or a study file
    @param out file path without suffix (default: <results>/<metric>-vs-<x>)
    @param results results directory when @p target is a study file (default results/<name>)
    @param xlabel, ylabel axis labels (default: the parameter and metric names)
    @param legend the legend's title (default: the name of @p by)
    @return the files written
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    directory, meta = results_dir(target, results)
    swept = meta.get("swept", [])
    for name, value in (("x", x), ("by", by)):
        if value is not None and value not in swept:
            raise StudyError(f"{name} = {value!r} is not a swept parameter; allowed: "
                             f"{', '.join(swept) or '(none: the study sweeps nothing)'}")
    if by == x:
        raise StudyError("x and by must be different parameters")
    require = study_requirements(meta)
    every = summary_records(directory, metrics=[metric] + [name for name, _, _ in require],
                      write=False)
    rows = [r for r in every if r["metric"] == metric]
    if not rows:
        raise StudyError(f"{directory}: no finished runs to plot")
    others = free_parameters(rows, [p for p in swept if p not in (x, by)], by)
    lines, notes = plot_series(rows, metric, x, by, others)
    keys = [p for p in swept if p != "metric"]
    starved = starved_cells(every, keys, require)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for label, points in lines.items():
        drawn = [r for r in points if r["n"] > 0]  # undefined points are not drawn at all
        undefined = [r for r in points if r["n"] == 0]
        if undefined:
            label += f" (undefined at {x} = {', '.join(str(r[x]) for r in undefined)})"
        xs = [r[x] for r in drawn]
        ys = [r["mean"] for r in drawn]
        (line,) = ax.plot(xs, ys, marker="o", label=label)
        lows, highs = band(drawn, logy)
        if drawn:
            ax.fill_between(xs, lows, highs, color=line.get_color(), alpha=0.2, linewidth=0)
        # A configuration the answer does not rank is drawn hollow and named below.
        for r in drawn:
            why = starved.get(tuple(r.get(k) for k in keys))
            if why:
                ax.plot([r[x]], [r["mean"]], marker="o", markersize=9, linestyle="none",
                        markerfacecolor="white", markeredgecolor=line.get_color())
                notes.append(f"{label} at {x} = {r[x]}: {why} (hollow)")
    ax.set_xlabel(xlabel or x)
    ax.set_ylabel(ylabel or metric)
    if logy:
        ax.set_yscale("log")
    n = max(r["n"] for r in rows)
    ax.set_title(title or f"{meta.get('study', {}).get('name', '')}: {metric} "
                 + ("(one run per point)" if n == 1 else f"(mean, 95 % CI, n <= {n})"))
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small", title=legend or by, title_fontsize="small")
    if notes:
        shown = notes[:_MAX_NOTES] + ([f"... and {len(notes) - _MAX_NOTES} more (summary.csv)"]
                                      if len(notes) > _MAX_NOTES else [])
        fig.text(0.01, 0.01, "\n".join(shown), fontsize="x-small", va="bottom", ha="left")
        fig.tight_layout(rect=(0, 0.035 * len(shown) + 0.01, 1, 1))
    else:
        fig.tight_layout()
    return _save(fig, Path(out) if out else directory / f"{metric}-vs-{x}", formats)


def _save(fig, stem, formats) -> list:
    """Write @p fig as <stem>.<format> for each format, close it, return the paths."""
    import matplotlib.pyplot as plt

    stem.parent.mkdir(parents=True, exist_ok=True)
    written = []
    for fmt in formats:
        path = stem.with_name(stem.name + "." + fmt)
        fig.savefig(path, dpi=120)
        written.append(path)
    plt.close(fig)
    return written


_MAX_NOTES = 6


def study_requirements(meta) -> list:
    """The requirements a configuration must meet to be ranked (the study's
    ``[replications.rank] require``), as (metric, op, value)."""
    from .spec import parse_requirement

    rank = meta.get("study", {}).get("replications", {})
    rank = rank.get("rank", {}) if isinstance(rank, dict) else {}
    return [parse_requirement(t, where="replications.rank.require")
            for t in rank.get("require", [])]


def starved_cells(rows, keys, require) -> dict:
    """Configurations that miss a requirement: {tuple of @p keys values: reason}.

    @p rows are summary rows holding the required metrics; a configuration whose required
    metric has no sample misses it too (undefined is not a pass)."""
    found = {}
    for name, op, value in require:
        for r in rows:
            if r["metric"] != name:
                continue
            key = tuple(r.get(k) for k in keys)
            if key in found:
                continue
            if r["n"] == 0 or (r["mean"] < value if op == ">=" else r["mean"] > value):
                shown = "undefined" if r["n"] == 0 else f"{r['mean']:.3g}"
                found[key] = f"starved ({name} = {shown}, needs {op} {value:g}): not ranked"
    return found


ONE_RUN = "one run per point: no intervals"
"""The one note of a figure whose every point rests on one run (plot_series)."""


def plot_series(rows, metric, x, by, others) -> tuple:
    """The lines of a figure and its notes, from summary rows of one metric.

    @return ({label: summary rows sorted by x}, [note]); a note names each point with
            failed runs, with the metric undefined in some runs, or with one sample only
            (no interval; when every point has one, the one note ONE_RUN instead). Points
            with no sample (n = 0) stay in the rows: the caller does not draw them.
    """
    lines = {}
    for r in rows:
        label_parts = ([f"{r[by]}"] if by else []) + [f"{p}={r[p]}" for p in others]
        lines.setdefault(", ".join(label_parts) or metric, []).append(r)
    notes = []
    for label, points in lines.items():
        points.sort(key=lambda r: (str(type(r[x])), r[x]))
        for r in points:
            where = f"{label} at {x} = {r[x]}"
            if r["n"] == 0:
                what = (f"undefined: no {metric} in {r['undefined']}/{r['runs']} runs"
                        if r["undefined"] else "no run ended ok")
            elif r["undefined"]:
                what = f"n = {r['n']}: no {metric} in {r['undefined']}/{r['runs']} runs"
            elif r["n"] == 1:
                what = "n = 1: no interval"
            else:
                what = ""
            if r["failed"]:
                what = "; ".join(filter(None, [what, f"{r['failed']}/{r['runs']} runs failed"]))
            if what:
                notes.append(f"{where}: {what}")
    # A study of one replication (a deterministic program) says so once, not per point.
    counted = [r for points in lines.values() for r in points if r["n"] > 0]
    if counted and all(r["n"] == 1 for r in counted):
        notes = [ONE_RUN] + [n for n in notes if not n.endswith(": n = 1: no interval")]
    return lines, notes


def plot_tradeoff(target, metric, x, by, panels, out=None, logy=False, title=None,
                  formats=("png", "pdf"), results=None, xlabel=None, ylabel=None,
                  legend=None) -> list:
    """One figure that answers "what does each configuration buy, at what cost": @p metric
    (y) against another metric @p x, one marker per value of @p by with 95 % intervals on
    both axes, one panel per value of the swept parameter @p panels.

    A configuration without samples of either metric is not drawn; it is named below the
    panels. One that misses a requirement of the study's ranking (``[replications.rank]
    require``, e.g. the share of requests answered) is drawn hollow and named below the
    panels as starved, not ranked. @return the files written
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    directory, meta = results_dir(target, results)
    swept = meta.get("swept", [])
    for name, value in (("by", by), ("panels", panels)):
        if value not in swept:
            raise StudyError(f"{name} = {value!r} is not a swept parameter; allowed: "
                             f"{', '.join(swept) or '(none)'}")
    require = study_requirements(meta)
    rows = summary_records(directory, metrics=[metric, x] + [name for name, _, _ in require],
                     write=False)
    if not rows:
        raise StudyError(f"{directory}: no finished runs to plot")
    keys = [p for p in swept if p != "metric"]
    starved = starved_cells(rows, keys, require)
    rows = [r for r in rows if r["metric"] in (metric, x)]
    cells = {}
    for r in rows:
        cells.setdefault(tuple(r[p] for p in keys), {})[r["metric"]] = r
    panel_values = sorted({r[panels] for r in rows}, key=lambda v: (str(type(v)), v))
    labels = list(dict.fromkeys(r[by] for r in rows))
    fig, axes = plt.subplots(1, len(panel_values), figsize=(3.6 * len(panel_values) + 1, 4.2),
                             sharey=True, squeeze=False)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    markers = "osD^v<>ph*"
    notes = []
    for ax, value in zip(axes[0], panel_values):
        for i, label in enumerate(labels):
            found = [c for k, c in cells.items()
                     if c.get(metric, {}).get(panels) == value and c[metric][by] == label]
            for c in found:
                ym, xm = c.get(metric), c.get(x)
                if not ym or not xm or ym["n"] == 0 or xm["n"] == 0:
                    notes.append(f"{by} = {label} at {panels} = {value}: undefined")
                    continue
                xerr = xm["ci95"] if math.isfinite(xm["ci95"]) else 0
                yerr = ym["ci95"] if math.isfinite(ym["ci95"]) else 0
                lows, _ = band([ym], logy)
                color = colors[i % len(colors)]
                # A configuration the answer does not rank (starved) is drawn hollow, named
                # below the panels, and is never mistaken for a result.
                why = starved.get(tuple(ym.get(k) for k in keys))
                if why:
                    notes.append(f"{by} = {label} at {panels} = {value}: {why} (hollow)")
                ax.errorbar(xm["mean"], ym["mean"], xerr=xerr,
                            yerr=[[ym["mean"] - lows[0]], [yerr]],
                            marker=markers[i % len(markers)], color=color,
                            markerfacecolor="white" if why else color,
                            linestyle="none", capsize=3, alpha=0.6 if why else 1.0,
                            label=label if value == panel_values[0] else None)
        ax.set_title(f"{panels} = {value}", fontsize="medium")
        ax.set_xlabel(xlabel or x)
        ax.grid(True, alpha=0.3)
        if logy:
            ax.set_yscale("log")
    axes[0][0].set_ylabel(ylabel or metric)
    fig.legend(loc="center right", fontsize="small", title=legend or by,
               title_fontsize="small")
    n = max(r["n"] for r in rows)
    fig.suptitle(title or f"{metric} against {x} (mean, 95 % CI, n <= {n})")
    right = 0.80 if len(panel_values) > 1 else 0.70
    if notes:
        shown = notes[:_MAX_NOTES] + ([f"... and {len(notes) - _MAX_NOTES} more (summary.csv)"]
                                      if len(notes) > _MAX_NOTES else [])
        fig.text(0.01, 0.01, "\n".join(shown), fontsize="x-small", va="bottom")
        fig.tight_layout(rect=(0, 0.035 * len(shown) + 0.01, right, 1))
    else:
        fig.tight_layout(rect=(0, 0, right, 1))
    return _save(fig, Path(out) if out else directory / f"{metric}-vs-{x}-by-{panels}",
                 formats)


def plot_study(target, results=None) -> list:
    """Draw every plot the study file lists (``[[plots]]``); return the files written."""
    directory, meta = results_dir(target, results)
    written = []
    for spec in meta.get("study", {}).get("plots", []):
        common = dict(logy=spec.get("logy", False), title=spec.get("title"),
                      xlabel=spec.get("xlabel"), ylabel=spec.get("ylabel"),
                      legend=spec.get("legend"))
        if spec.get("kind", "lines") == "tradeoff":
            written += plot_tradeoff(directory, spec["metric"], spec["x"], spec["by"],
                                     spec["panels"], **common)
        else:
            written += plot_metric(directory, spec["metric"], spec["x"], by=spec.get("by"),
                                   **common)
    return written
