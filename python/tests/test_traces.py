"""Python trace sinks (hostnet.connect_trace) and the first scenario of the README in Python.

One subprocess runs examples/hostnet-first-scenario.py (global routing, FlowMonitor, a trace
with a context string and one without) and the C++ twin runs beside it: the Python sinks
must see what the C++ callback sees, and FlowMonitor must see every packet arrive. Both run
with --pcap: their pcap files must be pcap files of raw IP holding the transfer, and the same.
"""

import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", ROOT / "build")).resolve()
CPP = BUILD / "examples" / "hostnet-first-scenario"

pytestmark = pytest.mark.skipif(not CPP.exists(), reason="examples not built")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Both twins, each with --pcap (files in its own folder)."""
    env = dict(os.environ, HOSTNET_BUILD_DIR=str(BUILD))
    py_dir, cpp_dir = tmp_path_factory.mktemp("py"), tmp_path_factory.mktemp("cpp")
    py = subprocess.run([sys.executable, str(ROOT / "examples" / "hostnet-first-scenario.py"),
                         "--pcap", "first"], capture_output=True, text=True, env=env,
                        timeout=300, cwd=py_dir)
    cpp = subprocess.run([str(CPP), "--pcap=first"], capture_output=True, text=True,
                         timeout=120, cwd=cpp_dir)
    py.folder, cpp.folder = py_dir, cpp_dir
    return py, cpp


def flows(text):
    return [tuple(int(x) for x in m) for m in re.findall(r"tx (\d+) rx (\d+) lost (\d+)", text)]


def interrupts(text):
    return dict(re.findall(r"(/NodeList/\d+): (\d+) interrupts", text))


def test_python_scenario_runs_quietly(runs):
    py, _ = runs
    assert py.returncode == 0, py.stderr
    # cppyy's harmless "Failed to materialize symbols" lines are filtered at import.
    assert "runStaticInitializersOnce" not in py.stderr, py.stderr


def test_flow_monitor_sees_every_packet(runs):
    py, _ = runs
    found = flows(py.stdout)
    assert len(found) == 2, py.stdout  # data and ACK direction
    for tx, rx, lost in found:
        assert tx > 100 and rx == tx and lost == 0, found


def test_python_trace_sinks_match_cpp(runs):
    """The context sink (interrupts per node) counts what the C++ callback counts; the
    context-free sink (Delivered) saw as many packets as FlowMonitor received."""
    py, cpp = runs
    assert cpp.returncode == 0, cpp.stderr
    assert interrupts(py.stdout) == interrupts(cpp.stdout) != {}
    delivered = int(re.search(r"delivered (\d+) packets", py.stdout).group(1))
    assert delivered == sum(rx for _, rx, _ in flows(py.stdout))
    assert flows(py.stdout) == flows(cpp.stdout)


def test_connect_trace_reports_unmatched_paths():
    code = ("import hostnet\n"
            "from hostnet import ns\n"
            "n = hostnet.connect_trace('/NodeList/*/DeviceList/*/$ns3::HostNetDevice/Interrupt',"
            " lambda: None)\n"
            "print('MATCHED', n)\n")
    env = dict(os.environ, HOSTNET_BUILD_DIR=str(BUILD))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert "MATCHED 0" in out.stdout  # no node yet: nothing to connect, and it says so


def pcap_records(path):
    """The link type and the records (captured bytes) of a pcap file (pcap 2.4, any order)."""
    data = path.read_bytes()
    magic = data[:4]
    assert magic in (b"\xd4\xc3\xb2\xa1", b"\xa1\xb2\xc3\xd4"), f"{path}: not pcap"
    order = "<" if magic == b"\xd4\xc3\xb2\xa1" else ">"
    link_type = struct.unpack_from(order + "I", data, 20)[0]
    records, at = [], 24
    while at < len(data):
        incl_len = struct.unpack_from(order + "I", data, at + 8)[0]
        records.append(data[at + 16:at + 16 + incl_len])
        at += 16 + incl_len
    assert at == len(data), f"{path}: truncated record"
    return link_type, records


def test_first_scenario_pcap(runs):
    """--pcap=first writes one pcap file per host's HostNetDevice, first-<node>-<device>.pcap
    (nodes 0 and 2; device 2 after the loopback and the PHY), as the program prints; link
    type DLT_RAW (101), each record an IPv4 packet (version 4 in the first byte, as IP hands
    the device a packet without a link-layer header); the sender's file holds the data
    segments it sent and the ACKs it got. The Python twin
    writes the same files, byte for byte."""
    py, cpp = runs
    assert cpp.returncode == 0, cpp.stderr
    names = ["first-0-2.pcap", "first-2-2.pcap"]
    assert re.search(r"^pcap: (.*)$", cpp.stdout, re.M).group(1).split() == names
    for name in names:
        link_type, records = pcap_records(cpp.folder / name)
        assert link_type == 101, (name, link_type)
        assert len(records) > 1000, (name, len(records))
        assert all(r[0] >> 4 == 4 for r in records), name
    # the 2 MB transfer in ns-3's default 536-byte segments: 3732 records of 576 bytes and
    # more (retransmissions) in the sender's file
    sent = [r for r in pcap_records(cpp.folder / names[0])[1] if len(r) >= 576]
    assert len(sent) >= 2_000_000 // 536
    assert py.returncode == 0, py.stderr
    for name in names:
        assert (py.folder / name).read_bytes() == (cpp.folder / name).read_bytes(), name
