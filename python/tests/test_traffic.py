"""The traffic examples from the command line: hostnet-selfsimilar's one-point mode, its
frame trace, and clear errors for bad frame-size tables and loads (no ns-3 import here)."""

import json
import os
import subprocess
from pathlib import Path

import pytest

BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", Path(__file__).resolve().parents[2] / "build")).resolve()
SELFSIMILAR = BUILD / "examples" / "hostnet-selfsimilar"

pytestmark = pytest.mark.skipif(not SELFSIMILAR.exists(), reason="examples not built")


def run(*args, cwd):
    proc = subprocess.run([str(SELFSIMILAR), *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)
    return proc.returncode, proc.stdout + proc.stderr


def test_one_point_metrics_and_trace(tmp_path):
    code, out = run("--scheme=napi", "--load=0.3", "--duration=0.05", "--warmup=0.01",
                    f"--metrics={tmp_path / 'm.json'}", f"--trace={tmp_path / 't.txt'}",
                    cwd=tmp_path)
    assert code == 0, out
    metrics = json.loads((tmp_path / "m.json").read_text())
    assert set(metrics) >= {"throughput_kpps", "cpu_availability", "offered_load", "drops"}
    assert 0 < metrics["throughput_kpps"] <= metrics["offered_kpps"] * 1.05
    lines = (tmp_path / "t.txt").read_text().split()
    times, sizes = [float(x) for x in lines[0::2]], [int(x) for x in lines[1::2]]
    assert len(sizes) > 1000
    assert times == sorted(times) and times[-1] <= 0.06
    assert set(sizes) <= set(range(64, 1519)) and {64, 570, 594, 1518} <= set(sizes)
    # The backbone table's mean is 557 bytes; ~3000 frames: within 5 %.
    assert abs(sum(sizes) / len(sizes) - 557) < 0.05 * 557


@pytest.mark.parametrize("table, message", [
    ("64,0.5\n1518,0.9\n", "the CDF ends at 0.9, not 1"),
    ("64,0.5\n60,1\n", "frame size 60; allowed: 64..9018 bytes"),
    ("64,0.5\n1518\n", "sizes.csv:3: expected 'size_bytes,cdf', got '1518'"),
    ("1518,0.5\n64,1\n", "sizes must increase"),
])
def test_bad_frame_size_tables(tmp_path, table, message):
    path = tmp_path / "sizes.csv"
    path.write_text("size_bytes,cdf\n" + table)
    code, out = run("--scheme=napi", "--load=0.3", "--duration=0.01", f"--frameSizes={path}",
                    f"--metrics={tmp_path / 'm.json'}", cwd=tmp_path)
    assert code != 0 and message in out, out


@pytest.mark.parametrize("args, message", [
    (["--load=1.2"], "--load=1.2: expected a number in -1..0.99"),
    (["--frameSizes=nosuch.csv"], "--frameSizes=nosuch.csv: expected backbone, a frame size"),
    (["--offRule=Guess"], "--offRule=Guess: expected one of Exact, Paper"),
    (["--scheme=turbo"], "--scheme=turbo: expected a scheme"),
])
def test_bad_options(tmp_path, args, message):
    base = {"--scheme": "napi", "--load": "0.3"}
    for a in args:
        base[a.split("=")[0]] = a.split("=", 1)[1]
    argv = [f"{k}={v}" for k, v in base.items()] + ["--duration=0.01",
                                                     f"--metrics={tmp_path / 'm.json'}"]
    code, out = run(*argv, cwd=tmp_path)
    assert code == 2 and message in out, out


COALESCING = BUILD / "examples" / "hostnet-coalescing-goodput"


@pytest.mark.skipif(not COALESCING.exists(), reason="examples not built")
def test_coalescing_goodput_point(tmp_path):
    """1500-byte frames at line rate, T = 50 us: full goodput, as Proposition 9 says."""
    proc = subprocess.run([str(COALESCING), "--frameSize=1500", "--intervalUs=50",
                           "--duration=0.05", "--warmup=0.01", f"--metrics={tmp_path / 'm.json'}"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    m = json.loads((tmp_path / "m.json").read_text())
    assert m["model_goodput_pps"] == pytest.approx(m["offered_pps"], rel=1e-9)
    assert m["goodput_pps"] == pytest.approx(m["offered_pps"], rel=0.01)
    assert m["interrupts_per_s"] == pytest.approx(20000, rel=0.01)
