"""hostnet.ns loads only the ns-3 modules hostnet needs (NS3_MODULES), the rest on demand.

Each test runs its own interpreter: what a process has loaded is the property under test,
read from /proc/self/maps (the shared libraries mapped) and sys.modules.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", REPO / "build")).resolve()

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads /proc/self/maps")

# Prints, as JSON, the ns-3 modules whose libraries the process has mapped.
MAPPED = r"""
import json, re
def mapped():
    names = set(re.findall(r"/libns3[^/-]*-([\w-]+?)\.so", open("/proc/self/maps").read()))
    return sorted(names)
"""


def _run(code):
    env = dict(os.environ, HOSTNET_BUILD_DIR=str(BUILD))
    out = subprocess.run([sys.executable, "-c", MAPPED + code], capture_output=True, text=True,
                         env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_loads_only_its_modules_then_the_rest_on_a_missing_name():
    result = _run(r"""
import sys, hostnet
from hostnet import ns
h = ns.HostNetDeviceHelper()
h.SetScheme("napi")
subset = mapped()
wheel_loader = "ns3.ns" in sys.modules
unknown_type = bool(ns.LookupByNameFailSafe("ns3::YansWifiPhy")[0])
order = [ns.Seconds(1) < ns.Seconds(2), ns.Seconds(2) >= ns.Seconds(2),
         ns.Seconds(1) == ns.Seconds(2)]
helper = ns.YansWifiPhyHelper()  # not in NS3_MODULES: every module gets loaded
from ns import ns as full
print(json.dumps({"subset": subset, "modules": list(hostnet.NS3_MODULES),
                  "wheel_loader": wheel_loader, "unknown_type": unknown_type,
                  "order": order, "after": mapped(), "same": full is ns,
                  "known_type": bool(ns.LookupByNameFailSafe("ns3::YansWifiPhy")[0]),
                  "still_checked": hasattr(ns.HostNetDeviceHelper, "_hostnet_checked")}))
""")
    # First use: NS3_MODULES, hostnet's three libraries and its validation library, nothing
    # else, and not the wheel's loader.
    assert set(result["subset"]) == set(result["modules"]) | {
        "hostnet", "hostnet-apps", "hostnet-scenarios", "hostnet-validation"}
    assert not result["wheel_loader"] and not result["unknown_type"]
    assert result["order"] == [True, True, False]
    # A name of another module loaded the others through the wheel, into the same namespace.
    assert {"wifi", "lte", "mobility"} <= set(result["after"])
    assert result["same"] and result["known_type"] and result["still_checked"]


@pytest.mark.slow
def test_wheel_imported_first_is_used_as_it_is():
    result = _run(r"""
from ns import ns as full
import hostnet
ns = hostnet.load()
ns.HostNetDeviceHelper().SetScheme("normal")
print(json.dumps({"same": full is ns, "after": mapped()}))
""")
    assert result["same"]
    assert {"hostnet", "wifi", "lte"} <= set(result["after"])
