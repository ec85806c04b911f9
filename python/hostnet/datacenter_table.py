"""The README's tables of the data-centre study, from its summary.csv.

    python -m hostnet.datacenter_table results/datacenter

Prints two Markdown tables, one row per setting (label) and one column per load: RPC
p50 / p99 / p99.9 in microseconds with the replications n, then CPU per server (cores busy),
receive interrupts per second and bulk goodput. Means over the replications; a metric
undefined in a run is left out of the mean by the summary (n says how many defined it); a
setting below the study's rank requirement (rpc_answered >= 0.95) is marked "starved".
"""

import argparse
import pathlib
import sys


def _read(results):
    """summary.csv as a DataFrame (label, load and n as text, means as numbers; an
    undefined mean NaN), the settings and the loads in their order in the file."""
    import pandas as pd

    path = pathlib.Path(results) / "summary.csv"
    if not path.exists():
        raise SystemExit(f"{results}: no summary.csv (run the study first)")
    frame = pd.read_csv(path, dtype={"label": str, "load": str, "n": str})
    frame["mean"] = pd.to_numeric(frame["mean"], errors="coerce")
    means = frame.pivot_table(index=["label", "load"], columns="metric", values="mean",
                              aggfunc="first", dropna=False)
    counts = frame[frame["metric"] == "rpc_p99_us"].set_index(["label", "load"])["n"]
    return means, counts, list(dict.fromkeys(frame["label"])), list(dict.fromkeys(frame["load"]))


def _fmt(x, digits=0, scale=1.0, unit=""):
    return "nan" if x != x else f"{x / scale:.{digits}f}{unit}"


def tables(results):
    """The two Markdown tables (pandas DataFrame.to_markdown), one row per setting."""
    import math

    import pandas as pd

    means, counts, labels, loads = _read(results)

    def mean(label, load, metric):
        try:
            return float(means.at[(label, load), metric])
        except KeyError:
            return math.nan

    latency, cost = {}, {}
    for load in loads:
        lat_column, cost_column = [], []
        for label in labels:
            m = lambda metric: mean(label, load, metric)  # noqa: E731
            note = f"n = {counts.get((label, load), '0')}"
            if m("rpc_answered") < 0.95:
                note += f", starved: {m('rpc_answered') * 100:.0f} % answered"
            lat_column.append(f"{_fmt(m('rpc_p50_us'))} / {_fmt(m('rpc_p99_us'))} / "
                              f"{_fmt(m('rpc_p999_us'))} ({note})")
            cost_column.append(f"{_fmt(m('cpu_cores_busy'), 2)} / "
                               f"{_fmt(m('interrupts_per_s'), 0, 1000, ' k')} / "
                               f"{_fmt(m('bg_goodput_mbps'), 1, 1000)}")
        latency[f"p50 / p99 / p99.9 us, load {load}"] = lat_column
        cost[f"cores busy / IRQs per s / bulk Gb/s, load {load}"] = cost_column
    index = pd.Index(labels, name="setting")
    return "\n\n".join(pd.DataFrame(columns, index=index).to_markdown(disable_numparse=True)
                        for columns in (latency, cost))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m hostnet.datacenter_table",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="results directory of examples/studies/datacenter.toml")
    args = ap.parse_args(argv)
    print(tables(args.results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
