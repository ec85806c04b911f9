"""Run a study: every run in its own process, on a local pool or a Dask cluster, resumable.

Results live in one directory::

    study.json          the resolved study (what was asked), versions
    results.csv         one row per finished run, appended as it finishes
    adaptive.json       adaptive replications: the rounds, and why each answer stopped
    runs/<run_id>.json  the sidecar of each run: parameters, RngRun, command, metrics,
                        status, wall time, host, ns-3 / hostnet versions and git commit,
                        the program's content hash
    runs/quarantine/    corrupt sidecars, moved aside (their runs are done again)
    logs/<run_id>.log   the run's stdout and stderr
    .lock               held (flock) by the runner writing here; names it (pid, host, start)

A run counts as finished when its sidecar exists (written atomically) and names the same
program content (see :func:`program_identity`); its row in results.csv follows. Starting the
study again reads the sidecars, rewrites results.csv from them (so a torn last line or a row
lost to a kill -9 is repaired, and no run appears twice) and runs only what is missing, the
runs of another build of the program (unless ``reuse_results=True``), plus the failed runs
unless ``retry_failed=False``.
"""

from __future__ import annotations

import csv
import fcntl
import hashlib
import json
import os
import platform
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from .adaptive import initial_replications, plan_round, state_document
from .execute import allow_new_runs, execute_run, kill_active_runs, shipped_by_value
from .spec import MAX_RUNS, RunSpec, Study, StudyError, load_study

__all__ = ["run_study", "execute_run", "StudyResult", "ResultStore", "versions",
           "program_identity", "StudyLocked", "ResultsLock"]

_SYSTEM_LIBS = ("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/usr/libexec/")


class StudyLocked(StudyError):
    """Another runner holds the results directory."""


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _shared_libraries(program: Path) -> list:
    """The shared libraries the dynamic loader resolves for @p program (an ELF executable)
    outside the system directories: the ns-3 and hostnet libraries of its build."""
    with open(program, "rb") as f:
        if f.read(4) != b"\x7fELF":
            return []  # a script: its interpreter and imports are not followed
    try:
        out = subprocess.run(["ldd", str(program)], capture_output=True, text=True,
                             timeout=30, stdin=subprocess.DEVNULL).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    libs = []
    for line in out.splitlines():
        parts = line.split("=>")
        if len(parts) == 2 and parts[1].strip().startswith("/"):
            path = parts[1].split("(")[0].strip()
            if not path.startswith(_SYSTEM_LIBS) and os.path.isfile(path):
                libs.append(os.path.realpath(path))
    return sorted(set(libs))


def program_identity(program) -> dict:
    """What identifies the program a run ran: the sha256 of the executable file, the sha256
    of each shared library it loads from outside the system directories (so a rebuilt
    hostnet library counts even when the relinked example is byte-identical), and
    ``identity``, one hash over all of them."""
    program = Path(program).resolve()
    files = {str(program): _sha256(program)}
    libraries = {lib: _sha256(Path(lib)) for lib in _shared_libraries(program)}
    combined = hashlib.sha256()
    for path, digest in [(program.name, files[str(program)])] + sorted(libraries.items()):
        combined.update(f"{Path(path).name} {digest}\n".encode())
    return {"program_sha256": files[str(program)], "libraries_sha256": libraries,
            "identity": combined.hexdigest()}


class ResultsLock:
    """An exclusive lock (flock) on a results directory: one runner writes there at a time.

    The holder writes its pid, host, start time and command into the lock file, for the
    message of a second runner. The lock goes with the process (also after a kill -9); the
    file stays.
    """

    NAME = ".lock"

    def __init__(self, directory):
        self.path = Path(directory) / self.NAME
        self.fd = None

    def acquire(self) -> "ResultsLock":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 4096).decode(errors="replace")
            os.close(fd)
            raise StudyLocked(f"{self.path.parent}: results directory in use by another "
                              f"runner ({_describe_holder(holder)}); wait for it to end, or "
                              "give another --out") from None
        holder = {"pid": os.getpid(), "host": socket.gethostname(),
                  "started": time.strftime("%Y-%m-%d %H:%M:%S %z"),
                  "command": " ".join(sys.argv)}
        os.ftruncate(fd, 0)
        os.pwrite(fd, (json.dumps(holder) + "\n").encode(), 0)
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is not None:
            os.ftruncate(self.fd, 0)
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()


def _describe_holder(text: str) -> str:
    try:
        holder = json.loads(text)
        return (f"pid {holder['pid']} on {holder['host']}, started {holder['started']}: "
                f"{holder['command']}")
    except (ValueError, TypeError, KeyError):
        return "its details are not written yet" if not text.strip() else text.strip()


def _warn(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


_RECORD_TYPES = {"run_id": (str,), "status": (str,), "parameters": (dict,), "rng_run": (int,),
                 "metrics": (dict,), "wall_s": (int, float)}


def record_problem(record, run_id: str) -> str:
    """Why @p record (a parsed sidecar named @p run_id) is not a run record ('' if it is)."""
    if not isinstance(record, dict):
        return f"holds a JSON {type(record).__name__}, not an object"
    for key, types in _RECORD_TYPES.items():
        if key not in record:
            return f"key {key!r} missing"
        value = record[key]
        if isinstance(value, bool) or not isinstance(value, types):
            return (f"{key!r} is {json.dumps(value)[:40]}, not "
                    f"{' or '.join(t.__name__ for t in types)}")
    if record["run_id"] != run_id:
        return f"run_id {record['run_id']!r} differs from its file name"
    bad = [k for k, v in record["metrics"].items() if v is not None and (
        isinstance(v, bool) or not isinstance(v, (int, float)))]
    if bad:
        return f"metrics {bad} are not numbers (or null)"
    return ""

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

    def __init__(self, out_dir, study: Study, program: Path | None = None,
                 identity: dict | None = None, reuse_results: bool = False, warn=_warn):
        self.dir = Path(out_dir)
        self.study = study
        self.runs_dir = self.dir / "runs"
        self.logs_dir = self.dir / "logs"
        self.quarantine_dir = self.runs_dir / "quarantine"
        self.csv_path = self.dir / "results.csv"
        self.runs_dir.mkdir(parents=True, exist_ok=True)
        self.logs_dir.mkdir(parents=True, exist_ok=True)
        self.versions = versions()
        self.program = program
        self.identity = identity  # program_identity() of the program (None: not checked)
        self.reuse_results = reuse_results
        self.warn = warn
        self._columns: list | None = None
        self._scope = None  # run ids results.csv lists (None: all sidecars)

    def current(self, record) -> bool:
        """Whether @p record was produced by this program (same content hash), or counts as
        if it were (reuse_results, or no identity to compare)."""
        if self.identity is None or self.reuse_results:
            return True
        return record.get("program_identity") == self.identity["identity"]

    def write_study(self) -> None:
        """Record what the study asked for (read by summary and plot)."""
        data = {"study": self.study.to_dict(), "swept": self.study.swept,
                "source": self.study.source, "program": str(self.program or self.study.program),
                "versions": self.versions}
        _write_atomic(self.dir / "study.json", json.dumps(data, indent=2) + "\n")

    def load_records(self, quarantine: bool = True) -> dict:
        """Every finished run's sidecar, by run id.

        A corrupt sidecar (empty, not JSON, not an object, a key missing or of the wrong
        type) is moved to runs/quarantine/ with a warning (only warned about with
        @p quarantine False) and left out: its run counts as not done.
        """
        records = {}
        for path in sorted(self.runs_dir.glob("*.json")):
            try:
                text = path.read_text()
            except OSError as e:
                self.warn(f"{path}: cannot read the run record ({e}); left out")
                continue
            if not text.strip():
                problem = "empty file"
            else:
                try:
                    record = json.loads(text)
                    problem = record_problem(record, path.stem)
                except ValueError as e:
                    problem = f"not valid JSON: {e}"
            if not problem:
                records[record["run_id"]] = record
                continue
            if not quarantine:
                self.warn(f"{path}: corrupt run record ({problem}); the run counts as not done")
                continue
            self.quarantine_dir.mkdir(exist_ok=True)
            target = self.quarantine_dir / path.name
            n = 1
            while target.exists():
                target = self.quarantine_dir / f"{path.stem}.{n}.json"
                n += 1
            os.replace(path, target)
            self.warn(f"{path}: corrupt run record ({problem}); moved to {target}; the run "
                      "will be done again")
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
                   if (run_ids is None or r["run_id"] in run_ids) and self.current(r)]
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
        if self.identity is not None:
            record.update({"program_identity": self.identity["identity"],
                           "program_sha256": self.identity["program_sha256"],
                           "libraries_sha256": self.identity["libraries_sha256"]})
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
    """What a call of run_study did.

    ``failed`` counts the runs that failed in this call; ``failures`` lists every run of
    the study that is not ``ok`` at the end (also earlier failures kept with
    ``retry_failed=False``), each a dict with run_id, label, status, error and log.
    """

    out_dir: Path
    total: int
    skipped: int
    ok: int
    failed: int
    failures: list = field(default_factory=list)
    rounds: int = 0  # adaptive replications: rounds after the first
    adaptive: list | None = None  # adaptive replications: per answer, why it stopped

    def __str__(self):
        text = (f"{self.total} runs: {self.skipped} already done, {self.ok} ok, "
                f"{self.failed} failed; results in {self.out_dir}")
        kept = len(self.failures) - self.failed
        if kept > 0:
            text += f"; {kept} earlier failures kept (--no-retry-failed)"
        return text

    def failure_report(self) -> str:
        """One line per run that is not ok: what it was, how it ended, its log."""
        lines = [f"{len(self.failures)} of {self.total} runs not ok:"]
        lines += [f"  {f['run_id']} ({f['label']}): {f['status']}: {f['error']}; log: "
                  f"{f['log']}" for f in self.failures]
        return "\n".join(lines)


def default_out_dir(study: Study) -> Path:
    """results/<study name> under the current directory."""
    return Path("results") / study.name


def run_study(study, out=None, jobs=None, scheduler=None, timeout=None, retry_failed=True,
              progress=True, build_dir=None, dry_run=False, reuse_results=False, check=True,
              max_runs=MAX_RUNS, program=None) -> StudyResult:
    """Run every missing run of @p study (a Study, a dict or a study file path).

    @param out results directory (default results/<name>); locked while this runs (a
           second runner on it raises StudyLocked)
    @param jobs parallel runs on the local pool (default: all cores)
    @param scheduler a Dask scheduler address (tcp://host:port) or a dask.distributed Client:
           run on that cluster instead of the local pool
    @param timeout seconds per run (default: the study's timeout)
    @param retry_failed run failed runs again (default) or keep their failure
    @param progress show a progress bar with ETA (on stderr)
    @param build_dir where the examples are (default: hostnet.build_dir())
    @param dry_run print the commands of the missing runs and run nothing
    @param reuse_results keep finished runs of another build of the program (by default a
           run whose sidecar names other program content is done again)
    @param check check the parameters and metrics against the program first (see
           hostnet.study.check); a problem raises StudyError before anything runs
    @param max_runs refuse a study of more runs than this
    @param program a program to run instead of the study's (``--program PATH``); without
           it, a study read from a file runs only a program of this build, by name
           (Study.check_program)
    """
    import hostnet

    study = load_study(study, max_runs=max_runs)
    if jobs is not None and jobs < 1:
        raise StudyError(f"jobs = {jobs}; allowed: 1 or more")
    if timeout is not None and timeout <= 0:
        raise StudyError(f"timeout = {timeout}; allowed: > 0 seconds")
    study.check_program(program)
    study.check_files()  # every file the study names, before any run
    program = study.resolve_program(Path(build_dir) if build_dir else hostnet.build_dir(),
                                    program)
    if check:
        from .check import check_study

        check_study(study, program, warn=_warn)
    timeout = timeout or study.timeout
    out_dir = Path(out) if out else default_out_dir(study)
    identity = program_identity(program)
    if dry_run:
        return _dry_run(study, program, identity, out_dir, retry_failed, reuse_results)
    with ResultsLock(out_dir):
        return _run_locked(study, program, identity, out_dir, jobs, scheduler, timeout,
                           retry_failed, progress, reuse_results)


def _dry_run(study, program, identity, out_dir, retry_failed, reuse_results) -> StudyResult:
    """Print the commands of the missing runs; with adaptive replications, those of the
    first round that has missing runs (the rounds before it replayed from the finished
    runs; the rounds after it depend on its results)."""
    store = ResultStore(out_dir, study, program, identity, reuse_results) \
        if (out_dir / "runs").is_dir() else None
    done = store.load_records(quarantine=False) if store else {}
    reps = initial_replications(study) if study.adaptive is not None else None
    while True:
        specs = study.expand(reps)
        todo = _todo(specs, done, store, retry_failed)
        if todo or reps is None:
            break
        additions, _ = plan_round(study, reps, {k: r for k, r in done.items()
                                                if store is None or store.current(r)})
        if not additions:
            break
        for key, rng in additions.items():
            reps[key] = reps[key] + [rng]
    for spec in todo:
        print(" ".join([str(program), *spec.arguments(), "--metrics=<file>"]))
    if reps is not None and todo:
        print(f"# adaptive replications: the rounds after these runs depend on their "
              f"results ({study.adaptive.describe()})", file=sys.stderr)
    return StudyResult(out_dir, len(specs), len(specs) - len(todo), 0, 0)


def _todo(specs, done, store, retry_failed) -> list:
    """The runs to do: not done, done by another build of the program, or failed."""
    return [s for s in specs if s.run_id not in done or not store.current(done[s.run_id])
            or (retry_failed and done[s.run_id]["status"] != "ok")]


def _run_locked(study, program, identity, out_dir, jobs, scheduler, timeout, retry_failed,
                progress, reuse_results) -> StudyResult:
    """Run the study's missing runs; with adaptive replications, round after round (each
    round's runs, then the next round's plan from the results: see hostnet.study.adaptive)."""
    store = ResultStore(out_dir, study, program, identity, reuse_results)
    done = store.load_records()
    store.write_study()
    reps = initial_replications(study) if study.adaptive is not None else None
    ok = failed = rounds = 0
    stale_warned = set()
    states = None
    bar = _progress(0, 0, study.name, progress)
    try:
        while True:
            specs = study.expand(reps)
            stale = [s for s in specs if s.run_id in done and not store.current(done[s.run_id])
                     and s.run_id not in stale_warned]
            if stale:
                stale_warned.update(s.run_id for s in stale)
                _warn(f"{len(stale)} finished runs in {out_dir} were made by another build of "
                      f"{program.name} (different content hash); running them again "
                      "(--reuse-results keeps them)")
            todo = _todo(specs, done, store, retry_failed)
            store.compact(run_ids={s.run_id for s in specs})
            bar.total = len(specs)
            bar.update(len(specs) - len(todo) - bar.n)
            runs = _execute(todo, program, timeout, study.metrics, jobs, scheduler, store)
            try:
                for spec, record in runs:
                    record = store.add(spec, record)
                    done[spec.run_id] = record
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
            if reps is None:
                break
            additions, states = plan_round(study, reps, {k: r for k, r in done.items()
                                                         if store.current(r)})
            _write_atomic(out_dir / "adaptive.json",
                          state_document(study, states, rounds, len(specs), not additions))
            if not additions:
                break
            rounds += 1
            for key, rng in additions.items():
                reps[key] = reps[key] + [rng]
    finally:
        bar.close()
    scope = {s.run_id for s in specs}
    store.compact(run_ids=scope)
    final = store.load_records()
    failures = []
    for spec in specs:
        record = final.get(spec.run_id)
        if record is not None and store.current(record) and record["status"] != "ok":
            failures.append({"run_id": spec.run_id, "label": _label(spec),
                             "status": record["status"], "error": record.get("error", ""),
                             "log": str(store.log_path(spec.run_id))})
    return StudyResult(out_dir, len(specs), len(specs) - ok - failed, ok, failed, failures,
                       rounds, states)


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
