"""hostnet-leaf-spine with plain hosts and --cost, and the scaling benchmark around it."""

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", HERE.parents[1] / "build")).resolve()
LEAF_SPINE = BUILD / "examples" / "hostnet-leaf-spine"

pytestmark = pytest.mark.skipif(not LEAF_SPINE.exists(), reason="hostnet-leaf-spine not built")

SHORT = ["--duration=0.003s", "--warmup=0.001s", "--leaves=2", "--hostsPerLeaf=2"]


def run_leaf_spine(tmp_path, *args):
    metrics = tmp_path / "m.json"
    p = subprocess.run([str(LEAF_SPINE), *SHORT, *args, f"--metrics={metrics}"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    cost = {}
    for line in p.stdout.splitlines():
        if line.startswith("cost_"):
            name, value = line.split(None, 1)
            cost[name] = value
    return json.loads(metrics.read_text()), cost


def test_plain_hosts_have_no_host_metrics(tmp_path):
    m, cost = run_leaf_spine(tmp_path, "--hosts=plain", "--cost")
    # No CPU, interrupt or NIC model on plain hosts: undefined (null), never 0.
    for name in ("cpu_availability", "cpu_availability_min", "interrupts_per_s",
                 "drops_fifo", "drops_no_descriptor", "drops_backlog"):
        assert m[name] is None, name
    # What the network carried is defined for both kinds of host.
    assert m["delivered_mbps"] > 0
    assert m["rpc_completed"] > 0
    assert cost["cost_hosts"] == "plain"
    assert int(cost["cost_packets"]) > 0
    assert float(cost["cost_events_per_packet"]) > 0


def test_host_model_costs_more_events_than_plain(tmp_path):
    _, plain = run_leaf_spine(tmp_path, "--hosts=plain", "--cost")
    m, model = run_leaf_spine(tmp_path, "--hosts=scheme", "--cost")
    assert m["cpu_availability"] is not None and 0 <= m["cpu_availability"] <= 1
    assert m["interrupts_per_s"] > 0
    # Interrupts, DMA write-backs and softirq work are events plain ns-3 does not have.
    assert float(model["cost_events_per_packet"]) > float(plain["cost_events_per_packet"])


def test_metrics_without_cost_flag_have_no_cost_lines(tmp_path):
    p = subprocess.run([str(LEAF_SPINE), *SHORT], capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert not [line for line in p.stdout.splitlines() if line.startswith("cost_")]


def test_unknown_hosts_value_is_refused(tmp_path):
    p = subprocess.run([str(LEAF_SPINE), "--hosts=bogus"], capture_output=True, text=True,
                       cwd=tmp_path)
    assert p.returncode == 2
    assert "bogus" in p.stderr and "plain" in p.stderr


def test_bench_scale_refuses_unknown_size():
    p = subprocess.run([sys.executable, "-m", "hostnet.bench_scale", "--sizes", "17"],
                       capture_output=True, text=True)
    assert p.returncode == 2
    assert "17" in p.stderr


def test_bench_scale_smallest_size():
    p = subprocess.run([sys.executable, "-m", "hostnet.bench_scale", "--sizes", "16",
                        "--build", str(BUILD)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    rows = [line.split() for line in p.stdout.splitlines()[1:] if line.strip()]
    assert [r[1] for r in rows] == ["plain", "napi"]
    ratio = float(rows[1][-1])
    assert math.isfinite(ratio) and ratio > 0


def test_bench_scale_refuses_zero_repeats():
    p = subprocess.run([sys.executable, "-m", "hostnet.bench_scale", "--sizes", "16",
                        "--repeats", "0", "--build", str(BUILD)], capture_output=True, text=True)
    assert p.returncode == 2
    assert "--repeats 0" in p.stderr


def test_bench_scale_repeats_and_scheduler():
    # Another event list gives the same packets and events (only the speed may differ).
    def rows(extra):
        p = subprocess.run([sys.executable, "-m", "hostnet.bench_scale", "--sizes", "16",
                            "--build", str(BUILD)] + extra, capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        return [line.split() for line in p.stdout.splitlines()[1:] if line.strip()]
    default = rows([])
    calendar = rows(["--repeats", "2", "--scheduler", "ns3::CalendarScheduler"])
    for a, b in zip(default, calendar):
        assert a[1:3] == b[1:3]  # model, packets
        assert a[4] == b[4]  # events per packet
