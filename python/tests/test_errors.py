"""Bad input stops with a message that names the parameter and what it accepts.

Runs the C++ examples with bad command lines (fast: no ns-3 import in this process).
"""

import os
import subprocess
from pathlib import Path

import pytest

BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", Path(__file__).resolve().parents[2] / "build")).resolve()
LIVELOCK = BUILD / "examples" / "hostnet-livelock"
BENCH = BUILD / "examples" / "hostnet-bench"

pytestmark = pytest.mark.skipif(not LIVELOCK.exists(), reason="examples not built")

QUICK = ["--loads=10", "--duration=0.01", "--warmup=0", "--replications=1", "--tcp=0"]


def run(binary, *args, cwd):
    """Run an example; return (exit code, stdout + stderr)."""
    proc = subprocess.run([str(binary), *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)
    return proc.returncode, proc.stdout + proc.stderr


@pytest.mark.parametrize(
    "args, expected",
    [
        (["--schemes=bogus"], ["--schemes", "bogus", "ideal normal disable-enable", "count-<tau>"]),
        (["--schemes=count-0"], ["--schemes", "count-0", "count-<tau>"]),
        (["--bufferSize=0"], ["--bufferSize", ">= 1"]),
        (["--duration=-1"], ["--duration", "> 0"]),
        (["--loads=0"], ["--loads", "> 0"]),
        # ns-3's attribute checkers reject out-of-range values and name the attribute.
        (["--ns3::RxRing::Descriptors=0"], ["ns3::RxRing::Descriptors"]),
        (["--ns3::NapiRxMode::Weight=0"], ["ns3::NapiRxMode::Weight"]),
        (["--ns3::HostCpu::NetdevBudget=0"], ["ns3::HostCpu::NetdevBudget"]),
        (["--ns3::RxUsecsModeration::Interval=-5us"], ["ns3::RxUsecsModeration::Interval"]),
        (["--ns3::HostCpu::TimeSlice=0s"], ["ns3::HostCpu::TimeSlice"]),
    ],
)
def test_livelock_rejects_bad_input(tmp_path, args, expected):
    code, out = run(LIVELOCK, *QUICK, f"--out={tmp_path}", *args, cwd=tmp_path)
    assert code != 0, out
    for text in expected:
        assert text in out, out


def test_tail_batch_larger_than_ring(tmp_path):
    # hostnet-bench keeps the ring attributes' defaults (hostnet-livelock sets its own).
    code, out = run(BENCH, "--duration=0.01", "--repeats=1",
                    "--ns3::RxRing::Descriptors=8", "--ns3::RxRing::TailWriteBatch=16",
                    cwd=tmp_path)
    assert code != 0
    assert "TailWriteBatch" in out and "Descriptors" in out, out


def test_unknown_scheme_lists_known_ones(tmp_path):
    code, out = run(BENCH, "--scheme=bogus", "--duration=0.01", cwd=tmp_path)
    assert code != 0
    assert "unknown scheme 'bogus'" in out and "ideal normal disable-enable" in out, out


def test_good_input_runs(tmp_path):
    """The same quick command line without the bad value succeeds (the tests above are
    not failing for another reason)."""
    code, out = run(LIVELOCK, *QUICK, f"--out={tmp_path}", "--schemes=normal", cwd=tmp_path)
    assert code == 0, out
    assert (tmp_path / "livelock.csv").read_text().count("\n") == 2
