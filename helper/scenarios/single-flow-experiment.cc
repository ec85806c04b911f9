/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "single-flow-experiment.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/host-bulk-send-application.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-device-helper.h"
#include "ns3/host-net-device.h"
#include "ns3/host-sink-application.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <limits>

namespace ns3
{

namespace
{
/// @return the sum over the cores of their busy share, in percent
double
Utilisation(Ptr<HostCpu> cpu)
{
    double sum = 0;
    for (uint32_t c = 0; c < cpu->GetNCores(); ++c)
    {
        sum += 1 - cpu->GetCoreStats(c).idleShare;
    }
    return sum * 100;
}
} // namespace

SingleFlowExperiment::Result
SingleFlowExperiment::Run(const Config& config)
{
    // IPv4 20 + TCP 32 (ns-3 sends the timestamp option on every segment, as Linux does).
    uint32_t mtu = config.jumbo ? 9000 : 1500;
    ns3::Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mtu - 52));
    // Linux ACKs a GRO packet of more than one MSS at once (__tcp_ack_snd_check), every
    // second full segment without GRO.
    ns3::Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(config.tsoGro ? 1 : 2));
    ns3::Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(6 << 20));
    ns3::Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(6 << 20));
    NodeContainer nodes(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(config.linkRate));
    p2p.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    p2p.SetChannelAttribute("Delay", StringValue("1us"));
    p2p.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1000p"));
    NetDeviceContainer phys = p2p.Install(nodes);
    InternetStackHelper().Install(nodes);
    HostNetDeviceHelper host;
    host.SetPreset(config.preset);
    host.SetGroType(config.tsoGro ? "ns3::GroEngine" : "ns3::NoGro");
    host.SetTxPathAttribute("TsoEnabled", BooleanValue(config.tsoGro));
    host.SetTxPathAttribute("GsoEnabled", BooleanValue(false));
    // ethtool ntuple: all of the flow's traffic to one queue, on the application's core
    // (aRFS) or on the IRQ affinity core.
    // The profile's IrqAffinity (one core per queue of its own) gives way to that rule.
    host.SetDeviceAttribute("NQueues", UintegerValue(1));
    host.SetSteeringAttribute("IrqAffinity", StringValue(""));
    host.SetSteeringAttribute("IrqCore",
                              UintegerValue(config.arfs ? config.appCore : config.irqCore));
    NetDeviceContainer devices = host.Install(phys);
    host.AssignStreams(devices, 1);
    Ipv4InterfaceContainer ifaces = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);

    auto sender = CreateObject<HostBulkSendApplication>();
    sender->SetAttribute("Remote", AddressValue(InetSocketAddress(ifaces.GetAddress(1), 5001)));
    sender->SetAttribute("Core", UintegerValue(config.appCore));
    sender->SetAttribute("CopyRate", DataRateValue(DataRate(config.writerCopyBps)));
    nodes.Get(0)->AddApplication(sender);
    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 5001)));
    sink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
    sink->SetAttribute("UserCost", StringValue("ns3::ConstantRandomVariable[Constant=0]"));
    sink->SetAttribute("Core", UintegerValue(config.appCore));
    nodes.Get(1)->AddApplication(sink);
    sink->SetStartTime(Seconds(0));
    sender->SetStartTime(MicroSeconds(10));

    auto txDev = DynamicCast<HostNetDevice>(devices.Get(0));
    auto rxDev = DynamicCast<HostNetDevice>(devices.Get(1));
    Ptr<HostCpu> txCpu = txDev->GetCpu();
    Ptr<HostCpu> rxCpu = rxDev->GetCpu();
    uint64_t writesAtStart = 0;
    Simulator::Schedule(config.warmup, [&]() {
        writesAtStart = sender->GetWrites();
        txDev->ResetStats();
        rxDev->ResetStats();
        txCpu->ResetStats();
        rxCpu->ResetStats();
        sink->ResetStats();
        sender->ResetStats();
    });
    Result r;
    uint32_t irqCore = config.arfs ? config.appCore : config.irqCore;
    Simulator::Schedule(config.warmup + config.measure, [&]() {
        r.throughputGbps = sink->GetGoodput() / 1e9;
        r.rxUtilisation = Utilisation(rxCpu);
        r.txUtilisation = Utilisation(txCpu);
        r.perCoreGbps = r.rxUtilisation > 0 ? r.throughputGbps / (r.rxUtilisation / 100)
                                            : std::numeric_limits<double>::quiet_NaN();
        double window = config.measure.GetSeconds();
        double rxBusy = r.rxUtilisation / 100 * window;
        double txBusy = r.txUtilisation / 100 * window;
        r.rxCopyShare = rxBusy > 0 ? 100 * sink->GetCopyTime().GetSeconds() / rxBusy
                                   : std::numeric_limits<double>::quiet_NaN();
        r.txCopyShare = txBusy > 0 ? 100 * sender->GetCopyTime().GetSeconds() / txBusy
                                   : std::numeric_limits<double>::quiet_NaN();
        r.rxAppCoreBusy = 1 - rxCpu->GetCoreStats(config.appCore).idleShare;
        r.rxIrqCoreBusy = 1 - rxCpu->GetCoreStats(irqCore).idleShare;
        HostNetDeviceStats tx = txDev->GetStats();
        HostNetDeviceStats rx = rxDev->GetStats();
        r.txSends = tx.txSends;
        r.txSendsByTask = tx.txSendsByTask;
        r.txFrames = tx.txPackets;
        r.txTaskSeconds = sender->GetCpuTime().GetSeconds();
        r.txCopySeconds = sender->GetCopyTime().GetSeconds();
        r.txWrites = sender->GetWrites() - writesAtStart;
        r.rxMerge = rx.rxPackets > 0 ? double(rx.rxDelivered) / rx.rxPackets
                                     : std::numeric_limits<double>::quiet_NaN();
        Simulator::Stop();
    });
    Simulator::Run();
    Simulator::Destroy();
    ns3::Config::Reset();
    return r;
}

} // namespace ns3
