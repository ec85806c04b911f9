/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// GroEngine's lists as Linux keeps them (net/core/gro.c since 4.19): GRO_HASH_BUCKETS = 8
// lists by flow hash, MAX_GRO_SKBS = 8 packets per list (a new flow in a full list flushes
// that list's oldest), flushes bucket by bucket from each list's oldest packet, and
// napi_gro_flush(napi, true) keeping the packets started in the current jiffy.

#include "hostnet-test-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

using namespace ns3;
using namespace hostnet_test;

namespace
{

/**
 * A TCP/IPv4 data segment as the NIC hands it to GRO.
 * @param port the flow (its TCP source port)
 * @param seq sequence number
 * @param hash the flow hash (skb->hash)
 * @param flags TCP flags
 * @return the frame (IP header first), 1000 bytes of payload
 */
RxFrame
Segment(uint16_t port, uint32_t seq, uint32_t hash, uint8_t flags = TcpHeader::ACK)
{
    Ptr<Packet> p = Create<Packet>(1000);
    TcpHeader tcp;
    tcp.SetSourcePort(port);
    tcp.SetDestinationPort(80);
    tcp.SetSequenceNumber(SequenceNumber32(seq));
    tcp.SetAckNumber(SequenceNumber32(1));
    tcp.SetFlags(flags);
    tcp.SetWindowSize(1000);
    p->AddHeader(tcp);
    Ipv4Header ip;
    ip.SetSource(Ipv4Address("10.0.0.1"));
    ip.SetDestination(Ipv4Address("10.0.0.2"));
    ip.SetProtocol(6);
    ip.SetTtl(64);
    ip.SetPayloadSize(p->GetSize());
    p->AddHeader(ip);
    RxFrame frame;
    frame.packet = p;
    frame.protocol = 0x0800;
    frame.size = p->GetSize();
    frame.hash = hash;
    return frame;
}

/**
 * @param frame a packet GRO handed out
 * @return its flow (TCP source port) and segment count, as "port:segments"
 */
std::string
Describe(const RxFrame& frame)
{
    Ptr<Packet> p = frame.packet->Copy();
    Ipv4Header ip;
    TcpHeader tcp;
    p->RemoveHeader(ip);
    p->RemoveHeader(tcp);
    return std::to_string(tcp.GetSourcePort()) + ":" + std::to_string(frame.segments);
}

/**
 * @param out packets handed out
 * @return their descriptions, space separated
 */
std::string
Describe(const RingFifo<RxFrame>& out)
{
    std::string s;
    for (std::size_t i = 0; i < out.size(); ++i)
    {
        if (!s.empty())
        {
            s += ' ';
        }
        s += Describe(out[i]);
    }
    return s;
}

/**
 * @ingroup hostnet
 * @brief 8 packets per bucket, not 8 in all: 16 flows in two buckets are all held; a 17th
 * flow in a full bucket flushes that bucket's oldest; FlushAll goes bucket by bucket.
 */
class GroBucketsTestCase : public TestCase
{
  public:
    GroBucketsTestCase()
        : TestCase("GRO: 8 buckets by hash, 8 packets per bucket, oldest of the bucket flushed")
    {
    }

  private:
    void DoRun() override
    {
        auto gro = CreateObject<GroEngine>();
        RingFifo<RxFrame> out;
        // Flows 1-8 hash to bucket 0 (hash 8k), flows 9-16 to bucket 1 (hash 8k + 1), in the
        // order 9, 1, 10, 2, ... so that age order and bucket order differ.
        for (uint16_t i = 0; i < 8; ++i)
        {
            gro->Receive(Segment(9 + i, 1000, 8 * i + 1), out);
            gro->Receive(Segment(1 + i, 1000, 8 * i), out);
        }
        NS_TEST_ASSERT_MSG_EQ(Describe(out), "", "16 flows in two buckets are all held");
        NS_TEST_ASSERT_MSG_EQ(gro->GetNHeld(), 16, "16 segments held");
        // A 17th flow in bucket 0 (hash 64): bucket 0's oldest, flow 1, leaves.
        gro->Receive(Segment(17, 1000, 64), out);
        NS_TEST_ASSERT_MSG_EQ(Describe(out), "1:1", "gro_flush_oldest: flow 1 leaves");
        out.clear();
        // Flow 2's next segment (seq 1000 + 1000) merges into its held packet.
        gro->Receive(Segment(2, 2000, 8), out);
        NS_TEST_ASSERT_MSG_EQ(Describe(out), "", "in-order segment merged");
        gro->FlushAll(out);
        NS_TEST_ASSERT_MSG_EQ(Describe(out),
                              "2:2 3:1 4:1 5:1 6:1 7:1 8:1 17:1 9:1 10:1 11:1 12:1 13:1 14:1 "
                              "15:1 16:1",
                              "bucket 0 oldest first, then bucket 1 (napi_gro_flush)");
        NS_TEST_ASSERT_MSG_EQ(gro->GetNHeld(), 0, "nothing held after FlushAll");

        // One bucket (the NIC's LRO engine): 8 packets in all, the oldest leaves.
        auto lro = CreateObject<GroEngine>();
        lro->SetAttribute("Buckets", UintegerValue(1));
        out.clear();
        for (uint16_t i = 0; i < 9; ++i)
        {
            lro->Receive(Segment(1 + i, 1000, i), out);
        }
        NS_TEST_ASSERT_MSG_EQ(Describe(out),
                              "1:1",
                              "Buckets = 1: the ninth flow flushes the first");
        gro->Dispose();
        lro->Dispose();
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet
 * @brief A segment GRO cannot hold (a pure ACK) flushes its flow's held packet first, so it
 * never overtakes the flow's data (tcp_gro_receive); another flow's ACK leaves it held.
 */
class GroPureAckOrderTestCase : public TestCase
{
  public:
    GroPureAckOrderTestCase()
        : TestCase("GRO: a pure ACK flushes its flow's held data before it goes up")
    {
    }

  private:
    void DoRun() override
    {
        auto gro = CreateObject<GroEngine>();
        RingFifo<RxFrame> out;
        gro->Receive(Segment(1, 1000, 0), out);
        gro->Receive(Segment(1, 2000, 0), out);
        gro->Receive(Segment(2, 1000, 0), out);
        NS_TEST_ASSERT_MSG_EQ(Describe(out), "", "two flows held");
        // Flow 1's pure ACK (no payload) after its data.
        RxFrame ack = Segment(1, 3000, 0);
        Ptr<Packet> headers = ack.packet->Copy();
        Ipv4Header ip;
        TcpHeader tcp;
        headers->RemoveHeader(ip);
        headers->RemoveHeader(tcp);
        Ptr<Packet> bare = Create<Packet>();
        bare->AddHeader(tcp);
        ip.SetPayloadSize(bare->GetSize());
        bare->AddHeader(ip);
        ack.packet = bare;
        ack.size = bare->GetSize();
        gro->Receive(std::move(ack), out);
        NS_TEST_ASSERT_MSG_EQ(Describe(out), "1:2 1:1", "flow 1's data, then its ACK");
        NS_TEST_ASSERT_MSG_EQ(gro->GetNHeld(), 1, "flow 2 still held");
        gro->Dispose();
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet
 * @brief FlushOld (napi_gro_flush(napi, true)) keeps the packets started in the current
 * jiffy (1 ms); a merge does not make a packet younger.
 */
class GroFlushOldTestCase : public TestCase
{
  public:
    GroFlushOldTestCase()
        : TestCase("GRO: FlushOld keeps the packets of the current jiffy")
    {
    }

  private:
    void DoRun() override
    {
        auto gro = CreateObject<GroEngine>();
        RingFifo<RxFrame> out;
        std::string at1500;
        std::string at2100;
        auto receive = [&](uint16_t port, uint32_t seq, uint32_t hash) {
            gro->Receive(Segment(port, seq, hash), out);
        };
        // Jiffy 0: flows 1 and 2 start in bucket 3. Jiffy 1: flow 3 starts in bucket 3, flow
        // 1 grows (its age stays jiffy 0), flow 4 starts in bucket 0.
        Simulator::Schedule(MicroSeconds(500), [&]() { receive(1, 1000, 3); });
        Simulator::Schedule(MicroSeconds(900), [&]() { receive(2, 1000, 11); });
        Simulator::Schedule(MicroSeconds(1200), [&]() { receive(3, 1000, 19); });
        Simulator::Schedule(MicroSeconds(1250), [&]() { receive(1, 2000, 3); });
        Simulator::Schedule(MicroSeconds(1300), [&]() { receive(4, 1000, 8); });
        Simulator::Schedule(MicroSeconds(1500), [&]() {
            gro->FlushOld(out);
            at1500 = Describe(out);
            out.clear();
        });
        Simulator::Schedule(MicroSeconds(2100), [&]() {
            gro->FlushOld(out);
            at2100 = Describe(out);
            out.clear();
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(at1500,
                              "1:2 2:1",
                              "at 1.5 ms the jiffy-0 packets leave (flow 1 with its two "
                              "segments), flows 3 and 4 (jiffy 1) stay");
        NS_TEST_ASSERT_MSG_EQ(at2100, "4:1 3:1", "at 2.1 ms: bucket 0 (flow 4), then bucket 3");
        NS_TEST_ASSERT_MSG_EQ(gro->GetNHeld(), 0, "nothing held");
        gro->Dispose();
        Simulator::Destroy();
    }
};

/**
 * A host whose NAPI poll runs GRO, with deterministic costs: ISR 3 us, GRO 1 us per frame,
 * protocol 5 us per packet, unmask write 0.5 us; every frame interrupts (NoModeration).
 * @param napi attributes of the NapiRxMode (name, value)
 * @return the pair; "Delivered" records (time, segments) into the returned vector
 */
HostPair
GroHost(const std::vector<std::pair<std::string, std::string>>& napi)
{
    HostNetDeviceHelper helper = DeterministicHelper();
    helper.SetGroType("ns3::GroEngine");
    helper.SetCostAttribute("GroCost", StringValue("ns3::ConstantRandomVariable[Constant=1e-6]"));
    helper.SetCostAttribute("RegisterWriteCost",
                            StringValue("ns3::ConstantRandomVariable[Constant=5e-7]"));
    helper.SetModeration("ns3::NoModeration");
    helper.SetRxMode("ns3::NapiRxMode");
    for (const auto& [name, value] : napi)
    {
        helper.SetRxModeAttribute(name, StringValue(value));
    }
    return MakeHostPair(helper);
}

/// A delivered packet: when, and how many segments it merged (payload / 1000 bytes).
using Delivery = std::pair<Time, uint32_t>;

/**
 * Trace sink for "Delivered".
 * @param v the record
 * @param packet the packet (IPv4 + TCP headers, 40 bytes, then the payload)
 */
void
RecordSegments(std::vector<Delivery>* v, Ptr<const Packet> packet, Time)
{
    v->emplace_back(Simulator::Now(), (packet->GetSize() - 40) / 1000);
}

/**
 * Send segment seq of flow 1 from the pair's sender at t.
 * @param p the pair
 * @param t when
 * @param seq sequence number
 * @param flags TCP flags
 */
void
SendSegment(const HostPair& p, Time t, uint32_t seq, uint8_t flags = TcpHeader::ACK)
{
    Simulator::Schedule(t, [p, seq, flags]() {
        p.senderPhy->Send(Segment(1, seq, 5, flags).packet->Copy(), p.host->GetAddress(), 0x0800);
    });
}

/**
 * @ingroup hostnet
 * @brief gro_flush_timeout without napi_defer_hard_irqs: napi_complete_done keeps the young
 * packets and arms the timer, whose poll flushes them.
 */
class GroFlushTimeoutTestCase : public TestCase
{
  public:
    GroFlushTimeoutTestCase()
        : TestCase("GRO: GroFlushTimeout alone keeps packets across napi_complete_done; "
                   "PSH flushes them")
    {
    }

  private:
    /**
     * Two segments of one flow at 0 and 20 us.
     * @param timeout GroFlushTimeout
     * @param lastFlags the TCP flags of the second segment
     * @return the deliveries
     */
    static std::vector<Delivery> Run(const std::string& timeout, uint8_t lastFlags = TcpHeader::ACK)
    {
        HostPair p = GroHost({{"GroFlushTimeout", timeout}, {"DeferHardIrqs", "0"}});
        std::vector<Delivery> d;
        p.host->TraceConnectWithoutContext("Delivered", MakeBoundCallback(&RecordSegments, &d));
        SendSegment(p, Time(0), 1000);
        SendSegment(p, MicroSeconds(20), 2000, lastFlags);
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        Simulator::Destroy();
        return d;
    }

    void DoRun() override
    {
        // Off: each poll (ISR 3 us, GRO 1 us) completes and flushes its segment, protocol
        // 5 us: deliveries at 9 and 29 us (+ the DMA, a few ns).
        auto off = Run("0us");
        NS_TEST_ASSERT_MSG_EQ(off.size(), 2, "without the timeout each poll flushes");
        NS_TEST_ASSERT_MSG_EQ(off[0].second, 1, "one segment");
        NS_TEST_ASSERT_MSG_EQ_TOL(off[0].first.GetMicroSeconds(), 9, 0, "at 9 us");
        NS_TEST_ASSERT_MSG_EQ_TOL(off[1].first.GetMicroSeconds(), 29, 0, "at 29 us");
        // 50 us: the first completion (4 us) keeps the segment (same jiffy) and arms the
        // timer; the second segment's poll merges it at 24 us and re-arms the timer to 74 us;
        // the timer's poll does no work, flushes everything: one packet of 2 segments after
        // 5 us of protocol, at 79 us.
        auto on = Run("50us");
        NS_TEST_ASSERT_MSG_EQ(on.size(), 1, "one packet");
        NS_TEST_ASSERT_MSG_EQ(on[0].second, 2, "of both segments");
        NS_TEST_ASSERT_MSG_EQ_TOL(on[0].first.GetMicroSeconds(), 79, 0, "at 24 + 50 + 5 us");
        // 50 us, the second segment with PSH (tcp_gro_receive: flush on PSH): merged at
        // 24 us and flushed at once, one packet of 2 segments after 5 us of protocol, at
        // 29 us; the timer finds nothing.
        auto pushed = Run("50us", TcpHeader::ACK | TcpHeader::PSH);
        NS_TEST_ASSERT_MSG_EQ(pushed.size(), 1, "one packet");
        NS_TEST_ASSERT_MSG_EQ(pushed[0].second, 2, "of both segments");
        NS_TEST_ASSERT_MSG_EQ_TOL(pushed[0].first.GetMicroSeconds(), 29, 0, "at 24 + 5 us");
    }
};

/**
 * @ingroup hostnet
 * @brief A poll that used its whole weight flushes only the packets older than the current
 * jiffy (HZ = 1000), all of them with a longer jiffy (HZ = 250).
 */
class GroWeightUsedTestCase : public TestCase
{
  public:
    GroWeightUsedTestCase()
        : TestCase("GRO: a full poll flushes only packets older than a jiffy (HZ >= 1000)")
    {
    }

  private:
    /**
     * Three segments of one flow at once; NAPI weight 2.
     * @param jiffy GroEngine::JiffyPeriod
     * @return the deliveries
     */
    static std::vector<Delivery> Run(const std::string& jiffy)
    {
        Config::SetDefault("ns3::GroEngine::JiffyPeriod", StringValue(jiffy));
        HostPair p = GroHost({{"Weight", "2"}});
        std::vector<Delivery> d;
        p.host->TraceConnectWithoutContext("Delivered", MakeBoundCallback(&RecordSegments, &d));
        for (uint32_t i = 0; i < 3; ++i)
        {
            SendSegment(p, Time(0), 1000 * (i + 1));
        }
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        Simulator::Destroy();
        Config::Reset();
        return d;
    }

    void DoRun() override
    {
        // HZ 1000: the full poll (2 segments) keeps the packet (started this jiffy); the next
        // poll merges the third and completes: one packet of 3 segments, at 3 us ISR + 3 x
        // 1 us GRO + 5 us protocol = 11 us.
        auto hz1000 = Run("1ms");
        NS_TEST_ASSERT_MSG_EQ(hz1000.size(), 1, "HZ 1000: one packet");
        NS_TEST_ASSERT_MSG_EQ(hz1000[0].second, 3, "of all three segments");
        NS_TEST_ASSERT_MSG_EQ_TOL(hz1000[0].first.GetMicroSeconds(), 11, 0, "at 11 us");
        // HZ 250: the full poll flushes its packet of 2 segments (delivered at 3 + 2 + 5 =
        // 10 us); the third segment is a packet of its own (GRO 1 us, protocol 5 us: 16 us).
        auto hz250 = Run("4ms");
        NS_TEST_ASSERT_MSG_EQ(hz250.size(), 2, "HZ 250: two packets");
        NS_TEST_ASSERT_MSG_EQ(hz250[0].second, 2, "the full poll's two segments");
        NS_TEST_ASSERT_MSG_EQ_TOL(hz250[0].first.GetMicroSeconds(), 10, 0, "at 10 us");
        NS_TEST_ASSERT_MSG_EQ(hz250[1].second, 1, "then the third");
        NS_TEST_ASSERT_MSG_EQ_TOL(hz250[1].first.GetMicroSeconds(), 16, 0, "at 16 us");
    }
};

/**
 * @ingroup hostnet
 * @brief The GRO test suite.
 */
class GroTestSuite : public TestSuite
{
  public:
    GroTestSuite()
        : TestSuite("hostnet-gro", Type::UNIT)
    {
        AddTestCase(new GroBucketsTestCase, TestCase::Duration::QUICK);
        AddTestCase(new GroPureAckOrderTestCase, TestCase::Duration::QUICK);
        AddTestCase(new GroFlushOldTestCase, TestCase::Duration::QUICK);
        AddTestCase(new GroFlushTimeoutTestCase, TestCase::Duration::QUICK);
        AddTestCase(new GroWeightUsedTestCase, TestCase::Duration::QUICK);
    }
};

/// The suite instance.
GroTestSuite g_groTestSuite;

} // namespace
