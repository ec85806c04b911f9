#!/usr/bin/env python3
"""A stand-in for a hostnet example in the study-runner tests (no ns-3 needed).

--mode=ok|crash|hang|badjson|nometrics|notobject|sleep  what to do
--x=<number>   the metric y is x + RngRun (so summaries have known means and intervals)
--sleep=<s>    seconds to sleep in mode sleep
"""
import json
import sys
import time

args = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
mode = args.get("mode", "ok")
x = float(args.get("x", 0))
rng = int(args.get("RngRun", 1))
print(f"fake program: mode={mode} x={x} RngRun={rng}")
if mode == "crash":
    print("about to crash", file=sys.stderr)
    sys.exit(3)
if mode == "hang":
    time.sleep(3600)
if mode == "sleep":
    time.sleep(float(args.get("sleep", 0.5)))
if mode == "nometrics":
    sys.exit(0)
with open(args["metrics"], "w") as f:
    if mode == "badjson":
        f.write("{not json")
    elif mode == "notobject":
        json.dump([1, 2], f)
    else:
        json.dump({"y": x + rng, "z": 2 * x}, f)
