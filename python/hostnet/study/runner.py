"""Run a study: every run in its own process, on a local pool or a Dask cluster, resumable.

Results live in one directory::

    study.json          the resolved study (what was asked), versions
    results.csv         one row per finished run, appended as it finishes
    runs/<run_id>.json  the sidecar of each run: parameters, RngRun, command, metrics,
                        status, wall time, host, ns-3 / hostnet versions and git commit
    logs/<run_id>.log   the run's stdout and stderr

A run counts as finished when its sidecar exists (written atomically); its row in
results.csv follows. Starting the study again reads the sidecars, rewrites results.csv from
them (so a torn last line or a row lost to a kill -9 is repaired, and no run appears twice)
and runs only what is missing, plus the failed runs unless ``retry_failed=False``.
"""

from __future__ import annotations

import csv
import json
import os
import platform
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from .execute import allow_new_runs, execute_run, kill_active_runs, shipped_by_value
from .spec import RunSpec, Study, StudyError, load_study

__all__ = ["run_study", "execute_run", "StudyResult", "ResultStore", "versions"]

def versions() -> dict:
    """ns-3, hostnet and Python versions and the hostnet git commit (for the sidecars)."""
    from importlib import metadata

    import hostnet

    try:
        ns3 = metadata.version("ns3")
    except metadata.PackageNotFoundError:
        ns3 = "unknown"
    repo = Path(hostnet.__file__).resolve().parents[2]
    try:
        commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"],
                                capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(repo), "status", "--porcelain",
                                "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        commit = (commit + ("-dirty" if dirty else "")) or "unknown"
    except (OSError, subprocess.SubprocessError):
        commit = "unknown"
    return {"ns3": ns3, "hostnet": hostnet.__version__, "hostnet_commit": commit,
            "python": platform.python_version()}


def _write_atomic(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old or the new content."""
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class ResultStore:
    """The results directory of one study (see the module documentation)."""

    def __init__(self, out_dir, study: Study, program: Path | None = None):
        self.dir = Path(out_dir)
        self.study = study
        self.runs_dir = self.dir / "runs"
        self.logs_dir = self.dir / "logs"
        self.csv_path = self.dir / "results.csv"
        self.runs_dir.mkdir(parents=True, exist_ok=True)
        self.logs_dir.mkdir(parents=True, exist_ok=True)
        self.versions = versions()
        self.program = program
        self._columns: list | None = None
        self._scope = None  # run ids results.csv lists (None: all sidecars)

    def write_study(self) -> None:
        """Record what the study asked for (read by summary and plot)."""
        data = {"study": self.study.to_dict(), "swept": self.study.swept,
                "source": self.study.source, "program": str(self.program or self.study.program),
                "versions": self.versions}
        _write_atomic(self.dir / "study.json", json.dumps(data, indent=2) + "\n")

    def load_records(self) -> dict:
        """Every finished run's sidecar, by run id (unreadable sidecars are ignored)."""
        records = {}
        for path in sorted(self.runs_dir.glob("*.json")):
            try:
                record = json.loads(path.read_text())
                records[record["run_id"]] = record
            except (OSError, ValueError, KeyError):
                continue  # cannot happen with atomic writes, but never stop a resume
        return records

    def _metric_columns(self, records) -> list:
        names = list(self.study.metrics)
        for record in records:
            names += sorted(k for k in record.get("metrics", {}) if k not in names)
        return names

    def _columns_for(self, records) -> list:
        params = list(self.study.swept) + [p for p in self.study.parameters
                                          if p not in self.study.swept]
        return (["run_id", "status"] + params + ["rng_run"] + self._metric_columns(records)
                + ["wall_s", "log", "error"])

    def log_path(self, run_id: str) -> Path:
        """The log file of a run."""
        return self.logs_dir / f"{run_id}.log"

    def _row(self, record) -> dict:
        row = {"run_id": record["run_id"], "status": record["status"],
               "rng_run": record["rng_run"], "wall_s": record["wall_s"],
               "log": os.path.relpath(self.logs_dir / f"{record['run_id']}.log", self.dir),
               "error": record.get("error", "")}
        row.update(record["parameters"])
        row.update(record.get("metrics", {}))
        return row

    def compact(self, run_ids=None) -> None:
        """Rewrite results.csv from the sidecars (of @p run_ids if given), atomically."""
        self._scope = run_ids
        records = [r for r in self.load_records().values()
                   if run_ids is None or r["run_id"] in run_ids]
        records.sort(key=lambda r: r.get("finished", 0))
        self._columns = self._columns_for(records)
        lines = _csv_text(self._columns, [self._row(r) for r in records])
        _write_atomic(self.csv_path, lines)

    def add(self, spec: RunSpec, record: dict) -> dict:
        """Store a finished run: log, then sidecar (atomically), then its results.csv row."""
        if "log" in record:  # a remote run: its output came back with the record
            (self.logs_dir / f"{spec.run_id}.log").write_text(record.pop("log"))
        record.update({"run_id": spec.run_id, "study": self.study.name,
                       "parameters": spec.parameters, "rng_run": spec.rng_run,
                       "finished": time.time(), "versions": self.versions})
        _write_atomic(self.runs_dir / f"{spec.run_id}.json",
                      json.dumps(record, indent=2, default=str) + "\n")
        row = self._row(record)
        if self._columns is None or not set(row) <= set(self._columns):
            self.compact(self._scope)
            return record
        with open(self.csv_path, "a", newline="") as f:
            csv.DictWriter(f, fieldnames=self._columns).writerow(row)
            f.flush()
            os.fsync(f.fileno())
        return record


def _csv_text(columns, rows) -> str:
    import io

    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns)
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


@dataclass
class StudyResult:
    """What a call of run_study did."""

    out_dir: Path
    total: int
    skipped: int
    ok: int
    failed: int

    def __str__(self):
        return (f"{self.total} runs: {self.skipped} already done, {self.ok} ok, "
                f"{self.failed} failed; results in {self.out_dir}")


def default_out_dir(study: Study) -> Path:
    """results/<study name> under the current directory."""
    return Path("results") / study.name


def run_study(study, out=None, jobs=None, scheduler=None, timeout=None, retry_failed=True,
              progress=True, build_dir=None, dry_run=False) -> StudyResult:
    """Run every missing run of @p study (a Study, a dict or a study file path).

    @param out results directory (default results/<name>)
    @param jobs parallel runs on the local pool (default: all cores)
    @param scheduler a Dask scheduler address (tcp://host:port) or a dask.distributed Client:
           run on that cluster instead of the local pool
    @param timeout seconds per run (default: the study's timeout)
    @param retry_failed run failed runs again (default) or keep their failure
    @param progress show a progress bar with ETA (on stderr)
    @param build_dir where the examples are (default: hostnet.build_dir())
    @param dry_run print the commands of the missing runs and run nothing
    """
    import hostnet

    study = load_study(study)
    if jobs is not None and jobs < 1:
        raise StudyError(f"jobs = {jobs}; allowed: 1 or more")
    if timeout is not None and timeout <= 0:
        raise StudyError(f"timeout = {timeout}; allowed: > 0 seconds")
    program = study.resolve_program(Path(build_dir) if build_dir else hostnet.build_dir())
    timeout = timeout or study.timeout
    specs = study.expand()
    out_dir = Path(out) if out else default_out_dir(study)
    store = ResultStore(out_dir, study, program)
    done = store.load_records()
    todo = [s for s in specs if s.run_id not in done
            or (retry_failed and done[s.run_id]["status"] != "ok")]
    skipped = len(specs) - len(todo)
    if dry_run:
        for spec in todo:
            print(" ".join([str(program), *spec.arguments(), "--metrics=<file>"]))
        return StudyResult(out_dir, len(specs), skipped, 0, 0)
    store.write_study()
    store.compact(run_ids={s.run_id for s in specs})
    ok = failed = 0
    bar = _progress(len(specs), skipped, study.name, progress)
    runs = _execute(todo, program, timeout, study.metrics, jobs, scheduler, store)
    try:
        for spec, record in runs:
            record = store.add(spec, record)
            if record["status"] == "ok":
                ok += 1
            else:
                failed += 1
                bar.write(f"run {spec.run_id} ({_label(spec)}): {record['status']}: "
                          f"{record['error']} (log: {store.log_path(spec.run_id)})",
                          file=sys.stderr)
            bar.update(1)
    finally:
        runs.close()  # an interrupted study kills (local) or cancels (Dask) its runs
        bar.close()
    store.compact(run_ids={s.run_id for s in specs})
    return StudyResult(out_dir, len(specs), skipped, ok, failed)


def _label(spec: RunSpec) -> str:
    return ", ".join(f"{k}={v}" for k, v in spec.parameters.items()) + f", RngRun={spec.rng_run}"


def _progress(total, done, name, enabled):
    from tqdm import tqdm

    return tqdm(total=total, initial=done, desc=name, unit="run", disable=not enabled,
                file=sys.stderr, dynamic_ncols=True)


def _execute(todo, program, timeout, required, jobs, scheduler, store):
    """Yield (spec, record) as runs finish, on the local pool or on a Dask cluster."""
    if not todo:
        return
    if scheduler is None:
        # Each run is a child process writing its own log; threads only wait for them.
        try:
            with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
                futures = {pool.submit(execute_run, str(program), spec.arguments(), timeout,
                                       tuple(required), store.log_path(spec.run_id)): spec
                           for spec in todo}
                try:
                    for future in as_completed(futures):
                        yield futures[future], future.result()
                except BaseException:  # KeyboardInterrupt, or the caller closed us
                    for future in futures:
                        future.cancel()
                    kill_active_runs()  # and no worker thread starts a run after this
                    raise
        finally:
            allow_new_runs()  # every worker has returned (the pool has shut down)
        return
    yield from _execute_dask(todo, program, timeout, required, scheduler)


def _execute_dask(todo, program, timeout, required, scheduler):
    from dask.distributed import Client
    from dask.distributed import as_completed as dask_completed

    if isinstance(scheduler, Client):
        client = scheduler
    else:
        try:
            client = Client(scheduler)
        except (OSError, ValueError, TypeError) as e:
            raise StudyError(f"cannot connect to the Dask scheduler {scheduler!r}: {e}; "
                             "give its address as tcp://host:port") from None
    futures = {}
    try:
        # By value: the scheduler and the workers need dask and the program, not hostnet.
        remote_run = shipped_by_value(execute_run)
        futures = {client.submit(remote_run, str(program), spec.arguments(), timeout,
                                 tuple(required), key=f"hostnet-run-{spec.run_id}",
                                 pure=False): spec for spec in todo}
        for future in dask_completed(list(futures)):
            spec = futures[future]
            try:
                record = future.result()
            except Exception as e:  # the worker died or could not run the task
                record = {"status": "error", "error": f"dask: {e!r}", "metrics": {},
                          "returncode": None, "wall_s": 0, "log": f"dask: {e!r}\n",
                          "command": [str(program), *spec.arguments()]}
            yield spec, record
    except BaseException:  # KeyboardInterrupt, or the caller closed us: drop queued runs
        client.cancel([f for f in futures if not f.done()])
        raise
    finally:
        if client is not scheduler:
            client.close()
