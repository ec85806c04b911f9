"""Tests of Salehin and Rojas-Cessa 2014's compound packet-pair probe from Python.

The hostnet-ppt-probe example is run with small arguments and its last three lines are
parsed; the estimator is used through cppyy on synthetic gaps. Run from the repository
root:
    PYTHONPATH=python HOSTNET_BUILD_DIR=build .venv/bin/python -m pytest -q python/tests/test_probe.py
"""

import csv
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD_DIR = Path(os.environ.get("HOSTNET_BUILD_DIR", REPO / "build")).resolve()
EXAMPLE = BUILD_DIR / "examples" / "hostnet-ppt-probe"
PAPER_TRAILERS = [87, 112, 212, 512, 812, 1012, 1212]  # Salehin and Rojas-Cessa 2014 Sec. 3


def _run_example(tmp_path, *args):
    """Run hostnet-ppt-probe; return (last three lines as {key: value}, CSV rows)."""
    if not EXAMPLE.is_file():
        pytest.skip(f"{EXAMPLE} is not built")
    csv_path = tmp_path / "gaps.csv"
    done = subprocess.run([str(EXAMPLE), f"--csv={csv_path}", *args], capture_output=True,
                          text=True, timeout=120, check=True)
    lines = done.stdout.strip().splitlines()
    last = lines[-3:]
    keys = [line.split()[0] for line in last]
    assert keys == ["configured_ppt_us", "coalescing", "ppt_us"], last
    assert all(len(line.split()) == 2 for line in last), last
    result = {line.split()[0]: line.split()[1] for line in last}
    with open(csv_path, newline="") as f:
        rows = list(csv.DictReader(f))
    return result, rows


def test_example_detects_coalescing(tmp_path):
    # 125 us rx-usecs (the verification setting of Salehin and Rojas-Cessa 2014) at 100 Mb/s,
    # DO790-like host.
    result, rows = _run_example(tmp_path, "--linkRate=100Mbps", "--rxUsecs=125",
                                "--probesPerSize=20")
    assert result["coalescing"] == "yes"
    configured = float(result["configured_ppt_us"])
    assert configured == pytest.approx(3.0)
    # Within the paper's 1 us clock resolution of the configured PPT.
    assert abs(float(result["ppt_us"]) - configured) < 1.0
    assert len(rows) == 7 * 20
    assert sorted({int(r["trailer_bytes"]) for r in rows}) == PAPER_TRAILERS


def test_example_without_coalescing_sees_the_link(tmp_path):
    result, rows = _run_example(tmp_path, "--linkRate=100Mbps", "--rxUsecs=0",
                                "--probesPerSize=20")
    assert result["coalescing"] == "no"
    # Gaps grow with the trailer: 1212 B take (1212 - 87) x 0.08 us more on the wire.
    mean = {}
    for size in (87, 1212):
        gaps = [float(r["gap_us"]) for r in rows if int(r["trailer_bytes"]) == size]
        mean[size] = sum(gaps) / len(gaps)
    assert mean[1212] - mean[87] > 0.8 * (1212 - 87) * 0.08


def test_example_rejects_bad_arguments(tmp_path):
    if not EXAMPLE.is_file():
        pytest.skip(f"{EXAMPLE} is not built")
    done = subprocess.run([str(EXAMPLE), "--rxMode=polling"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "--rxMode=polling: expected one of napi, per-packet" in done.stdout + done.stderr
    done = subprocess.run([str(EXAMPLE), "--trailerSizes=87,2000"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0
    assert "TrailerSizes" in done.stdout + done.stderr


@pytest.fixture(scope="module")
def ns():
    """The ns-3 namespace with the hostnet classes (loads cppyy: ~15 s once)."""
    import hostnet

    return hostnet.ns


def test_estimator_flat_line_is_coalescing(ns):
    estimator = ns.CreateObject[ns.PacketPairProbeEstimator]()
    for size in PAPER_TRAILERS:
        for gap in (11.0, 12.0, 11.0):  # the paper's "11 us with 1-us variation"
            estimator.AddGapUs(size, gap)
    e = estimator.Estimate()
    assert e.valid and e.coalescing
    assert e.pptUs == pytest.approx(34.0 / 3)  # G_avg(s_1), eq. 5
    assert list(e.sizes) == PAPER_TRAILERS
    assert list(e.samples) == [3] * 7


def test_estimator_line_gives_capacity(ns):
    estimator = ns.CreateObject[ns.PacketPairProbeEstimator]()
    for size in PAPER_TRAILERS:
        estimator.AddGap(size, ns.NanoSeconds(8 * size + 2000))  # 1 Gb/s, 2 us intercept
    e = estimator.Estimate()
    assert not e.coalescing
    assert e.slopeUsPerByte == pytest.approx(0.008)
    assert e.capacityBps == pytest.approx(1e9)
    assert e.pptUs == pytest.approx(2.0)  # eq. 2's intercept


def test_estimator_attributes(ns):
    estimator = ns.CreateObject[ns.PacketPairProbeEstimator]()
    estimator.SetAttribute("Tolerance", ns.TimeValue(ns.NanoSeconds(100)))
    for size, gap in zip(PAPER_TRAILERS, [3.0, 3.05, 3.5, 3.5, 3.5, 3.5, 3.5]):
        estimator.AddGapUs(size, gap)
    e = estimator.Estimate()
    assert e.flatSizes == 2  # 3.5 is more than 0.1 us from 3.0
    assert not e.coalescing
    estimator.SetAttribute("MinFlatSizes", ns.UintegerValue(2))
    assert estimator.Estimate().coalescing
    empty = ns.CreateObject[ns.PacketPairProbeEstimator]()
    assert not empty.Estimate().valid
