/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

/**
 * @file
 * @ingroup hostnet
 * Walravens and Gaidioz 2006: receive throughput and loss vs frame size with allocation-cost refill
 * and with Receive Descriptor Recycling (RDR), like the paper's Fig. 3(a) and Fig. 8.
 *
 * A traffic generator (the paper's network processor) floods an e1000-like host with raw
 * Ethernet frames of one size at a constant rate: Gigabit Ethernet line rate, 1e9 /
 * (8 (size + 20)) frames/s (preamble and inter-frame gap: 20 bytes), capped at --maxPps
 * if given. The host: Intel 82546EB-like NIC (48 KiB receive FIFO, 2048 descriptors
 * returned by tail writes of 16, DMA at --busRateGbps), Linux NAPI (weight 64,
 * netdev_budget 300, ksoftirqd after 10 softirq restarts or 2 ms), interrupt throttling
 * off, one CPU. Per frame the poll costs --protocolCostUs plus the refill of its
 * descriptor: --allocCostUs (free + allocate) or --recycleCostUs (RDR). The Walravens and Gaidioz
 * 2006 preset (the defaults) is derived in the documentation: 2.0 us per frame with allocation
 * (Fig. 3(a): 0.5 Mframes/s), 1.43 us with recycling (Sec. VIII: +40 %).
 *
 * CSV (stdout or --csv): policy, frame size, offered and received rate (frames/s and
 * Gb/s of frame bits), loss (1 - received / offered: the loss of a long flood; the
 * drops in the window lag it while the ring and FIFO fill), drops by cause in the
 * window, the theoretical GbE limit, and whether the poll ran in ksoftirqd at the end.
 * python validation/figures/plot_rdr.py <csv> <png> draws it.
 *
 * One-point mode (for the study runner, examples/studies/papers/walravens2006-rdr.toml): one
 * policy and one size; the CSV row's numbers are written as a JSON object to the --metrics
 * file and nothing else is written.
 *
 * ./hostnet-rdr --sizes=64,128,256,512 --measureMs=20 --csv=rdr.csv
 * ./hostnet-rdr --sizes=64 --policies=Recycle --metrics=point.json
 */

#include "../hostnet-example-options.h"
#include "../hostnet-example-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/network-module.h"

#include <fstream>
#include <iomanip>
#include <iostream>

using namespace ns3;
using hostnet_example::Split;

NS_LOG_COMPONENT_DEFINE("HostnetRdr");

namespace
{

/// Parameters of one run.
struct RdrConfig
{
    double protocolCostUs{1.2}; ///< per-frame poll cost without the refill
    double allocCostUs{0.8};    ///< allocation refill per descriptor
    double recycleCostUs{0.23}; ///< RDR refill per descriptor
    double isrCostUs{3.73};     ///< ISR cost (Salah et al. 2007)
    double busRateGbps{4.26};   ///< DMA rate
    uint32_t descriptors{2048}; ///< ring size
    uint32_t tailBatch{16};     ///< tail write batch
    uint32_t fifoBytes{49152};  ///< NIC receive FIFO
    double maxPps{0};           ///< cap of the offered rate (0 = line rate)
    double warmupMs{10};        ///< deleted start of each run
    double measureMs{20};       ///< measured time
};

/// A constant cost in us as a random variable specification.
StringValue
Constant(double us)
{
    return StringValue(HostNetDeviceHelper::ConstantCost(Seconds(us * 1e-6)));
}

/// What one run measured (after the warm-up).
struct RdrPoint
{
    double offeredPps{0};   ///< frames per second sent
    double receivedPps{0};  ///< frames per second delivered
    double loss{0};         ///< 1 - received / offered in the window: the long-run loss
    uint64_t dropFifo{0};   ///< FIFO overruns in the window
    uint64_t dropNoDesc{0}; ///< no-descriptor drops in the window
    bool ksoftirqd{false};  ///< the poll ran in ksoftirqd at the end
};

/// Send one frame every @p interval until @p stop.
void
Inject(Ptr<SimpleNetDevice> phy, Address to, uint32_t size, Time interval, Time stop)
{
    phy->Send(Create<Packet>(size), to, 0x88B5);
    if (Simulator::Now() + interval < stop)
    {
        Simulator::Schedule(interval, &Inject, phy, to, size, interval, stop);
    }
}

/// Flood a host with frames of @p size under @p policy.
RdrPoint
RunPoint(const RdrConfig& cfg, const std::string& policy, uint32_t size)
{
    Ptr<Node> source = CreateObject<Node>();
    Ptr<Node> receiver = CreateObject<Node>();
    auto channel = CreateObject<SimpleChannel>();
    auto txPhy = CreateObject<SimpleNetDevice>();
    auto rxPhy = CreateObject<SimpleNetDevice>();
    for (auto [node, dev] : {std::pair{source, txPhy}, std::pair{receiver, rxPhy}})
    {
        dev->SetAddress(Mac48Address::Allocate());
        dev->SetChannel(channel);
        node->AddDevice(dev);
    }
    // The Walravens and Gaidioz 2006 host, with the values of the options.
    HostNetDeviceHelper host;
    host.SetPreset("walravens-2006");
    host.SetCostAttribute("IsrCost", Constant(cfg.isrCostUs));
    host.SetCostAttribute("ProtocolCost", Constant(cfg.protocolCostUs));
    host.SetRxRingAttribute("Descriptors", UintegerValue(cfg.descriptors));
    host.SetRxRingAttribute("TailWriteBatch", UintegerValue(cfg.tailBatch));
    host.SetRxRingAttribute("FifoSize", UintegerValue(cfg.fifoBytes));
    host.SetRxRingAttribute("BusRate",
                            DataRateValue(DataRate(static_cast<uint64_t>(cfg.busRateGbps * 1e9))));
    host.SetRxRingAttribute("RefillPolicy", StringValue(policy));
    host.SetRxRingAttribute("RefillCost", Constant(cfg.allocCostUs));
    host.SetRxRingAttribute("RecycleCost", Constant(cfg.recycleCostUs));
    Ptr<HostNetDevice> device = host.Install(rxPhy);

    double linePps = 1e9 / (8.0 * (size + 20));
    double pps = cfg.maxPps > 0 ? std::min(linePps, cfg.maxPps) : linePps;
    Time interval = PicoSeconds(static_cast<int64_t>(1e12 / pps));
    Time warmup = MicroSeconds(static_cast<int64_t>(cfg.warmupMs * 1e3));
    Time stop = warmup + MicroSeconds(static_cast<int64_t>(cfg.measureMs * 1e3));
    Simulator::ScheduleWithContext(source->GetId(),
                                   Time(0),
                                   &Inject,
                                   txPhy,
                                   device->GetAddress(),
                                   size,
                                   interval,
                                   stop);
    Simulator::Schedule(warmup, [device]() {
        device->ResetStats();
        device->GetQueue(0)->GetRxRing()->ResetStats();
    });
    Simulator::Stop(stop);
    Simulator::Run();
    HostNetDeviceStats s = device->GetStats();
    RdrPoint p;
    p.offeredPps = s.rxArrived / s.elapsed;
    p.receivedPps = s.throughputPps;
    p.dropFifo = s.dropFifoOverrun;
    p.dropNoDesc = s.dropNoDescriptor;
    // A saturated host delivers at its capacity from the start while its ring and FIFO
    // fill; 1 - delivered / arrived is the loss of a long flood (the paper's minutes),
    // which the drops of a short window reach only once the buffers are full.
    p.loss = s.rxArrived > 0 ? std::max(0.0, 1.0 - double(s.rxDelivered) / s.rxArrived) : 0;
    auto napi = DynamicCast<NapiRxMode>(device->GetQueue(0)->GetRxMode());
    p.ksoftirqd = napi && napi->IsInKsoftirqd();
    Simulator::Destroy();
    return p;
}

} // namespace

int
main(int argc, char* argv[])
{
    RdrConfig cfg;
    std::string sizes = "64,80,96,112,128,144,160,176,192,208,224,240,256,320,384,512,768,"
                        "1024,1280,1518";
    std::string policies = "Allocate,Recycle";
    std::string csv;
    std::string metrics;

    hostnet_example::Options opts(__FILE__,
                                  "Receive descriptor recycling (RDR, CERN LHCb): loss vs frame "
                                  "size with allocation refill or recycling.");
    using hostnet_example::ListOf;
    using hostnet_example::OneOf;
    using hostnet_example::Whole;
    opts.Add("sizes",
             "Comma-separated frame sizes in bytes (64..1518)",
             sizes,
             ListOf(Whole(64, 1518)));
    opts.Add("policies",
             "Refill policies to compare: Allocate, Recycle",
             policies,
             ListOf(OneOf({"Allocate", "Recycle"})));
    opts.Add("protocolCostUs",
             "Per-frame poll cost without the refill, us",
             cfg.protocolCostUs,
             0,
             1e6);
    opts.Add("allocCostUs", "Allocation refill cost per descriptor, us", cfg.allocCostUs, 0, 1e6);
    opts.Add("recycleCostUs", "RDR refill cost per descriptor, us", cfg.recycleCostUs, 0, 1e6);
    opts.Add("isrCostUs", "ISR cost, us", cfg.isrCostUs, 0, 1e6);
    opts.Add("busRateGbps",
             "DMA rate in Gb/s (PCI-X 64/133: half of its 8.5 Gb/s is practical)",
             cfg.busRateGbps,
             0.001,
             1e4);
    opts.Add("descriptors",
             "Receive descriptors (2048 in the RDR paper)",
             cfg.descriptors,
             1,
             1 << 20);
    opts.Add("tailBatch", "Descriptors per tail write (e1000: 16)", cfg.tailBatch, 1, 1 << 20);
    opts.Add("fifoBytes", "NIC receive FIFO in bytes (82546: 48 KiB)", cfg.fifoBytes, 64, 1u << 30);
    opts.Add("maxPps",
             "Cap of the offered frame rate (0 = line rate; the NP: ~1e6)",
             cfg.maxPps,
             0,
             1e9);
    opts.Add("warmupMs", "Deleted start of each run in ms", cfg.warmupMs, 0, 1e8);
    opts.Add("measureMs", "Measured time per run in ms", cfg.measureMs, 0.001, 1e8);
    opts.Add("csv", "Output CSV file (empty: stdout)", csv, hostnet_example::OutputFile(true));
    opts.Add("metrics",
             "One point (one of --sizes, one of --policies): write its metrics as JSON",
             metrics,
             hostnet_example::OutputFile(true));
    opts.SetMetrics({"offered_pps",
                     "offered_gbps",
                     "received_pps",
                     "received_gbps",
                     "loss",
                     "drop_fifo",
                     "drop_no_descriptor",
                     "line_gbps",
                     "ksoftirqd"});
    opts.Parse(argc, argv);
    if (cfg.tailBatch > cfg.descriptors)
    {
        opts.Refuse("--tailBatch=" + std::to_string(cfg.tailBatch) +
                    ": more than --descriptors=" + std::to_string(cfg.descriptors));
    }

    if (!metrics.empty())
    {
        if (Split(policies).size() != 1 || Split(sizes).size() != 1)
        {
            opts.Refuse("--metrics needs one point: one size in --sizes, one policy in "
                        "--policies");
        }
        uint32_t size = std::stoul(sizes);
        RdrPoint p = RunPoint(cfg, policies, size);
        double bits = 8.0 * size;
        if (!hostnet_example::WriteMetricsJson(
                metrics,
                {{"offered_pps", p.offeredPps},
                 {"offered_gbps", p.offeredPps * bits * 1e-9},
                 {"received_pps", p.receivedPps},
                 {"received_gbps", p.receivedPps * bits * 1e-9},
                 {"loss", p.loss},
                 {"drop_fifo", static_cast<double>(p.dropFifo)},
                 {"drop_no_descriptor", static_cast<double>(p.dropNoDesc)},
                 {"line_gbps", double(size) / (size + 20)},
                 {"ksoftirqd", p.ksoftirqd ? 1.0 : 0.0}}))
        {
            std::cerr << "hostnet-rdr: cannot write --metrics file '" << metrics << "'\n";
            return 1;
        }
        std::cout << policies << " " << size << " B: loss " << p.loss << "\n";
        return 0;
    }
    std::ofstream file;
    if (!csv.empty())
    {
        file.open(csv);
        NS_ABORT_MSG_IF(!file, "cannot write --csv=" << csv);
    }
    std::ostream& out = csv.empty() ? std::cout : file;
    out << "policy,frame_bytes,offered_pps,offered_gbps,received_pps,received_gbps,loss,"
           "drop_fifo,drop_no_descriptor,line_gbps,ksoftirqd\n";
    for (const std::string& policy : Split(policies))
    {
        for (const std::string& item : Split(sizes))
        {
            uint32_t size = std::stoul(item);
            NS_ABORT_MSG_IF(size < 64 || size > 1518,
                            "--sizes: " << size << " is not an Ethernet frame size (64-1518)");
            RdrPoint p = RunPoint(cfg, policy, size);
            double bits = 8.0 * size;
            out << policy << "," << size << "," << std::setprecision(8) << p.offeredPps << ","
                << p.offeredPps * bits * 1e-9 << "," << p.receivedPps << ","
                << p.receivedPps * bits * 1e-9 << "," << p.loss << "," << p.dropFifo << ","
                << p.dropNoDesc << "," << double(size) / (size + 20) << "," << (p.ksoftirqd ? 1 : 0)
                << "\n";
        }
    }
    return 0;
}
