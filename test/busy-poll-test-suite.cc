/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-busy-poll: SO_BUSY_POLL. An application that spins on the NAPI context takes
// frames as soon as they reach host memory, before interrupt moderation fires, and pays
// for it with its own CPU time.

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// What one busy-poll scenario measured.
struct BusyPollResult
{
    HostNetDeviceStats device; ///< receiver's device stats
    uint64_t reads{0};         ///< datagrams the application read
    double meanReadDelayUs{0}; ///< send -> end of read, mean
    double appCpuShare{0};     ///< the application's share of the CPU
    uint64_t timeouts{0};      ///< busy-poll loops that gave up
};

/// Accumulates the send-to-read delay of each read.
void
RecordRead(std::vector<double>* delays, Ptr<const Packet> packet, const Address&)
{
    Time sent;
    if (SendTimeTag::FindEarliest(packet, sent))
    {
        delays->push_back((Simulator::Now() - sent).GetMicroSeconds());
    }
}

/**
 * Two nodes with IPv4 on a 1 Gb/s point-to-point link of 10 us.
 * @param nodes the two nodes
 * @return their point-to-point devices
 */
NetDeviceContainer
MakeLink(const NodeContainer& nodes)
{
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("10us"));
    NetDeviceContainer phys = p2p.Install(nodes);
    InternetStackHelper stack;
    stack.Install(nodes);
    return phys;
}

/**
 * NAPI hosts whose NIC coalesces with rx-usecs = 100 us, with deterministic costs (ISR
 * 3 us, protocol 5 us, no copy).
 * @return the helper
 */
HostNetDeviceHelper
MakeNapiHelper()
{
    HostNetDeviceHelper helper;
    helper.SetScheme("napi");
    helper.SetModeration("ns3::RxUsecsModeration", "Interval", TimeValue(MicroSeconds(100)));
    helper.SetCostAttribute("IsrCost", StringValue("ns3::ConstantRandomVariable[Constant=3e-6]"));
    helper.SetCostAttribute("ProtocolCost",
                            StringValue("ns3::ConstantRandomVariable[Constant=5e-6]"));
    helper.SetCostAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
    return helper;
}

/**
 * Periodic 200-byte UDP datagrams every @p gap to a NAPI receiver whose NIC coalesces
 * with rx-usecs = 100 us; deterministic costs (ISR 3 us, protocol 5 us, read 1 us).
 * @param busyPoll SO_BUSY_POLL time (0 = off)
 * @param gap datagram spacing
 * @return the measurements over 20 ms
 */
BusyPollResult
RunBusyPoll(Time busyPoll, Time gap)
{
    NodeContainer nodes;
    nodes.Create(2);
    NetDeviceContainer phys = MakeLink(nodes);
    NetDeviceContainer devices = MakeNapiHelper().Install(phys);
    Ipv4AddressHelper ipv4("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);

    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
    sink->SetAttribute("UserCost", StringValue("ns3::ConstantRandomVariable[Constant=1e-6]"));
    sink->SetAttribute("BusyPoll", TimeValue(busyPoll));
    nodes.Get(1)->AddApplication(sink);
    std::vector<double> delays;
    sink->TraceConnectWithoutContext("Rx", MakeBoundCallback(&RecordRead, &delays));

    Ptr<Socket> tx = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
    tx->Bind();
    tx->Connect(InetSocketAddress(ifaces.GetAddress(1), 9));
    Time warmup = MilliSeconds(1);
    Time end = MilliSeconds(21);
    for (Time t = warmup; t < end; t += gap)
    {
        Simulator::ScheduleWithContext(nodes.Get(0)->GetId(), t, [tx]() {
            Ptr<Packet> p = Create<Packet>(200);
            SendTimeTag::Stamp(p);
            tx->Send(p);
        });
    }
    Ptr<HostNetDevice> rx = DynamicCast<HostNetDevice>(devices.Get(1));
    Ptr<HostCpu> cpu = HostCpu::GetOrCreate(nodes.Get(1));
    Simulator::Schedule(warmup, [rx, cpu]() {
        rx->ResetStats();
        cpu->ResetStats();
    });
    BusyPollResult r;
    Simulator::Schedule(end, [&]() {
        r.device = rx->GetStats();
        HostCpuStats cs = cpu->GetStats();
        r.appCpuShare = cs.taskShare - cs.kernelTaskShare;
        r.timeouts = sink->GetBusyPoller() ? sink->GetBusyPoller()->GetTimeouts() : 0;
    });
    Simulator::Stop(end + MilliSeconds(1));
    Simulator::Run();
    r.reads = delays.size();
    double sum = 0;
    for (double d : delays)
    {
        sum += d;
    }
    r.meanReadDelayUs = delays.empty() ? 0 : sum / delays.size();
    Simulator::Destroy();
    return r;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief Busy polling beats interrupt coalescing on latency and costs application CPU.
 *
 * Datagrams every 30 us, rx-usecs = 100 us. Without busy polling a datagram waits for
 * the coalescing timer: the send-to-read delay is the link (1.9 us serialisation + 10 us
 * propagation), up to 100 us of timer, ISR 3 us, protocol 5 us and read 1 us, > 50 us
 * on average. With BusyPoll = 50 us the application, which finished its previous read
 * less than 30 us ago, is still spinning when the next frame reaches memory and
 * processes it itself: delay = link + DMA + 5 us + 1 us, about 18 us, and the
 * application holds the CPU almost all the time (spinning). The interrupt still fires
 * (rx-usecs after the first frame) but finds the context busy-polled or idle.
 */
class BusyPollLatencyTestCase : public TestCase
{
  public:
    BusyPollLatencyTestCase()
        : TestCase("SO_BUSY_POLL takes frames before the coalescing timer")
    {
    }

  private:
    void DoRun() override
    {
        BusyPollResult off = RunBusyPoll(Time(0), MicroSeconds(30));
        BusyPollResult on = RunBusyPoll(MicroSeconds(50), MicroSeconds(30));
        // 20 ms / 30 us = 667 datagrams; a few are still in flight at the end.
        NS_TEST_EXPECT_MSG_GT(off.reads, 660u, "all read without busy polling");
        NS_TEST_EXPECT_MSG_GT(on.reads, 660u, "all read with busy polling");
        NS_TEST_EXPECT_MSG_GT(off.meanReadDelayUs, 50.0, "waits for the 100 us timer");
        NS_TEST_EXPECT_MSG_LT(on.meanReadDelayUs, 20.0, "link + DMA + 5 us + 1 us");
        NS_TEST_EXPECT_MSG_GT(on.meanReadDelayUs, 17.0, "link + 5 us + 1 us at least");
        NS_TEST_EXPECT_MSG_EQ(off.device.busyPollFrames, 0, "no busy polling when off");
        NS_TEST_EXPECT_MSG_GT(on.device.busyPollFrames,
                              on.device.rxDelivered * 95 / 100,
                              "the application processes (almost) every frame itself");
        NS_TEST_EXPECT_MSG_GT(on.appCpuShare, 0.9, "spinning holds the CPU");
        NS_TEST_EXPECT_MSG_LT(off.appCpuShare, 0.05, "1 us per 30 us read");
        NS_TEST_EXPECT_MSG_EQ(on.timeouts, 0, "a frame always came within 50 us");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief A busy-poll time shorter than the packet gap only burns CPU.
 *
 * Datagrams every 80 us, BusyPoll = 20 us. The rx-usecs timer started by one frame also
 * covers the next (80 < 100 us), so the interrupt path delivers pairs every 160 us; after
 * each pair the application's loop spins 20 us, finds nothing and sleeps. Frames take
 * the interrupt path as without busy polling, and the application's CPU share rises by
 * the spin alone: 20 us per 160 us = 0.125.
 */
class BusyPollTimeoutTestCase : public TestCase
{
  public:
    BusyPollTimeoutTestCase()
        : TestCase("SO_BUSY_POLL shorter than the packet gap times out")
    {
    }

  private:
    void DoRun() override
    {
        BusyPollResult off = RunBusyPoll(Time(0), MicroSeconds(80));
        BusyPollResult on = RunBusyPoll(MicroSeconds(20), MicroSeconds(80));
        NS_TEST_EXPECT_MSG_EQ(on.device.busyPollFrames, 0, "nothing arrives while spinning");
        NS_TEST_EXPECT_MSG_EQ_TOL(double(on.timeouts),
                                  on.reads / 2.0,
                                  2.0,
                                  "one loop per pair, and it gives up");
        NS_TEST_EXPECT_MSG_EQ_TOL(on.meanReadDelayUs,
                                  off.meanReadDelayUs,
                                  0.5,
                                  "same interrupt path as without busy polling");
        NS_TEST_EXPECT_MSG_EQ_TOL(on.appCpuShare - off.appCpuShare,
                                  0.125,
                                  0.01,
                                  "the spin is the application's CPU time");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Busy polling polls the NAPI context that feeds the socket (sk_napi_id).
 *
 * A 4-queue receiver (4 cores, RSS) and one UDP flow whose source port RSS maps to queue
 * 2; the same 30 us datagrams, rx-usecs 100 us and BusyPoll 50 us as the latency case.
 * Before the first datagram the loop knows no context (sk_napi_id unset: the read would
 * sleep); after it, the context is queue 2's, the one that delivered the data, and the
 * application takes (almost) every frame from queue 2 itself. Polling queue 0 instead
 * (the old behaviour) finds its ring always empty: no frame would be busy-polled.
 */
class BusyPollOwnQueueTestCase : public TestCase
{
  public:
    BusyPollOwnQueueTestCase()
        : TestCase("SO_BUSY_POLL polls the queue that delivers the socket's flow")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t target = 2;
        NodeContainer nodes;
        nodes.Create(2);
        NetDeviceContainer phys = MakeLink(nodes);
        HostNetDeviceHelper helper = MakeNapiHelper();
        helper.SetCpuAttribute("NCores", UintegerValue(4));
        helper.SetDeviceAttribute("NQueues", UintegerValue(4));
        NetDeviceContainer devices = helper.Install(phys);
        Ipv4AddressHelper ipv4("10.0.0.0", "255.255.255.0");
        Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);
        Ptr<HostNetDevice> rx = DynamicCast<HostNetDevice>(devices.Get(1));

        // A source port that RSS sends to the target queue.
        uint16_t port = 10000;
        while (rx->GetRss().GetQueue(
                   rx->GetRss().HashFlow(ifaces.GetAddress(0), ifaces.GetAddress(1), port, 9)) !=
               target)
        {
            port++;
        }

        auto sink = CreateObject<HostSinkApplication>();
        sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
        sink->SetAttribute("UserCost", StringValue("ns3::ConstantRandomVariable[Constant=1e-6]"));
        sink->SetAttribute("BusyPoll", TimeValue(MicroSeconds(50)));
        nodes.Get(1)->AddApplication(sink);

        Ptr<Socket> tx = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
        tx->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        tx->Connect(InetSocketAddress(ifaces.GetAddress(1), 9));
        Time start = MilliSeconds(1);
        Time end = MilliSeconds(21);
        for (Time t = start; t < end; t += MicroSeconds(30))
        {
            Simulator::ScheduleWithContext(nodes.Get(0)->GetId(), t, [tx]() {
                tx->Send(Create<Packet>(200));
            });
        }
        bool knownBefore = true;
        Simulator::Schedule(start, [&]() {
            knownBefore = sink->GetBusyPoller() && sink->GetBusyPoller()->GetNapi();
        });
        Simulator::Stop(end + MilliSeconds(1));
        Simulator::Run();
        Ptr<RxMode> polled = sink->GetBusyPoller()->GetNapi();
        HostNetDeviceStats stats = rx->GetStats();
        uint64_t onTarget = rx->GetQueue(target)->GetDelivered();
        uint64_t onZero = rx->GetQueue(0)->GetDelivered();
        bool isTarget = PeekPointer(polled) == PeekPointer(rx->GetQueue(target)->GetRxMode());
        Simulator::Destroy();

        NS_TEST_EXPECT_MSG_EQ(knownBefore, false, "no context before the socket received data");
        NS_TEST_EXPECT_MSG_EQ(isTarget, true, "the busy loop polls the delivering queue");
        NS_TEST_EXPECT_MSG_EQ(onZero, 0, "RSS sends nothing to queue 0");
        NS_TEST_EXPECT_MSG_GT(onTarget, 660u, "the flow arrives on queue 2");
        NS_TEST_EXPECT_MSG_GT(stats.busyPollFrames,
                              onTarget * 95 / 100,
                              "the application takes (almost) every frame from queue 2");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-busy-poll suite.
 */
class BusyPollTestSuite : public TestSuite
{
  public:
    BusyPollTestSuite()
        : TestSuite("hostnet-busy-poll", Type::SYSTEM)
    {
        AddTestCase(new BusyPollLatencyTestCase, TestCase::Duration::QUICK);
        AddTestCase(new BusyPollTimeoutTestCase, TestCase::Duration::QUICK);
        AddTestCase(new BusyPollOwnQueueTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static BusyPollTestSuite g_busyPollTestSuite;
