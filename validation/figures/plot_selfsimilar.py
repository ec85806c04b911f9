"""Salah et al. 2007 Fig. 10: throughput (and CPU availability, latency) of one host under bursty
self-similar traffic, per scheme, with 95 % confidence intervals of the replications.

    python validation/figures/plot_selfsimilar.py results/figures/salah2007-selfsimilar out.png
        (a study)
    python validation/figures/plot_selfsimilar.py fig10.csv out.png
        (hostnet-selfsimilar --csv)

Reads the CSV of examples/papers/hostnet-selfsimilar, or the results directory of its study
(examples/studies/papers/salah2007-selfsimilar.toml); writes PNG and PDF.
"""

import argparse
import csv
import sys
from pathlib import Path

# plot_livelock.py beside this script: the averaging of the replications
HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


def load_rows(path):
    """The CSV rows (or the runs of a study's results directory) as dicts of strings."""
    if Path(path).is_dir():
        from hostnet.study.summary import figure_rows

        rows = figure_rows(path, {"rng_run": "replication"})
    else:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    if not rows:
        raise SystemExit(f"{path}: no rows")
    return rows


def aggregate(rows):
    """{scheme: [{"load", "n", <column>: (mean, 95 % half-width)}, ...]} by pandas
    (plot_livelock.aggregate_by), loads ascending; NaN half-width for a single value."""
    from plot_livelock import aggregate_by

    return aggregate_by(rows, ["scheme"], [column for column, _ in PANELS] + ["offered_kpps"],
                        x="load")


def mean_ci(values):
    """Mean and half-width of the 95 % Student-t interval (NaN half-width, undefined, for a
    single value): hostnet.study.summary.t_interval, the package's one interval."""
    from hostnet.study.summary import t_interval

    mean, _, half = t_interval(values)
    return mean, half


PANELS = [("throughput_kpps", "throughput (Kpps)"), ("cpu_availability", "CPU availability"),
          ("latency_mean_us", "mean latency (us)")]


def plot(csv_path, out_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    agg = aggregate(load_rows(csv_path))
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
    for ax, (column, label) in zip(axes, PANELS):
        for scheme, points in agg.items():
            ax.errorbar([p["offered_kpps"][0] for p in points], [p[column][0] for p in points],
                        yerr=[p[column][1] for p in points],
                        marker="o", markersize=3, capsize=2, label=scheme)
        ax.set_xlabel("offered load (Kpps)")
        ax.set_ylabel(label)
        ax.grid(True, alpha=0.3)
        if column == "latency_mean_us":
            ax.set_yscale("log")
    axes[0].axhline(167, color="grey", linestyle=":", linewidth=1)
    axes[0].text(5, 169, "Salah et al. 2007: peak 167 Kpps", fontsize=8, color="grey")
    axes[0].legend(fontsize="small")
    n = max(p["n"] for points in agg.values() for p in points)
    fig.suptitle(f"Self-similar traffic (8 Pareto ON/OFF streams, backbone mix) into one host: "
                 f"mean and 95 % CI of {n} replications (Salah et al. 2007 Fig. 10)")
    fig.tight_layout()
    out = Path(out_path)
    fig.savefig(out, dpi=120)
    fig.savefig(out.with_suffix(".pdf"))
    plt.close(fig)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python validation/figures/plot_selfsimilar.py",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", help="CSV of examples/papers/hostnet-selfsimilar, or the results "
                        "directory of a study of it")
    parser.add_argument("png", help="output PNG (a PDF is written next to it)")
    args = parser.parse_args(argv)
    print(f"wrote {plot(args.csv, args.png)}")


if __name__ == "__main__":
    main()
