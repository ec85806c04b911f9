"""hostnet-memcached against Damato and Karsten's published measurements.

Reads the results of ``python -m hostnet run examples/studies/memcached.toml`` (results.csv:
one row per setting ``label`` and load ``qps``) and the published table
(``data/validation/damato-karsten-2024-memcached.csv``: memcached 1.6 on an AMD EPYC 7662,
Linux 6.12 with IRQ suspension, mutilate) and prints, per load and setting, the model's
achieved rate, mean / p95 / p99 latency, CPU, interrupts and cycles per request (the model's
CPU time per request at 1.1 GHz, what the measured host counts per busy core-second) beside
the measured values, and the part of the model's cycles that is cache refill.

    python validation/figures/memcached_validation.py results/memcached [--format rst|markdown]

Undefined model values (no samples) print as "nan"; a setting or load missing on either side
prints as "-". The exit status is 1 if the results hold no finished run.
"""

import argparse
import csv
import math
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "data" / "validation" / "damato-karsten-2024-memcached.csv"
LOADS = [200000, 400000, 600000, 800000, 1000000, 0]
MODES = ["base", "defer10", "defer20", "defer50", "defer200", "napibusy", "fullbusy",
         "suspend0", "suspend10", "suspend20", "suspend50", "suspend200"]


def load_name(qps):
    """The published table's name of a load: 200K ... 1000K, MAX for 0 (unbounded)."""
    return "MAX" if qps == 0 else f"{qps // 1000}K"


def read_published(path=PUBLISHED):
    """{(testcase, load): row} of the published table (comment lines skipped)."""
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    return {(r["testcase"], r["load"]): r for r in csv.DictReader(lines)}


def read_model(results_dir):
    """{(label, load): row} of the finished runs of a memcached study (last one wins)."""
    path = pathlib.Path(results_dir) / "results.csv"
    if not path.exists():
        raise SystemExit(f"{results_dir}: no results.csv (run the study first: python -m "
                         "hostnet run examples/studies/memcached.toml)")
    rows = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r.get("status") == "ok":
                rows[(r["label"], load_name(int(float(r["qps"]))))] = r
    return rows


def _cell(row, key, show):
    """A table cell: "-" without a row, "nan" for an undefined value, else show(value)."""
    if row is None:
        return "-"
    if row.get(key) in (None, ""):
        return "nan"
    x = float(row[key])
    return "nan" if math.isnan(x) else show(x)


def _num(row, key, digits=0):
    return _cell(row, key, lambda x: f"{x:.{digits}f}")


def _kilo(row, key):
    return _cell(row, key, lambda x: f"{x / 1000:.0f}K")


def _cycles(row, key, ghz=1.1):
    """A per-request time in microseconds as cycles at the measured host's 1.1 GHz."""
    return _cell(row, key, lambda x: f"{x * ghz * 1e3:.0f}")


def table(model, published, model_only=False):
    """Rows of the comparison: load, setting, then model / measured pairs (@p model_only:
    only the settings and loads the model ran)."""
    header = ["load", "setting", "qps (model / meas.)", "avg us", "p95 us", "p99 us",
              "CPU % (model / meas.)", "IRQs/s (model)", "cycles/req (model / meas.)",
              "refill cycles/req"]
    out = [header]
    for qps in LOADS:
        load = load_name(qps)
        for mode in MODES:
            m = model.get((mode, load))
            p = published.get((mode, load))
            if (m is None and p is None) or (model_only and m is None):
                continue
            pair = lambda mk, pk, d=0: f"{_num(m, mk, d)} / {_num(p, pk, d)}"
            out.append([load, mode,
                        f"{_kilo(m, 'achieved_qps')} / {_kilo(p, 'qps')}",
                        pair("latency_avg_us", "avglat"),
                        pair("latency_p95_us", "p95lat"),
                        pair("latency_p99_us", "p99lat"),
                        pair("cpu_busy_pct", "cpu"),
                        _num(m, "interrupts_per_s"),
                        pair("cycles_per_req", "cpq"),
                        _cycles(m, "interference_us_per_req")])
    return out


def render(rows, fmt):
    """The rows (the first is the header) as an RST simple table or a Markdown table
    (tabulate)."""
    from tabulate import tabulate

    return tabulate(rows[1:], headers=rows[0], tablefmt="github" if fmt == "markdown" else "rst",
                    disable_numparse=True)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python validation/figures/memcached_validation.py",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="results directory of the memcached study")
    ap.add_argument("--format", choices=["rst", "markdown"], default="markdown")
    ap.add_argument("--published", default=str(PUBLISHED), help="published table (CSV)")
    ap.add_argument("--model-only", action="store_true",
                    help="only the settings and loads the results hold")
    args = ap.parse_args(argv)
    model = read_model(args.results)
    if not model:
        print(f"{args.results}: no finished run", file=sys.stderr)
        return 1
    print(render(table(model, read_published(args.published), args.model_only), args.format))
    return 0


if __name__ == "__main__":
    sys.exit(main())
