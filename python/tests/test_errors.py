"""Bad input: every mistake a user can make on an example's command line, in a global
attribute default, through the Python helpers or in a study file stops with a message that
names what was typed and what is allowed -- never a crash, a hang, a traceback or silent
nonsense.

Each command-line case asserts the exit status (2 = bad usage; 3 = a configuration the model
refuses, after ns-3's message), that no signal ended the program, that it finished within its
timeout (no hang) and that the output names the option. A case that must *run* (the good
counterpart of a refused value) asserts exit status 0, so the refusals are not failing for
another reason. Run: ``pytest python/tests/test_errors.py`` (about a minute).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR",
                            Path(__file__).resolve().parents[2] / "build")).resolve()
EXAMPLES = BUILD / "examples"

pytestmark = pytest.mark.skipif(not (EXAMPLES / "hostnet-livelock").exists(),
                                reason="examples not built")

USAGE = 2   # a bad option value, an unknown option, a bad combination of options
REFUSED = 3  # the model refused the configuration (NS_FATAL_ERROR), message printed first

# Quick command lines that succeed as they are; each case adds one bad option to one of them.
QUICK = {
    "hostnet-leaf-spine": ["--duration=2ms", "--warmup=1ms", "--spines=1", "--leaves=2",
                           "--hostsPerLeaf=1", "--tcpFlows=0", "--rpcRate=100"],
    "hostnet-livelock": ["--loads=10", "--duration=2ms", "--warmup=0", "--replications=1",
                         "--tcp=false", "--schemes=normal", "--out=out"],
    "hostnet-dctcp": ["--duration=2ms", "--warmup=4ms"],
    "hostnet-bench": ["--duration=2ms", "--repeats=1"],
    "hostnet-selfsimilar": ["--scheme=normal", "--load=0.1", "--duration=2ms", "--warmup=0",
                            "--replications=1", "--csv=out.csv"],
    "hostnet-coalescing-goodput": ["--frameSize=1500", "--intervalUs=50", "--duration=2ms",
                                   "--warmup=0", "--csv=out.csv"],
    "hostnet-rdr": ["--sizes=1518", "--warmupMs=0.1", "--measureMs=0.5"],
    "hostnet-ppt-probe": ["--probesPerSize=2", "--trailerSizes=112", "--spacingMs=1"],
    "hostnet-first-scenario": [],
    "hostnet-tcp-rr": ["--duration=1ms", "--warmup=1ms"],
    "hostnet-memcached": ["--duration=1ms", "--warmup=1ms", "--connections=2",
                          "--clientHosts=plain"],
    "hostnet-stack-overheads": ["--configs=jumbo", "--warmup=1ms", "--measure=1ms"],
    "hostnet-salah2007-figures": ["--replications=1", "--duration=2ms", "--warmup=0",
                             "--figures=7", "--loads=50", "--fig7Schemes=normal",
                             "--analysisStep=100", "--analysisMax=100", "--out=out"],
}

# (program, bad option, text the message must contain). The option's name is always checked
# too (the part before '=').
CASES = [
    # hostnet-leaf-spine
    ("hostnet-leaf-spine", "--spines=-1", "whole number in 0..4294967295"),
    ("hostnet-leaf-spine", "--spines=0", "--spines = 0; allowed: 1 or more"),
    ("hostnet-leaf-spine", "--spines=4294967296", "whole number in 0..4294967295"),
    ("hostnet-leaf-spine", "--spines=2.5", "whole number"),
    ("hostnet-leaf-spine", "--leaves=255", "1..254"),
    ("hostnet-leaf-spine", "--leaves=", "whole number"),
    ("hostnet-leaf-spine", "--hostsPerLeaf=0", "1..254"),
    ("hostnet-leaf-spine", "--hostsPerLeaf=x", "whole number"),
    ("hostnet-leaf-spine", "--hostLinkRate=0Gbps", "--hostLinkRate and --fabricLinkRate must be > 0"),
    ("hostnet-leaf-spine", "--hostLinkRate=fast", "data rate"),
    ("hostnet-leaf-spine", "--hostLinkRate=-1Gbps", "data rate"),
    ("hostnet-leaf-spine", "--fabricLinkRate=10", "data rate with its unit"),
    ("hostnet-leaf-spine", "--linkDelay=-1us", "--linkDelay = -1us; allowed: >= 0"),
    ("hostnet-leaf-spine", "--linkDelay=1e10s", "duration"),
    ("hostnet-leaf-spine", "--linkDelay=1xs", "duration"),
    ("hostnet-leaf-spine", "--switchQueue=0p", "queue size"),
    ("hostnet-leaf-spine", "--switchQueue=-5p", "queue size"),
    ("hostnet-leaf-spine", "--switchQueue=lots", "queue size"),
    ("hostnet-leaf-spine", "--scheme=time-infus", "scheme"),
    ("hostnet-leaf-spine", "--scheme=time-nanus", "scheme"),
    ("hostnet-leaf-spine", "--scheme=time-50", "scheme"),
    ("hostnet-leaf-spine", "--scheme=count-0", "scheme"),
    ("hostnet-leaf-spine", "--scheme=count-1.5", "scheme"),
    ("hostnet-leaf-spine", "--scheme=itr-0", "scheme"),
    ("hostnet-leaf-spine", "--scheme=NAPI", "scheme"),
    ("hostnet-leaf-spine", "--scheme=napi --bufferSize=0", "scheme"),
    ("hostnet-leaf-spine", "--load=-0.1", "--load = -0.1; allowed: 0 <= load < 1"),
    ("hostnet-leaf-spine", "--load=1", "--load = 1; allowed: 0 <= load < 1"),
    ("hostnet-leaf-spine", "--load=1e12", "number"),
    ("hostnet-leaf-spine", "--load=nan", "number"),
    ("hostnet-leaf-spine", "--load=inf", "number"),
    ("hostnet-leaf-spine", "--load=0x10", "number"),
    ("hostnet-leaf-spine", "--traffic=pareto", "selfsimilar, poisson"),
    ("hostnet-leaf-spine", "--frameSizes=/no/such/file.csv", "backbone"),
    ("hostnet-leaf-spine", "--frameSizes=10", "64..9018"),
    ("hostnet-leaf-spine", "--bgPayload=0", "1..1472"),
    ("hostnet-leaf-spine", "--bgPayload=9000", "1..1472"),
    ("hostnet-leaf-spine", "--tcpFlows=-2", "whole number"),
    ("hostnet-leaf-spine", "--rpcRate=-1", "--rpcRate = -1; allowed: 0..1000000"),
    ("hostnet-leaf-spine", "--rpcRate=1e300", "number"),
    ("hostnet-leaf-spine", "--rpcRequestSize=0", "--rpcRequestSize = 0; allowed: 1..16777216"),
    ("hostnet-leaf-spine", "--rpcResponseSize=-1", "whole number"),
    ("hostnet-leaf-spine", "--duration=0", "duration"),
    ("hostnet-leaf-spine", "--duration=-1", "duration"),
    ("hostnet-leaf-spine", "--duration=1e300", "duration"),
    ("hostnet-leaf-spine", "--duration=1 ms", "duration"),
    ("hostnet-leaf-spine", "--duration=ms", "duration"),
    ("hostnet-leaf-spine", "--warmup=-1ms", "--warmup = -1ms; allowed: >= 0"),
    ("hostnet-leaf-spine", "--metrics=/no/such/dir/m.json", "does not exist"),
    ("hostnet-leaf-spine", "--metrics=/", "writable file"),
    ("hostnet-leaf-spine", "--hostPerLeaf=3", "did you mean --hostsPerLeaf"),
    ("hostnet-leaf-spine", "--Duration=1", "did you mean --duration"),
    ("hostnet-leaf-spine", "stray", "unexpected argument"),
    ("hostnet-leaf-spine", "--PrintMetrics=maybe", "true or false"),
    ("hostnet-leaf-spine", "--routing=ospf", "static, global, table"),
    ("hostnet-leaf-spine", "--ecmp=random", "destination, flow"),
    ("hostnet-leaf-spine", "--ecmp=flow --routing=table", "needs --routing = 'static'"),
    ("hostnet-leaf-spine", "--scheme=preset", "has none (choose a preset, or a scheme)"),
    ("hostnet-leaf-spine", "--scheme=presets", "a scheme:"),
    ("hostnet-leaf-spine", "--deferHardIrqs=2", "needs --groFlushTimeout > 0"),
    ("hostnet-leaf-spine", "--appCores=separate", "the hosts have 1"),
    ("hostnet-leaf-spine", "--hosts=plain --busyPoll=50", "plain hosts have no host model"),
    ("hostnet-leaf-spine", "--rpcSizes=web", "allowed: fixed etc"),
    ("hostnet-leaf-spine", "--irqPlacement=pinned", "allowed: spread, dedicated"),
    ("hostnet-leaf-spine", "--traffic=udp", "selfsimilar, poisson, tcp, kv"),
    # the key-value server's epoll options and IRQ suspension
    ("hostnet-leaf-spine", "--busyPollUsecs=50", "need --traffic = 'kv'"),
    ("hostnet-leaf-spine", "--traffic=tcp --preferBusyPoll", "need --traffic = 'kv' (not 'tcp')"),
    ("hostnet-leaf-spine", "--traffic=kv --busyPoll=50", "use --busyPollUsecs"),
    ("hostnet-leaf-spine", "--irqSuspendTimeout=20000 --traffic=kv",
     "--irqSuspendTimeout needs --preferBusyPoll"),
    ("hostnet-leaf-spine", "--irqSuspendTimeout=20000 --traffic=kv --preferBusyPoll",
     "needs --deferHardIrqs > 0 and --groFlushTimeout > 0"),
    ("hostnet-leaf-spine", "--epollTimeout=1.5 --traffic=kv", "whole milliseconds"),
    ("hostnet-leaf-spine", "--epollTimeout=-2 --traffic=kv", "allowed: -1 (block)"),
    ("hostnet-leaf-spine", "--busyPollBudget=0 --traffic=kv", "1..65535"),
    ("hostnet-leaf-spine", "--hosts=plain --traffic=kv", "no host model"),
    ("hostnet-leaf-spine", "--busyPoll=-5", "busyPoll"),
    # global attribute defaults and global values, through any example
    ("hostnet-leaf-spine", "--ns3::HostNetDevice::NQueues=0", "1:1024"),
    # A cost that is negative in every sample (a negative sample of a distribution counts
    # as 0, which the message says).
    ("hostnet-leaf-spine", "--ns3::HostCostModel::IsrCost=ns3::ConstantRandomVariable[Constant=-1e-6]",
     "not a negative constant"),
    ("hostnet-leaf-spine", "--ns3::HostCostModel::TxCost=ns3::ConstantRandomVariable[Constant=-1e-6]",
     "counts as 0"),
    ("hostnet-livelock", "--ns3::HostCostModel::ProtocolCost=ns3::ConstantRandomVariable[Constant=-2]",
     "not a negative constant"),
    ("hostnet-leaf-spine", "--ns3::RxRing::RefillCost=ns3::ConstantRandomVariable[Constant=-1e-9]",
     "not a negative constant"),
    ("hostnet-leaf-spine", "--ns3::RequestResponseServer::ServiceCost=ns3::ConstantRandomVariable[Constant=-1e-6]",
     "not a negative constant"),
    ("hostnet-leaf-spine", "--ns3::HostSinkApplication::UserCost=ns3::ConstantRandomVariable[Constant=-1e-6]",
     "not a negative constant"),
    # a renamed scheme names its new name
    ("hostnet-leaf-spine", "--scheme=napi-seed", "now called 'napi-salah2007'"),
    ("hostnet-livelock", "--schemes=normal,napi-seed", "napi-salah2007"),
    # options added since this list was first written: MPI, NAPI knobs, IRQ placement
    ("hostnet-leaf-spine", "--distributed=mpi", "none, window, nullmsg"),
    ("hostnet-leaf-spine", "--groFlushTimeout=-1", "ns3::NapiRxMode::GroFlushTimeout takes"),
    ("hostnet-leaf-spine", "--groFlushTimeout=x", "number of microseconds"),
    ("hostnet-leaf-spine", "--deferHardIrqs=-2", "whole number"),
    ("hostnet-leaf-spine", "--irqCores=0", "--irqCores = 0; allowed: 1 or more"),
    ("hostnet-leaf-spine", "--irqCores=40 --irqPlacement=dedicated", "needs 40 cores"),
    ("hostnet-leaf-spine", "--cost=maybe", "true or false"),
    ("hostnet-leaf-spine", "--hosts=plain --busyPoll=50", "no host model"),
    ("hostnet-leaf-spine", "--hosts=mlx5-100g --appCores=separate --irqCores=15",
     "needs 19 cores"),
    # hostnet-stack-overheads (it had no option checks: --linkRate=0bps died of SIGFPE)
    ("hostnet-stack-overheads", "--linkRate=0bps", "data rate"),
    ("hostnet-stack-overheads", "--linkRate=-5Gbps", "data rate"),
    ("hostnet-stack-overheads", "--measure=0", "duration"),
    ("hostnet-stack-overheads", "--warmup=-1ms", "duration"),
    ("hostnet-stack-overheads", "--preset=mlx6", "mlx5-100g"),
    ("hostnet-stack-overheads", "--configs=tso", "all, or a comma-separated list"),
    ("hostnet-stack-overheads", "--appCore=x", "whole number"),
    ("hostnet-stack-overheads", "--confgs=all", "confgs"),
    ("hostnet-leaf-spine", "--ns3::HostNetDevice::NQueues=-1", "1:1024"),
    ("hostnet-leaf-spine", "--ns3::HostNetDevice::NQueues=abc", "1:1024"),
    ("hostnet-leaf-spine", "--ns3::HostNetDevice::NQueue=2", "has no attribute 'NQueue'"),
    ("hostnet-leaf-spine", "--ns3::HostNetDev::NQueues=2", "unknown type 'ns3::HostNetDev'"),
    ("hostnet-leaf-spine", "--ns3::RxRing::Descriptors=0", "ns3::RxRing::Descriptors"),
    ("hostnet-leaf-spine", "--ns3::RxRing::Descriptors=1e3", "ns3::RxRing::Descriptors"),
    ("hostnet-leaf-spine", "--ns3::NapiRxMode::Weight=0", "ns3::NapiRxMode::Weight"),
    ("hostnet-leaf-spine", "--ns3::HostNetStack::NetdevBudget=0", "ns3::HostNetStack::NetdevBudget"),
    ("hostnet-leaf-spine", "--ns3::HostCpu::NCores=0", "ns3::HostCpu::NCores"),
    ("hostnet-leaf-spine", "--ns3::HostCpu::Scheduler=fifo",
     "expected one of: ns3::CfsTaskScheduler ns3::EevdfTaskScheduler ns3::RoundRobinTaskScheduler"),
    ("hostnet-leaf-spine", "--ns3::HostNetStack::KernelVersion=6.x", "a Linux version from 2.6 on"),
    ("hostnet-leaf-spine", "--ns3::HostNetStack::KernelVersion=2.4", "a Linux version from 2.6 on"),
    ("hostnet-leaf-spine", "--ns3::HostNetStack::KernelVersion=6", "a Linux version from 2.6 on"),
    ("hostnet-leaf-spine", "--ns3::HostCpu::Scheduler=eevdf", "ns3::EevdfTaskScheduler"),
    ("hostnet-leaf-spine", "--ns3::HostCpu::TaskScheduler=eevdf",
     "has no attribute 'TaskScheduler'"),
    ("hostnet-leaf-spine", "--ns3::HostCpu::ContextSwitchCost=-1us",
     "ns3::HostCpu::ContextSwitchCost"),
    ("hostnet-leaf-spine", "--ns3::HostCpu::WakeupCost=-1us", "ns3::HostCpu::WakeupCost"),
    ("hostnet-leaf-spine", "--ns3::EevdfTaskScheduler::BaseSlice=0s",
     "ns3::EevdfTaskScheduler::BaseSlice"),
    ("hostnet-leaf-spine", "--ns3::CpuLocality::NumaNodes=0", "ns3::CpuLocality::NumaNodes"),
    ("hostnet-leaf-spine", "--ns3::CpuLocality::RemoteNumaFactor=0.5",
     "ns3::CpuLocality::RemoteNumaFactor"),
    ("hostnet-leaf-spine", "--ns3::CpuLocality::CrossCoreCopyFactor=0",
     "ns3::CpuLocality::CrossCoreCopyFactor"),
    ("hostnet-leaf-spine", "--ns3::HostSocketCosts::SocketLockCost=-1us",
     "ns3::HostSocketCosts::SocketLockCost"),
    ("hostnet-leaf-spine", "--ns3::HostSocketCosts::SkbFreeCost=-1us",
     "ns3::HostSocketCosts::SkbFreeCost"),
    ("hostnet-leaf-spine", "--ns3::HostSocketCosts::ReadSize=0", "ns3::HostSocketCosts::ReadSize"),
    # Lists (AttributeContainerValue): every item is checked before ns-3 parses it.
    ("hostnet-leaf-spine", "--ns3::ReceiveSteering::IrqAffinity=0,x", "comma-separated list"),
    ("hostnet-leaf-spine", "--ns3::ReceiveSteering::IrqAffinity=1,,2", "comma-separated list"),
    ("hostnet-leaf-spine", "--ns3::ReceiveSteering::RpsCores=-1", "comma-separated list"),
    ("hostnet-leaf-spine", "--ns3::RxUsecsModeration::Interval=-5us", "Interval"),
    ("hostnet-leaf-spine", "--ns3::RxUsecsModeration::Interval=5xs", "Interval"),
    ("hostnet-leaf-spine", "--ns3::HostCpu::TimeSlice=0s", "ns3::HostCpu::TimeSlice"),
    ("hostnet-leaf-spine", "--ns3::ReceiveSteering::Mode=magic", "Mode"),
    ("hostnet-leaf-spine", "--ns3::HostNetDevice::Gro=perhaps", "ns3::NoGro"),
    ("hostnet-leaf-spine", "--ns3::HostNetDevice::Gro=ns3::NapiRxMode", "ns3::GroEngine"),
    ("hostnet-leaf-spine", "--ns3::HostNetDevice::Moderation=ns3::Nope", "ns3::NoModeration"),
    ("hostnet-leaf-spine", "--ns3::HostNetDevice::GroEnabled=true", "Gro=ns3::GroEngine"),
    ("hostnet-leaf-spine", "--ns3::HostNetDevice::StageLatencies=false",
     "ns3::HostNetStatistics::StageLatencies"),
    ("hostnet-leaf-spine", "--ns3::HostNetStatistics::StageLatencies=perhaps", "StageLatencies"),
    ("hostnet-leaf-spine", "--ns3::TcpSocket::SegmentSize=1e3", "SegmentSize"),
    ("hostnet-leaf-spine", "--RngRun=-1", "RngRun"),
    ("hostnet-leaf-spine", "--RngRun=abc", "RngRun"),
    ("hostnet-leaf-spine", "--RngSeed=x", "RngSeed"),
    ("hostnet-leaf-spine", "--SimulatorImplementationType=7", "SimulatorImplementationType"),
    # hostnet-livelock
    ("hostnet-livelock", "--loads=10,,20", "item 2"),
    ("hostnet-livelock", "--loads=10,x", "item 2"),
    ("hostnet-livelock", "--loads=0", "0.001..10000"),
    ("hostnet-livelock", "--loads=-5", "0.001..10000"),
    ("hostnet-livelock", "--loads=1e12", "0.001..10000"),
    ("hostnet-livelock", "--loads=", "item 1"),
    ("hostnet-livelock", "--schemes=bogus", "scheme"),
    ("hostnet-livelock", "--schemes=normal,,napi", "item 2"),
    ("hostnet-livelock", "--schemes=count-0", "scheme"),
    ("hostnet-livelock", "--replications=-1", "1..10000"),
    ("hostnet-livelock", "--replications=0", "1..10000"),
    ("hostnet-livelock", "--duration=0", "duration"),
    ("hostnet-livelock", "--duration=-1", "duration"),
    ("hostnet-livelock", "--warmup=-1", "duration"),
    ("hostnet-livelock", "--isrUs=-1", "0..1000000"),
    ("hostnet-livelock", "--protoUs=0", "0.001..1000000"),
    ("hostnet-livelock", "--bufferSize=0", "whole number"),
    ("hostnet-livelock", "--payload=2000", "0..1472"),
    ("hostnet-livelock", "--tcp=maybe", "true or false"),
    ("hostnet-livelock", "--tcpDuration=0", "duration"),
    ("hostnet-livelock", "--out=/etc/hostname/sub", "is not a writable directory"),
    ("hostnet-livelock", "--scheme=napi", "one-point mode needs"),
    ("hostnet-livelock", "--load=50", "one-point mode needs"),
    ("hostnet-livelock", "--load=-3", "0..10000"),
    ("hostnet-livelock", "--metrics=/no/dir/x.json", "does not exist"),
    ("hostnet-livelock", "--scheme=bogus", "scheme"),
    # hostnet-dctcp
    ("hostnet-dctcp", "--thresholdBytes=-1", "whole number"),
    ("hostnet-dctcp", "--mtu=100", "576..65535"),
    ("hostnet-dctcp", "--mtu=70000", "576..65535"),
    ("hostnet-dctcp", "--hosts=fast", "plain, e1000-1g"),
    ("hostnet-dctcp", "--linkRate=0bps", "data rate"),
    ("hostnet-dctcp", "--linkDelay=-1us", "duration"),
    ("hostnet-dctcp", "--bufferBytes=100", "576.."),
    ("hostnet-dctcp", "--bufferBytes=1000 --mtu=1500", "must hold one packet"),
    ("hostnet-dctcp", "--stagger=-1", "duration"),
    ("hostnet-dctcp", "--stagger=1", "must exceed"),
    ("hostnet-dctcp", "--startJitter=2", "duration"),
    ("hostnet-dctcp", "--minRto=0", "duration"),
    ("hostnet-dctcp", "--ssthreshFloor=2", "true or false"),
    ("hostnet-dctcp", "--seed=3", "unknown option"),
    ("hostnet-dctcp", "--metrics=/no/dir/m.json", "does not exist"),
    # hostnet-bench
    ("hostnet-bench", "--rateKpps=0", "0.001..10000"),
    ("hostnet-bench", "--rateKpps=1e12", "0.001..10000"),
    ("hostnet-bench", "--duration=0", "duration"),
    ("hostnet-bench", "--scheme=bogus", "scheme"),
    ("hostnet-bench", "--repeats=0", "1..1000"),
    # hostnet-selfsimilar
    ("hostnet-selfsimilar", "--load=1.5", "-1..0.99"),
    ("hostnet-selfsimilar", "--load=0", "expected -1 (use --loads)"),
    ("hostnet-selfsimilar", "--loads=0.1,2", "item 2"),
    ("hostnet-selfsimilar", "--schemes=x", "scheme"),
    ("hostnet-selfsimilar", "--streams=0", "1..4096"),
    ("hostnet-selfsimilar", "--offRule=exact", "Exact, Paper"),
    ("hostnet-selfsimilar", "--frameSizes=nothing", "backbone"),
    ("hostnet-selfsimilar", "--replications=0", "1..10000"),
    ("hostnet-selfsimilar", "--csv=/no/dir/x.csv", "does not exist"),
    ("hostnet-selfsimilar", "--trace=/no/dir/t.txt", "does not exist"),
    ("hostnet-selfsimilar", "--scheme= --metrics=m.json", "needs one point"),
    # hostnet-coalescing-goodput
    ("hostnet-coalescing-goodput", "--frameSize=10", "expected 0 (use --frameSizes)"),
    ("hostnet-coalescing-goodput", "--frameSize=2000", "0..1518"),
    ("hostnet-coalescing-goodput", "--frameSizes=64,9000", "item 2"),
    ("hostnet-coalescing-goodput", "--intervalsUs=0", "1..1000000"),
    ("hostnet-coalescing-goodput", "--intervalUs=0.5", "expected 0 (use --intervalsUs)"),
    ("hostnet-coalescing-goodput", "--rate=-1", "0..100000000"),
    ("hostnet-coalescing-goodput", "--tpUs=-1", "0..1000000"),
    ("hostnet-coalescing-goodput", "--ring=0", "1..1048576"),
    ("hostnet-coalescing-goodput", "--csv=", "file path"),
    # hostnet-rdr
    ("hostnet-rdr", "--sizes=10", "item 1"),
    ("hostnet-rdr", "--policies=Reuse", "Allocate, Recycle"),
    ("hostnet-rdr", "--busRateGbps=0", "0.001..10000"),
    ("hostnet-rdr", "--descriptors=0", "1..1048576"),
    ("hostnet-rdr", "--tailBatch=4096", "more than --descriptors"),
    ("hostnet-rdr", "--measureMs=0", "0.001.."),
    ("hostnet-rdr", "--fifoBytes=1", "64.."),
    # hostnet-ppt-probe
    ("hostnet-ppt-probe", "--linkRate=0Mbps", "data rate"),
    ("hostnet-ppt-probe", "--rxMode=poll", "napi, per-packet"),
    ("hostnet-ppt-probe", "--rxUsecs=-1", "0..1000000"),
    ("hostnet-ppt-probe", "--cores=0", "1..1024"),
    ("hostnet-ppt-probe", "--receiverCore=3", "the receiving host has --cores=1"),
    ("hostnet-ppt-probe", "--costJitter=1", "0..0.999"),
    ("hostnet-ppt-probe", "--trailerSizes=112,,812", "item 2"),
    ("hostnet-ppt-probe", "--order=random", "Sequential, Interleaved"),
    ("hostnet-ppt-probe", "--spacingMs=0", "0.001.."),
    ("hostnet-ppt-probe", "--busRate=x", "data rate"),
    # hostnet-salah2007-figures
    ("hostnet-salah2007-figures", "--figures=8", "item 1"),
    ("hostnet-salah2007-figures", "--taus=0", "item 1"),
    ("hostnet-salah2007-figures", "--quotas=1.5", "item 1"),
    ("hostnet-salah2007-figures", "--tickDuringCycle=drop", "waste, skip, defer"),
    ("hostnet-salah2007-figures", "--analysisMax=10 --analysisStep=50", "is below --analysisStep"),
    ("hostnet-salah2007-figures", "--fig7Schemes=normal,bogus", "item 2"),
    ("hostnet-salah2007-figures", "--pollPeriods=0", "item 1"),
    ("hostnet-salah2007-figures", "--writeUs=0", "0.001.."),
    ("hostnet-salah2007-figures", "--frameSize=10", "64..9018"),
    # hostnet-first-scenario
    ("hostnet-first-scenario", "--scheme=fast", "scheme"),
    ("hostnet-first-scenario", "--routing=nix", "unknown option"),
    # Options that set an attribute are checked by the attribute's own checker.
    ("hostnet-tcp-rr", "--deferHardIrqs=3000000000", "ns3::NapiRxMode::DeferHardIrqs takes"),
    ("hostnet-tcp-rr", "--busyPollBudget=0", "ns3::EpollInstance::BusyPollBudget takes"),
    ("hostnet-tcp-rr", "--busyPollUsecs=2147483648", "uint32_t 0:2147483647"),
    ("hostnet-tcp-rr", "--irqSuspendTimeout=-3", "ns3::NapiRxMode::IrqSuspendTimeout takes"),
    ("hostnet-tcp-rr", "--syscallCost=-1", "ns3::HostSocketCosts::SyscallCost takes"),
    ("hostnet-tcp-rr", "--groPushBelow=-1", "whole number"),
    # and a scenario's parameters by the scenario's own check, with the options' names.
    ("hostnet-memcached", "--threads=0", "--threads = 0; allowed: 1 or more"),
    ("hostnet-memcached", "--updateRatio=2", "--updateRatio = 2; allowed: 0..1"),
    ("hostnet-memcached", "--threads=100 --connections=1000", "ephemeral ports"),
    ("hostnet-memcached", "--deferHardIrqs=2", "needs --groFlushTimeout > 0"),
    ("hostnet-memcached", "--groFlushTimeout=-2", "ns3::NapiRxMode::GroFlushTimeout takes"),
]

# Combinations the model itself refuses (exit 3 after ns-3's message naming the attribute).
REFUSALS = [
    ("hostnet-leaf-spine", "--scheme=normal --ns3::HostNetDevice::Gro=ns3::GroEngine",
     "HostNetDevice::Gro = ns3::GroEngine needs a NAPI receive mode"),
    ("hostnet-leaf-spine", "--scheme=normal --ns3::RxRing::LroEnabled=true",
     "LroEnabled needs a NAPI receive mode"),
    ("hostnet-leaf-spine",
     "--ns3::HostNetDevice::NQueues=2 --ns3::ReceiveSteering::IrqAffinity=0,5",
     "does not exist"),
    ("hostnet-leaf-spine",
     "--ns3::HostNetDevice::NQueues=2 --ns3::ReceiveSteering::IrqAffinity=0",
     "one core per queue"),
    ("hostnet-bench", "--ns3::RxRing::Descriptors=8 --ns3::RxRing::TailWriteBatch=16",
     "TailWriteBatch"),
    ("hostnet-leaf-spine", "--scheme=normal --busyPoll=50",
     "needs a HostNetDevice with a NAPI receive mode"),
    # RxMode::CheckConfig names the setting and the modes that would do (asked, not named).
    ("hostnet-leaf-spine", "--scheme=hybrid --ns3::ReceiveSteering::Mode=rps",
     "ReceiveSteering::Mode = rps/rfs needs a NAPI receive mode, one that supports RPS/RFS "
     "(ns3::TickedNapiRxMode or ns3::NapiRxMode or ns3::DisableEnableRxMode"),
]


def run(program, args, cwd, timeout=60):
    """Run an example; return (exit status, stdout + stderr). A hang fails the test."""
    proc = subprocess.run([str(EXAMPLES / program), *args], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)
    return proc.returncode, proc.stdout + proc.stderr


# Cases whose space belongs to one argument (a value that smuggles another option).
ONE_ARGUMENT = {"--scheme=napi --bufferSize=0", "--duration=1 ms"}


def command(program, bad):
    """The quick command line with the bad option(s) appended (a later value wins)."""
    return QUICK[program] + ([bad] if bad in ONE_ARGUMENT else bad.split(" "))


def assert_refused(code, out, status, option, expected):
    assert code >= 0, f"killed by signal {-code}:\n{out}"
    assert code == status, f"exit status {code}, expected {status}:\n{out}"
    assert "Traceback" not in out and "terminate called" not in out, out
    assert option in out, f"the message does not name {option}:\n{out}"
    assert expected in out, f"the message does not say '{expected}':\n{out}"


@pytest.mark.parametrize("program, bad, expected", CASES,
                         ids=[f"{p[8:]}:{b}" for p, b, _ in CASES])
def test_bad_option_is_refused(tmp_path, program, bad, expected):
    code, out = run(program, command(program, bad), tmp_path)
    option = bad.split(" ")[0].split("=")[0] if bad.startswith("-") else bad
    assert_refused(code, out, USAGE, option, expected)


@pytest.mark.parametrize("program, bad, expected", REFUSALS,
                         ids=[f"{p[8:]}:{b}" for p, b, _ in REFUSALS])
def test_impossible_combination_is_refused(tmp_path, program, bad, expected):
    code, out = run(program, QUICK[program] + bad.split(" "), tmp_path)
    assert_refused(code, out, REFUSED, expected.split(" ")[0], expected)


@pytest.mark.parametrize("program", sorted(QUICK))
def test_quick_command_line_runs(tmp_path, program):
    """The base command lines succeed: the refusals above fail only for their bad option."""
    code, out = run(program, QUICK[program], tmp_path, timeout=120)
    assert code == 0, out


def test_cost_attribute_takes_a_nonnegative_constant_and_distributions(tmp_path):
    """The good counterparts of the negative constants: zero, and a distribution that can
    draw a negative sample (counted as 0 where it is used)."""
    for value in ("ns3::ConstantRandomVariable[Constant=0]",
                  "ns3::NormalRandomVariable[Mean=1e-6|Variance=1e-12]"):
        code, out = run("hostnet-leaf-spine",
                        QUICK["hostnet-leaf-spine"] + [f"--ns3::HostCostModel::TxCost={value}"],
                        tmp_path)
        assert code == 0, out


def test_human_table_shows_no_nan(tmp_path):
    """Where Cai et al. publish no value (jumbo: only per-core throughput), the table shows
    '-', never 'nan'."""
    code, out = run("hostnet-stack-overheads", QUICK["hostnet-stack-overheads"], tmp_path)
    assert code == 0, out
    assert "nan" not in out.lower(), out
    row = next(line for line in out.splitlines() if line.startswith("jumbo"))
    assert " - " in row, row


@pytest.mark.parametrize("args, seconds", [(["--duration=1ms"], 0.001),
                                           (["--duration=0.002"], 0.002),
                                           (["--duration=2000us"], 0.002)])
def test_durations_take_units(tmp_path, args, seconds):
    """'1ms' is a millisecond (it used to be read as 1 s); a bare number is seconds."""
    code, out = run("hostnet-livelock", QUICK["hostnet-livelock"] + args +
                    ["--schemes=normal", "--loads=100"], tmp_path)
    assert code == 0, out
    row = (tmp_path / "out" / "livelock.csv").read_text().splitlines()[1].split(",")
    # 100 Kpps offered: the throughput (Kpps) is packets / duration; at 1 ms about 100
    # packets arrive, so a 1 s reading would give a throughput 1000x too small.
    assert 50 < float(row[3]) < 150, (seconds, row)


def scheme_names(tmp_path):
    """The scheme names the examples accept, read from the refusal of an unknown one (the
    list HostNetDeviceHelper::GetSchemeNames gives), with numbers for the '<...>' forms."""
    code, out = run("hostnet-livelock", ["--schemes=?"], tmp_path)
    assert code == USAGE, out
    listed = out.split("expected a comma-separated list of a scheme: ")[1].split(" (item")[0]
    examples = {"count-<tau>": "count-8", "time-<T>us": "time-50us", "itr-<rate>": "itr-8000",
                "prenapi-count-<tau>": "prenapi-count-8", "prenapi-time-<T>us": "prenapi-time-50us"}
    names = [examples.get(n.strip(), n.strip()) for n in listed.split(",")]
    assert len(names) >= 17 and "napi" in names and "buffer-adaptive" in names, names
    assert "prenapi-buffer-adaptive" in names, names
    return names


def test_every_scheme_runs_in_every_example_path(tmp_path):
    """Every named scheme runs in the single-host example (UDP sweep and TCP phase) and in
    the leaf-spine with two queues per host (buffer-adaptive reads each queue's own buffer
    where no sink feeds it); every preset runs in hostnet-dctcp."""
    schemes = scheme_names(tmp_path)
    code, out = run("hostnet-livelock", ["--schemes=" + ",".join(schemes), "--loads=100",
                                         "--duration=5ms", "--warmup=1ms", "--replications=1",
                                         "--tcp=true", "--tcpDuration=5ms", "--out=out"],
                    tmp_path, timeout=300)
    assert code == 0, out
    rows = (tmp_path / "out" / "livelock.csv").read_text().splitlines()[1:]
    assert sorted(r.split(",")[0] for r in rows) == sorted(schemes)
    for scheme in schemes:
        code, out = run("hostnet-leaf-spine", QUICK["hostnet-leaf-spine"] + [
            f"--scheme={scheme}", "--ns3::HostNetDevice::NQueues=2", "--tcpFlows=1"], tmp_path)
        assert code == 0, (scheme, out)
    code, out = run("hostnet-dctcp", ["--hosts=?"], tmp_path)
    presets = out.split("expected one of plain, ")[1].split("\n")[0].split(", ")
    assert presets[-1] == "or the path of a host profile (.toml)", presets
    presets = presets[:-1]
    assert presets == ["e1000-1g", "i40e-10g", "mlx5-100g", "mlx5-epyc7662", "salah-2007",
                       "walravens-2006", "chang-2008"], presets
    for preset in presets:
        code, out = run("hostnet-dctcp", QUICK["hostnet-dctcp"] + [f"--hosts={preset}"],
                        tmp_path)
        assert code == 0, (preset, out)


def test_replications_differ_by_rng_run(tmp_path):
    """--RngRun selects the replication: hostnet-dctcp's flows start at random times within
    --startJitter, so two runs differ (they were copies before) and one run repeats exactly."""
    import json

    def metrics(run_number, name):
        code, out = run("hostnet-dctcp", QUICK["hostnet-dctcp"] + [
            f"--RngRun={run_number}", f"--metrics={name}"], tmp_path)
        assert code == 0, out
        return json.loads((tmp_path / name).read_text())

    first, again, second = metrics(1, "a.json"), metrics(1, "b.json"), metrics(2, "c.json")
    assert first == again
    assert first != second


def test_undefined_metric_is_null_not_zero(tmp_path):
    """A run in which no RPC completes writes null for the RPC latencies, with the count 0."""
    import json

    code, out = run("hostnet-leaf-spine", QUICK["hostnet-leaf-spine"] + [
        "--rpcRate=0", "--metrics=m.json"], tmp_path)
    assert code == 0, out
    metrics = json.loads((tmp_path / "m.json").read_text())
    assert metrics["rpc_completed"] == 0
    for key in ("rpc_p50_us", "rpc_p99_us", "rpc_p999_us", "rpc_mean_us", "tcp_goodput_mbps"):
        assert metrics[key] is None, (key, metrics[key])
    assert metrics["tcp_flows"] == 0


PYTHON_CASES = [
    ("h.SetScheme('foo')", "unknown scheme 'foo'"),
    ("h.SetScheme('time-infus')", "unknown scheme 'time-infus'"),
    ("h.SetPreset('mlx5')", "unknown host profile 'mlx5' (did you mean 'mlx5-100g'?)"),
    ("h.SetDeviceAttribute('NQueues', 0)", "NQueues: '0'"),
    ("h.SetDeviceAttribute('NQueues', -1)", "NQueues: '-1'"),
    ("h.SetDeviceAttribute('Nope', 1)", "no attribute 'Nope'"),
    ("h.SetCostAttribute('IsrCost', 'ns3::NoSuchRandomVariable')", "IsrCost"),
    ("h.SetCostAttribute('Bogus', 1)", "no attribute 'Bogus'"),
    # Device attributes that moved to the device's parts: where they are now.
    ("h.SetDeviceAttribute('IsrCost', 'ns3::NoSuchRandomVariable')",
     "HostNetDevice::IsrCost is now ns3::HostCostModel::IsrCost, the device's Costs part: "
     "use HostNetDeviceHelper::SetCostAttribute"),
    ("h.SetDeviceAttribute('RxSteering', 'rps')", "ns3::ReceiveSteering::Mode"),
    ("h.SetDeviceAttribute('TsoEnabled', True)", "ns3::HostTxPath::TsoEnabled"),
    ("h.SetSteeringAttribute('Mode', 'magic')", "Mode"),
    ("h.SetSteeringAttribute('RssTableSize', 0)", "RssTableSize: '0'"),
    ("h.SetTxPathAttribute('TsoMaxSize', 100)", "TsoMaxSize: '100'"),
    ("h.SetRxRingAttribute('Descriptors', 'abc')", "Descriptors: 'abc'"),
    ("h.SetTxRingAttribute('Descriptors', 0)", "Descriptors: '0'"),
    ("h.SetCpuAttribute('NCores', 0)", "NCores: '0'"),
    ("h.SetModeration('ns3::Nope')", "unknown ns3::InterruptModeration type 'ns3::Nope'"),
    ("h.SetModeration('ns3::NapiRxMode')", "unknown ns3::InterruptModeration type"),
    ("h.SetModeration('ns3::RxUsecsModeration', 'Interval', '-5us')", "Interval"),
    ("h.SetModeration('ns3::RxUsecsModeration', 'Interval')", "name, value pairs"),
    ("h.SetRxMode('ns3::NapiRxMode', 'Weight', 0)", "Weight: '0'"),
    ("h.SetRxMode('ns3::NapiRxMode', 'Wieght', 4)", "no attribute 'Wieght'"),
    ("h.SetRxMode('ns3::NoModeration')", "unknown ns3::RxMode type"),
    ("h.SetGro('ns3::Gro')", "unknown ns3::GroEngine type 'ns3::Gro'"),
    ("h.SetGro('ns3::GroEngine', 'MaxSize', 0)", "MaxSize: '0'"),
    ("h.SetDeviceAttribute('GroEnabled', True)", "Gro=ns3::GroEngine"),
    ("h.SetDeviceAttribute('StageLatencies', False)", "SetStatisticsAttribute"),
    ("h.SetStatisticsAttribute('StageLatencies', 'perhaps')", "StageLatencies: 'perhaps'"),
]

PYTHON_SCRIPT = r"""
import json, sys
import hostnet
from hostnet import ns
results = []
for code, _ in json.loads(sys.argv[1]):
    h = ns.HostNetDeviceHelper()
    try:
        exec(code)
        results.append(["no error", ""])
    except ValueError as e:
        results.append(["ValueError", str(e)])
    except Exception as e:
        results.append([type(e).__name__, str(e)])
# the interpreter survived every error: a good configuration still works
h = ns.HostNetDeviceHelper()
h.SetScheme("napi"); h.SetDeviceAttribute("NQueues", 2)
h.SetRxMode("ns3::NapiRxMode", "Weight", 32)
h.SetGro("ns3::GroEngine", "MaxSize", 32768)
h.SetStatisticsAttribute("StageLatencies", False)
print("RESULTS " + json.dumps(results))
"""


@pytest.fixture(scope="module")
def python_results():
    """Run every Python case in one interpreter (loading ns-3 once)."""
    import json

    env = dict(os.environ, HOSTNET_BUILD_DIR=str(BUILD))
    proc = subprocess.run([sys.executable, "-c", PYTHON_SCRIPT, json.dumps(PYTHON_CASES)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, f"the interpreter died ({proc.returncode}):\n{proc.stderr}"
    line = [x for x in proc.stdout.splitlines() if x.startswith("RESULTS ")][-1]
    return json.loads(line[len("RESULTS "):])


@pytest.mark.parametrize("index", range(len(PYTHON_CASES)),
                         ids=[c for c, _ in PYTHON_CASES])
def test_python_helper_raises_value_error(python_results, index):
    kind, message = python_results[index]
    code, expected = PYTHON_CASES[index]
    assert kind == "ValueError", (code, kind, message)
    assert expected in message, (code, message)
    assert "HostNetDeviceHelper." in message, message


SINK_WITHOUT_PORT = r"""
import sys
from hostnet import ns
node = ns.NodeContainer(1)
ns.InternetStackHelper().Install(node)
app = ns.CreateObject[ns.{cls}]()
{settings}
node.Get(0).AddApplication(app)
ns.Simulator.Stop(ns.MilliSeconds(1))
ns.Simulator.Run()
print("RAN")
"""


@pytest.mark.parametrize("cls, settings, expected", [
    ("RequestResponseServer", 'app.SetAttribute("Port", ns.UintegerValue(0))',
     "RequestResponseServer: no port to listen on: Local is unset and Port is 0"),
    ("KeyValueServer", 'app.SetAttribute("Port", ns.UintegerValue(70000))',
     "KeyValueServer: no port to listen on: Local is unset and Port is 70000"),
    ("HostSinkApplication", 'app.SetAttribute("Local", ns.AddressValue(ns.Ipv4Address("10.0.0.1").ConvertTo()))',
     "HostSinkApplication: no port to listen on: Local is an address without a port"),
])
def test_sink_without_a_port_stops_with_a_message(cls, settings, expected):
    """ns-3's SinkApplication Port has no range check: the sink refuses it when it starts."""
    env = dict(os.environ, HOSTNET_BUILD_DIR=str(BUILD))
    script = SINK_WITHOUT_PORT.format(cls=cls, settings=settings)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, timeout=300)
    assert proc.returncode != 0 and "RAN" not in proc.stdout, proc.stdout
    assert expected in proc.stderr, proc.stderr
    assert "Port to 1..65535" in proc.stderr, proc.stderr
