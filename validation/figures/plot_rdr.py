"""Plot the receive descriptor recycling study of Walravens and Gaidioz 2006 (the CSV written
by hostnet-rdr).

    python validation/figures/plot_rdr.py results/rdr/rdr.csv doc/figures/walravens2006-rdr.png

Left panel, like the paper's Fig. 3(a): received bit rate (frame bits) against the frame
size for each refill policy, with the theoretical Gigabit Ethernet limit
size / (size + 20) Gb/s; a CPU-bound host delivers a constant frame rate, a line through
the origin (the paper's slope 0.004 Gb/s per byte is 0.5 Mframes/s). Right panel, like Fig. 8: the loss (fraction of offered frames
not received) against the frame size. Prints, per policy, the largest frame size that
still loses frames and the 64-byte loss, and the relative loss reduction of recycling.

The results directory of a study of hostnet-rdr (examples/studies/papers/walravens2006-rdr.toml)
can stand for the CSV.

Plotting only needs the CSV: this module imports neither cppyy nor ns-3.
"""

import argparse
import csv
import sys
from pathlib import Path

HEADER = [
    "policy",
    "frame_bytes",
    "offered_pps",
    "offered_gbps",
    "received_pps",
    "received_gbps",
    "loss",
    "drop_fifo",
    "drop_no_descriptor",
    "line_gbps",
    "ksoftirqd",
]

_FLOATS = ["offered_pps", "offered_gbps", "received_pps", "received_gbps", "loss", "line_gbps"]
_INTS = ["frame_bytes", "drop_fifo", "drop_no_descriptor", "ksoftirqd"]

_LABELS = {"Allocate": "allocation refill (official driver)", "Recycle": "recycling (RDR)"}


def read_csv(path):
    """Read the hostnet-rdr CSV (exact header required) or a study's results directory.

    Returns {policy: [row dict, ...]} with policies in order of first appearance and rows
    sorted by frame size.
    """
    import pandas as pd

    rows = _rows(path)
    if not rows:
        raise ValueError(f"{path}: no data rows")
    frame = pd.DataFrame(rows)
    frame[_FLOATS] = frame[_FLOATS].apply(pd.to_numeric).astype(float)
    frame[_INTS] = frame[_INTS].apply(pd.to_numeric).astype(float).astype(int)
    return {policy: group.sort_values("frame_bytes", kind="stable").to_dict("records")
            for policy, group in frame.groupby("policy", sort=False)}


def _rows(path):
    """The rows of the CSV (exact header required) or of the runs of a study's results
    directory (examples/studies/papers/walravens2006-rdr.toml), as strings."""
    if Path(path).is_dir():
        from hostnet.study.summary import figure_rows

        return figure_rows(path, {"policies": "policy", "sizes": "frame_bytes"})
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
            rows.append(dict(zip(HEADER, fields)))
    return rows


def loss_reduction(by_policy, frame_bytes=64):
    """Relative loss reduction of Recycle against Allocate at one frame size (None if a
    policy or the size is missing, or Allocate loses nothing)."""
    def loss(policy):
        for row in by_policy.get(policy, []):
            if row["frame_bytes"] == frame_bytes:
                return row["loss"]
        return None

    alloc, recycle = loss("Allocate"), loss("Recycle")
    if alloc is None or recycle is None or alloc <= 0:
        return None
    return 1 - recycle / alloc


def summary_lines(by_policy):
    """Per policy: the 64-byte (smallest) loss and the largest size that loses frames."""
    lines = []
    for policy, rows in by_policy.items():
        lossy = [r["frame_bytes"] for r in rows if r["loss"] > 1e-3]
        first = rows[0]
        lines.append(
            f"{policy}: loss {first['loss']:.3f} at {first['frame_bytes']} B "
            f"({first['received_pps'] / 1e3:.0f} of {first['offered_pps'] / 1e3:.0f} Kframes/s); "
            + (f"frames up to {max(lossy)} B lose" if lossy else "no size loses")
        )
    reduction = loss_reduction(by_policy, min(r["frame_bytes"] for r in
                                             next(iter(by_policy.values()))))
    if reduction is not None:
        lines.append(f"recycling loses {100 * reduction:.1f} % fewer frames at the smallest size")
    return lines


def plot(by_policy, png_path):
    """Draw the two panels and write ``png_path``; return it."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(12, 4.5), layout="constrained")
    FigureCanvasAgg(fig)
    rate_ax, loss_ax = fig.subplots(1, 2)
    sizes = sorted({r["frame_bytes"] for rows in by_policy.values() for r in rows})
    rate_ax.plot(sizes, [s / (s + 20) for s in sizes], color="gray", linestyle="--",
                 label="Gigabit Ethernet limit")
    for i, (policy, rows) in enumerate(by_policy.items()):
        x = [r["frame_bytes"] for r in rows]
        label = _LABELS.get(policy, policy)
        rate_ax.plot(x, [r["received_gbps"] for r in rows], marker="os^v"[i % 4], ms=4,
                     color=f"C{i}", label=label)
        loss_ax.plot(x, [100 * r["loss"] for r in rows], marker="os^v"[i % 4], ms=4,
                     color=f"C{i}", label=label)
    rate_ax.set_xlabel("Frame size (bytes)")
    rate_ax.set_ylabel("Received bit rate (Gb/s, frame bits)")
    rate_ax.set_ylim(0, 1.05)
    rate_ax.set_title("Receive throughput (cf. Walravens and Gaidioz 2006 Fig. 3(a))")
    loss_ax.set_xlabel("Frame size (bytes)")
    loss_ax.set_ylabel("Frames lost (% of offered)")
    loss_ax.set_ylim(bottom=0)
    loss_ax.set_title("Loss, allocation vs recycling (cf. Fig. 8)")
    for ax in (rate_ax, loss_ax):
        ax.set_xlim(0, max(sizes) * 1.02)
        ax.grid(True, alpha=0.3)
        ax.legend()
    png_path = Path(png_path)
    png_path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png_path, dpi=110)
    return png_path


def main(argv=None):
    """Command line: plot_rdr <csv> <png>."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="CSV written by hostnet-rdr, or the results directory of a "
                        "study of it")
    parser.add_argument("png", help="output PNG")
    args = parser.parse_args(argv)
    try:
        by_policy = read_csv(args.csv)
    except (OSError, ValueError) as e:
        print(f"plot_rdr: {e}", file=sys.stderr)
        return 1
    plot(by_policy, args.png)
    for line in summary_lines(by_policy):
        print(line)
    print(f"Figure: {args.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
