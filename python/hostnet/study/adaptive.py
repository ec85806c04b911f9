"""Adaptive replications: run more replications only where they can change the answer.

A study whose ``replications`` is a table::

    [replications]
    min = 3                      # every configuration first gets RngRun 1..3
    max = 20                     # no configuration gets more than 20
    until = "separated"          # stop an answer when its leader is separated
    budget = 200                 # optional: at most 200 runs in the whole study

    [replications.rank]          # the ranking of python -m hostnet best
    metric = "rpc_p99_us"
    x = "load"
    by = "label"
    lower_is_better = true       # default
    require = ["rpc_answered>=0.95"]

runs in rounds. After the first round (``min`` replications of every configuration) the
runs are ranked as ``best`` ranks them (:func:`hostnet.study.summary.best_by`): one answer
per value of ``x`` and of every other free swept parameter, the configurations of each
answer ranked by the mean of ``metric`` (a configuration with a failed run or an undefined
metric is excluded, one that misses a requirement is starved; neither is ranked). Then, per
answer:

* ``separated``: the leader's 95 % Student-t interval is clear of the runner-up's: done;
* ``nothing to separate``: fewer than two configurations are ranked: done;
* otherwise the leader and every ranked configuration whose interval overlaps the leader's
  get one more replication (the next RngRun of that configuration), except those that
  already have ``max``; when none is left the answer stops with ``max``, and when the runs
  it needs do not fit in what is left of ``budget`` (answers in the order ``best`` prints
  them) it stops with ``budget``.

The next round runs what the answers asked for, and so on until no answer asks for more.

The decisions depend only on the results of the runs planned so far (nothing is kept but
the runs themselves): a study started again replays the rounds from its finished runs,
reruns nothing that finished, and goes on where it stopped. ``adaptive.json`` in the
results directory records the rounds and, per answer, why it stopped and how many
replications each candidate got.
"""

from __future__ import annotations

import json
import math

from .spec import Study
from .summary import best_by, summarize_rows

__all__ = ["plan_round", "initial_replications", "REASONS", "format_states"]

REASONS = {
    "running": "still adding replications",
    "separated": "separated: the leader's 95 % interval is clear of the runner-up's",
    "max": "max reached: every configuration that overlaps the leader has max replications",
    "budget": "budget: the next round of this answer does not fit in the runs left",
    "nothing to separate": "nothing to separate: fewer than two configurations ranked",
}
"""Why an answer stopped (``reason`` of a state) and what it means."""


def initial_replications(study: Study) -> dict:
    """RngRun values of the first round, per configuration (Study.config_key)."""
    return {study.config_key(c): list(study.replications) for c in study.configurations()}


def _row(record) -> dict:
    return {"status": record["status"], **record["parameters"], **record.get("metrics", {})}


def _overlaps(leader, other, lower) -> bool:
    """Whether @p other's 95 % interval reaches the leader's (NaN: no interval, counts as
    overlapping: more replications are what it needs)."""
    if lower:
        return not other["low"] > leader["high"]
    return not other["high"] < leader["low"]


def plan_round(study: Study, replications: dict, records: dict) -> tuple:
    """The next round of @p study's adaptive replications.

    @param replications RngRun values per configuration planned so far (config_key -> list)
    @param records the finished runs' sidecars by run id (only the current program's)
    @return (additions, states): additions maps config_key -> the next RngRun for each
            configuration that gets one more replication (empty: the study is done);
            states lists, per answer, ``where`` (x and the other free parameters),
            ``reason`` (a key of REASONS; "running" while it adds runs), ``verdict`` (best's),
            ``leader``, ``runner_up``, ``candidates`` (the by values given a replication
            this round) and ``replications`` (by value -> replications planned)
    """
    rank = study.adaptive
    specs = study.expand(replications)
    rows = [_row(records[s.run_id]) for s in specs if s.run_id in records]
    metrics = list(dict.fromkeys([rank.metric] + [m for m, _, _ in rank.require]))
    summary = summarize_rows(rows, study.swept, metrics)
    if not summary:
        return {}, []
    answers = best_by(summary, rank.metric, rank.x, rank.by, lower=rank.lower_is_better,
                      require=rank.require)
    left = math.inf if rank.budget is None else rank.budget - len(specs)
    additions = {}
    states = []
    swept = study.swept
    for answer in answers:
        group = [r for r in summary if r["metric"] == rank.metric
                 and all(r.get(k) == v for k, v in answer["where"].items())]
        state = {"where": answer["where"], "leader": answer[rank.by],
                 "runner_up": answer["runner_up"], "verdict": answer["verdict"],
                 "separated": answer["separated"], "candidates": [],
                 "replications": {str(r[rank.by]): len(replications.get(
                     tuple(r.get(p) for p in swept), [])) for r in group}}
        ranked = answer["ranked"]
        if answer["separated"]:
            state["reason"] = "separated"
        elif len(ranked) < 2:
            state["reason"] = "nothing to separate"
        else:
            leader = ranked[0]
            candidates = [leader] + [r for r in ranked[1:]
                                     if _overlaps(leader, r, rank.lower_is_better)]
            keys = [tuple(r.get(p) for p in swept) for r in candidates]
            grow = [(r, k) for r, k in zip(candidates, keys)
                    if len(replications.get(k, [])) < rank.max]
            if not grow:
                state["reason"] = "max"
            elif len(grow) > left:
                state["reason"] = "budget"
            else:
                state["reason"] = "running"
                left -= len(grow)
                for r, k in grow:
                    additions[k] = max(replications[k]) + 1
                    state["candidates"].append(r[rank.by])
        states.append(state)
    return additions, states


def format_states(study: Study, states, rounds: int, runs: int) -> str:
    """Lines for the terminal: what was ranked, then per answer why it stopped."""
    rank = study.adaptive
    lines = [f"adaptive replications ({rank.describe()}): {rounds} rounds after the first, "
             f"{runs} runs"]
    for state in states:
        where = ", ".join(f"{k} = {v}" for k, v in state["where"].items())
        reps = ", ".join(f"{k} {v}" for k, v in state["replications"].items())
        leader = (f"; leader {state['leader']}" if state["leader"] is not None else "")
        if state["runner_up"] is not None:
            leader += f", runner-up {state['runner_up']}"
        lines.append(f"  {where}: {REASONS[state['reason']]}{leader} (replications: {reps})")
    return "\n".join(lines)


def state_document(study: Study, states, rounds: int, runs: int, finished: bool) -> str:
    """The content of adaptive.json."""
    rank = study.adaptive
    return json.dumps({
        "rank": {"metric": rank.metric, "x": rank.x, "by": rank.by,
                 "lower_is_better": rank.lower_is_better,
                 "require": [f"{m}{op}{v:g}" for m, op, v in rank.require]},
        "min": rank.min, "max": rank.max, "until": rank.until, "budget": rank.budget,
        "rounds": rounds, "runs": runs, "finished": finished,
        "reasons": REASONS, "answers": states}, indent=2, default=str) + "\n"
