"""``python -m hostnet``: run, summarize, plot and validate studies."""

from __future__ import annotations

import argparse
import signal
import sys
import threading

from pathlib import Path

from .spec import MAX_RUNS, StudyError, load_study

EPILOG = """\
A study file (TOML or YAML) names a program of this build by name (an example such as
hostnet-leaf-spine, or a scratch/ program; another program only with --program PATH), fixed
parameters, a grid of swept parameters, replications (RngRun values) and
optional plots; see doc/user-guide.rst, section "Studies", and examples/studies/.

examples:
  python -m hostnet validate examples/studies/datacenter.toml
  python -m hostnet run examples/studies/datacenter.toml --jobs 2
  python -m hostnet run study.toml --scheduler tcp://10.0.0.1:8786
  python -m hostnet summary results/leaf-spine --metrics rpc_p99_us,cpu_availability
  python -m hostnet plot results/leaf-spine --metric rpc_p99_us --x load --by scheme
  python -m hostnet best results/datacenter --metric rpc_p99_us --x load --by label
"""


def _parser():
    parser = argparse.ArgumentParser(
        prog="python -m hostnet", description="Run network-wide what-if studies with hostnet: "
        "each run is one ns-3 simulation in its own process.", epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run = sub.add_parser("run", help="run the missing runs of a study, then summarize and plot",
                         description="Check STUDY against its program (parameter names "
                         "and values against its --PrintHelp, metrics against its "
                         "--PrintMetrics or the study's metrics list), then run every run "
                         "that has not finished yet with this build of the program (finished "
                         "runs are kept: re-running resumes; runs made by a program of other "
                         "content are done again), append one row per run to results.csv as "
                         "it finishes, then print the summary and draw the study's plots. "
                         "The results directory is locked while this runs.",
                         epilog=RUN_STATUS, formatter_class=argparse.RawDescriptionHelpFormatter)
    run.add_argument("study", help="study file (.toml, .yaml, .yml)")
    run.add_argument("--out", help="results directory (default: results/<study name>)")
    run.add_argument("--jobs", "-j", type=int, help="parallel runs on this machine "
                     "(default: all cores)")
    run.add_argument("--scheduler", help="run on a Dask distributed cluster: the scheduler "
                     "address, e.g. tcp://10.0.0.1:8786; the scheduler and workers need dask (the "
                     "same version) and the program at the same path, not hostnet itself: the "
                     "runs are shipped by value")
    run.add_argument("--timeout", type=float, help="seconds per run before it is killed and "
                     "recorded as a timeout (default: the study's timeout, else 3600)")
    run.add_argument("--no-retry-failed", action="store_true", help="keep earlier failures "
                     "instead of running them again (they still make the exit status 1)")
    run.add_argument("--reuse-results", action="store_true", help="keep finished runs made "
                     "by a program of other content (another build) instead of running them "
                     "again")
    run.add_argument("--no-check", action="store_true", help="do not ask the program for "
                     "its options and metrics (--PrintHelp, --PrintMetrics) first")
    run.add_argument("--build-dir", help="hostnet build directory with the examples "
                     "(default: $HOSTNET_BUILD_DIR, else <repository>/build)")
    _program_option(run)
    run.add_argument("--dry-run", action="store_true", help="print the commands of the "
                     "missing runs and exit")
    run.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    _max_runs_option(run)

    summary = sub.add_parser("summary", help="print (and write summary.csv) means and 95 %% "
                             "confidence intervals per configuration",
                             description="Mean, standard deviation and 95 %% Student-t "
                             "interval of each metric per configuration (replications pooled), "
                             "with n (the runs that defined the metric), the runs in which it "
                             "was undefined (null) and the failed runs. A statistic without "
                             "samples (a mean for n = 0, an interval for n < 2) is an empty "
                             "cell in summary.csv, never 0.",
                             epilog=READ_STATUS,
                             formatter_class=argparse.RawDescriptionHelpFormatter)
    summary.add_argument("target", help="results directory, or the study file")
    summary.add_argument("--out", help="results directory when TARGET is a study file")
    summary.add_argument("--metrics", help="comma-separated metrics (default: all)")

    plot = sub.add_parser("plot", help="draw a metric against a swept parameter (PNG and PDF)",
                          description="Draw METRIC against X, one line per value of BY, with "
                          "95 %% confidence bands. Without --metric, draw the study's plots. "
                          "A point whose metric is undefined in every run is not drawn; the "
                          "legend names such points, and a note under the axes the points "
                          "with failed runs or too few samples for an interval.",
                          epilog=READ_STATUS,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    plot.add_argument("target", help="results directory, or the study file")
    plot.add_argument("--results", help="results directory when TARGET is a study file")
    plot.add_argument("--metric", help="metric on the y axis (a column of results.csv)")
    plot.add_argument("--x", help="swept parameter on the x axis")
    plot.add_argument("--by", default="scheme", help="swept parameter: one line per value "
                      "(default: scheme; 'none' for a single line)")
    plot.add_argument("--logy", action="store_true", help="logarithmic y axis")
    plot.add_argument("--output", help="output file path without suffix")

    best = sub.add_parser("best", help="for each value of X, the BY value with the best mean "
                          "METRIC (the what-if answer)",
                          description="For each value of X (and of the other swept "
                          "parameters), which value of BY (the scheme by default) gives the "
                          "lowest (or, with --max, highest) mean METRIC, and whether its 95 %% "
                          "interval separates it from the runner-up (or the replications are "
                          "too few: n < 2). A configuration with a failed run, or whose METRIC "
                          "is undefined (null) in any run, is never ranked: it is named with "
                          "the reason. A quantile metric the study declares in [quantiles] "
                          "shows the fewest samples a run's value rests on, with a note when "
                          "fewer than 30 lie beyond the quantile. After adaptive "
                          "replications, each answer of the study's own ranking says why its "
                          "replications stopped (separated, max reached, budget).",
                          epilog="""exit status:
  0  every candidate was ranked and no run of the study failed
  1  the answer is printed for what can be answered, but some candidates were excluded
     (failed runs, undefined metric) or some runs of the study failed
configurations that miss a --require are named as starved and do not change the status
  2  bad options or results directory (unknown metric or parameter, no results)
""", formatter_class=argparse.RawDescriptionHelpFormatter)
    best.add_argument("target", help="results directory, or the study file")
    best.add_argument("--metric", help="metric to rank by (default: the study's "
                      "[replications.rank], which then also gives --x, --by, --max and "
                      "--require unless they are given)")
    best.add_argument("--x", help="swept parameter: one answer per value")
    best.add_argument("--by", help="swept parameter to choose (default: scheme)")
    best.add_argument("--max", action="store_true", help="higher is better (default: lower)")
    best.add_argument("--require", action="append", default=[], metavar="METRIC>=VALUE",
                      help="a configuration whose mean METRIC misses this is named as starved "
                      "and not ranked (not an error), e.g. rpc_answered>=0.95; repeatable")
    best.add_argument("--out", help="results directory when TARGET is a study file")

    validate = sub.add_parser("validate", help="check a study file and list its runs",
                              description="Check STUDY against the schema and against its "
                              "program: every parameter must be an option of the program "
                              "(its --PrintHelp; ns3:: attribute paths against "
                              "--PrintAttributes; global values against --PrintGlobals) with a "
                              "value of the default's shape, and every plotted metric declared "
                              "(the program's --PrintMetrics, else the study's metrics list). "
                              "Print the number of configurations and runs (and the runs with "
                              "--list). Exit status: 0 valid, 2 not (the message names each "
                              "problem).")
    sub.add_parser("profile", help="make host profiles (data/hosts/*.toml) from a real host: "
                   "python -m hostnet profile --help", add_help=False)
    sub.add_parser("advise", help="which receive setting for your host and workload: every "
                   "setting simulated, the latency/CPU front, the commands that apply the "
                   "best: python -m hostnet advise --help", add_help=False)
    validate.add_argument("study", help="study file")
    validate.add_argument("--list", action="store_true", help="print every run")
    validate.add_argument("--build-dir", help="hostnet build directory with the examples "
                          "(default: $HOSTNET_BUILD_DIR, else <repository>/build)")
    validate.add_argument("--no-check", action="store_true", help="check the file only, "
                          "not against the program (which need not exist then)")
    _program_option(validate)
    _max_runs_option(validate)
    return parser


def _program_option(parser):
    parser.add_argument("--program", metavar="PATH", help="run this program instead of the "
                        "study's (a study file names only a program of this build, by name: "
                        "an example or a scratch/ program; any other program runs only when "
                        "named here)")


def _max_runs_option(parser):
    parser.add_argument("--max-runs", type=int, default=MAX_RUNS, metavar="N",
                        help=f"refuse a study of more than N runs, counted before the grid "
                        f"is expanded (default: {MAX_RUNS})")


def _load(args):
    if args.max_runs < 1:
        raise StudyError(f"--max-runs {args.max_runs}: allowed: 1 or more")
    return load_study(args.study, max_runs=args.max_runs)


RUN_STATUS = """\
exit status:
  0    every run of the study is ok
  1    some runs failed, timed out or reported bad metrics (listed at the end with their
       logs); the finished runs are kept and a later run retries the failed ones
  2    nothing was run: a bad study or option, a parameter the program does not know, or
       the results directory is locked by another runner (the message names it)
  128+N  stopped by signal N (130 SIGINT/Ctrl-C, 143 SIGTERM, 129 SIGHUP): the runs under
       way are killed with their process groups, finished runs are kept; run again to resume
"""


READ_STATUS = """\
exit status:
  0  done, and every run in the results ended ok
  1  done (the output covers the rest), but some runs in the results failed
  2  bad options or results directory (unknown metric or parameter, no results)
"""


class Stopped(KeyboardInterrupt):
    """The runner got SIGTERM, SIGHUP or SIGINT (a KeyboardInterrupt, so that every
    cleanup path of an interrupt runs: the runs under way are killed)."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _on_signal(signum, frame):
    for sig in _STOP_SIGNALS:  # one stop at a time: a second signal waits for the cleanup
        signal.signal(sig, signal.SIG_IGN)
    raise Stopped(signum)


def run_stoppable(action, stop_on_signals=True, errors=(StudyError,),
                  resume="run again to resume") -> int:
    """Run ``action()`` as a command: its exit status, or 2 with the message of one of
    @p errors, or 128 + the signal when SIGINT, SIGTERM or SIGHUP stopped it (with
    @p stop_on_signals, in the main thread: the runs under way are killed, finished runs
    kept; @p resume says how to go on)."""
    previous = {}
    if stop_on_signals and threading.current_thread() is threading.main_thread():
        previous = {sig: signal.signal(sig, _on_signal) for sig in _STOP_SIGNALS}
    try:
        return action()
    except errors as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:
        signum = e.signum if isinstance(e, Stopped) else signal.SIGINT
        print(f"stopped by {signal.Signals(signum).name}: the runs under way were killed; "
              f"finished runs are kept, {resume}", file=sys.stderr)
        return 128 + signum
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["profile"]:  # its own command line: hostnet.profile.cli
        from hostnet.profile.cli import main as profile_main

        return profile_main(argv[1:])
    if argv[:1] == ["advise"]:  # its own command line: hostnet.advise.cli
        from hostnet.advise.cli import main as advise_main

        return advise_main(argv[1:])
    args = _parser().parse_args(argv)
    return run_stoppable(lambda: _dispatch(args), stop_on_signals=args.command == "run")


def _stat(mean, half, n, row=None) -> str:
    """``mean +- half, n = N`` and, for a quantile with a sample count, the fewest samples
    of a run (``row``: its summary row)."""
    if n == 0:
        return "undefined"
    text = f"{mean:.4g}" + (f" +- {half:.2g}" if n > 1 else "")
    text += f", n = {n}"
    if row is not None and row.get("samples_min") is not None and \
            row["samples_min"] == row["samples_min"]:  # not NaN
        text += f", >= {row['samples_min']:g} samples a run"
    return text


def _print_notes(summary, metrics) -> None:
    """The summary's notes on quantiles that rest on few (or uncounted) samples."""
    from .summary import TAIL_SAMPLES, sample_notes

    notes = sample_notes(summary, metrics)
    if notes:
        print(f"quantiles on few samples (fewer than {TAIL_SAMPLES} beyond the quantile in a "
              "run) or without a count:")
        for note in notes:
            print(f"  {note}")


def _ranking(args, meta) -> tuple:
    """(metric, x, by, higher is better, requirements) of ``best``: the options, else the
    study's [replications.rank]."""
    from .summary import parse_requirement

    table = meta.get("study", {}).get("replications")
    rank = table.get("rank") if isinstance(table, dict) else None
    if args.metric is None:
        if rank is None:
            raise StudyError("--metric is required (the study has no [replications.rank] to "
                             "take it from)")
        return (rank["metric"], args.x or rank["x"], args.by or rank["by"],
                args.max or not rank.get("lower_is_better", True),
                [parse_requirement(t) for t in (args.require or rank.get("require", []))])
    if args.x is None:
        raise StudyError("--x is required with --metric")
    return (args.metric, args.x, args.by or "scheme", args.max,
            [parse_requirement(t) for t in args.require])


def _adaptive_stops(directory, meta, metric, x, by, higher, require) -> dict:
    """Why the adaptive replications of each answer stopped (adaptive.json), by answer,
    when best ranks as the study's rounds did; {} otherwise."""
    import json

    path = Path(directory) / "adaptive.json"
    if not path.is_file():
        return {}
    try:
        doc = json.loads(path.read_text())
        rank = doc["rank"]
        same = (rank["metric"], rank["x"], rank["by"], not rank["lower_is_better"],
                sorted(rank["require"])) == (metric, x, by, higher,
                                             sorted(f"{m}{op}{v:g}" for m, op, v in require))
        if not same:
            return {}
        return {tuple(sorted(a["where"].items(), key=lambda kv: kv[0])): a
                for a in doc["answers"]}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def _dispatch(args) -> int:
    from .plot import plot_metric, plot_study
    from .runner import run_study
    from .summary import format_table, summary_records

    if args.command == "validate":
        study = _load(args)
        specs = study.expand()
        study.check_program(args.program)
        study.check_files()
        checked = "file only (--no-check)"
        if args.program is not None:
            print(f"program: {args.program} (named with --program; the study names "
                  f"{study.program!r})")
        if not args.no_check:
            import hostnet

            from .check import check_study
            from .runner import _warn

            program = study.resolve_program(Path(args.build_dir) if args.build_dir
                                            else hostnet.build_dir(), args.program)
            info = check_study(study, program, warn=_warn)
            checked = (f"parameters checked against {program.name} --PrintHelp"
                       if info.options is not None else "parameters not checked")
            checked += (f"; metrics against its --PrintMetrics ({len(info.metrics)})"
                        if info.metrics is not None else
                        "; plotted metrics against the study's metrics list")
        configs = len(study.configurations())
        if study.adaptive is not None:
            rank = study.adaptive
            most = configs * rank.max if rank.budget is None else min(configs * rank.max,
                                                                      rank.budget)
            print(f"{args.study}: ok: {configs} configurations x {rank.min} to {rank.max} "
                  f"replications = {len(specs)} to {most} runs of {study.program} (adaptive: "
                  f"{rank.describe()}); {checked}")
        else:
            print(f"{args.study}: ok: {configs} configurations x "
                  f"{len(study.replications)} replications = {len(specs)} runs of "
                  f"{study.program}; {checked}")
        if args.list:
            for spec in specs:
                print(spec.run_id, " ".join(spec.arguments()))
        return 0
    if args.command == "run":
        study = _load(args)
        if args.program is not None:
            print(f"program: {args.program} (named with --program, instead of the study's "
                  f"{study.program!r})", file=sys.stderr)
        result = run_study(study, program=args.program, out=args.out, jobs=args.jobs,
                           scheduler=args.scheduler,
                           timeout=args.timeout, retry_failed=not args.no_retry_failed,
                           progress=not args.quiet, build_dir=args.build_dir,
                           dry_run=args.dry_run, reuse_results=args.reuse_results,
                           check=not args.no_check, max_runs=args.max_runs)
        if args.dry_run:
            return 0
        print(result)
        if result.adaptive is not None:
            from .adaptive import format_states

            print(format_states(study, result.adaptive, result.rounds, result.total))
            print(f"rounds: {result.out_dir / 'adaptive.json'}")
        summary = summary_records(result.out_dir)
        print(format_table(summary, study.metrics or None))
        _print_notes(summary, study.metrics or None)
        print(f"summary: {result.out_dir / 'summary.csv'}")
        try:
            for path in plot_study(result.out_dir):
                print(f"figure: {path}")
        except StudyError as e:  # e.g. nothing to plot yet: the runs' status still counts
            print(f"error: plots: {e}", file=sys.stderr)
            if not result.failures:
                return 1
        if result.failures:
            print(result.failure_report(), file=sys.stderr)
            return 1
        return 0
    if args.command == "summary":
        metrics = args.metrics.split(",") if args.metrics else None
        from .summary import failed_runs, results_dir

        directory, _ = results_dir(args.target, args.out)
        summary = summary_records(directory, metrics=metrics)
        print(format_table(summary, metrics))
        _print_notes(summary, metrics)
        failed = failed_runs(directory)
        if failed:
            print(f"{failed} runs failed (counted in the failed column, not in the "
                  "statistics; see results.csv and the logs)", file=sys.stderr)
        return 1 if failed else 0
    if args.command == "best":
        from .summary import best_by, failed_runs, parse_requirement, results_dir

        directory, meta = results_dir(args.target, args.out)
        metric, x, by, higher, require = _ranking(args, meta)
        needed = list(dict.fromkeys([metric] + [name for name, _, _ in require]))
        summary = summary_records(directory, metrics=needed, write=False)
        if not summary:
            raise StudyError(f"{directory}: no finished runs")
        word = "highest" if higher else "lowest"
        incomplete = False
        stops = _adaptive_stops(directory, meta, metric, x, by, higher, require)
        for row in best_by(summary, metric, x, by, lower=not higher, require=require):
            where = ", ".join(f"{k} = {v}" for k, v in row["where"].items())
            if row[by] is None:
                line = f"{where}: {row['verdict']}"
            else:
                best = row["ranked"][0]
                line = (f"{where}: {word} {metric} with {by} = {row[by]} "
                        f"({_stat(row['mean'], row['ci95'], row['n'], best)})")
                if row["runner_up"] is not None:
                    second = _stat(row["runner_up_mean"], row["runner_up_ci95"],
                                   row["runner_up_n"], row["ranked"][1])
                    line += f"; runner-up {row['runner_up']} ({second})"
                line += f": {row['verdict']}"
                if row["excluded"]:
                    line += f" ({len(row['excluded'])} excluded, below)"
                if row["ineligible"]:
                    line += f" ({len(row['ineligible'])} starved, below)"
            print(line)
            for value, why in row["excluded"]:
                incomplete = True
                print(f"  excluded: {value} at {where}: {why}")
            for value, why in row["ineligible"]:
                print(f"  not ranked: {value} at {where}: {why}")
            for r in row["ranked"][:2]:
                if r.get("samples_note"):
                    print(f"  samples: {r[by]} at {where}: {r['samples_note']}")
            stop = stops.get(tuple(sorted(row["where"].items(), key=lambda kv: kv[0])))
            if stop is not None:
                from .adaptive import REASONS

                reps = ", ".join(f"{k} {v}" for k, v in stop["replications"].items())
                print(f"  replications: {REASONS[stop['reason']]} ({reps})")
        failed = failed_runs(directory)
        if failed:
            print(f"{failed} runs in {directory} failed (see results.csv and the logs)",
                  file=sys.stderr)
        return 1 if incomplete or failed else 0
    if args.command == "plot":
        if args.metric is None:
            written = plot_study(args.target, results=args.results)
            if not written:
                raise StudyError("the study lists no plots; give --metric and --x")
        else:
            if args.x is None:
                raise StudyError("--x is required with --metric")
            by = None if args.by == "none" else args.by
            written = plot_metric(args.target, args.metric, args.x, by=by, logy=args.logy,
                                  out=args.output, results=args.results)
        for path in written:
            print(f"figure: {path}")
        from .summary import failed_runs, results_dir

        failed = failed_runs(results_dir(args.target, args.results)[0])
        if failed:
            print(f"{failed} runs failed (not in the figures; see results.csv and the logs)",
                  file=sys.stderr)
        return 1 if failed else 0
    return 2
