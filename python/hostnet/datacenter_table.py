"""The README's tables of the data-centre study, from its summary.csv.

    python -m hostnet.datacenter_table results/datacenter
    python -m hostnet.datacenter_table results/datacenter --compare results/reference/datacenter

Prints two Markdown tables, one row per setting (label) and one column per load: RPC
p50 / p99 / p99.9 in microseconds with the replications n, then CPU per server (cores busy),
receive interrupts per second and bulk goodput. Means over the replications; a metric
undefined in a run is left out of the mean by the summary (n says how many defined it); a
setting below the study's rank requirement (rpc_answered >= 0.95) is marked "starved".
A quantile that rests on fewer than hostnet.study.summary.TAIL_SAMPLES (30) samples beyond
it in the run with the fewest (summary.csv's beyond_min; the p99.9 of a run of about 3 000
requests rests on about 3) is printed to 2 significant figures and marked "~" (137.3 us:
"~140"); without beyond_min it is printed to the microsecond.

With --compare REFERENCE it says instead whether this run agrees with a reference run (the
committed results/reference/datacenter, whose tables the README shows): for every setting
and load, whether the two runs' 95 % intervals of the key-value p99 overlap. Exit status 1
if one does not.
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
    beyond = {}
    if "beyond_min" in frame.columns:
        values = pd.to_numeric(frame["beyond_min"], errors="coerce")
        beyond = {(r.label, r.load, r.metric): v
                  for r, v in zip(frame.itertuples(), values) if v == v}
    return (means, counts, beyond, list(dict.fromkeys(frame["label"])),
            list(dict.fromkeys(frame["load"])))


def _fmt(x, digits=0, scale=1.0, unit=""):
    return "nan" if x != x else f"{x / scale:.{digits}f}{unit}"


def _quantile(x, beyond):
    """A quantile's mean in us: to the microsecond, or, when it rests on fewer than
    TAIL_SAMPLES samples beyond it (@p beyond, None if unknown), to 2 significant figures
    marked "~"."""
    import math

    from hostnet.study.summary import TAIL_SAMPLES

    if x != x or beyond is None or beyond >= TAIL_SAMPLES or x == 0:
        return _fmt(x)
    decimals = 1 - math.floor(math.log10(abs(x)))
    return f"~{round(x, decimals):.{max(decimals, 0)}f}"


def tables(results):
    """The two Markdown tables (pandas DataFrame.to_markdown), one row per setting."""
    import math

    import pandas as pd

    means, counts, beyond, labels, loads = _read(results)

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
            q = lambda metric: _quantile(m(metric), beyond.get((label, load, metric)))  # noqa: E731
            lat_column.append(f"{q('rpc_p50_us')} / {q('rpc_p99_us')} / {q('rpc_p999_us')} "
                              f"({note})")
            cost_column.append(f"{_fmt(m('cpu_cores_busy'), 2)} / "
                               f"{_fmt(m('interrupts_per_s'), 0, 1000, ' k')} / "
                               f"{_fmt(m('bg_goodput_mbps'), 1, 1000)}")
        latency[f"p50 / p99 / p99.9 us, load {load}"] = lat_column
        cost[f"cores busy / IRQs per s / bulk Gb/s, load {load}"] = cost_column
    index = pd.Index(labels, name="setting")
    return "\n\n".join(pd.DataFrame(columns, index=index).to_markdown(disable_numparse=True)
                        for columns in (latency, cost))


def compare(results, reference, metric="rpc_p99_us"):
    """[(label, load, new mean, new ci95, reference mean, reference ci95, agrees)] for
    every setting and load of the reference; agrees: the 95 % intervals overlap (equal
    means with no spread agree)."""
    import pandas as pd

    def read(directory):
        path = pathlib.Path(directory) / "summary.csv"
        if not path.exists():
            raise SystemExit(f"{directory}: no summary.csv (run the study first)")
        frame = pd.read_csv(path, dtype={"label": str, "load": str})
        frame = frame[frame["metric"] == metric]
        return {(r.label, r.load): (float(r.mean), float(r.ci95) if r.ci95 == r.ci95 else 0.0)
                for r in frame.itertuples()}

    new, ref = read(results), read(reference)
    out = []
    for key, (ref_mean, ref_ci) in ref.items():
        mean, ci = new.get(key, (float("nan"), 0.0))
        agrees = abs(mean - ref_mean) <= ci + ref_ci + 1e-9 * max(1.0, abs(ref_mean))
        out.append((key[0], key[1], mean, ci, ref_mean, ref_ci, agrees))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m hostnet.datacenter_table",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="results directory of examples/studies/datacenter.toml")
    ap.add_argument("--compare", metavar="REFERENCE",
                    help="say whether the run agrees with the reference run's results "
                         "directory (key-value p99, 95 %% intervals)")
    args = ap.parse_args(argv)
    if not args.compare:
        print(tables(args.results))
        return 0
    rows = compare(args.results, args.compare)
    differ = [r for r in rows if not r[6]]
    print(f"key-value p99 against the reference ({args.compare}): {len(rows) - len(differ)} of "
          f"{len(rows)} settings x loads agree within the 95 % intervals")
    for label, load, mean, ci, ref_mean, ref_ci, _ in differ:
        print(f"  differs: {label} at load {load}: {mean:.1f} +- {ci:.1f} us, reference "
              f"{ref_mean:.1f} +- {ref_ci:.1f} us")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
