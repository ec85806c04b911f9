"""``python -m hostnet``: run, summarize, plot and validate studies."""

from __future__ import annotations

import argparse
import sys

from .spec import MAX_RUNS, StudyError, load_study

EPILOG = """\
A study file (TOML or YAML) names a program (an example such as hostnet-leaf-spine, or a
path), fixed parameters, a grid of swept parameters, replications (RngRun values) and
optional plots; see doc/hostnet.rst, section "Studies", and examples/studies/.

examples:
  python -m hostnet validate examples/studies/leaf-spine.toml
  python -m hostnet run examples/studies/leaf-spine.toml --jobs 2
  python -m hostnet run study.toml --scheduler tcp://10.0.0.1:8786
  python -m hostnet summary results/leaf-spine --metrics rpc_p99_us,cpu_availability
  python -m hostnet plot results/leaf-spine --metric rpc_p99_us --x load --by scheme
  python -m hostnet best results/leaf-spine --metric rpc_p99_us --x load
"""


def _parser():
    parser = argparse.ArgumentParser(
        prog="python -m hostnet", description="Run network-wide what-if studies with hostnet: "
        "each run is one ns-3 simulation in its own process.", epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run = sub.add_parser("run", help="run the missing runs of a study, then summarize and plot",
                         description="Run every run of STUDY that has not finished yet "
                         "(finished runs are kept: re-running resumes), append one row per "
                         "run to results.csv as it finishes, then print the summary and draw "
                         "the study's plots. Exit status: 0 every run ok, 1 some runs failed "
                         "(see the status and error columns and the logs), 2 a bad study or "
                         "option, 130 interrupted (Ctrl-C kills the runs under way; finished "
                         "runs are kept).")
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
                     "instead of running them again")
    run.add_argument("--build-dir", help="hostnet build directory with the examples "
                     "(default: $HOSTNET_BUILD_DIR, else <repository>/build)")
    run.add_argument("--dry-run", action="store_true", help="print the commands of the "
                     "missing runs and exit")
    run.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    _max_runs_option(run)

    summary = sub.add_parser("summary", help="print (and write summary.csv) means and 95 %% "
                             "confidence intervals per configuration",
                             description="Mean, standard deviation and 95 %% Student-t "
                             "interval of each metric per configuration (replications pooled).")
    summary.add_argument("target", help="results directory, or the study file")
    summary.add_argument("--out", help="results directory when TARGET is a study file")
    summary.add_argument("--metrics", help="comma-separated metrics (default: all)")

    plot = sub.add_parser("plot", help="draw a metric against a swept parameter (PNG and PDF)",
                          description="Draw METRIC against X, one line per value of BY, with "
                          "95 %% confidence bands. Without --metric, draw the study's plots.")
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
                          description="For each value of X, which value of BY (the scheme by "
                          "default) gives the lowest (or, with --max, highest) mean METRIC, "
                          "and whether its 95 %% interval separates it from the runner-up.")
    best.add_argument("target", help="results directory, or the study file")
    best.add_argument("--metric", required=True, help="metric to rank by")
    best.add_argument("--x", required=True, help="swept parameter: one answer per value")
    best.add_argument("--by", default="scheme", help="swept parameter to choose (default: "
                      "scheme)")
    best.add_argument("--max", action="store_true", help="higher is better (default: lower)")
    best.add_argument("--out", help="results directory when TARGET is a study file")

    validate = sub.add_parser("validate", help="check a study file and list its runs",
                              description="Check STUDY against the schema; print the number "
                              "of configurations and runs (and the runs with --list).")
    validate.add_argument("study", help="study file")
    validate.add_argument("--list", action="store_true", help="print every run")
    _max_runs_option(validate)
    return parser


def _max_runs_option(parser):
    parser.add_argument("--max-runs", type=int, default=MAX_RUNS, metavar="N",
                        help=f"refuse a study of more than N runs, counted before the grid "
                        f"is expanded (default: {MAX_RUNS})")


def _load(args):
    if args.max_runs < 1:
        raise StudyError(f"--max-runs {args.max_runs}: allowed: 1 or more")
    return load_study(args.study, max_runs=args.max_runs)


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _dispatch(args)
    except StudyError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted; finished runs are kept, run again to resume", file=sys.stderr)
        return 130


def _dispatch(args) -> int:
    from .plot import plot_metric, plot_study
    from .runner import run_study
    from .summary import format_table, summarize

    if args.command == "validate":
        study = _load(args)
        specs = study.expand()
        print(f"{args.study}: ok: {len(study.configurations())} configurations x "
              f"{len(study.replications)} replications = {len(specs)} runs of {study.program}")
        if args.list:
            for spec in specs:
                print(spec.run_id, " ".join(spec.arguments()))
        return 0
    if args.command == "run":
        study = _load(args)
        result = run_study(study, out=args.out, jobs=args.jobs, scheduler=args.scheduler,
                           timeout=args.timeout, retry_failed=not args.no_retry_failed,
                           progress=not args.quiet, build_dir=args.build_dir,
                           dry_run=args.dry_run)
        if args.dry_run:
            return 0
        print(result)
        summary = summarize(result.out_dir)
        print(format_table(summary, study.metrics or None))
        print(f"summary: {result.out_dir / 'summary.csv'}")
        for path in plot_study(result.out_dir):
            print(f"figure: {path}")
        return 0 if result.failed == 0 else 1
    if args.command == "summary":
        metrics = args.metrics.split(",") if args.metrics else None
        summary = summarize(args.target, out=args.out, metrics=metrics)
        print(format_table(summary, metrics))
        return 0
    if args.command == "best":
        from .summary import best_by

        summary = summarize(args.target, out=args.out, metrics=[args.metric], write=False)
        word = "highest" if args.max else "lowest"
        for row in best_by(summary, args.metric, args.x, args.by, lower=not args.max):
            sure = ("clearly (95 % intervals apart)" if row["separated"]
                    else "within the replications' noise")
            other = (f"; runner-up {row['runner_up']} {row['runner_up_mean']:.4g}"
                     if row["runner_up"] is not None else "")
            print(f"{args.x} = {row[args.x]}: {word} {args.metric} with {args.by} = "
                  f"{row[args.by]} ({row['mean']:.4g} +- {row['ci95']:.2g}){other}, {sure}")
        return 0
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
        return 0
    return 2
