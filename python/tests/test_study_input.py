"""The study runner refuses bad input before anything runs: duplicate keys in YAML and TOML,
studies over the run cap (without expanding them), values that would smuggle options, plots
of parameters that are not swept, a study file that names a program by path (only a name of
this build, or --program PATH), files a study names that are missing or unreadable. No ns-3
needed."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hostnet.study import Study, StudyError
from hostnet.study import spec
from hostnet.study.spec import count_runs

HERE = Path(__file__).resolve().parent
PYTHON_DIR = HERE.parent
FAKE = HERE / "data" / "fake_study_program.py"
CLI = [sys.executable, "-m", "hostnet"]


def _env(tmp_path):
    """This tree's hostnet, and a build folder without programs."""
    return dict(os.environ, PYTHONPATH=str(PYTHON_DIR), HOSTNET_BUILD_DIR=str(tmp_path / "b"))


def base(**overrides):
    data = {"name": "t", "program": "/bin/true", "grid": {"x": [1, 2]}}
    data.update(overrides)
    return data


def test_yaml_duplicate_keys_are_refused(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("name: a\nprogram: /bin/true\ngrid:\n  x: [1, 2]\n  x: [3]\n")
    with pytest.raises(StudyError) as err:
        Study.load(path)
    assert "s.yaml: not valid YAML" in str(err.value)
    assert "duplicate key 'x' (first at line 4)" in str(err.value)
    assert "line 5" in str(err.value)
    # At the top level too (PyYAML alone keeps the last value silently).
    path.write_text("name: a\nprogram: /bin/true\nname: b\n")
    with pytest.raises(StudyError, match="duplicate key 'name' \\(first at line 1\\)"):
        Study.load(path)


def test_toml_duplicate_keys_are_refused(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('name = "a"\nprogram = "/bin/true"\n[grid]\nx = [1]\nx = [2]\n')
    with pytest.raises(StudyError, match="s.toml: not valid TOML: .*line 5"):
        Study.load(path)


def test_a_valid_yaml_file_still_loads(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("name: a\nprogram: /bin/true\ngrid: {x: [1, 2]}\nruns: [{y: 1}, {y: 2}]\n")
    assert len(Study.load(path).expand()) == 4


def test_run_cap_counts_without_expanding(monkeypatch):
    data = base(grid={"a": list(range(100)), "b": list(range(100)), "c": list(range(100))},
                replications=1000000000)
    assert count_runs(data) == (10 ** 6, 10 ** 9, 10 ** 15)

    def no_product(*_args):
        raise AssertionError("the grid was expanded to count it")

    # The only place the grid is multiplied out (Study.configurations) must not be reached.
    monkeypatch.setattr(spec.itertools, "product", no_product)
    with pytest.raises(StudyError) as err:
        Study.from_dict(data)
    assert ("1000000 configurations x 1000000000 replications = 1000000000000000 runs, "
            "more than the cap of 10000 (--max-runs)") in str(err.value)


def test_run_cap_is_configurable():
    data = base(grid={"x": list(range(10))}, replications=3, runs=[{"y": 1}, {"y": 2}])
    with pytest.raises(StudyError, match="20 configurations x 3 replications = 60 runs, "
                       "more than the cap of 59"):
        Study.from_dict(data, max_runs=59)
    assert len(Study.from_dict(data, max_runs=60).expand()) == 60


def test_cli_refuses_a_huge_study_at_once(tmp_path):
    study = tmp_path / "s.toml"
    study.write_text('name = "h"\nprogram = "/bin/true"\nreplications = 1000000000\n'
                     "[grid]\nx = [1, 2]\n")
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DIR))
    for command in (["validate", str(study)], ["run", str(study), "--out", str(tmp_path / "o")]):
        out = subprocess.run([sys.executable, "-m", "hostnet", *command], env=env,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2, out.stderr
        assert "2000000000 runs, more than the cap of 10000 (--max-runs)" in out.stderr
        assert "Traceback" not in out.stderr
    out = subprocess.run([sys.executable, "-m", "hostnet", "validate", str(study),
                          "--max-runs", "0"], env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2 and "--max-runs 0: allowed: 1 or more" in out.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("where, value, why", [
    ("parameters", "napi --bufferSize=0", "contains whitespace"),
    ("parameters", "a\tb", "contains whitespace"),
    ("parameters", "--bufferSize=0", "starts with '-'"),
    ("grid", "-x", "starts with '-'"),
    ("parameters", float("inf"), "not a finite number"),
    ("grid", float("nan"), "not a finite number"),
])
def test_values_that_would_smuggle_options_are_refused(where, value, why):
    data = base(parameters={"x": 1})
    data["grid"] = {"y": [value]} if where == "grid" else {"z": [1]}
    if where == "parameters":
        data["parameters"] = {"y": value}
    with pytest.raises(StudyError) as err:
        Study.from_dict(data)
    assert why in str(err.value)
    assert (f"{where}.y" if where == "parameters" else "grid.y[0]") in str(err.value)


def test_negative_numbers_are_values_not_options():
    study = Study.from_dict(base(parameters={"offset": -1, "gain": "-2.5e-3"}))
    assert "--offset=-1" in study.expand()[0].arguments()


@pytest.mark.parametrize("plot, expected", [
    ({"metric": "y", "x": "duration"}, "plots[0].x: 'duration' is not a swept parameter; "
     "allowed: x, mode"),
    ({"metric": "y", "x": "x", "by": "scheme"}, "plots[0].by: 'scheme' is not a swept"),
    ({"metric": "y", "x": "x", "by": "x"}, "plots[0]: x and by are both 'x'"),
])
def test_plot_axes_must_be_swept(plot, expected):
    data = base(parameters={"duration": 1}, runs=[{"mode": "a"}, {"mode": "b"}],
                plots=[plot])
    with pytest.raises(StudyError) as err:
        Study.from_dict(data)
    assert expected in str(err.value)


# ---------------------------------------------------------------- programs and files a study names

@pytest.mark.parametrize("program", ["../../../../bin/sh", "/usr/bin/env", "./evil"])
def test_a_study_file_naming_a_path_is_refused_by_validate_and_run(tmp_path, program):
    study = tmp_path / "s.toml"
    study.write_text(f'name = "p"\nprogram = "{program}"\n[grid]\nx = [1]\n')
    expected = (f"program = {program!r}: a study file may name only a program of this build, "
                "by name")
    for command in (["validate", str(study), "--no-check"],
                    ["validate", str(study)],
                    ["run", str(study), "--out", str(tmp_path / "o"), "-q"]):
        out = subprocess.run(CLI + command, env=_env(tmp_path), capture_output=True, text=True,
                             timeout=60)
        assert out.returncode == 2, (command, out.stderr)
        assert expected in out.stderr and "--program PATH" in out.stderr, out.stderr
        assert not (tmp_path / "o" / "results.csv").exists()


def test_a_program_named_on_the_command_line_runs_and_is_said(tmp_path):
    study = tmp_path / "s.toml"
    study.write_text('name = "p"\nprogram = "/usr/bin/env"\n[grid]\nmode = ["ok"]\n')
    out = subprocess.run(CLI + ["run", str(study), "--program", str(FAKE), "--out",
                                str(tmp_path / "o"), "-q", "--no-check"],
                         env=_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert f"program: {FAKE} (named with --program, instead of the study's '/usr/bin/env')" \
        in out.stderr
    out = subprocess.run(CLI + ["validate", str(study), "--program", str(tmp_path / "nothing")],
                         env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--program " in out.stderr and \
        "not found or not executable" in out.stderr


def test_a_name_is_looked_up_in_the_build_only(tmp_path):
    # "env" is on PATH, but a study's name means a program of this build.
    study = Study.from_dict({"name": "p", "program": "env"})
    with pytest.raises(StudyError, match=r"program: 'env' not found .*examples/env"):
        study.resolve_program(tmp_path)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "mine").write_text("#!/bin/sh\n")
    (scratch / "mine").chmod(0o755)
    assert Study.from_dict({"name": "p", "program": "mine"}).resolve_program(tmp_path) == \
        (scratch / "mine").resolve()


def test_validate_checks_every_file_a_study_names_before_any_run(tmp_path):
    (tmp_path / "good.toml").write_text('[cpu]\nNCores = 4\n')
    (tmp_path / "bad.toml").write_text('[cpu\nNCores = 4\n')
    study = tmp_path / "s.toml"
    study.write_text('name = "f"\nprogram = "hostnet-leaf-spine"\n'
                     '[parameters]\nsizes = "tables/etc.csv"\n'
                     '[grid]\nhosts = ["good.toml", "bad.toml", "gone.toml", "mlx5-100g"]\n')
    for command in (["validate", str(study), "--no-check"],
                    ["run", str(study), "--out", str(tmp_path / "o"), "--no-check"]):
        out = subprocess.run(CLI + command, env=_env(tmp_path), capture_output=True, text=True,
                             timeout=60)
        assert out.returncode == 2, out.stderr
        err = out.stderr
        assert "parameters.sizes: 'tables/etc.csv': no such file" in err
        assert "grid.hosts[1]: 'bad.toml': not valid TOML" in err
        assert "grid.hosts[2]: 'gone.toml': no such file" in err
        assert "good.toml" not in err and "mlx5-100g" not in err
