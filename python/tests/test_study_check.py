"""validate and run check a study against its program before anything runs: parameter names
and values against --PrintHelp (attribute paths against --PrintAttributes, global values
against --PrintGlobals), metrics against --PrintMetrics or the study's metrics list. A fake
ns-3 program answers like a compiled example; one test asks the real hostnet-leaf-spine."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hostnet.study import Study, StudyError, run_study
from hostnet.study.check import check_study, parse_help, probe_program
from test_study_fakes import env_with_hostnet, ns3_program

HERE = Path(__file__).resolve().parent
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", HERE.parents[1] / "build")).resolve()
LEAF_SPINE = BUILD / "examples" / "hostnet-leaf-spine"


def study_of(program, **overrides):
    data = {"name": "c", "program": str(program), "grid": {"x": [1, 2]},
            "parameters": {"mode": "ok"}}
    data.update(overrides)
    return Study.from_dict(data)


def problems(program, **overrides) -> str:
    with pytest.raises(StudyError) as err:
        check_study(study_of(program, **overrides), program)
    return str(err.value)


def test_parse_help_reads_names_and_defaults():
    text = ("prog [Program Options] [General Arguments]\n\nProgram Options:\n"
            "    --a:    An integer [3]\n"
            "    --b:    A random variable [ns3::UniformRandomVariable[Min=0|Max=1]]\n"
            "    --c:    No default\n"
            "    --d:    Help on two lines,\n        the default on the second [x]\n"
            "    --e:    Schemes [a|b] [napi]\n"
            "    --f:     [false]\n\n"
            "General Arguments:\n    --PrintHelp:                 Print this help message.\n")
    assert parse_help(text) == {"a": "3", "b": "ns3::UniformRandomVariable[Min=0|Max=1]",
                                "c": None, "d": "x", "e": "napi", "f": "false"}
    assert parse_help("usage: prog.py [-h]\nprog.py: error: unrecognized arguments") is None


def test_a_study_that_fits_passes(tmp_path):
    program = ns3_program(tmp_path)
    info = check_study(study_of(program, parameters={
        "mode": "sleep", "sleep": 0, "verbose": True, "rate": "10Gbps", "label": "a",
        "cost": "ns3::ExponentialRandomVariable[Mean=2]", "RngSeed": 4,
        "ns3::TcpSocket::SegmentSize": 1448, "ns3::TcpSocket::Nagle": 0}), program)
    assert set(info.options) >= {"mode", "x", "sleep", "verbose", "label"}
    assert info.metrics is None


def test_unknown_names_are_refused_naming_the_closest(tmp_path):
    program = ns3_program(tmp_path)
    text = problems(program, parameters={"mdoe": "ok", "Verbose": 1, "zzzzzz": 1})
    assert "parameters.mdoe: fake-ns3 has no option --mdoe; did you mean --mode?" in text
    assert "parameters.Verbose: fake-ns3 has no option --Verbose; did you mean --verbose?" \
        in text
    # Nothing close: the message lists the options.
    assert ("parameters.zzzzzz: fake-ns3 has no option --zzzzzz; its options: cost, label, "
            "metrics, mode, rate, sleep, verbose, x") in text


def test_attribute_paths_and_globals(tmp_path):
    program = ns3_program(tmp_path)
    text = problems(program, parameters={"mode": "ok", "ns3::TcpSocket::SegmentSiz": 1,
                                         "ns3::TcpSockt::SegmentSize": 1,
                                         "ns3::TcpSocket::Nagle": "maybe", "RngSed": 2})
    assert ("parameters.ns3::TcpSocket::SegmentSiz: ns3::TcpSocket has no attribute "
            "'SegmentSiz'; did you mean ns3::TcpSocket::SegmentSize?") in text
    assert ("parameters.ns3::TcpSockt::SegmentSize: fake-ns3 knows no TypeId "
            "'ns3::TcpSockt'; did you mean ns3::TcpSocket?") in text
    assert ("--ns3::TcpSocket::Nagle='maybe': expected true, false, 0 or 1 (the default "
            "is true)") in text
    assert "parameters.RngSed: fake-ns3 has no option --RngSed; did you mean --RngSeed?" in text


@pytest.mark.parametrize("name, value, expected", [
    ("sleep", "fast", "parameters.sleep: --sleep='fast': expected a finite number (the "
     "default is 0.5)"),
    ("sleep", True, "parameters.sleep: --sleep=True: expected a finite number (the default "
     "is 0.5)"),
    ("verbose", 2, "parameters.verbose: --verbose=2: expected true, false, 0 or 1 (the "
     "default is false)"),
    ("verbose", "yes", "parameters.verbose: --verbose='yes': expected true, false, 0 or 1"),
])
def test_values_are_checked_against_the_default_shape(tmp_path, name, value, expected):
    program = ns3_program(tmp_path)
    assert expected in problems(program, parameters={name: value})


def test_numbers_as_strings_and_booleans_as_01_pass(tmp_path):
    program = ns3_program(tmp_path)
    check_study(study_of(program, grid={"x": ["1.5", "2e3", "-1"]}, parameters={
        "verbose": "true", "mode": "ok"}), program)
    check_study(study_of(program, parameters={"verbose": 1, "mode": "ok"}), program)


def test_metrics_declared_by_the_program(tmp_path):
    program = ns3_program(tmp_path, print_metrics=True)
    assert probe_program(program).metrics == ["y", "z"]
    check_study(study_of(program, metrics=["y"], plots=[{"metric": "z", "x": "x"}]), program)
    text = problems(program, metrics=["y", "w"], plots=[{"metric": "yy", "x": "x"}])
    assert "metrics[1]: fake-ns3 reports no metric 'w' (its --PrintMetrics: y, z)" in text
    assert ("plots[0].metric: fake-ns3 reports no metric 'yy'; did you mean 'y'? (its "
            "--PrintMetrics: y, z)") in text


def test_metrics_without_a_declaration_come_from_the_study(tmp_path):
    program = ns3_program(tmp_path, print_metrics=False)
    check_study(study_of(program, metrics=["y"], plots=[{"metric": "y", "x": "x"}]), program)
    text = problems(program, metrics=["y"], plots=[{"metric": "z", "x": "x"}])
    assert ("plots[0].metric: 'z' is not in the study's metrics list (y), and the program "
            "does not declare its metrics (--PrintMetrics)") in text


def test_a_program_that_is_not_ns3_is_run_unchecked_with_a_warning(tmp_path):
    program = tmp_path / "plain.py"
    program.write_text(f"#!{sys.executable}\nimport sys\nprint('usage: plain.py [-h]', "
                       "file=sys.stderr)\nsys.exit(2)\n")
    program.chmod(0o755)
    warnings = []
    info = check_study(study_of(program, parameters={"anything": 1}), program,
                       warn=warnings.append)
    assert info.options is None
    assert warnings == ["plain.py --PrintHelp printed no ns-3 CommandLine help (exit status 2: "
                        "usage: plain.py [-h]); the study's parameter names and values are "
                        "not checked"]


def test_run_refuses_before_anything_runs(tmp_path):
    program = ns3_program(tmp_path)
    with pytest.raises(StudyError, match="has no option --mdoe; did you mean --mode"):
        run_study(study_of(program, parameters={"mdoe": "ok"}), out=tmp_path / "out",
                  progress=False)
    assert not (tmp_path / "out").exists()
    # --no-check (check=False) passes the parameters as they are: the program decides.
    result = run_study(study_of(program, parameters={"mode": "ok"}), out=tmp_path / "out",
                       progress=False, check=False)
    assert (result.ok, result.failed) == (2, 0)


def test_cli_validate_names_the_problems(tmp_path):
    program = ns3_program(tmp_path)
    study = tmp_path / "s.toml"
    study.write_text(f'name = "v"\nprogram = "{program}"\n[parameters]\nmdoe = "ok"\n'
                     '[grid]\nx = [1, "a"]\n')
    cli = [sys.executable, "-m", "hostnet"]
    out = subprocess.run(cli + ["validate", str(study),
                                "--program", str(program)], env=env_with_hostnet(),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "grid.x[1]: expected a number (as the other values of 'x'), got \"a\"" in out.stderr
    study.write_text(f'name = "v"\nprogram = "{program}"\n[parameters]\nmdoe = "ok"\n'
                     '[grid]\nx = [1, 2]\n')
    out = subprocess.run(cli + ["validate", str(study),
                                "--program", str(program)], env=env_with_hostnet(),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "parameters.mdoe: fake-ns3 has no option --mdoe; did " \
        "you mean --mode?" in out.stderr
    out = subprocess.run(cli + ["validate", str(study), "--program", str(program),
                                "--no-check"], env=env_with_hostnet(),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "file only (--no-check)" in out.stdout


@pytest.mark.skipif(not LEAF_SPINE.exists(), reason="hostnet-leaf-spine not built")
def test_the_real_leaf_spine_refuses_a_misspelt_option(tmp_path):
    study = Study.from_dict({"name": "ls", "program": str(LEAF_SPINE),
                             "parameters": {"hostPerLeaf": 4, "load": "high"},
                             "grid": {"scheme": ["napi"]}})
    with pytest.raises(StudyError) as err:
        check_study(study, LEAF_SPINE)
    assert ("parameters.hostPerLeaf: hostnet-leaf-spine has no option --hostPerLeaf; did you "
            "mean --hostsPerLeaf?") in str(err.value)
    assert "parameters.load: --load='high': expected a finite number" in str(err.value)
    good = Study.from_dict({"name": "ls", "program": str(LEAF_SPINE),
                            "parameters": {"hostsPerLeaf": 4, "RngSeed": 2},
                            "grid": {"scheme": ["napi"], "load": [0.1, 0.2]}})
    assert "hostsPerLeaf" in check_study(good, LEAF_SPINE).options
