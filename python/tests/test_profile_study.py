"""Host profiles in studies: a study's --hosts may name a profile file, relative to the study
file; the program gets its absolute path; editing the profile makes new run ids."""

import subprocess
from pathlib import Path

from hostnet import build_dir
from hostnet.study.spec import Study

PROFILE = 'base = "mlx5-100g"\n[nic.rx-ring]\nDescriptors = 512\n'


def _study(tmp_path) -> Study:
    return Study.from_dict({"name": "own", "program": "hostnet-leaf-spine",
                            "parameters": {"hosts": "hosts/my.toml", "duration": 0.001},
                            "grid": {"load": [0.2]}}, base_dir=tmp_path)


def test_profile_path_is_relative_to_the_study_file(tmp_path):
    (tmp_path / "hosts").mkdir()
    (tmp_path / "hosts" / "my.toml").write_text(PROFILE)
    spec = _study(tmp_path).expand()[0]
    assert spec.parameters["hosts"] == "hosts/my.toml"  # results name it as written
    assert f"--hosts={tmp_path / 'hosts' / 'my.toml'}" in spec.arguments()


def test_an_edited_profile_is_a_new_configuration(tmp_path):
    (tmp_path / "hosts").mkdir()
    profile = tmp_path / "hosts" / "my.toml"
    profile.write_text(PROFILE)
    before = _study(tmp_path).expand()[0].run_id
    assert _study(tmp_path).expand()[0].run_id == before  # stable
    profile.write_text(PROFILE.replace("512", "256"))
    assert _study(tmp_path).expand()[0].run_id != before


def test_shipped_names_keep_their_run_ids(tmp_path):
    a = Study.from_dict({"name": "own", "program": "hostnet-leaf-spine",
                         "parameters": {"hosts": "mlx5-100g"}}, base_dir=tmp_path).expand()[0]
    assert a.arguments()[0] == "--hosts=mlx5-100g"


def test_example_runs_a_profile_file_and_refuses_a_wrong_one(tmp_path):
    program = Path(build_dir()) / "examples" / "hostnet-leaf-spine"
    good = tmp_path / "good.toml"
    good.write_text(PROFILE)
    done = subprocess.run([str(program), f"--hosts={good}", "--traffic=tcp", "--duration=0.001",
                           "--warmup=0.001", "--hostsPerLeaf=2"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text(PROFILE.replace("Descriptors", "Descriptor"))
    done = subprocess.run([str(program), f"--hosts={bad}"], capture_output=True, text=True)
    assert done.returncode == 2
    assert f"{bad}:3:" in done.stderr and "did you mean 'Descriptors'" in done.stderr


def test_python_bindings_read_a_profile_file(ns, tmp_path):
    """From Python (cppyy) as from C++: CheckPreset names the file and line; SetPreset applies
    a good file; HostProfile is reachable."""
    bad = tmp_path / "bad.toml"
    bad.write_text(PROFILE.replace("Descriptors", "Descriptor"))
    error = str(ns.HostNetDeviceHelper.CheckPreset(str(bad)))
    assert f"{bad}:3:" in error and "did you mean 'Descriptors'" in error, error
    good = tmp_path / "good.toml"
    good.write_text(PROFILE)
    assert str(ns.HostNetDeviceHelper.CheckPreset(str(good))) == ""
    profile = ns.HostProfile()
    assert str(ns.HostProfile.Read(str(good), profile)) == ""
    assert str(profile.GetName()) == "good"
    assert any(str(s.key) == "Descriptors" and str(s.text) == "512"
               for s in profile.GetSettings())


def test_single_flow_scenario_takes_a_profile_with_irq_affinity(tmp_path):
    """hostnet-stack-overheads (what calibrate runs) steers the flow to one queue: a profile's
    own IrqAffinity (one core per queue, as from-host writes it) gives way to that."""
    program = Path(build_dir()) / "examples" / "hostnet-stack-overheads"
    profile = tmp_path / "aff.toml"
    profile.write_text('base = "mlx5-100g"\n[nic.steering]\nIrqAffinity = "'
                       + ",".join(str(c) for c in range(16)) + '"\n')
    done = subprocess.run([str(program), f"--preset={profile}", "--configs=all-opts",
                           "--warmup=2ms", "--measure=2ms"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "all-opts" in done.stdout


STUDIES = sorted((Path(__file__).resolve().parents[2] / "examples" / "studies").glob("*.toml"))


def test_the_study_files_are_found():
    assert "own-host.toml" in [p.name for p in STUDIES] and len(STUDIES) >= 4


def test_every_study_file_validates_against_its_program():
    """`hostnet validate` on each examples/studies/*.toml (parameters against the program's
    --PrintHelp, metrics against --PrintMetrics); own-host.toml's profile path resolves."""
    from hostnet.study.cli import main

    for study in STUDIES:
        assert main(["validate", str(study)]) == 0, study.name


def test_own_host_profile_is_valid_for_the_cpp_reader():
    """The profile own-host.toml names (relative to it) passes the C++ reader."""
    from hostnet.profile.cli import main

    hosts = Path(__file__).resolve().parents[2] / "examples" / "studies" / "hosts"
    for profile in sorted(hosts.glob("*.toml")):
        assert main(["check", str(profile)]) == 0, profile.name
