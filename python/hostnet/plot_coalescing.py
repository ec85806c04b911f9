"""Chang et al. 2008: goodput against the interrupt rate 1/T per frame size, simulation (points) and
CoalescingAnalysis (lines).

    python -m hostnet.plot_coalescing results/figures/chang2008-coalescing out.png   (a study)
    python -m hostnet.plot_coalescing chang2008-goodput.csv out.png   (the example's --csv)

Reads the CSV of examples/papers/hostnet-coalescing-goodput, or the results directory of its
study (examples/studies/papers/chang2008-coalescing.toml); writes PNG and PDF.
"""

import argparse
import csv
from collections import defaultdict
from pathlib import Path


def plot(csv_path, out_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = defaultdict(list)
    if Path(csv_path).is_dir():
        from hostnet.study.summary import figure_rows

        found = figure_rows(csv_path, {"frameSize": "frame_bytes", "intervalUs": "interval_us"})
    else:
        with open(csv_path, newline="") as f:
            found = list(csv.DictReader(f))
    for row in found:
        rows[int(row["frame_bytes"])].append(row)
    if not rows:
        raise SystemExit(f"{csv_path}: no rows")
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    for frame in sorted(rows):
        points = sorted(rows[frame], key=lambda r: -float(r["interval_us"]))
        x = [1e6 / float(r["interval_us"]) / 1e3 for r in points]
        sim = [float(r["goodput_pps"]) / 1e3 for r in points]
        model = [float(r["model_goodput_pps"]) / 1e3 for r in points]
        (line,) = ax.plot(x, model, linestyle="-", linewidth=1.2, label=f"{frame} B model")
        ax.plot(x, sim, linestyle="none", marker="o", markersize=4, color=line.get_color(),
                label=f"{frame} B simulation")
    ax.set_xlabel("maximum interrupt rate 1/T (thousands per second)")
    ax.set_ylabel("goodput (Kpps read by the application)")
    ax.set_title("Chang et al. 2008: goodput vs interrupt rate "
                 "(Tp 2 us, Ta 8 us, To 5 us, line rate)", fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="x-small", ncol=2)
    fig.tight_layout()
    out = Path(out_path)
    fig.savefig(out, dpi=120)
    fig.savefig(out.with_suffix(".pdf"))
    plt.close(fig)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m hostnet.plot_coalescing",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", help="CSV of examples/papers/hostnet-coalescing-goodput, or the "
                        "results directory of a study of it")
    parser.add_argument("png", help="output PNG (a PDF is written next to it)")
    args = parser.parse_args(argv)
    print(f"wrote {plot(args.csv, args.png)}")


if __name__ == "__main__":
    main()
