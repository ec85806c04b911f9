"""Docs that cannot drift: every name the user documentation gives exists in this build.

The documents read are README.md, doc/*.rst (but the generated attribute reference, which a
test in test_hostnet.py keeps current) and CHANGES.md (there a name that no longer exists is
accepted in an entry that says it moved, was renamed or removed). Each check collects the
names of one kind with the place they were found, looks them up where they are defined, and
fails with every name it could not find (file:line, the name, why):

* ``Class::Name`` (with or without ``ns3::``): an attribute or trace source of the class's
  TypeId (or a parent's), else a member declared in the class's header (hostnet's or
  ns-3's);
* Config paths (``/NodeList/.../$ns3::HostNetDevice/Queues/*/RxMode/Poll``): walked from the
  node through each attribute's pointee type, each step an attribute, a trace source or an
  index, as ns-3's Config resolves them;
* attribute lists: the README's tables "object | attribute" and the manual's bullet lists
  that start with a class (``* ``ns3::NapiRxMode``: ``Weight`` ...``): each name an attribute
  or trace source of a class the row or bullet names;
* example options: ``hostnet-leaf-spine ... --routing=global``: each option in the
  example's ``--PrintHelp``; an option named without its program exists in some program's
  help;
* commands: ``python -m hostnet SUBCOMMAND`` (and ``hostnet profile SUBCOMMAND``),
  ``python -m hostnet.MODULE``, ``./hostnet.sh JOB`` and the papers' figure scripts run by path
  (``python validation/figures/plot_rdr.py``), with the options written after them;
* no user document mentions the project's issue tracker (issues, notes).
"""

import functools
import importlib
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", REPO / "build")).resolve()
GENERATED = {"hostnet-attributes.rst"}
# Words of a CHANGES.md entry that describe a name that is gone (the old name stays there).
GONE_WORDS = re.compile(r"\b(moved|renamed|removed|gone|replaces|replaced|instead of|no longer|"
                        r"used to|was |were |left|dropped|deleted|merged into|now )|->|→", re.I)
# Classes that the manual defines in its own code (the "Extending hostnet" walk-throughs) or
# uses as placeholders (ns3::Type::Attribute).
DOC_ONLY_CLASSES = {"MyRxMode", "MyModeration", "Type", "TypeId", "MyApp", "Class"}


def _documents():
    """[(path relative to the repository, [(line number, text)])]."""
    docs = [REPO / "README.md"] + sorted(p for p in (REPO / "doc").glob("*.rst")
                                         if p.name not in GENERATED)
    out = [(p.relative_to(REPO).as_posix(), list(enumerate(p.read_text().splitlines(), 1)))
           for p in docs]
    out.append(("CHANGES.md", _newest_changes()))
    return out


def _newest_changes():
    """The lines of CHANGES.md's newest version section (older ones name what was then)."""
    lines = list(enumerate((REPO / "CHANGES.md").read_text().splitlines(), 1))
    starts = [i for i, (_, text) in enumerate(lines) if text.startswith("## ")]
    if not starts:
        return lines
    end = starts[1] if len(starts) > 1 else len(lines)
    return lines[starts[0]:end]


def _entries(lines):
    """Group lines into paragraphs / list entries: [(first line number, joined text)]."""
    out, current, start = [], [], None
    for number, text in lines:
        if not text.strip() or re.match(r"\s*([*-]|\d+\.)\s", text) or text.startswith("#"):
            if current:
                out.append((start, " ".join(current)))
            current, start = [], None
            if not text.strip():
                continue
        if start is None:
            start = number
        current.append(text.strip())
    if current:
        out.append((start, " ".join(current)))
    return out


def _logical_lines(lines):
    """Lines with shell continuations (a trailing backslash) joined."""
    out, pending, start = [], "", None
    for number, text in lines:
        if start is None:
            start = number
        if text.rstrip().endswith("\\"):
            pending += text.rstrip()[:-1] + " "
            continue
        out.append((start, pending + text))
        pending, start = "", None
    if pending:
        out.append((start, pending))
    return out


# ---------------------------------------------------------------------------------------
# What exists: TypeIds, headers, programs' help


@pytest.fixture(scope="module")
def registry(ns):
    """TypeId name -> (parent name, {attribute: (underlying type, help)}, {trace: help})."""
    out = {}
    for i in range(ns.TypeId.GetRegisteredN()):
        tid = ns.TypeId.GetRegistered(i)
        attrs = {}
        # The pointee types are needed (and asked) only where a Config path goes through:
        # hostnet's classes and the node. (cppyy compiles each checker's own class to ask
        # it, which fails for some of ns-3's: a checker of an incomplete type crashes.)
        walk = str(tid.GetGroupName()) == "Hostnet" or str(tid.GetName()) == "ns3::Node"
        for k in range(tid.GetAttributeN()):
            info = tid.GetAttribute(k)
            if not walk:
                attrs[str(info.name)] = ("", str(info.help))
                continue
            try:
                underlying = str(info.checker.GetUnderlyingTypeInformation())
                if "Container" in str(info.checker.GetValueTypeName()):
                    underlying = "container " + underlying
            except Exception:  # noqa: BLE001 - a checker without them
                underlying = ""
            attrs[str(info.name)] = (underlying, str(info.help))
        traces = {str(tid.GetTraceSource(k).name): str(tid.GetTraceSource(k).help)
                  for k in range(tid.GetTraceSourceN())}
        parent = str(tid.GetParent().GetName()) if tid.HasParent() else ""
        out[str(tid.GetName())] = (parent, attrs, traces)
    return out


def _members(registry, type_name):
    """Attributes and trace sources of a TypeId and its parents: {name: (underlying, help)}."""
    found, seen = {}, set()
    while type_name in registry and type_name not in seen:
        seen.add(type_name)
        parent, attrs, traces = registry[type_name]
        for name, value in attrs.items():
            found.setdefault(name, value)
        for name, help_text in traces.items():
            found.setdefault(name, ("", help_text))
        type_name = parent
    return found


@functools.lru_cache(maxsize=1)
def _headers():
    """Class name -> the text of the headers that define it (hostnet's and ns-3's)."""
    roots = [REPO / "model", REPO / "helper", REPO / "validation"]
    wheel = list((REPO / ".venv").glob("lib/python3*/site-packages/ns3/include/ns3"))
    files = [p for root in roots for p in root.rglob("*.h")] + [
        p for root in wheel for p in root.glob("*.h")]
    out = {}
    pattern = re.compile(r"^\s*(?:class|struct|enum class|enum|union|namespace)\s+"
                         r"(?:NS3_\w+\s+)?(\w+)\b[^;\n]*$", re.M)
    for path in files:
        try:
            text = path.read_text(errors="replace")
        except OSError:
            continue
        for name in set(pattern.findall(text)):
            out.setdefault(name, []).append(text)
        for name in re.findall(r"^\s*(?:typedef\s[^;]*\b|using\s+)(\w+)\b", text, re.M):
            out.setdefault(name, []).append(text)
    return out


def _examples():
    """This build's programs: the examples, and the scratch/ programs named hostnet-*."""
    return {p.name: p for folder in ("examples", "scratch")
            for p in (BUILD / folder).glob("hostnet-*") if os.access(p, os.X_OK) and p.is_file()}


@functools.lru_cache(maxsize=None)
def _program_options(path):
    """The options of an ns-3 program (its --PrintHelp)."""
    from hostnet.study.check import parse_help  # noqa: PLC0415

    proc = subprocess.run([str(path), "--PrintHelp"], capture_output=True, text=True,
                          timeout=120, check=False)
    options = parse_help(proc.stdout + proc.stderr) or {}
    return set(options) | {"PrintHelp", "PrintGlobals", "PrintAttributes", "PrintTypeIds",
                           "PrintGroup", "PrintGroups", "PrintMetrics"} | {
        name.lstrip("-") for name in re.findall(r"--[\w-]+", proc.stdout)}


@functools.lru_cache(maxsize=None)
def _help_options(*command):
    """The long options that a command's --help lists (argparse, hostnet.sh, scripts)."""
    env = dict(os.environ, HOSTNET_BUILD_DIR=str(BUILD))
    proc = subprocess.run(list(command) + ["--help"], capture_output=True, text=True,
                          timeout=120, check=False, cwd=REPO, env=env)
    text = proc.stdout + proc.stderr
    return proc.returncode, text, {o.lstrip("-") for o in re.findall(r"--[\w-]+", text)}


# A figure or validation script of the papers, run by path (not part of the package).
SCRIPT = re.compile(r"(?<![\w/.-])(validation/figures/[\w-]+\.py)([^`\n]*)")


@functools.lru_cache(maxsize=None)
def _script_options(script):
    """The long options of a script run by path (validation/figures/plot_rdr.py)."""
    code, text, options = _help_options(sys.executable, str(REPO / script))
    assert code == 0, f"{script} --help: {text[-2000:]}"
    return options


def _subcommand_names(text):
    """The subcommands an argparse help lists under "positional arguments"."""
    block = text.split("positional arguments:", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^    ([a-z][a-z-]*)\b", block, re.M)


def _cli_subcommands():
    """{subcommand: its long options} of python -m hostnet and of hostnet profile."""
    py = sys.executable
    code, text, _ = _help_options(py, "-m", "hostnet")
    assert code == 0, text
    out = {}
    for sub in _subcommand_names(text):
        out[sub] = _help_options(py, "-m", "hostnet", sub)[2]
    code, text, _ = _help_options(py, "-m", "hostnet", "profile")
    assert code == 0, text
    for sub in _subcommand_names(text):
        out["profile " + sub] = _help_options(py, "-m", "hostnet", "profile", sub)[2]
    return out


def _hostnet_sh_jobs():
    text = (REPO / "hostnet.sh").read_text()
    usage = text.split("<<'USAGE'", 1)[1].split("USAGE\n", 1)[0]
    jobs = set(re.findall(r"^  ([a-z][a-z0-9-]+)\s", usage, re.M))
    env_vars = set(re.findall(r"^  (HOSTNET_\w+)\s", usage, re.M))
    return jobs, env_vars


def _require_build():
    if not _examples():
        pytest.skip(f"no examples built in {BUILD}: run ./hostnet.sh build")


def _report(problems):
    return "\n".join(f"{place}: {text}" for place, text in problems)


# ---------------------------------------------------------------------------------------
# The checks


CLASS_NAME = re.compile(r"(?<![\w:])(?:ns3::)?([A-Z][A-Za-z0-9]+)::([A-Za-z_][A-Za-z0-9_]*)\b"
                        r"(?!::)")


def test_class_member_names_exist(registry):
    """``Class::Name``: an attribute/trace of the TypeId, else a member of the class."""
    headers = _headers()
    problems = []
    for doc, lines in _documents():
        for number, text in _entries(lines):
            for m in CLASS_NAME.finditer(text):
                cls, name = m.group(1), m.group(2)
                if cls in DOC_ONLY_CLASSES or text[m.end():m.end() + 2] == "::":
                    continue
                full = "ns3::" + cls
                if full in registry and name in _members(registry, full):
                    continue
                texts = headers.get(cls)
                if texts and any(re.search(rf"\b{re.escape(name)}\b", t) for t in texts):
                    continue
                if doc == "CHANGES.md" and GONE_WORDS.search(text):
                    continue
                why = ("no attribute, trace source or member of that name" if texts or
                       full in registry else "no such class")
                problems.append((f"{doc}:{number}", f"{cls}::{name}: {why}"))
    assert not problems, "names that do not exist:\n" + _report(problems)


CONFIG_PATH = re.compile(r"/NodeList/[^\s`\"',)]*")
INDEX = re.compile(r"^(\*|\d+|<\w+>|[A-Z]|\[.*\]|\w+\|.*)$")


def _walk_config_path(registry, path):
    """None if ns-3's Config could resolve @p path, else why not."""
    parts = [p for p in path.split("/") if p]
    if parts[0] != "NodeList":
        return "does not start at /NodeList"
    current, expect_index = "ns3::Node", True
    for part in parts[1:]:
        if part in ("...", "…") or part.endswith("..."):
            return None
        if expect_index:
            expect_index = False
            if INDEX.match(part):
                continue
            # an attribute may follow a container directly only in Config's syntax errors
            return f"'{part}' where an index (or *) was expected"
        if part.startswith("$"):
            name = part[1:]
            if name not in registry:
                return f"no TypeId {name}"
            current = name
            continue
        alternatives = part.split("|")
        members = dict(_members(registry, current))
        # Config looks a name up on the object's own TypeId: a subclass's attribute (the
        # EEVDF scheduler's BaseSlice behind HostCpu/Scheduler) resolves where it is that.
        for sub in _subclasses(registry, current):
            for name, value in _members(registry, sub).items():
                members.setdefault(name, value)
        missing = [a for a in alternatives if a not in members]
        if missing:
            return f"{current} has no attribute or trace source {', '.join(missing)}"
        underlying = members[alternatives[0]][0]
        m = re.match(r"(container )?ns3::Ptr<\s*(ns3::\w+)\s*>", underlying)
        if m:
            current = m.group(2)
            # ObjectVector / ObjectMap attributes (Queues, DeviceList) are followed by an index
            expect_index = bool(m.group(1))
        else:
            current = None
            if part is not parts[-1]:
                return f"'{part}' is not an object: nothing can follow it"
    return None


def _subclasses(registry, type_name):
    out = []
    for name in registry:
        parent = registry[name][0]
        seen = set()
        while parent and parent not in seen:
            if parent == type_name:
                out.append(name)
                break
            seen.add(parent)
            parent = registry.get(parent, ("",))[0]
    return out


def test_config_paths_resolve(registry):
    """Every Config path walks, attribute by attribute, from a node to its end."""
    problems = []
    count = 0
    for doc, lines in _documents():
        for number, text in lines:
            for m in CONFIG_PATH.finditer(text):
                path = m.group(0).rstrip(".:;")
                path = re.sub(r"/+$", "", path)
                count += 1
                why = _walk_config_path(registry, path)
                if why and not (doc == "CHANGES.md" and GONE_WORDS.search(text)):
                    problems.append((f"{doc}:{number}", f"{path}: {why}"))
    assert count > 5, "no Config paths found: the pattern is broken"
    assert not problems, "Config paths that do not resolve:\n" + _report(problems)


def _table_rows(lines):
    """Markdown table rows whose header starts with 'object | attribute'."""
    rows, active = [], False
    for number, text in lines:
        if not text.startswith("|"):
            active = False
            continue
        cells = [c.strip() for c in text.strip().strip("|").split("|")]
        if cells and cells[0] == "object" and len(cells) > 1 and cells[1] == "attribute":
            active = True
            continue
        if active and not set(cells[0]) <= set("-: "):
            rows.append((number, cells))
    return rows


def _classes_in(text):
    return ["ns3::" + c for c in re.findall(r"`+(?:ns3::)?([A-Z][A-Za-z0-9]+)`+", text)] + [
        "ns3::" + c for c in re.findall(r"\b(?:ns3::)?([A-Z][A-Za-z0-9]+)::[A-Z]", text)]


def test_attribute_lists_name_attributes(registry):
    """README's attribute tables and the manual's class bullets name real attributes."""
    problems = []
    checked = 0

    def check(place, classes, names, context):
        nonlocal checked
        classes = [c for c in classes if c in registry]
        if not classes:
            return
        members = {}
        for cls in classes:
            members.update(_members(registry, cls))
        known_text = " ".join(h for _, h in members.values())
        for name in names:
            checked += 1
            # a value named in an attribute's help (``Allocate``, ``Interleaved``): one word
            value = sum(c.isupper() for c in name) == 1 and re.search(rf"\b{name}\b",
                                                                     known_text)
            if name in members or value or "ns3::" + name in registry:
                continue
            if place.startswith("CHANGES.md") and GONE_WORDS.search(context):
                continue
            problems.append((place, f"{name}: not an attribute or trace source of "
                                    f"{', '.join(c[5:] for c in classes)}"))

    for doc, lines in _documents():
        if doc.endswith(".md"):
            current = []
            for number, cells in _table_rows(lines):
                if cells[0]:
                    current = _classes_in(cells[0])
                extra = _classes_in(cells[1])
                names = [n for n in re.findall(r"`([A-Z][A-Za-z0-9]+)`", cells[1])]
                check(f"{doc}:{number}", current + extra, names, " ".join(cells))
        else:
            for number, text in _entries(lines):
                m = re.match(r"\*\s+``(ns3::[A-Z]\w+)``", text)
                if not m:
                    continue
                classes = _classes_in(text) + [m.group(1)]
                # "(the device's ``Costs``)" names the owner's attribute, not this class's
                names = re.findall(r"(?<!'s )``([A-Z][A-Za-z0-9]+)``", text)
                check(f"{doc}:{number}", classes, names, text)
    assert checked > 50, "attribute lists not found: the patterns are broken"
    assert not problems, "attribute lists naming what does not exist:\n" + _report(problems)


OPTION = re.compile(r"(?<![\w-])--([A-Za-z][\w-]*)")
EXAMPLE = re.compile(r"(?<![\w/.-])(?:build/examples/|\./)?(hostnet-[a-z0-9-]+)(?![\w.-])")
# Paragraphs about other tools: their options are theirs.
FOREIGN = re.compile(r"(\b(ctest|cmake|pip|pytest|git|test\.py|ethtool|mpiexec|mpirun|apt-get|"
                     r"apt|dnf|brew|sphinx-build|ninja|make|iperf3?|mpstat|neper|netperf|"
                     r"mutilate|sysctl|dask|docker|perf|valgrind|callgrind|clang-format|gcc|"
                     r"ASAN_OPTIONS|sanitize\.sh|collect-host-info\.sh|hostnet-test-runner)\b|"
                     r"\./ns3|--enable-|--fullness|memcached -)", re.I)
# ./ns3 run's own options, written before a program's, and Open MPI's mpiexec options that
# the MPI section names in prose.
NS3_RUN_OPTIONS = {"command-template", "no-build", "cwd", "gdb", "valgrind", "vis", "mca",
                   "allow-run-as-root", "oversubscribe", "hostfile"}


def _paragraph_of(lines):
    """line number -> the text of the paragraph (or list entry) holding it."""
    numbers = [n for n, _ in lines]
    out = {}
    for start, text in reversed(_entries(lines)):
        for n in numbers[numbers.index(start):]:
            if n in out:
                break
            out[n] = text
    return out


def test_example_options_exist():
    """``hostnet-X ... --opt``: --opt is in hostnet-X's --PrintHelp; a lone --opt in some
    program's help."""
    _require_build()
    examples = _examples()
    every = set()
    for path in examples.values():
        every |= _program_options(path)
    # ns-3's global values (--SchedulerType=..., --RngRun=...)
    proc = subprocess.run([str(next(iter(examples.values()))), "--PrintGlobals"],
                          capture_output=True, text=True, timeout=120, check=False)
    every |= set(re.findall(r"--(\w+)=", proc.stdout))
    subcommands = _cli_subcommands()
    for options in subcommands.values():
        every |= options
    every |= _help_options(str(REPO / "hostnet.sh"))[2]
    # the options of the modules the docs run (python -m hostnet.datacenter_table ...) and of
    # the scripts they run by path (python validation/figures/memcached_validation.py ...)
    modules, scripts = set(), set()
    for _doc, lines in _documents():
        for _number, text in lines:
            modules |= set(re.findall(r"python3? -m (hostnet\.[a-z_][a-z0-9_.]*[a-z0-9_])",
                                      text))
            scripts |= {m.group(1) for m in SCRIPT.finditer(text)
                        if (REPO / m.group(1)).is_file()}
    for module in sorted(modules):
        every |= _help_options(sys.executable, "-m", module)[2]
    for script in sorted(scripts):
        every |= _script_options(script)
    for script in (REPO / "test" / "sanitize.sh", REPO / "tools" / "collect-host-info.sh"):
        every |= {o.lstrip("-") for o in re.findall(r"--[\w-]+", script.read_text())}
    problems, checked = [], 0
    for doc, lines in _documents():
        paragraph = _paragraph_of(lines)
        for number, text in _logical_lines(lines):
            if "did you mean" in text:  # a quoted error message names a wrong option
                continue
            spans = [(m.start(), m.group(1)) for m in EXAMPLE.finditer(text)]
            for m in OPTION.finditer(text):
                option = m.group(1)
                if option.startswith("ns3::") or option in NS3_RUN_OPTIONS or option == "key":
                    continue
                if "_" in option and option.islower():
                    continue  # C in prose: the kernel's --max_restart
                before = [(start, name) for start, name in spans if start < m.start()]
                program = before[-1][1] if before else None
                between = text[before[-1][0] if before else 0:m.start()]
                if program and not re.search(r"python -m|hostnet\.sh|\brun\s*$|\bhostnet "
                                             r"(run|best|plot|summary|validate|profile)|"
                                             r"validation/figures/", between):
                    if program not in examples:
                        if program.endswith((".py", ".cc", ".toml", ".h")) or program in {
                                "hostnet-test-runner", "hostnet-validation", "hostnet-apps",
                                "hostnet-scenarios"} or program[8:] in _suite_names():
                            continue
                        problems.append((f"{doc}:{number}", f"{program}: no such example"))
                        continue
                    checked += 1
                    if option not in _program_options(examples[program]):
                        problems.append((f"{doc}:{number}",
                                         f"{program} has no option --{option}"))
                    continue
                if FOREIGN.search(paragraph.get(number, text)):
                    continue
                checked += 1
                if option not in every:
                    if doc == "CHANGES.md" and GONE_WORDS.search(text):
                        continue
                    problems.append((f"{doc}:{number}", f"--{option}: no program has it"))
    assert checked > 30, "no options found: the patterns are broken"
    assert not problems, "options that do not exist:\n" + _report(problems)


@functools.lru_cache(maxsize=1)
def _suite_names():
    names = set()
    for path in (REPO / "test").glob("*.cc"):
        names |= set(re.findall(r'TestSuite\("hostnet-([a-z0-9-]+)"', path.read_text()))
    return names


def test_commands_exist():
    """python -m hostnet SUBCOMMAND / hostnet profile SUB / python -m hostnet.MODULE /
    ./hostnet.sh JOB / python validation/figures/SCRIPT.py, each with the options written after
    it."""
    subcommands = _cli_subcommands()
    jobs, _ = _hostnet_sh_jobs()
    study_jobs = {"main", "leaf-spine-2008"}
    problems, checked = [], 0
    cli = re.compile(r"(?:python3? -m hostnet|\.venv/bin/hostnet|(?<![\w/.-])hostnet)"
                     r"((?:\.[a-z_][a-z0-9_.]*)|(?:\s+(?:profile\s+)?[a-z][a-z-]*))"
                     r"([^`\n]*)")
    for doc, lines in _documents():
        for number, text in _logical_lines(lines):
            place = f"{doc}:{number}"
            for m in cli.finditer(text):
                target, rest = m.group(1), m.group(2)
                rest = re.split(r"[`;|&)]|\s#", rest)[0]
                if target.startswith("."):
                    module = "hostnet" + target.rstrip(".")
                    checked += 1
                    why = None if module == "hostnet.sh" else _python_name_problem(module)
                    if why and not (doc == "CHANGES.md" and GONE_WORDS.search(text)):
                        problems.append((place, why))
                    continue
                words = target.split()
                if words[0] not in subcommands and words[0] != "profile":
                    # prose ("hostnet models", "hostnet is"): only written commands count
                    if m.group(0).startswith(("python", ".venv")):
                        problems.append((place, f"python -m hostnet {words[0]}: no such "
                                                "subcommand"))
                    continue
                sub = " ".join(words)
                if sub == "profile":
                    continue
                if sub not in subcommands:
                    problems.append((place, f"hostnet {sub}: no such subcommand"))
                    continue
                checked += 1
                for option in OPTION.findall(rest):
                    if option not in subcommands[sub] and option != "help":
                        problems.append((place, f"hostnet {sub} has no option --{option}"))
            for m in re.finditer(r"\./hostnet\.sh(?:\s+([a-z][a-z0-9-]*))?([^`\n]*)", text):
                job, rest = m.group(1), re.split(r"[`;|&)]|\s#", m.group(2))[0]
                if not job:
                    continue
                checked += 1
                if job not in jobs:
                    if doc == "CHANGES.md" and GONE_WORDS.search(text):
                        continue
                    problems.append((place, f"./hostnet.sh {job}: no such job"))
                elif job in study_jobs:
                    for option in OPTION.findall(rest):
                        if option not in subcommands["run"]:
                            problems.append((place, f"./hostnet.sh {job} passes --{option} "
                                                    "to python -m hostnet run, which has none"))
            for m in SCRIPT.finditer(text):
                script, rest = m.group(1), re.split(r"[`;|&)]|\s#", m.group(2))[0]
                checked += 1
                if not (REPO / script).is_file():
                    if not (doc == "CHANGES.md" and GONE_WORDS.search(text)):
                        problems.append((place, f"{script}: no such script"))
                    continue
                for option in OPTION.findall(rest):
                    if option not in _script_options(script) and option != "help":
                        problems.append((place, f"{script} has no option --{option}"))
            for name in re.findall(r"\b(HOSTNET_[A-Z_]+)\b", text):
                checked += 1
                if name not in _hostnet_sh_jobs()[1] and name not in _known_env():
                    problems.append((place, f"${name}: not read anywhere"))
    assert checked > 20, "no commands found: the patterns are broken"
    assert not problems, "commands that do not exist:\n" + _report(problems)


def _python_name_problem(dotted):
    """None if @p dotted (hostnet.study.load, hostnet.attributes) imports, else why not."""
    parts = dotted.split(".")
    obj, i = None, len(parts)
    while i > 0:
        name = ".".join(parts[:i])
        try:
            spec = importlib.util.find_spec(name)
        except (ModuleNotFoundError, ValueError):
            spec = None
        if spec is not None:
            obj = importlib.import_module(name)
            break
        i -= 1
    if obj is None:
        return f"{dotted}: no such module"
    for attr in parts[i:]:
        if attr in getattr(obj, "__all__", ()) and attr == "ns":
            return None  # hostnet.ns loads ns-3 on first use
        if not hasattr(obj, attr):
            return f"{dotted}: {'.'.join(parts[:i])} has no {attr}"
        obj = getattr(obj, attr)
    return None


@functools.lru_cache(maxsize=1)
def _known_env():
    """HOSTNET_* variables read by the code, the scripts or the build."""
    names = set()
    for root in ("python/hostnet", "model", "helper", "examples", "test", "cmake", "tools"):
        for path in (REPO / root).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".cc", ".h", ".cmake", ".sh", ".txt"):
                names |= set(re.findall(r"\b(HOSTNET_[A-Z_]+)\b",
                                        path.read_text(errors="replace")))
    names |= set(re.findall(r"\b(HOSTNET_[A-Z_]+)\b", (REPO / "CMakeLists.txt").read_text()))
    names |= set(re.findall(r"\b(HOSTNET_[A-Z_]+)\b", (REPO / "hostnet.sh").read_text()))
    return names


def test_user_docs_do_not_mention_the_issue_tracker():
    """The user documentation explains; it does not point at the project's issues or notes."""
    problems = []
    pattern = re.compile(r"\bissues?[- ]?\d+|\bissue notes?\b|\b(the|this|that|an?)\s+[\w-]+\s+"
                         r"issue\b|\bissue (asks|asked|says|said|wants)\b|(?<![\w&])#\d{2,}\b|"
                         r"\blead engineer\b", re.I)
    for doc, lines in _documents():
        if doc == "CHANGES.md":
            continue
        for number, text in lines:
            for m in pattern.finditer(text):
                problems.append((f"{doc}:{number}", f"'{m.group(0)}' in: {text.strip()[:80]}"))
    assert not problems, "user docs mention the issue tracker:\n" + _report(problems)


def test_suite_lists_are_complete():
    """A list of the test suites ("suites: hostnet-analysis, -busy-poll, ...") names each
    suite of test/*.cc once and nothing else."""
    suites = _suite_names()
    found = 0
    for doc, lines in _documents():
        for number, text in _entries(lines):
            m = re.search(r"suites: (hostnet-[a-z0-9-]+(?:,\s*(?:and\s+)?-[a-z0-9-]+)+)", text)
            if not m:
                continue
            found += 1
            # -mpi exists only in an ns-3 tree built with MPI, and is named apart
            listed = [name.strip().removeprefix("and ").strip().removeprefix("hostnet-")
                      .lstrip("-") for name in m.group(1).split(",")]
            listed = [name for name in listed if name != "mpi"]
            assert sorted(listed) == sorted(suites - {"mpi"}), (
                f"{doc}:{number}: the suite list differs from test/*.cc: missing "
                f"{sorted(suites - {'mpi'} - set(listed))}, unknown "
                f"{sorted(set(listed) - suites)}")
    assert found, "no suite list found in the docs"


def test_changes_has_one_section_of_each_kind():
    """Each version of CHANGES.md has each kind of section (### ...) once."""
    text = (REPO / "CHANGES.md").read_text()
    for version in re.split(r"^## ", text, flags=re.M)[1:]:
        kinds = [k.strip().lower().replace("behavior", "behaviour")
                 for k in re.findall(r"^### (.+)$", version, re.M)]
        assert len(kinds) == len(set(kinds)), (
            f"CHANGES.md, '{version.splitlines()[0]}': sections repeated: {kinds}")


def _headings(path, seen=None):
    """The section titles of an .rst file and of the files it includes."""
    seen = seen or set()
    if path in seen or not path.is_file():
        return set()
    seen.add(path)
    lines = path.read_text().splitlines()
    titles = {lines[i].strip() for i in range(len(lines) - 1)
              if lines[i].strip() and re.fullmatch(r"([=*#~^\-])\1{3,}", lines[i + 1].strip())}
    for name in re.findall(r"^\.\. include:: (\S+)$", path.read_text(), re.M):
        titles |= _headings(path.parent / name, seen)
    return titles


def test_section_references_exist():
    """'doc/<part>.rst, "Section"' in the docs, the Python package, the examples' help, the
    tests, the figure scripts and the shipped data names a section that the part (or what it
    includes) has."""
    sources = [(doc, "\n".join(t for _, t in lines)) for doc, lines in _documents()]
    for root in ("python/hostnet", "python/tests", "examples", "model", "helper", "test",
                 "validation", "data"):
        for path in (REPO / root).rglob("*"):
            if path.suffix in (".py", ".cc", ".h", ".toml", ".csv"):
                sources.append((path.relative_to(REPO).as_posix(), path.read_text()))
    pattern = re.compile(r"doc/([\w-]+\.rst)[,:]?\s+(?:section\s+|sections\s+)?[\"“]"
                         r"([^\"”]+)[\"”]")
    problems, checked = [], 0
    for name, text in sources:
        for m in pattern.finditer(text):
            title = " ".join(m.group(2).split())
            checked += 1
            # a reference may give a title's beginning ("Distributed runs" for "... (MPI)")
            if not any(" ".join(t.split()).startswith(title)
                       for t in _headings(REPO / "doc" / m.group(1))):
                problems.append((name, f"doc/{m.group(1)} has no section '{title}'"))
    assert checked > 5, "no section references found: the pattern is broken"
    assert not problems, "references to missing sections:\n" + _report(problems)
