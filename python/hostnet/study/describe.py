"""``python -m hostnet.study.describe STUDY``: what a study runs, in words, from its file.

hostnet.sh prints this as the banner of a study job, so the counts it names (settings,
swept values, replications, runs) are the study file's, never a copy that can drift.
"""

from __future__ import annotations

import sys

from .spec import StudyError, load_study

__all__ = ["describe", "main"]


def _values(values) -> str:
    return ", ".join(str(v) for v in values)


def describe(study) -> str:
    """A few lines on @p study (a Study, dict or study file): its description, the settings
    (``[[runs]]`` entries, by label), each swept parameter with its values, the
    replications (adaptive: the first round, when more are run, the most) and the runs."""
    study = load_study(study)
    configs = len(study.configurations())
    parts = []
    if study.runs:
        labels = [r.get("label") for r in study.runs]
        parts.append(f"{len(study.runs)} settings" +
                     (f" ({_values(labels)})" if all(labels) else ""))
    for name, values in study.grid.items():
        parts.append(f"{len(values)} values of {name} ({_values(values)})")
    grid = " x ".join(parts) or "1 configuration"
    lines = [study.description] if study.description else []
    if study.adaptive is not None:
        rank = study.adaptive
        first = configs * rank.min
        most = configs * rank.max if rank.budget is None else min(configs * rank.max,
                                                                  rank.budget)
        lines.append(f"{grid} x {rank.min} replications = {first} runs of {study.program}, "
                     f"then more replications of the {rank.by} values whose mean "
                     f"{rank.metric} intervals overlap the leader's, per {rank.x}, until "
                     f"{rank.until} (at most {rank.max} each, {most} runs in all)")
    else:
        reps = len(study.replications)
        lines.append(f"{grid} x {reps} replication{'s' if reps != 1 else ''} = "
                     f"{configs * reps} runs of {study.program}")
    return "\n".join(lines)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print("usage: python -m hostnet.study.describe STUDY\n\n" + __doc__.split("\n\n")[0],
              file=sys.stderr if len(argv) != 1 else sys.stdout)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    try:
        print(describe(argv[0]))
    except StudyError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
