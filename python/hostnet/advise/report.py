"""The advise report: Markdown (printed and written), JSON, the figure of the front per load,
and the recommended setting as a host profile."""

from __future__ import annotations

import json
import math
import shlex
from pathlib import Path

__all__ = ["write_report", "plot_front", "reproduce_command"]

_MECHANISMS = {
    "memcached": [
        "hostnet-memcached reduces the host to 8 cores and 8 queues with 8 server threads, "
        "queue q's IRQ on core q (the measured set-up): your host's core and queue count do "
        "not enter; the commands apply that set-up",
        "the server's request costs (GET 4.85 us, SET 5.85 us) are calibrated to Damato and "
        "Karsten's memcached host (mlx5-epyc7662), not measured on yours",
    ],
    "leaf-spine": [
        "the data-centre fabric (2 spines, 2 leaves, 4 servers per leaf, 25 Gb/s host "
        "links) is hostnet's, not yours; every server runs the same setting",
        "the key-value server is memcached-like (one read, the work, one write per ready "
        "connection), not memcached itself",
    ],
    "tcp-rr": [
        "both hosts run the setting; the thread count is --threads for every setting (the "
        "per-queue thread deployment of napibusy and suspend is not applied)",
    ],
}
_COMMON = [
    "rx-usecs is modelled as a timer from the first frame; the driver's rx-frames limit and "
    "CQE/EQE moderation modes besides net_dim's table are not",
    "busy polling is per epoll instance (EPIOCSPARAMS) or net.core.busy_poll on epoll_wait; "
    "busy_read on blocking sockets is not modelled",
    "each run is a short window of simulated time: the tail quantiles rest on the samples "
    "counted below, and the adaptive replications stop on the latency leader, not on the "
    "recommendation's criterion",
]


def _fmt(stat, digits=4) -> str:
    if stat["n"] == 0:
        runs = stat["runs"]
        return f"undefined ({stat['undefined']} of {runs} runs)" if runs else "no runs"
    mean = stat["mean"]
    text = f"{mean:.0f}" if 1e4 <= abs(mean) < 1e9 else f"{mean:.{digits}g}"
    if stat["ci95"] is not None:  # rounding noise of equal replications shows as 0
        half = stat["ci95"] if stat["ci95"] > 1e-9 * abs(stat["mean"]) else 0.0
        text += f" ± {half:.2g}"
    text += f" (n={stat['n']})"
    return text


def _load_text(wl, load) -> str:
    if wl.name == "memcached":
        return f"{load / 1000:g} K requests/s"
    if wl.name == "leaf-spine":
        return f"bulk load {load:g}"
    return f"{load:g} flows"


def reproduce_command(p, setting_label, profile_path, load, rng_run=1, build_dir=None) -> list:
    """The program's command line that runs @p setting_label at @p load with the host
    profile @p profile_path (argv list)."""
    import hostnet

    wl = p["workload"]
    s = next(x for x in p["settings"] if x.label == setting_label)
    params = {wl.load: load}
    for name in wl.host_parameters:
        params[name] = str(profile_path)
    params.update(wl.parameters(s, p["host"], p["options"]))
    if wl.name == "tcp-rr":
        params["threads"] = p["options"]["threads"]
    program = Path(build_dir) if build_dir else hostnet.build_dir()
    program = program / "examples" / wl.program
    args = [str(program)]
    for k, v in params.items():
        args.append(f"--{k}={('1' if v else '0') if isinstance(v, bool) else v}")
    args.append(f"--RngRun={rng_run}")
    return args


def plot_front(out: Path, p, answer) -> Path | None:
    """One panel per load: latency against CPU of every setting with its 95 % intervals, the
    front joined, the recommended point ringed, starved settings hollow and grey."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    wl = p["workload"]
    loads = answer["loads"]
    rec = answer["recommendation"]["label"]
    fig, axes = plt.subplots(1, len(loads), figsize=(4.6 * len(loads), 4.2), squeeze=False)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    labels = [s.label for s in p["settings"]]
    color = {lab: colors[i % len(colors)] for i, lab in enumerate(labels)}
    for ax, block in zip(axes[0], loads):
        front, front_all = [], []
        for e in block["entries"]:
            lat, cpu = e["latency"], e["cpu"]
            if lat["mean"] is None or cpu["mean"] is None:
                continue
            starved = e["status"] in ("starved", "failed", "undefined")
            kw = dict(xerr=cpu["ci95"] or 0, yerr=lat["ci95"] or 0, capsize=2, ls="none")
            if starved:
                ax.errorbar(cpu["mean"], lat["mean"], marker="x", color="0.55",
                            label=f"{e['label']} (starved)", **kw)
            else:
                on = e["front"] or e["front_here"]
                ax.errorbar(cpu["mean"], lat["mean"], marker="o" if on else "s",
                            color=color[e["label"]], alpha=1.0 if on else 0.45,
                            mfc=color[e["label"]] if e["available"] else "white",
                            label=e["label"] + ("" if e["available"] else
                                                " (needs a newer kernel)"), **kw)
                if e["front_here"]:
                    front.append((cpu["mean"], lat["mean"]))
                if e["front"]:
                    front_all.append((cpu["mean"], lat["mean"]))
            if e["label"] == rec:
                ax.plot(cpu["mean"], lat["mean"], marker="o", ms=16, mfc="none", mec="k",
                        mew=1.8, ls="none", label=f"recommended: {rec}")
        front.sort()
        front_all.sort()
        if len(front) > 1:
            ax.plot(*zip(*front), color="k", lw=0.8, ls="--", zorder=0)
        if front_all != front and len(front_all) > 1:
            ax.plot(*zip(*front_all), color="0.6", lw=0.8, ls=":", zorder=0)
        slo = p["slo"]
        if slo is not None:
            ax.axhline(slo["target_us"], color="tab:red", lw=0.8, ls=":",
                       label=f"SLO {slo['text']}")
        ax.set_yscale("log")
        fmt = matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}")
        ax.yaxis.set_major_formatter(fmt)
        ax.yaxis.set_minor_formatter(fmt)
        ax.tick_params(axis="y", which="minor", labelsize=7)
        ax.set_title(_load_text(wl, block["load"]), fontsize=10)
        ax.set_xlabel(wl.cpu_meaning, fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].set_ylabel(f"{answer['latency_metric']} (log), mean and 95 % CI", fontsize=9)
    handles, names = [], []
    for ax in axes[0]:
        for h, n in zip(*ax.get_legend_handles_labels()):
            if n not in names:
                handles.append(h)
                names.append(n)
    fig.legend(handles, names, loc="lower center", ncol=min(4, len(names)), fontsize=8,
               frameon=False)
    fig.suptitle(f"{p['host'].name} under {wl.name}: latency against CPU per receive setting\n"
                 "dashed: the Pareto front of the settings this host can run (dotted: with "
                 "those a newer kernel allows); faded squares: dominated; grey crosses: "
                 "starved; hollow: needs a newer kernel", fontsize=9)
    rows = math.ceil(len(names) / 4)
    fig.tight_layout(rect=(0, 0.05 + 0.035 * rows, 1, 0.92))
    path = out / "front.png"
    fig.savefig(path, dpi=110)
    fig.savefig(out / "front.pdf")
    plt.close(fig)
    return path


def write_report(out: Path, p, answer, result, adaptive, args, elapsed, per_run, note,
                 study) -> dict:
    """Write report.md, report.json, front.png and recommended.toml; return the Markdown and
    the files written."""
    from hostnet.study import summary_records as summarize
    from hostnet.study.summary import sample_notes

    wl, host = p["workload"], p["host"]
    rec = answer["recommendation"]
    files = []
    lines = [f"# hostnet advise: {host.name} under the {wl.name} workload", ""]
    command = "hostnet advise " + " ".join(shlex.quote(a) for a in (args._argv or []))
    lines += [f"Command: `{command}`", "",
              f"{result.total} runs in the study ({result.skipped} already done before this "
              f"call, {result.ok} ok and {result.failed} failed in it); this call took "
              f"{elapsed / 60:.1f} min on {args.jobs} jobs (a run: about {per_run:.1f} s; "
              f"budget {args.budget:g} min).", ""]
    if note:
        lines += [f"Budget: {note}.", ""]
    # --- set-up
    lines += ["## Set-up", "",
              f"- Host: `{host.given}` ({host.path}); Linux {host.kernel or 'unknown'}, driver "
              f"{host.driver or 'unknown'} ({host.driver_source}), {host.cores} cores, "
              f"{host.queues} queues; interface in the commands: {host.interface}",
              f"- Workload: {wl.summary}",
              f"- Loads ({wl.load}: {wl.load_meaning}): "
              + ", ".join(str(L) for L in p["loads"]),
              "- Knobs: " + ", ".join(f"{k} = {v}" for k, v in p["options"].items()),
              f"- Latency: {answer['latency_metric']}; CPU: {wl.cpu} ({wl.cpu_meaning})"
              + (f"; starved: {', '.join(wl.require)} missed" if wl.require else ""),
              f"- SLO: {p['slo']['text']}" if p["slo"] else "- SLO: none (lowest latency)",
              "", "| setting | what | threads | queues | IRQs | this host's kernel/driver |",
              "|---|---|---|---|---|---|"]
    for s in p["settings"]:
        d = p["deploy"][s.label]
        irq = "cores 0-1" if s.irq_placement == "dedicated" else "queue q on core q"
        lines.append(f"| {s.label} | {s.summary} | {d['threads']} | {d['queues']} | {irq} | "
                     + ("yes" if d["available"] else f"no: {d['why']}") + " |")
    for sk in p["skipped"]:
        lines.append(f"\nNot compared: {sk['label']}: {sk['why']}.")
    lines.append("")
    # --- results
    lines += ["## Latency against CPU, per load", "",
              "Mean ± 95 % interval half-width (Student t) and n, the runs that defined it. "
              "front: on the Pareto front (no setting has both less CPU and lower latency); "
              "dominated by X: X has both (clearly: X's intervals are apart on both); "
              "starved: misses the requirement, not ranked.", ""]
    req_names = [r.split(">=")[0] for r in wl.require]
    for block in answer["loads"]:
        lines += [f"### {_load_text(wl, block['load'])}", "",
                  f"| setting | {answer['latency_metric']} | {wl.cpu} | "
                  + "".join(f"{n} | " for n in req_names) + "verdict |",
                  "|---|---|---|" + "---|" * len(req_names) + "---|"]
        for e in sorted(block["entries"], key=lambda e: (e["status"] not in ("ok",),
                                                          e["cpu"]["mean"] or math.inf)):
            if e["status"] == "ok":
                verdict = "**front**"
            elif e["status"] == "dominated":
                verdict = ("**front of this host** (its kernel/driver lacks the settings "
                           "that dominate it); " if e["front_here"] else "") + \
                    "dominated by " + ", ".join(
                    d["label"] + (" (clearly)" if d["clearly"] else "")
                    for d in e["dominated_by"])
            else:
                verdict = f"{e['status']}: {e['why']}"
            if e["label"] == rec["label"]:
                verdict += " ← recommended"
            if not e["available"]:
                verdict += " (not on this kernel/driver)"
            lines.append(f"| {e['label']} | {_fmt(e['latency'])} | {_fmt(e['cpu'])} | "
                         + "".join(f"{_fmt(e['requirements'][n], 3)} | " for n in req_names)
                         + f"{verdict} |")
        lines += ["", "Pareto front, cheapest first: " + (" → ".join(block["front"]) or
                                                        "none (every setting starved or failed)")]
        if block["front_here"] != block["front"]:
            lines.append("; of the settings this host's kernel and driver can run: "
                         + (" → ".join(block["front_here"]) or "none"))
        lines.append("")
    fig = plot_front(out, p, answer)
    if fig is not None:
        files += [fig, out / "front.pdf"]
        lines += [f"Figure: {fig} (one panel per load; the ring marks the recommendation, "
                  "grey crosses the starved).", ""]
    # --- recommendation
    lines += ["## Recommendation", "", f"Criterion: {rec['criterion']}.", ""]
    if rec["label"] is not None:
        s = next(x for x in p["settings"] if x.label == rec["label"])
        lines += [f"**{rec['label']}**: {s.summary}.", ""]
        for block in answer["loads"]:
            e = next(x for x in block["entries"] if x["label"] == rec["label"])
            lines.append(f"- {_load_text(wl, block['load'])}: {answer['latency_metric']} "
                         f"{_fmt(e['latency'])} us, {wl.cpu} {_fmt(e['cpu'])}")
        lines += ["", "How clearly the data separate it:", ""]
        lines += [f"- {c}" for c in rec["clarity"]]
    else:
        lines.append("**No setting can be recommended**: "
                     + ("none that this host's kernel and driver can run meets the objective "
                        "at every load." if p["slo"] else "every setting was starved, failed "
                        "or undefined at some load."))
        if rec["closest"]:
            c = rec["closest"]
            lines.append(f"Closest: {c['label']}, which meets it at "
                         + (", ".join(str(L) for L in c["meets_at"]) or "no load") + ".")
    if rec["newer_kernel"]:
        n = rec["newer_kernel"]
        lines += ["", f"With a newer kernel: **{n['label']}** would "
                  + ("meet the objective for less CPU" if p["slo"] else "give lower latency")
                  + f"; on this host it cannot run: {n['why']}."]
    for n in rec["notes"]:
        lines.append(f"- {n}")
    if adaptive:
        lines += ["", f"Replications ({adaptive.get('runs')} runs, {adaptive.get('rounds')} "
                  "rounds after the first; ranked by the latency leader per load):", ""]
        for a in adaptive.get("answers", []):
            where = ", ".join(f"{k} = {v}" for k, v in a["where"].items())
            reps = ", ".join(f"{k} {v}" for k, v in a["replications"].items())
            lines.append(f"- {where}: {adaptive['reasons'].get(a['reason'], a['reason'])}; "
                         f"leader {a['leader']} (replications: {reps})")
    lines.append("")
    # --- commands
    commands_json = []
    if rec["label"] is not None:
        d = p["deploy"][rec["label"]]
        lines += ["## Commands that apply it", "",
                  f"On the host, as root (interface {host.interface}); each with the first "
                  "Linux release that has it:", ""]
        shown = [c for c in d["commands"] if not c.refused]
        refused = [c for c in d["commands"] if c.refused]
        for i, c in enumerate(shown, 1):
            where = "in the application: " if c.kind == "application" else ""
            lines.append(f"{i}. {where}`{c.text}`  \n   {c.what} (Linux >= "
                         f"{'.'.join(map(str, c.kernel))})")
        if refused:
            lines += ["", "Not printed (this host's kernel or driver lacks them):", ""]
            lines += [f"- {c.what}: {c.refused}" for c in refused]
        commands_json = [c.to_dict() for c in d["commands"]]
        lines.append("")
    # --- profile
    profile_path = None
    if rec["label"] is not None:
        src = (out / "settings" / f"{rec['label']}.toml").read_text()
        profile_path = out / "recommended.toml"
        header = (f"# The receive setting hostnet advise recommends for {host.name} under the "
                  f"{wl.name} workload ({out / 'report.md'}).\n"
                  f"# Any hostnet program runs it: --hosts={profile_path} (leaf-spine), "
                  f"--server={profile_path} (memcached, tcp-rr).\n")
        profile_path.write_text(header + src)
        files.append(profile_path)
        load = p["loads"][0]
        cmd = reproduce_command(p, rec["label"], profile_path.resolve(), load,
                                build_dir=args.build_dir)
        lines += ["## Host profile", "",
                  f"`{profile_path}`: `base = \"{host.base}\"` with the setting's moderation, "
                  "NAPI settings and IRQ placement; the application-side settings (busy "
                  "polling, threads) are in its notes and on the command line. The first run "
                  f"of the study at {_load_text(wl, load)} again:", "",
                  "    " + " ".join(shlex.quote(a) for a in cmd), ""]
    # --- not validated
    summary = summarize(out, write=False)
    samples = [n for n in sample_notes(summary, [answer["latency_metric"]])]
    lines += ["## What is not validated for this host", ""]
    first_note = len(lines)
    if host.unread:
        lines.append("- the profile could not read: " + "; ".join(host.unread))
    if host.defaults:
        lines.append("- taken from its base or a driver default: " + "; ".join(host.defaults))
    if host.not_modelled:
        lines.append("- set on the host but not modelled: " + "; ".join(host.not_modelled))
    chain = [c.stem for c in host.chain]
    lines.append(f"- the CPU costs are those of {chain[-1]} (the profile chain: "
                 f"{' → '.join(chain)}) unless `hostnet profile calibrate` fitted them to "
                 "this host")
    if not host.kernel:
        lines.append("- the profile has no [stack] KernelVersion: every command that needs "
                     "a kernel version is refused")
    if host.driver is None or host.capabilities() is None:
        lines.append(f"- the driver ({host.driver or 'unknown'}) is not one advise knows: check "
                     "that it supports each ethtool command")
    lines += [f"- {m}" for m in _MECHANISMS[wl.name] + _COMMON]
    if samples:
        lines.append(f"- quantiles on few samples: {len(samples)} configurations, e.g. "
                     f"{samples[0]}")
    not_validated = [line[2:] for line in lines[first_note:]]
    lines.append("")
    markdown = "\n".join(lines)
    (out / "report.md").write_text(markdown)
    files.insert(0, out / "report.md")

    def clean(v):
        if isinstance(v, float) and not math.isfinite(v):
            return None
        if isinstance(v, dict):
            return {k: clean(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [clean(x) for x in v]
        return v

    doc = {"command": command, "host": {"given": host.given, "path": str(host.path),
                                        "name": host.name, "kernel": host.kernel,
                                        "driver": host.driver, "cores": host.cores,
                                        "queues": host.queues, "interface": host.interface,
                                        "unread": host.unread, "defaults": host.defaults},
           "workload": wl.name, "load_parameter": wl.load, "loads": p["loads"],
           "options": {k: list(v) if isinstance(v, tuple) else v
                       for k, v in p["options"].items()},
           "slo": p["slo"], "latency_metric": answer["latency_metric"], "cpu_metric": wl.cpu,
           "runs": {"total": result.total, "ok": result.ok, "failed": result.failed,
                    "skipped": result.skipped, "failures": result.failures},
           "elapsed_s": elapsed, "run_seconds": per_run, "budget_minutes": args.budget,
           "settings": [{"label": s.label, "summary": s.summary,
                         "threads": p["deploy"][s.label]["threads"],
                         "queues": p["deploy"][s.label]["queues"],
                         "irq_placement": s.irq_placement,
                         "available": p["deploy"][s.label]["available"],
                         "why_not": p["deploy"][s.label]["why"] or None}
                        for s in p["settings"]],
           "skipped": p["skipped"], "per_load": answer["loads"], "recommendation": rec,
           "commands": commands_json, "profile": str(profile_path) if profile_path else None,
           "adaptive": adaptive, "not_validated": not_validated}
    (out / "report.json").write_text(json.dumps(clean(doc), indent=2, default=str) + "\n")
    files.insert(1, out / "report.json")
    return {"markdown": markdown, "files": files}
