"""Plot Salah et al. 2007's Fig. 7 and Fig. 11 from the CSVs written by hostnet-salah2007-figures.

    python validation/figures/plot_salah2007_figures.py results/figures [--out DIR]

Reads ``fig7_sim.csv``, ``fig7_analysis.csv`` and ``fig11_sim.csv`` from the directory
(a missing file skips its figure), averages the replications of every point with a 95 %
Student-t confidence interval and writes, next to the CSVs (or into ``--out``):

- ``fig7a_throughput.png``, ``fig7b_availability.png``, ``fig7c_latency_low.png`` (loads up
  to 150 Kpps, linear latency axis) and ``fig7d_latency_high.png`` (high loads, log axis):
  analysis as lines (the paper's closed forms solid, exact chains dashed, the
  capacity-corrected polling model dash-dotted), simulation as points with error bars, one
  color per scheme (count-1 and time-0us in normal interruption's color);
- ``fig11.png``: a 3 x 3 grid as in the paper, rows coalescing (tau, T), polling quota Q
  and polling period T_poll (pure polling solid, Salah et al. 2007's NAPI dashed), columns
  throughput, CPU availability, mean latency;
- a PDF next to every PNG.

Only the CSVs are needed: this module imports neither cppyy nor ns-3.
"""

import argparse
import csv
import math
import sys
from pathlib import Path

# plot_livelock.py beside this script (mean_ci, aggregate_by: pandas and scipy.stats)
HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
import plot_livelock as _livelock  # noqa: E402

mean_ci = _livelock.mean_ci
cliff_kpps = _livelock.cliff_kpps

METRICS = ["throughput_kpps", "cpu_availability", "latency_mean_us"]
FIG7_SIM_HEADER = ["scheme", "load_kpps", "replication"] + METRICS
FIG7_ANALYSIS_HEADER = ["model", "load_kpps"] + METRICS
FIG11_SIM_HEADER = ["family", "parameter", "load_kpps", "replication"] + METRICS

# Fig. 7: one color per scheme; count-1 and time-0us are normal interruption.
SCHEME_COLORS = {
    "ideal": "C0",
    "normal": "C1",
    "disable-enable": "C2",
    "count-8": "C3",
    "time-50us": "C4",
    "pure-polling": "C5",
    "napi-salah2007": "C6",
    "count-1": "C1",
    "time-0us": "C1",
}
SCHEME_MARKERS = {
    "ideal": "o",
    "normal": "s",
    "disable-enable": "D",
    "count-8": "^",
    "time-50us": "v",
    "pure-polling": "P",
    "napi-salah2007": "*",
    "count-1": "x",
    "time-0us": "+",
}
SCHEME_LABELS = {
    "ideal": "ideal",
    "normal": "normal interruption",
    "disable-enable": "disable-enable",
    "count-8": "count-based, \u03c4 = 8",
    "time-50us": "time-based, T = 50 \u00b5s",
    "pure-polling": "pure polling",
    "napi-salah2007": "NAPI (Salah et al. 2007)",
    "count-1": "count-based, \u03c4 = 1",
    "time-0us": "time-based, T = 0",
}
# Analysis model -> (scheme whose color it takes, line style, legend text)
MODEL_STYLES = {
    "ideal": ("ideal", "-", "M/M/1/B"),
    "normal": ("normal", "-", "eqs. 1-6"),
    "normal-exact": ("normal", "--", "exact CTMC"),
    "disable-enable": ("disable-enable", "-", "eqs. 7-8, 1/\u03bd = 9.57 \u00b5s"),
    "disable-enable-exact": ("disable-enable", "--", "exact chain of the mechanism"),
    "pure-polling": ("pure-polling", "-", "eqs. 9-12 as printed"),
    "pure-polling-corrected": ("pure-polling", "-.", "M/D/1/B at Q/T_poll"),
}

# Fig. 11 families: (row, line style, marker, legend prefix, unit)
FIG11_FAMILIES = {
    "count": (0, "-", "o", "count \u03c4 =", ""),
    "time": (0, "--", "s", "time T =", " \u00b5s"),
    "pure-polling-quota": (1, "-", "o", "pure polling Q =", ""),
    "napi-quota": (1, "--", "^", "NAPI Q =", ""),
    "pure-polling-period": (2, "-", "o", "pure polling T_poll =", " \u00b5s"),
    "napi-period": (2, "--", "^", "NAPI T_poll =", " \u00b5s"),
}


def _float(text):
    """Parse a CSV number ('nan' and 'inf' allowed)."""
    return float(text)


def read_csv(path, header, numeric):
    """Read a CSV with exactly ``header``; convert the ``numeric`` columns to float.

    Returns a list of row dicts; raises ValueError on a wrong header, a short row or no rows.
    """
    path = Path(path)
    with open(path, newline="") as f:
        reader = csv.reader(f)
        got = next(reader, None)
        if got != header:
            raise ValueError(f"{path}: expected header {','.join(header)}, got {got}")
        rows = []
        for line, fields in enumerate(reader, start=2):
            if not fields:
                continue
            if len(fields) != len(header):
                raise ValueError(f"{path}:{line}: expected {len(header)} fields, got {len(fields)}")
            row = dict(zip(header, fields))
            for name in numeric:
                row[name] = _float(row[name])
            rows.append(row)
    if not rows:
        raise ValueError(f"{path}: no data rows")
    return rows


def aggregate(rows, key_fields, level=0.95):
    """Average the replications of every (key, load) (plot_livelock.aggregate_by).

    ``key_fields`` names the columns that identify a curve (e.g. ["scheme"] or
    ["family", "parameter"]); the key is a tuple of their values (a single value for one
    field). Returns {key: [{"load_kpps", "n", <metric>: (mean, half_width)}, ...]} with
    keys in order of first appearance and loads ascending. Non-finite values are left out
    of a metric's mean (NaN if none is finite).
    """
    return _livelock.aggregate_by(rows, list(key_fields), METRICS, level=level)


def read_analysis(path):
    """Read fig7_analysis.csv: {model: {"load_kpps": [...], <metric>: [...]}}, loads sorted."""
    rows = read_csv(path, FIG7_ANALYSIS_HEADER, ["load_kpps"] + METRICS)
    models = {}
    for row in rows:
        models.setdefault(row["model"], []).append(row)
    result = {}
    for model, model_rows in models.items():
        model_rows.sort(key=lambda r: r["load_kpps"])
        result[model] = {name: [r[name] for r in model_rows] for name in ["load_kpps"] + METRICS}
    return result


def _new_figure(figsize, nrows=1, ncols=1, **margins):
    """A pyplot-free matplotlib figure with an Agg canvas and its axes.

    Fixed margins (``subplots_adjust`` arguments) instead of a layout engine: constrained
    layout measures every tick label again and doubles the drawing time.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize)
    FigureCanvasAgg(fig)
    axes = fig.subplots(nrows, ncols, squeeze=False)
    fig.subplots_adjust(**margins)
    return fig, axes


def _save(fig, png_path, dpi=120, pdf=True):
    """Write the PNG (and a PDF next to it); return the written paths."""
    png_path = Path(png_path)
    png_path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png_path, dpi=dpi)
    if not pdf:
        return [png_path]
    pdf_path = png_path.with_suffix(".pdf")
    fig.savefig(pdf_path)
    return [png_path, pdf_path]


def _scheme_style(scheme, index):
    """Color, marker and label of a Fig. 7 scheme (unknown schemes get spare colors)."""
    color = SCHEME_COLORS.get(scheme, f"C{7 + index % 3}")
    marker = SCHEME_MARKERS.get(scheme, "hpd"[index % 3])
    return color, marker, SCHEME_LABELS.get(scheme, scheme)


def _sim_points(ax, points, metric, log, x_range, **style):
    """Draw a curve's means with 95 % CI error bars (only finite, in range, > 0 if log)."""
    lo_x, hi_x = x_range
    pts = [p for p in points
           if lo_x <= p["load_kpps"] <= hi_x and math.isfinite(p[metric][0])
           and (not log or p[metric][0] > 0)]
    if not pts:
        return None
    x = [p["load_kpps"] for p in pts]
    y = [p[metric][0] for p in pts]
    hw = [p[metric][1] for p in pts]
    # On a log axis the lower bar stops at 1/1000 of the value instead of crossing 0.
    lower = [min(h, 0.999 * v) if log else h for v, h in zip(y, hw)]
    return ax.errorbar(x, y, yerr=[lower, hw], capsize=2.5, elinewidth=1, **style)


FIG7_PANELS = [
    # file stem, metric, y label, log y, x range, title
    ("fig7a_throughput", "throughput_kpps", "Mean system throughput (Kpps)", False, None,
     "(a) Throughput"),
    ("fig7b_availability", "cpu_availability", "CPU availability for applications", False,
     None, "(b) CPU availability"),
    ("fig7c_latency_low", "latency_mean_us", "Mean system latency (\u00b5s)", False,
     (0, 150), "(c) Latency at low load"),
    ("fig7d_latency_high", "latency_mean_us", "Mean system latency (\u00b5s)", True,
     (100, None), "(d) Latency at high load"),
]


def _latency_low_ymax(sim, analysis, x_max):
    """Upper y limit of Fig. 7c: 1.15 x the largest simulated mean latency up to 80 % of
    x_max (so that the blow-up of normal interruption next to its cliff does not flatten
    the other curves), or the analysis' largest value there if there is no simulation."""
    values = [p["latency_mean_us"][0] for points in sim.values() for p in points
              if p["load_kpps"] <= 0.8 * x_max and math.isfinite(p["latency_mean_us"][0])]
    if not values:
        values = [y for a in analysis.values()
                  for x, y in zip(a["load_kpps"], a["latency_mean_us"])
                  if x <= 0.8 * x_max and math.isfinite(y)]
    return 1.15 * max(values) if values else None


def _log_limits(sim, analysis, metric, lo_x, hi_x):
    """(bottom, top) of a log axis: 0.7 x the smallest positive mean or analysis value in
    [lo_x, hi_x], 1.5 x the largest mean + half width or analysis value; None if no data."""
    low, high = [], []
    for points in sim.values():
        for p in points:
            mean, hw = p[metric]
            if lo_x <= p["load_kpps"] <= hi_x and math.isfinite(mean) and mean > 0:
                low.append(mean)
                high.append(mean + (hw if math.isfinite(hw) else 0.0))
    for a in analysis.values():
        for x, y in zip(a["load_kpps"], a[metric]):
            if lo_x <= x <= hi_x and math.isfinite(y) and y > 0:
                low.append(y)
                high.append(y)
    if not low:
        return None
    return 0.7 * min(low), 1.5 * max(high)


def plot_fig7(sim, analysis, out_dir, isr_us=3.73, proto_us=5.34, dpi=120, pdf=True):
    """Draw the four Fig. 7 panels into ``out_dir``; return the written paths.

    ``sim`` is aggregate(rows, ["scheme"]) of fig7_sim.csv (may be empty), ``analysis``
    read_analysis() of fig7_analysis.csv (may be empty).
    """
    from matplotlib.lines import Line2D

    out_dir = Path(out_dir)
    all_loads = [p["load_kpps"] for pts in sim.values() for p in pts]
    all_loads += [x for a in analysis.values() for x in a["load_kpps"]]
    x_max_all = max(all_loads) if all_loads else 300
    cliff = cliff_kpps(isr_us, proto_us)
    schemes = list(sim)
    for model in analysis:
        scheme = MODEL_STYLES.get(model, (model,))[0]
        if scheme not in schemes:
            schemes.append(scheme)
    written = []
    for stem, metric, ylabel, log, x_range, title in FIG7_PANELS:
        lo_x = 0 if x_range is None else x_range[0]
        hi_x = x_max_all if x_range is None or x_range[1] is None else x_range[1]
        fig, axes = _new_figure((10.5, 5.6), left=0.075, right=0.66, bottom=0.1, top=0.93)
        ax = axes[0][0]
        handles = []
        for i, scheme in enumerate(schemes):
            color, marker, label = _scheme_style(scheme, i)
            drawn = False
            for model, a in analysis.items():
                target, style, text = MODEL_STYLES.get(model, (model, ":", model))
                if target != scheme:
                    continue
                pts = [(x, y) for x, y in zip(a["load_kpps"], a[metric])
                       if lo_x <= x <= hi_x and math.isfinite(y) and (not log or y > 0)]
                if pts:
                    # Curves that coincide (ideal and disable-enable in overload, all at
                    # low load) stay visible: earlier schemes are drawn wider, underneath.
                    width = max(1.3, 3.2 - 0.4 * i) if style == "-" else 1.3
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle=style,
                            color=color, linewidth=width, zorder=2 + 0.01 * i)
                    handles.append(Line2D([], [], color=color, linestyle=style,
                                          label=f"{label}: {text}"))
            if scheme in sim:
                small = marker in "x+*"
                bar = _sim_points(ax, sim[scheme], metric, log, (lo_x, hi_x), color=color,
                                  marker=marker, ms=8 if small else 5.5, linestyle="none",
                                  zorder=3 + i)
                drawn = bar is not None
                if drawn:
                    handles.append(Line2D([], [], color=color, marker=marker, linestyle="none",
                                          label=f"{label}: simulation"))
        if metric != "cpu_availability" and lo_x <= cliff <= hi_x:
            ax.axvline(cliff, color="gray", linestyle=":", linewidth=1)
            handles.append(Line2D([], [], color="gray", linestyle=":",
                                  label=f"eq. 13 cliff ({cliff:.0f} Kpps)"))
        ax.set_xlabel("Offered load \u03bb (Kpps, Poisson)")
        ax.set_ylabel(ylabel)
        ax.set_xlim(lo_x, hi_x * 1.02)
        if log:
            ax.set_yscale("log")
            # Limits from the means, not the bars: a lower bound <= 0 (a saturating point)
            # runs off the bottom instead of stretching the axis over decades.
            limits = _log_limits(sim, analysis, metric, lo_x, hi_x)
            if limits:
                ax.set_ylim(*limits)
        elif metric == "cpu_availability":
            ax.set_ylim(-0.02, 1.02)
        elif stem == "fig7c_latency_low":
            top = _latency_low_ymax(sim, analysis, hi_x)
            ax.set_ylim(0, top)
        else:
            ax.set_ylim(bottom=0)
        ax.grid(True, which="both", alpha=0.3)
        ax.set_title(f"Salah et al. 2007 Fig. 7 {title} (lines: analysis; points: simulation, "
                     "mean \u00b1 95 % CI)", fontsize=10)
        ax.legend(handles=handles, loc="center left", bbox_to_anchor=(1.01, 0.5),
                  fontsize=7.5, frameon=False)
        written += _save(fig, out_dir / f"{stem}.png", dpi, pdf)
    return written


def _fig11_label(family, parameter):
    """Legend text of a Fig. 11 curve."""
    _, _, _, prefix, unit = FIG11_FAMILIES.get(family, (0, "-", "o", family + " =", ""))
    return f"{prefix} {parameter:g}{unit}"


def plot_fig11(agg, out_dir, quota_poll_period_us=20, period_quota=4, dpi=120, pdf=True):
    """Draw the 3 x 3 Fig. 11 grid into ``out_dir``; return the written paths.

    ``agg`` is aggregate(rows, ["family", "parameter"]) of fig11_sim.csv.
    """
    out_dir = Path(out_dir)
    fig, axes = _new_figure((15, 12.5), 3, 3, left=0.055, right=0.985, bottom=0.05,
                            top=0.91, wspace=0.22, hspace=0.4)
    row_titles = [
        "Coalescing: count-based \u03c4 (solid), time-based T (dashed); "
        "\u03c4 = 1 and T = 0 are normal interruption",
        f"Polling quota Q at T_poll = {quota_poll_period_us:g} \u00b5s "
        "(pure polling solid, NAPI dashed)",
        f"Polling period T_poll at Q = {period_quota:g} (pure polling solid, NAPI dashed)",
    ]
    columns = [
        ("throughput_kpps", "Throughput (Kpps)", False),
        ("cpu_availability", "CPU availability", False),
        ("latency_mean_us", "Mean latency (\u00b5s)", True),
    ]
    # Colors: one per parameter value within a row (count and time get separate ranges).
    color_index = {}
    for family, parameter in agg:
        row = FIG11_FAMILIES.get(family, (0,))[0]
        group = family if row == 0 else row
        values = color_index.setdefault(group, [])
        if parameter not in values:
            values.append(parameter)
    x_max = max((p["load_kpps"] for pts in agg.values() for p in pts), default=300)
    letters = "abcdefghi"
    for (family, parameter), points in agg.items():
        row, style, marker, _, _ = FIG11_FAMILIES.get(family, (0, ":", "d", family, ""))
        group = family if row == 0 else row
        index = color_index[group].index(parameter)
        if family == "time":
            index += len(color_index.get("count", []))
        color = f"C{index % 10}"
        for col, (metric, _, log) in enumerate(columns):
            ax = axes[row][col]
            pts = [p for p in points if math.isfinite(p[metric][0])
                   and (not log or p[metric][0] > 0)]
            if not pts:
                continue
            ax.plot([p["load_kpps"] for p in pts], [p[metric][0] for p in pts],
                    linestyle=style, color=color, linewidth=1.2, zorder=2)
            _sim_points(ax, pts, metric, log, (0, math.inf), color=color, marker=marker,
                        ms=4.5, linestyle="none", zorder=3,
                        label=_fig11_label(family, parameter))
    for row in range(3):
        for col, (metric, ylabel, log) in enumerate(columns):
            ax = axes[row][col]
            ax.set_title(f"({letters[3 * row + col]})", fontsize=9, loc="left")
            ax.set_xlabel("Offered load (Kpps)")
            ax.set_ylabel(ylabel)
            ax.set_xlim(0, x_max * 1.02)
            if log:
                ax.set_yscale("log")
                row_curves = {k: v for k, v in agg.items()
                              if FIG11_FAMILIES.get(k[0], (0,))[0] == row}
                limits = _log_limits(row_curves, {}, metric, 0, math.inf)
                if limits:
                    ax.set_ylim(*limits)
            elif metric == "cpu_availability":
                ax.set_ylim(-0.02, 1.02)
            else:
                ax.set_ylim(bottom=0)
            ax.grid(True, which="both", alpha=0.3)
        # The availability panels are empty at high load and high availability.
        if axes[row][0].get_legend_handles_labels()[0]:
            handles, labels = axes[row][0].get_legend_handles_labels()
            axes[row][1].legend(handles, labels, fontsize=7.5, loc="upper right")
        top = axes[row][1].get_position().y1
        fig.text(0.5, top + 0.018, row_titles[row], ha="center", va="bottom", fontsize=10.5,
                 fontweight="bold")
    fig.suptitle("Salah et al. 2007 Fig. 11: effect of the parameters of coalescing and polling "
                 "(simulation, mean \u00b1 95 % CI)")
    return _save(fig, out_dir / "fig11.png", dpi, pdf)


def summary_lines(fig7_sim, fig11_sim):
    """Short text summary: peak throughput per Fig. 7 scheme and per Fig. 11 curve."""
    lines = []
    for scheme, points in fig7_sim.items():
        peak = max(points, key=lambda p: p["throughput_kpps"][0])
        last = points[-1]
        lines.append(
            f"fig7 {scheme}: peak {peak['throughput_kpps'][0]:.1f}"
            f"{_livelock.plus_minus(peak['throughput_kpps'][1])} Kpps at {peak['load_kpps']:g} Kpps; at "
            f"{last['load_kpps']:g} Kpps {last['throughput_kpps'][0]:.1f} Kpps, availability "
            f"{last['cpu_availability'][0]:.3f}"
        )
    for (family, parameter), points in fig11_sim.items():
        last = points[-1]
        lines.append(
            f"fig11 {_fig11_label(family, parameter)}: at {last['load_kpps']:g} Kpps "
            f"{last['throughput_kpps'][0]:.1f} Kpps, availability "
            f"{last['cpu_availability'][0]:.3f}, latency {last['latency_mean_us'][0]:.1f} us"
        )
    return lines


def main(argv=None):
    """Command line: plot_salah2007_figures <dir> [--out DIR] [--isrUs U] [--protoUs U]."""
    import matplotlib

    matplotlib.use("Agg")
    parser = argparse.ArgumentParser(prog="python validation/figures/plot_salah2007_figures.py",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("dir", help="directory with fig7_sim.csv, fig7_analysis.csv, "
                        "fig11_sim.csv (written by hostnet-salah2007-figures)")
    parser.add_argument("--out", default=None, help="output directory (default: dir)")
    parser.add_argument("--isrUs", type=float, default=_livelock.DEFAULT_ISR_US,
                        help="mean ISR cost in us, for the eq. 13 cliff line")
    parser.add_argument("--protoUs", type=float, default=_livelock.DEFAULT_PROTO_US,
                        help="mean protocol cost in us, for the eq. 13 cliff line")
    parser.add_argument("--quotaPollPeriodUs", type=float, default=20,
                        help="T_poll of the Fig. 11 quota study (titles only)")
    parser.add_argument("--periodQuota", type=float, default=4,
                        help="Q of the Fig. 11 period study (titles only)")
    parser.add_argument("--dpi", type=int, default=120, help="PNG resolution")
    parser.add_argument("--no-pdf", action="store_true", help="write the PNGs only")
    args = parser.parse_args(argv)
    if args.dpi <= 0:
        parser.error("--dpi must be > 0")
    src = Path(args.dir)
    out = Path(args.out) if args.out else src
    if not src.is_dir():
        print(f"error: {src} is not a directory", file=sys.stderr)
        return 2
    paths = {name: src / name for name in ("fig7_sim.csv", "fig7_analysis.csv", "fig11_sim.csv")}
    missing = [str(p) for p in paths.values() if not p.is_file()]
    for p in missing:
        print(f"note: {p} not found; its curves are left out")
    if len(missing) == len(paths):
        print(f"error: no CSV of hostnet-salah2007-figures in {src}", file=sys.stderr)
        return 1
    fig7_sim = {}
    if paths["fig7_sim.csv"].is_file():
        fig7_sim = aggregate(read_csv(paths["fig7_sim.csv"], FIG7_SIM_HEADER,
                                      ["load_kpps", "replication"] + METRICS), ["scheme"])
    analysis = {}
    if paths["fig7_analysis.csv"].is_file():
        analysis = read_analysis(paths["fig7_analysis.csv"])
    fig11_sim = {}
    if paths["fig11_sim.csv"].is_file():
        fig11_sim = aggregate(read_csv(paths["fig11_sim.csv"], FIG11_SIM_HEADER,
                                       ["parameter", "load_kpps", "replication"] + METRICS),
                              ["family", "parameter"])
    written = []
    if fig7_sim or analysis:
        written += plot_fig7(fig7_sim, analysis, out, args.isrUs, args.protoUs, args.dpi,
                             not args.no_pdf)
    if fig11_sim:
        written += plot_fig11(fig11_sim, out, args.quotaPollPeriodUs, args.periodQuota,
                              args.dpi, not args.no_pdf)
    for line in summary_lines(fig7_sim, fig11_sim):
        print(line)
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
