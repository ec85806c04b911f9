"""Chang et al. 2008: goodput against the interrupt rate 1/T per frame size, simulation (points) and
CoalescingAnalysis (lines).

    python validation/figures/plot_coalescing.py results/figures/chang2008-coalescing out.png
        (a study)
    python validation/figures/plot_coalescing.py chang2008-goodput.csv out.png
        (the example's --csv)

Reads the CSV of examples/papers/hostnet-coalescing-goodput, or the results directory of its
study (examples/studies/papers/chang2008-coalescing.toml); writes PNG and PDF.
"""

import argparse
import csv
from pathlib import Path


def plot(csv_path, out_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if Path(csv_path).is_dir():
        from hostnet.study.summary import figure_rows

        found = figure_rows(csv_path, {"frameSize": "frame_bytes", "intervalUs": "interval_us"})
    else:
        with open(csv_path, newline="") as f:
            found = list(csv.DictReader(f))
    if not found:
        raise SystemExit(f"{csv_path}: no rows")
    import pandas as pd

    table = pd.DataFrame(found)[["frame_bytes", "interval_us", "goodput_pps",
                                 "model_goodput_pps"]].apply(pd.to_numeric)
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    for frame, points in table.sort_values("interval_us", ascending=False).groupby(
            "frame_bytes", sort=True):
        frame = int(frame)
        x = 1e6 / points["interval_us"] / 1e3
        sim = points["goodput_pps"] / 1e3
        model = points["model_goodput_pps"] / 1e3
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
    parser = argparse.ArgumentParser(prog="python validation/figures/plot_coalescing.py",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", help="CSV of examples/papers/hostnet-coalescing-goodput, or the "
                        "results directory of a study of it")
    parser.add_argument("png", help="output PNG (a PDF is written next to it)")
    args = parser.parse_args(argv)
    print(f"wrote {plot(args.csv, args.png)}")


if __name__ == "__main__":
    main()
