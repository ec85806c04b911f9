"""Undefined is never zero: a metric that is null (or NaN) in a run, or a run that failed,
leaves the statistics of its configuration empty (with n, undefined and failed beside them)
in summary.csv, out of the figures (named in the legend and a note), and out of the ranking
of best (named with the reason, exit status 1). A fake program whose outcome depends on the
mode and RngRun."""

import csv
import math
import subprocess
import sys

import pytest

from hostnet.study import best_by, format_table, plot_metric, run_study, summary_records
from hostnet.study.plot import plot_series
from test_study_fakes import env_with_hostnet, write_program

CLI = [sys.executable, "-m", "hostnet"]

PROGRAM = """\
#!{python}
import json, sys
args = dict(a[2:].partition("=")[::2] for a in sys.argv[1:] if a.startswith("--"))
mode, x, rng = args["mode"], float(args.get("x", 0)), int(args["RngRun"])
y = 10 * x + rng                        # 11, 12, 13 for x = 1: mean 12
if mode == "crash" or (mode == "flaky" and rng == 2):
    sys.exit(3)
if mode == "null" or (mode == "partnull" and rng == 1):
    y = None
if mode == "nan":
    y = float("nan")                    # json writes NaN: not a sample either
if mode == "far":
    y = 1000 + rng
if mode == "near":
    y += 0.5
with open(args["metrics"], "w") as f:
    json.dump({{"y": y, "z": 1.0}}, f)
"""


@pytest.fixture
def program(tmp_path):
    return write_program(tmp_path / "modes.py", PROGRAM.format(python=sys.executable))


def study(program, modes, replications=3, x=(1,)):
    return {"name": "u", "program": str(program), "replications": replications,
            "grid": {"mode": list(modes), "x": list(x)}, "timeout": 30}


def run(program, out, modes, **kwargs):
    return run_study(study(program, modes, **kwargs), out=out, progress=False, check=False)


def test_summary_leaves_undefined_statistics_empty(tmp_path, program):
    out = tmp_path / "out"
    run(program, out, ["ok", "null", "nan", "crash", "flaky", "partnull"])
    # A NaN metric is recorded as null (undefined) in the sidecar and as an empty cell.
    nan_rows = [r for r in csv.DictReader(open(out / "results.csv")) if r["mode"] == "nan"]
    assert [r["y"] for r in nan_rows] == ["", "", ""]
    rows = {r["mode"]: r for r in summary_records(out) if r["metric"] == "y"}
    assert (rows["ok"]["n"], rows["ok"]["mean"], rows["ok"]["undefined"],
            rows["ok"]["failed"]) == (3, 12, 0, 0)
    for mode in ("null", "nan"):
        r = rows[mode]
        assert (r["n"], r["undefined"], r["failed"], r["runs"]) == (0, 3, 0, 3), mode
        assert all(math.isnan(r[k]) for k in ("mean", "std", "ci95", "low", "high")), mode
    assert (rows["crash"]["n"], rows["crash"]["failed"]) == (0, 3)
    assert math.isnan(rows["crash"]["mean"])
    # Some runs only: the statistics are of the defined samples, with the counts beside.
    assert (rows["flaky"]["n"], rows["flaky"]["failed"], rows["flaky"]["mean"]) == (2, 1, 12)
    assert (rows["partnull"]["n"], rows["partnull"]["undefined"],
            rows["partnull"]["mean"]) == (2, 1, 12.5)
    with open(out / "summary.csv", newline="") as f:
        written = {r["mode"]: r for r in csv.DictReader(f) if r["metric"] == "y"}
    assert list(written["null"].values())[2:] == ["y", "0", "", "", "", "", "", "3", "0", "3"]
    assert list(written["crash"].values())[2:] == ["y", "0", "", "", "", "", "", "0", "3", "3"]
    assert written["ok"]["mean"] == "12.0" and written["ok"]["n"] == "3"
    assert not any(v in ("nan", "0.0") for r in written.values() if r["n"] == "0"
                   for k, v in r.items() if k in ("mean", "std", "ci95", "low", "high"))
    table = format_table(summary_records(out, write=False), ["y"])
    assert "undefined (3/3)" in table and "12.5 +- " in table and "(n=2)" in table


def test_one_sample_has_a_mean_but_no_interval(tmp_path, program):
    out = tmp_path / "out"
    run(program, out, ["ok"], replications=1)
    (r,) = [r for r in summary_records(out) if r["metric"] == "y"]
    assert (r["n"], r["mean"]) == (1, 11) and math.isnan(r["std"]) and math.isnan(r["ci95"])
    with open(out / "summary.csv", newline="") as f:
        row = next(r for r in csv.DictReader(f) if r["metric"] == "y")
    assert (row["mean"], row["std"], row["ci95"], row["low"]) == ("11.0", "", "", "")


def test_best_never_ranks_an_undefined_or_failed_configuration(tmp_path, program):
    out = tmp_path / "out"
    run(program, out, ["ok", "far", "null", "crash", "flaky", "partnull"])
    (answer,) = best_by(summary_records(out, write=False), "y", x="x", by="mode")
    assert (answer["mode"], answer["runner_up"], answer["separated"]) == ("ok", "far", True)
    assert dict(answer["excluded"]) == {
        "null": "no y in 3/3 runs (undefined)", "crash": "3/3 runs failed",
        "flaky": "1/3 runs failed", "partnull": "no y in 1/3 runs (undefined)"}
    # Highest: "far", not the failed or undefined ones (which would be 0 or NaN).
    (high,) = best_by(summary_records(out, write=False), "y", x="x", by="mode", lower=False)
    assert (high["mode"], high["runner_up"]) == ("far", "ok")
    cli = subprocess.run(CLI + ["best", str(out), "--metric", "y", "--x", "x", "--by", "mode"],
                         env=env_with_hostnet(), capture_output=True, text=True, timeout=60)
    assert cli.returncode == 1, cli.stderr
    lines = cli.stdout.splitlines()
    assert lines[0].startswith("x = 1: lowest y with mode = ok (12 +- 2.5, n = 3); runner-up "
                               "far (1002 +- 2.5, n = 3): clearly (95 % intervals apart)")
    assert "  excluded: null at x = 1: no y in 3/3 runs (undefined)" in lines
    assert "  excluded: crash at x = 1: 3/3 runs failed" in lines
    assert "  excluded: flaky at x = 1: 1/3 runs failed" in lines
    assert "runs in" in cli.stderr and "failed" in cli.stderr


def test_best_says_when_nothing_can_be_answered(tmp_path, program):
    out = tmp_path / "out"
    run(program, out, ["null", "crash"])
    cli = subprocess.run(CLI + ["best", str(out), "--metric", "y", "--x", "x", "--by", "mode"],
                         env=env_with_hostnet(), capture_output=True, text=True, timeout=60)
    assert cli.returncode == 1
    assert cli.stdout.splitlines()[0] == "x = 1: no answer: every candidate excluded"


def test_best_says_when_replications_are_too_few_or_overlap(tmp_path, program):
    one = tmp_path / "one"
    run(program, one, ["ok", "far"], replications=1)
    cli = subprocess.run(CLI + ["best", str(one), "--metric", "y", "--x", "x", "--by", "mode"],
                         env=env_with_hostnet(), capture_output=True, text=True, timeout=60)
    assert cli.returncode == 0, cli.stderr  # nothing failed or excluded: only unsure
    assert cli.stdout.strip() == ("x = 1: lowest y with mode = ok (11, n = 1); runner-up far "
                                  "(1001, n = 1): too few replications to separate (n < 2: "
                                  "no interval)")
    near = tmp_path / "near"
    run(program, near, ["ok", "near"])
    (answer,) = best_by(summary_records(near, write=False), "y", x="x", by="mode")
    assert (answer["mode"], answer["separated"]) == ("ok", False)
    assert answer["verdict"] == "within the replications' noise (95 % intervals overlap)"


def test_best_answers_per_value_of_every_other_swept_parameter(tmp_path, program):
    out = tmp_path / "out"
    data = study(program, ["ok", "far"], x=(1, 2))
    data["grid"]["size"] = [1, 2]
    run_study(data, out=out, progress=False, check=False)
    answers = best_by(summary_records(out, write=False), "y", x="x", by="mode")
    assert [a["where"] for a in answers] == [{"x": 1, "size": 1}, {"x": 1, "size": 2},
                                             {"x": 2, "size": 1}, {"x": 2, "size": 2}]
    assert all(a["mode"] == "ok" for a in answers)


def test_plots_skip_undefined_points_and_name_them(tmp_path, program, monkeypatch):
    from matplotlib.figure import Figure

    out = tmp_path / "out"
    run(program, out, ["ok", "null", "partnull", "crash"], x=(1, 2, 3))
    figures = []
    original = Figure.savefig

    def record(self, *args, **kwargs):
        figures.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", record)
    files = plot_metric(out, "y", x="x", by="mode")
    assert all(f.stat().st_size > 1000 for f in files)
    ax = figures[0].axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert list(lines["ok"].get_ydata()) == [12, 22, 32]
    null = next(k for k in lines if k.startswith("null"))
    assert null == "null (undefined at x = 1, 2, 3)"
    assert len(lines[null].get_xdata()) == 0  # no point, and no 0, drawn
    crash = next(k for k in lines if k.startswith("crash"))
    assert len(lines[crash].get_xdata()) == 0
    assert list(lines["partnull"].get_ydata()) == [12.5, 22.5, 32.5]
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "null (undefined at x = 1, 2, 3)" in legend
    note = "\n".join(t.get_text() for t in figures[0].texts)
    assert "null at x = 1: undefined: no y in 3/3 runs" in note
    assert "crash at x = 1: no run ended ok; 3/3 runs failed" in note
    assert "... and 3 more (summary.csv)" in note  # 9 notes, 6 shown
    _, notes = plot_series([r for r in summary_records(out, write=False) if r["metric"] == "y"],
                           "y", "x", "mode", [])
    assert "partnull at x = 1: n = 2: no y in 1/3 runs" in notes and len(notes) == 9
    cli = subprocess.run(CLI + ["plot", str(out), "--metric", "y", "--x", "x", "--by", "mode"],
                         env=env_with_hostnet(), capture_output=True, text=True, timeout=120)
    assert cli.returncode == 1 and "figure:" in cli.stdout and "9 runs failed" in cli.stderr


def test_summary_exit_status(tmp_path, program):
    clean, failing = tmp_path / "clean", tmp_path / "failing"
    run(program, clean, ["ok", "null"])
    run(program, failing, ["ok", "flaky"])
    ok = subprocess.run(CLI + ["summary", str(clean)], env=env_with_hostnet(),
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr  # an undefined metric is a result, not a failure
    bad = subprocess.run(CLI + ["summary", str(failing)], env=env_with_hostnet(),
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "1 runs failed" in bad.stderr
    assert "flaky" in bad.stdout  # the summary is still printed
