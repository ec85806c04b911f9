"""A short hostnet advise run on the real programs (tcp-rr: two hosts, 2 ms windows; about
20 s on 2 cores): the report has every section, the same command again resumes (runs
nothing), and the written profile, run again, reproduces the recommendation's figures."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", HERE.parents[1] / "build")).resolve()
PROGRAM = BUILD / "examples" / "hostnet-tcp-rr"

pytestmark = pytest.mark.skipif(not PROGRAM.is_file(),
                                reason=f"{PROGRAM} not built (./hostnet.sh build)")

ARGS = ["--host", "mlx5-100g", "--workload", "tcp-rr", "--loads", "1,4",
        "--settings", "adaptive-rx,rx-usecs-8,busy-poll", "--slo", "p99<=36us",
        "--duration", "0.002", "--warmup", "0.001", "--budget", "0.05", "--jobs", "2", "-q"]

SECTIONS = ["# hostnet advise: mlx5-100g under the tcp-rr workload", "## Set-up",
            "## Latency against CPU, per load", "### 1 flows", "### 4 flows",
            "Pareto front, cheapest first:", "## Recommendation", "How clearly the data separate it",
            "## Commands that apply it", "## Host profile",
            "## What is not validated for this host"]


def _advise(out, *extra):
    env = dict(os.environ, HOSTNET_BUILD_DIR=str(BUILD),
               PYTHONPATH=str(HERE.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "hostnet", "advise", *ARGS, "--out", str(out),
                           *extra], capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="module")
def advised(tmp_path_factory):
    out = tmp_path_factory.mktemp("advise") / "out"
    proc = _advise(out)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return out, proc


def test_report_has_every_section(advised):
    out, proc = advised
    text = (out / "report.md").read_text()
    for section in SECTIONS:
        assert section in text, section
    assert text.strip() in proc.stdout  # printed as written
    assert "**front**" in text and "← recommended" in text
    assert "(Linux >= 2.6)" in text and "(Linux >= 4.12)" in text
    for name in ("report.json", "front.png", "front.pdf", "recommended.toml", "study.toml",
                 "results.csv", "adaptive.json"):
        assert (out / name).is_file(), name
    doc = json.loads((out / "report.json").read_text())
    rec = doc["recommendation"]
    assert rec["label"] in ("adaptive-rx", "rx-usecs-8", "busy-poll")
    assert doc["slo"]["target_us"] == 36
    for block in doc["per_load"]:
        assert {e["label"] for e in block["entries"]} == {"adaptive-rx", "rx-usecs-8",
                                                         "busy-poll"}
        for e in block["entries"]:
            assert e["latency"]["n"] >= 2 and e["cpu"]["n"] >= 2
            assert e["status"] in ("ok", "dominated", "starved", "failed", "undefined")
        assert block["front"]
    assert doc["commands"] and all(c["min_kernel"] for c in doc["commands"])
    assert all(c["refused"] is None for c in doc["commands"])  # all on Linux 6.6
    assert doc["not_validated"]


def test_same_command_resumes(advised):
    out, _ = advised
    before = sorted(p.name for p in (out / "runs").glob("*.json"))
    proc = _advise(out)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert sorted(p.name for p in (out / "runs").glob("*.json")) == before
    assert "already done before this call, 0 ok and 0 failed" in proc.stdout


def test_written_profile_reproduces_the_recommendation(advised, tmp_path):
    """The recommended profile (base = mlx5-100g + the setting) run with the command the
    report prints gives the study's figures of that setting, sample for sample."""
    from hostnet.study import Study

    out, _ = advised
    doc = json.loads((out / "report.json").read_text())
    label = doc["recommendation"]["label"]
    study = Study.load(out / "study.toml")
    spec = next(s for s in study.expand() if s.parameters["label"] == label
                and s.parameters["flows"] == 1 and s.rng_run == 1)
    expected = json.loads((out / "runs" / f"{spec.run_id}.json").read_text())["metrics"]
    text = (out / "report.md").read_text()
    command = next(line.strip() for line in text.splitlines()
                   if line.startswith("    ") and "recommended.toml" in line)
    assert "--RngRun=1" in command and "--flows=1" in command
    metrics = tmp_path / "m.json"
    proc = subprocess.run(command.split() + [f"--metrics={metrics}"], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(metrics.read_text())
    for name in ("latency_p99_us", "server_cpu_busy_pct", "transactions_per_s"):
        assert got[name] == pytest.approx(expected[name], rel=1e-9), name
