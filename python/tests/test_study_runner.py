"""The runner's guarantees: exit status 1 naming every failed run, signals stop every run's
process group and exit 128+N, one runner per results directory (flock), a rebuilt program
re-runs (content hash), corrupt sidecars are quarantined and redone. Fake programs only."""

import csv
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hostnet.study import run_study
from hostnet.study.runner import ResultsLock, StudyLocked, program_identity
from test_study_fakes import alive, env_with_hostnet, slow_program, wait_for_started_runs

HERE = Path(__file__).resolve().parent
FAKE = HERE / "data" / "fake_study_program.py"
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", HERE.parents[1] / "build")).resolve()
CLI = [sys.executable, "-m", "hostnet"]


def rows_of(out):
    with open(Path(out) / "results.csv", newline="") as f:
        return list(csv.DictReader(f))


def fake_study(program=FAKE, **overrides):
    data = {"name": "r", "program": str(program), "timeout": 20, "replications": 2,
            "grid": {"x": [1, 2]}, "parameters": {"mode": "ok"}}
    data.update(overrides)
    return data


def write_toml(path, text):
    path.write_text(text)
    return path


# ---------------------------------------------------------------- exit status of run

def test_run_exits_1_and_lists_every_failed_run_with_its_log(tmp_path):
    study = write_toml(tmp_path / "s.toml", f'name = "f"\nprogram = "{FAKE}"\ntimeout = 1\n'
                       '[grid]\nmode = ["ok", "crash", "hang"]\n')
    out = tmp_path / "out"
    first = subprocess.run(CLI + ["run", str(study), "--program", str(FAKE),
                                  "--out", str(out), "-q"],
                           env=env_with_hostnet(), capture_output=True, text=True, timeout=60)
    assert first.returncode == 1, first.stderr
    rows = {r["mode"]: r for r in rows_of(out)}
    assert "2 of 3 runs not ok:" in first.stderr
    for mode, status in (("crash", "failed: exit code 3"), ("hang", "timeout: timed out")):
        line = next(l for l in first.stderr.splitlines()
                    if l.startswith(f"  {rows[mode]['run_id']} "))
        assert f"mode={mode}" in line and status in line
        assert line.endswith(f"log: {out / 'logs' / (rows[mode]['run_id'] + '.log')}")
    assert rows["ok"]["status"] == "ok"  # finished runs are kept
    # Earlier failures kept with --no-retry-failed still make the exit status 1.
    again = subprocess.run(CLI + ["run", str(study), "--program", str(FAKE),
                                  "--out", str(out), "-q",
                                  "--no-retry-failed"],
                           env=env_with_hostnet(), capture_output=True, text=True, timeout=60)
    assert again.returncode == 1
    assert "0 ok, 0 failed" in again.stdout and "2 earlier failures kept" in again.stdout
    assert "2 of 3 runs not ok:" in again.stderr


# ---------------------------------------------------------------- signals

@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_stops_every_run_and_cleans_up(tmp_path, sig):
    program = slow_program(tmp_path)
    study = write_toml(tmp_path / "s.toml", f'name = "sig"\nprogram = "{program}"\n'
                       'timeout = 60\n[grid]\nmode = ["ok", "slow"]\nx = [1, 2]\n')
    out = tmp_path / "out"
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    # The runner's own temporary directories go to tmp (TMPDIR), to check they are removed.
    # SIGINT's default is restored in case this test runs in a background job that ignores it.
    proc = subprocess.Popen(CLI + ["run", str(study), "--program", str(program),
                                   "--out", str(out), "--jobs", "4", "-q"],
                            env=env_with_hostnet(TMPDIR=str(tmp)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    pids = wait_for_started_runs(out, 2)
    assert len(pids) == 2, "the slow runs did not start"
    assert any(tmp.glob("hostnet-run-*")), "the runs' temporary directories are elsewhere"
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 128 + sig, err
    assert f"stopped by {signal.Signals(sig).name}" in err and "Traceback" not in err
    for pid in (p for pair in pids for p in pair):
        assert not alive(pid), f"run process {pid} survived {signal.Signals(sig).name}"
    assert list(tmp.iterdir()) == [], "temporary directories left behind"
    rows = rows_of(out)
    assert sorted((r["mode"], r["status"]) for r in rows) == [("ok", "ok"), ("ok", "ok")]
    # The lock went with the runner: the study resumes (the slow runs are all that is left).
    assert ResultsLock(out).acquire().release() is None


# ---------------------------------------------------------------- the lock

def test_a_second_runner_on_the_same_directory_fails_at_once(tmp_path):
    out = tmp_path / "out"
    study = write_toml(tmp_path / "s.toml", f'name = "l"\nprogram = "{FAKE}"\n'
                       '[grid]\nx = [1]\n')
    with ResultsLock(out):
        holder = json.loads((out / ".lock").read_text())
        assert holder["pid"] == os.getpid() and holder["host"] and holder["started"]
        # A runner that waited for the lock would wait for ever (this test holds it): the
        # subprocess timeout turns that into a failure.
        second = subprocess.run(CLI + ["run", str(study), "--program", str(FAKE),
                                       "--out", str(out), "-q"],
                                env=env_with_hostnet(), capture_output=True, text=True,
                                timeout=60)
        assert second.returncode == 2, second.stderr
        assert (f"{out}: results directory in use by another runner (pid {os.getpid()} on "
                f"{holder['host']}, started {holder['started']}") in second.stderr
        assert "Traceback" not in second.stderr
        with pytest.raises(StudyLocked, match=f"pid {os.getpid()}"):
            run_study(fake_study(), out=out, progress=False)
        assert not (out / "results.csv").exists()  # nothing was written
    result = run_study(fake_study(), out=out, progress=False)  # released: runs now
    assert result.ok == 4
    assert (out / ".lock").read_text() == ""  # a released lock names nobody


# ---------------------------------------------------------------- program identity

def _copy_program(tmp_path):
    program = tmp_path / "prog.py"
    shutil.copy(FAKE, program)
    program.chmod(0o755)
    return program


def test_a_changed_program_runs_again(tmp_path):
    program = _copy_program(tmp_path)
    out = tmp_path / "out"
    first = run_study(fake_study(program), out=out, progress=False)
    assert (first.ok, first.skipped) == (4, 0)
    sha = hashlib.sha256(program.read_bytes()).hexdigest()
    sidecars = [json.loads(p.read_text()) for p in (out / "runs").glob("*.json")]
    assert [s["program_sha256"] for s in sidecars] == [sha] * 4
    assert len({s["program_identity"] for s in sidecars}) == 1
    same = run_study(fake_study(program), out=out, progress=False)
    assert (same.ok, same.skipped) == (0, 4)
    with open(program, "a") as f:
        f.write("# rebuilt\n")
    rebuilt = run_study(fake_study(program), out=out, progress=False)
    assert (rebuilt.ok, rebuilt.skipped) == (4, 0)
    new_sha = hashlib.sha256(program.read_bytes()).hexdigest()
    sidecars = [json.loads(p.read_text()) for p in (out / "runs").glob("*.json")]
    assert [s["program_sha256"] for s in sidecars] == [new_sha] * 4
    assert len(rows_of(out)) == 4


def test_reuse_results_keeps_runs_of_another_build(tmp_path):
    program = _copy_program(tmp_path)
    out = tmp_path / "out"
    run_study(fake_study(program), out=out, progress=False)
    before = {p.name: p.read_text() for p in (out / "runs").glob("*.json")}
    with open(program, "a") as f:
        f.write("# rebuilt\n")
    kept = run_study(fake_study(program), out=out, progress=False, reuse_results=True)
    assert (kept.ok, kept.skipped) == (0, 4)
    assert {p.name: p.read_text() for p in (out / "runs").glob("*.json")} == before
    assert len(rows_of(out)) == 4


def test_a_sidecar_without_a_program_hash_is_redone(tmp_path):
    # Results of a runner that recorded no program content: not known to be of this build.
    out = tmp_path / "out"
    run_study(fake_study(), out=out, progress=False)
    path = next((out / "runs").glob("*.json"))
    record = json.loads(path.read_text())
    del record["program_identity"]
    path.write_text(json.dumps(record))
    again = run_study(fake_study(), out=out, progress=False)
    assert (again.ok, again.skipped) == (1, 3)


@pytest.mark.skipif(not (BUILD / "examples" / "hostnet-leaf-spine").exists(),
                    reason="hostnet-leaf-spine not built")
def test_a_compiled_example_is_identified_with_its_libraries():
    identity = program_identity(BUILD / "examples" / "hostnet-leaf-spine")
    names = [Path(p).name for p in identity["libraries_sha256"]]
    assert any("hostnet" in n for n in names), names  # a rebuilt model library counts
    assert not any(p.startswith(("/lib/", "/usr/lib/")) for p in identity["libraries_sha256"])


# ---------------------------------------------------------------- corrupt sidecars

CORRUPTIONS = {
    "empty": lambda text: "",
    "truncated": lambda text: text[: len(text) // 2],
    "not an object": lambda text: json.dumps([json.loads(text)]),
    "key missing": lambda text: json.dumps({k: v for k, v in json.loads(text).items()
                                            if k != "status"}),
    "wrong type": lambda text: json.dumps({**json.loads(text), "rng_run": "1"}),
}
REASONS = {"empty": "empty file", "truncated": "not valid JSON",
           "not an object": "holds a JSON list, not an object",
           "key missing": "key 'status' missing",
           "wrong type": "'rng_run' is \"1\", not int"}


def test_corrupt_sidecars_are_quarantined_and_redone(tmp_path, capsys):
    out = tmp_path / "out"
    study = fake_study(grid={"x": [1, 2, 3, 4, 5, 6]}, replications=1)
    run_study(study, out=out, progress=False)
    paths = sorted((out / "runs").glob("*.json"))
    corrupted = dict(zip(CORRUPTIONS, paths))
    for kind, path in corrupted.items():
        path.write_text(CORRUPTIONS[kind](path.read_text()))
    capsys.readouterr()
    again = run_study(study, out=out, progress=False)
    err = capsys.readouterr().err
    assert (again.ok, again.skipped, again.failed) == (5, 1, 0)
    for kind, path in corrupted.items():
        moved = out / "runs" / "quarantine" / path.name
        assert moved.is_file(), kind
        assert (f"warning: {path}: corrupt run record ({REASONS[kind]}" in err), kind
        assert f"moved to {moved}; the run will be done again" in err
        assert json.loads(path.read_text())["status"] == "ok"  # redone
    rows = rows_of(out)
    assert len(rows) == 6 and all(r["status"] == "ok" for r in rows)
    assert "Traceback" not in err


def test_a_second_quarantine_of_the_same_run_keeps_the_first(tmp_path, capsys):
    out = tmp_path / "out"
    study = fake_study(grid={"x": [1]}, replications=1)
    run_study(study, out=out, progress=False)
    path = next((out / "runs").glob("*.json"))
    for _ in range(2):
        path.write_text("")
        run_study(study, out=out, progress=False)
    assert {p.name for p in (out / "runs" / "quarantine").iterdir()} == \
        {path.name, f"{path.stem}.1.json"}


def test_dry_run_warns_about_corrupt_sidecars_and_moves_nothing(tmp_path, capsys):
    out = tmp_path / "out"
    study = fake_study(grid={"x": [1, 2]}, replications=1)
    run_study(study, out=out, progress=False)
    path = sorted((out / "runs").glob("*.json"))[0]
    path.write_text("{")
    capsys.readouterr()
    run_study(study, out=out, progress=False, dry_run=True)
    captured = capsys.readouterr()
    assert "corrupt run record (not valid JSON" in captured.err
    assert len(captured.out.strip().splitlines()) == 1  # the one run to redo
    assert path.read_text() == "{" and not (out / "runs" / "quarantine").exists()
