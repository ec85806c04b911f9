"""``hostnet advise``: which receive setting should this host run for this workload, what
does each cost, and the commands that apply the chosen one."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from .catalogue import SETTINGS, WORKLOADS, AdviseError

__all__ = ["main", "plan", "run_advise"]

EPILOG = """\
examples:
  hostnet advise --host mlx5-100g --workload memcached --loads 200000,400000,600000,800000 \\
      --slo "p99<=200us" --budget 30 --out results/advise-memcached
  hostnet advise --host data/hosts/myhost.toml --workload leaf-spine --budget 15
  hostnet advise --host mlx5-100g --workload tcp-rr --loads 1,16 --sizes 64,1024

Rerunning the same command continues where it stopped (finished runs are kept).
The report: OUT/report.md, OUT/report.json, OUT/front.png; the recommended setting as a
host profile: OUT/recommended.toml; every setting's profile: OUT/settings/<label>.toml.

exit status:
  0  the report is written and every run ended ok
  1  the report is written, but some runs failed (named in the report) or no setting
     could be recommended
  2  bad input (the message names what was typed and what is allowed); nothing was run
  128+N  stopped by signal N: finished runs are kept; run the same command again to resume
"""


def _parser():
    p = argparse.ArgumentParser(
        prog="hostnet advise", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="For a host profile and a workload: simulate every receive setting "
        "(interrupt moderation, NAPI deferral, busy polling, IRQ suspension, IRQ placement), "
        "each deployed as an operator would deploy it, at each load; replicate until the "
        "ranking is decided or the budget is spent; report the latency/CPU trade-off (Pareto "
        "front per load, 95 % intervals), the recommended setting, the Linux commands that "
        "apply it (only those the profile's kernel and driver have) and a host profile of it.",
        epilog=EPILOG)
    p.add_argument("--host", required=True, metavar="PROFILE",
                   help="a shipped host profile (mlx5-100g, i40e-10g, ...) or the path of a "
                   ".toml profile (hostnet profile from-host makes one from your server)")
    p.add_argument("--workload", required=True, metavar="NAME",
                   help=f"one of: {', '.join(WORKLOADS)}")
    p.add_argument("--loads", "--rate", dest="loads", metavar="L1,L2,...",
                   help="the loads: memcached requests/s of all clients (default "
                   "200000,400000,600000,800000); leaf-spine bulk load per server as a fraction "
                   "of its link (0.2,0.5,0.8); tcp-rr concurrent flows (1,16,64)")
    p.add_argument("--rpc-rate", type=float, metavar="R",
                   help="leaf-spine: key-value requests/s per client (default 20000)")
    p.add_argument("--sizes", metavar="REQ,RESP",
                   help="request and response bytes (leaf-spine: default etc, Facebook's "
                   "ETC sizes; tcp-rr: default 1,1); memcached uses ETC sizes always")
    p.add_argument("--threads", type=int, metavar="N",
                   help="memcached: client threads per load machine (32); leaf-spine: server "
                   "threads of the settings without one thread per queue (4); tcp-rr: "
                   "threads per side (1)")
    p.add_argument("--connections", type=int, metavar="N",
                   help="memcached: connections per client thread (20); leaf-spine: "
                   "connections of each agent (4)")
    p.add_argument("--clients", choices=("plain", "host"),
                   help="memcached: the load machines as plain ns-3 nodes (default, faster) or "
                   "as hosts of the mlx5-100g profile")
    p.add_argument("--slo", metavar="QUANTILE<=VALUE",
                   help='a latency objective, e.g. "p99<=200us": recommend the cheapest setting '
                   "that meets it at every load (default: the lowest-latency setting)")
    p.add_argument("--settings", metavar="A,B,...",
                   help="compare only these settings (default: all that the workload can "
                   f"deploy: {', '.join(s.label for s in SETTINGS)})")
    p.add_argument("--budget", type=float, default=20.0, metavar="MINUTES",
                   help="wall-clock minutes for the simulations (default 20); the first round "
                   "(2-3 replications of every setting and load) always runs")
    p.add_argument("--max-replications", type=int, default=10, metavar="N",
                   help="replications of one setting at one load at most (default 10)")
    p.add_argument("--duration", type=float, metavar="S",
                   help="measured seconds of simulated time per run (default 0.02)")
    p.add_argument("--warmup", type=float, metavar="S",
                   help="warm-up seconds per run, deleted (default 0.01; tcp-rr 0.005)")
    p.add_argument("--interface", metavar="IF", help="the interface name in the commands "
                   "(default: the profile's, else eth0)")
    p.add_argument("--out", metavar="DIR", help="results and report directory (default "
                   "results/advise-<host>-<workload>)")
    p.add_argument("--jobs", "-j", type=int, default=2, help="parallel runs (default 2)")
    p.add_argument("--build-dir", help="hostnet build directory (default $HOSTNET_BUILD_DIR, "
                   "else <repository>/build)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    return p


def _numbers(text, what, integer=False):
    out = []
    for part in str(text).split(","):
        part = part.strip()
        try:
            value = float(part)
        except ValueError:
            raise AdviseError(f"{what} {text!r}: {part!r} is not a number; allowed: "
                              "comma-separated numbers") from None
        if not math.isfinite(value) or value < 0:
            raise AdviseError(f"{what} {text!r}: {part!r}; allowed: finite numbers >= 0")
        if integer:
            if value != int(value):
                raise AdviseError(f"{what} {text!r}: {part!r} is not a whole number")
            value = int(value)
        out.append(value)
    if len(set(out)) != len(out):
        raise AdviseError(f"{what} {text!r}: a value is given twice")
    return out


def plan(args) -> dict:
    """Check the options and make the plan (no simulation): workload, host, settings,
    loads, knobs, SLO. AdviseError names what is wrong."""
    from .analysis import parse_slo
    from .commands import available, missing_kernel, setting_commands
    from .host import read_host

    if args.workload not in WORKLOADS:
        raise AdviseError(f"--workload {args.workload!r}: unknown; allowed: "
                          f"{', '.join(WORKLOADS)}")
    wl = WORKLOADS[args.workload]
    host = read_host(args.host, args.interface)
    slo = parse_slo(args.slo, wl) if args.slo is not None else None
    options = dict(wl.knobs)
    if args.loads is not None:
        loads = _numbers(args.loads, "--loads", integer=wl.name != "leaf-spine")
        if not loads:
            raise AdviseError("--loads: give at least one load")
    else:
        loads = list(wl.default_loads)
    if wl.name == "leaf-spine" and any(not 0 < L <= 1 for L in loads):
        raise AdviseError(f"--loads {args.loads}: leaf-spine loads are fractions of the link; "
                          "allowed: 0 < load <= 1")
    if wl.name == "tcp-rr" and any(L < 1 for L in loads):
        raise AdviseError(f"--loads {args.loads}: tcp-rr loads are flows; allowed: >= 1")
    if wl.name == "memcached" and any(L <= 0 for L in loads):
        raise AdviseError(f"--loads {args.loads}: memcached loads are requests/s; allowed: > 0")
    for name, attr in (("threads", "threads"), ("connections", "connections")):
        value = getattr(args, attr)
        if value is not None:
            if name not in options:
                raise AdviseError(f"--{name}: the {wl.name} workload has no such knob; its "
                                  f"knobs: {', '.join(k for k in options if k not in ('duration', 'warmup'))}")
            if value < 1:
                raise AdviseError(f"--{name} {value}: allowed: 1 or more")
            options[name] = value
    if args.rpc_rate is not None:
        if wl.name != "leaf-spine":
            raise AdviseError(f"--rpc-rate: only the leaf-spine workload has it (the "
                              f"{wl.name} load is --loads)")
        if not args.rpc_rate > 0:
            raise AdviseError(f"--rpc-rate {args.rpc_rate}: allowed: > 0")
        options["rate"] = args.rpc_rate
    if args.sizes is not None:
        if "sizes" not in options:
            raise AdviseError(f"--sizes: the {wl.name} workload has fixed sizes (Facebook's ETC "
                              "keys and values)")
        if args.sizes == "etc" and wl.name == "leaf-spine":
            options["sizes"] = "etc"
        else:
            sizes = _numbers(args.sizes, "--sizes", integer=True) if "," in args.sizes \
                else None
            if not sizes or len(sizes) != 2 or min(sizes) < 1:
                raise AdviseError(f"--sizes {args.sizes!r}: allowed: REQ,RESP in bytes (>= 1)"
                                  + (" or etc" if wl.name == "leaf-spine" else ""))
            options["sizes"] = tuple(sizes)
    if args.clients is not None:
        if wl.name != "memcached":
            raise AdviseError("--clients: only the memcached workload has it")
        options["clients"] = "plain" if args.clients == "plain" else "mlx5-100g"
    for name in ("duration", "warmup"):
        value = getattr(args, name)
        if value is not None:
            if not (value > 0 if name == "duration" else value >= 0):
                raise AdviseError(f"--{name} {value}: allowed: {'> 0' if name == 'duration' else '>= 0'} seconds")
            options[name] = value
    if wl.name == "tcp-rr":
        bad = [L for L in loads if int(L) % options["threads"]]
        if bad:
            raise AdviseError(f"--loads {args.loads or ','.join(map(str, loads))}: tcp-rr flows "
                              f"must be multiples of --threads {options['threads']} ({bad} "
                              "are not)")
    if not args.budget > 0:
        raise AdviseError(f"--budget {args.budget}: allowed: > 0 minutes")
    if args.max_replications < 2:
        raise AdviseError(f"--max-replications {args.max_replications}: allowed: 2 or more")
    if args.jobs < 1:
        raise AdviseError(f"--jobs {args.jobs}: allowed: 1 or more")
    unsupported = dict(wl.unsupported)
    known = {s.label: s for s in SETTINGS}
    if args.settings:
        wanted = [t.strip() for t in args.settings.split(",") if t.strip()]
        unknown = [t for t in wanted if t not in known]
        if unknown:
            raise AdviseError(f"--settings {args.settings!r}: unknown {', '.join(unknown)}; "
                              f"allowed: {', '.join(known)}")
        for t in wanted:
            if t in unsupported:
                raise AdviseError(f"--settings: {t} cannot be deployed on the {wl.name} "
                                  f"workload: {unsupported[t]}")
        if len(set(wanted)) < 2:
            raise AdviseError(f"--settings {args.settings!r}: give two or more settings to "
                              "compare")
        settings = [known[t] for t in wanted]
    else:
        settings = [s for s in SETTINGS if s.label not in unsupported]
    skipped = [{"label": lab, "why": why} for lab, why in unsupported.items()
               if not args.settings]
    if not host.napi:
        dropped = [s for s in settings if s.needs_napi]
        settings = [s for s in settings if not s.needs_napi]
        skipped += [{"label": s.label, "why": f"the profile's receive mode is {host.rx_mode}, "
                     "not NAPI (ns3::NapiRxMode): no deferral or busy polling to model"}
                    for s in dropped]
        if len(settings) < 2:
            raise AdviseError(f"--host {args.host}: its receive mode ({host.rx_mode}) leaves "
                              "fewer than two settings to compare")
    queues = wl.fixed_queues or host.queues
    deploy = {}
    for s in settings:
        threads = wl.threads(s, host, options, loads[0])
        cmds = setting_commands(s, host, queues, threads, wl)
        need = missing_kernel(cmds)
        reasons = [f"needs Linux >= {'.'.join(map(str, need))} (the profile's kernel: "
                   f"{host.kernel or 'not given'})"] if need else []  # the newest it needs
        reasons += sorted({part for c in cmds if c.refused for part in c.refused.split("; ")
                           if not part.startswith("needs Linux")})
        why = "; ".join(reasons)
        deploy[s.label] = {"threads": threads, "queues": queues, "commands": cmds,
                           "available": available(cmds), "why": why,
                           "needs_kernel": missing_kernel(cmds)}
    return {"workload": wl, "host": host, "slo": slo, "loads": loads, "options": options,
            "settings": settings, "skipped": skipped, "deploy": deploy,
            "latency_metric": slo["metric"] if slo else wl.quantiles["p99"]}


def setting_profile(p: dict, s) -> str:
    """The host profile (TOML text) of setting @p s on the user's host: ``base`` = the
    user's profile, the moderation, the NAPI settings and the IRQ affinity of the setting."""
    from hostnet.profile.from_host import write_profile

    host = p["host"]
    notes = [f"receive setting {s.label}: {s.summary}"]
    doc = {"base": host.base,
           "profile": {"name": f"{host.name}-{s.label}",
                       "description": f"{host.name} with the receive setting {s.label} "
                       "(hostnet advise)"}}
    if s.moderation != "adaptive":
        doc.setdefault("nic", {})["moderation"] = (
            {"type": "ns3::NoModeration"} if s.rx_usecs == 0 else
            {"type": "ns3::RxUsecsModeration", "Interval": f"{s.rx_usecs}us"})
    rx = {}
    if s.defer_hard_irqs:
        rx["DeferHardIrqs"] = s.defer_hard_irqs
    if s.gro_flush_timeout_us:
        rx["GroFlushTimeout"] = f"{s.gro_flush_timeout_us}us"
    if s.irq_suspend_timeout_us:
        rx["IrqSuspendTimeout"] = f"{s.irq_suspend_timeout_us}us"
    if rx:
        doc.setdefault("nic", {})["rx-mode"] = rx
    if s.irq_placement == "dedicated":
        doc.setdefault("nic", {})["steering"] = {
            "IrqAffinity": ",".join(str(q % 2) for q in range(host.queues))}
    app = []
    if s.busy_poll_sysctl:
        app.append(f"net.core.busy_poll = {s.busy_poll_usecs} (epoll busy polling, budget 8): "
                   f"the programs' --busyPollUsecs={s.busy_poll_usecs} (tcp-rr: --busyPoll)")
    elif s.uses_epoll_params():
        app.append(f"EPIOCSPARAMS busy_poll_usecs {s.busy_poll_usecs}, busy_poll_budget "
                   f"{s.busy_poll_budget}, prefer_busy_poll {int(s.prefer_busy_poll)}: the "
                   f"programs' --busyPollUsecs={s.busy_poll_usecs} --busyPollBudget="
                   f"{s.busy_poll_budget} --preferBusyPoll={int(s.prefer_busy_poll)}")
    if s.threads_per_queue:
        app.append("one server thread per queue (memcached -N; hostnet-leaf-spine "
                   "--kvThreads = the queue count)")
    if app:
        notes.append("application-side, not in a host profile (give them to the program): "
                     + "; ".join(app))
    doc["profile"]["notes"] = notes
    return write_profile(doc)


def study_data(p: dict, out: Path, minimum: int, budget: int | None, max_reps: int) -> dict:
    """The study advise runs (a study file's structure; host profiles relative to @p out)."""
    wl = p["workload"]
    runs = []
    for s in p["settings"]:
        run = {"label": s.label}
        for name in wl.host_parameters:
            run[name] = f"settings/{s.label}.toml"
        run.update(wl.parameters(s, p["host"], p["options"]))
        if wl.name == "tcp-rr":
            run["threads"] = p["options"]["threads"]
        runs.append(run)
    # what every setting sets alike is a fixed parameter; the rest is the setting's
    common = {k: v for k, v in runs[0].items()
              if all(k in r and r[k] == v for r in runs[1:])} if len(runs) > 1 else {}
    common.pop("label", None)
    runs = [{k: v for k, v in r.items() if k not in common} for r in runs]
    quantiles = {metric: {"q": {"p50": 0.5, "p90": 0.9, "p95": 0.95, "p99": 0.99,
                                "p999": 0.999}[q], "samples": wl.samples}
                 for q, metric in wl.quantiles.items()}
    rank = {"metric": p["latency_metric"], "x": wl.load, "by": "label",
            "lower_is_better": True, "require": list(wl.require)}
    reps = {"min": minimum, "max": max(max_reps, minimum), "until": "separated", "rank": rank}
    if budget is not None:
        reps["budget"] = budget
    return {"name": f"advise-{wl.name}", "program": wl.program, "timeout": 3600,
            "description": f"hostnet advise: {p['host'].name} under {wl.name}",
            "metrics": list(wl.metrics), "quantiles": quantiles, "replications": reps,
            "parameters": common, "grid": {wl.load: list(p["loads"])}, "runs": runs}


def _write_toml(path: Path, data: dict) -> None:
    import tomli_w

    path.write_text(tomli_w.dumps(data))


def _load_study(out: Path, data: dict):
    from hostnet.study import Study

    path = out / "study.toml"
    _write_toml(path, data)
    return Study.load(path)


def _wall(out: Path, spec):
    """The wall time of a finished run of the study (None if it has not finished)."""
    path = out / "runs" / f"{spec.run_id}.json"
    try:
        return float(json.loads(path.read_text())["wall_s"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def run_advise(args) -> int:
    """The whole command: plan, write the profiles and the study, run it within the budget,
    analyse, report. Returns the exit status."""
    from hostnet.study import run_study, summary_records as summarize

    p = plan(args)
    wl, host = p["workload"], p["host"]
    out = Path(args.out) if args.out else Path("results") / f"advise-{Path(host.name).stem}-{wl.name}"
    (out / "settings").mkdir(parents=True, exist_ok=True)
    for s in p["settings"]:
        path = out / "settings" / f"{s.label}.toml"
        text = setting_profile(p, s)
        if not path.is_file() or path.read_text() != text:
            path.write_text(text)
    started = time.monotonic()
    configs = len(p["settings"]) * len(p["loads"])
    # The budget in runs: from the time of one run (measured once, kept in advise-state.json,
    # so that the same command again plans the same rounds and resumes them).
    state_path = out / "advise-state.json"
    state = {}
    if state_path.is_file():
        try:
            state = json.loads(state_path.read_text())
        except ValueError:
            state = {}
    probe_key = json.dumps({"workload": wl.name, "host": str(host.path),
                            "options": {k: v for k, v in p["options"].items()},
                            "loads": p["loads"]}, sort_keys=True, default=str)
    if state.get("probe_key") != probe_key or not state.get("run_seconds"):
        data = study_data(p, out, 1, None, 1)
        middle = p["loads"][len(p["loads"]) // 2]
        data["runs"] = data["runs"][:1]
        data["grid"] = {wl.load: [middle]}
        data["replications"] = 1
        print(f"advise: timing one run ({data['runs'][0]['label']} at {wl.load} = {middle}) "
              "to size the budget", file=sys.stderr)
        probe = run_study(_load_study(out, data), out=out, jobs=1, progress=False,
                          build_dir=args.build_dir)
        probe_study = _load_study(out, data)
        seconds = None
        for spec in probe_study.expand():
            path = out / "runs" / f"{spec.run_id}.json"
            if path.is_file():
                rec = json.loads(path.read_text())
                if rec.get("status") == "ok":
                    seconds = rec["wall_s"]
        if seconds is None:
            print(probe.failure_report() if probe.failures else "advise: the timing run "
                  "failed", file=sys.stderr)
            return 1
        state = {"probe_key": probe_key, "run_seconds": seconds}
        state_path.write_text(json.dumps(state, indent=2) + "\n")
    per_run = state["run_seconds"]
    fit = int(args.budget * 60 * args.jobs / per_run)
    minimum = 3 if fit >= 3 * configs else 2
    first = minimum * configs
    note = ""
    if fit < 2 * configs:
        note = (f"the budget of {args.budget:g} min fits about {fit} runs ({per_run:.1f} s "
                f"each on {args.jobs} jobs); the first round needs {2 * configs} (2 replications "
                f"of {configs} settings x loads, the fewest that give an interval): running "
                f"those, about {2 * configs * per_run / args.jobs / 60:.1f} min")
        print(f"advise: {note}", file=sys.stderr)
    # Round one (minimum replications of everything), then the adaptive rounds within what
    # the first round says the budget buys: its runs' own wall times (on this machine, under
    # its load), so that the same command again derives the same budget and resumes.
    data = study_data(p, out, minimum, first, args.max_replications)
    study = _load_study(out, data)
    result = run_study(study, out=out, jobs=args.jobs, progress=not args.quiet,
                       build_dir=args.build_dir)
    spent = [_wall(out, spec) for spec in study.expand()]
    spent = [w for w in spent if w is not None]
    budget_runs = first
    if spent and not result.failures:
        mean = sum(spent) / len(spent)
        budget_runs = first + max(0, int((args.budget * 60 * args.jobs - sum(spent)) / mean))
        if budget_runs > first:
            data = study_data(p, out, minimum, budget_runs, args.max_replications)
            study = _load_study(out, data)
            later = run_study(study, out=out, jobs=args.jobs, progress=not args.quiet,
                              build_dir=args.build_dir)
            result.total, result.failures = later.total, later.failures
            result.ok += later.ok
            result.failed += later.failed
            result.skipped = result.total - result.ok - result.failed
    per_run = sum(spent) / len(spent) if spent else per_run
    elapsed = time.monotonic() - started
    summary = summarize(out)
    from .analysis import analyse
    from .report import write_report

    available = {lab: (d["available"], d["why"]) for lab, d in p["deploy"].items()}
    answer = analyse(summary, wl, p["settings"], p["loads"], p["latency_metric"], available,
                     p["slo"])
    adaptive = None
    if (out / "adaptive.json").is_file():
        adaptive = json.loads((out / "adaptive.json").read_text())
    report = write_report(out, p, answer, result, adaptive, args, elapsed, per_run, note,
                          study)
    print(report["markdown"])
    for path in report["files"]:
        print(f"written: {path}")
    if result.failures:
        print(result.failure_report(), file=sys.stderr)
        return 1
    if answer["recommendation"]["label"] is None:
        return 1
    return 0


def main(argv=None) -> int:
    from hostnet.study.cli import run_stoppable
    from hostnet.study.spec import StudyError

    argv = sys.argv[1:] if argv is None else list(argv)
    args = _parser().parse_args(argv)
    args._argv = argv
    return run_stoppable(lambda: run_advise(args), errors=(AdviseError, StudyError),
                         resume="run the same command again to resume")
