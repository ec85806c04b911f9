"""Figures of a study: any metric against any swept parameter, one line per value of another
parameter (the scheme by default), with 95 % confidence bands; PNG and PDF."""

from __future__ import annotations

import math
from pathlib import Path

from .spec import StudyError
from .summary import results_dir, summarize

__all__ = ["plot_metric", "plot_study", "plot_series"]


def plot_metric(target, metric, x, by="scheme", out=None, logy=False, title=None,
                formats=("png", "pdf"), results=None, xlabel=None, ylabel=None) -> list:
    """Draw @p metric against @p x, one line per value of @p by, with 95 % CI bands.

    @param target a results directory or a study file
    @param out file path without suffix (default: <results>/<metric>-vs-<x>)
    @param results results directory when @p target is a study file (default results/<name>)
    @param xlabel, ylabel axis labels (default: the parameter and metric names)
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
    rows = summarize(directory, metrics=[metric], write=False)
    if not rows:
        raise StudyError(f"{directory}: no finished runs to plot")
    others = [p for p in swept if p not in (x, by)]
    lines, notes = plot_series(rows, metric, x, by, others)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for label, points in lines.items():
        drawn = [r for r in points if r["n"] > 0]  # undefined points are not drawn at all
        undefined = [r for r in points if r["n"] == 0]
        if undefined:
            label += f" (undefined at {x} = {', '.join(str(r[x]) for r in undefined)})"
        xs = [r[x] for r in drawn]
        ys = [r["mean"] for r in drawn]
        (line,) = ax.plot(xs, ys, marker="o", label=label)
        lows = [r["low"] if math.isfinite(r["low"]) else r["mean"] for r in drawn]
        highs = [r["high"] if math.isfinite(r["high"]) else r["mean"] for r in drawn]
        if drawn:
            ax.fill_between(xs, lows, highs, color=line.get_color(), alpha=0.2, linewidth=0)
    ax.set_xlabel(xlabel or x)
    ax.set_ylabel(ylabel or metric)
    if logy:
        ax.set_yscale("log")
    n = max(r["n"] for r in rows)
    ax.set_title(title or f"{meta.get('study', {}).get('name', '')}: {metric} "
                 f"(mean, 95 % CI, n <= {n})")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    if notes:
        shown = notes[:_MAX_NOTES] + ([f"... and {len(notes) - _MAX_NOTES} more (summary.csv)"]
                                      if len(notes) > _MAX_NOTES else [])
        fig.text(0.01, 0.01, "\n".join(shown), fontsize="x-small", va="bottom", ha="left")
        fig.tight_layout(rect=(0, 0.035 * len(shown) + 0.01, 1, 1))
    else:
        fig.tight_layout()
    stem = Path(out) if out else directory / f"{metric}-vs-{x}"
    stem.parent.mkdir(parents=True, exist_ok=True)
    written = []
    for fmt in formats:
        path = stem.with_name(stem.name + "." + fmt)
        fig.savefig(path, dpi=120)
        written.append(path)
    plt.close(fig)
    return written


_MAX_NOTES = 6


def plot_series(rows, metric, x, by, others) -> tuple:
    """The lines of a figure and its notes, from summary rows of one metric.

    @return ({label: summary rows sorted by x}, [note]); a note names each point with
            failed runs, with the metric undefined in some runs, or with one sample only
            (no interval). Points with no sample (n = 0) stay in the rows: the caller does
            not draw them.
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
    return lines, notes


def plot_study(target, results=None) -> list:
    """Draw every plot the study file lists (``[[plots]]``); return the files written."""
    directory, meta = results_dir(target, results)
    written = []
    for spec in meta.get("study", {}).get("plots", []):
        written += plot_metric(directory, spec["metric"], spec["x"], by=spec.get("by"),
                               logy=spec.get("logy", False), title=spec.get("title"),
                               xlabel=spec.get("xlabel"), ylabel=spec.get("ylabel"))
    return written
