"""Adaptive replications, sample counts of quantile metrics and duplicate [[runs]] labels.

A fake program gives each label a known mean and each RngRun a known deviation
(+1, -1, 0, +1, -1, 0, ...), so the 95 % Student-t intervals of every round are known:
means 10 and 12 overlap with 3, 4 and 5 replications (half-widths 2.48, 1.52, 1.24) and
separate with 6 (0.94). Label c (mean 30) is clear of both from the start; d ties with a
at x = 0 and is far behind (40) at x > 0.
"""

import csv
import json
import math
import signal
import subprocess
import sys
import time

import pytest

from hostnet.study import Study, StudyError, run_study, summary_records
from hostnet.study.adaptive import initial_replications, plan_round
from test_study_fakes import env_with_hostnet, ns3_program, write_program

CLI = [sys.executable, "-m", "hostnet"]

PROGRAM = """\
#!{python}
import json, os, sys, time
args = dict(a[2:].partition("=")[::2] for a in sys.argv[1:] if a.startswith("--"))
label, rng, x = args["label"], int(args["RngRun"]), float(args.get("x", 0))
with open({calls!r}, "a") as f:
    f.write(f"{{label}} {{x:g}} {{rng}}\\n")
if rng == 5 and os.path.exists({block!r}):
    print("blocked", flush=True)
    time.sleep(3600)
base = {{"a": 10.0, "b": 12.0, "c": 30.0, "d": 10.0, "n": 0.0, "p": 0.0}}[label]
if label == "d" and x > 0:
    base = 40.0                         # d ties with a at x = 0 only
y = base + 100 * x + [1.0, -1.0, 0.0][(rng - 1) % 3]
if label == "n" or (label == "p" and rng == 2):
    y = None                            # undefined: never a sample, never ranked
count = {{"a": 5000, "b": 2000, "c": 1000}}.get(label, 1000)
with open(args["metrics"], "w") as f:
    json.dump({{"y": y, "ok": 1.0, "count": count, "nocount": None}}, f)
"""


@pytest.fixture
def program(tmp_path):
    return write_program(tmp_path / "adaptive.py", PROGRAM.format(
        python=sys.executable, calls=str(tmp_path / "calls.txt"),
        block=str(tmp_path / "block")))


def calls(tmp_path):
    path = tmp_path / "calls.txt"
    return path.read_text().split("\n")[:-1] if path.exists() else []


def adaptive_study(program, labels, x=(0,), min=3, max=10, budget=None, **rank):
    table = {"min": min, "max": max, "until": "separated",
             "rank": {"metric": "y", "x": "x", "by": "label", **rank}}
    if budget is not None:
        table["budget"] = budget
    return {"name": "adaptive", "program": str(program), "timeout": 60,
            "grid": {"x": list(x)}, "runs": [{"label": l} for l in labels],
            "replications": table}


def replications(out):
    """{(label, x): sorted RngRun values} of results.csv."""
    runs = {}
    with open(out / "results.csv", newline="") as f:
        for row in csv.DictReader(f):
            runs.setdefault((row["label"], float(row["x"])), []).append(int(row["rng_run"]))
    return {k: sorted(v) for k, v in runs.items()}


def answers(out):
    return json.loads((out / "adaptive.json").read_text())["answers"]


# ---------------------------------------------------------------- the rounds

def test_rounds_add_runs_only_for_the_overlapping_configurations_until_separated(
        tmp_path, program):
    out = tmp_path / "out"
    result = run_study(adaptive_study(program, "abc"), out=out, progress=False, check=False)
    # a and b overlap until each has 6 replications; c (mean 30) never overlaps a.
    assert replications(out) == {("a", 0): [1, 2, 3, 4, 5, 6], ("b", 0): [1, 2, 3, 4, 5, 6],
                                 ("c", 0): [1, 2, 3]}
    assert (result.total, result.ok, result.failed, result.rounds) == (15, 15, 0, 3)
    [state] = result.adaptive
    assert state["reason"] == "separated" and state["separated"]
    assert (state["leader"], state["runner_up"]) == ("a", "b")
    assert state["replications"] == {"a": 6, "b": 6, "c": 3}
    doc = json.loads((out / "adaptive.json").read_text())
    assert doc["finished"] and doc["rounds"] == 3 and doc["runs"] == 15
    assert doc["answers"][0]["reason"] == "separated"
    # best on the results says the same: separated with 6 replications each.
    summary = summary_records(out)
    ys = {r["label"]: r for r in summary if r["metric"] == "y"}
    assert (ys["a"]["n"], ys["b"]["n"], ys["c"]["n"]) == (6, 6, 3)
    assert ys["a"]["high"] < ys["b"]["low"]


def test_each_answer_stops_on_its_own(tmp_path, program):
    # x = 0: a and d tie (same means and deviations): they never separate and stop at
    # max; b drops out of the rounds once its interval clears the leader's (6
    # replications) while a and d go on. x = 1 separates after three rounds, as above.
    out = tmp_path / "out"
    result = run_study(adaptive_study(program, "abcd", x=(0, 1), max=7), out=out,
                       progress=False, check=False)
    reps = replications(out)
    assert reps[("a", 0)] == reps[("d", 0)] == list(range(1, 8))
    assert reps[("b", 0)] == list(range(1, 7))
    assert reps[("c", 0)] == reps[("c", 1)] == [1, 2, 3]
    assert reps[("a", 1)] == reps[("b", 1)] == list(range(1, 7))
    assert reps[("d", 1)] == [1, 2, 3]
    by_x = {s["where"]["x"]: s for s in result.adaptive}
    assert by_x[0]["reason"] == "max" and not by_x[0]["separated"]
    assert by_x[1]["reason"] == "separated"
    assert by_x[0]["replications"] == {"a": 7, "b": 6, "c": 3, "d": 7}


def test_a_budget_stops_the_rounds_and_says_so(tmp_path, program):
    out = tmp_path / "out"
    result = run_study(adaptive_study(program, "abc", budget=11), out=out, progress=False,
                       check=False)
    # 9 runs first, one round of a and b (11), then the next round does not fit.
    assert replications(out) == {("a", 0): [1, 2, 3, 4], ("b", 0): [1, 2, 3, 4],
                                 ("c", 0): [1, 2, 3]}
    assert result.total == 11 and result.adaptive[0]["reason"] == "budget"
    assert answers(out)[0]["reason"] == "budget"


def test_higher_is_better_ranks_the_other_way(tmp_path, program):
    out = tmp_path / "out"
    result = run_study(adaptive_study(program, "abc", lower_is_better=False), out=out,
                       progress=False, check=False)
    # c (30) leads and is clear of b (12) at once: no round at all.
    assert result.rounds == 0 and result.total == 9
    assert (result.adaptive[0]["leader"], result.adaptive[0]["reason"]) == ("c", "separated")


def test_undefined_metrics_are_never_ranked_nor_given_more_runs(tmp_path, program):
    # n (y null in every run) and p (null in RngRun 2) would lead with y near 0 if counted.
    out = tmp_path / "out"
    result = run_study(adaptive_study(program, "abnp"), out=out, progress=False, check=False)
    reps = replications(out)
    assert reps[("n", 0)] == reps[("p", 0)] == [1, 2, 3]
    assert reps[("a", 0)] == reps[("b", 0)] == [1, 2, 3, 4, 5, 6]
    [state] = result.adaptive
    assert (state["leader"], state["runner_up"], state["reason"]) == ("a", "b", "separated")


def test_requirement_starves_a_configuration_out_of_the_rounds(tmp_path, program):
    # ok = 1 everywhere: requiring ok <= 0.5 starves every label: nothing is ranked.
    out = tmp_path / "out"
    result = run_study(adaptive_study(program, "ab", require=["ok<=0.5"]), out=out,
                       progress=False, check=False)
    assert result.total == 6 and result.adaptive[0]["reason"] == "nothing to separate"
    assert result.adaptive[0]["leader"] is None


def test_plan_round_is_a_function_of_the_finished_runs(tmp_path, program):
    # The decision after the first round, from the sidecars alone: a and b get RngRun 4.
    out = tmp_path / "out"
    study = Study.from_dict(adaptive_study(program, "abc", max=3))
    run_study(study, out=out, progress=False, check=False)
    records = {p.stem: json.loads(p.read_text()) for p in (out / "runs").glob("*.json")}
    study4 = Study.from_dict(adaptive_study(program, "abc", max=4))
    additions, states = plan_round(study4, initial_replications(study4), records)
    assert additions == {(0, "a"): 4, (0, "b"): 4}  # config_key: (x, label)
    assert states[0]["candidates"] == ["a", "b"] and states[0]["reason"] == "running"


def blocked_runs(out):
    logs = list((out / "logs").glob("*.log")) if (out / "logs").is_dir() else []
    return sum("blocked" in p.read_text() for p in logs)


def test_an_interrupted_study_resumes_without_rerunning_finished_runs(tmp_path, program):
    (tmp_path / "block").write_text("")  # RngRun 5 (the second round) hangs
    out = tmp_path / "out"
    study_file = write_study(tmp_path, adaptive_study(program, "abc"))
    proc = subprocess.Popen(CLI + ["run", str(study_file), "--program", str(program),
                                   "--out", str(out), "-q",
                                   "--no-check", "--jobs", "2"],
                            env=env_with_hostnet(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 60
    while blocked_runs(out) < 2 and time.time() < deadline:
        time.sleep(0.05)
    assert blocked_runs(out) == 2, "the second round did not start"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM, err
    first = calls(tmp_path)
    assert sorted(first) == sorted([f"{l} 0 {r}" for l in "abc" for r in (1, 2, 3)]
                                   + ["a 0 4", "b 0 4", "a 0 5", "b 0 5"])
    (tmp_path / "block").unlink()
    again = subprocess.run(CLI + ["run", str(study_file), "--program", str(program),
                                  "--out", str(out), "-q",
                                  "--no-check"],
                           env=env_with_hostnet(), capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    # Only the killed runs (RngRun 5) and the round after them ran again.
    assert sorted(calls(tmp_path)[len(first):]) == ["a 0 5", "a 0 6", "b 0 5", "b 0 6"]
    assert "15 runs: 11 already done, 4 ok, 0 failed" in again.stdout
    assert "x = 0: separated" in again.stdout
    assert replications(out)[("a", 0)] == [1, 2, 3, 4, 5, 6]
    # A third run does nothing at all.
    third = subprocess.run(CLI + ["run", str(study_file), "--program", str(program),
                                  "--out", str(out), "-q",
                                  "--no-check"],
                           env=env_with_hostnet(), capture_output=True, text=True, timeout=120)
    assert third.returncode == 0 and "15 runs: 15 already done, 0 ok" in third.stdout
    assert len(calls(tmp_path)) == len(first) + 4


def test_dry_run_prints_the_next_round_only(tmp_path, program):
    out = tmp_path / "out"
    study = adaptive_study(program, "abc", max=4)
    run_study(dict(study, replications=dict(study["replications"], max=3)), out=out,
              progress=False, check=False)
    before = len(calls(tmp_path))
    dry = subprocess.run(CLI + ["run", str(write_study(tmp_path, study)), "--program", str(program),
                                "--out", str(out),
                                "--dry-run", "--no-check"],
                         env=env_with_hostnet(), capture_output=True, text=True, timeout=60)
    assert dry.returncode == 0, dry.stderr
    lines = dry.stdout.splitlines()
    assert len(lines) == 2 and all("--RngRun=4" in l for l in lines)
    assert {l.split("--label=")[1].split()[0] for l in lines} == {"a", "b"}
    assert "the rounds after these runs depend on their results" in dry.stderr
    assert len(calls(tmp_path)) == before  # nothing ran


def write_study(tmp_path, data, name="s.yaml"):
    """A study file of @p data (YAML: the same structure as TOML)."""
    import yaml

    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return path


# ---------------------------------------------------------------- best and the CLI

def test_best_uses_the_study_ranking_and_says_why_the_rounds_stopped(tmp_path, program):
    out = tmp_path / "out"
    run = subprocess.run(CLI + ["run", str(write_study(tmp_path, adaptive_study(program, "abc"))),
                                "--program", str(program),
                                "--out", str(out), "-q", "--no-check"],
                         env=env_with_hostnet(), capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "adaptive replications (lowest mean y by label, per x; 3 to 10 replications " \
           "until separated): 3 rounds after the first, 15 runs" in run.stdout
    assert "x = 0: separated: the leader's 95 % interval is clear of the runner-up's; " \
           "leader a, runner-up b (replications: a 6, b 6, c 3)" in run.stdout
    best = subprocess.run(CLI + ["best", str(out)], env=env_with_hostnet(),
                          capture_output=True, text=True, timeout=60)
    assert best.returncode == 0, best.stderr
    assert "lowest y with label = a" in best.stdout and "clearly" in best.stdout
    assert "replications: separated" in best.stdout and "(a 6, b 6, c 3)" in best.stdout
    # Another ranking of the same results: no claim about why the rounds stopped.
    other = subprocess.run(CLI + ["best", str(out), "--metric", "y", "--x", "x", "--by",
                                  "label", "--max"], env=env_with_hostnet(),
                           capture_output=True, text=True, timeout=60)
    assert other.returncode == 0 and "highest y with label = c" in other.stdout
    assert "replications:" not in other.stdout


def test_best_without_metric_needs_a_study_ranking(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "study.json").write_text(json.dumps({"study": {"replications": [1, 2]},
                                                "swept": ["x"]}))
    best = subprocess.run(CLI + ["best", str(out)], env=env_with_hostnet(),
                          capture_output=True, text=True, timeout=60)
    assert best.returncode == 2
    assert "--metric is required (the study has no [replications.rank]" in best.stderr


def test_validate_counts_the_runs_of_an_adaptive_study(tmp_path, program):
    path = write_study(tmp_path, adaptive_study(program, "abc", budget=20))
    out = subprocess.run(CLI + ["validate", str(path), "--program", str(program),
                                "--no-check"], env=env_with_hostnet(),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "3 configurations x 3 to 10 replications = 9 to 20 runs" in out.stdout


# ---------------------------------------------------------------- bad tables

def _table(**table):
    base = {"min": 3, "max": 10, "until": "separated",
            "rank": {"metric": "y", "x": "x", "by": "label"}}
    base.update(table)
    return {"name": "t", "program": "p", "grid": {"x": [1, 2]},
            "runs": [{"label": "a"}, {"label": "b"}],
            "replications": {k: v for k, v in base.items() if v is not None}}


@pytest.mark.parametrize("table, message", [
    (dict(min=5, max=3), "replications.max: 3 is below replications.min = 5; allowed: "
                         "max >= min"),
    (dict(min=1), "replications.min: 1; allowed: an integer >= 2"),
    (dict(min=0, max=1), "replications.max: 1; allowed: an integer >= 2"),
    (dict(until="forever"), 'replications.until: "forever"; allowed: "separated"'),
    (dict(until=None), "replications: 'until' is missing"),
    (dict(min="3"), 'replications.min: "3"; allowed: an integer >= 2'),
    (dict(max=2.5), "replications.max: 2.5; allowed: an integer >= 2"),
    (dict(min=True), "replications.min: true; allowed: an integer >= 2"),
    (dict(budget=0), "replications.budget: 0; allowed: an integer >= 1"),
    (dict(budget=5), "replications.budget: 5 runs is less than the first round (4 "
                     "configurations x min = 3 = 12 runs); allowed: >= 12"),
    (dict(extra=1), "replications: unknown key(s) 'extra'; allowed: min, max, until, budget, "
                    "rank"),
    (dict(rank=None), "replications.rank: missing; until = \"separated\" ranks a metric"),
    (dict(rank="y"), 'replications.rank: expected a table (metric, x, by, lower_is_better, '
                     'require), got "y"'),
    (dict(rank={"metric": "y", "x": "load", "by": "label"}),
     "replications.rank.x: 'load' is not a swept parameter; allowed: x, label"),
    (dict(rank={"metric": "y", "x": "x"}), "replications.rank: 'by' is missing"),
    (dict(rank={"metric": "y", "x": "x", "by": "x"}),
     "replications.rank: x and by are both 'x'"),
    (dict(rank={"metric": "y", "x": "x", "by": "label", "lower_is_better": "yes"}),
     'replications.rank.lower_is_better: "yes"; allowed: true or false'),
    (dict(rank={"metric": "y", "x": "x", "by": "label", "require": ["ok>0.9"]}),
     'replications.rank.require[0]: "ok>0.9": expected METRIC>=VALUE or METRIC<=VALUE'),
    (dict(rank={"metric": "y", "x": "x", "by": "label", "require": "ok>=1"}),
     'replications.rank.require: expected a list'),
    (dict(rank={"metric": "y", "x": "x", "by": "label", "better": "lower"}),
     "replications.rank: unknown key(s) 'better'; allowed: metric, x, by, lower_is_better, "
     "require"),
])
def test_bad_replications_tables_are_refused(table, message):
    with pytest.raises(StudyError) as err:
        Study.from_dict(_table(**table))
    assert message in str(err.value)


@pytest.mark.parametrize("value", [0, [1, 1], "3", 2.5])
def test_plain_replications_still_refused_as_before(value):
    with pytest.raises(StudyError, match="replications: expected a positive integer or a "
                                         "list of distinct positive integers"):
        Study.from_dict({"name": "t", "program": "p", "replications": value})


def test_plain_replications_are_unchanged():
    study = Study.from_dict({"name": "t", "program": "p", "replications": 3,
                             "grid": {"x": [1, 2]}})
    assert study.adaptive is None and study.replications == [1, 2, 3]
    assert len(study.expand()) == 6
    assert study.to_dict()["replications"] == [1, 2, 3]


def test_an_adaptive_study_over_the_run_cap_is_refused_before_expanding():
    with pytest.raises(StudyError, match="2 configurations x up to 1000000000 replications"):
        Study.from_dict({"name": "t", "program": "p", "grid": {"x": [1, 2]},
                         "runs": [{"label": "a"}],
                         "replications": {"min": 2, "max": 1000000000, "until": "separated",
                                          "rank": {"metric": "y", "x": "x", "by": "label"}}})


def test_the_ranked_metric_is_checked_against_the_program(tmp_path):
    program = ns3_program(tmp_path, print_metrics=True)  # declares y and z
    data = {"name": "c", "program": str(program), "grid": {"x": [1, 2], "mode": ["ok"]},
            "replications": {"min": 2, "max": 3, "until": "separated",
                             "rank": {"metric": "w", "x": "x", "by": "mode",
                                      "require": ["zz>=1"]}},
            "quantiles": {"y": {"q": 0.99, "samples": "count"}}}
    out = subprocess.run(CLI + ["validate", str(write_study(tmp_path, data)),
                                "--program", str(program)],
                         env=env_with_hostnet(), capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "replications.rank.metric: fake-ns3 reports no metric 'w'" in out.stderr
    assert "replications.rank.require[0]: fake-ns3 reports no metric 'zz'; did you mean " \
           "'z'?" in out.stderr
    assert "quantiles.y.samples: fake-ns3 reports no metric 'count'" in out.stderr


# ---------------------------------------------------------------- duplicate labels

def test_duplicate_run_labels_are_refused_by_validate_and_run(tmp_path, program):
    data = {"name": "d", "program": str(program),
            "runs": [{"label": "a", "x": 1}, {"label": "b", "x": 2}, {"label": "a", "x": 3}]}
    path = write_study(tmp_path, data)
    for command in (["validate", str(path), "--no-check"],
                    ["run", str(path), "--out", str(tmp_path / "out"), "-q", "--no-check"]):
        out = subprocess.run(CLI + command, env=env_with_hostnet(), capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 2, command
        assert ('runs[2].label: "a" labels two entries: runs[0] (label = "a", x = 1) and '
                'runs[2] (label = "a", x = 3); give each [[runs]] entry a label of its own'
                in out.stderr), out.stderr
    assert calls(tmp_path) == []  # nothing ran
    # Distinct labels are fine.
    Study.from_dict(dict(data, runs=data["runs"][:2]))


# ---------------------------------------------------------------- sample counts

def quantile_study(program, quantiles, labels="abc"):
    return {"name": "q", "program": str(program), "replications": 2,
            "runs": [{"label": l} for l in labels], "quantiles": quantiles}


def test_summary_says_how_many_samples_a_quantile_rests_on(tmp_path, program):
    out = tmp_path / "out"
    run_study(quantile_study(program, {
        "y": {"q": 0.99, "samples": "count"}, "ok": {"q": 0.5},
        "count": {"q": 0.999, "samples": "nocount"}}), out=out, progress=False, check=False)
    rows = {(r["label"], r["metric"]): r for r in summary_records(out)}
    # a: 5000 samples a run, 50 beyond p99: no note; b: 2000, 20 beyond: a note.
    a, b = rows[("a", "y")], rows[("b", "y")]
    assert (a["q"], a["samples_min"], a["beyond_min"], a["samples_note"]) == \
        (0.99, 5000, pytest.approx(50), "")
    assert (b["samples_min"], b["beyond_min"]) == (2000, pytest.approx(20))
    assert b["samples_note"] == ("the 0.99 quantile rests on 20 samples beyond it in the run "
                                 "with the fewest (2000 count); fewer than 30: read it as the "
                                 "extreme few")
    # No count declared, or the count undefined: said so, not invented.
    assert math.isnan(rows[("a", "ok")]["samples_min"])
    assert rows[("a", "ok")]["samples_note"] == ("sample count unknown: the program reports "
                                                 "no count for ok")
    assert rows[("a", "count")]["samples_note"] == ("sample count unknown: nocount is "
                                                    "undefined in 2 of 2 runs")
    # A metric that is not a quantile has no sample columns' values.
    assert rows[("a", "nocount")]["samples_note"] == ""
    with open(out / "summary.csv", newline="") as f:
        written = {(r["label"], r["metric"]): r for r in csv.DictReader(f)}
    assert list(written[("a", "y")])[-4:] == ["q", "samples_min", "beyond_min",
                                              "samples_note"]
    assert (written[("b", "y")]["samples_min"], written[("b", "y")]["beyond_min"]) == \
        ("2000", "20.0")
    assert written[("a", "ok")]["samples_min"] == ""  # NaN is an empty cell
    # The command line prints the notes under the table, and best beside the answer.
    summary = subprocess.run(CLI + ["summary", str(out)], env=env_with_hostnet(),
                             capture_output=True, text=True, timeout=60)
    assert summary.returncode == 0
    assert "y at label = b: the 0.99 quantile rests on 20 samples beyond it" in summary.stdout
    assert "y at label = a:" not in summary.stdout
    best = subprocess.run(CLI + ["best", str(out), "--metric", "y", "--x", "label", "--by",
                                 "label"], env=env_with_hostnet(), capture_output=True,
                          text=True, timeout=60)


def test_best_prints_the_samples_of_the_leader_and_runner_up(tmp_path, program):
    out = tmp_path / "out"
    data = quantile_study(program, {"y": {"q": 0.99, "samples": "count"}}, labels="ab")
    data["grid"] = {"x": [0]}
    run_study(data, out=out, progress=False, check=False)
    best = subprocess.run(CLI + ["best", str(out), "--metric", "y", "--x", "x", "--by",
                                 "label"], env=env_with_hostnet(), capture_output=True,
                          text=True, timeout=60)
    assert best.returncode == 0, best.stderr
    assert "with label = a (10 +- 13, n = 2, >= 5000 samples a run)" in best.stdout
    assert "runner-up b (12 +- 13, n = 2, >= 2000 samples a run)" in best.stdout
    assert "  samples: b at x = 0: the 0.99 quantile rests on 20 samples beyond it" \
        in best.stdout
    assert "samples: a at" not in best.stdout


def test_a_study_without_quantiles_keeps_its_summary_columns(tmp_path, program):
    out = tmp_path / "out"
    run_study({"name": "p", "program": str(program), "replications": 2,
               "runs": [{"label": "a"}]}, out=out, progress=False, check=False)
    assert "samples_min" not in summary_records(out)[0]
    with open(out / "summary.csv", newline="") as f:
        header = next(csv.reader(f))
    assert header == ["label", "metric", "n", "mean", "std", "ci95", "low", "high",
                      "undefined", "failed", "runs"]
