/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-sink: applications that need CPU time to read their sockets, and the transmit
// path's flow control towards traffic control.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <set>

using namespace ns3;

namespace
{

/// Two hosts on a point-to-point link, both with HostNetDevices.
struct Hosts
{
    NodeContainer nodes;           ///< sender, receiver
    NetDeviceContainer devices;    ///< HostNetDevices
    Ipv4InterfaceContainer ifaces; ///< addresses
};

/// Build two hosts joined by a link of the given rate.
Hosts
MakeHosts(HostNetDeviceHelper& helper, const std::string& rate)
{
    Hosts h;
    h.nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(rate));
    p2p.SetChannelAttribute("Delay", StringValue("10us"));
    NetDeviceContainer phys = p2p.Install(h.nodes);
    InternetStackHelper stack;
    stack.Install(h.nodes);
    h.devices = helper.Install(phys);
    helper.AssignStreams(h.devices, 10);
    Ipv4AddressHelper ipv4("10.0.0.0", "255.255.255.0");
    h.ifaces = ipv4.Assign(h.devices);
    return h;
}

/// A UDP sink on node 1 port 9 with the given user cost per read.
Ptr<HostSinkApplication>
AddSink(const Hosts& h, const std::string& userCost, TypeId protocol)
{
    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
    sink->SetAttribute("UserCost", StringValue(userCost));
    sink->SetAttribute("Protocol", TypeIdValue(protocol));
    h.nodes.Get(1)->AddApplication(sink);
    return sink;
}

/// A Poisson UDP source on node 0.
Ptr<PoissonSourceApplication>
AddSource(const Hosts& h, double rate, uint32_t size, Time stop)
{
    auto source = CreateObject<PoissonSourceApplication>();
    source->SetAttribute("Remote", AddressValue(InetSocketAddress(h.ifaces.GetAddress(1), 9)));
    source->SetAttribute("Rate", DoubleValue(rate));
    source->SetAttribute("PacketSize", UintegerValue(size));
    source->AssignStreams(1);
    h.nodes.Get(0)->AddApplication(source);
    source->SetStopTime(stop);
    return source;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief A slow UDP reader: reads at 1/UserCost, the socket buffer overflows.
 *
 * 50 Kpps offered, 40 us per read: the application reads 25 K datagrams/s (its CPU
 * share ~ 1 - interrupt and protocol work) and the rest is dropped at the socket.
 */
class SlowUdpReaderTestCase : public TestCase
{
  public:
    SlowUdpReaderTestCase()
        : TestCase("UDP: reads need CPU; the socket buffer overflows")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetRun(1);
        HostNetDeviceHelper helper;
        Hosts h = MakeHosts(helper, "1Gbps");
        auto sink = AddSink(h,
                            "ns3::ConstantRandomVariable[Constant=40e-6]",
                            UdpSocketFactory::GetTypeId());
        auto source = AddSource(h, 50e3, 100, Seconds(1));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        double readRate = sink->GetPacketsRead() / 1.0;
        Ptr<HostCpu> cpu = h.nodes.Get(1)->GetObject<HostCpu>();
        HostCpuStats c = cpu->GetStats();
        // The reader runs whenever the CPU is not taking interrupts or doing protocol work.
        double expected = c.taskShare / 40e-6;
        NS_TEST_EXPECT_MSG_EQ_TOL(readRate / expected, 1.0, 0.02, "one read per 40 us of task");
        NS_TEST_EXPECT_MSG_LT(readRate, 26e3, "CPU-bound below 1/40 us");
        NS_TEST_EXPECT_MSG_GT(sink->GetSocketDrops(), 10000, "socket buffer overflowed");
        NS_TEST_EXPECT_MSG_LT(c.idleShare, 0.01, "the reader keeps the CPU busy");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Read costs add up (user + system call + copy); goodput and latency are measured.
 */
class SinkCostsAndLatencyTestCase : public TestCase
{
  public:
    SinkCostsAndLatencyTestCase()
        : TestCase("read cost = user + system call + bytes over copy rate; goodput; latency")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetRun(2);
        HostNetDeviceHelper helper;
        Hosts h = MakeHosts(helper, "1Gbps");
        auto sink = AddSink(h,
                            "ns3::ConstantRandomVariable[Constant=0.5e-6]",
                            UdpSocketFactory::GetTypeId());
        sink->SetAttribute("SyscallCost", TimeValue(MicroSeconds(2)));
        sink->SetAttribute("CopyRate", DataRateValue(DataRate("8Gbps"))); // 1 ns per byte
        auto source = AddSource(h, 10e3, 1000, Seconds(0.5));
        Simulator::Schedule(Seconds(0.1), &HostSinkApplication::ResetStats, sink);
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        // 1000-byte datagrams: 0.5 + 2 + 1 us per read (no drops at 10 Kpps); the task's CPU
        // time also holds the part of a read still under way at the stop.
        NS_TEST_ASSERT_MSG_EQ(sink->GetSocketDrops(), 0u, "no drops expected");
        double extra = sink->GetCpuTime().GetSeconds() - sink->GetPacketsRead() * 3.5e-6;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(extra, -1e-12, "CPU time per read below 3.5 us");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(extra, 3.5e-6, "CPU time per read above 3.5 us");
        // Goodput over the last 0.4 s: ~10 000 x 1000 bytes x 8 per second (Poisson count
        // over 0.4 s: 4000 +- 63, so within 5 %).
        NS_TEST_ASSERT_MSG_EQ_TOL(sink->GetGoodput(), 80e6, 4e6, "goodput");
        const LatencyHistogram& latency = sink->GetLatency();
        NS_TEST_ASSERT_MSG_GT(latency.GetCount(), 3500u, "latency samples after ResetStats");
        NS_TEST_ASSERT_MSG_LT(latency.GetCount(), sink->GetPacketsRead(), "reset dropped some");
        // Floor: 1028 bytes at 1 Gb/s (8.2 us), 10 us propagation, the receiver's ISR and
        // protocol work and the 3.5 us read: more than 21.7 us; unloaded, well under 100 us.
        NS_TEST_ASSERT_MSG_GT(latency.GetQuantile(0), 21.7e-6, "latency floor");
        NS_TEST_ASSERT_MSG_LT(latency.GetMean(), 100e-6, "unloaded latency");
        NS_TEST_ASSERT_MSG_EQ(HostSinkApplication::Chang2008UserCost(), NanoSeconds(500), "preset");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Two cores: receive livelock on the interrupt core does not starve an application
 *        pinned to the other core.
 */
class LivelockOtherCoreTestCase : public TestCase
{
  public:
    LivelockOtherCoreTestCase()
        : TestCase("two cores: livelock on the IRQ core spares an application on the other")
    {
    }

  private:
    /// Reads per second and socket drops at 300 Kpps with the reader on @p core.
    static std::pair<double, uint64_t> Run(uint32_t core, double* delivered, double* idle1)
    {
        RngSeedManager::SetRun(2);
        HostNetDeviceHelper helper;
        helper.SetScheme("normal");
        helper.SetCpuAttribute("NCores", UintegerValue(2));
        helper.SetSteeringAttribute("IrqCore", UintegerValue(0));
        Hosts h = MakeHosts(helper, "1Gbps");
        auto sink =
            AddSink(h, "ns3::ConstantRandomVariable[Constant=1e-6]", UdpSocketFactory::GetTypeId());
        sink->SetAttribute("Core", UintegerValue(core));
        AddSource(h, 300e3, 18, Seconds(0.5));
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        auto rx = DynamicCast<HostNetDevice>(h.devices.Get(1));
        *delivered = rx->GetStats().rxDelivered / 0.5;
        *idle1 = rx->GetCpu()->GetCoreStats(1).idleShare;
        std::pair<double, uint64_t> r{sink->GetPacketsRead() / 0.5, sink->GetSocketDrops()};
        Simulator::Destroy();
        return r;
    }

    void DoRun() override
    {
        double delivered0 = 0;
        double delivered1 = 0;
        double idle = 0;
        auto same = Run(0, &delivered0, &idle);
        auto other = Run(1, &delivered1, &idle);
        // Per-packet interrupts at 300 Kpps keep core 0 busy (protocol delivers ~88 Kpps).
        // On core 0 the reader starves; on core 1 it reads everything delivered (1 us per
        // read: 9 % of core 1, which stays ~90 % idle).
        NS_TEST_EXPECT_MSG_LT(same.first, 0.05 * delivered0, "same core: the app starves");
        NS_TEST_EXPECT_MSG_EQ_TOL(other.first / delivered1, 1.0, 0.01, "other core: reads all");
        NS_TEST_EXPECT_MSG_EQ(other.second, 0u, "other core: no socket drops");
        NS_TEST_EXPECT_MSG_GT(idle, 0.85, "the application's core stays mostly idle");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Receive livelock starves the application (Salah et al. 2007 Sec. 1).
 *
 * Per-packet interrupts at 300 Kpps of 64-byte frames leave no CPU for the application:
 * it reads almost nothing although the protocol layer still delivers ~88 Kpps to its
 * socket. At 50 Kpps it reads everything.
 */
class LivelockStarvesAppTestCase : public TestCase
{
  public:
    LivelockStarvesAppTestCase()
        : TestCase("receive livelock starves the reading application")
    {
    }

  private:
    /// Reads per second at a load.
    static double ReadRate(double rate)
    {
        RngSeedManager::SetRun(2);
        HostNetDeviceHelper helper;
        helper.SetScheme("normal");
        Hosts h = MakeHosts(helper, "1Gbps");
        auto sink =
            AddSink(h, "ns3::ConstantRandomVariable[Constant=1e-6]", UdpSocketFactory::GetTypeId());
        AddSource(h, rate, 18, Seconds(0.5));
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        double reads = sink->GetPacketsRead() / 0.5;
        Simulator::Destroy();
        return reads;
    }

    void DoRun() override
    {
        double low = ReadRate(50e3);
        double high = ReadRate(300e3);
        NS_TEST_EXPECT_MSG_EQ_TOL(low / 50e3, 1.0, 0.03, "below the cliff the app keeps up");
        NS_TEST_EXPECT_MSG_LT(high, 0.05 * low, "above the cliff the app starves");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief A slow TCP reader shrinks the advertised window: goodput = read rate, no loss.
 *
 * Reads of 1448 bytes cost 50 us of the CPU share that interrupts and protocol
 * processing leave (about 82 %): the application consumes ~190 Mb/s of a 1 Gb/s link. The
 * sender is held to that by the receive window (with the window updates a reading Linux
 * receiver sends), not by losses, and the reader never runs out of data.
 */
class SlowTcpReaderTestCase : public TestCase
{
  public:
    SlowTcpReaderTestCase()
        : TestCase("TCP: a slow reader throttles the sender through the window")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
        RngSeedManager::SetRun(3);
        HostNetDeviceHelper helper;
        Hosts h = MakeHosts(helper, "1Gbps");
        auto sink = AddSink(h,
                            "ns3::ConstantRandomVariable[Constant=50e-6]",
                            TcpSocketFactory::GetTypeId());
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(h.ifaces.GetAddress(1), 9));
        bulk.Install(h.nodes.Get(0));
        uint64_t atHalf = 0;
        Ptr<HostCpu> cpu = h.nodes.Get(1)->GetObject<HostCpu>();
        Simulator::Schedule(Seconds(0.5), [&]() {
            atHalf = sink->GetTotalRx();
            cpu->ResetStats();
        });
        Simulator::Stop(Seconds(1.5));
        Simulator::Run();
        double goodput = (sink->GetTotalRx() - atHalf) * 8.0 / 1.0;
        // The reader gets the CPU left by interrupts and protocol processing of the
        // segments it is sent: one 1448-byte read per 50 us of that share.
        double readRate = cpu->GetStats().taskShare * 1448 * 8 / 50e-6;
        auto rx = DynamicCast<HostNetDevice>(h.devices.Get(1))->GetStats();
        NS_TEST_EXPECT_MSG_EQ_TOL(goodput / readRate, 1.0, 0.02, "goodput = application read rate");
        NS_TEST_EXPECT_MSG_LT(goodput, 0.3e9, "well below the 1 Gb/s link: the reader limits");
        NS_TEST_EXPECT_MSG_LT(cpu->GetStats().idleShare, 0.01, "the reader never waits for data");
        NS_TEST_EXPECT_MSG_EQ(rx.dropFifoOverrun + rx.dropNoDescriptor + rx.dropBacklog,
                              0,
                              "flow control, not loss");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief A full Tx ring stops the queue disc above; nothing is dropped at the device.
 *
 * 1000-byte datagrams at ~800 Mb/s into a 100 Mb/s link with an 8-descriptor Tx ring:
 * the backlog builds in the queue disc (stopped by NetDeviceQueueInterface), the device
 * never refuses a packet, and the ring never holds more than its 8 descriptors.
 */
class TxFlowControlTestCase : public TestCase
{
  public:
    TxFlowControlTestCase()
        : TestCase("Tx ring full: the queue disc is stopped and woken")
    {
    }

  private:
    static void TrackMax(uint32_t* maxValue, uint32_t, uint32_t now)
    {
        *maxValue = std::max(*maxValue, now);
    }

    void DoRun() override
    {
        RngSeedManager::SetRun(4);
        HostNetDeviceHelper helper;
        helper.SetTxRingAttribute("Descriptors", UintegerValue(8));
        Hosts h = MakeHosts(helper, "100Mbps");
        auto sink =
            AddSink(h, "ns3::ConstantRandomVariable[Constant=1e-6]", UdpSocketFactory::GetTypeId());
        auto source = AddSource(h, 100e3, 1000, MilliSeconds(10));
        auto tx = DynamicCast<HostNetDevice>(h.devices.Get(0));
        Ptr<QueueDisc> qdisc =
            h.nodes.Get(0)->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(tx);
        NS_TEST_ASSERT_MSG_NE(qdisc, nullptr, "a queue disc is installed on the HostNetDevice");
        uint32_t maxBacklog = 0;
        qdisc->TraceConnectWithoutContext("PacketsInQueue",
                                          MakeBoundCallback(&TrackMax, &maxBacklog));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        HostNetDeviceStats s = tx->GetStats();
        NS_TEST_EXPECT_MSG_EQ(s.txDropRingFull,
                              0,
                              "the stopped queue disc never overfilled the ring");
        NS_TEST_EXPECT_MSG_EQ(s.txDropPhy, 0, "the PHY queue never overflowed");
        NS_TEST_EXPECT_MSG_GT(maxBacklog, 100, "the backlog built up in the queue disc");
        NS_TEST_EXPECT_MSG_EQ(sink->GetPacketsRead() + sink->GetSocketDrops(),
                              source->GetSent() - qdisc->GetStats().nTotalDroppedPackets,
                              "everything not dropped by the qdisc arrived");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief A preset host's TCP sockets delay ACKs as Linux does: 40 ms, not ns-3's 200 ms.
 *
 * Two e1000-1g hosts over 1 Gb/s (10 us); a HostSinkApplication on one, a plain ns-3 TCP
 * socket on the other that sends one 100-byte segment at 10 ms and another at 300 ms.
 * ns-3 acknowledges the first data segment of a connection at once (ProcessSynRcvd sets
 * the delayed-ACK count to its maximum, a one-segment quickack); the second, alone
 * (DelAckCount 2), waits for DelAckTimeout: the sender sees it acknowledged 40 ms after
 * the send plus the path there and back (between 40 and 41 ms). The same host with
 * TcpDelAckTimeout 0 (ns-3's socket default) acknowledges after 200 ms. Every TCP socket of
 * the preset host (the listener and the accepted one, which inherits it) holds 40 ms, and
 * a minimum RTO of 200 ms (TCP_RTO_MIN; ns-3: 1 s).
 */
class PresetDelAckTestCase : public TestCase
{
  public:
    PresetDelAckTestCase()
        : TestCase("a preset host delays ACKs 40 ms (TCP_DELACK_MIN), not 200 ms")
    {
    }

  private:
    /// Run the exchange; return the ACK delay after the send and the receiver's sockets'
    /// DelAckTimeout and MinRto values.
    static std::tuple<Time, std::vector<Time>, std::vector<Time>> Run(bool linux)
    {
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10us"));
        NetDeviceContainer phys = p2p.Install(nodes);
        InternetStackHelper().Install(nodes);
        HostNetDeviceHelper helper;
        helper.SetPreset("e1000-1g");
        if (!linux)
        {
            helper.SetTcpTimerAttribute("DelAckTimeout", TimeValue(Time(0)));
            helper.SetTcpTimerAttribute("MinRto", TimeValue(Time(0)));
        }
        NetDeviceContainer devices = helper.Install(phys);
        Ipv4InterfaceContainer ifaces =
            Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);
        auto sink = CreateObject<HostSinkApplication>();
        sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
        sink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
        nodes.Get(1)->AddApplication(sink);
        Ptr<Socket> tx = Socket::CreateSocket(nodes.Get(0), TcpSocketFactory::GetTypeId());
        Time acked(-1);
        // The second segment ends at sequence 201 (SYN 0, then 100 + 100 bytes).
        tx->TraceConnectWithoutContext(
            "HighestRxAck",
            MakeCallback(+[](Time* t, SequenceNumber32, SequenceNumber32 ack) {
                if (ack.GetValue() >= 201 && t->IsNegative())
                {
                    *t = Simulator::Now();
                }
            }).Bind(&acked));
        Ipv4Address server = ifaces.GetAddress(1);
        Simulator::ScheduleWithContext(nodes.Get(0)->GetId(), MilliSeconds(1), [tx, server]() {
            tx->Bind();
            tx->Connect(InetSocketAddress(server, 9));
        });
        // ns-3 acknowledges the first segment of a connection at once (ProcessSynRcvd sets
        // the delayed-ACK count to its maximum); the second, alone, waits for the timeout.
        Simulator::ScheduleWithContext(nodes.Get(0)->GetId(), MilliSeconds(10), [tx]() {
            tx->Send(Create<Packet>(100));
        });
        Time sent = MilliSeconds(300);
        Simulator::ScheduleWithContext(nodes.Get(0)->GetId(), sent, [tx]() {
            tx->Send(Create<Packet>(100));
        });
        std::vector<Time> timeouts;
        std::vector<Time> minRtos;
        Simulator::Schedule(MilliSeconds(5), [&]() {
            ObjectVectorValue sockets;
            nodes.Get(1)->GetObject<TcpL4Protocol>()->GetAttribute("SocketList", sockets);
            for (auto it = sockets.Begin(); it != sockets.End(); ++it)
            {
                TimeValue v;
                it->second->GetAttribute("DelAckTimeout", v);
                timeouts.push_back(v.Get());
                it->second->GetAttribute("MinRto", v);
                minRtos.push_back(v.Get());
            }
        });
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        Simulator::Destroy();
        return {acked - sent, timeouts, minRtos};
    }

    void DoRun() override
    {
        auto [linuxAck, linuxTimeouts, linuxMinRtos] = Run(true);
        for (Time t : linuxMinRtos)
        {
            NS_TEST_EXPECT_MSG_EQ(t, MilliSeconds(200), "the preset's TCP_RTO_MIN");
        }
        NS_TEST_EXPECT_MSG_EQ(linuxTimeouts.size(), 2, "the listener and the accepted socket");
        for (Time t : linuxTimeouts)
        {
            NS_TEST_EXPECT_MSG_EQ(t, MilliSeconds(40), "the preset's TCP_DELACK_MIN");
        }
        NS_TEST_EXPECT_MSG_GT(linuxAck, MilliSeconds(40), "held for the 40 ms timeout");
        NS_TEST_EXPECT_MSG_LT(linuxAck, MilliSeconds(41), "then sent: one way back");
        auto [ns3Ack, ns3Timeouts, ns3MinRtos] = Run(false);
        for (Time t : ns3MinRtos)
        {
            NS_TEST_EXPECT_MSG_EQ(t, Seconds(1), "ns-3's TcpSocketBase default");
        }
        for (Time t : ns3Timeouts)
        {
            NS_TEST_EXPECT_MSG_EQ(t, MilliSeconds(200), "ns-3's TcpSocket default");
        }
        NS_TEST_EXPECT_MSG_GT(ns3Ack, MilliSeconds(200), "held for ns-3's 200 ms");
        NS_TEST_EXPECT_MSG_LT(ns3Ack, MilliSeconds(201), "then sent");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The applications read ns-3's SourceApplication and SinkApplication attributes:
 * a sink listens on Port when Local is unset or an address without a port, a request-
 * response server on Local's address, and a bulk sender binds to Local and marks Tos.
 */
class SourceSinkAddressesTestCase : public TestCase
{
  public:
    SourceSinkAddressesTestCase()
        : TestCase("Local, Port and Tos of ns-3's source and sink base classes")
    {
    }

  private:
    /// Record the TOS byte and source port of every TCP data segment the receiver takes.
    static void RecordTos(std::set<std::pair<uint8_t, uint16_t>>* seen, Ptr<const Packet> packet)
    {
        Ptr<Packet> copy = packet->Copy();
        Ipv4Header ip;
        TcpHeader tcp;
        if (copy->RemoveHeader(ip) && ip.GetProtocol() == 6 && copy->RemoveHeader(tcp) &&
            copy->GetSize() > 0)
        {
            seen->insert({ip.GetTos(), tcp.GetSourcePort()});
        }
    }

    void DoRun() override
    {
        RngSeedManager::SetRun(1);
        HostNetDeviceHelper helper;
        Hosts h = MakeHosts(helper, "1Gbps");
        Ipv4Address receiver = h.ifaces.GetAddress(1);
        // UDP sink with Port only; TCP sink with an address and Port.
        auto udpSink = CreateObject<HostSinkApplication>();
        udpSink->SetAttribute("Port", UintegerValue(9));
        h.nodes.Get(1)->AddApplication(udpSink);
        auto tcpSink = CreateObject<HostSinkApplication>();
        tcpSink->SetAttribute("Local", AddressValue(receiver));
        tcpSink->SetAttribute("Port", UintegerValue(5001));
        tcpSink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
        h.nodes.Get(1)->AddApplication(tcpSink);
        AddSource(h, 10e3, 100, MilliSeconds(50));
        auto bulk = CreateObject<HostBulkSendApplication>();
        bulk->SetAttribute("Remote", AddressValue(InetSocketAddress(receiver, 5001)));
        bulk->SetAttribute("Local", AddressValue(InetSocketAddress(h.ifaces.GetAddress(0), 40000)));
        bulk->SetAttribute("Tos", UintegerValue(0x28));
        bulk->SetAttribute("MaxBytes", UintegerValue(100000));
        h.nodes.Get(0)->AddApplication(bulk);
        std::set<std::pair<uint8_t, uint16_t>> seen;
        h.devices.Get(1)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&RecordTos, &seen));
        Simulator::Stop(MilliSeconds(100));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_GT(udpSink->GetPacketsRead(), 400, "UDP sink listened on Port 9");
        NS_TEST_EXPECT_MSG_EQ(tcpSink->GetTotalRx(), 100000, "TCP sink on Local's address");
        NS_TEST_EXPECT_MSG_EQ(seen.size(), 1, "one TOS and port on the data segments");
        if (!seen.empty())
        {
            NS_TEST_EXPECT_MSG_EQ(int(seen.begin()->first), 0x28, "Tos marked");
            NS_TEST_EXPECT_MSG_EQ(seen.begin()->second, 40000, "bound to Local's port");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-sink suite.
 */
class HostSinkTestSuite : public TestSuite
{
  public:
    HostSinkTestSuite()
        : TestSuite("hostnet-sink", Type::SYSTEM)
    {
        AddTestCase(new SlowUdpReaderTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SinkCostsAndLatencyTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LivelockOtherCoreTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LivelockStarvesAppTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SlowTcpReaderTestCase, TestCase::Duration::QUICK);
        AddTestCase(new TxFlowControlTestCase, TestCase::Duration::QUICK);
        AddTestCase(new PresetDelAckTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SourceSinkAddressesTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static HostSinkTestSuite g_hostSinkTestSuite;
