"""Build a host profile from what a Linux host reports about itself.

Input: a folder written by ``tools/collect-host-info.sh IFACE`` (one file per command:
``ethtool-c.txt``, ``lscpu.txt``, ...) or any text file(s) that hold some of those outputs,
concatenated or not. Sections are recognised by their content (``Coalesce parameters for``,
``Architecture:``, a ``CPU0`` header, ``net.core.`` lines, ...), not by file names, except for
the one-value sysfs files (``threaded.txt``, ``numa-node.txt``, ...) whose content says nothing.

Output: a profile dict (:func:`build_profile`) in the ``data/hosts/*.toml`` format, written by
:func:`write_profile`. Every value read carries its source (``{ value = 8, source = "ethtool -c:
rx-usecs 8" }``); what could not be read is listed in ``[profile] unread`` and ``defaults``
(the ``base`` profile's value stays), what Linux has but hostnet does not model in
``not_modelled``. The CPU costs are never measured by these files: they are the base
profile's until ``hostnet profile calibrate`` fits them.

Kernel facts are cited by file and function (Linux 6.x tree) where they are used.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

# ---------------------------------------------------------------------------------------------
# The profile's sections and the ns-3 class whose attributes each holds. Typed sections
# (type = "ns3::...") take the attributes of the class they name.
SECTION_CLASSES = {
    "cpu": "ns3::HostCpu",
    "cpu.scheduler": None,
    "cpu.locality": "ns3::CpuLocality",
    "stack": "ns3::HostNetStack",
    "stack.socket": "ns3::HostSocketCosts",
    "stack.tcp-timers": "ns3::HostTcpTimers",
    "nic": "ns3::HostNetDevice",
    "nic.moderation": None,
    "nic.rx-mode": None,
    "nic.gro": None,
    "nic.rx-ring": "ns3::RxRing",
    "nic.tx-ring": "ns3::TxRing",
    "nic.steering": "ns3::ReceiveSteering",
    "nic.tx-path": "ns3::HostTxPath",
    "costs": "ns3::HostCostModel",
}

# The shipped profiles a generated one may inherit from (data/hosts/<name>.toml).
BASES = ("mlx5-100g", "i40e-10g", "e1000-1g")

# The costs of the shipped modern profiles are for one core of a 3.4 GHz Xeon Gold 6128
# (data/hosts/mlx5-100g.toml, [cpu] Speed).
REFERENCE_MHZ = 3400.0


class ProfileInputError(Exception):
    """A file that cannot be read as what it claims to be (the message names file and line)."""


# ---------------------------------------------------------------------------------------------
# Sections: one command's output, wherever it was found.


@dataclass
class Section:
    """The lines of one command's output (``kind``), from ``path`` starting at line ``line``."""

    kind: str
    path: str
    line: int
    lines: list = field(default_factory=list)
    iface: str | None = None

    def where(self, offset=0):
        return f"{self.path}:{self.line + offset}"


# Headers that open a section, with the interface they name (group 1) where there is one.
_HEADERS = [
    ("ethtool-c", re.compile(r"^Coalesce parameters for (\S+):\s*$")),
    ("ethtool-g", re.compile(r"^Ring parameters for (\S+):\s*$")),
    ("ethtool-l", re.compile(r"^Channel parameters for (\S+):\s*$")),
    ("ethtool-k", re.compile(r"^Features for (\S+):\s*$")),
    ("ethtool", re.compile(r"^Settings for (\S+):\s*$")),
    ("ethtool-x", re.compile(r"^RX flow hash indirection table for (\S+) with")),
    ("ethtool-i", re.compile(r"^driver:\s*\S+")),
    ("lscpu", re.compile(r"^Architecture:\s+\S+")),
    ("interrupts", re.compile(r"^\s+CPU0(\s+CPU\d+)*\s*$")),
    ("sysctl", re.compile(r"^net\.[\w.\-]+\s*=")),
]
# A shell prompt or a command line ends the section before it: "root@h:~# ethtool -c x",
# "[das@hp1:~]$ ...", "$ lscpu", "# uname -r", "==> file <==".
_PROMPT = re.compile(r"^(\S*@\S*\s*[#$]|\[[^\]]*\][#$]|[#$]|==>)(\s|$)")
_KERNEL_RELEASE = re.compile(r"^(\d+)\.(\d+)(\.\d+)?([-+~][\w.+~-]*)?$")

# One-value files, recognised by name (their content alone says nothing).
_NAMED = {
    "threaded": "threaded",
    "numa-node": "numa-node",
    "numa_node": "numa-node",
    "ifindex": "ifindex",
    "driver": "driver",
    "device": "device",
    "irq-affinity": "irq-affinity",
    "smp_affinity_list": "irq-affinity",
    "rps-cpus": "rps-cpus",
    "rps_cpus": "rps-cpus",
    "napi-defer-hard-irqs": "napi-defer-hard-irqs",
    "napi_defer_hard_irqs": "napi-defer-hard-irqs",
    "gro-flush-timeout": "gro-flush-timeout",
    "gro_flush_timeout": "gro-flush-timeout",
    "uname-r": "uname",
    "uname": "uname",
    "README": "readme",
    "errors": "errors",
}

# What each kind of file is, for the profile's lists.
KIND_NAMES = {
    "ethtool-i": "ethtool -i",
    "ethtool-c": "ethtool -c",
    "ethtool-g": "ethtool -g",
    "ethtool-l": "ethtool -l",
    "ethtool-k": "ethtool -k",
    "ethtool-x": "ethtool -x",
    "ethtool": "ethtool (link settings)",
    "lscpu": "lscpu",
    "uname": "uname -r",
    "sysctl": "sysctl net.core",
    "interrupts": "/proc/interrupts",
    "irq-affinity": "/proc/irq/N/smp_affinity_list",
    "rps-cpus": "/sys/class/net/IF/queues/rx-N/rps_cpus",
    "threaded": "/sys/class/net/IF/threaded",
    "numa-node": "/sys/class/net/IF/device/numa_node",
    "napi": "netdev napi-get (ynl)",
    "napi-defer-hard-irqs": "/sys/class/net/IF/napi_defer_hard_irqs",
    "gro-flush-timeout": "/sys/class/net/IF/gro_flush_timeout",
    "ifindex": "/sys/class/net/IF/ifindex",
    "driver": "/sys/class/net/IF/device/driver",
    "device": "/sys/class/net/IF/device",
}
# The kinds a full collection has; the missing ones are listed as unread.
EXPECTED = ("ethtool-i", "ethtool-c", "ethtool-g", "ethtool-l", "ethtool-k", "ethtool",
            "lscpu", "uname", "sysctl", "interrupts", "irq-affinity", "rps-cpus", "threaded",
            "numa-node", "napi")


# Bodies pasted without their header, recognised by a line only that command prints
# (ethtool's netlink/coalesce.c, rings.c and channels.c; util-linux lscpu). "Pre-set
# maximums:" opens ethtool -g or -l: which one its lines tell (_resolve_rings).
_BODIES = [
    ("ethtool-c", re.compile(r"^(Adaptive RX:\s*\S+|stats-block-usecs:|sample-interval:|"
                             r"pkt-rate-low:|rx-usecs:\s*\S+)")),
    ("ethtool-gl", re.compile(r"^Pre-set maximums:\s*$")),
    ("lscpu", re.compile(r"^(CPU\(s\)|Model name|Thread\(s\) per core|Socket\(s\)|"
                         r"Vendor ID):\s+\S")),
]
# A body line inside a section of its own command continues that section.
_FAMILY = {"ethtool-gl": ("ethtool-g", "ethtool-l", "ethtool-gl")}
# Sections whose every line is "key: value" (or blank, or a "Title:" line): another line
# ends them, so that text pasted after one is not read as part of it.
_KEYED = ("ethtool-c", "ethtool-g", "ethtool-l", "ethtool-i", "ethtool-gl", "lscpu")
_KEYED_LINE = re.compile(r"^\s*[^:\s][^:]*:(\s|$)")
# uname -a: "Linux HOST RELEASE #VERSION ..." (coreutils uname; the release is field 3).
_UNAME_A = re.compile(r"^Linux\s+\S+\s+(\d+\.\d+[\w.+~-]*)\s+#\S*")
# The interface an ethtool command line names: "root@h:~# ethtool -c eth1", "$ ethtool eth0".
_ETHTOOL_COMMAND = re.compile(r"\bethtool\s+(?:-[a-zA-Z]\s+|--[\w-]+\s+)?([A-Za-z][\w.@-]*)\s*$")
# The keys of a netdev napi-get object (Documentation/netlink/specs/netdev.yaml, napi).
_NAPI_KEYS = {"id", "ifindex", "irq", "pid", "defer-hard-irqs", "gro-flush-timeout",
              "irq-suspend-timeout"}


def split_sections(text: str, path: str) -> list:
    """Cut one file's text into the sections it holds (in order): by the headers of
    collect-host-info.sh's commands, and by content where a paste lacks them (an ethtool
    body without its "... parameters for IF:" line, lscpu from any of its lines, ``uname
    -a``, a napi-get dump as JSON or as ynl prints it), among other text."""
    stem = Path(path).name.split(".")[0]
    named = _NAMED.get(stem)
    if named is None:
        for suffix, kind in (("smp_affinity_list", "irq-affinity"), ("rps_cpus", "rps-cpus")):
            if Path(path).name.endswith(suffix):
                named = kind
    if named in ("readme", "errors"):
        return [Section(named, path, 1, text.splitlines())]
    stripped = text.lstrip()
    if stripped.startswith("[") or stripped.startswith("{"):
        return [Section("napi", path, 1, text.splitlines())]
    if named is not None and named != "uname":
        return [Section(named, path, 1, text.splitlines())]

    sections = []
    current = None
    command_iface = None  # the interface of the last ethtool command line seen
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        if _PROMPT.match(line):
            current = None
            m = _ETHTOOL_COMMAND.search(line)
            command_iface = m.group(1) if m else None
            continue
        if current is not None and current.kind in _KEYED and line.strip() and \
                not _KEYED_LINE.match(line):
            current = None  # other text after a keyed body: read the line afresh
        opened = False
        for kind, pattern in _HEADERS:
            m = pattern.match(line)
            if m is None:
                continue
            if kind == "sysctl" and current is not None and current.kind == "sysctl":
                break  # one more sysctl line
            if kind == "interrupts" and current is not None and current.kind == "lscpu":
                break
            if kind == "ethtool-i" and current is not None and current.kind == "ethtool-i":
                break
            iface = m.group(1) if m.groups() and kind.startswith("ethtool") and \
                kind != "ethtool-i" else command_iface
            current = Section(kind, path, number, iface=iface)
            sections.append(current)
            opened = True
            break
        if not opened:
            for kind, pattern in _BODIES:
                if pattern.match(line) and (current is None or
                                            current.kind not in _FAMILY.get(kind, (kind,))):
                    current = Section(kind, path, number, iface=command_iface)
                    sections.append(current)
                    break
        if current is None and not opened:
            m = _UNAME_A.match(line.strip())
            if m:
                sections.append(Section("uname", path, number, [m.group(1)]))
            elif _KERNEL_RELEASE.match(line.strip()) and (named == "uname" or len(line) < 80):
                sections.append(Section("uname", path, number, [line.strip()]))
            elif line.lstrip().startswith(("[{", "{'", '{"')) or line.strip() == "[":
                end = _json_end(lines, number - 1)
                if end is not None:
                    sections.append(Section("napi", path, number, lines[number - 1:end]))
                    number = end
            continue
        if current.kind == "sysctl" and not opened and line.strip() and \
                not re.match(r"^net\.[\w.\-]+\s*=", line):
            current = None
            continue
        if current.kind == "interrupts" and not opened and line.strip() and \
                not re.match(r"^\s*\w+:", line):
            current = None
            continue
        current.lines.append(line)
    return [_resolve_rings(s) for s in sections if s.kind != "ethtool-gl" or _resolve_rings(s)]


def _resolve_rings(section: Section):
    """A headerless "Pre-set maximums:" body as ethtool -l (Combined, Other) or -g (RX Mini,
    RX Jumbo, RX Buf Len); None when its lines say neither."""
    if section.kind != "ethtool-gl":
        return section
    keys = {line.partition(":")[0].strip() for line in section.lines}
    if keys & {"Combined", "Other"}:
        section.kind = "ethtool-l"
    elif keys & {"RX Mini", "RX Jumbo", "RX Buf Len", "CQE Size", "TX Push"}:
        section.kind = "ethtool-g"
    else:
        return None
    return section


def _json_end(lines: list, first: int):
    """The index after the last line of a napi-get dump that starts at lines[@p first]
    (brackets balanced; JSON or the Python repr ynl prints), or None if it is not one."""
    depth = 0
    for index in range(first, len(lines)):
        for char in lines[index]:
            if char in "[{":
                depth += 1
            elif char in "]}":
                depth -= 1
        if depth <= 0:
            text = "\n".join(lines[first:index + 1])
            for candidate in (text, text.replace("'", '"')):
                try:
                    data = json.loads(candidate)
                except json.JSONDecodeError:
                    continue
                items = data if isinstance(data, list) else [data]
                if items and all(isinstance(d, dict) and set(d) & _NAPI_KEYS for d in items):
                    return index + 1
            return None
    return None


def read_inputs(paths) -> list:
    """Every section of every file named (a folder: its files, not its subfolders)."""
    sections = []
    for path in paths:
        path = Path(path)
        if not path.exists():
            raise FileNotFoundError(f"{path}: no such file or directory")
        files = sorted(p for p in path.iterdir() if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if file.name in ("SOURCE.md",) or file.suffix in (".md", ".rst"):
                continue
            try:
                text = file.read_text(errors="replace")
            except OSError as e:
                raise ProfileInputError(f"{file}: {e.strerror}") from e
            sections.extend(split_sections(text, str(file)))
    return sections


# ---------------------------------------------------------------------------------------------
# Parsers, one per kind. Each returns a dict (None for a value shown as n/a).


def _value(text: str):
    """'8' -> 8, 'on' -> True, 'n/a' -> None; the first word of a line ('3   # comment')."""
    words = text.split()
    if not words:
        return None
    word = words[0]
    if word in ("n/a", "N/A"):
        return None
    if word == "on":
        return True
    if word == "off":
        return False
    try:
        return int(word)
    except ValueError:
        return word


def _line_of(section: Section, index: int) -> int:
    return section.line + index


def parse_ethtool_i(section: Section) -> dict:
    """ethtool -i: driver, version, bus-info (ethtool's dump_drvinfo)."""
    out = {}
    for i, line in enumerate(section.lines):
        key, sep, rest = line.partition(":")
        if sep:
            out[key.strip()] = rest.strip()
    if "driver" not in out:
        raise ProfileInputError(f"{section.where()}: ethtool -i output without a driver: line")
    return out


def parse_ethtool_c(section: Section) -> dict:
    """ethtool -c: Adaptive RX, rx-usecs, rx-frames and CQE mode RX (ethtool's netlink
    coalesce.c prints 'Adaptive RX: on  TX: on' and 'CQE mode RX: on  TX: off' on one line
    each; older ethtool prints 'cqe-mode-rx:')."""
    out = {"adaptive_rx": None, "rx_usecs": None, "rx_frames": None, "cqe_mode_rx": None,
           "lines": {}}
    for i, line in enumerate(section.lines):
        m = re.match(r"^\s*Adaptive RX:\s*(\S+)", line)
        if m:
            out["adaptive_rx"] = _value(m.group(1))
            out["lines"]["adaptive_rx"] = _line_of(section, i)
            continue
        m = re.match(r"^\s*(?:CQE mode RX|cqe-mode-rx):\s*(\S+)", line)
        if m:
            out["cqe_mode_rx"] = _value(m.group(1))
            continue
        m = re.match(r"^\s*(rx-usecs|rx-frames):\s*(.*)$", line)
        if m:
            value = _value(m.group(2))
            if value is not None and not isinstance(value, int):
                raise ProfileInputError(f"{section.path}:{_line_of(section, i)}: {m.group(1)}: "
                                        f"not a number: {m.group(2).strip()!r}")
            out[m.group(1).replace("-", "_")] = value
            out["lines"][m.group(1)] = _line_of(section, i)
    return out


def _current_block(section: Section) -> dict:
    """The 'Current hardware settings:' half of ethtool -g/-l -> {RX: 1024, ...}."""
    out = {}
    current = False
    for i, line in enumerate(section.lines):
        if line.strip().startswith("Current hardware settings"):
            current = True
            continue
        if current and ":" in line:
            key, _, rest = line.partition(":")
            value = _value(rest)
            if value is not None and not isinstance(value, (int, bool)) and \
                    key.strip() in ("RX", "TX", "Combined"):
                raise ProfileInputError(f"{section.path}:{_line_of(section, i)}: {key.strip()}: "
                                        f"not a number: {rest.strip()!r}")
            out[key.strip()] = value
    if not current:
        raise ProfileInputError(f"{section.where()}: no 'Current hardware settings:' part")
    return out


def parse_ethtool_g(section: Section) -> dict:
    return _current_block(section)


def parse_ethtool_l(section: Section) -> dict:
    return _current_block(section)


def parse_ethtool_k(section: Section) -> dict:
    """ethtool -k: {feature: (on?, fixed?)}."""
    out = {}
    for line in section.lines:
        m = re.match(r"^\s*([\w\-]+):\s*(on|off)(\s*\[fixed\])?", line)
        if m:
            out[m.group(1)] = (m.group(2) == "on", bool(m.group(3)))
    return out


def parse_ethtool_settings(section: Section) -> dict:
    """ethtool IF: the link speed in Mb/s ('Speed: 25000Mb/s'; 'Unknown!' when down)."""
    out = {"speed_mbps": None}
    for line in section.lines:
        m = re.match(r"^\s*Speed:\s*(\d+)Mb/s", line)
        if m:
            out["speed_mbps"] = int(m.group(1))
    return out


def parse_ethtool_x(section: Section) -> dict:
    """ethtool -x: the size of the RSS indirection table (entries listed)."""
    entries = 0
    for line in section.lines:
        m = re.match(r"^\s*\d+:((\s+\d+)+)\s*$", line)
        if m:
            entries += len(m.group(1).split())
    return {"entries": entries or None}


def parse_lscpu(section: Section) -> dict:
    kv = {}
    for line in section.lines:
        key, sep, rest = line.partition(":")
        if sep:
            kv[key.strip()] = rest.strip()

    def number(key, cast=int):
        if key not in kv:
            return None
        try:
            return cast(kv[key].split()[0].replace(",", "."))
        except (ValueError, IndexError):
            raise ProfileInputError(f"{section.path}: lscpu {key}: not a number: "
                                    f"{kv[key]!r}") from None

    return {
        "cpus": number("CPU(s)"),
        "threads_per_core": number("Thread(s) per core"),
        "numa_nodes": number("NUMA node(s)"),
        "max_mhz": number("CPU max MHz", float),
        "mhz": number("CPU MHz", float),
        "model": kv.get("Model name"),
        "node0_cpus": kv.get("NUMA node0 CPU(s)"),
    }


def parse_sysctl(section: Section) -> dict:
    out = {}
    for line in section.lines:
        key, sep, rest = line.partition("=")
        if sep:
            out[key.strip()] = rest.strip()
    return out


def parse_interrupts(section: Section) -> dict:
    """/proc/interrupts (show_interrupts in kernel/irq/proc.c): a CPUn header, then per IRQ
    its counts per CPU, the irq chip, the hardware IRQ and the action names."""
    header = section.lines[0] if section.lines else ""
    ncpus = len(header.split())
    irqs = []
    for line in section.lines[1:]:
        m = re.match(r"^\s*(\d+):\s+(.*)$", line)
        if not m:
            continue
        fields = m.group(2).split()
        counts = []
        for word in fields[:ncpus]:
            if not word.isdigit():
                break
            counts.append(int(word))
        name = fields[-1] if len(fields) > len(counts) else ""
        irqs.append({"irq": int(m.group(1)), "counts": counts, "name": name})
    return {"ncpus": ncpus, "irqs": irqs}


def parse_cpu_list(text: str) -> list:
    """'0-3,8' -> [0, 1, 2, 3, 8] (the smp_affinity_list format, bitmap_print_to_pagebuf)."""
    cpus = []
    for part in text.strip().split(","):
        if not part:
            continue
        lo, _, hi = part.partition("-")
        cpus.extend(range(int(lo), int(hi or lo) + 1))
    return cpus


def parse_cpu_mask(text: str) -> list:
    """'00000000,00000003' -> [0, 1] (the rps_cpus format: hex words, most significant first)."""
    value = int(text.strip().replace(",", "") or "0", 16)
    return [cpu for cpu in range(value.bit_length()) if value >> cpu & 1]


def parse_irq_affinity(section: Section) -> dict:
    """'IRQ: cpu-list' lines (collect-host-info.sh), or one smp_affinity_list file."""
    out = {}
    for i, line in enumerate(section.lines):
        if not line.strip():
            continue
        m = re.match(r"^\s*(\d+)\s*:\s*([\d,\-]+)\s*$", line)
        try:
            if m:
                out[int(m.group(1))] = parse_cpu_list(m.group(2))
            else:
                irq = re.search(r"/irq/(\d+)/", section.path)
                if irq is None:
                    raise ValueError
                out[int(irq.group(1))] = parse_cpu_list(line)
        except ValueError:
            raise ProfileInputError(f"{section.path}:{_line_of(section, i)}: not 'IRQ: "
                                    f"cpu-list': {line.strip()!r}") from None
    return out


def parse_rps(section: Section) -> dict:
    out = {}
    for i, line in enumerate(section.lines):
        m = re.match(r"^\s*(rx-\d+)\s*:\s*([0-9a-fA-F,]+)\s*$", line)
        if m:
            out[m.group(1)] = parse_cpu_mask(m.group(2))
        elif line.strip() and re.fullmatch(r"[0-9a-fA-F,]+", line.strip()):
            out[Path(section.path).parent.name or "rx-0"] = parse_cpu_mask(line)
        elif line.strip():
            raise ProfileInputError(f"{section.path}:{_line_of(section, i)}: not 'rx-N: "
                                    f"mask': {line.strip()!r}")
    return out


def parse_single(section: Section):
    """A one-value sysfs file -> its value (int where it is one)."""
    words = " ".join(section.lines).split()
    if not words:
        return None
    try:
        return int(words[0])
    except ValueError:
        return words[0]


def parse_napi(section: Section) -> list:
    """The netdev napi-get dump (Documentation/netlink/specs/netdev.yaml): JSON, a list of
    {id, ifindex, irq, pid, defer-hard-irqs, gro-flush-timeout, irq-suspend-timeout}; ynl's
    cli.py prints Python reprs of the same, which json cannot read: quotes are fixed up."""
    text = "\n".join(section.lines).strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        try:
            data = json.loads(text.replace("'", '"'))
        except json.JSONDecodeError as e:
            raise ProfileInputError(f"{section.path}:{e.lineno}: napi-get dump is not JSON: "
                                    f"{e.msg}") from None
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list) or not all(isinstance(d, dict) for d in data):
        raise ProfileInputError(f"{section.path}:1: napi-get dump: expected a list of objects")
    return data


def parse_readme(section: Section) -> dict:
    out = {}
    for line in section.lines:
        key, sep, rest = line.partition(":")
        if sep:
            out[key.strip()] = rest.strip()
    return out


PARSERS = {
    "ethtool-i": parse_ethtool_i,
    "ethtool-c": parse_ethtool_c,
    "ethtool-g": parse_ethtool_g,
    "ethtool-l": parse_ethtool_l,
    "ethtool-k": parse_ethtool_k,
    "ethtool-x": parse_ethtool_x,
    "ethtool": parse_ethtool_settings,
    "lscpu": parse_lscpu,
    "uname": parse_single,
    "sysctl": parse_sysctl,
    "interrupts": parse_interrupts,
    "irq-affinity": parse_irq_affinity,
    "rps-cpus": parse_rps,
    "threaded": parse_single,
    "numa-node": parse_single,
    "ifindex": parse_single,
    "driver": parse_single,
    "device": parse_single,
    "napi-defer-hard-irqs": parse_single,
    "gro-flush-timeout": parse_single,
    "napi": parse_napi,
    "readme": parse_readme,
    "errors": lambda s: [line for line in s.lines if line.strip()],
}


@dataclass
class HostInfo:
    """What was read: per kind, the parsed value and where it came from."""

    data: dict = field(default_factory=dict)
    where: dict = field(default_factory=dict)
    interface: str | None = None
    notes: list = field(default_factory=list)

    def get(self, kind):
        return self.data.get(kind)

    def has(self, kind):
        return self.data.get(kind) is not None


def collect(paths, interface=None) -> HostInfo:
    """Read PATHS (folders or files) into a HostInfo. ``interface`` picks the sections of one
    interface where the inputs hold several (else the first interface named)."""
    sections = read_inputs(paths if isinstance(paths, (list, tuple)) else [paths])
    info = HostInfo(interface=interface)
    ifaces = [s.iface for s in sections if s.iface]
    readme = next((s for s in sections if s.kind == "readme"), None)
    if info.interface is None and readme is not None:
        info.interface = parse_readme(readme).get("interface")
    if interface is not None and ifaces and interface not in ifaces:
        raise ProfileInputError(f"--interface {interface}: the inputs name "
                                f"{', '.join(dict.fromkeys(ifaces))}; choose one of them")
    if info.interface is None and ifaces:
        info.interface = ifaces[0]
        if len(set(ifaces)) > 1:
            info.notes.append(f"the inputs name interfaces {', '.join(sorted(set(ifaces)))}; "
                              f"read {info.interface} (choose with --interface)")
    for section in sections:
        if section.iface and info.interface and section.iface != info.interface:
            continue
        if section.kind in info.data:
            if section.kind not in ("readme", "errors"):
                info.notes.append(f"{KIND_NAMES.get(section.kind, section.kind)} found twice; "
                                  f"used {info.where[section.kind]}, not {section.where()}")
            continue
        info.data[section.kind] = PARSERS[section.kind](section)
        info.where[section.kind] = section.where()
    return info


def recognised(info: HostInfo) -> list:
    """The kinds of host output found (not README or errors files)."""
    return [k for k in info.data if k not in ("readme", "errors")]


# ---------------------------------------------------------------------------------------------
# Formatting of ns-3 attribute values.


def fmt_time_ns(ns: float) -> str:
    """An ns-3 Time string: 3000000 -> '3ms', 750000 -> '750us', 1500 -> '1500ns'."""
    ns = int(round(ns))
    if ns == 0:
        return "0us"
    if ns % 1_000_000 == 0:
        return f"{ns // 1_000_000}ms"
    if ns % 1_000 == 0:
        return f"{ns // 1_000}us"
    return f"{ns}ns"


def fmt_rate_mbps(mbps: int) -> str:
    """25000 -> '25Gbps', 100 -> '100Mbps' (ns-3 DataRate strings)."""
    if mbps % 1000 == 0:
        return f"{mbps // 1000}Gbps"
    return f"{mbps}Mbps"


def sourced(value, source: str) -> dict:
    return {"value": value, "source": source}


def kernel_version(release: str):
    """'6.8.0-45-generic' -> (6, 8); None if it is not a kernel release."""
    m = _KERNEL_RELEASE.match(release.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def _ilog2(n: int) -> int:
    return n.bit_length() - 1


# ---------------------------------------------------------------------------------------------
# The mapping.


class _Builder:
    def __init__(self, info: HostInfo, base: str | None, name: str | None):
        self.info = info
        self.sections = {}
        self.defaults = []
        self.not_modelled = []
        self.notes = list(info.notes)
        self.base = base
        self.name = name

    def set(self, section: str, key: str, value, source: str):
        self.sections.setdefault(section, {})[key] = sourced(value, source)

    def default(self, what: str):
        self.defaults.append(what)

    # --- identity --------------------------------------------------------------------------
    def driver(self):
        drv = self.info.get("ethtool-i")
        if drv is not None:
            return drv["driver"], "ethtool -i: driver"
        if self.info.has("driver"):
            return str(self.info.get("driver")), "/sys/class/net/IF/device/driver"
        return None, None

    def kernel(self):
        """(major, minor, release, source): uname -r, else ethtool -i's version: line, which
        in-tree drivers leave to the core (ethtool_get_drvinfo in net/ethtool/ioctl.c fills it
        with UTS_RELEASE) while out-of-tree and older Intel drivers put their own version
        there ('2.8.20-k'): only a three-part release without '-k' is taken."""
        if self.info.has("uname"):
            release = str(self.info.get("uname"))
            version = kernel_version(release)
            if version:
                return version + (release, f"uname -r: {release}")
        drv = self.info.get("ethtool-i")
        if drv is not None:
            release = drv.get("version", "")
            if re.match(r"^\d+\.\d+\.\d+", release) and not release.endswith("-k"):
                version = kernel_version(release)
                if version:
                    return version + (release, f"ethtool -i: version {release} (the kernel "
                                      "release an in-tree driver reports; no uname -r)")
        return None

    def speed_mbps(self):
        settings = self.info.get("ethtool")
        return settings["speed_mbps"] if settings else None

    def choose_base(self):
        if self.base:
            return self.base, "--base"
        driver, _ = self.driver()
        if driver == "mlx5_core":
            return "mlx5-100g", f"driver {driver}"
        if driver in ("i40e", "ice", "iavf", "ixgbe", "ixgbevf", "idpf"):
            return "i40e-10g", f"driver {driver} (Intel 10/25/40 GbE)"
        if driver in ("e1000", "e1000e", "igb", "igc"):
            return "e1000-1g", f"driver {driver} (Intel 1 GbE)"
        speed = self.speed_mbps()
        if speed is not None:
            if speed >= 50000:
                return "mlx5-100g", f"link speed {speed} Mb/s"
            if speed >= 10000:
                return "i40e-10g", f"link speed {speed} Mb/s"
            return "e1000-1g", f"link speed {speed} Mb/s"
        kernel = self.kernel()
        if kernel and kernel[0] < 3:
            return "e1000-1g", f"kernel {kernel[2]}"
        if driver:
            return "mlx5-100g", (f"driver {driver} (no shipped profile of its own) and no link "
                                 "speed: the modern default")
        return "mlx5-100g", "neither driver nor link speed read: the modern default"

    # --- [cpu], [cpu.locality], [cpu.scheduler] -----------------------------------------------
    def cpu(self):
        lscpu = self.info.get("lscpu")
        if lscpu is None:
            self.default("[cpu] NCores, Speed and [cpu.locality] NumaNodes: no lscpu")
            return None
        ncpus = lscpu["cpus"]
        if ncpus:
            self.set("cpu", "NCores", ncpus, f"lscpu: CPU(s) {ncpus}")
            if (lscpu["threads_per_core"] or 1) > 1:
                self.notes.append(f"NCores counts the {ncpus} logical CPUs (lscpu: "
                                  f"{lscpu['threads_per_core']} threads per core): hostnet "
                                  "models SMT siblings as full cores")
        mhz, label = lscpu["max_mhz"], "CPU max MHz"
        if mhz is None and lscpu["mhz"] is not None:
            mhz, label = lscpu["mhz"], "CPU MHz (no max MHz: the current clock)"
        if mhz:
            speed = round(mhz / REFERENCE_MHZ, 3)
            self.set("cpu", "Speed", speed, f"lscpu: {label} {mhz:g} / 3400: the shipped costs "
                     "are for a 3.4 GHz core")
        else:
            self.default("[cpu] Speed: lscpu shows no clock (a VM?): the base's Speed")
        nodes = lscpu["numa_nodes"]
        if nodes:
            self.set("cpu.locality", "NumaNodes", nodes, f"lscpu: NUMA node(s) {nodes}")
            node0 = lscpu["node0_cpus"]
            if nodes > 1 and node0 and ncpus:
                first = parse_cpu_list(node0)
                if first != list(range(0, ncpus, nodes)):
                    self.notes.append(f"lscpu: NUMA node0 CPU(s) {node0}: hostnet puts core c "
                                      "on node c mod NumaNodes (interleaved), this host does "
                                      "not; core numbers in IrqAffinity keep Linux's")
        numa = self.info.get("numa-node")
        if numa is not None:
            if numa < 0:
                self.set("cpu.locality", "NicNumaNode", 0, "numa_node -1 (no NUMA information "
                         "for the device): node 0")
            elif nodes is None or numa < nodes:
                self.set("cpu.locality", "NicNumaNode", numa, f"device/numa_node {numa}")
        return ncpus

    def scheduler(self, ncpus):
        kernel = self.kernel()
        if kernel is None:
            self.default("[cpu.scheduler]: no kernel release read: the base's scheduler")
            return
        major, minor = kernel[0], kernel[1]
        # kernel/sched/fair.c, get_update_sysctl_factor(): with the default
        # sysctl_sched_tunable_scaling = SCHED_TUNABLESCALING_LOG the base tunables are
        # multiplied by 1 + ilog2(min(online CPUs, 8)).
        if ncpus:
            factor = 1 + _ilog2(min(ncpus, 8))
            why = f"1 + ilog2(min({ncpus}, 8)) = {factor}"
        else:
            factor = 4
            why = "factor 4 (CPU count not read: 8 or more CPUs assumed)"
            self.default("scheduler tunables: CPU count not read, 8 or more assumed")
        if (major, minor) >= (6, 6):
            # EEVDF replaced CFS's pick in 6.6 (kernel/sched/fair.c, pick_eevdf());
            # sysctl_sched_base_slice = 0.75 ms x factor (update_sysctl()).
            self.set("cpu.scheduler", "type", "ns3::EevdfTaskScheduler",
                     f"{kernel[3]}: EEVDF since Linux 6.6")
            self.set("cpu.scheduler", "BaseSlice", fmt_time_ns(750_000 * factor),
                     f"base_slice 0.75 ms x {why}")
        elif (major, minor) >= (2, 6):
            # CFS (2.6.23-6.5): sysctl_sched_latency 6 ms, sysctl_sched_min_granularity
            # 0.75 ms, sysctl_sched_wakeup_granularity 1 ms, each x factor (update_sysctl()).
            self.set("cpu.scheduler", "type", "ns3::CfsTaskScheduler",
                     f"{kernel[3]}: CFS, Linux 2.6.23 to 6.5")
            self.set("cpu.scheduler", "SchedLatency", fmt_time_ns(6_000_000 * factor),
                     f"sched_latency 6 ms x {why}")
            self.set("cpu.scheduler", "MinGranularity", fmt_time_ns(750_000 * factor),
                     f"sched_min_granularity 0.75 ms x {why}")
            self.set("cpu.scheduler", "WakeupGranularity", fmt_time_ns(1_000_000 * factor),
                     f"sched_wakeup_granularity 1 ms x {why}")
            if (major, minor) == (2, 6):
                self.notes.append("Linux 2.6 before 2.6.23 had the O(1) scheduler, not CFS; "
                                  "uname -r's minor release decides, check [cpu.scheduler]")

    # --- [stack] ---------------------------------------------------------------------------
    def stack(self):
        kernel = self.kernel()
        if kernel is not None:
            self.set("stack", "KernelVersion", f"{kernel[0]}.{kernel[1]}", kernel[3])
        else:
            self.default("[stack] KernelVersion: no uname -r")
        sysctl = self.info.get("sysctl")
        if sysctl is None:
            self.default("[stack] NetdevBudget, NetdevBudgetUsecs, NetdevMaxBacklog, "
                         "DevWeight: no sysctl net.core")
            return
        # net/core/sysctl_net_core.c: the sysctls with a HostNetStack attribute.
        mapped = {
            "net.core.netdev_budget": ("NetdevBudget", int),
            "net.core.netdev_budget_usecs": ("NetdevBudgetUsecs",
                                             lambda v: fmt_time_ns(int(v) * 1000)),
            "net.core.netdev_max_backlog": ("NetdevMaxBacklog", int),
            "net.core.dev_weight": ("DevWeight", int),
        }
        for key, (attr, cast) in mapped.items():
            if key in sysctl:
                try:
                    self.set("stack", attr, cast(sysctl[key]), f"sysctl {key} = {sysctl[key]}")
                except ValueError:
                    raise ProfileInputError(f"{self.info.where['sysctl']}: {key}: not a "
                                            f"number: {sysctl[key]!r}") from None
        rto = sysctl.get("net.ipv4.tcp_rto_min_us")
        if rto is not None and rto.isdigit():
            self.set("stack.tcp-timers", "MinRto", fmt_time_ns(int(rto) * 1000),
                     f"sysctl net.ipv4.tcp_rto_min_us = {rto}")
        # Receive-path sysctls that hostnet has no host attribute for.
        why = {
            "net.core.busy_poll": "per application: EpollInstance::BusyPollUsecs",
            "net.core.busy_read": "per socket (SO_BUSY_POLL): not modelled",
            "net.core.gro_normal_batch": "GRO's batching of normal packets: not modelled",
            "net.core.dev_weight_rx_bias": "not modelled",
            "net.core.dev_weight_tx_bias": "not modelled",
            "net.core.flow_limit_table_len": "RPS flow limit: not modelled",
            "net.core.skb_defer_max": "deferred skb freeing: not modelled",
            "net.core.rmem_default": "socket buffers: not modelled",
            "net.core.rmem_max": "socket buffers: not modelled",
            "net.core.wmem_default": "socket buffers: not modelled",
            "net.core.wmem_max": "socket buffers: not modelled",
            "net.core.default_qdisc": "the qdisc is ns-3 traffic-control's, not the profile's",
            "net.core.rps_default_mask": "RPS of new devices; RpsCores comes from rps_cpus",
        }
        for key, reason in why.items():
            if key in sysctl:
                self.not_modelled.append(f"sysctl {key} = {sysctl[key]}: {reason}")
        tcp = sorted(k for k in sysctl if k.startswith("net.ipv4.tcp_") and
                     k != "net.ipv4.tcp_rto_min_us")
        if tcp:
            self.not_modelled.append(f"sysctl net.ipv4.tcp_* ({len(tcp)} settings): ns-3's "
                                     "TcpSocket attributes, not the host profile's")

    # --- [nic] and its parts -----------------------------------------------------------------
    def queues(self):
        channels = self.info.get("ethtool-l")
        if channels is None:
            self.default("[nic] NQueues: no ethtool -l")
            return None
        combined = channels.get("Combined")
        if isinstance(combined, int) and combined > 0:
            self.set("nic", "NQueues", combined, f"ethtool -l: current Combined {combined}")
            return combined
        rx = channels.get("RX")
        if isinstance(rx, int) and rx > 0:
            self.set("nic", "NQueues", rx, f"ethtool -l: current RX {rx} (no combined "
                     "channels; hostnet pairs every Rx queue with a Tx queue)")
            return rx
        self.default("[nic] NQueues: ethtool -l shows no current channel count")
        return None

    def rings(self):
        ring = self.info.get("ethtool-g")
        if ring is None:
            self.default("[nic.rx-ring]/[nic.tx-ring] Descriptors: no ethtool -g")
            return
        for key, section in (("RX", "nic.rx-ring"), ("TX", "nic.tx-ring")):
            value = ring.get(key)
            if isinstance(value, int) and value > 0:
                self.set(section, "Descriptors", value, f"ethtool -g: current {key} {value}")

    def offloads(self):
        feats = self.info.get("ethtool-k")
        if feats is None:
            self.default("[nic.gro] type, [nic.tx-path] TsoEnabled, GsoEnabled: no ethtool -k")
            return
        gro = feats.get("generic-receive-offload")
        lro = feats.get("large-receive-offload")
        tso = feats.get("tcp-segmentation-offload")
        gso = feats.get("generic-segmentation-offload")
        if lro is not None and lro[0]:
            # RxRing::LroEnabled excludes a GRO engine (host-net-device.cc aborts when both
            # are set); in Linux, frames LRO merged still pass napi_gro_receive, but
            # there is little left to merge.
            self.set("nic.rx-ring", "LroEnabled", True, "ethtool -k: large-receive-offload on")
            self.set("nic.gro", "type", "ns3::NoGro", "ethtool -k: large-receive-offload on; GRO "
                     f"{'on' if gro and gro[0] else 'off'} but hostnet takes LRO or GRO, not both")
        else:
            if lro is not None:
                self.set("nic.rx-ring", "LroEnabled", False, "ethtool -k: large-receive-offload "
                         "off" + (" [fixed]" if lro[1] else ""))
            if gro is not None:
                self.set("nic.gro", "type", "ns3::GroEngine" if gro[0] else "ns3::NoGro",
                         "ethtool -k: generic-receive-offload "
                         + ("on" if gro[0] else "off"))
        if tso is not None:
            self.set("nic.tx-path", "TsoEnabled", tso[0], "ethtool -k: tcp-segmentation-offload "
                     + ("on" if tso[0] else "off"))
        if gso is not None:
            self.set("nic.tx-path", "GsoEnabled", gso[0], "ethtool -k: "
                     "generic-segmentation-offload " + ("on" if gso[0] else "off"))

    def moderation(self):
        """[nic.moderation] from the driver and ethtool -c. Class and attribute names are those
        of model/nic/moderation/*.cc."""
        driver, _ = self.driver()
        coal = self.info.get("ethtool-c")
        sec = "nic.moderation"
        if coal is None:
            self._moderation_default(driver)
            return
        adaptive, usecs, frames = coal["adaptive_rx"], coal["rx_usecs"], coal["rx_frames"]
        said = f"ethtool -c: Adaptive RX {'on' if adaptive else 'off' if adaptive is False else 'n/a'}"
        if adaptive and driver == "mlx5_core":
            # en_ethtool.c, mlx5e_ethtool_get_coalesce(): use_adaptive_rx_coalesce is
            # params.rx_dim_enabled (net_dim, lib/dim/net_dim.c), and use_cqe_mode_rx is
            # cq_period_mode == MLX5_CQ_PERIOD_MODE_START_FROM_CQE: net_dim's CQE profile table
            # (rx_profile[1]), else the EQE one.
            cqe = coal["cqe_mode_rx"]
            self.set(sec, "type", "ns3::NetDimModeration", f"{said}, driver mlx5_core: net_dim")
            if cqe is None:
                self.set(sec, "ProfileTable", "Cqe", "ethtool -c shows no CQE mode (ethtool "
                         "before 5.15 or an old kernel): mlx5's default on ConnectX-4 and later")
                self.defaults.append("[nic.moderation] ProfileTable: CQE mode not shown, Cqe "
                                     "assumed")
            else:
                self.set(sec, "ProfileTable", "Cqe" if cqe else "Eqe",
                         f"ethtool -c: CQE mode RX {'on' if cqe else 'off'}")
            self.notes.append(f"mlx5 net_dim: ethtool -c's rx-usecs {usecs} / rx-frames "
                              f"{frames} are the profile in use when it was read; net_dim moves "
                              "between its table's profiles at run time")
            return
        if adaptive and driver in ("i40e", "ice", "iavf"):
            # i40e_ethtool.c, __i40e_get_coalesce(): use_adaptive_rx_coalesce is
            # ITR_IS_DYNAMIC(rx_itr_setting), rx_coalesce_usecs the ITR without the dynamic
            # bit: the start value of i40e_update_itr() (i40e_txrx.c). iavf_ethtool.c and
            # ice_ethtool.c report the same way.
            self.set(sec, "type", "ns3::I40eAdaptiveItrModeration",
                     f"{said}, driver {driver}: adaptive ITR")
            if usecs is not None:
                self.set(sec, "InitialItr", f"{usecs}us", f"ethtool -c: rx-usecs {usecs}")
            speed = self.speed_mbps()
            allowed = {100, 1000, 10000, 20000, 25000, 40000}
            if speed in allowed:
                self.set(sec, "LinkSpeed", fmt_rate_mbps(speed), f"ethtool: Speed {speed}Mb/s")
            else:
                self.set(sec, "LinkSpeed", "10Gbps", "link speed not read" if speed is None
                         else f"ethtool: Speed {speed}Mb/s has no i40e_itr_divisor: 10 Gb/s")
                self.defaults.append("[nic.moderation] LinkSpeed: 10Gbps")
            if driver == "ice":
                self.notes.append("ice's adaptive interrupt moderation is not i40e's: ice "
                                  "uses the kernel's DIM library (ice_main.c, ice_rx_dim_work; "
                                  "commit 'ice: replace custom AIM algorithm with kernel's DIM "
                                  "library'); I40eAdaptiveItrModeration approximates it")
            return
        if adaptive:
            self.notes.append(f"ethtool -c: Adaptive RX on, but hostnet has no model of "
                              f"{driver or 'this (unknown) driver'}'s adaptive scheme: "
                              f"moderation read as fixed rx-usecs {usecs} / rx-frames {frames}")
        if driver in ("e1000", "e1000e", "igb") and usecs in (1, 3) and not adaptive:
            # e1000_ethtool.c / e1000e ethtool.c e1000_get_coalesce(): itr_setting <= 4 is
            # reported as is; param.c: InterruptThrottleRate 1 = dynamic, 3 = dynamic
            # conservative (the default, DEFAULT_ITR 3). igb_ethtool.c igb_get_coalesce()
            # reports rx_itr_setting <= 3 the same way (igb's default IGB_DEFAULT_ITR is 3).
            self.set(sec, "type", "ns3::E1000DynamicItrModeration",
                     f"ethtool -c: rx-usecs {usecs}, driver {driver}: ITR mode {usecs}")
            self.set(sec, "Conservative", usecs == 3, "rx-usecs 3: dynamic conservative"
                     if usecs == 3 else "rx-usecs 1: dynamic")
            if driver == "igb":
                self.notes.append("igb's dynamic ITR (igb_update_itr) is modelled by e1000's "
                                  "(E1000DynamicItrModeration): same ranges, not the same code")
            return
        if usecs in (1, 3) and driver is None:
            self.notes.append(f"ethtool -c: rx-usecs {usecs} with no ethtool -i: on e1000, "
                              "e1000e and igb this value means dynamic ITR mode "
                              f"{usecs}, not a {usecs} us timer; read as a timer")
        self._moderation_fixed(usecs, frames)

    def _moderation_fixed(self, usecs, frames):
        sec = "nic.moderation"
        usecs = usecs or 0
        if usecs > 0 and frames is not None and frames > 1:
            self.set(sec, "type", "ns3::CountTimeModeration",
                     f"ethtool -c: rx-usecs {usecs}, rx-frames {frames}")
            self.set(sec, "Usecs", f"{usecs}us", f"ethtool -c: rx-usecs {usecs}")
            self.set(sec, "Frames", frames, f"ethtool -c: rx-frames {frames}")
        elif usecs > 0:
            self.set(sec, "type", "ns3::RxUsecsModeration", f"ethtool -c: rx-usecs {usecs}"
                     + (f", rx-frames {frames}" if frames is not None else ", rx-frames n/a"))
            self.set(sec, "Interval", f"{usecs}us", f"ethtool -c: rx-usecs {usecs}")
        elif frames is not None and frames > 1:
            self.set(sec, "type", "ns3::RxFramesModeration",
                     f"ethtool -c: rx-usecs 0, rx-frames {frames}")
            self.set(sec, "Frames", frames, f"ethtool -c: rx-frames {frames}")
        else:
            self.set(sec, "type", "ns3::NoModeration",
                     f"ethtool -c: rx-usecs {usecs}, rx-frames {frames}: an interrupt per frame")

    def _moderation_default(self, driver):
        """No ethtool -c: the driver's documented default, marked as a default."""
        sec = "nic.moderation"
        if driver == "mlx5_core":
            self.set(sec, "type", "ns3::NetDimModeration", "no ethtool -c: mlx5's default "
                     "(en_main.c, mlx5e_build_rx_cq_moderation: rx_dim_enabled)")
            self.set(sec, "ProfileTable", "Cqe", "no ethtool -c: cq_period_start_from_cqe, "
                     "ConnectX-4 and later")
        elif driver in ("i40e", "ice", "iavf"):
            self.set(sec, "type", "ns3::I40eAdaptiveItrModeration", f"no ethtool -c: {driver}'s "
                     "default, adaptive (I40E_ITR_RX_DEF = I40E_ITR_20K | I40E_ITR_DYNAMIC)")
            self.set(sec, "InitialItr", "50us", "no ethtool -c: I40E_ITR_20K (ICE_DFLT_RX_ITR)")
            speed = self.speed_mbps()
            self.set(sec, "LinkSpeed", fmt_rate_mbps(speed) if speed in
                     {100, 1000, 10000, 20000, 25000, 40000} else "10Gbps",
                     "ethtool: Speed" if speed else "link speed not read: 10 Gb/s")
            if driver == "ice":
                self.notes.append("ice's adaptive interrupt moderation is not i40e's: ice uses "
                                  "the kernel's DIM library (ice_main.c, ice_rx_dim_work); "
                                  "I40eAdaptiveItrModeration approximates it")
        elif driver in ("e1000", "e1000e", "igb"):
            self.set(sec, "type", "ns3::E1000DynamicItrModeration", f"no ethtool -c: {driver}'s "
                     "default InterruptThrottleRate 3 (param.c DEFAULT_ITR)")
            self.set(sec, "Conservative", True, "InterruptThrottleRate 3: dynamic conservative")
        else:
            self.default(f"[nic.moderation]: no ethtool -c (driver {driver or 'unknown'}): "
                         "the base's moderation")
            return
        self.defaults.append(f"[nic.moderation]: no ethtool -c: {driver}'s default, not a "
                             "reading")

    def rx_mode(self):
        sec = "nic.rx-mode"
        # Every driver these files come from polls through NAPI (netif_napi_add); hostnet's
        # NapiRxMode holds the per-NAPI settings below.
        self.set(sec, "type", "ns3::NapiRxMode", "Linux NAPI (netif_napi_add in the driver)")
        threaded = self.info.get("threaded")
        if threaded is not None:
            # net/core/net-sysfs.c threaded_show(): 0 or 1 (dev_set_threaded, Linux 5.12).
            self.set(sec, "Threaded", bool(threaded), f"/sys/class/net/IF/threaded {threaded}")
        else:
            self.default("[nic.rx-mode] Threaded: no /sys/class/net/IF/threaded")
        napis = self._napis()
        for key, attr, as_time in (("defer-hard-irqs", "DeferHardIrqs", False),
                                   ("gro-flush-timeout", "GroFlushTimeout", True),
                                   ("irq-suspend-timeout", "IrqSuspendTimeout", True)):
            values = [n[key] for n in napis if key in n]
            if values:
                common, count = Counter(values).most_common(1)[0]
                how = f"napi-get: {key} {common}" + (" ns" if as_time else "")
                if count < len(values):
                    how += f" on {count} of {len(values)} NAPI instances (the most common)"
                    self.notes.append(f"napi-get: {key} differs between the NAPI instances "
                                      f"({sorted(set(values))}); hostnet has one value per "
                                      f"device: took {common}")
                else:
                    how += f" on all {len(values)} NAPI instances"
                self.set(sec, attr, fmt_time_ns(common) if as_time else int(common), how)
                continue
            # Device-wide sysfs files (net-sysfs.c: napi_defer_hard_irqs, gro_flush_timeout
            # in ns), which set every NAPI instance of the device.
            sysfs = {"DeferHardIrqs": "napi-defer-hard-irqs",
                     "GroFlushTimeout": "gro-flush-timeout"}.get(attr)
            if sysfs and self.info.has(sysfs):
                value = self.info.get(sysfs)
                self.set(sec, attr, fmt_time_ns(value) if as_time else int(value),
                         f"/sys/class/net/IF/{sysfs.replace('-', '_')} {value}")
            elif not napis:
                self.default(f"[nic.rx-mode] {attr}: no napi-get dump")

    def _napis(self):
        napis = self.info.get("napi") or []
        ifindex = self.info.get("ifindex")
        if ifindex is not None and napis:
            mine = [n for n in napis if n.get("ifindex") == ifindex]
            if len(mine) < len(napis):
                self.notes.append(f"napi-get: {len(mine)} of {len(napis)} NAPI instances "
                                  f"belong to ifindex {ifindex} (read); the others ignored")
            return mine
        ifindexes = {n.get("ifindex") for n in napis}
        if len(ifindexes) > 1:
            self.notes.append(f"napi-get lists ifindexes {sorted(ifindexes, key=str)} and no "
                              "ifindex.txt says which is this interface: all were read")
        return napis

    def steering(self, nqueues, ncores):
        sec = "nic.steering"
        rss = self.info.get("ethtool-x")
        if rss and rss["entries"]:
            n = rss["entries"]
            if n & (n - 1) == 0 and n <= 4096:
                self.set(sec, "RssTableSize", n, f"ethtool -x: {n} indirection table entries")
        cores = self._queue_cores()
        if cores:
            if nqueues is not None and len(cores) != nqueues:
                self.notes.append(f"/proc/interrupts: {len(cores)} queue IRQs of the interface "
                                  f"found for {nqueues} queues: IrqAffinity not set")
            elif ncores is not None and max(c for c, _ in cores) >= ncores:
                self.notes.append("IRQ affinity names cores beyond NCores: not set")
            else:
                value = ",".join(str(c) for c, _ in cores)
                how = "; ".join(sorted({h for _, h in cores}))
                self.set(sec, "IrqAffinity", value, how)
                if nqueues is None:
                    # IrqAffinity names one core per queue: without ethtool -l the queue count
                    # is the number of queue IRQs (else the base's count would not match).
                    self.set("nic", "NQueues", len(cores), f"/proc/interrupts: {len(cores)} "
                             "queue IRQs of the interface (no ethtool -l)")
                    self.defaults = [d for d in self.defaults
                                     if not d.startswith("[nic] NQueues")]
        elif self.info.has("interrupts"):
            self.notes.append("/proc/interrupts: no IRQ named after the interface's queues "
                              f"({self.info.interface or 'interface unknown'}): IrqAffinity "
                              "not set")
        else:
            self.default("[nic.steering] IrqAffinity: no /proc/interrupts")
        rps = self.info.get("rps-cpus")
        if rps:
            masks = {tuple(v) for v in rps.values()}
            used = sorted({c for v in rps.values() for c in v})
            if used:
                # net/core/dev.c get_rps_cpu(): a non-empty rps_cpus map steers the queue's
                # packets; rps_sock_flow_entries > 0 with rps_flow_cnt turns on RFS.
                sysctl = self.info.get("sysctl") or {}
                rfs = sysctl.get("net.core.rps_sock_flow_entries", "0") not in ("0", "")
                self.set(sec, "Mode", "rfs" if rfs else "rps", "rps_cpus set" +
                         (", net.core.rps_sock_flow_entries > 0" if rfs else ""))
                self.set(sec, "RpsCores", ",".join(map(str, used)), "rps_cpus of "
                         f"{', '.join(sorted(rps))}")
                if len(masks) > 1:
                    self.notes.append("rps_cpus differs between queues; hostnet has one "
                                      "RpsCores list: the union was taken")
            else:
                self.set(sec, "Mode", "none", "rps_cpus 0 on every queue: no RPS")
        else:
            self.default("[nic.steering] Mode, RpsCores: no rps_cpus")

    def _queue_cores(self):
        """[(core, how)] of the interface's queue IRQs, in queue order."""
        interrupts = self.info.get("interrupts")
        if interrupts is None:
            return []
        iface = self.info.interface
        drv = self.info.get("ethtool-i") or {}
        bus = drv.get("bus-info") or (str(self.info.get("device")) if self.info.has("device")
                                      else None)
        patterns = []
        if bus:
            # mlx5: "mlx5_comp<N>@pci:<bus>" (en_main.c / eq.c, mlx5_irq_request names).
            patterns.append(re.compile(rf"^mlx5_comp(\d+)@pci:{re.escape(bus)}$"))
            # virtio_net: "virtio<M>-input.<N>" (virtio_pci vp_find_vqs_msix).
            if bus.startswith("virtio"):
                patterns.append(re.compile(rf"^{re.escape(bus)}-input\.(\d+)$"))
        if iface:
            e = re.escape(iface)
            # i40e/ice/iavf: "<driver>-<if>-TxRx-<N>" (i40e_vsi_request_irq, ice_vsi_req_irq_msix);
            # igb/ixgbe/e1000e/bnxt...: "<if>-TxRx-<N>", "<if>-rx-<N>".
            patterns += [re.compile(rf"^(?:i40e|ice|iavf)-{e}-TxRx-(\d+)$"),
                         re.compile(rf"^{e}-TxRx-(\d+)$"), re.compile(rf"^{e}-rx-(\d+)$")]
        found = {}
        for irq in interrupts["irqs"]:
            for pattern in patterns:
                m = pattern.match(irq["name"])
                if m:
                    found[int(m.group(1))] = irq
                    break
        affinity = self.info.get("irq-affinity") or {}
        out = []
        for queue in sorted(found):
            irq = found[queue]
            allowed = affinity.get(irq["irq"])
            counts = irq["counts"]
            if allowed and len(allowed) == 1:
                out.append((allowed[0], "smp_affinity_list of the queue IRQs"))
            elif counts and max(counts) > 0:
                candidates = allowed or range(len(counts))
                core = max((c for c in candidates if c < len(counts)), key=lambda c: counts[c])
                out.append((core, "/proc/interrupts: the CPU that took most of each queue IRQ"
                            + (" (its smp_affinity_list allows several)" if allowed else "")))
            else:
                return []
        return out

    # --- all -----------------------------------------------------------------------------------
    def build(self):
        ncores = self.cpu()
        self.scheduler(ncores)
        self.stack()
        nqueues = self.queues()
        self.offloads()
        self.moderation()
        self.rx_mode()
        self.rings()
        self.steering(nqueues, ncores)

        base, why_base = self.choose_base()
        driver, _ = self.driver()
        kernel = self.kernel()
        speed = self.speed_mbps()
        readme = self.info.get("readme") or {}
        host = readme.get("hostname")
        host = host if host and re.fullmatch(r"[\w.\-]+", host) else None
        name = self.name or "-".join(x for x in (host, self.info.interface) if x) or "from-host"
        desc = [driver or "unknown driver"]
        if speed:
            desc.append(fmt_rate_mbps(speed).replace("bps", "b/s"))
        if "cpu" in self.sections and "NCores" in self.sections["cpu"]:
            desc.append(f"{self.sections['cpu']['NCores']['value']} cores")
        if kernel:
            desc.append(f"Linux {kernel[2]}")
        read = [k for k in EXPECTED if self.info.has(k)]
        unread = [KIND_NAMES[k] for k in EXPECTED if not self.info.has(k)]
        errors = self.info.get("errors") or []
        sources = [f"{self.info.where.get(k, '(given)')}: {KIND_NAMES[k]}" for k in read]
        sources += [f"{self.info.where[k]}: {KIND_NAMES[k]}" for k in
                    ("ethtool-x", "ifindex", "driver", "device", "napi-defer-hard-irqs",
                     "gro-flush-timeout") if self.info.has(k)]
        notes = self.notes + [
            f"costs ([costs], [stack.socket]) and everything not listed here are {base}'s "
            f"(data/hosts/{base}.toml, chosen by {why_base}) until `hostnet profile "
            "calibrate` fits them to measurements of this host",
        ]
        notes += [f"collection failed: {e}" for e in errors]
        profile = {
            "name": name,
            "description": ", ".join(desc) + "; made by hostnet profile from-host",
            "sources": sources,
            "unread": unread,
            "defaults": self.defaults,
            "not_modelled": self.not_modelled,
            "notes": notes,
        }
        out = {"base": base, "profile": profile}
        # Nested tables in the section order of SECTION_CLASSES.
        for section in SECTION_CLASSES:
            values = self.sections.get(section)
            if not values:
                continue
            top, _, sub = section.partition(".")
            table = out.setdefault(top, {})
            if sub:
                table[sub] = values
            else:
                table.update(values)
        # Sub-tables after the plain keys of their parent (TOML needs no order, readers do).
        for top in ("cpu", "stack", "nic"):
            if top in out:
                plain = {k: v for k, v in out[top].items() if not _is_table(v)}
                tables = {k: v for k, v in out[top].items() if _is_table(v)}
                out[top] = {**plain, **tables}
        return out


def _is_table(value) -> bool:
    return isinstance(value, dict) and set(value) != {"value", "source"}


def build_profile(inputs, interface=None, base=None, name=None) -> dict:
    """The profile dict of the host described by ``inputs`` (a HostInfo, or paths to read)."""
    info = inputs if isinstance(inputs, HostInfo) else collect(inputs, interface)
    if base is not None and base not in BASES:
        raise ValueError(f"--base {base}: allowed: {', '.join(BASES)}")
    return _Builder(info, base, name).build()


def _toml_value(value) -> str:
    """One TOML value, formatted by tomli_w."""
    import tomli_w

    return tomli_w.dumps({"v": value}, multiline_strings=False).split("=", 1)[1].strip()


def _toml_entry(key: str, value) -> str:
    import tomli_w

    bare = re.fullmatch(r"[A-Za-z0-9_-]+", key) is not None
    name = key if bare else tomli_w.dumps({key: 0}).split("=", 1)[0].strip()
    if isinstance(value, dict):  # { value = ..., source = "..." }
        inner = ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items())
        return f"{name} = {{ {inner} }}"
    if isinstance(value, list) and value:
        items = "".join(f"    {_toml_value(v)},\n" for v in value)
        return f"{name} = [\n{items}]"
    return f"{name} = {_toml_value(value)}"


def _toml_tables(table: dict, path: str, lines: list):
    plain = {k: v for k, v in table.items() if not _is_table(v)}
    if path and plain:
        lines.append(f"\n[{path}]")
    for key, value in plain.items():
        lines.append(_toml_entry(key, value))
    for key, value in table.items():
        if _is_table(value):
            _toml_tables(value, f"{path}.{key}" if path else key, lines)


def write_profile(profile: dict, path=None, header: str | None = None) -> str:
    """The profile as TOML text, written to ``path`` if given. Values are formatted by
    tomli_w; the layout is the one of data/hosts/*.toml: one [section] per ns-3 object, a
    value with its source as an inline table ``{ value = ..., source = "..." }`` (tomli_w
    alone would write those as sub-tables)."""
    lines = []
    if header:
        lines += [f"# {line}" if line else "#" for line in header.splitlines()]
        lines.append("")
    _toml_tables(profile, "", lines)
    text = "\n".join(lines).lstrip("\n") + "\n"
    if path is not None:
        Path(path).write_text(text)
    return text


# ---------------------------------------------------------------------------------------------
# The attribute names of the C++ sources, to check a profile's keys against.


def source_attributes(root) -> dict:
    """{TypeId name: set of attribute names, its parents' included} from model/**/*.cc:
    each ``TypeId("ns3::X")`` with its ``SetParent<Y>()`` and ``AddAttribute("Name", ...)``."""
    classes = {}
    for cc in sorted(Path(root, "model").rglob("*.cc")):
        text = cc.read_text(errors="replace")
        starts = [m for m in re.finditer(r'TypeId\(\s*"(ns3::\w+)"\s*\)', text)]
        for i, m in enumerate(starts):
            end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
            chunk = text[m.start():end]
            parent = re.search(r"SetParent<(\w+)>", chunk)
            attrs = set(re.findall(r'\.AddAttribute\(\s*"(\w+)"', chunk))
            classes[m.group(1)] = (f"ns3::{parent.group(1)}" if parent else None, attrs)

    def all_attrs(name, seen=()):
        if name not in classes or name in seen:
            return set()
        parent, attrs = classes[name]
        return attrs | all_attrs(parent, seen + (name,))

    return {name: all_attrs(name) for name in classes}


def profile_keys(profile: dict):
    """[(section, class or None, key)] of every attribute key of a profile dict."""
    out = []
    for section in SECTION_CLASSES:
        top, _, sub = section.partition(".")
        table = profile.get(top, {})
        if sub:
            table = table.get(sub, {}) if isinstance(table, dict) else {}
        if not table:
            continue
        typed = table.get("type")
        cls = SECTION_CLASSES[section]
        if typed is not None:
            cls = typed["value"] if isinstance(typed, dict) else typed
        for key, value in table.items():
            if key == "type" or _is_table(value):
                continue
            out.append((section, cls, key))
    return out
