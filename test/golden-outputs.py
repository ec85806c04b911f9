#! /usr/bin/env python3
"""Golden outputs: the guard for behaviour-preserving restructuring.

Records, for the current build, what every example prints and writes (stdout and every
text file it produces) for the short runs of test/examples-to-run.py plus a sweep of every
interrupt scheme and preset, and which test cases of every suite pass. `compare` runs the
same again and shows each difference. A restructuring that claims "behaviour unchanged"
must compare equal, or the commit note explains each difference.

    test/golden-outputs.py record  [--build build] [--dir test/golden] [--missing]
    test/golden-outputs.py compare [--build build] [--dir test/golden]

Timings (test-case durations, progress lines' wall time, hostnet-bench) are not behaviour
and are left out. Exit status: 0 when everything ran (record) or compared equal (compare), 1 otherwise.
"""

import argparse
import difflib
import json
import os
import re
import runpy
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Every scheme family and every preset, short: the examples-to-run list alone leaves
# several schemes unexercised end to end.
EXTRA_RUNS = [
    "hostnet-livelock --schemes=ideal,normal,disable-enable,count-8,time-50us,pure-polling,"
    "napi-salah2007,hybrid,napi,itr-20000,e1000-dynamic,i40e-adaptive,net-dim,buffer-adaptive "
    "--loads=60,180 --duration=0.01 --warmup=0.003 --replications=1 --tcpDuration=0.01 --out=sweep",
    "hostnet-leaf-spine --duration=0.005 --warmup=0.002 --scheme=time-50us --metrics=m.json",
    "hostnet-leaf-spine --duration=0.005 --warmup=0.002 --scheme=normal --traffic=poisson "
    "--metrics=m.json",
    "hostnet-dctcp --duration=0.005 --warmup=0.005 --hosts=e1000-1g",
    "hostnet-dctcp --duration=0.005 --warmup=0.005 --hosts=i40e-10g",
    "hostnet-dctcp --duration=0.005 --warmup=0.005 --hosts=mlx5-100g",
    # The papers' per-packet (pre-NAPI) coalescing: the sweep above runs count-<tau> and
    # time-<T>us on NAPI since they became Linux schemes.
    "hostnet-livelock --schemes=prenapi-count-1,prenapi-count-8,prenapi-time-50us,"
    "prenapi-buffer-adaptive --loads=50,100,180 --duration=0.02 --warmup=0.005 --replications=1 "
    "--tcpDuration=0.01 --out=sweep",
    # A modern host on the leaf-spine (what users run): TCP, GRO, RPCs, separate IRQ cores.
    "hostnet-leaf-spine --hostLinkRate=25Gbps --fabricLinkRate=100Gbps --switchQueue=400KB "
    "--hosts=mlx5-100g --traffic=tcp --rpcRate=20000 --rpcSizes=etc --appCores=separate "
    "--irqCores=2 --load=0.5 --duration=0.002 --warmup=0.002 --metrics=m.json",
]

# Examples whose output is a measurement of the simulator's own speed.
SKIP = {"hostnet-bench"}

TEXT_SUFFIXES = (".csv", ".json", ".txt", ".dat", ".tsv")


def example_runs():
    spec = runpy.run_path(os.path.join(HERE, "examples-to-run.py"))
    runs = [cmd for cmd, do_run, _ in spec["cpp_examples"] if do_run == "True"]
    runs += EXTRA_RUNS
    return [r for r in runs if shlex.split(r)[0] not in SKIP]


def run_example(build, cmdline):
    argv = shlex.split(cmdline)
    exe = os.path.join(build, "examples", argv[0])
    with tempfile.TemporaryDirectory(prefix="hostnet-golden-") as cwd:
        p = subprocess.run(
            [exe] + argv[1:], cwd=cwd, capture_output=True, text=True, timeout=600
        )
        files = {}
        for dirpath, _, names in os.walk(cwd):
            for name in sorted(names):
                if name.endswith(TEXT_SUFFIXES):
                    path = os.path.join(dirpath, name)
                    with open(path, encoding="utf-8", errors="replace") as f:
                        files[os.path.relpath(path, cwd)] = f.read()
    return {"cmd": cmdline, "status": p.returncode, "stdout": p.stdout, "files": files}


TIMING = re.compile(r"\s+[0-9.]+ s$")
# Progress lines carry the wall time since the start ("[fig7   3/18,    0.1 s]").
PROGRESS = re.compile(r"(\[[a-z0-9]+\s+\d+/\d+,)\s+[0-9.]+ s\]")


# ... and the summary line ("done: 26 runs simulated, 0 reused, 0.1 s").
DONE = re.compile(r"^(done: .* reused, )[0-9.]+ s$", re.M)


def normalised(stdout):
    return DONE.sub(r"\1<wall time>", PROGRESS.sub(r"\1 <wall time>]", stdout))


def run_suites(build):
    runner = os.path.join(build, "bin", "hostnet-test-runner")
    names = subprocess.run([runner, "--list"], capture_output=True, text=True, check=True)
    out = {}
    for suite in sorted(n.strip() for n in names.stdout.split() if n.strip()):
        p = subprocess.run(
            [runner, f"--suite={suite}", "--fullness=EXTENSIVE", "--verbose"],
            capture_output=True,
            text=True,
            timeout=900,
        )
        lines = [TIMING.sub("", line) for line in (p.stdout + p.stderr).splitlines()]
        out[suite] = {"status": p.returncode, "output": lines}
    return out


def key(cmdline):
    return re.sub(r"[^A-Za-z0-9.=,-]+", "_", cmdline)[:150]


def record(build, directory, missing_only=False):
    """Record every run and suite, or (missing_only) only the runs without a golden file:
    a run added to the guard is recorded on the build it is meant to guard."""
    os.makedirs(directory, exist_ok=True)
    failed = 0
    for cmdline in example_runs():
        if missing_only and os.path.exists(os.path.join(directory, key(cmdline) + ".json")):
            continue
        r = run_example(build, cmdline)
        failed += r["status"] != 0
        with open(os.path.join(directory, key(cmdline) + ".json"), "w") as f:
            json.dump(r, f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"recorded {cmdline} (exit {r['status']})")
    if missing_only:
        return 1 if failed else 0
    suites = run_suites(build)
    failed += sum(s["status"] != 0 for s in suites.values())
    with open(os.path.join(directory, "suites.json"), "w") as f:
        json.dump(suites, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"recorded {len(suites)} suites; {failed} runs failed")
    return 1 if failed else 0


def diff(label, old, new):
    if old == new:
        return 0
    old_lines = old.splitlines() if isinstance(old, str) else [json.dumps(old)]
    new_lines = new.splitlines() if isinstance(new, str) else [json.dumps(new)]
    d = list(difflib.unified_diff(old_lines, new_lines, "golden", "now", lineterm="", n=1))
    print(f"DIFFERENT {label}")
    for line in d[:40]:
        print("   ", line)
    if len(d) > 40:
        print(f"    ... {len(d) - 40} more diff lines")
    return 1


def compare(build, directory):
    differences = 0
    for cmdline in example_runs():
        path = os.path.join(directory, key(cmdline) + ".json")
        if not os.path.exists(path):
            print(f"MISSING golden output for {cmdline}")
            differences += 1
            continue
        with open(path) as f:
            old = json.load(f)
        new = run_example(build, cmdline)
        n = diff(f"{cmdline}: exit status", old["status"], new["status"])
        n += diff(f"{cmdline}: stdout", normalised(old["stdout"]), normalised(new["stdout"]))
        for name in sorted(set(old["files"]) | set(new["files"])):
            n += diff(f"{cmdline}: {name}", old["files"].get(name, "<absent>"),
                      new["files"].get(name, "<absent>"))
        print(("same      " if n == 0 else "differs   ") + cmdline)
        differences += n
    with open(os.path.join(directory, "suites.json")) as f:
        old_suites = json.load(f)
    new_suites = run_suites(build)
    for suite in sorted(set(old_suites) | set(new_suites)):
        old = old_suites.get(suite, {"status": None, "output": ["<absent>"]})
        new = new_suites.get(suite, {"status": None, "output": ["<absent>"]})
        n = diff(f"suite {suite}", "\n".join(old["output"]) + f"\nexit {old['status']}",
                 "\n".join(new["output"]) + f"\nexit {new['status']}")
        differences += n
    print(f"{differences} differences")
    return 1 if differences else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["record", "compare"])
    ap.add_argument("--build", default=os.environ.get("HOSTNET_BUILD", os.path.join(ROOT, "build")))
    ap.add_argument("--dir", default=os.path.join(HERE, "golden"))
    ap.add_argument("--missing", action="store_true",
                    help="record: only the example runs that have no golden file yet")
    a = ap.parse_args()
    a.build = os.path.abspath(a.build)  # the examples run in a temporary directory
    if a.action == "record":
        return record(a.build, a.dir, a.missing)
    return compare(a.build, a.dir)


if __name__ == "__main__":
    sys.exit(main())
