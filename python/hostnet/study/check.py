"""Check a study against its program before anything runs, as ns-3's SEM does.

The program is asked for its own options with ``--PrintHelp`` (ns-3's ``CommandLine``
prints ``    --name:  help [default]`` under "Program Options:"). Every parameter of the
study must be one of them, a global value (``--PrintGlobals``: RngSeed, SchedulerType, ...)
or an attribute path ``ns3::TypeId::Attribute`` (``--PrintAttributes=ns3::TypeId``); an
unknown name is refused naming the closest known one. A value must fit the default's shape
(ns-3 prints no type for plain options): a numeric default takes a finite number, a
``true``/``false`` default takes true/false/0/1, anything else a string (no whitespace, no
leading dash: see spec.value_problem).

Metrics: a program that lists a ``PrintMetrics`` option prints its metric names, one per
line, with ``--PrintMetrics``; then the study's ``metrics`` and every plot's ``metric`` must
be among them. A program that does not declare its metrics is checked against the study's
own ``metrics`` list: a plotted metric must be in it.

A program whose ``--PrintHelp`` is not ns-3's (a script of another kind) cannot be checked:
its parameters are passed unchecked, with a warning.
"""

from __future__ import annotations

import difflib
import os
import re
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .spec import _NUMBER, Study, StudyError

__all__ = ["ProgramInfo", "probe_program", "check_study", "parse_help", "PROBE_TIMEOUT"]

PROBE_TIMEOUT = 120.0  # seconds for one --PrintHelp (a Python program may load ns-3 first)
_METRIC = re.compile(r"^[A-Za-z_][A-Za-z0-9_.:-]*$")
_ATTRIBUTE_LINE = re.compile(r"^    --(\S+?)=\[(.*)\]\s*$")


@dataclass
class ProgramInfo:
    """What a program says about itself."""

    program: Path
    options: dict | None  # option name -> default text (None: no default printed);
    #                       None: not an ns-3 CommandLine program (nothing checked)
    metrics: list | None = None  # names from --PrintMetrics (None: not declared)
    note: str = ""  # why the options or metrics could not be read
    _globals: dict | None = None
    _attributes: dict = field(default_factory=dict)
    _type_ids: list | None = None

    def globals(self) -> dict:
        """Global values (--PrintGlobals): name -> default."""
        if self._globals is None:
            code, out, _ = _run(self.program, ["--PrintGlobals"])
            self._globals = _attribute_lines(out) if code == 0 else {}
        return self._globals

    def attributes(self, type_id: str) -> dict | None:
        """Attributes of @p type_id and its parents (--PrintAttributes): name -> default;
        None if the program does not know the TypeId."""
        if type_id not in self._attributes:
            code, out, _ = _run(self.program, [f"--PrintAttributes={type_id}"])
            self._attributes[type_id] = None if code != 0 else {
                path.rsplit("::", 1)[-1]: default
                for path, default in _attribute_lines(out).items()}
        return self._attributes[type_id]

    def type_ids(self) -> list:
        """Every registered TypeId (--PrintTypeIds)."""
        if self._type_ids is None:
            code, out, _ = _run(self.program, ["--PrintTypeIds"])
            self._type_ids = [line.strip() for line in out.splitlines()[1:]
                              if line.startswith("    ")] if code == 0 else []
        return self._type_ids


def _run(program, arguments, timeout=PROBE_TIMEOUT) -> tuple:
    """(exit code, stdout, stderr) of @p program with @p arguments, in a temporary
    directory and its own process group (killed as a whole at the end or the timeout)."""
    with tempfile.TemporaryDirectory(prefix="hostnet-check-") as tmp:
        try:
            proc = subprocess.Popen([str(program), *arguments], stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    errors="replace", cwd=tmp, start_new_session=True)
        except OSError as e:
            return None, "", f"cannot start {program}: {e}"
        try:
            out, err = proc.communicate(timeout=timeout)
            return proc.returncode, out, err
        except subprocess.TimeoutExpired:
            return None, "", f"{program} {' '.join(arguments)} did not end in {timeout:g} s"
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            proc.wait()


def _attribute_lines(text: str) -> dict:
    return {m[1]: m[2] for m in map(_ATTRIBUTE_LINE.match, text.splitlines()) if m}


def _trailing_default(help_text: str) -> str | None:
    """The ``[default]`` ns-3 appends to an option's help (brackets may nest, as in
    ``[ns3::ConstantRandomVariable[Constant=1]]``); None if there is none."""
    text = help_text.rstrip()
    if not text.endswith("]"):
        return None
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {"]": 1, "[": -1}.get(text[i], 0)
        if depth == 0:
            return text[i + 1:-1] if i == 0 or text[i - 1] == " " else None
    return None


def parse_help(text: str) -> dict | None:
    """The options of an ns-3 ``--PrintHelp`` output: name -> default text (None when no
    default is printed). None if @p text is not ns-3 CommandLine help."""
    if "General Arguments:" not in text:
        return None
    helps: dict = {}
    current = None
    in_options = False
    for line in text.splitlines():
        if line.startswith("Program Options:"):
            in_options = True
            continue
        if line.startswith(("Program Arguments:", "General Arguments:")):
            in_options, current = False, None
            continue
        if not in_options:
            continue
        match = re.match(r"^    --([^:\s]+):(.*)$", line)
        if match:
            current = match[1]
            helps[current] = match[2]
        elif current is not None and line.strip():
            helps[current] += "\n" + line  # a help text of several lines
    return {name: _trailing_default(help_text) for name, help_text in helps.items()}


def probe_program(program, warn=None) -> ProgramInfo:
    """Ask @p program for its options (--PrintHelp) and metrics (--PrintMetrics)."""
    program = Path(program)
    code, out, err = _run(program, ["--PrintHelp"])
    options = parse_help(out) if code == 0 else None
    if options is None:
        said = (err or out).strip().splitlines()
        why = (f"exit status {code}" if code is not None else "it did not run") + \
            (f": {said[-1][:200]}" if said else "")
        return ProgramInfo(program, None, note=f"{program.name} --PrintHelp printed no ns-3 "
                           f"CommandLine help ({why})")
    info = ProgramInfo(program, options)
    if "PrintMetrics" in options:
        code, out, err = _run(program, ["--PrintMetrics"])
        names = [line.strip() for line in out.splitlines()
                 if line.strip() and not line.lstrip().startswith("#")]
        bad = [n for n in names if not _METRIC.match(n)]
        if code != 0 or not names or bad:
            info.note = (f"{program.name} --PrintMetrics did not print metric names, one a "
                         f"line (exit status {code}" + (f"; not names: {bad[:3]}" if bad
                                                        else "") + ")")
            if warn:
                warn(info.note + "; its metrics are not checked")
        else:
            info.metrics = list(dict.fromkeys(names))
    return info


def _shape(default: str | None) -> str:
    if default is None:
        return "string"
    if default in ("true", "false"):
        return "bool"
    return "number" if _NUMBER.match(default.strip()) else "string"


def _value_problem(value, default: str | None) -> str:
    """Why @p value does not fit an option whose default is @p default ('' if it does)."""
    shape = _shape(default)
    if shape == "bool":
        ok = (isinstance(value, bool) or (isinstance(value, int) and value in (0, 1))
              or (isinstance(value, str) and value.lower() in ("true", "false", "0", "1")))
        return "" if ok else f"expected true, false, 0 or 1 (the default is {default})"
    if shape == "number":
        ok = (not isinstance(value, bool) and isinstance(value, (int, float))) or (
            isinstance(value, str) and bool(_NUMBER.match(value)))
        return "" if ok else f"expected a finite number (the default is {default})"
    return ""


def _closest(name: str, known) -> str:
    known = list(known)
    lower = {k.lower(): k for k in known}
    if name.lower() in lower:
        return lower[name.lower()]
    match = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return match[0] if match else ""


def _places(study: Study):
    for name, value in study.parameters.items():
        yield f"parameters.{name}", name, value
    for name, values in study.grid.items():
        for i, value in enumerate(values):
            yield f"grid.{name}[{i}]", name, value
    for i, run in enumerate(study.runs):
        for name, value in run.items():
            yield f"runs[{i}].{name}", name, value


def _parameter_problems(study: Study, info: ProgramInfo) -> list:
    name_of = info.program.name
    problems = []
    refused = set()
    for path, name, value in _places(study):
        if name in refused:
            continue
        if name in info.options:
            default = info.options[name]
        elif name.startswith("ns3::") and name.count("::") >= 2:
            type_id, attribute = name.rsplit("::", 1)
            attributes = info.attributes(type_id)
            if attributes is None:
                near = _closest(type_id, info.type_ids())
                problems.append(f"{path}: {name_of} knows no TypeId {type_id!r}"
                                + (f"; did you mean {near}?" if near else
                                   f" (see {name_of} --PrintTypeIds)"))
                refused.add(name)
                continue
            if attribute not in attributes:
                near = _closest(attribute, attributes)
                problems.append(f"{path}: {type_id} has no attribute {attribute!r}"
                                + (f"; did you mean {type_id}::{near}?" if near else
                                   f" (see {name_of} --PrintAttributes={type_id})"))
                refused.add(name)
                continue
            default = attributes[attribute]
        elif name in info.globals():
            default = info.globals()[name]
        else:
            near = _closest(name, list(info.options) + list(info.globals()))
            hint = (f"did you mean --{near}?" if near else
                    f"its options: {', '.join(sorted(info.options)) or '(none)'}")
            problems.append(f"{path}: {name_of} has no option --{name}; {hint} (see "
                            f"{name_of} --PrintHelp)")
            refused.add(name)
            continue
        why = _value_problem(value, default)
        if why:
            problems.append(f"{path}: --{name}={value!r}: {why}")
    return problems


def _ranked_metrics(study: Study):
    """(path, metric) of every metric the study ranks or counts by: the adaptive
    replications' metric and requirements, the [quantiles] metrics and their counts."""
    if study.adaptive is not None:
        yield "replications.rank.metric", study.adaptive.metric
        for i, (name, _, _) in enumerate(study.adaptive.require):
            yield f"replications.rank.require[{i}]", name
    for metric, spec in study.quantiles.items():
        yield f"quantiles.{metric}", metric
        if "samples" in spec:
            yield f"quantiles.{metric}.samples", spec["samples"]


def _metric_problems(study: Study, info: ProgramInfo | None) -> list:
    problems = []
    declared = info.metrics if info is not None else None
    for path, metric in _ranked_metrics(study):
        allowed = declared if declared is not None else study.metrics
        if metric not in allowed:
            near = _closest(metric, allowed)
            source = (f"{info.program.name} reports no metric" if declared is not None
                      else "not in the study's metrics list (and the program does not "
                      "declare its metrics with --PrintMetrics): no metric")
            problems.append(f"{path}: {source} {metric!r}"
                            + (f"; did you mean {near!r}?" if near else "")
                            + f" (allowed: {', '.join(allowed) or '(none)'})")
    if declared is not None:
        name_of = info.program.name
        for i, metric in enumerate(study.metrics):
            if metric not in declared:
                near = _closest(metric, declared)
                problems.append(f"metrics[{i}]: {name_of} reports no metric {metric!r}"
                                + (f"; did you mean {near!r}?" if near else "")
                                + f" (its --PrintMetrics: {', '.join(declared)})")
        for i, plot in enumerate(study.plots):
            if plot["metric"] not in declared:
                near = _closest(plot["metric"], declared)
                problems.append(f"plots[{i}].metric: {name_of} reports no metric "
                                f"{plot['metric']!r}" + (f"; did you mean {near!r}?" if near
                                                         else "")
                                + f" (its --PrintMetrics: {', '.join(declared)})")
        return problems
    for i, plot in enumerate(study.plots):
        if plot["metric"] not in study.metrics:
            problems.append(
                f"plots[{i}].metric: {plot['metric']!r} is not in the study's metrics list "
                f"({', '.join(study.metrics) or 'empty'}), and the program does not declare "
                "its metrics (--PrintMetrics); add it to metrics = [...] (every run must then "
                "report it)")
    return problems


def check_study(study: Study, program, warn=None) -> ProgramInfo:
    """Check @p study's parameters and metrics against @p program (its resolved path).

    @param warn called with a message when something cannot be checked
    @return what the program said about itself
    @throw StudyError listing every problem
    """
    info = probe_program(program, warn=warn)
    problems = []
    if info.options is None:
        if warn:
            warn(f"{info.note}; the study's parameter names and values are not checked")
    else:
        problems += _parameter_problems(study, info)
    problems += _metric_problems(study, info)
    if problems:
        raise StudyError(f"{study.source}: does not fit {info.program}:\n  "
                         + "\n  ".join(problems))
    return info
