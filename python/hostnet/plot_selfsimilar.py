"""Salah et al. 2007 Fig. 10: throughput (and CPU availability, latency) of one host under bursty
self-similar traffic, per scheme, with 95 % confidence intervals of the replications.

    python -m hostnet.plot_selfsimilar results/figures/salah2007-selfsimilar out.png   (a study)
    python -m hostnet.plot_selfsimilar fig10.csv out.png   (hostnet-selfsimilar --csv)

Reads the CSV of examples/papers/hostnet-selfsimilar, or the results directory of its study
(examples/studies/papers/salah2007-selfsimilar.toml); writes PNG and PDF.
"""

import argparse
import csv
from collections import defaultdict
from pathlib import Path


def load_rows(path):
    """Group the CSV rows (or the runs of a study's results directory) by (scheme, load)."""
    groups = defaultdict(list)
    if Path(path).is_dir():
        from hostnet.study.summary import figure_rows

        rows = figure_rows(path, {"rng_run": "replication"})
    else:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    for row in rows:
        groups[(row["scheme"], float(row["load"]))].append(row)
    if not groups:
        raise SystemExit(f"{path}: no rows")
    return groups


def mean_ci(values):
    """Mean and half-width of the 95 % Student-t interval (NaN half-width, undefined, for a
    single value): hostnet.study.student_t.t_interval, the package's one interval."""
    from hostnet.study.student_t import t_interval

    mean, _, half = t_interval(values)
    return mean, half


def plot(csv_path, out_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = load_rows(csv_path)
    schemes = list(dict.fromkeys(s for s, _ in groups))
    panels = [("throughput_kpps", "throughput (Kpps)"),
              ("cpu_availability", "CPU availability"),
              ("latency_mean_us", "mean latency (us)")]
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
    for ax, (column, label) in zip(axes, panels):
        for scheme in schemes:
            loads = sorted(l for s, l in groups if s == scheme)
            offered = [mean_ci([float(r["offered_kpps"]) for r in groups[(scheme, l)]])[0]
                       for l in loads]
            stats = [mean_ci([float(r[column]) for r in groups[(scheme, l)]]) for l in loads]
            ax.errorbar(offered, [m for m, _ in stats], yerr=[h for _, h in stats],
                        marker="o", markersize=3, capsize=2, label=scheme)
        ax.set_xlabel("offered load (Kpps)")
        ax.set_ylabel(label)
        ax.grid(True, alpha=0.3)
        if column == "latency_mean_us":
            ax.set_yscale("log")
    axes[0].axhline(167, color="grey", linestyle=":", linewidth=1)
    axes[0].text(5, 169, "Salah et al. 2007: peak 167 Kpps", fontsize=8, color="grey")
    axes[0].legend(fontsize="small")
    n = max(len(v) for v in groups.values())
    fig.suptitle(f"Self-similar traffic (8 Pareto ON/OFF streams, backbone mix) into one host: "
                 f"mean and 95 % CI of {n} replications (Salah et al. 2007 Fig. 10)")
    fig.tight_layout()
    out = Path(out_path)
    fig.savefig(out, dpi=120)
    fig.savefig(out.with_suffix(".pdf"))
    plt.close(fig)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m hostnet.plot_selfsimilar",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", help="CSV of examples/papers/hostnet-selfsimilar, or the results "
                        "directory of a study of it")
    parser.add_argument("png", help="output PNG (a PDF is written next to it)")
    args = parser.parse_args(argv)
    print(f"wrote {plot(args.csv, args.png)}")


if __name__ == "__main__":
    main()
