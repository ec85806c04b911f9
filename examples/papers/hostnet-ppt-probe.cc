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
 * Salehin and Rojas-Cessa 2014's compound packet-pair probe against a host with interrupt
 * coalescing.
 *
 * A sender sends compound probes (a HeadSize head datagram and a small trailer, back to
 * back) over a point-to-point link of --linkRate to a receiving host whose NIC and OS are
 * modelled by a HostNetDevice (NAPI or per-packet receive mode, rx-usecs coalescing of
 * --rxUsecs, 0 = none) and whose PacketPairProbeReceiver time-stamps every datagram at
 * the application layer. The estimator then decides whether the gaps form Salehin and Rojas-Cessa
 * 2014's zero-slope line (coalescing) and estimates the packet processing time (PPT).
 *
 * Output: CSV rows "probe,trailer_bytes,gap_us" (to --csv, or to stdout), a per-size
 * summary as '#' comment lines, and finally exactly three lines:
 *   configured_ppt_us <the PPT the host's costs imply for the smallest trailer>
 *   coalescing yes|no
 *   ppt_us <the estimate>
 *
 * Configured PPT: with both frames of a probe taken by one interrupt, the trailer reaches
 * the application one "bottleneck stage" after the head. If the receiver runs on the
 * interrupt core (--receiverCore=0) the softirq processes both frames before the
 * application runs (SOFTIRQ preempts TASK), so PPT = the trailer's read cost
 * readCost + payload / readCopyRate. On another core the application reads the head while
 * the softirq processes the trailer, so PPT = max(read cost, protocolCost + frame /
 * copyRate + refill cost (NAPI refills in the poll)).
 *
 * Defaults: a host like Salehin and Rojas-Cessa 2014's DO790 (one core, PPT 3 us). The DS435-like
 * host of the documentation: --cores=2 --receiverCore=1 --readCostUs=11 --isrCostUs=3.73
 * --protocolCostUs=5.25.
 *
 * ./hostnet-ppt-probe --linkRate=100Mbps --rxUsecs=125 --probesPerSize=1000
 */

#include "../hostnet-example-options.h"
#include "../hostnet-example-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/packet-pair-probe-estimator.h"
#include "ns3/point-to-point-module.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("HostnetPptProbe");

namespace
{

/// A cost with the given mean: constant, or uniform within +-jitter of the mean.
std::string
Cost(double meanUs, double jitter)
{
    if (jitter <= 0 || meanUs <= 0)
    {
        return HostNetDeviceHelper::ConstantCost(Seconds(meanUs * 1e-6));
    }
    return HostNetDeviceHelper::UniformCost(Seconds(meanUs * (1 - jitter) * 1e-6),
                                            Seconds(meanUs * (1 + jitter) * 1e-6));
}

/// Bytes per microsecond of a rate in MB/s (0 = no per-byte cost).
double
PerByteUs(double megabytesPerSecond)
{
    return megabytesPerSecond > 0 ? 1.0 / megabytesPerSecond : 0.0;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string linkRate = "1Gbps";
    double rxUsecs = 125;
    std::string rxMode = "napi";
    double isrCostUs = 2.0;
    double protocolCostUs = 2.0;
    double copyRateMBps = 748;
    double refillCostUs = 0;
    std::string busRate = "4Gbps";
    double readCostUs = 3.0;
    double readCopyRateMBps = 0;
    uint32_t cores = 1;
    uint32_t receiverCore = 0;
    double costJitter = 0.1;
    double clockResolutionUs = 1;
    uint32_t headSize = 1512;
    std::string trailerSizes = "87,112,212,512,812,1012,1212";
    uint32_t encapsulation = 12;
    uint32_t probesPerSize = 5000;
    double spacingMs = 100;
    std::string order = "Sequential";
    double toleranceUs = 1;
    uint32_t minFlatSizes = 0;
    double dispersionThresholdUs = 0;
    std::string csv;
    uint32_t run = 0;

    hostnet_example::Options opts(__FILE__,
                                  "The compound packet-pair probe (Salehin and Rojas-Cessa) "
                                  "through a hostnet receiver: per-packet time estimate.");
    using hostnet_example::ListOf;
    using hostnet_example::OneOf;
    using hostnet_example::OutputFile;
    using hostnet_example::Rate;
    using hostnet_example::Whole;
    opts.Add("linkRate",
             "Rate of the link to the receiving host (e.g. 100Mbps)",
             linkRate,
             Rate(1e3, 1e13));
    opts.Add("rxUsecs", "rx-usecs coalescing interval in us (0 = no coalescing)", rxUsecs, 0, 1e6);
    opts.Add("rxMode",
             "Receive mode of the host: napi or per-packet",
             rxMode,
             OneOf({"napi", "per-packet"}));
    opts.Add("isrCostUs", "Hard interrupt handler cost in us", isrCostUs, 0, 1e6);
    opts.Add("protocolCostUs", "Per-packet protocol (softirq) cost in us", protocolCostUs, 0, 1e6);
    opts.Add("copyRateMBps",
             "Per-byte protocol cost as MB/s (0 = none; Salah et al. 2008: 748)",
             copyRateMBps,
             0,
             1e7);
    opts.Add("refillCostUs", "Descriptor refill cost in us", refillCostUs, 0, 1e6);
    opts.Add("busRate", "DMA rate of the NIC (e.g. 4Gbps)", busRate, Rate(1e3, 1e13));
    opts.Add("readCostUs",
             "Receiver's CPU time per datagram read (recvfrom + time stamp) in us",
             readCostUs,
             0,
             1e6);
    opts.Add("readCopyRateMBps",
             "Receiver's per-byte read cost as MB/s (0 = none)",
             readCopyRateMBps,
             0,
             1e7);
    opts.Add("cores", "Cores of the receiving host (the interrupt takes core 0)", cores, 1, 1024);
    opts.Add("receiverCore",
             "Core of the receiving application (< --cores)",
             receiverCore,
             0,
             1023);
    opts.Add("costJitter",
             "Costs are uniform within +-jitter x mean (0 = constant costs; < 1)",
             costJitter,
             0,
             0.999);
    opts.Add("clockResolutionUs",
             "Receiver's time stamp resolution in us (1 in the probe's paper; 0 = exact)",
             clockResolutionUs,
             0,
             1e6);
    opts.Add("headSize", "Head frame size in bytes (1512)", headSize, 64, 9018);
    opts.Add("trailerSizes",
             "Comma-separated trailer frame sizes in bytes",
             trailerSizes,
             ListOf(Whole(1, 9018)));
    opts.Add("encapsulation", "Link-layer bytes counted in the sizes (12)", encapsulation, 0, 64);
    opts.Add("probesPerSize",
             "Compound probes per trailer size (5000)",
             probesPerSize,
             1,
             10000000);
    opts.Add("spacingMs", "Time between probes in ms (100)", spacingMs, 0.001, 1e6);
    opts.Add("order",
             "Probe order: Sequential or Interleaved",
             order,
             OneOf({"Sequential", "Interleaved"}));
    opts.Add("toleranceUs", "Estimator: equality tolerance of eq. 4 in us", toleranceUs, 0, 1e6);
    opts.Add("minFlatSizes",
             "Estimator: equal sizes needed to detect coalescing (0 = all)",
             minFlatSizes,
             0,
             1000);
    opts.Add("dispersionThresholdUs",
             "Estimator: discard gaps this far above their size's median (0 = keep all)",
             dispersionThresholdUs,
             0,
             1e9);
    opts.Add("csv", "File for the per-probe CSV (empty: stdout)", csv, OutputFile(true));
    opts.Add("run", "RngRun of this simulation (0: keep --RngRun)", run, 0, 1u << 31);
    opts.Parse(argc, argv);
    if (receiverCore >= cores)
    {
        opts.Refuse("--receiverCore=" + std::to_string(receiverCore) +
                    ": the receiving host has --cores=" + std::to_string(cores) + " (cores 0.." +
                    std::to_string(cores - 1) + ")");
    }
    if (run > 0)
    {
        RngSeedManager::SetRun(run);
    }

    NodeContainer nodes(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(linkRate));
    p2p.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
    NetDeviceContainer phys = p2p.Install(nodes);

    HostNetDeviceHelper host;
    host.SetRxMode(rxMode == "napi" ? "ns3::NapiRxMode" : "ns3::PerPacketRxMode");
    host.SetModeration("ns3::RxUsecsModeration",
                       "Interval",
                       TimeValue(NanoSeconds(static_cast<int64_t>(rxUsecs * 1000))));
    host.SetCostAttribute("IsrCost", StringValue(Cost(isrCostUs, costJitter)));
    host.SetCostAttribute("ProtocolCost", StringValue(Cost(protocolCostUs, costJitter)));
    host.SetCostAttribute("ProtocolCopyRate",
                          DataRateValue(DataRate(static_cast<uint64_t>(copyRateMBps * 8e6))));
    host.SetRxRingAttribute("RefillCost", StringValue(Cost(refillCostUs, costJitter)));
    host.SetRxRingAttribute("BusRate", DataRateValue(DataRate(busRate)));
    host.SetCpuAttribute("NCores", UintegerValue(cores));
    Ptr<HostNetDevice> hostDevice = host.Install(phys.Get(1));

    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper ipv4("10.1.1.0", "255.255.255.0");
    NetDeviceContainer ipDevices(phys.Get(0));
    ipDevices.Add(hostDevice);
    Ipv4InterfaceContainer ifaces = ipv4.Assign(ipDevices);

    uint16_t port = 9000;
    auto receiver = CreateObject<PacketPairProbeReceiver>();
    receiver->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), port)));
    receiver->SetAttribute("ReadCost", StringValue(Cost(readCostUs, costJitter)));
    receiver->SetAttribute("ReadCopyRate",
                           DataRateValue(DataRate(static_cast<uint64_t>(readCopyRateMBps * 8e6))));
    receiver->SetAttribute("Core", UintegerValue(receiverCore));
    receiver->SetAttribute("ClockResolution",
                           TimeValue(NanoSeconds(static_cast<int64_t>(clockResolutionUs * 1000))));
    nodes.Get(1)->AddApplication(receiver);

    auto sender = CreateObject<PacketPairProbeSender>();
    sender->SetAttribute("Remote", AddressValue(InetSocketAddress(ifaces.GetAddress(1), port)));
    sender->SetAttribute("HeadSize", UintegerValue(headSize));
    sender->SetAttribute("TrailerSizes", StringValue(trailerSizes));
    sender->SetAttribute("Encapsulation", UintegerValue(encapsulation));
    sender->SetAttribute("ProbesPerSize", UintegerValue(probesPerSize));
    sender->SetAttribute("Spacing", TimeValue(MicroSeconds(static_cast<int64_t>(spacingMs * 1e3))));
    sender->SetAttribute("Order", StringValue(order));
    nodes.Get(0)->AddApplication(sender);

    std::ofstream csvFile;
    if (!csv.empty())
    {
        csvFile.open(csv);
        NS_ABORT_MSG_IF(!csvFile, "cannot write --csv=" << csv);
    }
    std::ostream& out = csv.empty() ? std::cout : csvFile;
    out << "probe,trailer_bytes,gap_us\n";
    receiver->TraceConnectWithoutContext(
        "Gap",
        MakeBoundCallback(
            +[](std::ostream* os, uint32_t probe, uint32_t size, Time gap) {
                *os << probe << "," << size << "," << std::setprecision(9) << gap.GetSeconds() * 1e6
                    << "\n";
            },
            &out));

    host.AssignStreams(NetDeviceContainer(hostDevice), 100);
    receiver->AssignStreams(200);
    receiver->SetStartTime(Seconds(0));
    sender->SetStartTime(MilliSeconds(10));
    Time end = MilliSeconds(10) + sender->GetDuration() + MilliSeconds(10);
    Simulator::Stop(end);
    Simulator::Run();

    auto estimator = CreateObject<PacketPairProbeEstimator>();
    estimator->SetAttribute("Tolerance",
                            TimeValue(NanoSeconds(static_cast<int64_t>(toleranceUs * 1000))));
    estimator->SetAttribute("MinFlatSizes", UintegerValue(minFlatSizes));
    estimator->SetAttribute(
        "DispersionThreshold",
        TimeValue(NanoSeconds(static_cast<int64_t>(dispersionThresholdUs * 1000))));
    for (uint32_t size : receiver->GetTrailerSizes())
    {
        for (Time gap : receiver->GetGaps(size))
        {
            estimator->AddGap(size, gap);
        }
    }
    PacketPairProbeEstimate e = estimator->Estimate();

    // The PPT the host's costs imply (see the file comment), for trailer size s.
    double bitsPerUs = DataRate(linkRate).GetBitRate() * 1e-6;
    auto configuredPpt = [&](uint32_t s) {
        double ipBytes = s - encapsulation;
        double payload = ipBytes - PacketPairProbeSender::IP_UDP_HEADERS;
        double read = readCostUs + payload * PerByteUs(readCopyRateMBps);
        if (receiverCore == 0)
        {
            return read;
        }
        double softirq = protocolCostUs + ipBytes * PerByteUs(copyRateMBps) +
                         (rxMode == "napi" ? refillCostUs : 0.0);
        return std::max(read, softirq);
    };
    std::vector<uint32_t> sizes = sender->GetTrailerSizes();
    std::sort(sizes.begin(), sizes.end());

    std::cout << std::setprecision(6);
    std::cout << "# probes " << sender->GetProbesSent() << ", pairs " << receiver->GetPairs()
              << ", unpaired trailers " << receiver->GetUnpaired() << "\n";
    std::cout << "# trailer_bytes samples G_avg_us wire_gap_us configured_ppt_us\n";
    for (size_t i = 0; i < e.sizes.size(); ++i)
    {
        double wire = (e.sizes[i] - encapsulation + 2) * 8 / bitsPerUs; // PPP adds 2 bytes
        std::cout << "# " << e.sizes[i] << " " << e.samples[i] << " " << e.meanGapsUs[i] << " "
                  << wire << " " << configuredPpt(e.sizes[i]) << "\n";
    }
    std::cout << "# flat sizes " << e.flatSizes << ", line over " << e.fitSizes << " sizes: slope "
              << e.slopeUsPerByte << " us/B (1/link rate " << 8 / bitsPerUs << "), intercept "
              << e.interceptUs << " us, capacity " << e.capacityBps / 1e6 << " Mb/s\n";
    std::cout << "configured_ppt_us " << configuredPpt(sizes.front()) << "\n";
    std::cout << "coalescing " << (e.coalescing ? "yes" : "no") << "\n";
    std::cout << "ppt_us " << e.pptUs << std::endl;
    Simulator::Destroy();
    return 0;
}
