"""From a finished advise study to the answer: per load, each setting's latency and CPU with
95 % intervals, the starved and the dominated, the Pareto front, and the recommendation."""

from __future__ import annotations

import math

__all__ = ["analyse", "parse_slo"]

_UNITS = {"us": 1.0, "ms": 1e3, "s": 1e6}


def parse_slo(text: str, workload) -> dict:
    """``"p99<=200us"`` -> {"quantile": "p99", "metric": ..., "target_us": 200.0, "text"}."""
    import re

    from .catalogue import AdviseError

    allowed = ", ".join(workload.quantiles)
    m = re.fullmatch(r"\s*(p\d+)\s*(<=|<)\s*([0-9]*\.?[0-9]+(?:[eE][+-]?\d+)?)\s*(us|ms|s)\s*",
                     text or "")
    if not m:
        raise AdviseError(f"--slo {text!r}: not a latency objective; allowed: QUANTILE<=VALUE "
                          f"with QUANTILE one of {allowed} and VALUE a number with its unit "
                          "(us, ms or s), e.g. \"p99<=200us\"")
    quantile, _, value, unit = m.groups()
    if quantile not in workload.quantiles:
        raise AdviseError(f"--slo {text!r}: the {workload.name} workload reports no "
                          f"{quantile}; allowed quantiles: {allowed}")
    target = float(value) * _UNITS[unit]
    if not target > 0:
        raise AdviseError(f"--slo {text!r}: the target must be > 0")
    return {"quantile": quantile, "metric": workload.quantiles[quantile], "target_us": target,
            "text": f"{quantile}<={value}{unit}"}


def _stat(row) -> dict:
    """A summary row as {mean, ci95, low, high, n, runs, undefined, failed}; NaN -> None."""
    if row is None:
        return {"mean": None, "ci95": None, "low": None, "high": None, "n": 0, "runs": 0,
                "undefined": 0, "failed": 0}

    def num(v):
        return None if v is None or (isinstance(v, float) and not math.isfinite(v)) else v

    return {"mean": num(row["mean"]), "ci95": num(row["ci95"]), "low": num(row["low"]),
            "high": num(row["high"]), "n": row["n"], "runs": row["runs"],
            "undefined": row["undefined"], "failed": row["failed"]}


def _le(a, b) -> bool:
    return a is not None and b is not None and a <= b


def analyse(summary, workload, settings, loads, latency_metric, available, slo=None) -> dict:
    """The answer of a finished study.

    @param summary hostnet.study.summarize rows of the advise study
    @param settings the Setting objects studied
    @param latency_metric the latency metric ranked (the SLO's quantile, else p99)
    @param available label -> (bool, why not) whether this host's kernel and driver can run
           each setting
    @param slo parse_slo's dict or None
    """
    req = [(r.split(">=")[0], float(r.split(">=")[1])) for r in workload.require]
    index = {}
    for row in summary:
        index[(row.get("label"), row.get(workload.load), row["metric"])] = row
    per_load = []
    for load in loads:
        entries = []
        for s in settings:
            p = _stat(index.get((s.label, load, latency_metric)))
            cpu = _stat(index.get((s.label, load, workload.cpu)))
            extra = {name: _stat(index.get((s.label, load, name))) for name, _ in req}
            status, why = "ok", ""
            if p["runs"] == 0:
                status, why = "missing", "no finished runs"
            elif p["failed"]:
                status, why = "failed", f"{p['failed']} of {p['runs']} runs failed"
            elif p["undefined"] or cpu["undefined"]:
                status = "undefined"
                why = (f"{latency_metric} undefined in {p['undefined']} of {p['runs']} runs"
                       if p["undefined"] else
                       f"{workload.cpu} undefined in {cpu['undefined']} of {cpu['runs']} runs")
            else:
                for name, value in req:
                    st = extra[name]
                    if st["mean"] is None or st["mean"] < value:
                        status = "starved"
                        shown = "undefined" if st["mean"] is None else f"{st['mean']:.3g}"
                        why = f"{name} = {shown} (needs >= {value:g})"
                        break
            entries.append({"label": s.label, "latency": p, "cpu": cpu,
                            "requirements": extra, "status": status, "why": why,
                            "dominated_by": [], "front": False, "front_here": False,
                            "available": available[s.label][0]})
        ranked = [e for e in entries if e["status"] == "ok"]
        for e in ranked:
            for o in ranked:
                if o is e:
                    continue
                if _le(o["cpu"]["mean"], e["cpu"]["mean"]) and \
                        _le(o["latency"]["mean"], e["latency"]["mean"]) and \
                        (o["cpu"]["mean"] < e["cpu"]["mean"] or
                         o["latency"]["mean"] < e["latency"]["mean"]):
                    clearly = (_le(o["cpu"]["high"], e["cpu"]["low"]) or
                               o["cpu"]["mean"] == e["cpu"]["mean"]) and \
                        _le(o["latency"]["high"], e["latency"]["low"])
                    e["dominated_by"].append({"label": o["label"], "clearly": bool(clearly)})
            e["front"] = not e["dominated_by"]
            # the front of what this host can run: dominated only by settings it lacks
            e["front_here"] = e["available"] and not any(
                available[d["label"]][0] for d in e["dominated_by"])
        for e in entries:
            if e["status"] == "ok" and not e["front"]:
                e["status"] = "dominated"
        front = sorted((e for e in ranked if e["front"]), key=lambda e: e["cpu"]["mean"])
        here = sorted((e for e in ranked if e["front_here"]), key=lambda e: e["cpu"]["mean"])
        per_load.append({"load": load, "entries": entries,
                         "front": [e["label"] for e in front],
                         "front_here": [e["label"] for e in here]})
    rec = _recommend(per_load, settings, available, slo)
    return {"loads": per_load, "recommendation": rec, "latency_metric": latency_metric}


def _entry(per_load, label, load):
    for block in per_load:
        if block["load"] == load:
            for e in block["entries"]:
                if e["label"] == label:
                    return e
    return None


def _mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def _recommend(per_load, settings, available, slo) -> dict:
    loads = [b["load"] for b in per_load]
    labels = [s.label for s in settings]
    usable = {lab: all((_entry(per_load, lab, L) or {}).get("status") in ("ok", "dominated")
                       for L in loads) for lab in labels}
    cost = {lab: _mean([_entry(per_load, lab, L)["cpu"]["mean"] for L in loads])
            for lab in labels}
    out = {"criterion": None, "label": None, "clarity": [], "runner_up": None,
           "newer_kernel": None, "closest": None, "notes": []}
    if slo is not None:
        target = slo["target_us"]
        out["criterion"] = (f"the cheapest setting (mean CPU over the loads) whose mean "
                            f"{slo['quantile']} meets {slo['text']} at every load")
        meets = {}
        for lab in labels:
            per = []
            for L in loads:
                e = _entry(per_load, lab, L)
                lat = e["latency"]
                ok = usable[lab] and _le(lat["mean"], target)
                per.append({"load": L, "meets": ok, "clearly": ok and _le(lat["high"], target)})
            meets[lab] = per
        eligible = sorted((lab for lab in labels if all(m["meets"] for m in meets[lab])),
                          key=lambda lab: cost[lab])
        here = [lab for lab in eligible if available[lab][0]]
        if here:
            best = here[0]
            out["label"] = best
            clear = sum(1 for m in meets[best] if m["clearly"])
            out["clarity"].append(
                f"{slo['quantile']} within {slo['text'].split('<=')[1]} at all {len(loads)} "
                f"loads; the upper end of its 95 % interval too at {clear} of {len(loads)}"
                + ("" if clear == len(loads) else " (more replications would settle the "
                   "others)"))
            if len(here) > 1:
                second = here[1]
                out["runner_up"] = second
                apart = sum(1 for L in loads if _le(_entry(per_load, best, L)["cpu"]["high"],
                                                   _entry(per_load, second, L)["cpu"]["low"]))
                out["clarity"].append(
                    f"cheaper than the next setting that meets it, {second} (mean CPU "
                    f"{cost[best]:.4g} against {cost[second]:.4g}); the CPU intervals are "
                    f"apart at {apart} of {len(loads)} loads" +
                    ("" if apart == len(loads) else ": where they overlap the two cost "
                     "the same within the replications' noise"))
            else:
                out["clarity"].append("the only setting this host can run that meets it")
            cheaper = [lab for lab in labels if cost[lab] is not None and
                       cost[best] is not None and cost[lab] < cost[best] and lab not in eligible]
            for lab in cheaper:
                missed = [m["load"] for m in meets[lab] if not m["meets"]]
                out["notes"].append(f"{lab} costs less CPU but misses the objective at "
                                    f"{_loads_text(missed)}" if usable[lab] else
                                    f"{lab} costs less CPU but is starved, failed or "
                                    "undefined at some load")
        better = [lab for lab in eligible if not available[lab][0] and
                  (out["label"] is None or cost[lab] < cost[out["label"]])]
        if better:
            lab = better[0]
            out["newer_kernel"] = {"label": lab, "why": available[lab][1],
                                   "cpu": cost[lab]}
        if out["label"] is None:
            def closeness(lab):
                hits = sum(1 for m in meets[lab] if m["meets"])
                worst = max((_entry(per_load, lab, L)["latency"]["mean"] or math.inf)
                            for L in loads)
                return (-hits, worst)
            ranked = sorted((lab for lab in labels if available[lab][0]), key=closeness)
            if ranked:
                lab = ranked[0]
                out["closest"] = {"label": lab, "meets_at": [m["load"] for m in meets[lab]
                                                            if m["meets"]]}
        return out
    out["criterion"] = ("the lowest latency: the smallest geometric mean, over the loads, of "
                        "its mean latency relative to the best setting's at that load")
    best_at = {}
    for b in per_load:
        means = [e["latency"]["mean"] for e in b["entries"] if e["status"] in ("ok", "dominated")]
        best_at[b["load"]] = min(means) if means else None
    score = {}
    for lab in labels:
        if not usable[lab]:
            continue
        ratios = [_entry(per_load, lab, L)["latency"]["mean"] / best_at[L] for L in loads
                  if best_at[L]]
        score[lab] = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else None
    ranked = sorted((lab for lab in score if score[lab] is not None), key=lambda lab: score[lab])
    here = [lab for lab in ranked if available[lab][0]]
    if here:
        best = here[0]
        out["label"] = best
        clear, noise, lower = 0, [], []
        for L in loads:
            e = _entry(per_load, best, L)
            others = [o for o in next(b for b in per_load if b["load"] == L)["entries"]
                      if o["label"] != best and o["status"] in ("ok", "dominated")]
            below = [o["label"] for o in others if _le(o["latency"]["high"],
                                                       e["latency"]["low"])]
            close = [o["label"] for o in others if o["label"] not in below and
                     not _le(e["latency"]["high"], o["latency"]["low"])]
            if not close and not below:
                clear += 1
            if close:
                noise.append(f"{_loads_text([L])}: {', '.join(close)}")
            if below:
                lower.append(f"{_loads_text([L])}: {', '.join(below)}")
        out["clarity"].append(f"its latency interval is clear of (and below) every other "
                              f"ranked setting's at {clear} of {len(loads)} loads")
        if noise:
            out["clarity"].append("overlapping intervals (the same within the replications' "
                                  "noise): " + "; ".join(noise))
        if lower:
            out["clarity"].append("lower at one load, but starved, failed or undefined at "
                                  "another or not on this kernel/driver: " + "; ".join(lower))
        if len(here) > 1:
            out["runner_up"] = here[1]
        if ranked and ranked[0] != best:
            lab = ranked[0]
            out["newer_kernel"] = {"label": lab, "why": available[lab][1], "cpu": cost[lab]}
    return out


def _loads_text(loads) -> str:
    return "load " + ", ".join(f"{L:g}" if isinstance(L, float) else str(L) for L in loads)
