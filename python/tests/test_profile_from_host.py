"""hostnet profile from-host: parsing of real host outputs (python/tests/data/hosts/*/, each
with its SOURCE.md), the mapping per driver, the TOML written, the command line, and that every
key written is an attribute of the C++ sources (model/**/*.cc, read here: no build needed)."""

import tomllib
from pathlib import Path

import pytest

from hostnet.profile import cli
from hostnet.profile.from_host import (SECTION_CLASSES, HostInfo, ProfileInputError,
                                       build_profile, collect,
                                       fmt_time_ns, parse_cpu_list, parse_cpu_mask,
                                       profile_keys, source_attributes, split_sections,
                                       write_profile)

DATA = Path(__file__).parent / "data" / "hosts"
ROOT = Path(__file__).resolve().parents[2]
FOLDERS = sorted(p.name for p in DATA.iterdir() if p.is_dir())


def value(profile, *path):
    node = profile
    for key in path:
        node = node[key]
    return node["value"] if isinstance(node, dict) and "value" in node else node


# --- parsing of each kind, on the real outputs -----------------------------------------------

def test_every_data_folder_says_where_it_comes_from():
    assert FOLDERS, "no test data"
    for name in FOLDERS:
        assert (DATA / name / "SOURCE.md").is_file(), name


def test_mlx5_ethtool_outputs_parse():
    info = collect(DATA / "mlx5_core-1")
    assert info.interface == "enp1s0f0np0"
    assert info.get("ethtool-i")["driver"] == "mlx5_core"
    assert info.get("ethtool-i")["bus-info"] == "0000:01:00.0"
    coal = info.get("ethtool-c")
    assert (coal["adaptive_rx"], coal["rx_usecs"], coal["rx_frames"], coal["cqe_mode_rx"]) == \
        (True, 8, 128, True)
    assert info.get("ethtool-g")["RX"] == 1024 and info.get("ethtool-g")["TX"] == 1024
    assert info.get("ethtool-l")["Combined"] == 12
    feats = info.get("ethtool-k")
    assert feats["generic-receive-offload"] == (True, False)
    assert feats["large-receive-offload"] == (False, False)
    assert feats["highdma"] == (True, True)
    assert info.get("ethtool")["speed_mbps"] == 25000


def test_ice_and_e1000e_outputs_parse():
    ice = collect(DATA / "ice-1")
    assert ice.get("ethtool-i")["driver"] == "ice"
    assert ice.get("ethtool-g")["RX"] == 4096          # "RX: 4096" with one space
    assert ice.get("ethtool-l")["Combined"] == 4       # current, not the maximum 16
    e1000e = collect(DATA / "e1000e-1")
    assert e1000e.get("ethtool-i")["driver"] == "e1000e"
    assert e1000e.get("ethtool-g")["RX"] == 256       # "256   <---- default is small"


def test_unnamed_driver_outputs_parse():
    info = collect(DATA / "unnamed-ens33-1")
    assert not info.has("ethtool-i")
    coal = info.get("ethtool-c")
    assert (coal["adaptive_rx"], coal["rx_usecs"], coal["rx_frames"]) == (False, 3, 0)
    assert info.get("ethtool-k")["tcp-segmentation-offload"] == (True, False)   # "on  #网卡TSO"


def test_vm_collection_parses():
    info = collect(DATA / "virtio_net-vm-1")
    lscpu = info.get("lscpu")
    assert lscpu["cpus"] == 2 and lscpu["numa_nodes"] == 1
    assert str(info.get("uname")).startswith("6.")
    assert info.get("sysctl")["net.core.netdev_budget"] == "300"
    interrupts = info.get("interrupts")
    assert interrupts["ncpus"] == 2
    assert any(i["name"] == "virtio2-input.0" for i in interrupts["irqs"])
    assert info.get("irq-affinity")[38] == [0, 1]
    assert info.get("rps-cpus") == {"rx-0": []}
    assert info.get("threaded") == 0 and info.get("driver") == "virtio_net"
    assert any("ethtool" in e for e in info.get("errors"))


def test_cpu_lists_and_masks():
    assert parse_cpu_list("0-3,8") == [0, 1, 2, 3, 8]
    assert parse_cpu_mask("00000000,00000003") == [0, 1]
    assert parse_cpu_mask("0") == []
    assert fmt_time_ns(3_000_000) == "3ms" and fmt_time_ns(750_000) == "750us"
    assert fmt_time_ns(2_250_000) == "2250us"


def test_napi_get_dump_and_lscpu_sections_are_recognised(tmp_path):
    # The JSON shape of `ynl --family netdev --dump napi-get` (netdev.yaml: napi attributes);
    # the numbers here are this test's, not a host's.
    (tmp_path / "napi-get.json").write_text(
        '[{"id": 8193, "ifindex": 4, "irq": 38, "pid": 0, "defer-hard-irqs": 2,'
        ' "gro-flush-timeout": 20000, "irq-suspend-timeout": 0},'
        ' {"id": 8194, "ifindex": 4, "irq": 39, "pid": 0, "defer-hard-irqs": 2,'
        ' "gro-flush-timeout": 20000, "irq-suspend-timeout": 0},'
        ' {"id": 8195, "ifindex": 4, "irq": 40, "pid": 0, "defer-hard-irqs": 0,'
        ' "gro-flush-timeout": 20000, "irq-suspend-timeout": 0}]')
    (tmp_path / "ifindex.txt").write_text("4\n")
    profile = build_profile(tmp_path)
    mode = profile["nic"]["rx-mode"]
    assert value(mode, "DeferHardIrqs") == 2            # 2 of 3 instances: the most common
    assert "2 of 3" in mode["DeferHardIrqs"]["source"]
    assert value(mode, "GroFlushTimeout") == "20us"     # ns in the dump
    assert value(mode, "IrqSuspendTimeout") == "0us"
    assert any("defer-hard-irqs differs" in n for n in profile["profile"]["notes"])


# --- the mapping per driver ------------------------------------------------------------------

def test_mlx5_maps_to_net_dim_on_the_cqe_table():
    profile = build_profile(DATA / "mlx5_core-1")
    assert profile["base"] == "mlx5-100g"
    mod = profile["nic"]["moderation"]
    assert value(mod, "type") == "ns3::NetDimModeration"
    assert value(mod, "ProfileTable") == "Cqe"            # "CQE mode RX: on"
    assert value(profile, "nic", "NQueues") == 12
    assert value(profile, "nic", "rx-ring", "Descriptors") == 1024
    assert value(profile, "nic", "gro", "type") == "ns3::GroEngine"
    assert value(profile, "nic", "tx-path", "TsoEnabled") is True
    # No uname -r: the kernel release from ethtool -i (6.8.12-8-pve): EEVDF, Linux >= 6.6.
    assert value(profile, "stack", "KernelVersion") == "6.8"
    assert value(profile, "cpu", "scheduler", "type") == "ns3::EevdfTaskScheduler"


def _coalesce_info(driver, adaptive, usecs, frames, cqe=None, speed=None):
    """A HostInfo as the parsers would give it for these readings (a mapping test: the
    values are chosen by the test, not copied from a host)."""
    info = HostInfo(interface="eth0")
    info.data["ethtool-i"] = {"driver": driver, "version": "6.6.0", "bus-info": "0000:01:00.0"}
    info.data["ethtool-c"] = {"adaptive_rx": adaptive, "rx_usecs": usecs, "rx_frames": frames,
                              "cqe_mode_rx": cqe, "lines": {}}
    if speed is not None:
        info.data["ethtool"] = {"speed_mbps": speed}
    info.where.update({k: "test" for k in info.data})
    return info


def test_i40e_and_ice_map_to_adaptive_itr_with_their_rx_usecs():
    for driver in ("i40e", "ice"):
        profile = build_profile(_coalesce_info(driver, True, 50, None, speed=25000))
        mod = profile["nic"]["moderation"]
        assert value(mod, "type") == "ns3::I40eAdaptiveItrModeration"
        assert value(mod, "InitialItr") == "50us"
        assert value(mod, "LinkSpeed") == "25Gbps"
        assert profile["base"] == "i40e-10g"
    ice = build_profile(_coalesce_info("ice", True, 50, None))
    assert value(ice, "nic", "moderation", "LinkSpeed") == "10Gbps"      # speed not read
    assert any("ice's adaptive" in n for n in ice["profile"]["notes"])


def test_e1000_family_maps_rx_usecs_3_and_1_to_dynamic_itr():
    for driver in ("e1000", "e1000e", "igb"):
        mod = build_profile(_coalesce_info(driver, None, 3, None))["nic"]["moderation"]
        assert value(mod, "type") == "ns3::E1000DynamicItrModeration"
        assert value(mod, "Conservative") is True
    mod = build_profile(_coalesce_info("e1000e", None, 1, None))["nic"]["moderation"]
    assert value(mod, "Conservative") is False
    mod = build_profile(_coalesce_info("e1000e", None, 100, None))["nic"]["moderation"]
    assert value(mod, "type") == "ns3::RxUsecsModeration" and value(mod, "Interval") == "100us"


def test_fixed_coalescing_classes():
    cases = [((50, 32), "ns3::CountTimeModeration", {"Usecs": "50us", "Frames": 32}),
             ((50, 1), "ns3::RxUsecsModeration", {"Interval": "50us"}),
             ((0, 16), "ns3::RxFramesModeration", {"Frames": 16}),
             ((0, 1), "ns3::NoModeration", {}),
             ((0, None), "ns3::NoModeration", {})]
    for (usecs, frames), cls, attrs in cases:
        mod = build_profile(_coalesce_info("bnxt_en", False, usecs, frames))["nic"]["moderation"]
        assert value(mod, "type") == cls, (usecs, frames)
        for key, expected in attrs.items():
            assert value(mod, key) == expected


def test_real_e1000e_and_ice_without_ethtool_c_take_the_driver_default_and_say_so():
    e1000e = build_profile(DATA / "e1000e-1")
    assert value(e1000e, "nic", "moderation", "type") == "ns3::E1000DynamicItrModeration"
    assert e1000e["base"] == "e1000-1g"
    assert any("not a reading" in d for d in e1000e["profile"]["defaults"])
    assert value(e1000e, "nic", "rx-ring", "Descriptors") == 256
    ice = build_profile(DATA / "ice-1")
    assert value(ice, "nic", "moderation", "type") == "ns3::I40eAdaptiveItrModeration"
    assert value(ice, "nic", "NQueues") == 4
    # Linux 6.1 (from ethtool -i): CFS, 8+ CPUs assumed as lscpu is missing.
    assert value(ice, "cpu", "scheduler", "type") == "ns3::CfsTaskScheduler"
    assert value(ice, "cpu", "scheduler", "SchedLatency") == "24ms"


def test_unknown_driver_reads_rx_usecs_3_as_a_timer_and_warns():
    profile = build_profile(DATA / "unnamed-ens33-1")
    mod = profile["nic"]["moderation"]
    assert value(mod, "type") == "ns3::RxUsecsModeration" and value(mod, "Interval") == "3us"
    assert any("dynamic ITR mode 3" in n for n in profile["profile"]["notes"])


def test_vm_maps_cpu_stack_scheduler_and_irq_core():
    profile = build_profile(DATA / "virtio_net-vm-1")
    assert value(profile, "cpu", "NCores") == 2
    # 6.x >= 6.6: EEVDF, base_slice 0.75 ms x (1 + ilog2(2)) = 1.5 ms.
    assert value(profile, "cpu", "scheduler", "BaseSlice") == "1500us"
    assert value(profile, "stack", "NetdevBudget") == 300
    assert value(profile, "stack", "NetdevBudgetUsecs") == "8ms"
    assert value(profile, "nic", "rx-mode", "Threaded") is False
    # virtio2-input.0 may go to CPU 0 or 1; CPU 1 took its interrupts.
    assert value(profile, "nic", "steering", "IrqAffinity") == "1"
    assert value(profile, "nic", "steering", "Mode") == "none"
    assert any("busy_poll" in n for n in profile["profile"]["not_modelled"])


def test_missing_files_are_listed():
    profile = build_profile(DATA / "mlx5_core-1")
    unread = profile["profile"]["unread"]
    for missing in ("lscpu", "uname -r", "sysctl net.core", "/proc/interrupts"):
        assert missing in unread
    assert "ethtool -c" not in unread
    defaults = " ".join(profile["profile"]["defaults"])
    assert "no lscpu" in defaults and "no sysctl" in defaults
    assert any("hostnet profile calibrate" in n for n in profile["profile"]["notes"])


def test_lro_excludes_gro():
    info = _coalesce_info("mlx5_core", True, 8, 128, cqe=False)
    info.data["ethtool-k"] = {"large-receive-offload": (True, False),
                              "generic-receive-offload": (True, False)}
    profile = build_profile(info)
    assert value(profile, "nic", "rx-ring", "LroEnabled") is True
    assert value(profile, "nic", "gro", "type") == "ns3::NoGro"
    assert value(profile, "nic", "moderation", "ProfileTable") == "Eqe"


# --- concatenated input ----------------------------------------------------------------------

def test_concatenated_transcript_gives_the_same_profile_as_the_folder():
    transcript = DATA / "mlx5_core-1" / "transcript" / "kube01.txt"
    kinds = [s.kind for s in split_sections(transcript.read_text(), str(transcript))]
    assert kinds == ["ethtool", "ethtool-g", "ethtool-k", "ethtool-i", "ethtool-c", "ethtool-l"]
    one, folder = build_profile(transcript), build_profile(DATA / "mlx5_core-1")
    one["profile"].pop("sources"), folder["profile"].pop("sources")
    assert one == folder


def test_concatenation_of_several_files(tmp_path):
    # Real outputs of one VM, put one after the other in one file as a user might paste them.
    vm = DATA / "virtio_net-vm-1"
    text = "\n".join((vm / name).read_text() for name in
                     ("uname-r.txt", "lscpu.txt", "sysctl-net.txt", "proc-interrupts.txt"))
    (tmp_path / "all.txt").write_text(text)
    info = collect(tmp_path / "all.txt")
    assert {"uname", "lscpu", "sysctl", "interrupts"} <= set(info.data)
    assert info.get("lscpu")["cpus"] == 2
    assert info.get("interrupts")["ncpus"] == 2


# --- the TOML written, and its keys ----------------------------------------------------------

@pytest.mark.parametrize("folder", FOLDERS)
def test_written_toml_reads_back(folder, tmp_path):
    profile = build_profile(DATA / folder)
    out = tmp_path / "p.toml"
    write_profile(profile, out, header="test")
    back = tomllib.loads(out.read_text())
    assert back == profile
    # {value, source} pairs are inline tables on the attribute's line, as in data/hosts/:
    # no [section.Attribute] table headers.
    headers = [line for line in out.read_text().splitlines() if line.startswith("[")]
    assert all(not h.strip("[]").split(".")[-1][0].isupper() for h in headers), headers


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_key_is_an_attribute_of_the_sources(folder):
    attributes = source_attributes(ROOT)
    assert "Interval" in attributes["ns3::RxUsecsModeration"]
    profile = build_profile(DATA / folder)
    assert set(profile) <= {"base", "profile"} | {s.split(".")[0] for s in SECTION_CLASSES}
    for section, cls, key in profile_keys(profile):
        assert cls in attributes, f"[{section}]: no class {cls} in model/"
        assert key in attributes[cls], f"[{section}] {key}: not an attribute of {cls}"


def test_mapping_tests_use_real_attributes_too():
    attributes = source_attributes(ROOT)
    infos = [_coalesce_info(d, a, u, f) for d, a, u, f in
             (("i40e", True, 50, None), ("e1000e", None, 3, None), ("x", False, 50, 32),
              ("x", False, 0, 16), ("mlx5_core", True, 8, 128))]
    for info in infos:
        for section, cls, key in profile_keys(build_profile(info)):
            assert key in attributes[cls], (section, cls, key)


def test_generated_attribute_reference_agrees_when_present():
    """doc/hostnet-attributes.rst is generated from the build (python -m hostnet.attributes):
    the C++ source reading must find the same attribute names for the classes used."""
    doc = ROOT / "doc" / "hostnet-attributes.rst"
    if not doc.is_file():
        pytest.skip("no doc/hostnet-attributes.rst")
    text = doc.read_text()
    attributes = source_attributes(ROOT)
    for cls in ("ns3::RxRing", "ns3::NapiRxMode", "ns3::ReceiveSteering", "ns3::HostNetStack",
                "ns3::I40eAdaptiveItrModeration", "ns3::CountTimeModeration"):
        block = text.split(f"``{cls}``\n", 1)[1].split("\n``ns3::", 1)[0]
        own = {line.split("``")[1] for line in block.splitlines() if line.startswith("* ``")
               and "(default" in line}
        assert own <= attributes[cls], (cls, own - attributes[cls])


# --- command line ----------------------------------------------------------------------------

def test_cli_writes_profile(tmp_path, capsys):
    out = tmp_path / "h.toml"
    assert cli.main(["from-host", str(DATA / "mlx5_core-1"), "--out", str(out),
                     "--name", "kube01"]) == 0
    back = tomllib.loads(out.read_text())
    assert back["profile"]["name"] == "kube01"
    assert cli.main(["from-host", str(DATA / "ice-1"), "--base", "mlx5-100g"]) == 0
    assert tomllib.loads(capsys.readouterr().out)["base"] == "mlx5-100g"


def test_cli_exit_codes_and_messages(tmp_path, capsys):
    assert cli.main(["from-host", str(tmp_path / "absent")]) == 2
    assert "absent: no such file or directory" in capsys.readouterr().err
    (tmp_path / "notes.txt").write_text("nothing a host printed\n")
    assert cli.main(["from-host", str(tmp_path / "notes.txt")]) == 2
    assert "no ethtool" in capsys.readouterr().err
    assert cli.main(["from-host", str(DATA / "ice-1"), "--base", "nonsense"]) == 2
    assert "--base nonsense" in capsys.readouterr().err
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "ethtool-c.txt").write_text("Coalesce parameters for eth0:\nAdaptive RX: off\n"
                                       "rx-usecs: fifty\n")
    assert cli.main(["from-host", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "ethtool-c.txt:3" in err and "rx-usecs" in err


def test_hostnet_command_delegates_profile():
    from hostnet.study.cli import main

    assert main(["profile", "from-host", str(DATA / "e1000e-1"), "--out", "/dev/null"]) == 0


# --- the C++ reader takes what from-host writes ------------------------------------------------

def _profile_reader():
    from hostnet import build_dir

    program = Path(build_dir()) / "examples" / "hostnet-profile"
    assert program.is_file(), f"{program}: build hostnet first (./hostnet.sh build)"
    return program


@pytest.mark.parametrize("folder", FOLDERS)
def test_cpp_reader_accepts_every_generated_profile(folder, tmp_path):
    """HostProfile (what SetPreset and --hosts read) takes every profile of the real outputs:
    the keys, the value types and units, the typed sections and the base all check."""
    import subprocess

    out = tmp_path / "p.toml"
    write_profile(build_profile(DATA / folder), out, header="test")
    done = subprocess.run([str(_profile_reader()), f"--profile={out}", "--print"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert f"{out}:" in done.stdout  # settings of this file, beside the base's


def test_profile_check_and_show_commands(tmp_path):
    """`hostnet profile check|show` run the C++ reader: exit 0 / 2 with file:line."""
    from hostnet.profile.cli import main

    bad = tmp_path / "bad.toml"
    bad.write_text('base = "mlx5-100g"\n[nic.rx-ring]\nDescriptor = 512\n')
    assert main(["check", "mlx5-100g"]) == 0
    assert main(["check", str(bad)]) == 2
    assert main(["show", "i40e-10g"]) == 0


# --- pastes: outputs recognised by content, among other text (data/pastes/README.md) --------

PASTES = Path(__file__).parent / "data" / "pastes"


def test_bug_report_paste_reads_bodies_without_headers_and_uname_a():
    paste = PASTES / "bug-report-mlx5.txt"
    kinds = [s.kind for s in split_sections(paste.read_text(), str(paste))]
    assert kinds == ["uname", "ethtool-c", "ethtool-l", "ethtool-i"]
    info = collect(paste)
    assert info.get("uname") == "6.8.12-8-pve"  # field 3 of uname -a
    coal = info.get("ethtool-c")
    assert (coal["adaptive_rx"], coal["rx_usecs"], coal["rx_frames"], coal["cqe_mode_rx"]) == \
        (True, 8, 128, True)
    assert info.get("ethtool-l")["Combined"] == 12
    assert info.get("ethtool-i")["driver"] == "mlx5_core"
    # The same outputs read from the folder (with their headers) give the same settings.
    pasted, folder = build_profile(paste), build_profile(DATA / "mlx5_core-1")
    for section in ("moderation", "rx-mode"):
        assert pasted["nic"][section] == folder["nic"][section], section
    assert "Linux 6.8.12-8-pve" in pasted["profile"]["description"]  # from uname -a


def test_several_interfaces_first_named_or_chosen(tmp_path):
    paste = PASTES / "two-interfaces.txt"
    sections = split_sections(paste.read_text(), str(paste))
    assert [(s.kind, s.iface) for s in sections] == [
        ("ethtool-c", "ens1f0"), ("ethtool-c", "ens1f1"), ("ethtool-g", "ens1f0"),
        ("ethtool-g", "ens1f1"), ("ethtool-i", "ens1f1")]
    first = collect(paste)
    assert first.interface == "ens1f0"
    assert any("ens1f0, ens1f1" in n and "--interface" in n for n in first.notes)
    assert first.get("ethtool-c")["adaptive_rx"] is False and first.get("ethtool-g")["RX"] == 2048
    assert not first.has("ethtool-i")  # ethtool -i was run for ens1f1 only
    chosen = collect(paste, interface="ens1f1")
    assert chosen.get("ethtool-c")["adaptive_rx"] is True and chosen.get("ethtool-g")["RX"] == 512
    assert chosen.get("ethtool-i")["driver"] == "ice"
    with pytest.raises(ProfileInputError, match=r"--interface ens9: the inputs name ens1f0, "
                       r"ens1f1; choose one of them"):
        collect(paste, interface="ens9")


def test_cli_names_the_interfaces_when_the_chosen_one_is_absent(capsys):
    assert cli.main(["from-host", str(PASTES / "two-interfaces.txt"), "--interface",
                     "eth0"]) == 2
    assert "--interface eth0: the inputs name ens1f0, ens1f1" in capsys.readouterr().err


def test_ynl_napi_dump_sysctl_and_lscpu_excerpt_among_a_log():
    paste = PASTES / "experiment-log-napi.txt"
    kinds = [s.kind for s in split_sections(paste.read_text(), str(paste))]
    assert kinds == ["napi", "sysctl", "lscpu"]
    info = collect(paste)
    assert [n["irq"] for n in info.get("napi")] == [38, 39]
    assert info.get("sysctl")["net.core.netdev_budget"] == "300"
    lscpu = info.get("lscpu")
    assert (lscpu["cpus"], lscpu["threads_per_core"], lscpu["max_mhz"]) == (64, 1, 3318.0)
    assert lscpu["model"] == "AMD EPYC 7662 64-Core Processor"
    mode = build_profile(paste)["nic"]["rx-mode"]
    assert value(mode, "DeferHardIrqs") == 100
    assert value(mode, "GroFlushTimeout") == "20us"


@pytest.mark.parametrize("text, kind", [
    ("Linux h 6.12.0-55.el10.x86_64 #1 SMP PREEMPT_DYNAMIC Tue Jan 21 10:00:00 UTC 2025 "
     "x86_64 GNU/Linux\n", "uname"),
    ("Pre-set maximums:\nRX: 4096\nRX Mini: n/a\nRX Jumbo: n/a\nTX: 4096\n"
     "Current hardware settings:\nRX: 1024\nRX Mini: n/a\nRX Jumbo: n/a\nTX: 1024\n",
     "ethtool-g"),
    ("Pre-set maximums:\nRX: n/a\nTX: n/a\nOther: 1\nCombined: 63\n"
     "Current hardware settings:\nRX: n/a\nTX: n/a\nOther: 1\nCombined: 8\n", "ethtool-l"),
    ("rx-usecs: 3\nrx-frames: 0\n", "ethtool-c"),
])
def test_each_body_alone_is_recognised(tmp_path, text, kind):
    (tmp_path / "paste.txt").write_text("some words first\n" + text + "and words after\n")
    sections = split_sections((tmp_path / "paste.txt").read_text(), "paste.txt")
    assert [s.kind for s in sections] == [kind]
    assert "and words after" not in sections[0].lines


def test_prose_with_colons_and_other_json_are_not_outputs(tmp_path):
    text = ("Model: ThinkPad T14\nNote: see below\n[1, 2, 3]\n{\"name\": \"x\"}\n"
            "Pre-set maximums:\nnothing that says which\n")
    assert split_sections(text, "notes.txt") == []
