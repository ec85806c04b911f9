"""What advise needs to know about the user's host profile: its kernel, driver, cores and
queues, its moderation and receive mode, and what the profile could not read."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .catalogue import AdviseError

__all__ = ["HostInfo", "read_host", "kernel_tuple", "DRIVERS"]

# Shipped profiles -> the Linux driver they model.
_SHIPPED_DRIVERS = {"mlx5-100g": "mlx5_core", "mlx5-epyc7662": "mlx5_core", "i40e-10g": "i40e",
                    "e1000-1g": "e1000", "chang-2008": "e1000", "salah-2007": "e1000",
                    "walravens-2006": "e1000"}

DRIVERS = {
    # driver: (ethtool -C adaptive-rx, ethtool -L channels, RSS indirection ethtool -X,
    #          pattern of its queue IRQs in /proc/interrupts ({if}: the interface))
    "mlx5_core": {"adaptive_rx": True, "channels": True, "rss": True,
                  "irq_pattern": "mlx5_comp"},
    "i40e": {"adaptive_rx": True, "channels": True, "rss": True, "irq_pattern": "{if}-TxRx-"},
    "ice": {"adaptive_rx": True, "channels": True, "rss": True, "irq_pattern": "{if}-TxRx-"},
    "igb": {"adaptive_rx": False, "channels": True, "rss": True, "irq_pattern": "{if}-TxRx-"},
    "e1000e": {"adaptive_rx": False, "channels": False, "rss": False, "irq_pattern": "{if}"},
    "e1000": {"adaptive_rx": False, "channels": False, "rss": False, "irq_pattern": "{if}"},
}
"""What each driver lets ethtool change (drivers/net/ethernet/*: the ethtool_ops each
fills in; e1000's dynamic throttling is rx-usecs 3, not adaptive-rx)."""

_ADAPTIVE = {"ns3::NetDimModeration", "ns3::I40eAdaptiveItrModeration",
             "ns3::E1000DynamicItrModeration", "ns3::BufferAdaptiveModeration"}


def kernel_tuple(text) -> tuple:
    """``"6.6"``, ``"2.6.32"``, ``"6.8.0-45-generic"`` -> (6, 6), (2, 6, 32), (6, 8, 0)."""
    m = re.match(r"^\s*(\d+(?:\.\d+)*)", str(text))
    if not m:
        return ()
    return tuple(int(p) for p in m.group(1).split("."))


def _value(v):
    return v.get("value") if isinstance(v, dict) and "value" in v else v


@dataclass
class HostInfo:
    """The user's host, as its profile (with its bases) describes it."""

    given: str                    # what --host said
    path: Path                    # the profile file
    base: str                     # how a generated profile names it as its base
    name: str
    kernel: str | None
    driver: str | None
    driver_source: str
    cores: int
    queues: int
    moderation: str | None        # the [nic.moderation] type
    rx_mode: str | None           # the [nic.rx-mode] type
    interface: str
    unread: list = field(default_factory=list)
    defaults: list = field(default_factory=list)
    not_modelled: list = field(default_factory=list)
    chain: list = field(default_factory=list)   # the profile files, the user's first

    @property
    def kernel_version(self) -> tuple:
        return kernel_tuple(self.kernel) if self.kernel else ()

    @property
    def adaptive(self) -> bool:
        return self.moderation in _ADAPTIVE

    @property
    def napi(self) -> bool:
        return self.rx_mode == "ns3::NapiRxMode"

    def capabilities(self) -> dict | None:
        return DRIVERS.get(self.driver) if self.driver else None


def read_host(given: str, interface: str | None = None) -> HostInfo:
    """Read the profile @p given (a shipped name or a .toml path) and its bases."""
    from hostnet.profile.calibrate import (PROFILE_DIR, CalibrateError, base_reference,
                                           resolve_profile)

    shipped = sorted(f.stem for f in PROFILE_DIR.glob("*.toml"))
    if not given:
        raise AdviseError(f"--host '': give a shipped profile ({', '.join(shipped)}) or the "
                          "path of a .toml host profile")
    try:
        path = resolve_profile(given)
    except CalibrateError:
        raise AdviseError(f"--host {given!r}: no such shipped profile nor file; allowed: a "
                          f"shipped profile ({', '.join(shipped)}) or the path of a .toml "
                          "host profile (python -m hostnet profile from-host makes one)") \
            from None
    values = {}
    lists = {"unread": [], "defaults": [], "not_modelled": []}
    chain = []
    name = None
    description = ""
    current = path
    while current is not None:
        if current in chain:
            raise AdviseError(f"--host {given!r}: the base chain of {path} loops at {current}")
        chain.append(current)
        try:
            data = tomllib.loads(current.read_text())
        except (OSError, tomllib.TOMLDecodeError) as e:
            raise AdviseError(f"--host {given!r}: {current}: not a readable TOML profile: "
                              f"{e}") from None
        prof = data.get("profile", {}) if isinstance(data.get("profile"), dict) else {}
        name = name or prof.get("name")
        description = description or prof.get("description", "")
        if current == path:
            for key in lists:
                lists[key] = [str(x) for x in prof.get(key, []) or []]
        for section, key in (("stack", "KernelVersion"), ("cpu", "NCores"),
                             ("nic", "NQueues"), ("nic.moderation", "type"),
                             ("nic.rx-mode", "type"), ("profile", "interface"),
                             ("profile", "driver")):
            table = data
            for part in section.split("."):
                table = table.get(part, {}) if isinstance(table, dict) else {}
            if (section, key) not in values and isinstance(table, dict) and key in table:
                values[(section, key)] = _value(table[key])
        base = data.get("base")
        current = resolve_profile(base, current.parent) if isinstance(base, str) else None
    driver = values.get(("profile", "driver"))
    driver_source = "[profile] driver" if driver else ""
    if not driver and description:
        first = description.split(",")[0].split()[0] if description.split() else ""
        if first in DRIVERS:
            driver, driver_source = first, f"the profile's description ({description!r})"
    if not driver:
        for p in chain:
            if p.parent == PROFILE_DIR.resolve() and p.stem in _SHIPPED_DRIVERS:
                driver = _SHIPPED_DRIVERS[p.stem]
                driver_source = f"the shipped profile {p.stem} it is (or inherits from)"
                break
    cores = int(values.get(("cpu", "NCores"), 1))
    queues = int(values.get(("nic", "NQueues"), 1))
    return HostInfo(given=given, path=path, base=base_reference(given),
                    name=name or path.stem, kernel=str(values[("stack", "KernelVersion")])
                    if ("stack", "KernelVersion") in values else None,
                    driver=driver, driver_source=driver_source or "not known", cores=cores,
                    queues=queues, moderation=values.get(("nic.moderation", "type")),
                    rx_mode=values.get(("nic.rx-mode", "type")),
                    interface=interface or values.get(("profile", "interface")) or "eth0",
                    unread=lists["unread"], defaults=lists["defaults"],
                    not_modelled=lists["not_modelled"], chain=chain)
