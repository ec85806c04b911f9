"""``hostnet profile calibrate``: fit a host profile's costs to measurements of that host.

The measurements are a small table (CSV) of single-flow results, one row per offload
configuration: throughput, CPU utilisation of the receiver and the sender, throughput per
core, the data-copy share of each side (any of them may be empty: not measured), as iperf3
with mpstat (and perf for the copy shares) give them; doc/user-guide.rst ("Calibrating the
costs") documents the format and data/validation/cai-2021-single-flow.csv is an example (Cai et al. 2021's table). For each
candidate set of costs, hostnet's own scenario of those measurements
(``hostnet-stack-overheads``, one long TCP flow between two hosts of the profile) runs the
configurations the table names with a temporary profile that overrides the costs of the
profile being calibrated. scipy's derivative-free Nelder-Mead (or Powell) minimises the sum
of squared relative residuals over the measured values, in log space (every cost and rate is
positive). At the optimum a finite-difference Jacobian of the relative residuals gives each
fitted value a 95 % interval (s^2 (J^T J)^-1 in log space, a multiplicative interval) and
shows which parameters the measurements do not determine. The fitted profile is written with
``base`` = the profile calibrated and the fitted values with their source.

A second kind of table holds TCP_RR measurements (netperf TCP_RR, neper tcp_rr): one row per
(flows, threads, request size, response size) with the measured transactions per second and/or
latency; it runs ``hostnet-tcp-rr`` (two hosts of the profile, closed-loop flows) instead.
The kind follows from the header: a ``flows`` column makes it a TCP_RR table.

Library: read_measurements, profile_values, calibrate (with any simulate function: the tests
use an analytic one), ExampleSimulator (the real one), format_report, fitted_profile_toml.
Command: add_arguments(parser) and run(args) (exit 0 success, 1 a simulation failed,
2 bad input).
"""

from __future__ import annotations

import argparse
import csv
import datetime
import difflib
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

REPOSITORY = Path(__file__).resolve().parents[3]
PROFILE_DIR = REPOSITORY / "data" / "hosts"
PROGRAM = "hostnet-stack-overheads"


class CalibrateError(Exception):
    """Bad input (exit status 2): the message names the file, line, value or option."""


class SimulationError(Exception):
    """A simulation failed (exit status 1): the message names the configuration."""


# --------------------------------------------------------------------------------------------
# Parameters
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Parameter:
    """One fittable value of a profile."""

    name: str        #: the ns-3 attribute name (the profile's key)
    section: str     #: the profile section ("costs", "stack.socket", "cpu.locality")
    kind: str        #: "time" (seconds), "rate" (bit/s) or "factor" (a plain number >= 1)
    what: str        #: what it costs, for the report


PARAMETERS = {p.name: p for p in (
    # ns3::HostCostModel (model/os/host-cost-model.cc): the profile's [costs]
    Parameter("IsrCost", "costs", "time", "Rx hard interrupt handler, per interrupt"),
    Parameter("ProtocolCost", "costs", "time", "per packet up the stack (TCP/IP), softirq"),
    Parameter("ProtocolCopyRate", "costs", "rate", "per byte in the receive softirq"),
    Parameter("GroCost", "costs", "time", "per frame through GRO (driver, skb, GRO)"),
    Parameter("TxCost", "costs", "time", "per transmit call (a TSO send, an ACK)"),
    Parameter("TxByteRate", "costs", "rate", "per byte transmitted"),
    Parameter("GsoSegmentCost", "costs", "time", "per segment cut by software GSO"),
    Parameter("RegisterWriteCost", "costs", "time", "interrupt unmask register write"),
    Parameter("PollOverheadCost", "costs", "time", "timer interrupt of a timer-driven poll"),
    # ns3::HostSocketCosts (model/os/host-socket-costs.cc): the profile's [stack.socket]
    Parameter("SyscallCost", "stack.socket", "time", "per read or write system call"),
    Parameter("RecvCopyRate", "stack.socket", "rate", "copy to user space (recvmsg)"),
    Parameter("SendCopyRate", "stack.socket", "rate", "copy from user space (sendmsg)"),
    Parameter("SkbFreeCost", "stack.socket", "time", "per packet freed by the reader"),
    Parameter("SocketLockCost", "stack.socket", "time",
              "per packet another core's softirq delivered to the reader"),
    # ns3::CpuLocality (model/cpu/cpu-locality.cc): the profile's [cpu.locality]
    Parameter("RemoteNumaFactor", "cpu.locality", "factor",
              "slow-down of network work on another NUMA node than the NIC's"),
    Parameter("CrossCoreCopyFactor", "cpu.locality", "factor",
              "slow-down of the reader's copy of data another core processed"),
)}

_TIME_UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9, "ps": 1e-12, "fs": 1e-15,
               "min": 60.0, "h": 3600.0, "d": 86400.0}
_RATE_PREFIXES = {"": 1.0, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9,
                  "Ki": 1024.0, "Mi": 1024.0 ** 2, "Gi": 1024.0 ** 3}


def parse_value(kind: str, text) -> float:
    """Return a profile value in SI units (seconds, bit/s or a number), or raise ValueError.

    Times are ns-3 time strings ("1us", "0.05us", "2ms"; a bare number is seconds), rates
    ns-3 data rates ("138Gbps", "5984Mbps", "10GB/s"), factors plain numbers.
    """
    if kind == "factor":
        if isinstance(text, bool) or not isinstance(text, (int, float)):
            raise ValueError(f"{text!r} is not a number")
        return float(text)
    if not isinstance(text, str):
        if kind == "time" and isinstance(text, (int, float)) and not isinstance(text, bool):
            return float(text)
        raise ValueError(f"{text!r} is not a {kind} string")
    s = text.strip()
    if kind == "time":
        m = re.fullmatch(r"([0-9.]+(?:[eE][-+]?[0-9]+)?)\s*(min|ms|us|ns|ps|fs|s|h|d)?", s)
        if not m:
            raise ValueError(f"{text!r} is not a time such as 1us")
        return float(m.group(1)) * _TIME_UNITS[m.group(2) or "s"]
    m = re.fullmatch(r"([0-9.]+(?:[eE][-+]?[0-9]+)?)\s*(Ki|Mi|Gi|k|K|M|G)?(bps|b/s|Bps|B/s)", s)
    if not m:
        raise ValueError(f"{text!r} is not a data rate such as 138Gbps")
    bits = 8.0 if m.group(3).startswith("B") else 1.0
    return float(m.group(1)) * _RATE_PREFIXES[m.group(2) or ""] * bits


def _significant(x: float, digits: int = 4) -> str:
    """@p x with @p digits significant digits, positional (no exponent), trailing zeros cut."""
    if x == 0:
        return "0"
    exponent = math.floor(math.log10(abs(x)))
    decimals = max(digits - 1 - exponent, 0)
    text = f"{round(x, digits - 1 - exponent):.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def format_value(kind: str, value: float):
    """Return @p value (SI) as the profile writes it: "0.9312us", "131.2Gbps", 1.3.

    Four significant digits; the unit keeps the number in [1, 1000) where it can.
    """
    if kind == "factor":
        return float(_significant(value))
    if kind == "time":
        for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
            if value >= scale:
                return _significant(value / scale) + unit
        return _significant(value / 1e-9) + "ns"
    if value >= 1e9:
        return _significant(value / 1e9) + "Gbps"
    return _significant(value / 1e6) + "Mbps"


def _closest(name: str, choices) -> str:
    """' (did you mean X?)' for the closest of @p choices, or ''."""
    close = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.5)
    if not close:
        close = [c for c in choices if c.lower() == name.lower()]
    return f" (did you mean {close[0]}?)" if close else ""


def parse_params(text: str) -> list[str]:
    """Return the parameter names of a comma-separated list; CalibrateError on an unknown one."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise CalibrateError("--params: no parameter named")
    for n in names:
        if n not in PARAMETERS:
            raise CalibrateError(f"--params: unknown parameter '{n}'{_closest(n, PARAMETERS)}; "
                                 f"valid: {', '.join(PARAMETERS)}")
    if len(set(names)) != len(names):
        raise CalibrateError("--params: a parameter is named twice")
    return names


def parse_bound(text: str) -> tuple[str, float, float]:
    """Parse "Name=LOW:HIGH" ("GroCost=0.05us:0.5us"); CalibrateError when malformed."""
    name, sep, rng = text.partition("=")
    name = name.strip()
    low, sep2, high = rng.partition(":")
    if not sep or not sep2:
        raise CalibrateError(f"--bound {text}: expected NAME=LOW:HIGH, e.g. GroCost=0.05us:0.5us")
    if name not in PARAMETERS:
        raise CalibrateError(f"--bound {text}: unknown parameter '{name}'"
                             f"{_closest(name, PARAMETERS)}")
    kind = PARAMETERS[name].kind
    try:
        lo = parse_value(kind, float(low) if kind == "factor" else low.strip())
        hi = parse_value(kind, float(high) if kind == "factor" else high.strip())
    except ValueError as e:
        raise CalibrateError(f"--bound {text}: {e}") from None
    if not 0 < lo < hi:
        raise CalibrateError(f"--bound {text}: need 0 < LOW < HIGH")
    return name, lo, hi


# --------------------------------------------------------------------------------------------
# Measurements
# --------------------------------------------------------------------------------------------

#: The scenario's configurations (Cai et al.'s names) and their flags (tso_gro, jumbo, arfs).
CONFIGS = {
    "no-opts": (False, False, False),
    "tsogro": (True, False, False),
    "jumbo": (False, True, False),
    "tsogro+jumbo": (True, True, False),
    "tsogro+arfs": (True, False, True),
    "jumbo+arfs": (False, True, True),
    "all-opts": (True, True, True),
}

#: Measured quantities: the measurement table's column -> (the scenario's CSV column, label).
QUANTITIES = {
    "throughput_gbps": ("thr_gbps", "throughput, Gb/s"),
    "rx_util_percent": ("rx_util", "receiver CPU utilisation, % (sum over cores)"),
    "tx_util_percent": ("tx_util", "sender CPU utilisation, % (sum over cores)"),
    "per_core_gbps": ("per_core", "throughput per receiver core, Gb/s"),
    "rx_copy_percent": ("rx_copy", "receiver copy share of busy time, %"),
    "tx_copy_percent": ("tx_copy", "sender copy share of busy time, %"),
}

_FLAG_COLUMNS = ("tso_gro", "jumbo", "arfs")
_TRUE = {"1", "yes", "on", "true", "y"}
_FALSE = {"0", "no", "off", "false", "n"}


@dataclass(frozen=True)
class Measurement:
    """One measured value."""

    config: str      #: the configuration (a key of CONFIGS)
    quantity: str    #: the column (a key of QUANTITIES)
    value: float     #: what was measured
    where: str       #: "file:line", for messages


#: TCP_RR tables: the program, the columns that name a configuration (threads may be left
#: out: 1) and the measured quantities: column -> (hostnet-tcp-rr's metric, label).
TCP_RR_PROGRAM = "hostnet-tcp-rr"
TCP_RR_KEYS = ("flows", "threads", "request_size", "response_size")
TCP_RR_QUANTITIES = {
    "transactions_per_s": ("transactions_per_s", "transactions per second"),
    "latency_avg_us": ("latency_avg_us", "mean latency, us"),
    "latency_p50_us": ("latency_p50_us", "median latency, us"),
    "latency_p99_us": ("latency_p99_us", "99th percentile latency, us"),
}
#: Largest flows and message sizes hostnet-tcp-rr accepts.
_TCP_RR_LIMITS = {"flows": 16384, "threads": 4096, "request_size": 1 << 24,
                  "response_size": 1 << 24}


def tcp_rr_config(flows: int, threads: int, request: int, response: int) -> str:
    """The configuration name of a TCP_RR row: "flows=F,threads=T,request=R,response=S"."""
    return f"flows={flows},threads={threads},request={request},response={response}"


def parse_tcp_rr_config(config: str) -> dict[str, int]:
    """The inverse of tcp_rr_config: {"flows": F, "threads": T, "request": R, "response": S}."""
    return {k: int(v) for k, v in (item.split("=") for item in config.split(","))}


def is_tcp_rr(measurements: list[Measurement]) -> bool:
    """Whether the measurements come from a TCP_RR table."""
    return any(m.config.startswith("flows=") for m in measurements)


def _quantities(measurements: list[Measurement]) -> dict:
    """The quantity table of the measurements' kind."""
    return TCP_RR_QUANTITIES if is_tcp_rr(measurements) else QUANTITIES


def _row_measurements(name: str, cells: dict, quantities, where: str) -> list[Measurement]:
    """The measurements of one table row: each non-empty cell of @p quantities, which must be
    a positive finite number (CalibrateError naming the row and the column otherwise)."""
    out = []
    for q in quantities:
        cell = cells.get(q, "")
        if not cell:
            continue
        try:
            value = float(cell)
        except ValueError:
            raise CalibrateError(f"{where}: column '{q}': '{cell}' is not a number") from None
        if not math.isfinite(value) or value <= 0:
            raise CalibrateError(f"{where}: column '{q}': {cell} is not a positive number")
        out.append(Measurement(name, q, value, where))
    return out


def _read_tcp_rr(path: Path, lines, rows, header, hline) -> list[Measurement]:
    """Read the rows of a TCP_RR table (see read_measurements)."""
    known = [*TCP_RR_KEYS, *TCP_RR_QUANTITIES]
    for h in header:
        if h not in known:
            raise CalibrateError(f"{path}:{hline}: unknown column '{h}'{_closest(h, known)}; "
                                 f"columns of a TCP_RR table: {', '.join(TCP_RR_KEYS)} "
                                 f"(threads may be left out: 1), "
                                 f"{', '.join(TCP_RR_QUANTITIES)}")
    for k in ("flows", "request_size", "response_size"):
        if k not in header:
            raise CalibrateError(f"{path}:{hline}: a TCP_RR table needs a '{k}' column "
                                 f"(columns: {', '.join(TCP_RR_KEYS)})")
    if not any(q in header for q in TCP_RR_QUANTITIES):
        raise CalibrateError(f"{path}:{hline}: no measured column; give one or more of "
                             f"{', '.join(TCP_RR_QUANTITIES)}")
    out: list[Measurement] = []
    seen: dict[str, int] = {}
    for (lineno, _), row in zip(lines[1:], rows[1:]):
        where = f"{path}:{lineno}"
        if len(row) != len(header):
            raise CalibrateError(f"{where}: {len(row)} fields, the header has {len(header)}")
        cells = {h: c.strip() for h, c in zip(header, row)}
        key = {}
        for k in TCP_RR_KEYS:
            cell = cells.get(k, "1" if k == "threads" else "")
            if not re.fullmatch(r"[0-9]+", cell) or not 1 <= int(cell) <= _TCP_RR_LIMITS[k]:
                raise CalibrateError(f"{where}: column '{k}': '{cell}' is not a whole number "
                                     f"in 1..{_TCP_RR_LIMITS[k]}")
            key[k] = int(cell)
        if key["flows"] % key["threads"] != 0:
            raise CalibrateError(f"{where}: flows {key['flows']} is not a multiple of threads "
                                 f"{key['threads']} (each thread serves flows / threads flows)")
        name = tcp_rr_config(key["flows"], key["threads"], key["request_size"],
                             key["response_size"])
        if name in seen:
            raise CalibrateError(f"{where}: {name} again (line {seen[name]})")
        seen[name] = lineno
        out += _row_measurements(name, cells, TCP_RR_QUANTITIES, where)
    if not out:
        raise CalibrateError(f"{path}: nothing measured (every cell is empty)")
    return out


def read_measurements(path) -> list[Measurement]:
    """Read a measurement table (CSV; '#' lines are comments): single-flow, or TCP_RR when
    the header has a ``flows`` column.

    TCP_RR columns: ``flows``, ``threads`` (optional, 1), ``request_size``,
    ``response_size`` (bytes), then any of TCP_RR_QUANTITIES.

    Columns: ``config`` (a name of CONFIGS) or the three flags ``tso_gro``, ``jumbo``,
    ``arfs`` (1/0, yes/no, on/off), then any of QUANTITIES; an empty cell is not measured.
    Raises CalibrateError naming the file and line.
    """
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as e:
        raise CalibrateError(f"{path}: cannot read the measurements ({e.strerror})") from None
    lines = [(i + 1, line) for i, line in enumerate(text.splitlines())
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        raise CalibrateError(f"{path}: no table (a header line and one row per configuration)")
    rows = list(csv.reader([line for _, line in lines]))
    header = [h.strip() for h in rows[0]]
    hline = lines[0][0]
    if len(set(header)) != len(header):
        raise CalibrateError(f"{path}:{hline}: a column is named twice")
    if "flows" in header:
        return _read_tcp_rr(path, lines, rows, header, hline)
    known = ["config", *_FLAG_COLUMNS, *QUANTITIES]
    for h in header:
        if h not in known:
            raise CalibrateError(f"{path}:{hline}: unknown column '{h}'{_closest(h, known)}; "
                                 f"columns: config (or {', '.join(_FLAG_COLUMNS)}), "
                                 f"{', '.join(QUANTITIES)}")
    if len(set(header)) != len(header):
        raise CalibrateError(f"{path}:{hline}: a column is named twice")
    has_flags = all(f in header for f in _FLAG_COLUMNS)
    if "config" not in header and not has_flags:
        raise CalibrateError(f"{path}:{hline}: no 'config' column (nor the three columns "
                             f"{', '.join(_FLAG_COLUMNS)})")
    if not any(q in header for q in QUANTITIES):
        raise CalibrateError(f"{path}:{hline}: no measured column; give one or more of "
                             f"{', '.join(QUANTITIES)}")
    by_flags = {flags: name for name, flags in CONFIGS.items()}
    out: list[Measurement] = []
    seen: dict[str, int] = {}
    for (lineno, _), row in zip(lines[1:], rows[1:]):
        where = f"{path}:{lineno}"
        if len(row) != len(header):
            raise CalibrateError(f"{where}: {len(row)} fields, the header has {len(header)}")
        cells = {h: c.strip() for h, c in zip(header, row)}
        name = cells.get("config", "")
        if not name:
            if not has_flags:
                raise CalibrateError(f"{where}: empty config")
            flags = []
            for f in _FLAG_COLUMNS:
                v = cells[f].lower()
                if v not in _TRUE | _FALSE:
                    raise CalibrateError(f"{where}: column '{f}': '{cells[f]}' is not 1/0, "
                                         "yes/no or on/off")
                flags.append(v in _TRUE)
            name = by_flags.get(tuple(flags))
            if name is None:
                raise CalibrateError(f"{where}: aRFS without TSO/GRO and jumbo frames is not "
                                     "one of the scenario's configurations")
        elif name not in CONFIGS:
            raise CalibrateError(f"{where}: unknown config '{name}'{_closest(name, CONFIGS)}; "
                                 f"valid: {', '.join(CONFIGS)}")
        if name in seen:
            raise CalibrateError(f"{where}: config '{name}' again (line {seen[name]})")
        seen[name] = lineno
        out += _row_measurements(name, cells, QUANTITIES, where)
    if not out:
        raise CalibrateError(f"{path}: nothing measured (every cell is empty)")
    return out


# --------------------------------------------------------------------------------------------
# Profiles
# --------------------------------------------------------------------------------------------

def resolve_profile(profile: str, relative_to: Path | None = None) -> Path:
    """Return the file of a profile as the C++ loader finds it (helper/host-profile.cc):
    a shipped name (data/hosts/<name>.toml), else a path, relative to @p relative_to (the
    directory of the file that names it) unless absolute."""
    shipped = PROFILE_DIR / f"{profile}.toml"
    if profile and "/" not in profile and shipped.is_file():
        return shipped.resolve()
    p = Path(profile)
    if not p.is_absolute() and relative_to is not None:
        p = relative_to / p
    if profile and p.is_file():
        return p.resolve()
    names = sorted(f.stem for f in PROFILE_DIR.glob("*.toml"))
    raise CalibrateError(f"profile '{profile}': no such file nor shipped profile "
                         f"({', '.join(names)})")


def _lookup(table: dict, section: str, key: str):
    for part in section.split("."):
        table = table.get(part)
        if not isinstance(table, dict):
            return None
    value = table.get(key)
    if isinstance(value, dict):
        value = value.get("value")
    return value


def profile_values(profile: str, names) -> dict[str, float | None]:
    """Return the values (SI) of parameters @p names in @p profile, following its ``base``
    chain; None where no profile in the chain sets one."""
    values: dict[str, float | None] = {n: None for n in names}
    path = resolve_profile(profile)
    seen = set()
    while path is not None:
        if path in seen:
            raise CalibrateError(f"profile {path}: its base chain loops")
        seen.add(path)
        try:
            data = tomllib.loads(path.read_text())
        except (OSError, tomllib.TOMLDecodeError) as e:
            raise CalibrateError(f"profile {path}: {e}") from None
        for n in names:
            if values[n] is None:
                raw = _lookup(data, PARAMETERS[n].section, n)
                if raw is not None:
                    try:
                        values[n] = parse_value(PARAMETERS[n].kind, raw)
                    except ValueError as e:
                        raise CalibrateError(f"profile {path}: [{PARAMETERS[n].section}] {n}: "
                                             f"{e}") from None
        base = data.get("base")
        path = resolve_profile(base, path.parent) if isinstance(base, str) else None
    return values


def override_toml(base: str, values: dict[str, float], sources: dict[str, str] | None = None,
                  header: dict | None = None) -> str:
    """Return a profile (TOML text) that is @p base with @p values (SI) set; with @p sources
    each value is written as { value, source } (inline, the layout of data/hosts/*.toml)."""
    from hostnet.profile.from_host import write_profile

    doc: dict = {"base": base}
    if header:
        doc["profile"] = dict(header)
    for name, v in values.items():
        p = PARAMETERS[name]
        table = doc
        for part in p.section.split("."):
            table = table.setdefault(part, {})
        text = format_value(p.kind, v)
        table[name] = {"value": text, "source": sources[name]} if sources else text
    return write_profile(doc)


def base_reference(profile: str) -> str:
    """@p profile as a ``base`` that works from anywhere: a shipped name, else the absolute
    path."""
    if "/" not in profile and (PROFILE_DIR / f"{profile}.toml").is_file():
        return profile
    return str(resolve_profile(profile))


# --------------------------------------------------------------------------------------------
# Simulators
# --------------------------------------------------------------------------------------------

#: simulate(values, configs) -> {config: {quantity: value (nan: undefined)}}; values are the
#: fitted parameters in SI units, quantities the keys of QUANTITIES.
Simulate = Callable[[dict, list], dict]


def find_program(build_dir: str | None = None, program: str = PROGRAM) -> Path:
    """The scenario's program in @p build_dir, $HOSTNET_BUILD_DIR or <repository>/build."""
    base = Path(build_dir or os.environ.get("HOSTNET_BUILD_DIR") or REPOSITORY / "build")
    return base / "examples" / program


class ExampleSimulator:
    """Runs ``hostnet-stack-overheads --preset=<override profile> --configs=C --csv=...``,
    one process per configuration, @p jobs at a time."""

    def __init__(self, program: Path, base: str, warmup: str = "20ms", measure: str = "10ms",
                 jobs: int = 2, timeout: float = 600.0, workdir: str | None = None):
        self.program = Path(program)
        self.base = base
        self.warmup = warmup
        self.measure = measure
        self.jobs = max(1, jobs)
        self.timeout = timeout
        self._tmp = tempfile.TemporaryDirectory(prefix="hostnet-calibrate-", dir=workdir)
        self._count = 0
        self._seconds: dict[str, float] = {}

    def close(self):
        """Remove the temporary profiles and tables."""
        self._tmp.cleanup()

    def _timed(self, profile: Path, config: str, index: int) -> dict:
        t0 = time.monotonic()
        result = self._run_one(profile, config, index)
        self._seconds[config] = time.monotonic() - t0
        return result

    def _run_one(self, profile: Path, config: str, index: int) -> dict:
        out = Path(self._tmp.name) / f"run{index}-{config}.csv"
        cmd = [str(self.program), f"--preset={profile}", f"--configs={config}",
               f"--warmup={self.warmup}", f"--measure={self.measure}", f"--csv={out}"]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            raise SimulationError(f"configuration {config}: no result within {self.timeout:g} s "
                                  f"({' '.join(cmd)})") from None
        except OSError as e:
            raise SimulationError(f"configuration {config}: cannot run {self.program} "
                                  f"({e.strerror})") from None
        if proc.returncode != 0 or not out.is_file():
            tail = (proc.stderr.strip() or proc.stdout.strip())[-1500:]
            raise SimulationError(f"configuration {config}: {PROGRAM} exited with status "
                                  f"{proc.returncode}\n  command: {' '.join(cmd)}\n  {tail}")
        with out.open() as f:
            rows = list(csv.DictReader(f))
        out.unlink()
        row = next((r for r in rows if r.get("config") == config), None)
        if row is None:
            raise SimulationError(f"configuration {config}: {PROGRAM} wrote no row for it")
        result = {}
        for q, (column, _) in QUANTITIES.items():
            cell = (row.get(column) or "").strip()
            result[q] = float(cell) if cell else math.nan
        return result

    def __call__(self, values: dict, configs: list) -> dict:
        self._count += 1
        profile = Path(self._tmp.name) / f"profile{self._count}.toml"
        profile.write_text(override_toml(self.base, values))
        # The longest runs first (as timed last time), so that the jobs end together.
        order = sorted(configs, key=lambda c: -self._seconds.get(c, 0.0))
        with ThreadPoolExecutor(self.jobs) as pool:
            futures = {c: pool.submit(self._timed, profile, c, self._count) for c in order}
            results = {c: futures[c].result() for c in configs}
        profile.unlink()
        return results


class TcpRrSimulator(ExampleSimulator):
    """Runs ``hostnet-tcp-rr --server=<override profile> --client=<the same> --flows=F
    --threads=T --requestSize=R --responseSize=S --metrics=...``, one process per row."""

    def _run_one(self, profile: Path, config: str, index: int) -> dict:
        key = parse_tcp_rr_config(config)
        out = Path(self._tmp.name) / f"run{index}-{abs(hash(config))}.json"
        cmd = [str(self.program), f"--server={profile}", f"--client={profile}",
               f"--flows={key['flows']}", f"--threads={key['threads']}",
               f"--requestSize={key['request']}", f"--responseSize={key['response']}",
               f"--warmup={self.warmup}", f"--duration={self.measure}", f"--metrics={out}"]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            raise SimulationError(f"configuration {config}: no result within {self.timeout:g} s "
                                  f"({' '.join(cmd)})") from None
        except OSError as e:
            raise SimulationError(f"configuration {config}: cannot run {self.program} "
                                  f"({e.strerror})") from None
        if proc.returncode != 0 or not out.is_file():
            tail = (proc.stderr.strip() or proc.stdout.strip())[-1500:]
            raise SimulationError(f"configuration {config}: {TCP_RR_PROGRAM} exited with "
                                  f"status {proc.returncode}\n  command: {' '.join(cmd)}\n"
                                  f"  {tail}")
        metrics = json.loads(out.read_text())
        out.unlink()
        result = {}
        for q, (name, _) in TCP_RR_QUANTITIES.items():
            v = metrics.get(name)
            result[q] = float(v) if isinstance(v, (int, float)) else math.nan
        return result


# --------------------------------------------------------------------------------------------
# The fit
# --------------------------------------------------------------------------------------------

@dataclass
class Estimate:
    """One fitted parameter."""

    name: str
    start: float                 #: SI
    value: float                 #: SI (as written: four significant digits)
    low: float                   #: lower bound of the search
    high: float                  #: upper bound of the search
    interval: tuple[float, float] | None = None  #: 95 % interval (SI), None when undefined
    factor: float = math.inf     #: the interval's half-width as a factor (value x/ factor)
    status: str = ""             #: "determined", or why not
    at_bound: bool = False       #: the fit ended at a bound of the search


@dataclass
class Residual:
    """One measurement against the fitted profile."""

    measurement: Measurement
    start: float     #: simulated with the starting profile
    fitted: float    #: simulated with the fitted profile

    @property
    def error(self) -> float:
        """Relative error of the fitted profile (nan: undefined in the simulation)."""
        return self.fitted / self.measurement.value - 1


@dataclass
class Calibration:
    """What calibrate() found."""

    estimates: list[Estimate]
    residuals: list[Residual]
    evaluations: int             #: distinct parameter sets simulated
    seconds: float
    rms_start: float             #: RMS relative error before
    rms_fitted: float            #: and after
    sigma: float                 #: relative error scale of the intervals
    sigma_basis: str             #: where sigma comes from
    combinations: list[str] = field(default_factory=list)  #: poorly determined combinations
    message: str = ""            #: the optimiser's


#: The least relative error assumed per measurement for the intervals, when the residuals
#: are smaller: the run-to-run spread of a single-flow measurement, and the scenario's own
#: jitter between neighbouring parameter sets (about 1 % per core with 10 ms windows).
MIN_NOISE = 0.01

#: The objectives: "linear" (the sum of squared relative residuals) and "soft_l1".
LOSSES = ("linear", "soft_l1")
#: soft_l1's scale: relative residuals beyond it count linearly.
SOFT_L1_SCALE = 0.1

#: A simulated value that is undefined (nan) where one was measured counts as this relative
#: error (the measurement is missed entirely).
UNDEFINED_RESIDUAL = 1.0


def _residuals(measurements, simulated) -> list[float]:
    out = []
    for m in measurements:
        s = simulated[m.config][m.quantity]
        out.append(s / m.value - 1 if math.isfinite(s) else UNDEFINED_RESIDUAL)
    return out


def calibrate(measurements: list[Measurement], params: list[str], start: dict[str, float],
              simulate: Simulate, *, bounds: dict[str, tuple[float, float]] | None = None,
              spread: float = 4.0, max_evals: int = 150, method: str = "nelder-mead",
              step: float = 0.1, noise: float | None = None, loss: str = "linear",
              progress: Callable[[str], None] | None = None) -> Calibration:
    """Fit @p params (starting from @p start, SI) so that @p simulate matches @p measurements.

    The search is in z = log(value / start), within @p bounds (SI) or start x/ @p spread
    (factors not below 1). Values are rounded to the four significant digits a profile
    holds before they are simulated, and each distinct set is simulated once. The objective
    is the sum of squared relative residuals; @p max_evals bounds the optimiser's
    simulations. With @p loss "soft_l1" a residual beyond 10 % counts linearly, not
    squared: a measurement the model cannot meet pulls the others less. Then the Jacobian of the relative residuals by central differences of
    @p step in log space gives the intervals: covariance s^2 (J^T J)^-1 with s^2 the
    residual variance (SSR / (n - p)), or @p noise^2 when given or when n <= p.
    """
    import numpy as np
    from scipy import optimize, stats

    t0 = time.monotonic()
    if method not in ("nelder-mead", "powell"):
        raise CalibrateError(f"--method: '{method}' is not nelder-mead or powell")
    if not measurements:
        raise CalibrateError("nothing measured")
    for n in params:
        if n not in PARAMETERS:
            raise CalibrateError(f"unknown parameter '{n}'{_closest(n, PARAMETERS)}")
        if start.get(n) is None or not start[n] > 0:
            raise CalibrateError(f"parameter {n}: the profile sets no positive starting value "
                                 "(the fit is in log space); set one in the profile")
    configs = _config_order(measurements)
    lo, hi = [], []
    for n in params:
        b = (bounds or {}).get(n)
        if b is None:
            b = (start[n] / spread, start[n] * spread)
            if PARAMETERS[n].kind == "factor":
                b = (max(b[0], 1.0), max(b[1], 1.0 + 1e-9))
        if not b[0] <= start[n] <= b[1]:
            raise CalibrateError(f"parameter {n}: the start {format_value(PARAMETERS[n].kind, start[n])}"
                                 f" is outside its bounds")
        lo.append(math.log(b[0] / start[n]))
        hi.append(math.log(b[1] / start[n]))
    lo_a, hi_a = np.array(lo), np.array(hi)

    def values_of(z) -> dict[str, float]:
        out = {}
        for n, zi in zip(params, np.clip(z, lo_a, hi_a)):
            k = PARAMETERS[n].kind
            # What a profile holds: four significant digits.
            out[n] = parse_value(k, format_value(k, start[n] * math.exp(zi)))
        return out

    if loss not in LOSSES:
        raise CalibrateError(f"--loss: '{loss}' is not one of {', '.join(LOSSES)}")

    def loss_of(r) -> float:
        if loss == "linear":
            return float(r @ r)
        # soft_l1 (as scipy.optimize.least_squares): 2 (sqrt(1 + (r/f)^2) - 1) f^2, quadratic
        # below f = 10 % and linear above it.
        f = SOFT_L1_SCALE
        return float(np.sum(2 * (np.sqrt(1 + (r / f) ** 2) - 1)) * f * f)

    cache: dict[tuple, dict] = {}

    def simulated(z) -> dict:
        v = values_of(z)
        key = tuple(v[n] for n in params)
        if key not in cache:
            cache[key] = simulate(v, configs)
            if progress:
                r = _residuals(measurements, cache[key])
                progress(f"simulation {len(cache)}: rms {100 * math.sqrt(np.mean(np.square(r))):.2f} %"
                         f"  ({', '.join(f'{n}={format_value(PARAMETERS[n].kind, v[n])}' for n in params)})")
        return cache[key]

    def residual_vector(z):
        return np.array(_residuals(measurements, simulated(z)))

    def objective(z):
        return loss_of(residual_vector(z))

    p = len(params)
    z0 = np.zeros(p)
    start_sim = simulated(z0)
    opt_bounds = optimize.Bounds(lo_a, hi_a)
    if method == "nelder-mead":
        # Initial simplex: each parameter x 1.25 (or / 1.25 where that leaves the bounds).
        simplex = [z0]
        for i in range(p):
            zi = z0.copy()
            zi[i] = math.log(1.25) if hi_a[i] >= math.log(1.25) else -math.log(1.25)
            simplex.append(zi)
        res = optimize.minimize(objective, z0, method="Nelder-Mead", bounds=opt_bounds,
                                options={"initial_simplex": np.array(simplex),
                                         "maxfev": max_evals, "xatol": 0.005,
                                         "fatol": 1e-6, "adaptive": p > 3})
    else:
        res = optimize.minimize(objective, z0, method="Powell", bounds=opt_bounds,
                                options={"maxfev": max_evals, "xtol": 0.005, "ftol": 1e-6,
                                         "direc": np.eye(p) * math.log(1.25)})
    best = min(cache, key=lambda k: loss_of(np.array(_residuals(measurements, cache[k]))))
    z_best = np.array([math.log(best[i] / start[n]) for i, n in enumerate(params)])
    r_best = residual_vector(z_best)

    # Jacobian of the relative residuals in log space, central differences of `step`
    # (clipped to the bounds: one-sided there).
    jac = np.zeros((len(measurements), p))
    for i in range(p):
        zp, zm = z_best.copy(), z_best.copy()
        zp[i] = min(z_best[i] + step, hi_a[i])
        zm[i] = max(z_best[i] - step, lo_a[i])
        if zp[i] - zm[i] <= 1e-12:
            continue
        jac[:, i] = (residual_vector(zp) - residual_vector(zm)) / (zp[i] - zm[i])
    n = len(measurements)
    ssr = float(r_best @ r_best)
    if noise is not None:
        sigma, basis = noise, f"an assumed {100 * noise:g} % error per measurement (--noise)"
        dof = math.inf
    elif n > p:
        sigma = math.sqrt(ssr / (n - p))
        basis = f"the residuals: s = {100 * sigma:.2f} % ({n} measurements, {p} parameters)"
        if sigma < MIN_NOISE:
            sigma = MIN_NOISE
            basis += f", taken as {100 * MIN_NOISE:g} % (the least error assumed)"
        dof = n - p
    else:
        sigma = 0.05
        basis = (f"an assumed 5 % error per measurement: {n} measurements leave nothing to "
                 f"estimate it with {p} parameters (set --noise)")
        dof = math.inf
    t = float(stats.t.ppf(0.975, dof)) if math.isfinite(dof) else 1.959964
    jtj = jac.T @ jac
    cov = sigma ** 2 * np.linalg.pinv(jtj, rcond=1e-10)
    # A parameter whose 10 % change moves no measurement by 0.1 % has no influence here.
    influence = np.max(np.abs(jac), axis=0) * math.log(1.1) if n else np.zeros(p)
    estimates = []
    for i, name in enumerate(params):
        value = start[name] * math.exp(z_best[i])
        e = Estimate(name, start[name], value, start[name] * math.exp(lo_a[i]),
                     start[name] * math.exp(hi_a[i]))
        e.at_bound = z_best[i] <= lo_a[i] + 1e-9 or z_best[i] >= hi_a[i] - 1e-9
        if influence[i] < 1e-3:
            e.status = ("not determined by these measurements: a 10 % change moves none of "
                        "them by 0.1 %")
        else:
            half = t * math.sqrt(max(cov[i, i], 0.0))
            if half > math.log(1e6):
                e.status = ("not determined by these measurements: no bounded interval (the "
                            "residuals do not change along a combination with other parameters)")
            else:
                e.factor = math.exp(half)
                e.interval = (value / e.factor, value * e.factor)
            if e.interval is None:
                pass
            elif e.factor > 2:
                e.status = (f"not determined by these measurements: the 95 % interval spans "
                            f"x/ {e.factor:.3g}")
            else:
                e.status = "determined"
        estimates.append(e)
    # Combinations: correlations of the determined-looking parameters close to +-1.
    combos = []
    sd = np.sqrt(np.clip(np.diag(cov), 1e-300, None))
    corr = cov / np.outer(sd, sd)
    for i in range(p):
        for j in range(i + 1, p):
            if influence[i] >= 1e-3 and influence[j] >= 1e-3 and abs(corr[i, j]) > 0.95:
                combos.append(f"{params[i]} and {params[j]} are correlated {corr[i, j]:+.2f}: "
                              "the measurements determine a combination of the two better "
                              "than each")
    fitted_sim = cache[best]
    residuals = [Residual(m, start_sim[m.config][m.quantity], fitted_sim[m.config][m.quantity])
                 for m in measurements]
    r0 = np.array(_residuals(measurements, start_sim))
    return Calibration(
        estimates=estimates, residuals=residuals, evaluations=len(cache),
        seconds=time.monotonic() - t0,
        rms_start=float(math.sqrt(np.mean(r0 ** 2))),
        rms_fitted=float(math.sqrt(np.mean(r_best ** 2))),
        sigma=sigma, sigma_basis=basis, combinations=combos,
        message=str(getattr(res, "message", "")))


def _config_order(measurements: list[Measurement]) -> list[str]:
    """The measured configurations: CONFIGS' order, or a TCP_RR table's row order."""
    if is_tcp_rr(measurements):
        return list(dict.fromkeys(m.config for m in measurements))
    return [c for c in CONFIGS if any(m.config == c for m in measurements)]


def default_params(measurements: list[Measurement]) -> list[str]:
    """The parameters a single-flow table can determine, by what it measures.

    Receive side (any measurement): GroCost (per frame, when a row has TSO/GRO on),
    ProtocolCost (per packet), ProtocolCopyRate (per byte in softirq), TxCost (per transmit
    call: the receiver's ACKs, when a row without TSO/GRO is measured); RecvCopyRate when the
    receiver's copy share is measured (else it is collinear with ProtocolCopyRate); sender
    (tx_util or tx_copy measured): TxByteRate and SendCopyRate when the sender's copy share
    is measured; RemoteNumaFactor when a row without aRFS is measured.
    """
    if is_tcp_rr(measurements):
        # A transaction crosses each host's interrupt, protocol and transmit work once per
        # direction: the per-packet costs, not the per-byte ones (small messages).
        return ["IsrCost", "ProtocolCost", "TxCost"]
    quantities = {m.quantity for m in measurements}
    configs = {m.config for m in measurements}
    params = []
    if any(CONFIGS[c][0] for c in configs):
        params.append("GroCost")
    params += ["ProtocolCost", "ProtocolCopyRate"]
    if any(not CONFIGS[c][0] for c in configs):
        params.append("TxCost")
    if "rx_copy_percent" in quantities:
        params.append("RecvCopyRate")
    if quantities & {"tx_util_percent", "tx_copy_percent"}:
        params.append("TxByteRate")
    if "tx_copy_percent" in quantities:
        params.append("SendCopyRate")
    if any(not CONFIGS[c][2] for c in configs):
        params.append("RemoteNumaFactor")
    return params


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------

def _fmt(kind: str, v: float) -> str:
    v = format_value(kind, v)
    return f"{v:g}" if isinstance(v, float) else v


def format_report(cal: Calibration, title: str = "") -> str:
    """The report: fitted values with their intervals, residual per measurement, what the
    measurements do not determine."""
    lines = []
    if title:
        lines += [title, ""]
    lines.append(f"{'parameter':<20} {'start':>10} {'fitted':>10}   95 % interval")
    for e in cal.estimates:
        k = PARAMETERS[e.name].kind
        if e.interval:
            iv = f"{_fmt(k, e.interval[0])} .. {_fmt(k, e.interval[1])} (x/ {e.factor:.3g})"
        else:
            iv = "--"
        bound = "  at a bound of the search" if e.at_bound else ""
        lines.append(f"{e.name:<20} {_fmt(k, e.start):>10} {_fmt(k, e.value):>10}   {iv}{bound}")
    lines.append(f"intervals from {cal.sigma_basis}")
    undetermined = [e for e in cal.estimates if e.status != "determined"]
    lines.append("")
    if undetermined:
        lines.append("not determined by these measurements:")
        for e in undetermined:
            lines.append(f"  {e.name} ({PARAMETERS[e.name].what}): {e.status.split(': ', 1)[1]}")
    else:
        lines.append("every parameter is determined (95 % interval within x/ 2)")
    for c in cal.combinations:
        lines.append(f"  {c}")
    lines += ["", f"{'config':<14} {'measured quantity':<18} {'measured':>9} {'start':>9} "
              f"{'fitted':>9} {'error':>8}"]
    for r in cal.residuals:
        m = r.measurement
        err = f"{100 * r.error:+.1f} %" if math.isfinite(r.error) else "undef."
        lines.append(f"{m.config:<14} {m.quantity:<18} {m.value:>9.4g} {r.start:>9.4g} "
                     f"{r.fitted:>9.4g} {err:>8}")
    lines.append(f"RMS relative error: {100 * cal.rms_start:.1f} % at the start, "
                 f"{100 * cal.rms_fitted:.1f} % fitted")
    lines.append(f"{cal.evaluations} parameter sets simulated in {cal.seconds:.0f} s"
                 + (f" (optimiser: {cal.message})" if cal.message else ""))
    return "\n".join(lines)


def fitted_profile_toml(profile: str, measurements_file: str, cal: Calibration,
                        report: str) -> str:
    """The fitted profile: ``base`` = @p profile, each fitted value with its source; the
    report as a comment on top."""
    stamp = datetime.date.today().isoformat()
    source = f"hostnet profile calibrate against {Path(measurements_file).name}, {stamp}"
    sources = {}
    for e in cal.estimates:
        s = source
        if e.interval:
            k = PARAMETERS[e.name].kind
            s += f" (95 %: {_fmt(k, e.interval[0])} .. {_fmt(k, e.interval[1])})"
        if e.status != "determined":
            s += "; not determined by these measurements"
        sources[e.name] = s
    name = Path(profile).stem if profile.endswith(".toml") else profile
    header = {"name": f"{name}-calibrated",
              "description": f"{name} with costs fitted to {Path(measurements_file).name}"}
    comment = "".join(f"# {line}".rstrip() + "\n" for line in report.splitlines())
    return (f"# Written by hostnet profile calibrate, {stamp}:\n#\n{comment}\n"
            + override_toml(base_reference(profile),
                            {e.name: e.value for e in cal.estimates}, sources, header))


# --------------------------------------------------------------------------------------------
# Command
# --------------------------------------------------------------------------------------------

EPILOG = """\
The measurements: a CSV table, one row per configuration, '#' lines are comments:
  config,throughput_gbps,rx_util_percent,tx_util_percent,per_core_gbps,rx_copy_percent,tx_copy_percent
  all-opts,42.2,100.0,59.8,41.21,54.33,47.95
config: no-opts, tsogro, jumbo, tsogro+jumbo, tsogro+arfs, jumbo+arfs, all-opts (or three
columns tso_gro, jumbo, arfs of 1/0); an empty cell is not measured. See doc/user-guide.rst,
"Calibrating the costs", and data/validation/cai-2021-single-flow.csv.

Or a TCP_RR table (a 'flows' column; runs hostnet-tcp-rr between two hosts of the profile):
  flows,threads,request_size,response_size,transactions_per_s,latency_avg_us,latency_p99_us
  1,1,1,1,25000,40,
threads may be left out (1); see data/validation/tcp-rr-format-example.csv (a format example,
not a measurement).

example:
  hostnet profile calibrate mlx5-100g data/validation/cai-2021-single-flow.csv --out my.toml
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``hostnet profile calibrate`` to @p parser."""
    parser.description = ("Fit a host profile's costs to measurements of that host: runs "
                          "hostnet's single-flow scenario (hostnet-stack-overheads) of the "
                          "measured configurations and scipy's derivative-free optimiser, and "
                          "reports each fitted value with its 95 %% interval, the residual per "
                          "measurement and the parameters the measurements do not determine.")
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("profile", help="the profile to calibrate: a shipped name (mlx5-100g) "
                        "or a .toml file")
    parser.add_argument("measurements", help="the measurement table (CSV)")
    parser.add_argument("--params", help="comma-separated parameters to fit (default: those "
                        "the measured columns determine; see doc/user-guide.rst, 'Calibrating the costs')")
    parser.add_argument("--bound", action="append", default=[], metavar="NAME=LOW:HIGH",
                        help="search range of one parameter, e.g. GroCost=0.05us:0.5us "
                        "(default: the start x/ --spread); repeatable")
    parser.add_argument("--spread", type=float, default=4.0, help="default search range: "
                        "start x/ SPREAD (default 4)")
    parser.add_argument("--out", help="write the fitted profile (TOML) here")
    parser.add_argument("--max-evals", type=int, default=150, help="most simulations of the "
                        "optimiser (each runs every measured configuration; default 150)")
    parser.add_argument("--method", default="nelder-mead", choices=["nelder-mead", "powell"],
                        help="scipy.optimize.minimize method (default nelder-mead)")
    parser.add_argument("--loss", default="linear", choices=list(LOSSES),
                        help="objective: linear (sum of squared relative residuals, default) "
                        "or soft_l1 (residuals beyond 10 %% count linearly: robust to "
                        "measurements the model cannot meet)")
    parser.add_argument("--warmup", default="20ms", help="scenario warm-up (default 20ms)")
    parser.add_argument("--measure", default="10ms", help="scenario measured window "
                        "(default 10ms)")
    parser.add_argument("--jobs", "-j", type=int, default=2, help="simulations at a time "
                        "(default 2)")
    parser.add_argument("--noise", type=float, help="relative error of one measurement for "
                        "the intervals (default: estimated from the residuals)")
    parser.add_argument("--build-dir", help="hostnet build directory (default: "
                        "$HOSTNET_BUILD_DIR, else <repository>/build)")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress lines")


def _check_duration(option: str, text: str) -> None:
    try:
        if parse_value("time", text) <= 0:
            raise ValueError
    except ValueError:
        raise CalibrateError(f"--{option}: '{text}' is not a positive duration such as "
                             "10ms") from None


def run(args: argparse.Namespace) -> int:
    """Run ``hostnet profile calibrate``; return the exit status (0, 1 or 2)."""
    try:
        measurements = read_measurements(args.measurements)
        params = parse_params(args.params) if args.params else default_params(measurements)
        bounds = dict((n, (lo, hi)) for n, lo, hi in (parse_bound(b) for b in args.bound))
        for n in bounds:
            if n not in params:
                raise CalibrateError(f"--bound {n}: not one of the fitted parameters "
                                     f"({', '.join(params)})")
        _check_duration("warmup", args.warmup)
        _check_duration("measure", args.measure)
        if args.max_evals < 1 or args.jobs < 1:
            raise CalibrateError("--max-evals and --jobs must be at least 1")
        if not args.spread > 1:
            raise CalibrateError("--spread must be above 1")
        if args.noise is not None and not args.noise > 0:
            raise CalibrateError("--noise must be positive")
        start = profile_values(args.profile, params)
        program = find_program(args.build_dir)
        if args.out:
            out_dir = Path(args.out).resolve().parent
            if not out_dir.is_dir():
                raise CalibrateError(f"--out {args.out}: no directory {out_dir}")
    except CalibrateError as e:
        print(f"hostnet profile calibrate: {e}", file=sys.stderr)
        return 2
    tcp_rr = is_tcp_rr(measurements)
    if tcp_rr:
        program = find_program(args.build_dir, TCP_RR_PROGRAM)
    if not program.is_file():
        print(f"hostnet profile calibrate: {program} is not built (./hostnet.sh build, or "
              "--build-dir)", file=sys.stderr)
        return 1
    simulator = (TcpRrSimulator if tcp_rr else ExampleSimulator)(
        program, base_reference(args.profile), args.warmup, args.measure, args.jobs)
    progress = None if args.quiet else (lambda s: print(s, file=sys.stderr, flush=True))
    try:
        cal = calibrate(measurements, params, start, simulator, bounds=bounds,
                        spread=args.spread, max_evals=args.max_evals, method=args.method,
                        noise=args.noise, loss=args.loss, progress=progress)
    except CalibrateError as e:
        print(f"hostnet profile calibrate: {e}", file=sys.stderr)
        return 2
    except SimulationError as e:
        print(f"hostnet profile calibrate: simulation failed: {e}", file=sys.stderr)
        return 1
    finally:
        simulator.close()
    configs = _config_order(measurements)
    window = (f"{TCP_RR_PROGRAM} --warmup={args.warmup} --duration={args.measure}" if tcp_rr
              else f"{PROGRAM} --warmup={args.warmup} --measure={args.measure}")
    title = (f"hostnet profile calibrate: {args.profile} against {args.measurements} "
             f"({len(measurements)} measurements in {len(configs)} configurations, "
             f"{len(params)} parameters; {window})")
    report = format_report(cal, title)
    print(report)
    if args.out:
        Path(args.out).write_text(fitted_profile_toml(args.profile, args.measurements, cal,
                                                      report))
        print(f"wrote {args.out}")
    return 0


def main(argv=None) -> int:
    """``python -m hostnet.profile.calibrate``: the command on its own."""
    parser = argparse.ArgumentParser(prog="hostnet profile calibrate")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
