/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// RSS: the Toeplitz hash reproduces the Microsoft specification's verification values, one
// flow keeps one queue, distinct flows spread evenly (chi-square), and packets are steered
// by their 4-tuple.

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// The specification's verification suite (IPv4): source, destination, hashes.
struct Vector
{
    const char* src;     ///< source address
    uint16_t srcPort;    ///< source port
    const char* dst;     ///< destination address
    uint16_t dstPort;    ///< destination port
    uint32_t ipv4;       ///< hash of the addresses
    uint32_t ipv4WithL4; ///< hash with the ports
};

const Vector VECTORS[] = {
    {"66.9.149.187", 2794, "161.142.100.80", 1766, 0x323e8fc2, 0x51ccc178},
    {"199.92.111.2", 14230, "65.69.140.83", 4739, 0xd718262a, 0xc626b0ea},
    {"24.19.198.95", 12898, "12.22.207.184", 38024, 0xd2d0a5de, 0x5c2b394a},
    {"38.27.205.30", 48228, "209.142.163.6", 2217, 0x82989176, 0xafc7327f},
    {"153.39.163.191", 44251, "202.188.127.2", 1303, 0x5d1809c5, 0x10e828a2},
};

/// The Toeplitz hash against the specification's values.
class RssVectorsTestCase : public TestCase
{
  public:
    RssVectorsTestCase()
        : TestCase("Toeplitz hash: the RSS specification's verification values")
    {
    }

  private:
    void DoRun() override
    {
        RssHash rss;
        for (const auto& v : VECTORS)
        {
            Ipv4Address src(v.src);
            Ipv4Address dst(v.dst);
            NS_TEST_EXPECT_MSG_EQ(rss.HashAddresses(src, dst), v.ipv4, "addresses of " << v.src);
            NS_TEST_EXPECT_MSG_EQ(rss.HashFlow(src, dst, v.srcPort, v.dstPort),
                                  v.ipv4WithL4,
                                  "4-tuple of " << v.src);
        }
    }
};

/// Distinct flows spread evenly over the queues; one flow keeps one queue.
class RssSpreadTestCase : public TestCase
{
  public:
    RssSpreadTestCase()
        : TestCase("flows spread evenly over 8 queues (chi-square); a flow keeps its queue")
    {
    }

  private:
    void DoRun() override
    {
        RssHash rss;
        rss.SetQueues(8);
        auto u = CreateObject<UniformRandomVariable>();
        u->SetStream(7);
        const uint32_t flows = 8000;
        std::vector<double> count(8, 0);
        for (uint32_t i = 0; i < flows; ++i)
        {
            Ipv4Address src(u->GetInteger(0, 0xffffffff));
            Ipv4Address dst("10.0.0.1");
            auto sport = static_cast<uint16_t>(u->GetInteger(1024, 65535));
            uint32_t q = rss.GetQueue(rss.HashFlow(src, dst, sport, 80));
            NS_TEST_ASSERT_MSG_LT(q, 8u, "queue out of range");
            NS_TEST_ASSERT_MSG_EQ(rss.GetQueue(rss.HashFlow(src, dst, sport, 80)),
                                  q,
                                  "the same flow moved");
            count[q] += 1;
        }
        double chi2 = 0;
        for (double c : count)
        {
            chi2 += (c - flows / 8.0) * (c - flows / 8.0) / (flows / 8.0);
        }
        // 7 degrees of freedom: P(chi2 > 24.32) = 0.001 for a uniform spread.
        NS_TEST_ASSERT_MSG_LT(chi2, 24.32, "uneven spread");
        // A table that sends everything to queue 3.
        rss.SetIndirectionTable(std::vector<uint32_t>(64, 3));
        NS_TEST_ASSERT_MSG_EQ(rss.GetQueue(12345u), 3u, "explicit indirection table");
    }
};

/// Packets are steered by the 4-tuple in their IPv4 and UDP headers.
class RssPacketTestCase : public TestCase
{
  public:
    RssPacketTestCase()
        : TestCase("packets are steered by their headers")
    {
    }

  private:
    void DoRun() override
    {
        RssHash rss;
        rss.SetQueues(16);
        for (const auto& v : VECTORS)
        {
            Ptr<Packet> p = Create<Packet>(100);
            UdpHeader udp;
            udp.SetSourcePort(v.srcPort);
            udp.SetDestinationPort(v.dstPort);
            p->AddHeader(udp);
            Ipv4Header ip;
            ip.SetSource(Ipv4Address(v.src));
            ip.SetDestination(Ipv4Address(v.dst));
            ip.SetProtocol(17);
            ip.SetPayloadSize(p->GetSize());
            p->AddHeader(ip);
            NS_TEST_EXPECT_MSG_EQ(rss.GetQueue(p),
                                  rss.GetQueue(v.ipv4WithL4),
                                  "queue of the packet from " << v.src);
        }
    }
};

} // namespace

/// The hostnet-rss suite.
class RssHashTestSuite : public TestSuite
{
  public:
    RssHashTestSuite()
        : TestSuite("hostnet-rss", Type::UNIT)
    {
        AddTestCase(new RssVectorsTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new RssSpreadTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new RssPacketTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static RssHashTestSuite g_rssHashTestSuite;
