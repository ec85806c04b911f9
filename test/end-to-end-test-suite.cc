/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-end-to-end: HostNetDevices inside ordinary ns-3 topologies with the IP stack.

#include "ns3/applications-module.h"
#include "ns3/bridge-module.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/pcap-file.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <fstream>

using namespace ns3;

namespace
{

/// Two hosts' PHY devices: directly connected, or through a CSMA switch.
NetDeviceContainer
MakeTopology(NodeContainer& hosts, bool viaSwitch)
{
    if (!viaSwitch)
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10us"));
        return p2p.Install(hosts);
    }
    Ptr<Node> sw = CreateObject<Node>();
    CsmaHelper csma;
    csma.SetChannelAttribute("DataRate", StringValue("1Gbps"));
    csma.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
    NetDeviceContainer phys;
    NetDeviceContainer ports;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        NetDeviceContainer link = csma.Install(NodeContainer(hosts.Get(i), sw));
        phys.Add(link.Get(0));
        ports.Add(link.Get(1));
    }
    BridgeHelper bridge;
    bridge.Install(sw, ports);
    return phys;
}

/**
 * Goodput of a 0.5 s BulkSend transfer, with plain devices or with HostNetDevices.
 * @param viaSwitch CSMA switch (true) or point-to-point
 * @param scheme host scheme, or "" for plain ns-3 devices
 * @param[out] host the receiver's HostNetDevice stats (when a scheme is given)
 * @return goodput in bit/s
 */
double
TcpGoodput(bool viaSwitch, const std::string& scheme, HostNetDeviceStats* host)
{
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    RngSeedManager::SetRun(1);
    NodeContainer hosts(2);
    NetDeviceContainer devices = MakeTopology(hosts, viaSwitch);
    InternetStackHelper stack;
    stack.Install(hosts);
    if (!scheme.empty())
    {
        HostNetDeviceHelper helper;
        helper.SetScheme(scheme);
        devices = helper.Install(devices);
        helper.AssignStreams(devices, 10);
    }
    Ipv4AddressHelper ipv4("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(ifaces.GetAddress(1), 5000));
    bulk.Install(hosts.Get(0)).Stop(Seconds(0.5));
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 5000));
    ApplicationContainer sink = sinkHelper.Install(hosts.Get(1));
    Simulator::Stop(Seconds(0.5));
    Simulator::Run();
    double goodput = DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx() * 8 / 0.5;
    if (host)
    {
        *host = DynamicCast<HostNetDevice>(devices.Get(1))->GetStats();
    }
    Simulator::Destroy();
    return goodput;
}

/// Send times of echo requests, to compute round-trip times.
struct RttLog
{
    std::vector<Time> sent;     ///< request send times
    std::vector<Time> received; ///< reply receive times
};

/// UdpEchoClient Tx trace.
void
EchoSent(RttLog* log, Ptr<const Packet>)
{
    log->sent.push_back(Simulator::Now());
}

/// UdpEchoClient Rx trace.
void
EchoReceived(RttLog* log, Ptr<const Packet>)
{
    log->received.push_back(Simulator::Now());
}

/**
 * Mean RTT of 100 UDP echoes (one every ms) when the echo server's host uses rx-usecs.
 * @param rxUsecs the server host's rx-usecs (0 = off)
 * @return mean RTT
 */
Time
EchoRtt(Time rxUsecs)
{
    RngSeedManager::SetRun(1);
    NodeContainer hosts(2);
    NetDeviceContainer phys = MakeTopology(hosts, false);
    InternetStackHelper stack;
    stack.Install(hosts);
    HostNetDeviceHelper client;
    HostNetDeviceHelper server;
    server.SetModeration("ns3::RxUsecsModeration", "Interval", TimeValue(rxUsecs));
    NetDeviceContainer devices;
    devices.Add(client.Install(phys.Get(0)));
    devices.Add(server.Install(phys.Get(1)));
    client.AssignStreams(devices, 10);
    Ipv4AddressHelper ipv4("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);
    UdpEchoServerHelper echoServer(7);
    echoServer.Install(hosts.Get(1));
    UdpEchoClientHelper echoClient(ifaces.GetAddress(1), 7);
    echoClient.SetAttribute("MaxPackets", UintegerValue(100));
    echoClient.SetAttribute("Interval", TimeValue(MilliSeconds(1)));
    echoClient.SetAttribute("PacketSize", UintegerValue(64));
    ApplicationContainer apps = echoClient.Install(hosts.Get(0));
    RttLog log;
    apps.Get(0)->TraceConnectWithoutContext("Tx", MakeBoundCallback(&EchoSent, &log));
    apps.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&EchoReceived, &log));
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    Simulator::Destroy();
    NS_ABORT_MSG_IF(log.received.size() != 100 || log.sent.size() != 100, "echoes lost");
    Time sum(0);
    for (size_t i = 0; i < log.sent.size(); ++i)
    {
        sum += log.received[i] - log.sent[i];
    }
    return sum / 100;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief A TCP transfer between HostNetDevice hosts reaches the goodput of plain ns-3.
 *
 * Over point-to-point the hosts (Salah et al. 2007 costs, 1.5 Gb/s of protocol capacity for
 * 1500-byte frames) are not the bottleneck of a 1 Gb/s link: goodput within 10 % of plain
 * ns-3 devices. Through the CSMA switch (a half-duplex shared segment per port in ns-3,
 * which caps plain ns-3 well below 1 Gb/s) the same holds.
 */
class TcpTransferTestCase : public TestCase
{
  public:
    /// @param viaSwitch CSMA + bridge (true) or point-to-point
    TcpTransferTestCase(bool viaSwitch)
        : TestCase(std::string("TCP BulkSend through hosts over ") +
                   (viaSwitch ? "CSMA and a bridge" : "point-to-point")),
          m_viaSwitch(viaSwitch)
    {
    }

  private:
    void DoRun() override
    {
        double plain = TcpGoodput(m_viaSwitch, "", nullptr);
        NS_TEST_ASSERT_MSG_GT(plain, 100e6, "plain ns-3 transfer works");
        for (std::string scheme : {"normal", "napi"})
        {
            HostNetDeviceStats stats;
            double goodput = TcpGoodput(m_viaSwitch, scheme, &stats);
            std::cout << (m_viaSwitch ? "switch " : "p2p ") << scheme << " goodput "
                      << goodput / 1e6 << " Mb/s (plain " << plain / 1e6 << ")\n";
            NS_TEST_EXPECT_MSG_GT(goodput, 0.9 * plain, scheme << ": goodput near plain ns-3");
            NS_TEST_EXPECT_MSG_LT(goodput, 1e9, scheme << ": below the link rate");
            NS_TEST_EXPECT_MSG_GT(stats.rxDelivered,
                                  goodput * 0.5 / 8 / 1500 * 0.9,
                                  "the receiver's host model carried the segments");
            NS_TEST_EXPECT_MSG_GT(stats.interrupts, 0, "interrupts were taken");
        }
    }

    bool m_viaSwitch; ///< topology
};

/**
 * @ingroup hostnet-tests
 * @brief rx-usecs = 100 on the echo server's host adds about 100 us to the RTT.
 *
 * Each request waits for the coalescing timer started by its own arrival (one frame per
 * interval at 1 echo/ms): RTT(100 us) - RTT(0) = 100 us, within 5 %.
 */
class CoalescingRttTestCase : public TestCase
{
  public:
    CoalescingRttTestCase()
        : TestCase("rx-usecs = 100 adds ~100 us to the measured RTT")
    {
    }

  private:
    void DoRun() override
    {
        Time base = EchoRtt(Time(0));
        Time coalesced = EchoRtt(MicroSeconds(100));
        std::cout << "RTT without coalescing " << base.As(Time::US) << ", with rx-usecs=100 "
                  << coalesced.As(Time::US) << "\n";
        NS_TEST_EXPECT_MSG_EQ_TOL((coalesced - base).GetMicroSeconds(),
                                  100,
                                  5,
                                  "RTT grows by the coalescing interval");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief HostNetDeviceHelper::Install by name, InstallAll on a node; pcap and ascii traces.
 *
 * InstallAll(node) wraps the PHY but neither the loopback nor an already wrapped device; the
 * traces record the 100 echo requests received by the server and its 100 replies.
 */
class HelperTracingTestCase : public TestCase
{
  public:
    HelperTracingTestCase()
        : TestCase("helper: Install by name, InstallAll on a node, pcap and ascii")
    {
    }

  private:
    /// Run 100 echoes with the server's HostNetDevice traced; the trace files are closed
    /// when the devices are destroyed at the end of this scope.
    void RunEcho(const std::string& pcap, const std::string& ascii)
    {
        NodeContainer hosts(2);
        NetDeviceContainer phys = MakeTopology(hosts, false);
        InternetStackHelper stack;
        stack.Install(hosts);
        Names::Add("client-eth0", phys.Get(0));
        HostNetDeviceHelper helper;
        NetDeviceContainer devices;
        devices.Add(helper.Install("client-eth0"));
        NetDeviceContainer serverDevices = helper.InstallAll(hosts.Get(1));
        NS_TEST_ASSERT_MSG_EQ(serverDevices.GetN(), 1, "only the PHY is wrapped");
        NS_TEST_ASSERT_MSG_EQ(helper.InstallAll(hosts.Get(1)).GetN(), 0, "nothing left to wrap");
        devices.Add(serverDevices);
        Ipv4AddressHelper ipv4("10.0.0.0", "255.255.255.0");
        Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);
        helper.EnablePcap(pcap, devices.Get(1), false, true);
        AsciiTraceHelper asciiHelper;
        helper.EnableAscii(asciiHelper.CreateFileStream(ascii), devices.Get(1));
        UdpEchoServerHelper echoServer(7);
        echoServer.Install(hosts.Get(1));
        UdpEchoClientHelper echoClient(ifaces.GetAddress(1), 7);
        echoClient.SetAttribute("MaxPackets", UintegerValue(100));
        echoClient.SetAttribute("Interval", TimeValue(MilliSeconds(1)));
        echoClient.Install(hosts.Get(0));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        Simulator::Destroy();
        Names::Clear();
    }

    void DoRun() override
    {
        std::string pcap = CreateTempDirFilename("hostnet-server.pcap");
        std::string ascii = CreateTempDirFilename("hostnet-server.tr");
        RunEcho(pcap, ascii);
        PcapFile file;
        file.Open(pcap, std::ios::in);
        NS_TEST_ASSERT_MSG_EQ(file.Fail(), false, "pcap file written");
        NS_TEST_EXPECT_MSG_EQ(file.GetDataLinkType(), uint32_t(PcapHelper::DLT_RAW), "raw IP");
        uint32_t records = 0;
        uint8_t buffer[2048];
        uint32_t tsSec;
        uint32_t tsUsec;
        uint32_t inclLen;
        uint32_t origLen;
        uint32_t readLen;
        while (true)
        {
            file.Read(buffer, sizeof(buffer), tsSec, tsUsec, inclLen, origLen, readLen);
            if (file.Fail() || file.Eof())
            {
                break;
            }
            records++;
        }
        NS_TEST_EXPECT_MSG_EQ(records, 200, "100 requests in, 100 replies out");
        std::ifstream tr(ascii);
        uint32_t lines = 0;
        for (std::string line; std::getline(tr, line);)
        {
            lines++;
        }
        NS_TEST_EXPECT_MSG_EQ(lines, 200, "one ascii line per frame");
    }
};

/**
 * @ingroup hostnet-tests
 * Frames from three senders on one shared channel reach the stack with their own sender
 * address (frames carry an index into the device's table of senders, not an Address).
 */
class SenderAddressTestCase : public TestCase
{
  public:
    SenderAddressTestCase()
        : TestCase("three senders on a shared channel: each frame's receive callback names its "
                   "sender")
    {
    }

  private:
    void DoRun() override
    {
        auto channel = CreateObject<SimpleChannel>();
        std::vector<Ptr<SimpleNetDevice>> phys;
        for (int i = 0; i < 4; ++i)
        {
            Ptr<Node> node = CreateObject<Node>();
            auto phy = CreateObject<SimpleNetDevice>();
            phy->SetAddress(Mac48Address::Allocate());
            phy->SetChannel(channel);
            node->AddDevice(phy);
            phys.push_back(phy);
        }
        HostNetDeviceHelper helper;
        helper.SetScheme("napi");
        Ptr<HostNetDevice> host = helper.Install(phys[3]);
        std::vector<Address> seen;
        host->SetReceiveCallback(
            [&seen](Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address& from) {
                seen.push_back(from);
                return true;
            });
        // Senders 0, 1, 2, 1, 0, 2, 2 at 10 us intervals.
        std::vector<int> order{0, 1, 2, 1, 0, 2, 2};
        for (std::size_t k = 0; k < order.size(); ++k)
        {
            Ptr<SimpleNetDevice> phy = phys[order[k]];
            Address to = host->GetAddress();
            Simulator::Schedule(MicroSeconds(10 * (k + 1)),
                                [phy, to]() { phy->Send(Create<Packet>(100), to, 0x0800); });
        }
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(seen.size(), order.size(), "every frame delivered");
        for (std::size_t k = 0; k < order.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(seen[k], phys[order[k]]->GetAddress(), "frame " << k);
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief IPv6 through HostNetDevices: neighbour discovery, UDP echoes and a TCP transfer.
 *
 * HostNetDevice passes every frame with its protocol number (0x86DD here) between IP and the
 * PHY; the IPv4-specific parts (GRO, RSS's port hash, TSO, the PSH marker) leave other
 * protocols alone. Expected: after duplicate address detection (the applications start at
 * 2 s), all 20 echoes return, over point-to-point and through a CSMA switch (where the
 * neighbour solicitations and advertisements cross the HostNetDevices too); a 1 MB TCP
 * transfer arrives whole (a conservation check); the server's HostNetDevice counted the
 * frames it handed up (its receive path, not a bypass, carried them).
 */
class Ipv6TestCase : public TestCase
{
  public:
    /// @param viaSwitch CSMA switch (true) or point-to-point
    Ipv6TestCase(bool viaSwitch)
        : TestCase(std::string("IPv6 UDP echo and TCP through HostNetDevices, ") +
                   (viaSwitch ? "CSMA switch" : "point-to-point")),
          m_viaSwitch(viaSwitch)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetRun(1);
        NodeContainer hosts(2);
        NetDeviceContainer phys = MakeTopology(hosts, m_viaSwitch);
        InternetStackHelper stack;
        stack.SetIpv4StackInstall(false);
        stack.Install(hosts);
        HostNetDeviceHelper helper;
        helper.SetScheme("napi");
        NetDeviceContainer devices = helper.Install(phys);
        helper.AssignStreams(devices, 10);
        Ipv6AddressHelper ipv6(Ipv6Address("2001:db8::"), Ipv6Prefix(64));
        Ipv6InterfaceContainer ifaces = ipv6.Assign(devices);
        Ipv6Address server = ifaces.GetAddress(1, 1); // 0: link-local, 1: global

        UdpEchoServerHelper echoServer(7);
        echoServer.Install(hosts.Get(1));
        UdpEchoClientHelper echoClient(server, 7);
        echoClient.SetAttribute("MaxPackets", UintegerValue(20));
        echoClient.SetAttribute("Interval", TimeValue(MilliSeconds(1)));
        echoClient.SetAttribute("PacketSize", UintegerValue(200));
        ApplicationContainer client = echoClient.Install(hosts.Get(0));
        client.Start(Seconds(2));
        RttLog log;
        client.Get(0)->TraceConnectWithoutContext("Tx", MakeBoundCallback(&EchoSent, &log));
        client.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&EchoReceived, &log));

        BulkSendHelper bulk("ns3::TcpSocketFactory", Inet6SocketAddress(server, 5000));
        bulk.SetAttribute("MaxBytes", UintegerValue(1000000));
        bulk.Install(hosts.Get(0)).Start(Seconds(2.1));
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    Inet6SocketAddress(Ipv6Address::GetAny(), 5000));
        ApplicationContainer sink = sinkHelper.Install(hosts.Get(1));

        Simulator::Stop(Seconds(3));
        Simulator::Run();
        HostNetDeviceStats stats = DynamicCast<HostNetDevice>(devices.Get(1))->GetStats();
        uint64_t received = DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(log.sent.size(), 20, "the client sent its 20 requests");
        NS_TEST_ASSERT_MSG_EQ(log.received.size(), 20, "every IPv6 echo came back");
        NS_TEST_ASSERT_MSG_EQ(received, 1000000, "the 1 MB TCP transfer over IPv6 arrived whole");
        // The 20 requests and the data segments: more than 1e6 / 1440 (the MSS of IPv6 at 1500).
        NS_TEST_ASSERT_MSG_GT(stats.rxPackets, 20 + 1000000 / 1440, "handed up by the device");
    }

    bool m_viaSwitch; ///< CSMA switch (true) or point-to-point
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-end-to-end suite.
 */
class EndToEndTestSuite : public TestSuite
{
  public:
    EndToEndTestSuite()
        : TestSuite("hostnet-end-to-end", Type::SYSTEM)
    {
        AddTestCase(new TcpTransferTestCase(false), TestCase::Duration::QUICK);
        AddTestCase(new TcpTransferTestCase(true), TestCase::Duration::QUICK);
        AddTestCase(new CoalescingRttTestCase, TestCase::Duration::QUICK);
        AddTestCase(new HelperTracingTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SenderAddressTestCase, TestCase::Duration::QUICK);
        AddTestCase(new Ipv6TestCase(false), TestCase::Duration::QUICK);
        AddTestCase(new Ipv6TestCase(true), TestCase::Duration::QUICK);
    }
};

/// Static instance.
static EndToEndTestSuite g_endToEndTestSuite;
