"""hostnet advise without simulations: input errors (exit 2, naming what was typed and what
is allowed), the commands refused for a kernel or driver that lacks them, the settings'
host profiles, and the analysis (front, dominated, starved, undefined, recommendation) on
made-up summaries."""

import math

import pytest

from hostnet.advise.analysis import analyse, parse_slo
from hostnet.advise.catalogue import SETTINGS, WORKLOADS, AdviseError
from hostnet.advise.cli import _parser, main, plan, setting_profile


def _plan(*argv):
    return plan(_parser().parse_args(list(argv)))


@pytest.mark.parametrize("argv, words", [
    (["--host", "mlx5-100g", "--workload", "redis"], ["'redis'", "memcached, leaf-spine, tcp-rr"]),
    (["--host", "no-such-host", "--workload", "memcached"], ["'no-such-host'", "mlx5-100g"]),
    (["--host", "mlx5-100g", "--workload", "memcached", "--slo", "p99 under 200"],
     ["'p99 under 200'", "p99<=200us"]),
    (["--host", "mlx5-100g", "--workload", "memcached", "--slo", "p98<=200us"],
     ["p98", "p50, p95, p99, p999"]),
    (["--host", "mlx5-100g", "--workload", "memcached", "--slo", "p99<=0us"], ["> 0"]),
    (["--host", "mlx5-100g", "--workload", "memcached", "--loads", "200000,abc"], ["'abc'"]),
    (["--host", "mlx5-100g", "--workload", "leaf-spine", "--loads", "0.5,2"], ["0 < load <= 1"]),
    (["--host", "mlx5-100g", "--workload", "memcached", "--settings", "adaptive-rx,turbo"],
     ["turbo", "rx-usecs-8"]),
    (["--host", "mlx5-100g", "--workload", "memcached", "--settings", "irq-dedicated,suspend"],
     ["irq-dedicated", "IRQ placement"]),
    (["--host", "mlx5-100g", "--workload", "memcached", "--sizes", "10,100"], ["fixed sizes"]),
    (["--host", "mlx5-100g", "--workload", "tcp-rr", "--threads", "4", "--loads", "1,8"],
     ["multiples of --threads 4", "[1]"]),
    (["--host", "mlx5-100g", "--workload", "memcached", "--budget", "0"], ["--budget 0"]),
])
def test_input_errors_exit_2_naming_what_was_typed(argv, words, capsys, tmp_path):
    assert main(argv + ["--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    for word in words:
        assert word in err, (word, err)
    assert not (tmp_path / "out").exists()  # nothing was run or written


def test_slo_parsing():
    wl = WORKLOADS["memcached"]
    assert parse_slo("p99<=200us", wl)["target_us"] == 200
    assert parse_slo(" p999 <= 1.5ms ", wl) == {"quantile": "p999", "metric": "latency_p999_us",
                                                "target_us": 1500.0, "text": "p999<=1.5ms"}
    with pytest.raises(AdviseError):
        parse_slo("p99>=200us", wl)


def _commands(p, label):
    return p["deploy"][label]["commands"]


def test_no_command_for_a_kernel_that_lacks_it():
    """e1000-1g is Linux 2.6.32: no napi_defer_hard_irqs (5.8), gro_flush_timeout (3.19),
    epoll busy polling (4.12), EPIOCSPARAMS (6.9) or napi-set (6.13) is printed; the
    settings that need them are not available."""
    p = _plan("--host", "e1000-1g", "--workload", "leaf-spine")
    for label in ("defer-irqs", "busy-poll", "napibusy", "suspend"):
        assert not p["deploy"][label]["available"], label
        assert "needs Linux >=" in p["deploy"][label]["why"]
    for label in p["deploy"]:
        for c in _commands(p, label):
            if c.refused:
                continue
            for knob in ("napi_defer_hard_irqs", "gro_flush_timeout", "busy_poll",
                         "EPIOCSPARAMS", "napi-set"):
                assert knob not in c.text, (label, c.text)
    # the e1000 driver: no adaptive-rx, no channels, no RSS table
    texts = [c.text for label in p["deploy"] for c in _commands(p, label) if not c.refused]
    assert not any("adaptive-rx" in t or "ethtool -L" in t or "ethtool -X" in t for t in texts)
    assert any("rx-usecs 3" in t for t in texts)  # its dynamic throttling


def test_kernel_versions_of_the_commands(tmp_path):
    """mlx5-100g is Linux 6.6: deferral by sysfs yes, EPIOCSPARAMS (6.9) and IRQ suspension
    (6.13) no; the same host on 6.13 has them all."""
    p = _plan("--host", "mlx5-100g", "--workload", "memcached")
    assert p["deploy"]["defer-irqs"]["available"]
    assert not p["deploy"]["napibusy"]["available"]
    assert "6.9" in p["deploy"]["napibusy"]["why"]
    assert "6.13" in p["deploy"]["suspend"]["why"]
    refused = [c for c in _commands(p, "suspend") if c.refused]
    assert {c.kernel for c in refused} == {(6, 13), (6, 9)}
    newer = tmp_path / "new.toml"
    newer.write_text('base = "mlx5-100g"\n[stack]\nKernelVersion = "6.13"\n')
    p = _plan("--host", str(newer), "--workload", "memcached")
    assert all(d["available"] for d in p["deploy"].values())
    texts = [c.text for c in _commands(p, "suspend")]
    assert any("napi-set" in t and "irq-suspend-timeout\\\": 20000000" in t for t in texts)
    assert any("EPIOCSPARAMS" in t and ".prefer_busy_poll = 1" in t for t in texts)
    assert "ethtool -L eth0 combined 8" in texts  # the memcached set-up's 8 queues
    no_kernel = tmp_path / "nokernel.toml"
    no_kernel.write_text('[profile]\nname = "bare"\n[nic.rx-mode]\ntype = "ns3::NapiRxMode"\n')
    p = _plan("--host", str(no_kernel), "--workload", "leaf-spine")
    assert not p["deploy"]["defer-irqs"]["available"]


def test_setting_profiles(tmp_path):
    import tomllib

    p = _plan("--host", "mlx5-100g", "--workload", "leaf-spine")
    by = {s.label: s for s in SETTINGS}
    doc = tomllib.loads(setting_profile(p, by["suspend"]))
    assert doc["base"] == "mlx5-100g"
    assert doc["nic"]["moderation"] == {"type": "ns3::NoModeration"}
    assert doc["nic"]["rx-mode"] == {"DeferHardIrqs": 100, "GroFlushTimeout": "20us",
                                     "IrqSuspendTimeout": "20000us"}
    assert any("EPIOCSPARAMS" in n for n in doc["profile"]["notes"])
    doc = tomllib.loads(setting_profile(p, by["rx-usecs-8"]))
    assert doc["nic"]["moderation"] == {"type": "ns3::RxUsecsModeration", "Interval": "8us"}
    doc = tomllib.loads(setting_profile(p, by["irq-dedicated"]))
    assert doc["nic"]["steering"]["IrqAffinity"] == ",".join(["0,1"] * 8)
    assert "nic" not in tomllib.loads(setting_profile(p, by["adaptive-rx"]))


def _row(label, load, metric, values, failed=0, undefined=0):
    from hostnet.study.summary import t_interval

    mean, std, half = t_interval(values)
    return {"label": label, "qps": load, "metric": metric, "n": len(values), "mean": mean,
            "std": std, "ci95": half, "low": mean - half, "high": mean + half,
            "undefined": undefined, "failed": failed, "runs": len(values) + failed + undefined}


def test_analysis_front_dominated_starved_and_recommendation():
    wl = WORKLOADS["memcached"]
    settings = [s for s in SETTINGS if s.label in ("adaptive-rx", "rx-usecs-8", "defer-irqs",
                                                    "suspend")]
    data = {  # label: (p99, cpu, answered) at both loads
        "adaptive-rx": ([300, 310, 305], [40, 41, 40], [1, 1, 1]),
        "rx-usecs-8": ([150, 152, 151], [45, 45.5, 45.2], [1, 1, 1]),
        "defer-irqs": ([160, 161, 162], [50, 50.5, 50.2], [1, 1, 1]),  # dominated by rx-usecs-8
        "suspend": ([90, 91, 92], [60, 61, 60], [0.5, 0.5, 0.5]),      # starved
    }
    summary = []
    for load in (100, 200):
        for label, (p99, cpu, answered) in data.items():
            summary += [_row(label, load, "latency_p99_us", p99),
                        _row(label, load, "cpu_busy_pct", cpu),
                        _row(label, load, "answered", answered)]
    available = {s.label: (s.label != "suspend", "needs Linux >= 6.13") for s in settings}
    a = analyse(summary, wl, settings, [100, 200], "latency_p99_us", available,
                parse_slo("p99<=200us", wl))
    block = a["loads"][0]
    status = {e["label"]: e["status"] for e in block["entries"]}
    assert status == {"adaptive-rx": "ok", "rx-usecs-8": "ok", "defer-irqs": "dominated",
                      "suspend": "starved"}
    assert block["front"] == ["adaptive-rx", "rx-usecs-8"]
    dom = next(e for e in block["entries"] if e["label"] == "defer-irqs")["dominated_by"]
    assert dom == [{"label": "rx-usecs-8", "clearly": True}]
    rec = a["recommendation"]
    assert rec["label"] == "rx-usecs-8"          # cheapest that meets 200 us
    assert rec["runner_up"] == "defer-irqs"
    assert any("adaptive-rx costs less CPU but misses" in n for n in rec["notes"])
    # without an SLO: the lowest latency among the settings not starved
    a = analyse(summary, wl, settings, [100, 200], "latency_p99_us", available)
    assert a["recommendation"]["label"] == "rx-usecs-8"
    # an undefined metric is None with its count, never 0
    summary.append(_row("adaptive-rx", 300, "latency_p99_us", [], undefined=3))
    summary.append(_row("adaptive-rx", 300, "cpu_busy_pct", [1, 1, 1]))
    summary.append(_row("adaptive-rx", 300, "answered", [0, 0, 0]))
    a = analyse(summary, wl, settings[:1], [300], "latency_p99_us",
                {"adaptive-rx": (True, "")})
    e = a["loads"][0]["entries"][0]
    assert e["status"] == "undefined" and e["latency"]["mean"] is None
    assert e["latency"]["undefined"] == 3 and e["latency"]["n"] == 0
    assert a["recommendation"]["label"] is None
    assert not any(isinstance(v, float) and math.isnan(v) for v in e["latency"].values())
