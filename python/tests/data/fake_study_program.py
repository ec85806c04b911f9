#!/usr/bin/env python3
"""A stand-in for a hostnet example in the study-runner tests (no ns-3 needed).

--mode=ok|crash|hang|hangchild|badjson|nometrics|notobject|strmetric|nullmetric|sleep
               what to do (hangchild: start a child that sleeps, print its pid, hang)
--x=<number>   the metric y is x + RngRun (so summaries have known means and intervals)
--sleep=<s>    seconds to sleep in mode sleep
"""
import json
import os
import subprocess
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
if mode == "hangchild":
    child = subprocess.Popen(["sleep", "3600"])  # inherits stdout: holds the log open
    print(f"pid {os.getpid()} child pid {child.pid}", flush=True)
    time.sleep(3600)
if mode == "hang":
    print("hanging", flush=True)
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
    elif mode == "strmetric":
        json.dump({"y": "fast", "z": 2 * x}, f)
    elif mode == "nullmetric":
        json.dump({"y": None, "z": 2 * x}, f)
    else:
        json.dump({"y": x + rng, "z": 2 * x}, f)
