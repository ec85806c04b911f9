"""Tests of the hostnet Python layer: cppyy bindings, analytic model, plotting, example.

Run from the repository root:
    PYTHONPATH=python HOSTNET_BUILD_DIR=build .venv/bin/python -m pytest -q python/tests

Loading ns-3 into cppyy takes ~15 s once per process; the example test starts a second
process (marked slow).
"""

import csv
import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PYTHON_DIR = REPO / "python"
FIGURES = REPO / "validation" / "figures"  # the papers' figure scripts, run by path
BUILD_DIR = Path(os.environ.get("HOSTNET_BUILD_DIR", REPO / "build")).resolve()

ISR_MEAN = 3.73e-6    # 1/r (Salah et al. 2007 Sec. 4)
PROTO_MEAN = 5.34e-6  # 1/mu
BUFFER = 1024         # B


def _load_plot_module():
    """plot_livelock by file path: the plotting tests do not depend on ns-3 or the build."""
    path = FIGURES / "plot_livelock.py"
    spec = importlib.util.spec_from_file_location("plot_livelock_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


plot = _load_plot_module()


def _subprocess_env(**extra):
    """Environment for child Pythons: absolute PYTHONPATH and build directory."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(PYTHON_DIR)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["HOSTNET_BUILD_DIR"] = str(BUILD_DIR)
    env.update(extra)
    return env


# --------------------------------------------------------------------------------------
# (a) a simulation through cppyy


def _run_pair(ns, rate_kpps, send_until, stop):
    """Two nodes over point-to-point, NAPI HostNetDevices on both, a Poisson UDP source
    on node 0 (none if rate_kpps is None) and a HostSinkApplication on node 1.

    Returns the measurements; always destroys the simulator.
    """
    try:
        ns.RngSeedManager.SetSeed(1)
        ns.RngSeedManager.SetRun(1)
        nodes = ns.NodeContainer(2)
        p2p = ns.PointToPointHelper()
        p2p.SetDeviceAttribute("DataRate", ns.StringValue("1Gbps"))
        p2p.SetChannelAttribute("Delay", ns.StringValue("1us"))
        phys = p2p.Install(nodes)
        ns.InternetStackHelper().Install(nodes)
        helper = ns.HostNetDeviceHelper()
        helper.SetScheme("napi")
        devices = helper.Install(phys)
        ifaces = ns.Ipv4AddressHelper(ns.Ipv4Address("10.1.1.0"),
                                      ns.Ipv4Mask("255.255.255.0")).Assign(devices)
        source = None
        if rate_kpps is not None:
            source = ns.CreateObject[ns.PoissonSourceApplication]()
            source.SetAttribute("Remote", ns.AddressValue(
                ns.InetSocketAddress(ifaces.GetAddress(1), 9).ConvertTo()))
            source.SetAttribute("Rate", ns.DoubleValue(rate_kpps * 1e3))
            source.SetAttribute("PacketSize", ns.UintegerValue(18))
            nodes.Get(0).AddApplication(source)
            source.SetStartTime(ns.Seconds(0))
            source.SetStopTime(ns.Seconds(send_until))
        sink = ns.CreateObject[ns.HostSinkApplication]()
        sink.SetAttribute("Local", ns.AddressValue(
            ns.InetSocketAddress(ns.Ipv4Address.GetAny(), 9).ConvertTo()))
        nodes.Get(1).AddApplication(sink)
        receiver = ns.DynamicCast[ns.HostNetDevice](devices.Get(1))
        assert receiver, "devices.Get(1) is not a HostNetDevice"
        ns.Simulator.Stop(ns.Seconds(stop))
        ns.Simulator.Run()
        return {
            "now": ns.Simulator.Now().GetSeconds(),
            "sent": source.GetSent() if source is not None else 0,
            "read": sink.GetPacketsRead(),
            "dev": receiver.GetStats(),
            "cpu": receiver.GetCpu().GetStats(),
        }
    finally:
        ns.Simulator.Destroy()


def test_napi_pair_delivers_and_costs_cpu(ns, hostnet):
    idle = _run_pair(ns, None, 0.2, 0.2)
    loaded = _run_pair(ns, 50, 0.2, 0.21)  # 10 ms to drain the last frames
    dev, cpu = loaded["dev"], loaded["cpu"]

    assert loaded["now"] == pytest.approx(0.21)
    sent = loaded["sent"]
    assert sent == pytest.approx(50e3 * 0.2, rel=0.05)  # Poisson: ~10000 +- 1 %
    # Everything sent reaches the stack (+ the ARP request) and the application.
    assert dev.rxDelivered == pytest.approx(sent, rel=0.02)
    assert loaded["read"] == pytest.approx(sent, rel=0.02)
    drops = dev.dropFifoOverrun + dev.dropNoDescriptor + dev.dropBacklog
    assert drops == 0
    assert dev.rxArrived == dev.rxDelivered + drops + dev.rxInHost  # conservation

    # ISR + softirq time: availability drops clearly below the idle host's.
    assert idle["dev"].rxDelivered == 0
    assert idle["cpu"].availability == pytest.approx(1.0, abs=1e-9)
    assert 0.0 < cpu.availability < 1.0
    assert cpu.availability < idle["cpu"].availability - 0.2
    # ~50 Kpps x ~5.3 us of protocol work alone is ~27 % of the CPU.
    assert cpu.softIrqShare > 0.2

    assert dev.interrupts > 0
    assert dev.packetsPerInterrupt >= 1.0
    assert dev.interrupts <= dev.rxDelivered
    assert dev.polls >= dev.interrupts

    # stats_to_dict: plain, nested, JSON-able, same values.
    d = hostnet.stats_to_dict(dev)
    assert list(d)[:3] == ["elapsed", "rxArrived", "rxDelivered"]
    assert d["rxDelivered"] == dev.rxDelivered
    assert isinstance(d["systemLatency"], dict)
    assert d["systemLatency"]["count"] == dev.rxDelivered
    assert d["systemLatency"]["meanUs"] == pytest.approx(dev.systemLatency.meanUs)
    assert 0 < d["systemLatency"]["p50Us"] <= d["systemLatency"]["p99Us"]
    # Fields only: LatencySummary's static UNDEFINED constant is not a field.
    assert list(d["systemLatency"]) == ["count", "meanUs", "p50Us", "p90Us", "p99Us", "p999Us",
                                        "maxUs"]
    c = hostnet.stats_to_dict(cpu)
    assert c["availability"] == cpu.availability
    shares = ("hardIrqShare", "softIrqShare", "taskShare", "idleShare")
    assert sum(c[k] for k in shares) == pytest.approx(1.0, abs=1e-6)
    json.loads(json.dumps({"dev": d, "cpu": c}))
    with pytest.raises(TypeError):
        hostnet.stats_to_dict({"not": "a struct"})


# --------------------------------------------------------------------------------------
# (b) the analytic model from Python


def test_presets_listed_checked_and_applied(ns):
    """Every preset (the hardware hosts and the paper hosts) is listed, passes CheckPreset and
    configures a helper; the cost helpers give the random variable texts."""
    names = [str(n) for n in ns.HostNetDeviceHelper.GetPresetNames()]
    assert names == ["e1000-1g", "i40e-10g", "mlx5-100g", "mlx5-epyc7662",
                     "salah-2007", "walravens-2006", "chang-2008"], names
    for name in names:
        assert str(ns.HostNetDeviceHelper.CheckPreset(name)) == ""
        ns.HostNetDeviceHelper().SetPreset(name)
    error = str(ns.HostNetDeviceHelper.CheckPreset("salah2007"))
    assert "unknown host profile 'salah2007'" in error and "salah-2007" in error, error
    helper = ns.HostNetDeviceHelper
    assert str(helper.ConstantCost(ns.NanoSeconds(3730))) == \
        "ns3::ConstantRandomVariable[Constant=3.73e-06]"
    assert str(helper.ExponentialCost(ns.NanoSeconds(5340))) == \
        "ns3::ExponentialRandomVariable[Mean=5.34e-06]"
    assert str(helper.UniformCost(ns.Seconds(0), ns.MicroSeconds(2))) == \
        "ns3::UniformRandomVariable[Min=0|Max=2e-06]"


# What each scheme name configures (the meaning the names have had since they were made:
# the scheme table in host-net-device-helper.cc must keep it): moderation, its attributes,
# receive mode, its attributes, and attributes of the device or its parts (Part/Name).
SCHEMES = {
    "ideal": ("NoModeration", {}, "PerPacketRxMode", {},
              {"Costs/IsrCost": ("ns3::ConstantRandomVariable", "Constant", "0")}),
    "normal": ("NoModeration", {}, "PerPacketRxMode", {}, {}),
    "disable-enable": ("NoModeration", {}, "DisableEnableRxMode", {}, {}),
    "prenapi-count-8": ("RxFramesModeration", {"Frames": "8"}, "PerPacketRxMode", {}, {}),
    "prenapi-time-50us": ("RxUsecsModeration", {"Interval": "+50000ns"}, "PerPacketRxMode", {},
                          {}),
    "pure-polling": ("NoModeration", {}, "PurePollingRxMode", {}, {}),
    "napi-salah2007": ("NoModeration", {}, "TickedNapiRxMode",
                       {"Weight": "3", "PollPeriod": "+20000ns"}, {}),
    "hybrid": ("NoModeration", {}, "HybridRxMode", {}, {}),
    "prenapi-buffer-adaptive": ("BufferAdaptiveModeration", {}, "PerPacketRxMode", {}, {}),
    "napi": ("NoModeration", {}, "NapiRxMode", {"Weight": "64"}, {}),
    "count-8": ("RxFramesModeration", {"Frames": "8"}, "NapiRxMode", {}, {}),
    "time-50us": ("RxUsecsModeration", {"Interval": "+50000ns"}, "NapiRxMode", {}, {}),
    "itr-8000": ("ThrottleModeration", {"InterruptRate": "8000"}, "NapiRxMode", {}, {}),
    "e1000-dynamic": ("E1000DynamicItrModeration", {}, "NapiRxMode", {}, {}),
    "i40e-adaptive": ("I40eAdaptiveItrModeration", {}, "NapiRxMode", {}, {}),
    "net-dim": ("NetDimModeration", {}, "NapiRxMode", {}, {}),
    "buffer-adaptive": ("BufferAdaptiveModeration", {}, "NapiRxMode", {}, {}),
}
SCHEME_EXAMPLES = {"count-<tau>": "count-8", "time-<T>us": "time-50us", "itr-<rate>": "itr-8000",
                   "prenapi-count-<tau>": "prenapi-count-8",
                   "prenapi-time-<T>us": "prenapi-time-50us"}


def _attribute(ns, obj, name):
    value = ns.StringValue()
    obj.GetAttribute(name, value)
    return str(value.Get())


def test_scheme_table(ns):
    """One table gives the schemes: GetSchemeNames lists them in the documented order,
    IsScheme, CheckScheme and GetSchemeHelp answer for each, SetScheme configures what the
    name has always meant, and a bad number is refused with what it must be."""
    helper = ns.HostNetDeviceHelper
    names = [str(n) for n in helper.GetSchemeNames()]
    # The "Scheme presets" table of the model documentation lists the same names in order.
    doc = (Path(__file__).resolve().parents[2] / "doc" / "user-guide.rst").read_text()
    table = doc.split("Scheme presets\n##############")[1].split("\n\n")[2]
    documented = [line.split("``")[1] for line in table.splitlines() if line.startswith("``")]
    assert names == documented, (names, documented)
    examples = [SCHEME_EXAMPLES.get(n, n) for n in names]
    assert sorted(examples) == sorted(SCHEMES), examples
    for pattern, name in zip(names, examples):
        assert helper.IsScheme(name), name
        assert str(helper.CheckScheme(name)) == "", name
        assert str(helper.GetSchemeHelp(name)), name
        assert str(helper.GetSchemeHelp(pattern)) == str(helper.GetSchemeHelp(name)), name
    assert str(helper.GetSchemeHelp("nope")) == ""
    assert "NAPI" in str(helper.GetSchemeHelp("napi"))
    for name, (moderation, mod_attrs, mode, mode_attrs, dev_attrs) in SCHEMES.items():
        try:
            h = ns.HostNetDeviceHelper()
            h.SetScheme(name)
            node = ns.CreateObject[ns.Node]()
            phy = ns.CreateObject[ns.SimpleNetDevice]()
            phy.SetAddress(ns.Mac48Address.Allocate().ConvertTo())
            node.AddDevice(phy)
            device = h.Install(phy)
            got = device.GetQueue(0).GetModeration()
            assert str(got.GetInstanceTypeId().GetName()) == "ns3::" + moderation, name
            for key, value in mod_attrs.items():
                assert _attribute(ns, got, key) == value, (name, key)
            got = device.GetQueue(0).GetRxMode()
            assert str(got.GetInstanceTypeId().GetName()) == "ns3::" + mode, name
            for key, value in mode_attrs.items():
                assert _attribute(ns, got, key) == value, (name, key)
            for key, (kind, field, value) in dev_attrs.items():
                # "Part/Attribute": an attribute of one of the device's parts (Costs, ...).
                owner = device
                for part in key.split("/")[:-1]:
                    pointer = ns.PointerValue()
                    owner.GetAttribute(part, pointer)
                    owner = pointer.GetObject()
                pointer = ns.PointerValue()
                owner.GetAttribute(key.split("/")[-1], pointer)
                variable = pointer.GetObject()
                assert str(variable.GetInstanceTypeId().GetName()) == kind, (name, key)
                assert _attribute(ns, variable, field) == value, (name, key)
        finally:
            ns.Simulator.Destroy()
    # A name of a known form with a number that is not allowed: what the number must be.
    for name, rule in [("count-0", "count-<tau>: tau is a whole number of frames >= 1"),
                       ("prenapi-count-2.5", "tau is a whole number"),
                       ("itr-0", "itr-<rate>: rate is a number of interrupts per second > 0"),
                       ("time-infus", "time-<T>us: T is a number of microseconds"),
                       ("time-20000000us", "0 .. 1e7")]:
        assert not helper.IsScheme(name), name
        error = str(helper.CheckScheme(name))
        assert error.startswith("unknown scheme '%s' (" % name) and rule in error, error
        assert "known: ideal normal" in error, error
    assert str(helper.CheckScheme("prenapi-napi")).startswith(
        "unknown scheme 'prenapi-napi'; known: ideal normal"), "no rule for an unknown form"


def test_cliff_point(ns):
    cliff = ns.InterruptAnalysis.CliffPoint(1 / PROTO_MEAN, 1 / ISR_MEAN)
    assert cliff == pytest.approx(127e3, abs=1e3)
    # eq. 13 as printed: r/2 (sqrt(1 + 4 mu / r) - 1)
    mu, r = 1 / PROTO_MEAN, 1 / ISR_MEAN
    assert cliff == pytest.approx(r / 2 * (math.sqrt(1 + 4 * mu / r) - 1), rel=1e-12)
    assert cliff / 1e3 == pytest.approx(plot.cliff_kpps(3.73, 5.34), rel=1e-12)
    assert ns.InterruptAnalysis.CliffPoint(mu, float("inf")) == pytest.approx(mu)


def test_normal_interruption_exact_vs_closed_form(ns):
    ia = ns.InterruptAnalysis
    mu, r, lam = 1 / PROTO_MEAN, 1 / ISR_MEAN, 50e3
    exact = ia.NormalInterruptionExact(lam, mu, r, BUFFER)
    closed = ia.NormalInterruptionClosedForm(lam, mu, r, BUFFER)
    assert exact.throughput == pytest.approx(closed.throughput, rel=1e-6)
    assert exact.throughput == pytest.approx(lam, rel=1e-6)  # far below the cliff
    assert exact.cpuAvailability == pytest.approx(closed.cpuAvailability, rel=1e-6)
    # eq. 3 by hand: V = r / (lambda + r) p0 of M/M/1/B with mu' = mu r / (lambda + r).
    mu_eff = mu * r / (lam + r)
    rho = lam / mu_eff
    p0 = (1 - rho) / (1 - rho ** (BUFFER + 1))
    assert closed.cpuAvailability == pytest.approx(r / (lam + r) * p0, rel=1e-9)
    assert 0.5 < closed.cpuAvailability < 0.65
    # Beyond the cliff both models livelock: throughput falls with load.
    at_cliff = ia.NormalInterruptionExact(127e3, mu, r, BUFFER).throughput
    at_200 = ia.NormalInterruptionExact(200e3, mu, r, BUFFER)
    assert at_200.throughput < 0.9 * at_cliff
    assert at_200.throughput == pytest.approx(
        ia.NormalInterruptionClosedForm(200e3, mu, r, BUFFER).throughput, rel=1e-3)
    assert ia.Mm1b(200e3, mu, BUFFER).throughput == pytest.approx(mu, rel=1e-3)


# --------------------------------------------------------------------------------------
# (c) plotting (no ns-3 needed)


def test_t_quantile_matches_printed_tables():
    # Two-sided 95 % (99 % for df 9) points of printed t tables, 4 decimals.
    assert plot.t_quantile(1) == pytest.approx(12.7062, abs=1e-4)
    assert plot.t_quantile(4) == pytest.approx(2.7764, abs=1e-4)
    assert plot.t_quantile(30) == pytest.approx(2.0423, abs=1e-4)
    assert plot.t_quantile(31) == pytest.approx(2.0395, abs=1e-4)  # not the normal 1.96
    assert plot.t_quantile(1000) == pytest.approx(1.9623, abs=1e-4)
    assert plot.t_quantile(9, level=0.99) == pytest.approx(3.2498, abs=1e-4)
    with pytest.raises(ValueError):
        plot.t_quantile(0)
    with pytest.raises(ValueError):
        plot.t_quantile(5, level=1.0)


def test_mean_ci_known_values():
    # mean 3, s^2 = 2.5, half-width t(0.975, 4) s / sqrt(5) = 2.776445 * 0.707107 = 1.963243
    mean, hw = plot.mean_ci([1, 2, 3, 4, 5])
    assert mean == pytest.approx(3.0)
    assert hw == pytest.approx(1.963243, abs=1e-5)
    # two values: s = sqrt(2) * 1, half-width t(1) s / sqrt(2) = 12.706205
    assert plot.mean_ci([10, 12]) == pytest.approx((11.0, 12.706205))
    # one value: no interval can be estimated (undefined, not 0)
    mean, hw = plot.mean_ci([7.5])
    assert mean == 7.5 and math.isnan(hw)
    assert "no interval" in plot.plus_minus(hw) and plot.plus_minus(1.25) == " +- 1.2"
    assert plot.mean_ci([4, 4, 4]) == (4.0, 0.0)
    with pytest.raises(ValueError):
        plot.mean_ci([])


SYNTHETIC = [
    # scheme, load, rep, throughput, availability, latency mean, p99, drops
    ("normal", 100, 1, 99.0, 0.20, 30.0, 120.0, 0),
    ("normal", 100, 2, 101.0, 0.22, 34.0, 130.0, 0),
    ("normal", 100, 3, 100.0, 0.18, 32.0, 125.0, 0),
    ("normal", 200, 1, 105.0, 0.0, 9500.0, 10300.0, 9000),
    ("normal", 200, 2, 109.0, 0.0, 9600.0, 10400.0, 9100),
    ("normal", 200, 3, 107.0, 0.0, 9550.0, 10350.0, 9050),
    ("napi", 200, 1, 187.0, 0.0, 5400.0, 5800.0, 600),
    ("napi", 200, 2, 188.0, 0.0, 5380.0, 5790.0, 590),
    ("napi", 200, 3, 189.0, 0.0, 5390.0, 5795.0, 610),
    ("napi", 100, 1, 100.0, 0.25, 20.0, 80.0, 0),
    ("napi", 100, 2, 100.0, 0.27, 22.0, 85.0, 0),
    ("napi", 100, 3, 100.0, 0.26, 21.0, 82.0, 0),
]


def _write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(plot.HEADER)
        w.writerows(rows)


def test_aggregate_and_plot(tmp_path):
    csv_path = tmp_path / "livelock.csv"
    _write_csv(csv_path, SYNTHETIC)
    agg = plot.aggregate(plot.read_csv(csv_path))
    assert list(agg) == ["normal", "napi"]
    assert [p["load_kpps"] for p in agg["napi"]] == [100.0, 200.0]  # sorted
    p = agg["normal"][1]
    assert p["n"] == 3
    # throughput 105, 109, 107: mean 107, s = 2, hw = t(0.975, 2) 2 / sqrt(3) = 4.9683
    assert p["throughput_kpps"] == pytest.approx((107.0, 4.302653 * 2 / math.sqrt(3)))
    assert p["throughput_kpps"][1] == pytest.approx(4.9687, abs=1e-3)
    assert p["drops"] == pytest.approx((9050.0, 4.302653 * 50 / math.sqrt(3)))
    assert agg["napi"][0]["throughput_kpps"] == (100.0, 0.0)
    lines = plot.summary_lines(agg)
    assert lines[0].startswith("normal: peak throughput 107.0")
    assert "at offered load 200 Kpps" in lines[0]
    assert lines[1].startswith("napi: peak throughput 188.0")

    png, pdf = plot.plot(agg, tmp_path / "fig" / "livelock.png", cliff=127.05)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10000
    assert pdf == tmp_path / "fig" / "livelock.pdf"
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 5000


def test_read_csv_rejects_wrong_header(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("scheme,load,throughput\nnapi,100,99\n")
    with pytest.raises(ValueError, match="expected header"):
        plot.read_csv(bad)


def test_plot_cli_without_ns3(tmp_path):
    """python validation/figures/plot_livelock.py needs neither the build nor cppyy."""
    csv_path = tmp_path / "livelock.csv"
    _write_csv(csv_path, SYNTHETIC)
    png = tmp_path / "out.png"
    env = _subprocess_env(HOSTNET_BUILD_DIR=str(tmp_path / "no-build-here"))
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", str(FIGURES / "plot_livelock.py"), str(csv_path),
         str(png)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    imported = {line.split("|")[-1].strip() for line in proc.stderr.splitlines()
                if line.startswith("import time:")}
    assert "matplotlib" in imported  # importtime output is really there
    assert not {"cppyy", "ns", "libcppyy"} & imported
    assert proc.stdout.splitlines()[:2] == [
        "normal: peak throughput 107.0 +- 5.0 Kpps at offered load 200 Kpps",
        "napi: peak throughput 188.0 +- 2.5 Kpps at offered load 200 Kpps",
    ]
    assert png.stat().st_size > 10000 and png.with_suffix(".pdf").stat().st_size > 5000


# --------------------------------------------------------------------------------------
# (d) the Python example end to end


@pytest.mark.slow
def test_livelock_example(tmp_path):
    out = tmp_path / "out"
    script = REPO / "examples" / "papers" / "hostnet-livelock.py"
    proc = subprocess.run(
        [sys.executable, str(script), "--schemes=normal,napi", "--loads=50,200",
         "--duration=0.1", "--warmup=0.02", "--replications=1", f"--out={out}"],
        cwd=tmp_path, env=_subprocess_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]

    lines = (out / "livelock.csv").read_text().splitlines()
    assert lines[0] == ("scheme,load_kpps,replication,throughput_kpps,cpu_availability,"
                        "latency_mean_us,latency_p99_us,drops")
    rows = list(csv.DictReader(lines))
    assert [(r["scheme"], float(r["load_kpps"]), int(r["replication"])) for r in rows] == [
        ("normal", 50.0, 1), ("normal", 200.0, 1), ("napi", 50.0, 1), ("napi", 200.0, 1)]
    res = {(r["scheme"], float(r["load_kpps"])): r for r in rows}

    def val(scheme, load, key):
        return float(res[(scheme, load)][key])

    for scheme in ("normal", "napi"):
        # below the cliff: everything is delivered, no drops, CPU left over
        assert val(scheme, 50, "throughput_kpps") == pytest.approx(50, rel=0.1)
        assert int(res[(scheme, 50)]["drops"]) == 0
        assert 0.3 < val(scheme, 50, "cpu_availability") < 0.8
        assert 0 < val(scheme, 50, "latency_mean_us") <= val(scheme, 50, "latency_p99_us")
    # receive livelock: normal interruption collapses (~107 Kpps, eq. 5), NAPI stays near
    # mu = 187 Kpps
    assert val("napi", 200, "throughput_kpps") > 1.4 * val("normal", 200, "throughput_kpps")
    assert val("normal", 200, "throughput_kpps") < 127
    assert val("normal", 200, "cpu_availability") < 0.01
    assert int(res[("normal", 200)]["drops"]) > 0

    assert "napi: peak throughput" in proc.stdout
    assert (out / "livelock.png").stat().st_size > 10000
    assert (out / "livelock.pdf").stat().st_size > 5000


def test_attribute_reference_is_current(ns):
    """doc/hostnet-attributes.rst is what `python -m hostnet.attributes` generates now."""
    from hostnet import attributes

    path = Path(__file__).resolve().parents[2] / "doc" / "hostnet-attributes.rst"
    expected = attributes.render(attributes.collect(ns)) + "\n"
    assert path.read_text() == expected, (
        "regenerate with: python -m hostnet.attributes doc/hostnet-attributes.rst")
    # Every class of the module documents every attribute.
    for name, _parent, attrs, _traces in attributes.collect(ns):
        for attr, _default, help_text in attrs:
            assert len(help_text.split()) >= 3, f"{name}::{attr} has no real help text"
