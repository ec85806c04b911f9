"""Study specifications: load, validate and expand a study into runs.

A study is a TOML or YAML file (or the same structure as a Python dict)::

    name = "leaf-spine"                 # names the default results directory
    program = "hostnet-leaf-spine"      # a program of this build, by name (--program PATH: another)
    description = "..."                 # optional
    timeout = 600                       # seconds per run (default 3600)
    replications = 2                    # RngRun 1..2, or a list such as [3, 7], or adaptive:
    metrics = ["rpc_p99_us"]            # optional: metrics every run must report

    # Adaptive replications (instead of the line above): min of every configuration, then
    # rounds of one more replication of the configurations that decide the ranking:
    # [replications]
    # min = 3
    # max = 20
    # until = "separated"
    # budget = 200                      # optional: at most this many runs in all
    # [replications.rank]               # the ranking of python -m hostnet best
    # metric = "rpc_p99_us"
    # x = "load"
    # by = "scheme"
    # lower_is_better = true            # optional (default true)
    # require = ["rpc_answered>=0.95"]  # optional

    [quantiles]                         # optional: quantile metrics, their level and count
    rpc_p99_us = { q = 0.99, samples = "rpc_completed" }

    [parameters]                        # fixed, passed to every run as --key=value
    duration = 0.2

    [grid]                              # swept: the cartesian product of the lists
    scheme = ["normal", "napi"]
    load = [0.2, 0.4]

    [[runs]]                            # optional explicit list, crossed with the grid
    spines = 2

    [[plots]]                           # optional figures drawn after the run
    metric = "rpc_p99_us"
    x = "load"
    by = "scheme"
    legend = "interrupt scheme"         # optional: legend title (default: by)

    [[plots]]                           # one metric against another, a panel per load
    kind = "tradeoff"
    metric = "rpc_p99_us"
    x = "cpu_cores_busy"                # a metric here
    by = "scheme"
    panels = "load"

Each run calls ``program --key=value ... --RngRun=<n> --metrics=<file>``; the program writes
its metrics as one JSON object to that file.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Study", "RunSpec", "StudyError", "load_study", "SCHEMA", "MAX_RUNS", "Adaptive",
           "parse_requirement", "UNTIL"]

MAX_RUNS = 10000
"""Default cap on the runs of one study (``--max-runs``): a larger study is refused before
its grid is expanded (a typo such as ``replications = 1000000000`` fails at once)."""


class StudyError(ValueError):
    """A study file or object is malformed; the message names the key and what is allowed."""


_NAME = r"^[A-Za-z][A-Za-z0-9_.:-]*$"
_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_SCALAR = {"type": ["string", "number", "boolean"]}
_RESERVED = ("RngRun", "metrics")

SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "program"],
    "properties": {
        "name": {"type": "string", "pattern": r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"},
        "program": {"type": "string", "minLength": 1},
        "description": {"type": "string"},
        "timeout": {"type": "number", "exclusiveMinimum": 0},
        "replications": {
            # A table (adaptive replications) is checked by _check_replications, whose
            # messages name each key; the schema checks the plain forms.
            "if": {"type": "object"},
            "else": {"oneOf": [
                {"type": "integer", "minimum": 1},
                {"type": "array", "items": {"type": "integer", "minimum": 1},
                 "minItems": 1, "uniqueItems": True},
            ]},
        },
        "quantiles": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["q"],
                "properties": {
                    "q": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
                    "samples": {"type": "string", "minLength": 1},
                },
            },
        },
        "metrics": {"type": "array", "items": {"type": "string", "minLength": 1},
                    "uniqueItems": True},
        "parameters": {
            "type": "object",
            "propertyNames": {"pattern": _NAME, "not": {"enum": list(_RESERVED)}},
            "additionalProperties": _SCALAR,
        },
        "grid": {
            "type": "object",
            "propertyNames": {"pattern": _NAME, "not": {"enum": list(_RESERVED)}},
            "additionalProperties": {"type": "array", "items": _SCALAR, "minItems": 1},
        },
        "runs": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "propertyNames": {"pattern": _NAME, "not": {"enum": list(_RESERVED)}},
                "additionalProperties": _SCALAR,
            },
        },
        "plots": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["metric", "x"],
                "properties": {
                    "metric": {"type": "string", "minLength": 1},
                    "x": {"type": "string", "minLength": 1},
                    "by": {"type": "string", "minLength": 1},
                    "logy": {"type": "boolean"},
                    "title": {"type": "string"},
                    "xlabel": {"type": "string"},
                    "ylabel": {"type": "string"},
                    "legend": {"type": "string"},
                    "kind": {"enum": ["lines", "tradeoff"]},
                    "panels": {"type": "string", "minLength": 1},
                },
            },
        },
    },
}


def _path(parts) -> str:
    """Format a jsonschema path as ``grid.load[2]``."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _describe(error) -> str:
    """A readable message for one jsonschema error: where, what is wrong, what is allowed."""
    where = _path(error.absolute_path)
    validator = error.validator
    schema = error.schema
    if validator == "additionalProperties" and schema.get("additionalProperties") is False:
        return _unknown_keys(where, error.instance, sorted(schema.get("properties", {})))[0]
    if validator == "required":
        return f"{where}: {error.message}"
    if validator in ("propertyNames",) or error.absolute_schema_path and \
            "propertyNames" in error.absolute_schema_path:
        return (f"{where}: parameter name {error.instance!r} is not allowed; names start with "
                f"a letter, use letters, digits, _ . : -, and are not {', '.join(_RESERVED)} "
                "(the runner sets those)")
    if validator == "type":
        expected = schema["type"]
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        return f"{where}: expected {expected}, got {json.dumps(error.instance)}"
    if validator == "oneOf" and where.endswith("replications"):
        return (f"{where}: expected a positive integer or a list of distinct positive "
                f"integers (RngRun values), or a table such as {{ min = 3, max = 20, until = "
                f"\"separated\" }} (adaptive), got {json.dumps(error.instance)}")
    return f"{where}: {error.message}"


def validate(data: Any) -> None:
    """Raise StudyError listing every schema violation of @p data."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(SCHEMA)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise StudyError("invalid study:\n  " + "\n  ".join(_describe(e) for e in errors))
    for name in data.get("grid", {}):
        if name in data.get("parameters", {}):
            raise StudyError(f"grid.{name}: also set in parameters; set it in one place")
    _check_kinds(data)
    _check_values(data)
    _check_plots(data)
    _check_labels(data)
    _check_replications(data)


def _places(data: dict):
    """(path in the study, parameter name, value) of every parameter value."""
    for name, value in data.get("parameters", {}).items():
        yield f"parameters.{name}", name, value
    for name, values in data.get("grid", {}).items():
        for i, value in enumerate(values):
            yield f"grid.{name}[{i}]", name, value
    for i, run in enumerate(data.get("runs", [])):
        for name, value in run.items():
            yield f"runs[{i}].{name}", name, value


def value_problem(value) -> str:
    """Why @p value cannot be passed as ``--name=value`` ('' if it can): a string with
    whitespace (a second option smuggled into one value, e.g. "napi --bufferSize=0") or a
    leading dash (read as an option), or a number that is not finite."""
    if isinstance(value, float) and not math.isfinite(value):
        return "not a finite number"
    if isinstance(value, str):
        if any(c.isspace() for c in value):
            return "contains whitespace (one value per parameter; no options inside values)"
        if value.startswith("-") and not _NUMBER.match(value):
            return "starts with '-' (it would read as an option)"
    return ""


def _check_values(data: dict) -> None:
    problems = [f"{path}: {json.dumps(value)} {why}" for path, _, value in _places(data)
                if (why := value_problem(value))]
    if problems:
        raise StudyError("invalid study:\n  " + "\n  ".join(problems))


def _check_plots(data: dict) -> None:
    """A plot's x and by are swept parameters (grid or runs keys), and differ."""
    swept = list(data.get("grid", {}))
    for run in data.get("runs", []):
        swept += [k for k in run if k not in swept]
    problems = []
    for i, plot in enumerate(data.get("plots", [])):
        tradeoff = plot.get("kind") == "tradeoff"
        if tradeoff:
            # x is a second metric; by and panels are swept parameters.
            for key in ("by", "panels"):
                if key not in plot:
                    problems.append(f"plots[{i}]: kind = \"tradeoff\" needs {key!r}")
                elif plot[key] not in swept:
                    problems.append(f"plots[{i}].{key}: {plot[key]!r} is not a swept "
                                    f"parameter; allowed: {', '.join(swept) or '(none)'}")
            continue
        if "panels" in plot:
            problems.append(f"plots[{i}].panels: only for kind = \"tradeoff\"")
        for key in ("x", "by"):
            if key in plot and plot[key] not in swept:
                allowed = ", ".join(swept) or "(none: the study sweeps nothing)"
                problems.append(f"plots[{i}].{key}: {plot[key]!r} is not a swept parameter; "
                                f"allowed: {allowed}")
        if plot.get("by") is not None and plot.get("by") == plot.get("x"):
            problems.append(f"plots[{i}]: x and by are both {plot['x']!r}; give two different "
                            "swept parameters")
    if problems:
        raise StudyError("invalid study:\n  " + "\n  ".join(problems))


def _swept(data: dict) -> list:
    swept = list(data.get("grid", {}))
    for run in data.get("runs", []):
        swept += [k for k in run if k not in swept]
    return swept


def _check_labels(data: dict) -> None:
    """Two ``[[runs]]`` entries with one ``label`` would be one line, one marker and one
    candidate of ``best`` made of two configurations: refused, naming both entries."""
    first: dict = {}
    problems = []
    for i, run in enumerate(data.get("runs", [])):
        if "label" not in run:
            continue
        label = run["label"]
        if label in first:
            j = first[label]
            problems.append(f"runs[{i}].label: {json.dumps(label)} labels two entries: "
                            f"runs[{j}] ({_entry(data['runs'][j])}) and runs[{i}] "
                            f"({_entry(run)}); give each [[runs]] entry a label of its own")
        else:
            first[label] = i
    if problems:
        raise StudyError("invalid study:\n  " + "\n  ".join(problems))


def _entry(run: dict) -> str:
    return ", ".join(f"{k} = {json.dumps(v)}" for k, v in run.items())


UNTIL = ("separated",)
"""The stopping rules of adaptive replications (``replications.until``)."""

_REPLICATION_KEYS = ("min", "max", "until", "budget", "rank")
_RANK_KEYS = ("metric", "x", "by", "lower_is_better", "require")


def _integer(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_requirement(text, where="--require") -> tuple:
    """``METRIC>=VALUE`` or ``METRIC<=VALUE`` as (metric, op, value); StudyError otherwise
    (the message starts with @p where, the option or key that gave @p text)."""
    if isinstance(text, str):
        for op in (">=", "<="):
            if op in text:
                name, _, value = text.partition(op)
                try:
                    number = float(value)
                except ValueError:
                    break
                if name.strip() and math.isfinite(number):
                    return name.strip(), op, number
                break
    raise StudyError(f"{where} {json.dumps(text)}: expected METRIC>=VALUE or METRIC<=VALUE "
                     "with a finite number, e.g. rpc_answered>=0.95")


def _check_replications(data: dict) -> None:
    """The table form of ``replications`` (adaptive replications): every key named with its
    value and what is allowed."""
    table = data.get("replications")
    if not isinstance(table, dict):
        return
    problems = []
    problems += _unknown_keys("replications", table, _REPLICATION_KEYS)
    for key in ("min", "max", "until"):
        if key not in table:
            problems.append(f"replications: {key!r} is missing; a replications table needs "
                            "min, max and until (e.g. { min = 3, max = 20, until = "
                            "\"separated\" })")
    low, high = table.get("min"), table.get("max")
    if "min" in table and (not _integer(low) or low < 2):
        problems.append(f"replications.min: {json.dumps(low)}; allowed: an integer >= 2 (a "
                        "95 % interval needs two runs)")
        low = None
    if "max" in table and (not _integer(high) or high < 2):
        problems.append(f"replications.max: {json.dumps(high)}; allowed: an integer >= 2, "
                        "at least min")
        high = None
    if _integer(low) and _integer(high) and high < low:
        problems.append(f"replications.max: {high} is below replications.min = {low}; "
                        "allowed: max >= min")
    if "until" in table and table["until"] not in UNTIL:
        problems.append(f"replications.until: {json.dumps(table['until'])}; allowed: "
                        + ", ".join(json.dumps(u) for u in UNTIL))
    if "budget" in table:
        budget = table["budget"]
        if not _integer(budget) or budget < 1:
            problems.append(f"replications.budget: {json.dumps(budget)}; allowed: an integer "
                            ">= 1 (the most runs of the whole study, finished ones included)")
    rank = table.get("rank")
    if rank is None:
        if table.get("until") in UNTIL:
            problems.append(f"replications.rank: missing; until = {json.dumps(table['until'])} "
                            "ranks a metric as python -m hostnet best does: add "
                            "[replications.rank] with metric, x and by")
    elif not isinstance(rank, dict):
        problems.append(f"replications.rank: expected a table (metric, x, by, "
                        f"lower_is_better, require), got {json.dumps(rank)}")
    else:
        problems += _rank_problems(rank, _swept(data))
    if problems:
        raise StudyError("invalid study:\n  " + "\n  ".join(problems))


def _unknown_keys(where: str, table: dict, allowed) -> list:
    """The message about keys of @p table that are not in @p allowed (empty if none)."""
    extra = sorted(set(table) - set(allowed))
    if not extra:
        return []
    return [f"{where}: unknown key(s) {', '.join(map(repr, extra))}; "
            f"allowed: {', '.join(allowed)}"]


def _rank_problems(rank: dict, swept: list) -> list:
    problems = []
    problems += _unknown_keys("replications.rank", rank, _RANK_KEYS)
    for key in ("metric", "x", "by"):
        if key not in rank:
            problems.append(f"replications.rank: {key!r} is missing (the metric to rank, the "
                            "swept parameter of one answer each (x) and the one to choose (by))")
        elif not isinstance(rank[key], str) or not rank[key]:
            problems.append(f"replications.rank.{key}: expected a name, got "
                            f"{json.dumps(rank[key])}")
    for key in ("x", "by"):
        if isinstance(rank.get(key), str) and rank[key] and rank[key] not in swept:
            problems.append(f"replications.rank.{key}: {rank[key]!r} is not a swept parameter; "
                            f"allowed: {', '.join(swept) or '(none: the study sweeps nothing)'}")
    if isinstance(rank.get("x"), str) and rank.get("x") == rank.get("by"):
        problems.append(f"replications.rank: x and by are both {rank['x']!r}; give two "
                        "different swept parameters")
    if "lower_is_better" in rank and not isinstance(rank["lower_is_better"], bool):
        problems.append(f"replications.rank.lower_is_better: "
                        f"{json.dumps(rank['lower_is_better'])}; allowed: true or false")
    require = rank.get("require", [])
    if not isinstance(require, list):
        problems.append(f"replications.rank.require: expected a list such as "
                        f"[\"rpc_answered>=0.95\"], got {json.dumps(require)}")
    else:
        for i, text in enumerate(require):
            try:
                parse_requirement(text, where=f"replications.rank.require[{i}]:")
            except StudyError as e:
                problems.append(str(e))
    return problems


def count_runs(data: dict) -> tuple:
    """(configurations, replications, runs) of a validated study, computed without
    expanding the grid (an upper bound when a list of runs repeats a configuration)."""
    configs = math.prod(len(v) for v in data.get("grid", {}).values())
    configs *= max(1, len(data.get("runs", [])))
    reps = data.get("replications", 1)
    if isinstance(reps, dict):  # adaptive: at most max each, and at most the budget
        total = configs * reps["max"]
        return configs, reps["max"], min(total, reps.get("budget", total))
    reps = reps if isinstance(reps, int) else len(reps)
    return configs, reps, configs * reps


def _kind(value) -> str:
    if isinstance(value, bool):
        return "a boolean"
    return "a number" if isinstance(value, (int, float)) else "a string"


def _check_kinds(data: dict) -> None:
    """One parameter takes values of one kind (number, string or boolean) wherever it is
    set: a grid such as ``load = [0.2, 0.4, "x"]`` is a typo, not a sweep. The kind most of
    its values have is the expected one."""
    places: dict = {}
    for path, name, value in _places(data):
        places.setdefault(name, []).append((path, value))
    problems = []
    for name, where in places.items():
        kinds = [_kind(v) for _, v in where]
        expected = max(dict.fromkeys(kinds), key=kinds.count)  # ties: the first one
        problems += [f"{path}: expected {expected} (as the other values of {name!r}), got "
                     f"{json.dumps(value)}" for path, value in where if _kind(value) != expected]
    if problems:
        raise StudyError("invalid study:\n  " + "\n  ".join(problems))


@dataclass(frozen=True)
class RunSpec:
    """One simulation: the resolved parameters and the RngRun value."""

    run_id: str
    parameters: dict
    rng_run: int
    base_dir: Path | None = None  # the study file's folder: host profile paths are relative to it

    def arguments(self) -> list[str]:
        """The program's command-line arguments (without --metrics); a host profile path
        (a value ending in .toml) made absolute against the study file's folder, since the
        program runs in a folder of its own."""
        args = [f"--{k}={_format(profile_path(v, self.base_dir))}"
                for k, v in self.parameters.items()]
        return args + [f"--RngRun={self.rng_run}"]


def profile_path(value, base_dir: Path | None):
    """@p value as given, or, for a relative path of a file (a string ending in .toml, .csv,
    ...: FILE_SUFFIXES), its path against @p base_dir."""
    if isinstance(value, str) and value.lower().endswith(FILE_SUFFIXES) and base_dir is not None \
            and not Path(value).is_absolute():
        return str((Path(base_dir) / value).resolve())
    return value


def _format(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


@dataclass(frozen=True)
class Adaptive:
    """Adaptive replications (a ``replications`` table): ``min`` replications of every
    configuration, then rounds of one more replication (the next RngRun) of the
    configurations that decide the ranking ``rank`` of each answer (each value of x and of
    the other free swept parameters), until the leader's 95 % interval is clear of the
    runner-up's (``until = "separated"``), a configuration has ``max``, or the study has
    ``budget`` runs. See hostnet.study.adaptive."""

    min: int
    max: int
    until: str
    metric: str
    x: str
    by: str
    lower_is_better: bool = True
    require: tuple = ()  # (metric, ">=" or "<=", value)
    budget: int | None = None

    @classmethod
    def from_table(cls, table: dict) -> "Adaptive":
        rank = table["rank"]
        return cls(min=table["min"], max=table["max"], until=table["until"],
                   metric=rank["metric"], x=rank["x"], by=rank["by"],
                   lower_is_better=rank.get("lower_is_better", True),
                   require=tuple(parse_requirement(t) for t in rank.get("require", [])),
                   budget=table.get("budget"))

    def to_table(self) -> dict:
        """The ``replications`` table of a study file."""
        rank = {"metric": self.metric, "x": self.x, "by": self.by,
                "lower_is_better": self.lower_is_better,
                "require": [f"{m}{op}{v:g}" for m, op, v in self.require]}
        table = {"min": self.min, "max": self.max, "until": self.until, "rank": rank}
        if self.budget is not None:
            table["budget"] = self.budget
        return table

    def describe(self) -> str:
        """One line: what is ranked and when the rounds stop."""
        text = (f"{'lowest' if self.lower_is_better else 'highest'} mean {self.metric} "
                f"by {self.by}, per {self.x}")
        if self.require:
            text += ", requiring " + ", ".join(f"{m}{op}{v:g}" for m, op, v in self.require)
        text += (f"; {self.min} to {self.max} replications until {self.until}"
                 + (f", at most {self.budget} runs" if self.budget is not None else ""))
        return text


@dataclass
class Study:
    """A validated study: what to run, and where its file lives."""

    name: str
    program: str
    parameters: dict = field(default_factory=dict)
    grid: dict = field(default_factory=dict)
    runs: list = field(default_factory=list)
    replications: list = field(default_factory=lambda: [1])
    metrics: list = field(default_factory=list)
    adaptive: Adaptive | None = None  # replications is then [1 .. adaptive.min]
    quantiles: dict = field(default_factory=dict)  # metric -> {"q": level, "samples": name}
    plots: list = field(default_factory=list)
    timeout: float = 3600.0
    description: str = ""
    base_dir: Path = field(default_factory=Path.cwd)
    source: str = "<dict>"
    from_file: bool = False  # read from a study file: its program must be one of this build

    @classmethod
    def from_dict(cls, data: dict, base_dir: str | os.PathLike | None = None,
                  source: str = "<dict>", max_runs: int = MAX_RUNS) -> "Study":
        """Validate @p data (the structure of a study file) and build a Study.

        @param max_runs refuse a study of more runs than this (counted without expanding)
        """
        if not isinstance(data, dict):
            raise StudyError(f"{source}: a study is a table/mapping, got {type(data).__name__}")
        try:
            validate(data)
        except StudyError as e:
            raise StudyError(f"{source}: {e}") from None
        configs, replications, total = count_runs(data)
        if total > max_runs:
            upto = "up to " if isinstance(data.get("replications"), dict) else ""
            raise StudyError(f"{source}: {configs} configurations x {upto}{replications} "
                             f"replications = {upto}{total} runs, more than the cap of "
                             f"{max_runs} (--max-runs); shrink the grid or replications (or "
                             "replications.budget), or raise the cap")
        reps = data.get("replications", 1)
        adaptive = None
        if isinstance(reps, dict):
            adaptive = Adaptive.from_table(reps)
            first = configs * adaptive.min
            if adaptive.budget is not None and adaptive.budget < first:
                raise StudyError(f"{source}: replications.budget: {adaptive.budget} runs is "
                                 f"less than the first round ({configs} configurations x "
                                 f"min = {adaptive.min} = {first} runs); allowed: >= {first}")
            reps = list(range(1, adaptive.min + 1))
        else:
            reps = list(range(1, reps + 1)) if isinstance(reps, int) else list(reps)
        return cls(
            name=data["name"], program=data["program"],
            parameters=dict(data.get("parameters", {})), grid=dict(data.get("grid", {})),
            runs=[dict(r) for r in data.get("runs", [])], replications=reps,
            adaptive=adaptive, quantiles={k: dict(v) for k, v in
                                          data.get("quantiles", {}).items()},
            metrics=list(data.get("metrics", [])), plots=[dict(p) for p in data.get("plots", [])],
            timeout=float(data.get("timeout", 3600)), description=data.get("description", ""),
            base_dir=Path(base_dir) if base_dir is not None else Path.cwd(), source=source)

    @classmethod
    def load(cls, path: str | os.PathLike, max_runs: int = MAX_RUNS) -> "Study":
        """Read a .toml, .yaml or .yml study file (duplicate keys are refused)."""
        path = Path(path)
        if not path.is_file():
            raise StudyError(f"{path}: no such study file")
        text = path.read_text()
        try:
            if path.suffix == ".toml":
                import tomllib

                data = tomllib.loads(text)
            elif path.suffix in (".yaml", ".yml"):
                data = _load_yaml(text)
            else:
                raise StudyError(f"{path}: unknown study format {path.suffix!r}; "
                                 "allowed: .toml, .yaml, .yml")
        except StudyError:
            raise
        except Exception as e:  # the parsers' own errors carry line and column
            raise StudyError(f"{path}: not valid {path.suffix[1:].upper()}: {e}") from None
        study = cls.from_dict(data, base_dir=path.resolve().parent, source=str(path),
                              max_runs=max_runs)
        study.from_file = True
        return study

    def to_dict(self) -> dict:
        """The study as plain data (what a study file holds)."""
        data = {"name": self.name, "program": self.program, "timeout": self.timeout,
                "replications": (self.adaptive.to_table() if self.adaptive is not None
                                 else self.replications),
                "parameters": self.parameters, "grid": self.grid, "runs": self.runs,
                "metrics": self.metrics, "quantiles": self.quantiles, "plots": self.plots}
        if self.description:
            data["description"] = self.description
        return {k: v for k, v in data.items() if v not in ({}, [])}

    @property
    def swept(self) -> list[str]:
        """Names of the parameters that vary between configurations."""
        names = list(self.grid)
        for run in self.runs:
            names += [k for k in run if k not in names]
        return names

    def configurations(self) -> list[dict]:
        """Every parameter set (without RngRun): parameters x grid product x runs."""
        keys = list(self.grid)
        product = [dict(zip(keys, values)) for values in
                   itertools.product(*(self.grid[k] for k in keys))] or [{}]
        extra = self.runs or [{}]
        configs = []
        for point in product:
            for run in extra:
                clash = set(run) & (set(point) | set(self.parameters))
                if clash:
                    raise StudyError(f"{self.source}: runs: {sorted(clash)} also set in "
                                     "grid or parameters; set each parameter in one place")
                configs.append({**self.parameters, **point, **run})
        return configs

    def config_key(self, config: dict) -> tuple:
        """What tells configurations apart: the values of the swept parameters."""
        return tuple(config.get(p) for p in self.swept)

    def expand(self, replications: dict | None = None) -> list[RunSpec]:
        """Every run: each configuration once per replication, with a stable run id.

        @param replications RngRun values per configuration (by config_key), for the rounds
               of adaptive replications; default: the study's replications for every one
        """
        specs = []
        seen = set()
        for config in self.configurations():
            reps = self.replications if replications is None else \
                replications.get(self.config_key(config), self.replications)
            for rng in reps:
                spec = RunSpec(run_id=run_id(self.program, config, rng, self.base_dir),
                               parameters=config, rng_run=rng, base_dir=self.base_dir)
                if spec.run_id not in seen:  # a list of runs may repeat a configuration
                    seen.add(spec.run_id)
                    specs.append(spec)
        return specs

    def check_program(self, program=None) -> None:
        """Refuse a study file whose program is not a program of this build by name.

        Study files are shared like data; running one must not run whatever it names. A
        study file names a program of this build (an example such as hostnet-leaf-spine, or a
        scratch/ program) by its name; another program runs only when the user names it,
        @p program (``--program PATH``). A study built in Python (Study.from_dict) is the
        caller's own code and may name a path.
        """
        if program is not None or not self.from_file:
            return
        if not PROGRAM_NAME.fullmatch(self.program):
            raise StudyError(
                f"{self.source}: program = {self.program!r}: a study file may name only a "
                "program of this build, by name (an example such as hostnet-leaf-spine, or "
                "a program of scratch/), not a path; to run another program, name it on the "
                "command line: python -m hostnet run STUDY --program PATH")

    def resolve_program(self, build_dir: Path, program=None) -> Path:
        """The program's path: @p program (a path the user named, ``--program``), else the
        study's program: a name of this build (build/examples/NAME, build/scratch/NAME,
        build/bin/NAME) or, for a study built in Python, a path (relative to base_dir)."""
        if program is not None:
            path = Path(program).expanduser()
            if not (path.is_file() and os.access(path, os.X_OK)):
                raise StudyError(f"--program {program}: not found or not executable")
            return path.resolve()
        self.check_program()
        if not PROGRAM_NAME.fullmatch(self.program):
            path = Path(self.program)
            path = path if path.is_absolute() else (self.base_dir / path)
            candidates = [path]
        else:
            candidates = [build_dir / "examples" / self.program,
                          build_dir / "scratch" / self.program, build_dir / "bin" / self.program]
        for candidate in candidates:
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return candidate.resolve()
        raise StudyError(f"{self.source}: program: {self.program!r} not found or not "
                         f"executable (looked at {', '.join(map(str, candidates))}); build it "
                         "with ./hostnet.sh build")

    def check_files(self) -> None:
        """Every file a parameter names (a value ending in .toml, .csv, .json, .txt, .dat,
        .yaml or .yml: host profiles, size tables, ...) exists, and a .toml parses; the
        StudyError names each problem, with the parameter, before any run."""
        import tomllib

        problems = []
        for where, name, value in _places(self.to_dict()):
            if not (isinstance(value, str) and value.lower().endswith(FILE_SUFFIXES)):
                continue
            path = Path(value) if Path(value).is_absolute() else self.base_dir / value
            if not path.is_file():
                problems.append(f"{where}: {value!r}: no such file (looked at {path})")
            elif path.suffix == ".toml":
                try:
                    tomllib.loads(path.read_text())
                except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
                    problems.append(f"{where}: {value!r}: not valid TOML: {e}")
        if problems:
            raise StudyError(f"{self.source}: " + "; ".join(problems))


PROGRAM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*")
"""A program named by a study file: a file name of this build, not a path."""
FILE_SUFFIXES = (".toml", ".csv", ".json", ".txt", ".dat", ".yaml", ".yml")


def run_id(program: str, parameters: dict, rng_run: int, base_dir: Path | None = None) -> str:
    """A stable id of one run: a hash of the program name, the parameters and RngRun, and of
    the text of every host profile file a parameter names (a .toml path, relative to
    @p base_dir): an edited profile is a new configuration, never an old result reused."""
    content = {"program": Path(program).name, "parameters": parameters, "rng_run": rng_run}
    profiles = {}
    for value in parameters.values():
        path = profile_path(value, base_dir)
        if isinstance(path, str) and path.endswith(".toml") and Path(path).is_file():
            profiles[value] = hashlib.sha1(Path(path).read_bytes()).hexdigest()
    if profiles:
        content["profiles"] = profiles
    key = json.dumps(content, sort_keys=True)
    return hashlib.sha1(key.encode()).hexdigest()[:12]


def load_study(study, max_runs: int = MAX_RUNS) -> Study:
    """Accept a Study, a dict or a path and return a Study."""
    if isinstance(study, Study):
        reps = study.adaptive.max if study.adaptive is not None else len(study.replications)
        total = len(study.configurations()) * reps
        if study.adaptive is not None and study.adaptive.budget is not None:
            total = min(total, study.adaptive.budget)
        if total > max_runs:
            raise StudyError(f"{study.source}: {total} runs, more than the cap of {max_runs} "
                             "(--max-runs)")
        return study
    if isinstance(study, dict):
        return Study.from_dict(study, max_runs=max_runs)
    return Study.load(study, max_runs=max_runs)


def _load_yaml(text: str):
    """yaml.safe_load, but a mapping with a key twice is an error (PyYAML keeps the last)."""
    import yaml

    class UniqueKeyLoader(yaml.SafeLoader):
        pass

    def construct_mapping(loader, node, deep=False):
        seen = {}
        for key_node, _ in node.value:
            key = loader.construct_object(key_node, deep=deep)
            try:
                first = seen.get(key)
            except TypeError:  # an unhashable key: let PyYAML report it
                continue
            if first is not None:
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping", node.start_mark,
                    f"duplicate key {key!r} (first at line {first.line + 1})",
                    key_node.start_mark)
            seen[key] = key_node.start_mark
        return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)

    UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
                                    construct_mapping)
    return yaml.load(text, Loader=UniqueKeyLoader)

