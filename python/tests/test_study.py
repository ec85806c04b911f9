"""The study runner: schema errors, failure isolation, timeouts, resume after kill -9, the Dask
path, summaries and plots. A fake program stands in for the ns-3 examples (no ns-3 needed);
two integration tests run hostnet-livelock's one-point mode and hostnet-leaf-spine."""

import csv
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_study_fakes import pids_in_log, wait_for_started_runs

from hostnet.study import (Study, StudyError, format_table, load, plot_metric, run_study,
                           summarize, summary_records)

HERE = Path(__file__).resolve().parent
FAKE = HERE / "data" / "fake_study_program.py"
PYTHON_DIR = HERE.parent
PYTHONPATH_DIR = PYTHON_DIR
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", HERE.parents[1] / "build")).resolve()


def fake_study(**overrides):
    """A study of the fake program; keys of @p overrides replace the defaults."""
    data = {"name": "fake", "program": str(FAKE), "timeout": 20, "replications": 2,
            "grid": {"x": [1, 2]}, "parameters": {"mode": "ok"}}
    data.update(overrides)
    return data


def rows_of(out):
    with open(Path(out) / "results.csv", newline="") as f:
        return list(csv.DictReader(f))


# ---------------------------------------------------------------- schema and input errors

@pytest.mark.parametrize("change, expected", [
    ({"gird": {"x": [1]}}, "(top level): unknown key(s) 'gird'; allowed: description, grid"),
    ({"replications": 0}, "replications: expected a positive integer or a list"),
    ({"replications": [1, 1]}, "replications: expected a positive integer or a list"),
    ({"grid": {"x": 3}}, "grid.x: expected array, got 3"),
    ({"grid": {"x": [1, [2]]}}, "grid.x[1]: expected string or number or boolean, got [2]"),
    ({"grid": {"x": [1, 2, "x"]}},
     "grid.x[2]: expected a number (as the other values of 'x'), got \"x\""),
    ({"runs": [{"y": "a"}, {"y": True}, {"y": "b"}]},
     "runs[1].y: expected a string (as the other values of 'y'), got true"),
    ({"timeout": -1}, "timeout: -1 is less than or equal to the minimum of 0"),
    ({"parameters": {"RngRun": 3}}, "parameter name 'RngRun' is not allowed"),
    ({"plots": [{"metric": "y"}]}, "plots[0]: 'x' is a required property"),
    ({"plots": [{"metric": "y", "x": "x", "colour": "red"}]},
     "plots[0]: unknown key(s) 'colour'; allowed: by, kind, legend, logy, metric, panels, title, x, xlabel, ylabel"),
    ({"parameters": {"x": 1}}, "grid.x: also set in parameters"),
])
def test_schema_errors_name_the_key_and_what_is_allowed(change, expected):
    with pytest.raises(StudyError) as err:
        Study.from_dict(fake_study(**change))
    assert expected in str(err.value)


def test_missing_required_keys():
    with pytest.raises(StudyError, match="'program' is a required property"):
        Study.from_dict({"name": "x"})


def test_bad_toml_and_unknown_format(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nprogram = \n')
    with pytest.raises(StudyError, match=r"bad.toml: not valid TOML: .*line 2"):
        Study.load(bad)
    other = tmp_path / "study.json"
    other.write_text("{}")
    with pytest.raises(StudyError, match="allowed: .toml, .yaml, .yml"):
        Study.load(other)
    with pytest.raises(StudyError, match="no such study file"):
        Study.load(tmp_path / "missing.toml")


def test_unknown_program(tmp_path):
    study = Study.from_dict(fake_study(program="hostnet-no-such-example"))
    with pytest.raises(StudyError, match="program: 'hostnet-no-such-example' not found"):
        run_study(study, out=tmp_path / "out", build_dir=tmp_path, progress=False)


def test_yaml_study_and_expansion(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(f"name: y\nprogram: {FAKE}\nreplications: [3, 7]\n"
                    "grid: {x: [1, 2, 3]}\nruns: [{mode: ok}, {mode: sleep, sleep: 0}]\n")
    study = Study.load(path)
    specs = study.expand()
    assert len(specs) == 3 * 2 * 2
    assert len({s.run_id for s in specs}) == len(specs)
    assert {s.rng_run for s in specs} == {3, 7}
    assert specs[0].arguments() == ["--x=1", "--mode=ok", "--RngRun=3"]
    # The run id depends on the parameters and RngRun only: stable across loads.
    assert [s.run_id for s in Study.load(path).expand()] == [s.run_id for s in specs]


# ---------------------------------------------------------------- isolation and timeouts

def test_failures_are_isolated_and_recorded(tmp_path):
    study = fake_study(parameters={}, replications=1, timeout=2,
                       grid={"mode": ["ok", "crash", "hang", "badjson", "nometrics",
                                      "notobject"]})
    result = run_study(study, out=tmp_path, jobs=6, progress=False)
    assert (result.ok, result.failed) == (1, 5)
    status = {r["mode"]: (r["status"], r["error"]) for r in rows_of(tmp_path)}
    assert status["ok"] == ("ok", "")
    assert status["crash"] == ("failed", "exit code 3")
    assert status["hang"] == ("timeout", "timed out after 2 s")
    assert status["badjson"][0] == "bad-metrics" and "not valid JSON" in status["badjson"][1]
    assert status["nometrics"] == ("bad-metrics", "the program wrote no metrics file")
    assert "not a JSON object" in status["notobject"][1]
    hang = next(r for r in rows_of(tmp_path) if r["mode"] == "hang")
    assert "timed out after 2 s: killed" in (tmp_path / hang["log"]).read_text()
    crash = next(r for r in rows_of(tmp_path) if r["mode"] == "crash")
    log = (tmp_path / crash["log"]).read_text()
    assert "about to crash" in log and "--mode=crash" in log
    sidecar = json.loads((tmp_path / "runs" / f"{crash['run_id']}.json").read_text())
    assert sidecar["status"] == "failed" and sidecar["returncode"] == 3
    assert set(sidecar["versions"]) >= {"ns3", "hostnet", "hostnet_commit", "python"}


def test_required_metrics(tmp_path):
    result = run_study(fake_study(metrics=["y", "w"]), out=tmp_path, progress=False)
    assert result.failed == 4
    assert all("required metrics missing: ['w']" in r["error"] for r in rows_of(tmp_path))


def test_rerun_skips_finished_and_retries_failed(tmp_path):
    study = fake_study(replications=1, parameters={}, grid={"mode": ["ok", "crash"]})
    first = run_study(study, out=tmp_path, progress=False)
    assert (first.ok, first.failed, first.skipped) == (1, 1, 0)
    again = run_study(study, out=tmp_path, progress=False)
    assert (again.ok, again.failed, again.skipped) == (0, 1, 1)
    keep = run_study(study, out=tmp_path, progress=False, retry_failed=False)
    assert (keep.ok, keep.failed, keep.skipped) == (0, 0, 2)
    rows = rows_of(tmp_path)
    assert len(rows) == 2 and len({r["run_id"] for r in rows}) == 2


def _alive(pid):
    """Whether process @p pid runs (a zombie, killed but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_timeout_kills_the_whole_process_group(tmp_path):
    # The program starts a child that keeps running (and holds the log open): the timeout
    # must kill both, not only the program.
    study = fake_study(parameters={"mode": "hangchild"}, grid={"x": [1]}, replications=1,
                       timeout=1)
    result = run_study(study, out=tmp_path, progress=False)
    assert result.failed == 1
    row = rows_of(tmp_path)[0]
    assert (row["status"], row["error"]) == ("timeout", "timed out after 1 s")
    pids = pids_in_log(tmp_path / row["log"])
    assert pids is not None, "the run's output did not reach its log file"
    deadline = time.time() + 5
    while any(map(_alive, pids)) and time.time() < deadline:
        time.sleep(0.05)
    assert not any(map(_alive, pids)), f"processes {pids} survived the timeout"


def test_interrupt_kills_the_runs_and_keeps_the_finished(tmp_path):
    study_file = tmp_path / "s.toml"
    study_file.write_text(f'name = "i"\nprogram = "{FAKE}"\ntimeout = 60\n'
                          '[grid]\nmode = ["ok", "hangchild"]\nx = [1, 2]\n')
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=str(PYTHONPATH_DIR))
    # A shell that starts a job in the background (e.g. a CI runner) makes it ignore
    # SIGINT, and Python then installs no KeyboardInterrupt handler: restore the default in
    # the runner so that the test sends what a terminal's Ctrl-C sends.
    proc = subprocess.Popen([sys.executable, "-m", "hostnet", "run", str(study_file),
                             "--program", str(FAKE),
                             "--out",
                             str(out), "--jobs", "4", "--quiet"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    pids = wait_for_started_runs(out, 2)
    assert len(pids) == 2, "the hanging runs did not start"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 130 and "run again to resume" in err
    for pid in (p for pair in pids for p in pair):
        assert not _alive(pid), f"run process {pid} survived the interrupt"
    # The two ok runs finished before the interrupt and are kept.
    rows = rows_of(out)
    assert sorted((r["mode"], r["status"]) for r in rows) == [("ok", "ok"), ("ok", "ok")]


def test_null_and_non_number_metrics(tmp_path):
    study = fake_study(parameters={}, replications=[1, 2],
                       grid={"mode": ["ok", "nullmetric", "strmetric"]})
    result = run_study(study, out=tmp_path, progress=False)
    assert (result.ok, result.failed) == (4, 2)
    status = {(r["mode"], r["rng_run"]): r for r in rows_of(tmp_path)}
    assert status[("strmetric", "1")]["status"] == "bad-metrics"
    assert "metrics ['y'] are not numbers (or null)" in status[("strmetric", "1")]["error"]
    # null: the metric is undefined in that run (empty cell), left out of the summary.
    assert status[("nullmetric", "1")]["y"] == "" and status[("nullmetric", "1")]["z"] == "0.0"
    y = {r["mode"]: r for r in summary_records(tmp_path) if r["metric"] == "y"}
    assert (y["ok"]["n"], y["ok"]["mean"]) == (2, 1.5)  # y = RngRun: 1, 2
    assert y["nullmetric"]["n"] == 0 and math.isnan(y["nullmetric"]["mean"])
    assert (y["nullmetric"]["undefined"], y["nullmetric"]["failed"]) == (2, 0)
    # A configuration whose runs all failed is listed with its failures and no statistic.
    assert (y["strmetric"]["n"], y["strmetric"]["failed"]) == (0, 2)
    assert math.isnan(y["strmetric"]["mean"])


def test_sidecar_records_the_run(tmp_path):
    run_study(fake_study(grid={"x": [5]}, replications=[4]), out=tmp_path, progress=False)
    row = rows_of(tmp_path)[0]
    side = json.loads((tmp_path / "runs" / f"{row['run_id']}.json").read_text())
    assert side["status"] == "ok" and side["rng_run"] == 4
    assert side["parameters"] == {"mode": "ok", "x": 5}
    assert side["metrics"] == {"y": 9.0, "z": 10.0}
    assert side["command"][0] == str(FAKE)
    assert side["command"][1:4] == ["--mode=ok", "--x=5", "--RngRun=4"]
    assert side["command"][4].startswith("--metrics=")
    assert side["wall_s"] > 0 and float(row["wall_s"]) == side["wall_s"]
    assert side["versions"]["hostnet_commit"] not in ("", None)
    log = (tmp_path / row["log"]).read_text()
    assert log.startswith(str(FAKE)) and "fake program: mode=ok x=5.0 RngRun=4" in log


def test_import_does_not_load_ns3():
    code = ("import sys, hostnet, hostnet.study, hostnet.study.cli; "
            "print(sorted(m for m in ('ns', 'cppyy') if m in sys.modules))")
    env = dict(os.environ, PYTHONPATH=str(PYTHONPATH_DIR))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------- resume after kill -9

def test_resume_after_kill(tmp_path):
    study_file = tmp_path / "s.toml"
    study_file.write_text(f'name = "k"\nprogram = "{FAKE}"\nreplications = 4\n'
                          '[parameters]\nmode = "sleep"\nsleep = 0.4\n[grid]\nx = [1, 2, 3]\n')
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DIR))
    proc = subprocess.Popen([sys.executable, "-m", "hostnet", "run", str(study_file),
                             "--program", str(FAKE),
                             "--out",
                             str(out), "--jobs", "2", "--quiet"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while time.time() < deadline:
        if (out / "runs").is_dir() and len(list((out / "runs").glob("*.json"))) >= 3:
            break
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    before = {p.name: p.read_text() for p in (out / "runs").glob("*.json")}
    assert 3 <= len(before) < 12, "the kill came too late to test a resume"
    # Simulate a torn append as well: half a row at the end of results.csv.
    with open(out / "results.csv", "a") as f:
        f.write("deadbeef0000,ok,1")
    result = run_study(Study.load(study_file), out=out, progress=False, program=FAKE)
    assert result.skipped == len(before) and result.ok == 12 - len(before)
    rows = rows_of(out)
    assert len(rows) == 12 and len({r["run_id"] for r in rows}) == 12
    assert all(r["status"] == "ok" for r in rows)
    # Runs finished before the kill were not run again.
    for name, text in before.items():
        assert (out / "runs" / name).read_text() == text


# ---------------------------------------------------------------- Dask

def test_dask_local_cluster(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        result = run_study(fake_study(), out=tmp_path, scheduler=cluster.scheduler_address,
                           progress=False)
    assert (result.ok, result.failed) == (4, 0)
    rows = rows_of(tmp_path)
    assert sorted(float(r["y"]) for r in rows) == [2.0, 3.0, 3.0, 4.0]


def _free_port():
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_dask_cluster_without_hostnet_installed(tmp_path):
    # A scheduler and a worker in their own processes, started where hostnet cannot be
    # imported (no PYTHONPATH, another directory), as on the machines of a real cluster:
    # the runs are shipped by value, so only dask and the program are needed there.
    pytest.importorskip("dask.distributed")
    dask_cli = Path(sys.executable).with_name("dask")
    if not dask_cli.exists():
        pytest.skip("the dask command is not installed next to this Python")
    # The project's venv has hostnet installed (editable): a package of the same name that
    # fails to import, first on the path, stands for a machine without it.
    shadow = tmp_path / "shadow" / "hostnet"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('hostnet is not installed here')\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(shadow.parent)
    address = f"tcp://127.0.0.1:{_free_port()}"
    common = dict(env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    scheduler = subprocess.Popen([str(dask_cli), "scheduler", "--host", "127.0.0.1", "--port",
                                  address.rsplit(":", 1)[1], "--no-dashboard"], **common)
    worker = subprocess.Popen([str(dask_cli), "worker", address, "--nthreads", "2",
                               "--no-dashboard"], **common)
    try:
        from dask.distributed import Client

        with Client(address, timeout=30) as client:
            client.wait_for_workers(1, timeout=30)
            check = client.submit(__import__, "hostnet", pure=False)
            assert check.exception() is not None, "the worker can import hostnet"
            result = run_study(fake_study(grid={"mode": ["ok", "crash"]}, parameters={}),
                               out=tmp_path / "out", scheduler=client, progress=False)
        assert (result.ok, result.failed) == (2, 2)
        rows = {(r["mode"], r["rng_run"]): r for r in rows_of(tmp_path / "out")}
        assert rows[("crash", "1")]["error"] == "exit code 3"
        log = (tmp_path / "out" / rows[("crash", "1")]["log"]).read_text()
        assert "about to crash" in log  # the worker's output came back with the record
    finally:
        worker.kill()
        scheduler.kill()
        worker.wait()
        scheduler.wait()


# ---------------------------------------------------------------- summaries and plots

def test_summary_intervals_on_known_numbers(tmp_path):
    # y = x + RngRun with RngRun 1, 2, 3: mean x + 2, std 1, half-width t(0.975, 2) / sqrt(3)
    # (t(0.975, 2) = 4.302652729911275: tables, e.g. Abramowitz & Stegun 26.10).
    run_study(fake_study(replications=3, grid={"x": [10, 20]}), out=tmp_path, progress=False)
    summary = summarize(tmp_path)
    assert list(summary.columns[:4]) == ["x", "metric", "n", "mean"]
    y = summary[summary["metric"] == "y"].set_index("x")
    assert sorted(y.index) == [10, 20]
    for x, r in y.iterrows():
        assert r["n"] == 3
        assert r["mean"] == pytest.approx(x + 2)
        assert r["std"] == pytest.approx(1.0)
        assert r["ci95"] == pytest.approx(4.302652729911275 / math.sqrt(3))
        assert (r["low"], r["high"]) == pytest.approx((x + 2 - r["ci95"], x + 2 + r["ci95"]))
    z = summary[(summary["metric"] == "z") & (summary["x"] == 10)].iloc[0]
    assert z["std"] == 0 and z["ci95"] == 0
    assert (tmp_path / "summary.csv").is_file()
    table = format_table(summary, ["y"])
    assert "12 +- 2.5" in table and "22 +- 2.5" in table
    assert format_table(summary_records(tmp_path, write=False), ["y"]) == table
    with pytest.raises(StudyError, match=r"unknown metric\(s\) \['w'\]"):
        summarize(tmp_path, metrics=["w"])


def test_load_is_one_row_per_run_and_summarize_groups_it(tmp_path):
    run_study(fake_study(replications=3, grid={"x": [10, 20]}), out=tmp_path, progress=False)
    runs = load(tmp_path)
    assert len(runs) == 6 and set(runs["status"]) == {"ok"}
    assert runs["x"].dtype == "int64" and runs["y"].dtype == "float64"
    assert sorted(runs["y"]) == [11, 12, 13, 21, 22, 23]  # y = x + RngRun
    assert runs.attrs["swept"] == ["x"] and "y" in runs.attrs["metrics"]
    # The same summary from the frame as from the directory; another grouping by name.
    from_frame = summarize(runs, metrics=["y"])
    assert from_frame.equals(summarize(tmp_path, metrics=["y"], write=False))
    pooled = summarize(runs, by=[], metrics=["y"]).iloc[0]
    assert (pooled["n"], pooled["mean"], pooled["runs"]) == (6, pytest.approx(17), 6)
    by_run = summarize(runs, by="rng_run", metrics=["y"]).set_index("rng_run")
    assert by_run.loc[1, "mean"] == pytest.approx(16) and by_run.loc[1, "n"] == 2  # 11, 21
    with pytest.raises(StudyError, match=r"by: unknown column\(s\) \['load'\]"):
        summarize(runs, by=["load"])


def test_summarize_keeps_undefined_statistics_nan_with_their_count():
    import pandas as pd

    runs = pd.DataFrame({"k": ["a", "a", "b", "c", "c"], "v": [1.0, 3.0, 5.0, None, 2.0],
                         "status": ["ok", "ok", "ok", "ok", "failed"]})
    s = summarize(runs, by=["k"], metrics=["v"]).set_index("k")
    assert (s.loc["a", "n"], s.loc["a", "mean"], s.loc["a", "std"]) == (2, 2.0,
                                                                         pytest.approx(2 ** 0.5))
    assert s.loc["a", "ci95"] == pytest.approx(12.706204736174707)  # t(0.975, 1) s / sqrt(2)
    assert s.loc["b", "n"] == 1 and s.loc["b", "mean"] == 5 and math.isnan(s.loc["b", "ci95"])
    assert (s.loc["c", "n"], s.loc["c", "undefined"], s.loc["c", "failed"]) == (0, 1, 1)
    assert math.isnan(s.loc["c", "mean"]) and math.isnan(s.loc["c", "low"])


def test_plots(tmp_path):
    run_study(fake_study(grid={"x": [1, 2, 3], "mode": ["ok", "sleep"]},
                         parameters={"sleep": 0}), out=tmp_path, progress=False)
    files = plot_metric(tmp_path, "y", x="x", by="mode")
    assert [f.suffix for f in files] == [".png", ".pdf"]
    assert all(f.stat().st_size > 1000 for f in files)
    with pytest.raises(StudyError, match="by = 'scheme' is not a swept parameter; allowed: x, mode"):
        plot_metric(tmp_path, "y", x="x", by="scheme")


def test_cli(tmp_path):
    study_file = tmp_path / "s.toml"
    # The fake program does not declare its metrics: a plotted metric must be in the
    # study's metrics list.
    study_file.write_text(f'name = "c"\nprogram = "{FAKE}"\nreplications = 2\n'
                          '[grid]\nx = [1, 2]\n[[plots]]\nmetric = "y"\nx = "x"\n')
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DIR))
    cli = [sys.executable, "-m", "hostnet"]
    out = subprocess.run(cli + ["validate", str(study_file),
                                "--program", str(FAKE)], env=env, capture_output=True,
                         text=True)
    assert out.returncode == 2 and "plots[0].metric: 'y' is not in the study's metrics list" \
        in out.stderr
    study_file.write_text(f'name = "c"\nprogram = "{FAKE}"\nreplications = 2\n'
                          'metrics = ["y"]\n[grid]\nx = [1, 2]\n[[plots]]\nmetric = "y"\n'
                          'x = "x"\n')
    out = subprocess.run(cli + ["validate", str(study_file),
                                "--program", str(FAKE)], env=env, capture_output=True,
                         text=True)
    assert out.returncode == 0 and "2 configurations x 2 replications = 4 runs" in out.stdout
    # A program that is not an ns-3 CommandLine program is run unchecked, with a warning.
    assert "parameters not checked" in out.stdout
    assert "printed no ns-3 CommandLine help" in out.stderr
    out = subprocess.run(cli + ["run", str(study_file), "--program", str(FAKE),
                                "--out", str(tmp_path / "o"), "-q"],
                         env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "4 ok, 0 failed" in out.stdout and "y-vs-x.png" in out.stdout
    out = subprocess.run(cli + ["summary", str(tmp_path / "o"), "--metrics", "y"], env=env,
                         capture_output=True, text=True)
    assert out.returncode == 0 and "2.5 +- 6.4" in out.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "c"\nprogram = "x"\ngrid = 3\n')
    out = subprocess.run(cli + ["validate", str(bad)], env=env, capture_output=True, text=True)
    assert out.returncode == 2 and "grid: expected object, got 3" in out.stderr
    assert "Traceback" not in out.stderr


# ---------------------------------------------------------------- a real hostnet study

LIVELOCK = BUILD / "examples" / "hostnet-livelock"
LIVELOCK_STUDY = HERE.parents[1] / "examples" / "studies" / "livelock.toml"
LEAF_SPINE = BUILD / "examples" / "hostnet-leaf-spine"


def test_livelock_study_file():
    study = Study.load(LIVELOCK_STUDY)
    specs = study.expand()
    assert len(specs) == 3 * 3 * 2 and study.swept == ["scheme", "load"]
    assert {p["metric"] for p in study.plots} <= set(study.metrics)


@pytest.mark.skipif(not LIVELOCK.exists(), reason="hostnet-livelock not built")
def test_livelock_one_point_mode_under_the_runner(tmp_path):
    # Two replications of one point through the runner; the sweep mode of the same program
    # computes the same point with the same streams, so the numbers must agree to the
    # sweep CSV's 6 significant digits (relative 5e-6; 1e-5 allowed for the rounding).
    params = {"duration": 0.05, "warmup": 0.01}
    study = {"name": "ll", "program": "hostnet-livelock", "replications": 2,
             "parameters": params, "grid": {"scheme": ["normal"], "load": [150]},
             "metrics": ["throughput_kpps", "cpu_availability", "latency_mean_us",
                         "latency_p99_us", "drops", "interrupts_per_s"]}
    result = run_study(study, out=tmp_path / "study", build_dir=BUILD, progress=False)
    assert (result.ok, result.failed) == (2, 0)
    subprocess.run([str(LIVELOCK), "--schemes=normal", "--loads=150", "--replications=2",
                    "--duration=0.05", "--warmup=0.01", "--tcp=0",
                    f"--out={tmp_path / 'sweep'}"], check=True, capture_output=True,
                   timeout=120)
    with open(tmp_path / "sweep" / "livelock.csv", newline="") as f:
        sweep = {int(r["replication"]): r for r in csv.DictReader(f)}
    rows = {int(r["rng_run"]): r for r in rows_of(tmp_path / "study")}
    assert set(rows) == set(sweep) == {1, 2}
    for rep in (1, 2):
        for name in ("throughput_kpps", "cpu_availability", "latency_mean_us",
                     "latency_p99_us", "drops"):
            assert float(rows[rep][name]) == pytest.approx(float(sweep[rep][name]), rel=1e-5)
        # Normal interruption: one interrupt per delivered or dropped packet at most.
        assert 0 < float(rows[rep]["interrupts_per_s"]) <= 1.01 * 150e3
    # Past the 127 Kpps cliff the normal receiver livelocks: it drops and has no CPU left.
    assert all(float(r["drops"]) > 0 and float(r["cpu_availability"]) < 0.05
               for r in rows.values())


@pytest.mark.skipif(not LEAF_SPINE.exists(), reason="hostnet-leaf-spine not built")
def test_leaf_spine_runs_under_the_runner(tmp_path):
    study = {"name": "ls", "program": "hostnet-leaf-spine", "replications": 1,
             "parameters": {"spines": 1, "leaves": 2, "hostsPerLeaf": 2, "duration": 0.01,
                            "warmup": 0.002, "tcpFlows": 1},
             "grid": {"scheme": ["napi", "time-50us"]},
             "metrics": ["cpu_availability", "tcp_goodput_mbps", "drops_switch"]}
    result = run_study(study, out=tmp_path, build_dir=BUILD, progress=False)
    assert (result.ok, result.failed) == (2, 0)
    for row in rows_of(tmp_path):
        assert 0 <= float(row["cpu_availability"]) <= 1
        assert float(row["tcp_goodput_mbps"]) > 0


def test_best_by(tmp_path):
    from hostnet.study import best_by

    run_study(fake_study(grid={"x": [1, 2], "mode": ["ok", "sleep"]}, parameters={"sleep": 0},
                         replications=3), out=tmp_path, progress=False)
    summary = summary_records(tmp_path, write=False)
    low = best_by(summary, "y", x="mode", by="x")
    assert [(r["mode"], r["x"], r["runner_up"]) for r in low] == [("ok", 1, 2), ("sleep", 1, 2)]
    # Means 3 and 4, half-widths 2.48: the replications cannot separate them.
    assert not any(r["separated"] for r in low)
    high = best_by(summary, "z", x="mode", by="x", lower=False)
    # z = 2x has no noise: x = 2 is clearly best.
    assert [(r["x"], r["separated"]) for r in high] == [(2, True), (2, True)]
    with pytest.raises(StudyError, match="'scheme' is not a swept parameter"):
        best_by(summary, "y", x="mode", by="scheme")


def test_best_by_labelled_runs_and_requirements(tmp_path):
    # [[runs]] entries name a configuration (label) and set its options (mode, sleep): those
    # options are fixed by the label and must not split the comparison per x.
    from hostnet.study import best_by
    from hostnet.study.summary import free_parameters, parse_requirement

    run_study(fake_study(parameters={}, replications=2,
                         runs=[{"label": "a", "mode": "ok", "sleep": 0},
                               {"label": "b", "mode": "sleep", "sleep": 0}]),
              out=tmp_path, progress=False)
    summary = summary_records(tmp_path, write=False)
    ys = [r for r in summary if r["metric"] == "y"]
    assert free_parameters(ys, ["mode", "sleep", "x"], "label") == ["x"]
    rows = best_by(summary, "y", x="x", by="label")
    assert [(r["x"], r["runner_up"] is not None) for r in rows] == [(1, True), (2, True)]
    # z = 2x: at x = 1 (z = 2) every label misses z >= 3 and is named, not ranked.
    rows = best_by(summary, "y", x="x", by="label", require=[parse_requirement("z>=3")])
    first, second = rows
    assert first["label"] is None and first["verdict"] == "no answer: every candidate excluded"
    assert sorted(v for v, _ in first["ineligible"]) == ["a", "b"]
    assert "starved: z = 2, needs >= 3" in first["ineligible"][0][1]
    assert second["label"] in ("a", "b") and second["ineligible"] == []
    with pytest.raises(StudyError, match="expected METRIC>=VALUE"):
        parse_requirement("z>three")


def test_bands_stay_above_zero_and_tradeoff_figure(tmp_path):
    from hostnet.study.plot import band, plot_tradeoff

    rows = [{"mean": 1.0, "low": -0.5, "high": 2.5}, {"mean": 10.0, "low": 5.0, "high": 15.0}]
    assert band(rows) == ([0.0, 5.0], [2.5, 15.0])
    assert band(rows, logy=True)[0] == [0.1, 5.0]  # a tenth of the smallest positive mean
    negative = [{"mean": -1.0, "low": -3.0, "high": 1.0}]
    assert band(negative)[0] == [-3.0]  # a metric that can be negative keeps its band
    run_study(fake_study(grid={"x": [1, 2], "mode": ["ok", "sleep"]}, parameters={"sleep": 0},
                         replications=2), out=tmp_path, progress=False)
    files = plot_tradeoff(tmp_path, "y", "z", by="mode", panels="x", logy=True)
    assert [f.suffix for f in files] == [".png", ".pdf"]
    assert all(f.stat().st_size > 1000 for f in files)
    with pytest.raises(StudyError, match="panels = 'load' is not a swept parameter"):
        plot_tradeoff(tmp_path, "y", "z", by="mode", panels="load")


def test_figures_mark_configurations_the_answer_does_not_rank(tmp_path):
    # z = 2x: at x = 1 (z = 2) both modes miss z >= 3 (starved), at x = 2 both meet it; a
    # required metric without samples is not a pass.
    from hostnet.study.plot import starved_cells, study_requirements

    run_study(fake_study(grid={"x": [1, 2], "mode": ["ok", "sleep"]}, parameters={"sleep": 0},
                         replications=2), out=tmp_path, progress=False)
    summary = summary_records(tmp_path, write=False)
    meta = {"study": {"replications": {"rank": {"require": ["z>=3"]}}}}
    require = study_requirements(meta)
    assert require == [("z", ">=", 3.0)]
    found = starved_cells(summary, ["mode", "x"], require)
    assert sorted(found) == [("ok", 1), ("sleep", 1)]
    assert found[("ok", 1)] == "starved (z = 2, needs >= 3): not ranked"
    undefined = [dict(r, n=0) if r["metric"] == "z" and r["x"] == 2 else r for r in summary]
    assert len(starved_cells(undefined, ["mode", "x"], require)) == 4
    assert study_requirements({"study": {}}) == []
