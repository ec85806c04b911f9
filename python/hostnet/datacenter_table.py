"""The README's tables of the data-centre study, from its summary.csv.

    python -m hostnet.datacenter_table results/datacenter

Prints two Markdown tables, one row per setting (label) and one column per load: RPC
p50 / p99 / p99.9 in microseconds with the replications n, then CPU per server (cores busy),
receive interrupts per second and bulk goodput. Means over the replications; a metric
undefined in a run is left out of the mean by the summary (n says how many defined it); a
setting below the study's rank requirement (rpc_answered >= 0.95) is marked "starved".
"""

import argparse
import csv
import math
import pathlib
import sys


def _read(results):
    path = pathlib.Path(results) / "summary.csv"
    if not path.exists():
        raise SystemExit(f"{results}: no summary.csv (run the study first)")
    cells = {}
    labels, loads = [], []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            key = (r["label"], r["load"])
            cells.setdefault(key, {})[r["metric"]] = r
            if r["label"] not in labels:
                labels.append(r["label"])
            if r["load"] not in loads:
                loads.append(r["load"])
    return cells, labels, loads


def _mean(cell, metric):
    r = cell.get(metric)
    if r is None or r["mean"] in ("", None):
        return None
    x = float(r["mean"])
    return None if math.isnan(x) else x


def _fmt(x, digits=0):
    return "nan" if x is None else f"{x:.{digits}f}"


def tables(results):
    cells, labels, loads = _read(results)
    head = "| setting | " + " | ".join(f"load {l}" for l in loads) + " |"
    rule = "|---|" + "---|" * len(loads)
    lat = [head.replace("load", "p50 / p99 / p99.9 us, load"), rule]
    cpu = [head.replace("load", "cores busy / IRQs per s / bulk Gb/s, load"), rule]
    for label in labels:
        a, b = [], []
        for load in loads:
            c = cells.get((label, load), {})
            n = c.get("rpc_p99_us", {}).get("n", "0")
            answered = _mean(c, "rpc_answered")
            note = f"n = {n}"
            if answered is not None and answered < 0.95:
                note += f", starved: {answered * 100:.0f} % answered"
            a.append(f"{_fmt(_mean(c, 'rpc_p50_us'))} / {_fmt(_mean(c, 'rpc_p99_us'))} / "
                     f"{_fmt(_mean(c, 'rpc_p999_us'))} ({note})")
            irq = _mean(c, "interrupts_per_s")
            bg = _mean(c, "bg_goodput_mbps")
            b.append(f"{_fmt(_mean(c, 'cpu_cores_busy'), 2)} / "
                     f"{'nan' if irq is None else f'{irq / 1000:.0f} k'} / "
                     f"{'nan' if bg is None else f'{bg / 1000:.1f}'}")
        lat.append(f"| {label} | " + " | ".join(a) + " |")
        cpu.append(f"| {label} | " + " | ".join(b) + " |")
    return "\n".join(lat) + "\n\n" + "\n".join(cpu)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m hostnet.datacenter_table",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="results directory of examples/studies/datacenter.toml")
    args = ap.parse_args(argv)
    print(tables(args.results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
