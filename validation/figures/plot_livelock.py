"""Plot the receive-livelock study (the CSV written by hostnet-livelock).

    python validation/figures/plot_livelock.py results/livelock/livelock.csv \\
        results/livelock/livelock.png

Reads one row per (scheme, load, replication), averages the replications of each
(scheme, load) with a 95 % Student-t confidence interval and draws throughput, CPU
availability and mean latency (log scale) against the offered load, one line per scheme
with error bars and a shaded band, and the eq. 13 cliff point as a dashed vertical line.
Writes the PNG and a PDF next to it, and prints one summary line per scheme.

The results directory of a study of hostnet-livelock
(examples/studies/papers/salah2007-livelock.toml) can stand for the CSV.

Plotting only needs the CSV: this module imports neither cppyy nor ns-3.
"""

import argparse
import csv
import math
import sys
from pathlib import Path


HEADER = [
    "scheme",
    "load_kpps",
    "replication",
    "throughput_kpps",
    "cpu_availability",
    "latency_mean_us",
    "latency_p99_us",
    "drops",
]

METRICS = ["throughput_kpps", "cpu_availability", "latency_mean_us", "latency_p99_us", "drops"]


# Salah et al. 2007 Sec. 4 parameters: mean ISR cost 1/r and protocol cost 1/mu (us).
DEFAULT_ISR_US = 3.73
DEFAULT_PROTO_US = 5.34


def t_quantile(df, level=0.95):
    """Two-sided Student-t quantile for ``df`` degrees of freedom (scipy.stats.t)."""
    if df < 1:
        raise ValueError("t_quantile: df must be >= 1")
    if not 0.0 < level < 1.0:
        raise ValueError(f"t_quantile: level {level!r}; allowed: 0 < level < 1")
    from scipy import stats

    return float(stats.t.ppf(0.5 + level / 2, df))


def plus_minus(hw, digits=1):
    """' +- <hw>' for a half-width, or a note when it is undefined (one replication)."""
    return f" +- {hw:.{digits}f}" if math.isfinite(hw) else " (one replication: no interval)"


def mean_ci(values, level=0.95):
    """Return (mean, half-width of the confidence interval) of a sample.

    The half-width is t(df = n - 1) * s / sqrt(n) with the sample standard deviation s
    (hostnet.study.summary.t_interval, the package's one interval); it is NaN (undefined,
    not 0) for a single value: no interval can be estimated.
    """
    from hostnet.study.summary import t_interval

    values = [float(v) for v in values]
    if not values:
        raise ValueError("mean_ci: no values")
    mean, _, half = t_interval(values, level)
    return mean, half


def cliff_kpps(isr_us=DEFAULT_ISR_US, proto_us=DEFAULT_PROTO_US):
    """Eq. 13 cliff point of normal interruption, in Kpps.

    lambda = 2 mu / (sqrt(1 + 4 mu / r) + 1), with mu = 1/proto and r = 1/isr (r infinite
    for a zero ISR cost, giving mu); 127 Kpps for the Salah et al. 2007 parameters.
    """
    mu = 1e6 / proto_us
    if isr_us <= 0:
        return mu / 1e3
    r = 1e6 / isr_us
    return 2 * mu / (math.sqrt(1 + 4 * mu / r) + 1) / 1e3


def read_csv(path):
    """Read the livelock CSV (exact header required), or the results directory of a study of
    hostnet-livelock (examples/studies/papers/salah2007-livelock.toml); return a list of row
    dicts."""
    if Path(path).is_dir():
        from hostnet.study.summary import figure_rows

        return [_convert(row) for row in
                figure_rows(path, {"load": "load_kpps", "rng_run": "replication"})]
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header != HEADER:
            raise ValueError(f"{path}: expected header {','.join(HEADER)}, got {header}")
        rows = []
        for line, fields in enumerate(reader, start=2):
            if not fields:
                continue
            if len(fields) != len(HEADER):
                raise ValueError(f"{path}:{line}: expected {len(HEADER)} fields")
            rows.append(_convert(dict(zip(HEADER, fields))))
    if not rows:
        raise ValueError(f"{path}: no data rows")
    return rows


def _convert(row):
    """One row with its numbers converted."""
    row["load_kpps"] = float(row["load_kpps"])
    row["replication"] = int(row["replication"])
    for m in METRICS:
        row[m] = float(row[m])
    return row


def aggregate(rows, level=0.95):
    """Average replications per (scheme, load).

    Returns {scheme: [{"load_kpps", "n", <metric>: (mean, half_width), ...}, ...]} with
    schemes in order of first appearance and loads ascending.
    """
    return aggregate_by(rows, ["scheme"], METRICS, level=level)


def aggregate_by(rows, keys, metrics, x="load_kpps", level=0.95):
    """Average the replications of every (key, @p x) with pandas.

    @p keys names the columns that identify a curve (e.g. ["scheme"] or ["family",
    "parameter"]); the key is a tuple of their values (a single value for one column).
    Returns {key: [{x, "n", <metric>: (mean, half-width of the Student-t interval)}, ...]}
    with keys in order of first appearance and @p x ascending; ``n`` counts the rows.
    Non-finite values are left out of a metric's mean (NaN if none is finite); the
    half-width is NaN with fewer than two values (hostnet.study.summary.t_half_width).
    """
    import numpy as np
    import pandas as pd

    from hostnet.study.summary import t_half_width

    frame = pd.DataFrame(list(rows))
    values = frame[metrics].apply(pd.to_numeric).astype(float).replace([np.inf, -np.inf],
                                                                         np.nan)
    groups = values.groupby([frame[k] for k in keys] + [pd.to_numeric(frame[x])], sort=False)
    mean, std, count, size = groups.mean(), groups.std(ddof=1), groups.count(), groups.size()
    half = {m: t_half_width(std[m], count[m], level) for m in metrics}
    result = {}
    for index in mean.index:
        *key, at = (v.item() if hasattr(v, "item") else v for v in index)
        point = {x: at, "n": int(size[index])}
        point.update({m: (float(mean.at[index, m]), float(half[m][index])) for m in metrics})
        result.setdefault(key[0] if len(key) == 1 else tuple(key), []).append(point)
    for points in result.values():
        points.sort(key=lambda p: p[x])
    return result


def summary_lines(agg):
    """One line per scheme: peak mean throughput and the offered load where it occurs."""
    lines = []
    for scheme, points in agg.items():
        peak = max(points, key=lambda p: p["throughput_kpps"][0])
        mean, hw = peak["throughput_kpps"]
        lines.append(
            f"{scheme}: peak throughput {mean:.1f}{plus_minus(hw)} Kpps at offered load "
            f"{peak['load_kpps']:g} Kpps"
        )
    return lines


def plot(agg, png_path, cliff=None):
    """Draw the three panels and write ``png_path`` and the same name with .pdf.

    ``cliff`` is the eq. 13 cliff point in Kpps (default: Salah et al. 2007 parameters).
    Returns (png_path, pdf_path).
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    cliff = cliff_kpps() if cliff is None else cliff
    fig = Figure(figsize=(15, 4.5), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, 3)
    panels = [
        ("throughput_kpps", "Throughput (Kpps)", False),
        ("cpu_availability", "CPU availability (fraction)", False),
        ("latency_mean_us", "Mean latency (\u00b5s)", True),
    ]
    for ax, (metric, label, log) in zip(axes, panels):
        for i, (scheme, points) in enumerate(agg.items()):
            pts = [p for p in points if not log or p[metric][0] > 0]
            if not pts:
                continue
            x = [p["load_kpps"] for p in pts]
            y = [p[metric][0] for p in pts]
            hw = [p[metric][1] for p in pts]
            # An undefined half-width (one replication) draws no band and no bar there.
            lo = [max(v - h, v * 1e-3) if log and math.isfinite(h) else v - h
                  for v, h in zip(y, hw)]
            hi = [v + h for v, h in zip(y, hw)]
            line = ax.errorbar(x, y, yerr=[[v - l for v, l in zip(y, lo)], hw],
                               marker="os^vDP*"[i % 7], ms=5, capsize=3, label=scheme,
                               color=f"C{i}", zorder=3 + i)[0]
            ax.fill_between(x, lo, hi, color=line.get_color(), alpha=0.2, linewidth=0)
        ax.axvline(cliff, color="gray", linestyle="--", linewidth=1,
                   label=f"eq. 13 cliff ({cliff:.0f} Kpps)")
        ax.set_xlabel("Offered load (Kpps)")
        ax.set_ylabel(label)
        if log:
            ax.set_yscale("log")
        elif metric == "cpu_availability":
            ax.set_ylim(-0.02, 1.02)
        else:
            ax.set_ylim(bottom=0)
        ax.grid(True, which="both", alpha=0.3)
    axes[0].legend()
    fig.suptitle("Receive livelock: mean of replications with 95 % confidence intervals")
    png_path = Path(png_path)
    pdf_path = png_path.with_suffix(".pdf")
    png_path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png_path, dpi=120)
    fig.savefig(pdf_path)
    return png_path, pdf_path


def main(argv=None):
    """Command line: plot_livelock <csv> <png> [--isrUs U] [--protoUs U] [--cliff K]."""
    import matplotlib

    matplotlib.use("Agg")
    parser = argparse.ArgumentParser(prog="python validation/figures/plot_livelock.py",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="livelock.csv written by hostnet-livelock, or the results "
                        "directory of a study of it")
    parser.add_argument("png", help="output PNG (a PDF is written next to it)")
    parser.add_argument("--isrUs", type=float, default=DEFAULT_ISR_US,
                        help="mean ISR cost in us, for the eq. 13 cliff line")
    parser.add_argument("--protoUs", type=float, default=DEFAULT_PROTO_US,
                        help="mean protocol cost in us, for the eq. 13 cliff line")
    parser.add_argument("--cliff", type=float, default=None,
                        help="cliff load in Kpps (overrides --isrUs/--protoUs)")
    args = parser.parse_args(argv)
    cliff = args.cliff if args.cliff is not None else cliff_kpps(args.isrUs, args.protoUs)
    agg = aggregate(read_csv(args.csv))
    png, pdf = plot(agg, args.png, cliff)
    for line in summary_lines(agg):
        print(line)
    print(f"wrote {png} and {pdf}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
