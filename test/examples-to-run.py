#! /usr/bin/env python3

# Short runs (a few seconds each) of every example in examples/CMakeLists.txt, so that they
# stay buildable and runnable. Each tuple in cpp_examples is
#
#     (example name and arguments, do_run, do_valgrind_run)
#
# In an ns-3 tree ./test.py runs them (cwd: testpy-output/<date>, where their files go); the
# standalone build runs the same command lines as ctest tests (cmake/standalone.cmake).
# Valgrind runs are off: they have not been checked.
cpp_examples = [
    ("hostnet-bench --rateKpps=50 --duration=0.05 --repeats=1", "True", "False"),
    (
        "hostnet-livelock --schemes=ideal,normal,napi --loads=50,200 --duration=0.02 "
        "--warmup=0.005 --replications=1 --tcpDuration=0.02 --out=livelock",
        "True",
        "False",
    ),
    (
        "hostnet-livelock --scheme=napi --load=150 --metrics=livelock-point.json "
        "--duration=0.02 --warmup=0.005",
        "True",
        "False",
    ),
    (
        "hostnet-salah2007-figures --replications=1 --duration=0.01 --warmup=0.002 "
        "--loads=50,200 --fig11Loads=100 --taus=1,8 --intervals=0,50 --quotas=2 --pollPeriods=20 "
        "--analysisStep=50 --analysisMax=300",
        "True",
        "False",
    ),
    ("hostnet-ppt-probe --probesPerSize=20 --trailerSizes=112,812", "True", "False"),
    ("hostnet-rdr --sizes=64,1518 --warmupMs=2 --measureMs=5", "True", "False"),
    ("hostnet-stack-overheads --warmup=2ms --measure=3ms", "True", "False"),
    ("hostnet-leaf-spine --duration=0.01 --warmup=0.005", "True", "False"),
    ("hostnet-leaf-spine --duration=0.01 --warmup=0.005 --routing=global", "True", "False"),
    (
        "hostnet-selfsimilar --schemes=normal,napi --load=0.3 --duration=0.02 --warmup=0.01 "
        "--replications=1",
        "True",
        "False",
    ),
    (
        "hostnet-coalescing-goodput --frameSizes=64,1500 --intervalsUs=20,200 --duration=0.02 "
        "--warmup=0.01",
        "True",
        "False",
    ),
    ("hostnet-dctcp --duration=0.01 --warmup=0.005", "True", "False"),
    (
        "hostnet-memcached --connections=2 --qps=200000 --duration=0.002 --warmup=0.001 "
        "--clientHosts=plain",
        "True",
        "False",
    ),
    (
        "hostnet-memcached --connections=2 --qps=200000 --duration=0.002 --warmup=0.001",
        "True",
        "False",
    ),
    ("hostnet-tcp-rr --duration=0.002 --warmup=0.001", "True", "False"),
    ("hostnet-first-scenario", "True", "False"),
    ("hostnet-profile --profile=i40e-10g --print", "True", "False"),
    ("hostnet-first-scenario --scheme=normal", "True", "False"),
]

# examples/papers/hostnet-livelock.py loads the standalone build's library through python/hostnet
# (not ns-3's own bindings), so it cannot run from an ns-3 tree; the Python tests run it
# (python/tests/test_hostnet.py).
python_examples = [
    (
        "hostnet-livelock.py --schemes=napi --loads=100 --duration=0.02 --warmup=0.005 "
        "--replications=1 --no-plot",
        "False",
    ),
]
