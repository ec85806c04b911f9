/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Chang et al. 2008: goodput and latency of interrupt coalescing against the interrupt interval T.
// A generator sends constant-rate UDP frames (at line rate by default, as the paper's C2
// does) into a host with an interrupt throttling timer (ThrottleModeration, 1/T) and NAPI,
// protocol cost Tp, interrupt cost To and a user-space reader with cost Ta. For every frame
// size and T it writes the simulated goodput, interrupt rate and latency next to
// CoalescingAnalysis::Evaluate; python validation/figures/plot_coalescing.py draws goodput vs 1/T.
//
//   hostnet-coalescing-goodput --csv=chang2008-goodput.csv
//   hostnet-coalescing-goodput --frameSize=1500 --intervalUs=50 --metrics=m.json

#include "../hostnet-example-options.h"
#include "../hostnet-example-utils.h"

#include "ns3/coalescing-analysis.h"
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

NS_LOG_COMPONENT_DEFINE("HostnetCoalescingGoodput");

namespace
{

/// Command-line configuration.
struct GoodputConfig
{
    std::string frameSizes{"64,128,256,512,1024,1500"};
    uint32_t frameSize{0};
    std::string intervalsUs{"10,15,20,30,50,75,100,150,200,300,500"};
    double intervalUs{0};
    double rate{0}; // 0 = line rate of 1 Gb/s
    double tpUs{2};
    double taUs{8};
    double toUs{5};
    double duration{0.2};
    double warmup{0.05};
    uint32_t ring{4096};
    uint32_t rcvBuffer{8000000};
    std::string csv{"hostnet-coalescing-goodput.csv"};
    std::string metrics;
};

/// One simulated point and its analysis.
struct Point
{
    double lambda{0};         ///< offered frames per second
    double goodput{0};        ///< datagrams read per second
    double interruptRate{0};  ///< Rx interrupts per second
    double latencyUs{0};      ///< arrival in host memory -> end of the read (mean)
    uint64_t latencyCount{0}; ///< datagrams in that mean
    CoalescingResult model;   ///< CoalescingAnalysis::Evaluate
};

/// @return a constant cost of @p us microseconds
StringValue
Constant(double us)
{
    return StringValue(HostNetDeviceHelper::ConstantCost(Seconds(us * 1e-6)));
}

/// Simulate and analyse one (frame size, T) point.
Point
Run(uint32_t frame, double T, const GoodputConfig& cfg)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    Config::SetDefault("ns3::UdpSocket::RcvBufSize", UintegerValue(cfg.rcvBuffer));
    Point p;
    // Line rate: the frame plus the 20-byte preamble and gap at 1 Gb/s.
    p.lambda = cfg.rate > 0 ? cfg.rate : 1e9 / ((frame + 20) * 8.0);
    NodeContainer nodes(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1us"));
    NetDeviceContainer phys = p2p.Install(nodes);
    InternetStackHelper().Install(nodes);
    // Chang et al. 2008's e1000 host, with the costs and ring of the options.
    HostNetDeviceHelper host;
    host.SetPreset("chang-2008");
    host.SetModeration("ns3::ThrottleModeration", "InterruptRate", DoubleValue(1 / T));
    host.SetCostAttribute("IsrCost", Constant(cfg.toUs));
    host.SetCostAttribute("ProtocolCost", Constant(cfg.tpUs));
    host.SetRxRingAttribute("Descriptors", UintegerValue(cfg.ring));
    Ptr<HostNetDevice> receiver = host.Install(phys.Get(1));
    NetDeviceContainer devices(phys.Get(0));
    devices.Add(receiver);
    Ipv4InterfaceContainer ifs = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);
    auto source = CreateObject<ConstantRateSourceApplication>();
    source->SetAttribute("Remote", AddressValue(InetSocketAddress(ifs.GetAddress(1), 9)));
    source->SetAttribute("Rate", DoubleValue(p.lambda));
    source->SetAttribute("FrameSizes", StringValue(std::to_string(frame)));
    nodes.Get(0)->AddApplication(source);
    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
    sink->SetAttribute("UserCost", Constant(cfg.taUs));
    nodes.Get(1)->AddApplication(sink);
    Time warmup = Seconds(cfg.warmup);
    Simulator::Schedule(warmup, &HostSinkApplication::ResetStats, sink);
    Simulator::Schedule(warmup, &HostNetDevice::ResetStats, receiver);
    Simulator::Stop(warmup + Seconds(cfg.duration));
    Simulator::Run();
    p.goodput = sink->GetGoodput() / ((frame - 46) * 8.0);
    HostNetDeviceStats stats = receiver->GetStats();
    p.interruptRate = stats.interrupts / stats.elapsed;
    // Sender socket -> arrival in host memory: serialization (UDP/IP + PPP), 1 us, DMA.
    double pppFrame = frame - 46 + 28 + 2;
    double offsetUs = pppFrame * 8 / 1e9 * 1e6 + 1 + pppFrame * 8 / 4e9 * 1e6;
    p.latencyCount = sink->GetLatency().GetCount();
    // NaN without a read datagram: undefined, not 0.
    p.latencyUs = sink->GetLatency().GetMean() * 1e6 - offsetUs;
    Simulator::Destroy();

    CoalescingParameters params;
    params.T = T;
    params.lambda = p.lambda;
    params.Tp = cfg.tpUs * 1e-6;
    params.Ta = cfg.taUs * 1e-6;
    params.To = cfg.toUs * 1e-6;
    params.Tca = 0; // the simulator has no separate application context-switch cost
    params.Bp = 300;
    params.bDma = cfg.ring;
    params.rcvBuffer = cfg.rcvBuffer;
    params.packetSize = frame;
    p.model = CoalescingAnalysis::Evaluate(params);
    return p;
}

} // namespace

int
main(int argc, char* argv[])
{
    GoodputConfig cfg;
    Options opts(__FILE__,
                 "Goodput and latency of interrupt coalescing vs the interval T (the analytical "
                 "e1000 coalescing model, Linux 2.6.20).");
    opts.Add("frameSizes",
             "Comma-separated Ethernet frame sizes (64..1518)",
             cfg.frameSizes,
             ListOf(Whole(64, 1518)));
    opts.Add("frameSize",
             "One frame size (overrides --frameSizes; 0: use the list)",
             cfg.frameSize,
             0,
             1518);
    opts.Add("intervalsUs",
             "Comma-separated interrupt intervals T in us",
             cfg.intervalsUs,
             ListOf(Number(1, 1e6)));
    opts.Add("intervalUs",
             "One interval T in us (overrides --intervalsUs; 0: use the list)",
             cfg.intervalUs,
             0,
             1e6);
    opts.Add("rate", "Frames per second; 0 = 1 Gb/s line rate of each size", cfg.rate, 0, 1e8);
    opts.Add("tpUs", "Protocol cost per packet Tp (us; the e1000 model: 2)", cfg.tpUs, 0, 1e6);
    opts.Add("taUs", "Application cost per packet Ta (us)", cfg.taUs, 0, 1e6);
    opts.Add("toUs", "Interrupt cost To (us)", cfg.toUs, 0, 1e6);
    opts.AddSeconds("duration", "Measured time per point", cfg.duration, 1e-6, 1e5);
    opts.AddSeconds("warmup", "Warm-up time deleted", cfg.warmup, 0, 1e5);
    opts.Add("ring", "Rx descriptors (the e1000 model: 4096)", cfg.ring, 1, 1 << 20);
    opts.Add("rcvBuffer", "UDP receive buffer in bytes (8000000)", cfg.rcvBuffer, 1, 1u << 31);
    opts.Add("csv", "Output CSV", cfg.csv, OutputFile(false));
    opts.Add("metrics",
             "One point (--frameSize, --intervalUs): write its metrics as JSON",
             cfg.metrics,
             OutputFile(true));
    opts.SetMetrics({"goodput_pps",
                     "model_goodput_pps",
                     "interrupts_per_s",
                     "latency_us",
                     "latency_count",
                     "offered_pps"});
    opts.Parse(argc, argv);
    if (cfg.frameSize > 0 && cfg.frameSize < 64)
    {
        opts.Refuse("--frameSize=" + std::to_string(cfg.frameSize) +
                    ": expected 0 (use --frameSizes) or a frame size in 64..1518");
    }
    if (cfg.intervalUs > 0 && cfg.intervalUs < 1)
    {
        opts.Refuse("--intervalUs=" + Show(cfg.intervalUs) +
                    ": expected 0 (use --intervalsUs) or an interval in 1..1000000 us");
    }

    // The options layer checked every list item.
    std::vector<uint32_t> frames;
    if (cfg.frameSize > 0)
    {
        frames.push_back(cfg.frameSize);
    }
    else
    {
        for (const auto& f : Split(cfg.frameSizes))
        {
            frames.push_back(std::stoul(f));
        }
    }
    std::vector<double> intervals;
    if (cfg.intervalUs > 0)
    {
        intervals.push_back(cfg.intervalUs);
    }
    else
    {
        for (const auto& t : Split(cfg.intervalsUs))
        {
            intervals.push_back(std::stod(t));
        }
    }

    if (!cfg.metrics.empty())
    {
        if (frames.size() != 1 || intervals.size() != 1)
        {
            opts.Refuse("--metrics needs one point: --frameSize and --intervalUs");
        }
        Point p = Run(frames[0], intervals[0] * 1e-6, cfg);
        if (!WriteMetricsJson(cfg.metrics,
                              {{"goodput_pps", p.goodput},
                               {"model_goodput_pps", p.model.goodput},
                               {"interrupts_per_s", p.interruptRate},
                               {"latency_us", p.latencyUs},
                               {"latency_count", static_cast<double>(p.latencyCount)},
                               {"offered_pps", p.lambda}}))
        {
            std::cerr << "hostnet-coalescing-goodput: cannot write --metrics file '" << cfg.metrics
                      << "'\n";
            return 1;
        }
        std::cout << "goodput_pps " << p.goodput << "\n";
        return 0;
    }
    std::ofstream csv(cfg.csv);
    NS_ABORT_MSG_IF(!csv, "--csv: cannot write '" << cfg.csv << "'");
    csv << "frame_bytes,interval_us,offered_pps,goodput_pps,model_goodput_pps,model_regime,"
           "interrupts_per_s,latency_us,model_latency_us,paper_latency_us\n";
    for (uint32_t frame : frames)
    {
        for (double tUs : intervals)
        {
            double T = tUs * 1e-6;
            Point p = Run(frame, T, cfg);
            double paper = CoalescingAnalysis::LatencyPaper(T, p.lambda, cfg.taUs * 1e-6) * 1e6;
            csv << frame << "," << tUs << "," << p.lambda << "," << p.goodput << ","
                << p.model.goodput << "," << CoalescingAnalysis::RegimeName(p.model.regime) << ","
                << p.interruptRate << "," << Csv(p.latencyUs) << "," << p.model.latency * 1e6 << ","
                << paper << "\n";
            csv.flush();
            std::cout << frame << " B, T " << tUs << " us: goodput " << p.goodput << " pps (model "
                      << p.model.goodput << ", " << CoalescingAnalysis::RegimeName(p.model.regime)
                      << ")\n";
        }
    }
    std::cout << "wrote " << cfg.csv << "\n";
    return 0;
}
