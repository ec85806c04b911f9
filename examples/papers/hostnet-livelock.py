#!/usr/bin/env python3
"""Receive livelock study (Salah et al. 2007 Sec. 3-4) through the ns-3 Python (cppyy) bindings.

The Python twin of examples/papers/hostnet-livelock.cc (its UDP sweep): host A sends UDP
datagrams at Poisson times over a 1 Gb/s point-to-point link to host B; both hosts have
HostNetDevices with Salah et al. 2007's costs (exponential ISR 1/r and protocol 1/mu, buffer B).
For every scheme, load and replication the receiver's throughput, CPU availability and
system latency (host memory -> end of protocol processing) are measured after a warm-up
and written to <out>/livelock.csv; then <out>/livelock.png (and .pdf) are plotted.
With the same parameters the rows equal those of the C++ example (same streams).

    ./hostnet.sh build
    .venv/bin/python examples/papers/hostnet-livelock.py \\
        --schemes=ideal,normal,napi --loads=10,50,100,150,200,300 --out=results/livelock-py
"""

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
try:
    import hostnet
except ImportError as error:
    if getattr(error, "name", None) != "hostnet":
        raise  # hostnet was found but could not load (e.g. not built)
    sys.path.insert(0, str(REPO / "python"))
    import hostnet
from hostnet import ns

# the livelock figure script, beside the other papers' figures (run by path, not installed)
sys.path.insert(0, str(REPO / "validation" / "figures"))
import plot_livelock  # noqa: E402

CSV_HEADER = ("scheme,load_kpps,replication,throughput_kpps,cpu_availability,"
              "latency_mean_us,latency_p99_us,drops")


def exponential(mean_us):
    """ns-3 attribute string of an exponential random variable with a mean in us."""
    return f"ns3::ExponentialRandomVariable[Mean={mean_us * 1e-6!r}]"


def make_host_helper(scheme, args):
    """A HostNetDeviceHelper for one of Salah et al. 2007's schemes with the study's costs.

    The ISR cost is set before SetScheme, which overrides it with 0 for "ideal". Buffer B
    is the backlog in per-packet mode and the ring itself in NAPI mode.
    """
    helper = ns.HostNetDeviceHelper()
    helper.SetCostAttribute("IsrCost", ns.StringValue(exponential(args.isrUs)))
    helper.SetCostAttribute("ProtocolCost", ns.StringValue(exponential(args.protoUs)))
    helper.SetCostAttribute("ProtocolCopyRate", ns.DataRateValue(ns.DataRate(0)))
    helper.SetScheme(scheme)
    if scheme == "napi":
        helper.SetRxRingAttribute("Descriptors", ns.UintegerValue(args.bufferSize))
        helper.SetRxRingAttribute("TailWriteBatch", ns.UintegerValue(1))
        helper.SetRxRingAttribute("DropWhenNoDescriptor", ns.BooleanValue(True))
    else:
        helper.SetRxMode("ns3::PerPacketRxMode", "BacklogSize",
                         ns.UintegerValue(args.bufferSize))
    return helper


def run_load(scheme, kpps, replication, args):
    """Simulate one (scheme, load, replication) point; return the CSV row values."""
    ns.RngSeedManager.SetSeed(1)
    ns.RngSeedManager.SetRun(replication)
    nodes = ns.NodeContainer(2)
    p2p = ns.PointToPointHelper()
    p2p.SetDeviceAttribute("DataRate", ns.StringValue("1Gbps"))
    p2p.SetChannelAttribute("Delay", ns.StringValue("1us"))
    phys = p2p.Install(nodes)
    ns.InternetStackHelper().Install(nodes)
    helper = make_host_helper(scheme, args)
    devices = helper.Install(phys)
    helper.AssignStreams(devices, 100)
    ipv4 = ns.Ipv4AddressHelper(ns.Ipv4Address("10.1.1.0"), ns.Ipv4Mask("255.255.255.0"))
    ifaces = ipv4.Assign(devices)

    source = ns.CreateObject[ns.PoissonSourceApplication]()
    remote = ns.InetSocketAddress(ifaces.GetAddress(1), 9).ConvertTo()
    source.SetAttribute("Remote", ns.AddressValue(remote))
    source.SetAttribute("Rate", ns.DoubleValue(kpps * 1e3))
    source.SetAttribute("PacketSize", ns.UintegerValue(args.payload))
    source.AssignStreams(200)
    nodes.Get(0).AddApplication(source)
    sink = ns.CreateObject[ns.HostSinkApplication]()
    local = ns.InetSocketAddress(ns.Ipv4Address.GetAny(), 9).ConvertTo()
    sink.SetAttribute("Local", ns.AddressValue(local))
    nodes.Get(1).AddApplication(sink)
    source.SetStartTime(ns.Seconds(0))
    source.SetStopTime(ns.Seconds(args.warmup + args.duration))

    receiver = ns.DynamicCast[ns.HostNetDevice](devices.Get(1))
    cpu = receiver.GetCpu()
    # Warm-up deletion without a Python callback in the scheduler: run to the end of the
    # warm-up, reset, and continue (Simulator::Stop takes a delay from now).
    if args.warmup > 0:
        ns.Simulator.Stop(ns.Seconds(args.warmup))
        ns.Simulator.Run()
    receiver.ResetStats()
    cpu.ResetStats()
    ns.Simulator.Stop(ns.Seconds(args.duration))
    ns.Simulator.Run()
    s = receiver.GetStats()
    availability = cpu.GetStats().availability
    row = (scheme, kpps, replication, s.throughputPps / 1e3, availability,
           s.systemLatency.meanUs, s.systemLatency.p99Us,
           s.dropFifoOverrun + s.dropNoDescriptor + s.dropBacklog)
    ns.Simulator.Destroy()
    return row


def split(text):
    """Comma-separated items of a string, empty items dropped."""
    return [item.strip() for item in text.split(",") if item.strip()]


def parse_args(argv=None):
    """Command line, with the same option names as the C++ example."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--schemes", default="ideal,normal,napi",
                   help="comma-separated schemes: ideal, normal, napi")
    p.add_argument("--loads", default="10,50,100,150,200,300",
                   help="comma-separated offered loads in Kpps (Poisson)")
    p.add_argument("--duration", type=float, default=0.5,
                   help="measured seconds per run, after the warm-up")
    p.add_argument("--warmup", type=float, default=0.1,
                   help="warm-up seconds deleted at the start of each run")
    p.add_argument("--replications", type=int, default=2,
                   help="independent replications per point (RngRun 1..n)")
    p.add_argument("--out", default="results/livelock-py", help="output directory")
    p.add_argument("--isrUs", type=float, default=3.73, help="mean ISR cost 1/r in us")
    p.add_argument("--protoUs", type=float, default=5.34,
                   help="mean protocol cost 1/mu in us")
    p.add_argument("--bufferSize", type=int, default=1024,
                   help="B: backlog (per-packet modes) or ring (NAPI) in packets")
    p.add_argument("--payload", type=int, default=18,
                   help="UDP payload bytes (18 = 64-byte Ethernet frames)")
    p.add_argument("--no-plot", action="store_true", help="write the CSV only")
    args = p.parse_args(argv)

    args.scheme_list = split(args.schemes)
    known = list(ns.HostNetDeviceHelper.GetSchemeNames())
    for scheme in args.scheme_list:
        if scheme not in known:
            p.error(f"--schemes: unknown scheme {scheme!r} (known: {', '.join(known)})")
    try:
        args.load_list = [float(x) for x in split(args.loads)]
    except ValueError:
        p.error(f"--loads: not a list of numbers: {args.loads!r}")
    if not args.scheme_list or not args.load_list:
        p.error("--schemes and --loads must not be empty")
    if any(load <= 0 for load in args.load_list):
        p.error("--loads: loads must be > 0 Kpps")
    if args.duration <= 0 or args.warmup < 0 or args.replications < 1:
        p.error("need --duration > 0, --warmup >= 0 and --replications >= 1")
    if args.isrUs < 0 or args.protoUs <= 0 or args.bufferSize < 1 or args.payload < 1:
        p.error("need --isrUs >= 0, --protoUs > 0, --bufferSize >= 1, --payload >= 1")
    return args


def main(argv=None):
    """Run the sweep, write <out>/livelock.csv, plot it."""
    args = parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    csv_path = out / "livelock.csv"
    started = time.monotonic()
    with open(csv_path, "w") as csv:
        csv.write(CSV_HEADER + "\n")
        for scheme in args.scheme_list:
            for kpps in args.load_list:
                for rep in range(1, args.replications + 1):
                    row = run_load(scheme, kpps, rep, args)
                    csv.write(",".join(f"{v:.6g}" if isinstance(v, float) else str(v)
                                       for v in row) + "\n")
                    csv.flush()
                    print(f"{scheme:>7} load {kpps:7.1f} Kpps rep {rep}: throughput "
                          f"{row[3]:8.3f} Kpps, CPU availability {row[4]:.3f}, latency "
                          f"{row[5]:.3f} us (p99 {row[6]:.3f}), drops {row[7]}", flush=True)
    print(f"wrote {csv_path} ({time.monotonic() - started:.1f} s of simulation)")
    if not args.no_plot:
        plot_livelock.main([str(csv_path), str(out / "livelock.png"),
                            "--isrUs", str(args.isrUs), "--protoUs", str(args.protoUs)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
