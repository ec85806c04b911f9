/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Salah et al. 2007 Sec. 5.1 / Fig. 10: bursty (self-similar) traffic into one host under each
// interrupt scheme. A generator sends the aggregate of --streams Pareto ON/OFF streams
// (backbone frame mix, mean 557 bytes) over a 1 Gb/s link at --loads; the receiver is a
// hostnet host with Salah et al. 2007's costs (ISR 3.73 us, protocol 5.25 us + size / 748 MB/s).
// Table 1's method: independent replications (--replications, RngRun 1..n) with warm-up
// deletion; the CSV has one row per scheme, load and replication, and
// python validation/figures/plot_selfsimilar.py draws the figure with 95 % intervals.
//
//   hostnet-selfsimilar --csv=fig10.csv                          the whole study
//   hostnet-selfsimilar --load=0.6 --scheme=normal --metrics=m.json   one point
//   hostnet-selfsimilar --load=0.3 --duration=0.1 --trace=t.txt  also the frames generated

#include "../hostnet-example-options.h"
#include "../hostnet-example-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <fstream>
#include <iomanip>
#include <iostream>

using namespace ns3;
using namespace hostnet_example;

NS_LOG_COMPONENT_DEFINE("HostnetSelfSimilar");

namespace
{

/// Command-line configuration.
struct SelfSimilarConfig
{
    std::string schemes{"ideal,normal,disable-enable,napi-salah2007,pure-polling"};
    std::string scheme;
    std::string loads{"0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,0.95"};
    double load{-1};
    double duration{0.3};
    double warmup{0.05};
    uint32_t streams{8};
    uint32_t replications{3};
    std::string frameSizes{"backbone"};
    std::string offRule{"Exact"};
    std::string csv{"hostnet-selfsimilar.csv"};
    std::string trace;
    std::string metrics;
};

/// One run's results.
struct PointResult
{
    double offeredKpps{0};    ///< frames generated per second
    double offeredLoad{0};    ///< share of the link (frames and gaps)
    double throughputKpps{0}; ///< protocol-processed frames per second
    double availability{0};   ///< receiver CPU availability
    double latencyMeanUs{0};  ///< mean arrival -> end of processing
    double latencyP99Us{0};   ///< its 99th percentile
    uint64_t latencyCount{0}; ///< frames in the latency statistics
    uint64_t drops{0};        ///< NIC and host drops
};

/// Write one generated frame as "time_s size_bytes".
void
TraceFrame(std::ofstream* out, uint32_t frameBytes, uint32_t)
{
    *out << std::setprecision(12) << Simulator::Now().GetSeconds() << " " << frameBytes << "\n";
}

/// Run one (scheme, load, replication) point.
PointResult
RunPoint(const std::string& scheme,
         double load,
         uint32_t replication,
         const SelfSimilarConfig& cfg,
         std::ofstream* trace)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(replication);
    NodeContainer nodes(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1us"));
    // The generator's streams may overlap; its link serializes them (no drops there).
    p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1000000p"));
    NetDeviceContainer phys = p2p.Install(nodes);
    InternetStackHelper().Install(nodes);
    HostNetDeviceHelper host;
    host.SetScheme(scheme);
    Ptr<HostNetDevice> receiver = host.Install(phys.Get(1));
    host.AssignStreams(NetDeviceContainer(receiver), 100);
    NetDeviceContainer devices(phys.Get(0));
    devices.Add(receiver);
    Ipv4InterfaceContainer ifaces = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);

    auto source = CreateObject<SelfSimilarTrafficApplication>();
    source->SetAttribute("Remote", AddressValue(InetSocketAddress(ifaces.GetAddress(1), 9)));
    source->SetAttribute("Load", DoubleValue(load));
    source->SetAttribute("Streams", UintegerValue(cfg.streams));
    source->SetAttribute("FrameSizes", StringValue(cfg.frameSizes));
    source->SetAttribute("OffRule", StringValue(cfg.offRule));
    source->AssignStreams(200);
    nodes.Get(0)->AddApplication(source);
    if (trace)
    {
        source->TraceConnectWithoutContext("Tx", MakeBoundCallback(&TraceFrame, trace));
    }
    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
    nodes.Get(1)->AddApplication(sink);
    Time end = Seconds(cfg.warmup + cfg.duration);
    source->SetStopTime(end);

    uint64_t framesAtWarmup = 0;
    uint64_t bytesAtWarmup = 0;
    Simulator::Schedule(Seconds(cfg.warmup), [&]() {
        receiver->ResetStats();
        receiver->GetCpu()->ResetStats();
        framesAtWarmup = source->GetSent();
        bytesAtWarmup = source->GetSentBytes();
    });
    Simulator::Stop(end);
    Simulator::Run();
    HostNetDeviceStats s = receiver->GetStats();
    PointResult r;
    r.offeredKpps = (source->GetSent() - framesAtWarmup) / cfg.duration / 1e3;
    r.offeredLoad = (source->GetSentBytes() - bytesAtWarmup) * 8.0 / 1e9 / cfg.duration;
    r.throughputKpps = s.throughputPps / 1e3;
    r.availability = receiver->GetCpu()->GetStats().availability;
    r.latencyMeanUs = s.hostLatency.meanUs;
    r.latencyP99Us = s.hostLatency.p99Us;
    r.latencyCount = s.hostLatency.count;
    r.drops = s.dropFifoOverrun + s.dropNoDescriptor + s.dropBacklog;
    Simulator::Destroy();
    return r;
}

} // namespace

int
main(int argc, char* argv[])
{
    SelfSimilarConfig cfg;
    Options opts(__FILE__,
                 "Self-similar traffic into one host, per interrupt scheme (Salah et al. 2008, "
                 "Fig. 10).");
    opts.Add("schemes", "Comma-separated scheme presets", cfg.schemes, ListOf(Scheme()));
    opts.Add("scheme", "One scheme (overrides --schemes)", cfg.scheme, [](const std::string& v) {
        return v.empty() ? std::string() : Scheme()(v);
    });
    opts.Add("loads",
             "Comma-separated offered loads (shares of 1 Gb/s)",
             cfg.loads,
             ListOf(Number(0.001, 0.99)));
    opts.Add("load", "One offered load (overrides --loads; -1: use the list)", cfg.load, -1, 0.99);
    opts.AddSeconds("duration",
                    "Measured time per run (after the warm-up)",
                    cfg.duration,
                    1e-6,
                    1e5);
    opts.AddSeconds("warmup", "Warm-up deleted at the start of each run", cfg.warmup, 0, 1e5);
    opts.Add("streams", "ON/OFF streams aggregated (Salah et al.: 8)", cfg.streams, 1, 4096);
    opts.Add("replications",
             "Independent replications (RngRun 1..n; with --metrics: the --RngRun given)",
             cfg.replications,
             1,
             10000);
    opts.Add("frameSizes",
             "backbone | <bytes> | <size,cdf CSV file>",
             cfg.frameSizes,
             FrameSizesText());
    opts.Add("offRule",
             "OFF location: Exact | Paper (Salah et al.'s formula)",
             cfg.offRule,
             OneOf({"Exact", "Paper"}));
    opts.Add("csv",
             "Output CSV (one row per scheme, load, replication)",
             cfg.csv,
             OutputFile(false));
    opts.Add("trace",
             "Write the frames of the first run as 'time_s size_bytes' lines",
             cfg.trace,
             OutputFile(true));
    opts.Add("metrics",
             "One point (--scheme, --load, --RngRun): write its metrics as JSON",
             cfg.metrics,
             OutputFile(true));
    opts.SetMetrics({"offered_kpps",
                     "offered_load",
                     "throughput_kpps",
                     "cpu_availability",
                     "latency_mean_us",
                     "latency_p99_us",
                     "latency_count",
                     "drops"});
    opts.Parse(argc, argv);
    if (cfg.load >= 0 && cfg.load < 0.001)
    {
        opts.Refuse("--load=" + Show(cfg.load) +
                    ": expected -1 (use --loads) or a share in 0.001..0.99");
    }

    // The options layer checked every list item.
    std::vector<std::string> schemes =
        cfg.scheme.empty() ? Split(cfg.schemes) : std::vector<std::string>{cfg.scheme};
    std::vector<double> loads;
    if (cfg.load >= 0)
    {
        loads.push_back(cfg.load);
    }
    else
    {
        for (const auto& l : Split(cfg.loads))
        {
            loads.push_back(std::stod(l));
        }
    }

    std::ofstream traceFile;
    if (!cfg.trace.empty())
    {
        traceFile.open(cfg.trace);
        NS_ABORT_MSG_IF(!traceFile, "--trace: cannot write '" << cfg.trace << "'");
    }
    if (!cfg.metrics.empty())
    {
        if (schemes.size() != 1 || loads.size() != 1)
        {
            opts.Refuse("--metrics needs one point: --scheme=<preset> --load=<share>");
        }
        PointResult r = RunPoint(schemes[0],
                                 loads[0],
                                 RngSeedManager::GetRun(),
                                 cfg,
                                 traceFile.is_open() ? &traceFile : nullptr);
        if (!WriteMetricsJson(cfg.metrics,
                              {{"offered_kpps", r.offeredKpps},
                               {"offered_load", r.offeredLoad},
                               {"throughput_kpps", r.throughputKpps},
                               {"cpu_availability", r.availability},
                               {"latency_mean_us", r.latencyMeanUs},
                               {"latency_p99_us", r.latencyP99Us},
                               {"latency_count", static_cast<double>(r.latencyCount)},
                               {"drops", static_cast<double>(r.drops)}}))
        {
            std::cerr << "hostnet-selfsimilar: cannot write --metrics file '" << cfg.metrics
                      << "'\n";
            return 1;
        }
        std::cout << "throughput_kpps " << r.throughputKpps << "\n";
        return 0;
    }
    std::ofstream csv(cfg.csv);
    NS_ABORT_MSG_IF(!csv, "--csv: cannot write '" << cfg.csv << "'");
    csv << "scheme,load,replication,offered_kpps,offered_load,throughput_kpps,cpu_availability,"
           "latency_mean_us,latency_p99_us,drops\n";
    bool first = true;
    for (const auto& scheme : schemes)
    {
        for (double load : loads)
        {
            double sum = 0;
            for (uint32_t rep = 1; rep <= cfg.replications; ++rep)
            {
                std::ofstream* trace = first && traceFile.is_open() ? &traceFile : nullptr;
                first = false;
                PointResult r = RunPoint(scheme, load, rep, cfg, trace);
                csv << scheme << "," << load << "," << rep << "," << r.offeredKpps << ","
                    << r.offeredLoad << "," << r.throughputKpps << "," << r.availability << ","
                    << Csv(r.latencyMeanUs) << "," << Csv(r.latencyP99Us) << "," << r.drops << "\n";
                csv.flush();
                sum += r.throughputKpps;
            }
            std::cout << scheme << " load " << load << ": " << sum / cfg.replications
                      << " Kpps (mean of " << cfg.replications << ")\n";
        }
    }
    std::cout << "wrote " << cfg.csv << "\n";
    return 0;
}
