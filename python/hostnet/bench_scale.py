"""Cost of the host model as the fabric grows: hostnet-leaf-spine with plain hosts and with
the host model, at several sizes, in one sitting.

    python -m hostnet.bench_scale [--sizes 16,128,1024] [--hosts scheme] [--scheme napi]
                                  [--repeats 3] [--scheduler ns3::MapScheduler]

For each size it runs ``hostnet-leaf-spine --cost`` twice, with ``--hosts=plain`` (ns-3's
point-to-point devices: no NIC, interrupt, softirq or stack model; the applications are the
same) and with the host model, and prints the process CPU time per packet delivered to a
host, simulator events per packet, peak RSS, and the host/plain ratio of CPU per packet.
Both runs of a size use the same seed and traffic. The CPU time is the run's own
(``Simulator::Run``), not start-up; with ``--repeats`` > 1 the runs of a size alternate
plain / host model and the least CPU time of each counts (other load on a shared machine
only ever adds to it; events and packets are the same in every repeat). ``--scheduler``
passes ns-3's ``--SchedulerType`` (the event list: results are identical, only speed
differs). Exit status 1 if a run failed.
"""

import argparse
import os
import subprocess
import sys

import hostnet  # build_dir() only: ns-3 itself is loaded on first use of hostnet.ns

# hosts -> (leaves, hosts per leaf, spines, measured seconds): 8 spines at 1024 hosts keep
# the uplinks below saturation, so the fabric drops little and both runs carry the load.
# Each size measures 50,000-160,000 packets: at 16 hosts 5 ms (6,500 packets, 0.2 s of CPU)
# gave host/plain ratios from 0.9 to 1.4 on an idle machine.
SHAPES = {
    16: (4, 4, 2, 0.04),
    128: (16, 8, 2, 0.005),
    1024: (32, 32, 8, 0.002),
}


def run(exe, hosts, size, scheme, scheduler=None):
    leaves, per_leaf, spines, duration = SHAPES[size]
    cmd = [
        exe,
        f"--leaves={leaves}",
        f"--hostsPerLeaf={per_leaf}",
        f"--spines={spines}",
        f"--duration={duration}s",
        "--warmup=0.001s",
        f"--hosts={hosts}",
        f"--scheme={scheme}",
        "--cost",
    ]
    if scheduler:
        cmd.append(f"--SchedulerType={scheduler}")
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {p.returncode}: {p.stderr.strip()}")
    values = {}
    for line in p.stdout.splitlines():
        if line.startswith("cost_"):
            name, value = line.split(None, 1)
            values[name] = value
    return {
        "cpu_us": float(values["cost_cpu_us_per_packet"]),
        "events": float(values["cost_events_per_packet"]),
        "rss_mb": float(values["cost_rss_mb"]),
        "packets": int(values["cost_packets"]),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="16,128,1024", help="host counts, of 16, 128, 1024")
    ap.add_argument("--hosts", default="scheme", help="the host model's --hosts (scheme or a preset)")
    ap.add_argument("--scheme", default="napi", help="--scheme of the host-model runs")
    ap.add_argument("--build", default=str(hostnet.build_dir()), help="the build directory")
    ap.add_argument("--repeats", type=int, default=1,
                    help="runs of each variant per size, alternating; the least CPU time counts")
    ap.add_argument("--scheduler", default=None,
                    help="ns-3 event list, e.g. ns3::CalendarScheduler (default: the program's)")
    a = ap.parse_args(argv)
    try:
        sizes = [int(s) for s in a.sizes.split(",")]
    except ValueError:
        ap.error(f"--sizes {a.sizes!r}: expected a comma-separated list of {sorted(SHAPES)}")
    if a.repeats < 1:
        ap.error(f"--repeats {a.repeats}: expected an integer >= 1")
    unknown = [s for s in sizes if s not in SHAPES]
    if unknown:
        ap.error(f"--sizes: {unknown} not among {sorted(SHAPES)}")
    exe = os.path.join(a.build, "examples", "hostnet-leaf-spine")
    if not os.access(exe, os.X_OK):
        ap.error(f"{exe} not found: build first (./hostnet.sh build) or pass --build")
    print(f"{'hosts':>5}  {'model':<10} {'packets':>8} {'CPU us/pkt':>10} {'events/pkt':>10} "
          f"{'RSS MB':>7} {'host/plain':>10}")
    failed = False
    for size in sizes:
        try:
            plains, models = [], []
            for _ in range(a.repeats):
                plains.append(run(exe, "plain", size, a.scheme, a.scheduler))
                models.append(run(exe, a.hosts, size, a.scheme, a.scheduler))
            plain, model = plains[0], models[0]
            plain["cpu_us"] = min(r["cpu_us"] for r in plains)
            model["cpu_us"] = min(r["cpu_us"] for r in models)
        except (RuntimeError, KeyError, ValueError) as e:
            print(f"{size:>5}  failed: {e}", file=sys.stderr)
            failed = True
            continue
        for name, r in (("plain", plain), (a.hosts if a.hosts != "scheme" else a.scheme, model)):
            ratio = f"{model['cpu_us'] / plain['cpu_us']:.2f}" if name != "plain" else ""
            print(f"{size:>5}  {name:<10} {r['packets']:>8} {r['cpu_us']:>10.1f} "
                  f"{r['events']:>10.2f} {r['rss_mb']:>7.1f} {ratio:>10}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
