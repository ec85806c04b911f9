"""Run one program in its own process: the part of the study runner that runs on a worker.

This module imports only the standard library, so that :func:`shipped_by_value` can send
:func:`execute_run` to a Dask cluster by value: the scheduler and the workers need dask
and the program at the same path, but not the hostnet package.
"""

from __future__ import annotations

import json
import math
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

__all__ = ["allow_new_runs", "execute_run", "kill_active_runs", "shipped_by_value"]

_LOG_LIMIT = 1 << 20  # a remote (Dask) run sends back at most the last MiB of its output


class _RunRegistry:
    """The runs under way in this process (killed if the study is interrupted).

    Starting a run and registering it happen under the lock, and an interrupt closes the
    registry under the same lock, so no run can start unseen between the two (a worker
    thread that had just started its process when the interrupt came). Shipped to a Dask
    worker (by value, with this module) it arrives empty and open.
    """

    def __init__(self):
        self.procs: set = set()
        self.lock = threading.Lock()
        self.closed = False

    def __reduce__(self):
        return (_RunRegistry, ())


_ACTIVE = _RunRegistry()


def _kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL the run's whole process group (the program and anything it started)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def kill_active_runs() -> int:
    """Kill every run this process has under way and refuse new ones until
    allow_new_runs(); return how many were killed."""
    with _ACTIVE.lock:
        _ACTIVE.closed = True
        procs = list(_ACTIVE.procs)
    for proc in procs:
        _kill_group(proc)
    return len(procs)


def allow_new_runs() -> None:
    """Accept runs again (after an interrupted study's workers have all returned)."""
    with _ACTIVE.lock:
        _ACTIVE.closed = False


def execute_run(program: str, arguments: list, timeout: float, required=(),
                log_path=None) -> dict:
    """Run one simulation in its own process and return its record; never raises.

    The program gets ``--metrics=<file>`` and must write a JSON object there whose values are
    numbers (or null: undefined in this run; NaN and infinities count as null). Its stdout
    and stderr go to @p log_path (after a first line with the command), or, without it (a
    Dask worker, whose files the client may not see), to a temporary file whose last MiB is returned as ``record["log"]``. The
    program runs in its own process group, which is killed as a whole at the timeout.

    Status: ``ok``; ``failed`` (non-zero exit or killed by a signal); ``timeout``;
    ``bad-metrics`` (no file, not a JSON object of numbers, or a required metric missing);
    ``error`` (the program could not be started).
    """
    started = time.time()
    record = {"status": "ok", "returncode": None, "error": "", "metrics": {},
              "host": socket.gethostname(), "started": started}
    with tempfile.TemporaryDirectory(prefix="hostnet-run-") as tmp:
        metrics_path = os.path.join(tmp, "metrics.json")
        command = [str(program), *arguments, f"--metrics={metrics_path}"]
        record["command"] = command
        log_file = Path(log_path) if log_path else Path(tmp) / "output.log"
        log_file.parent.mkdir(parents=True, exist_ok=True)
        with open(log_file, "wb") as log:
            log.write((" ".join(command) + "\n\n").encode())
            log.flush()
            proc = None
            with _ACTIVE.lock:
                if _ACTIVE.closed:
                    record["status"] = "error"
                    record["error"] = "the study was interrupted before this run started"
                    log.write(f"{record['error']}\n".encode())
                else:
                    try:
                        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log,
                                                stderr=subprocess.STDOUT, cwd=tmp,
                                                start_new_session=True)
                        _ACTIVE.procs.add(proc)
                    except OSError as e:
                        record["status"] = "error"
                        record["error"] = f"cannot start {program}: {e}"
                        log.write(f"{record['error']}\n".encode())
            if proc is not None:
                try:
                    record["returncode"] = proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    _kill_group(proc)
                    proc.wait()
                    record["status"] = "timeout"
                    record["error"] = f"timed out after {timeout:g} s"
                    log.write(f"\n[hostnet study] {record['error']}: killed\n".encode())
                finally:
                    _kill_group(proc)  # leftovers of the group (a program's own children)
                    _ACTIVE.procs.discard(proc)
                code = record["returncode"]
                if record["status"] == "ok" and code != 0:
                    record["status"] = "failed"
                    record["error"] = (f"exit code {code}" if code > 0
                                       else f"killed by signal {-code}")
        if record["status"] == "ok":
            record["metrics"], problem = _read_metrics(metrics_path, required)
            if problem:
                record["status"] = "bad-metrics"
                record["error"] = problem
        if not log_path:
            record["log"] = _tail(log_file, _LOG_LIMIT)
    record["wall_s"] = round(time.time() - started, 3)
    return record


def _tail(path: Path, limit: int) -> str:
    """The last @p limit bytes of a file, as text."""
    size = path.stat().st_size
    with open(path, "rb") as f:
        if size > limit:
            f.seek(size - limit)
        text = f.read().decode(errors="replace")
    if size > limit:
        text = f"[hostnet study: first {size - limit} bytes of the output dropped]\n" + text
    return text


def _read_metrics(path: str, required) -> tuple:
    """Parse the metrics file: (metrics, problem or '')."""
    try:
        with open(path) as f:
            data = json.load(f)
    except FileNotFoundError:
        return {}, "the program wrote no metrics file"
    except (OSError, ValueError) as e:
        return {}, f"metrics file is not valid JSON: {e}"
    if not isinstance(data, dict):
        return {}, f"metrics file holds a {type(data).__name__}, not a JSON object"
    bad = [k for k, v in data.items()
           if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)))]
    if bad:
        return {}, f"metrics {bad} are not numbers (or null)"
    # NaN and infinities (which Python's json writes) are undefined, as null is.
    data = {k: (v if v is None or math.isfinite(v) else None) for k, v in data.items()}
    missing = [m for m in required if m not in data]
    if missing:
        return data, f"required metrics missing: {missing}"
    return data, ""


class _ByValue:
    """A callable that pickles as ``cloudpickle.loads(<the function by value>)``."""

    def __init__(self, func):
        self.func = func

    def __call__(self, *args, **kwargs):
        return self.func(*args, **kwargs)

    def __reduce__(self):
        import cloudpickle

        module = sys.modules[self.func.__module__]
        registered = module.__name__ in cloudpickle.list_registry_pickle_by_value()
        if not registered:
            cloudpickle.register_pickle_by_value(module)
        try:
            payload = cloudpickle.dumps(self.func)
        finally:
            if not registered:
                cloudpickle.unregister_pickle_by_value(module)
        return (cloudpickle.loads, (payload,))


def shipped_by_value(func):
    """@p func (of this module) wrapped so that pickling sends its code, not its name."""
    return _ByValue(func)
