"""The papers' per-packet count- and time-based coalescing against an independent model.

hostnet-livelock's mean latency of prenapi-count-8 and prenapi-time-50us (Salah et al. 2007's
parameters: 1/r = 3.73 us, 1/mu = 5.34 us, B = 1024, Poisson arrivals) must agree with
reference_coalescing.py, a separate discrete-event implementation of the papers' rules,
within the 95 % interval of the difference of the two means (Welch). Both sides use fixed
seeds, so the outcome is repeatable. Simple bounds hold too: a count-tau frame waits on
average (tau - 1) / 2 inter-arrival times for the interrupt, a time-T batch's first frame
waits T, so neither model can go below them.
"""

import csv
import math
import statistics
import subprocess

import pytest

import hostnet
from scipy.stats import t as student_t

from reference_coalescing import mean_latency_us

POINTS = [("prenapi-count-8", {"tau": 8}), ("prenapi-time-50us", {"interval": 50e-6})]
LOADS_KPPS = [50, 100]


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    exe = hostnet.build_dir() / "examples" / "hostnet-livelock"
    if not exe.exists():
        pytest.fail(f"{exe} is missing: build hostnet first (./hostnet.sh build)")
    out = tmp_path_factory.mktemp("coalescing")
    subprocess.run(
        [str(exe), "--schemes=" + ",".join(name for name, _ in POINTS),
         "--loads=" + ",".join(str(x) for x in LOADS_KPPS), "--duration=0.5",
         "--warmup=0.05", "--replications=5", "--isrUs=3.73", "--protoUs=5.34",
         "--bufferSize=1024", "--tcpDuration=0.001", f"--out={out}"],
        check=True, capture_output=True, text=True, timeout=300)
    rows = {}
    with open(out / "livelock.csv") as f:
        for row in csv.DictReader(f):
            key = (row["scheme"], float(row["load_kpps"]))
            rows.setdefault(key, []).append(float(row["latency_mean_us"]))
    return rows


@pytest.mark.parametrize("load", LOADS_KPPS)
@pytest.mark.parametrize("scheme,rule", POINTS)
def test_latency_agrees_with_reference_model(simulated, scheme, rule, load):
    sim = simulated[(scheme, float(load))]
    ref = [mean_latency_us(load * 1e3, seed=seed, **rule)[0] for seed in range(1, 11)]
    v1, v2 = statistics.variance(sim) / len(sim), statistics.variance(ref) / len(ref)
    df = (v1 + v2) ** 2 / (v1**2 / (len(sim) - 1) + v2**2 / (len(ref) - 1))
    half = student_t.ppf(0.975, df) * math.sqrt(v1 + v2)
    diff = statistics.mean(sim) - statistics.mean(ref)
    assert abs(diff) <= half, (
        f"{scheme} at {load} Kpps: hostnet {statistics.mean(sim):.2f} us, reference model "
        f"{statistics.mean(ref):.2f} us; difference {diff:+.2f} us outside +-{half:.2f} us")
    # The coalescing wait alone bounds the mean from below.
    gap_us = 1e3 / load
    floor = (rule["tau"] - 1) / 2 * gap_us if "tau" in rule else 0.0
    assert statistics.mean(sim) > floor


def test_reference_model_reduces_to_normal_interruption():
    """tau = 1 is normal interruption (Salah et al. 2007, Sec. 5): at low load the latency
    is close to 1/r + 1/mu (9.07 us) and grows with load."""
    low, n = mean_latency_us(5e3, tau=1, duration=1.0, seed=3)
    assert n > 4000
    assert 8.0 < low < 10.5
    assert mean_latency_us(100e3, tau=1, seed=3)[0] > 2 * low


def test_reference_model_refuses_two_rules():
    with pytest.raises(ValueError):
        mean_latency_us(1e3, tau=1, interval=1e-6)
