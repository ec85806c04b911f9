/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// TcpPushMarker: PSH where Linux's tcp_sendmsg puts it, seen on the wire of a hostnet sender
// (segments of 1000 bytes; the SYN takes sequence number 0, data starts at 1).

#include "hostnet-test-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <sstream>

using namespace ns3;
using namespace hostnet_test;

namespace
{

/// A data segment as the receiver's IP saw it.
struct Seen
{
    uint32_t seq;  ///< first sequence number
    uint32_t size; ///< payload bytes
    bool push;     ///< PSH set
};

/**
 * Trace sink for the receiver's Ipv4L3Protocol "Rx": record data segments.
 * @param seen the record
 * @param packet the IPv4 packet
 */
void
RecordSegment(std::vector<Seen>* seen, Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t)
{
    Ptr<Packet> p = packet->Copy();
    Ipv4Header ip;
    TcpHeader tcp;
    p->RemoveHeader(ip);
    p->RemoveHeader(tcp);
    if (p->GetSize() > 0)
    {
        seen->push_back({tcp.GetSequenceNumber().GetValue(),
                         p->GetSize(),
                         (tcp.GetFlags() & TcpHeader::PSH) != 0});
    }
}

/**
 * @param seen segments
 * @return the ends (seq + size) of those with PSH, space separated
 */
std::string
PushedEnds(const std::vector<Seen>& seen)
{
    std::ostringstream os;
    for (const auto& s : seen)
    {
        if (s.push)
        {
            os << (os.tellp() > 0 ? " " : "") << s.seq + s.size;
        }
    }
    return os.str();
}

/**
 * A hostnet sender (zero-cost host) and a plain receiver on a 10 Gb/s channel; the sender's
 * socket writes @p writes (bytes each, all at once when connected) and the receiver reads.
 * @param writes the sizes of the send calls made when the connection is up
 * @param receiveBuffer the receiver's RcvBufSize (its window)
 * @param enabled TcpPushMarker::Enabled of the sender
 * @return the data segments the receiver got
 */
std::vector<Seen>
Transfer(const std::vector<uint32_t>& writes, uint32_t receiveBuffer, bool enabled)
{
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1000));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(receiveBuffer));
    Ptr<Node> sender = CreateObject<Node>();
    Ptr<Node> receiver = CreateObject<Node>();
    auto channel = CreateObject<SimpleChannel>();
    auto txPhy = CreateObject<SimpleNetDevice>();
    auto rxPhy = CreateObject<SimpleNetDevice>();
    for (auto [node, dev] : {std::pair{sender, txPhy}, std::pair{receiver, rxPhy}})
    {
        dev->SetAddress(Mac48Address::Allocate());
        dev->SetChannel(channel);
        dev->SetAttribute("DataRate", DataRateValue(DataRate("10Gbps")));
        node->AddDevice(dev);
    }
    HostNetDeviceHelper helper; // the host's costs do not matter here
    Ptr<HostNetDevice> host = helper.Install(txPhy);
    InternetStackHelper internet;
    internet.Install(sender);
    internet.Install(receiver);
    NetDeviceContainer devices(host);
    devices.Add(rxPhy);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addresses.Assign(devices);
    sender->GetObject<HostNetStack>()->GetPushMarker()->SetAttribute("Enabled",
                                                                     BooleanValue(enabled));

    std::vector<Seen> seen;
    receiver->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
        "Rx",
        MakeBoundCallback(&RecordSegment, &seen));
    Ptr<Socket> sink = Socket::CreateSocket(receiver, TcpSocketFactory::GetTypeId());
    sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
    sink->Listen();
    std::vector<Ptr<Socket>> accepted;
    sink->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                            [&accepted](Ptr<Socket> s, const Address&) {
                                s->SetRecvCallback([](Ptr<Socket> r) {
                                    while (r->Recv())
                                    {
                                    }
                                });
                                accepted.push_back(s);
                            });
    Ptr<Socket> source = Socket::CreateSocket(sender, TcpSocketFactory::GetTypeId());
    HostNetStack::ConfigureNodeSocket(sender, source);
    source->Bind();
    source->SetConnectCallback(
        [writes](Ptr<Socket> s) {
            for (uint32_t bytes : writes)
            {
                s->Send(Create<Packet>(bytes));
                TcpPushMarker::SendCallEnded(s);
            }
        },
        MakeNullCallback<void, Ptr<Socket>>());
    source->Connect(InetSocketAddress(ifs.GetAddress(1), 9));
    Simulator::Stop(MilliSeconds(50));
    Simulator::Run();
    Simulator::Destroy();
    Config::Reset();
    return seen;
}

/**
 * @ingroup hostnet
 * @brief The last segment of each send call carries PSH, the others not; writes made in one
 * instant with nothing older waiting are separate skbs, each with its PSH.
 */
class TcpPushSendCallTestCase : public TestCase
{
  public:
    TcpPushSendCallTestCase()
        : TestCase("PSH: on the last segment of each send call")
    {
    }

  private:
    void DoRun() override
    {
        // One write of 2500 bytes: segments [1, 1001), [1001, 2001), [2001, 2501), PSH on
        // the last.
        auto one = Transfer({2500}, 131072, true);
        NS_TEST_ASSERT_MSG_EQ(one.size(), 3, "three segments");
        NS_TEST_ASSERT_MSG_EQ(PushedEnds(one), "2501", "PSH on the write's last segment");
        // Writes of 1500 and 700 in one instant: Linux sends the first before the second is
        // made (window open), so both ends carry PSH; ns-3 cuts the bytes into 1000-byte
        // segments: [1, 1001), [1001, 2001) holds the first write's end (1501), [2001, 2201).
        auto two = Transfer({1500, 700}, 131072, true);
        NS_TEST_ASSERT_MSG_EQ(PushedEnds(two), "2001 2201", "each write's end");
        // Enabled false: ns-3's TCP as it is.
        auto off = Transfer({2500}, 131072, false);
        NS_TEST_ASSERT_MSG_EQ(off.size(), 3, "three segments");
        NS_TEST_ASSERT_MSG_EQ(PushedEnds(off), "", "no PSH when disabled");
    }
};

/**
 * @ingroup hostnet
 * @brief One write larger than the window: skbs of size_goal (half the peer's largest
 * window), PSH on one that fills when more than half the window was written since the last
 * mark (forced_push), and on the write's end.
 */
class TcpPushForcedTestCase : public TestCase
{
  public:
    TcpPushForcedTestCase()
        : TestCase("PSH: forced push after half the peer's largest window")
    {
    }

  private:
    void DoRun() override
    {
        // Window 8000: size_goal 4000 bytes (4 segments), skbs [1, 4001), [4001, 8001), ...
        // pushed_seq starts at 1. The skb ending at 4001 has 4000 written since (not more
        // than 4000), the one ending at 8001 has 8000: forced push, pushed_seq 8001; 12001
        // no, 16001 yes; the last skb [16001, 20001) ends the write.
        auto seen = Transfer({20000}, 8000, true);
        uint32_t bytes = 0;
        for (const auto& s : seen)
        {
            bytes += s.size;
        }
        NS_TEST_ASSERT_MSG_EQ(bytes, 20000, "everything arrived once");
        NS_TEST_ASSERT_MSG_EQ(PushedEnds(seen), "8001 16001 20001", "forced pushes and the end");
    }
};

/**
 * @ingroup hostnet
 * @brief TcpPushMarker and the device's PSH.
 */
class TcpPushTestSuite : public TestSuite
{
  public:
    TcpPushTestSuite()
        : TestSuite("hostnet-tcp-push", Type::UNIT)
    {
        AddTestCase(new TcpPushSendCallTestCase, TestCase::Duration::QUICK);
        AddTestCase(new TcpPushForcedTestCase, TestCase::Duration::QUICK);
    }
};

/// The suite's instance.
TcpPushTestSuite g_tcpPushTestSuite;

} // namespace
