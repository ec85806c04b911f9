"""Fake study programs for the test_study_*.py tests: small Python scripts that answer ns-3's
CommandLine introspection (--PrintHelp, --PrintGlobals, --PrintAttributes, --PrintTypeIds)
like a compiled example would, optionally --PrintMetrics, and otherwise run like
data/fake_study_program.py (metrics y = x + RngRun, z = 2 x)."""

import os
import re
import stat
import textwrap
import time
from pathlib import Path

NS3_PROGRAM = '''\
#!{python}
import json, sys, time
PRINT_METRICS = {print_metrics}
HELP = """fake-ns3 [Program Options] [General Arguments]

A fake ns-3 program.

Program Options:
    --mode:     What to do: ok, crash, sleep, nullmetric [ok]
    --x:        The metric y is x + RngRun [0]
    --sleep:    Seconds to sleep in mode sleep [0.5]
    --verbose:  Print more [false]
    --rate:     A data rate, with unit [1Gbps]
    --cost:     A random variable [ns3::ConstantRandomVariable[Constant=1]]
    --label:    A label without a default
    --metrics:  Write the metrics as a JSON object to this file
""" + ("    --PrintMetrics:  Print the metric names, one a line, and exit [false]\\n"
       if PRINT_METRICS else "") + """
General Arguments:
    --PrintGlobals:              Print the list of globals.
    --PrintGroups:               Print the list of groups.
    --PrintGroup=[group]:        Print all TypeIds of group.
    --PrintTypeIds:              Print all TypeIds.
    --PrintAttributes=[typeid]:  Print all attributes of typeid.
    --PrintVersion:              Print the ns-3 version.
    --PrintHelp:                 Print this help message.
"""
ATTRIBUTES = {{"ns3::TcpSocket": {{"SegmentSize": "536", "Nagle": "true"}},
               "ns3::Object": {{}}}}
args = dict(a[2:].partition("=")[::2] for a in sys.argv[1:] if a.startswith("--"))
if "PrintHelp" in args:
    print(HELP)
    sys.exit(0)
if "PrintGlobals" in args:
    print("Global values:\\n    --RngRun=[1]\\n        The substream index\\n"
          "    --RngSeed=[1]\\n        The global seed\\n")
    sys.exit(0)
if "PrintTypeIds" in args:
    print("Registered TypeIds:")
    for name in sorted(ATTRIBUTES):
        print("    " + name)
    sys.exit(0)
if "PrintAttributes" in args:
    tid = args["PrintAttributes"]
    if tid not in ATTRIBUTES:
        print(f"msg=\\"Unknown type={{tid}} in --PrintAttributes\\"", file=sys.stderr)
        sys.exit(134)
    print(f"Attributes for TypeId {{tid}}")
    for name, default in sorted(ATTRIBUTES[tid].items()):
        print(f"    --{{tid}}::{{name}}=[{{default}}]\\n        help")
    sys.exit(0)
if "PrintMetrics" in args and PRINT_METRICS:
    print("y\\nz")
    sys.exit(0)
mode = args.get("mode", "ok")
x = float(args.get("x", 0))
rng = int(args.get("RngRun", 1))
print(f"fake ns-3 program: mode={{mode}} x={{x}} RngRun={{rng}}", flush=True)
if mode == "crash":
    sys.exit(3)
if mode == "sleep":
    time.sleep(float(args.get("sleep", 0.5)))
with open(args["metrics"], "w") as f:
    if mode == "nullmetric":
        json.dump({{"y": None, "z": 2 * x}}, f)
    else:
        json.dump({{"y": x + rng, "z": 2 * x}}, f)
'''


def write_program(path, text) -> Path:
    """Write an executable script; return its path."""
    path = Path(path)
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def ns3_program(directory, print_metrics=False, name="fake-ns3") -> Path:
    """A fake ns-3 program in @p directory (with a PrintMetrics option if asked)."""
    import sys

    return write_program(Path(directory) / name, NS3_PROGRAM.format(
        python=sys.executable, print_metrics=print_metrics))


SLOW_PROGRAM = textwrap.dedent('''\
    #!{python}
    # A slow program: prints its pid and its child's, then sleeps (mode "slow"), or writes
    # its metrics at once (mode "ok").
    import json, os, subprocess, sys, time
    args = dict(a[2:].split("=", 1) for a in sys.argv[1:] if "=" in a)
    if args.get("mode") == "slow":
        child = subprocess.Popen(["sleep", "3600"])
        print(f"pid {{os.getpid()}} child pid {{child.pid}}", flush=True)
        time.sleep(3600)
    with open(args["metrics"], "w") as f:
        json.dump({{"y": 1.0}}, f)
''')


def slow_program(directory) -> Path:
    import sys

    return write_program(Path(directory) / "slow.py", SLOW_PROGRAM.format(python=sys.executable))


def alive(pid) -> bool:
    """Whether process @p pid runs (a zombie does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def env_with_hostnet(**extra) -> dict:
    return dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent), **extra)


def pids_in_log(path):
    """The (program, child) pids a hanging or slow run printed to its log, or None."""
    match = re.search(r"pid (\d+) child pid (\d+)", Path(path).read_text())
    return (int(match[1]), int(match[2])) if match else None


def wait_for_started_runs(out, count, seconds=30):
    """Wait until @count runs of the runner writing to @out have logged their pids and
    written their sidecars; return the pids found (fewer if they did not start in time)."""
    deadline = time.time() + seconds
    pids = []
    while time.time() < deadline:
        logs = list((out / "logs").glob("*.log")) if (out / "logs").is_dir() else []
        pids = [p for p in map(pids_in_log, logs) if p]
        if len(pids) == count and len(list((out / "runs").glob("*.json"))) == count:
            break
        time.sleep(0.05)
    return pids
