/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-ppt-probe: Salehin and Rojas-Cessa 2014's compound packet-pair probe. The estimator on
// synthetic gaps (eq. 4-5 and the eq. 2 fallback), and the probe against simulated hosts: with
// rx-usecs coalescing it finds the zero-slope gap line and the configured PPT; without,
// at 100 Mb/s, the gap line has the 1/link-rate slope.

#include "ns3/data-rate.h"
#include "ns3/host-net-device-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/packet-pair-probe-estimator.h"
#include "ns3/packet-pair-probe-receiver.h"
#include "ns3/packet-pair-probe-sender.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>

using namespace ns3;

namespace
{

/// The paper's trailer sizes (Salehin and Rojas-Cessa 2014 Sec. 3).
const std::vector<uint32_t> PAPER_TRAILERS{87, 112, 212, 512, 812, 1012, 1212};

/// A receiving host and the probe run against it.
struct ProbeConfig
{
    std::string linkRate{"1Gbps"}; ///< link to the host
    double rxUsecs{125};           ///< coalescing interval, 0 = none
    double isrUs{2};               ///< ISR cost
    double protocolUs{2};          ///< per-packet protocol cost
    double copyMBps{748};          ///< per-byte protocol cost (Salah et al. 2007), 0 = none
    std::string busRate{"4Gbps"};  ///< DMA rate
    double readUs{3};              ///< receiver's cost per read
    uint32_t cores{1};             ///< cores of the host
    uint32_t receiverCore{0};      ///< core of the receiver
    double jitter{0.1};            ///< costs uniform within +-jitter x mean
    double resolutionUs{1};        ///< receiver clock resolution
    uint32_t probesPerSize{100};   ///< probes per trailer size
};

/// The paper's DO790: PPT about 3 us. One core: the receiver shares it with the softirq.
ProbeConfig
HostDo790(const std::string& rate, double rxUsecs)
{
    ProbeConfig c;
    c.linkRate = rate;
    c.rxUsecs = rxUsecs;
    return c;
}

/// The paper's DS435: PPT about 11 us. The receiver has its own core.
ProbeConfig
HostDs435(const std::string& rate, double rxUsecs)
{
    ProbeConfig c;
    c.linkRate = rate;
    c.rxUsecs = rxUsecs;
    c.isrUs = 3.73;
    c.protocolUs = 5.25;
    c.readUs = 11;
    c.cores = 2;
    c.receiverCore = 1;
    return c;
}

/**
 * The PPT the host's costs imply for a trailer of @p s bytes (12 of them encapsulation):
 * on the interrupt core the softirq handles both frames before the receiver runs, so
 * the trailer's read cost spaces the time stamps; on another core the slower of the read
 * and the trailer's protocol processing does (NAPI, no refill cost here).
 */
double
ConfiguredPptUs(const ProbeConfig& c, uint32_t s)
{
    double ipBytes = s - 12;
    double softirq = c.protocolUs + (c.copyMBps > 0 ? ipBytes / c.copyMBps : 0);
    return c.receiverCore == 0 ? c.readUs : std::max(c.readUs, softirq);
}

/// A cost with mean @p us, uniform within +-jitter.
std::string
Cost(double us, double jitter)
{
    if (jitter > 0)
    {
        return HostNetDeviceHelper::UniformCost(Seconds(us * (1 - jitter) * 1e-6),
                                                Seconds(us * (1 + jitter) * 1e-6));
    }
    return HostNetDeviceHelper::ConstantCost(Seconds(us * 1e-6));
}

/// What a probe run measured.
struct ProbeRun
{
    PacketPairProbeEstimate estimate; ///< the estimator's result
    uint64_t pairs{0};                ///< gaps recorded
    bool allQuantized{true};          ///< every gap is a multiple of the clock resolution
};

/**
 * Sender --p2p--> host (HostNetDevice, NAPI, rx-usecs) with a PacketPairProbeReceiver;
 * the paper's sizes, 100 ms apart; the receiver's gaps go to a default estimator.
 */
ProbeRun
RunProbe(const ProbeConfig& c)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    NodeContainer nodes(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(c.linkRate));
    p2p.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
    NetDeviceContainer phys = p2p.Install(nodes);
    HostNetDeviceHelper host;
    host.SetRxMode("ns3::NapiRxMode");
    host.SetModeration("ns3::RxUsecsModeration",
                       "Interval",
                       TimeValue(NanoSeconds(static_cast<int64_t>(c.rxUsecs * 1000))));
    host.SetCostAttribute("IsrCost", StringValue(Cost(c.isrUs, c.jitter)));
    host.SetCostAttribute("ProtocolCost", StringValue(Cost(c.protocolUs, c.jitter)));
    host.SetCostAttribute("ProtocolCopyRate",
                          DataRateValue(DataRate(static_cast<uint64_t>(c.copyMBps * 8e6))));
    host.SetRxRingAttribute("BusRate", DataRateValue(DataRate(c.busRate)));
    host.SetCpuAttribute("NCores", UintegerValue(c.cores));
    Ptr<HostNetDevice> device = host.Install(phys.Get(1));
    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper ipv4("10.1.1.0", "255.255.255.0");
    NetDeviceContainer ipDevices(phys.Get(0));
    ipDevices.Add(device);
    Ipv4InterfaceContainer ifaces = ipv4.Assign(ipDevices);

    auto receiver = CreateObject<PacketPairProbeReceiver>();
    receiver->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
    receiver->SetAttribute("ReadCost", StringValue(Cost(c.readUs, c.jitter)));
    receiver->SetAttribute("Core", UintegerValue(c.receiverCore));
    receiver->SetAttribute("ClockResolution",
                           TimeValue(NanoSeconds(static_cast<int64_t>(c.resolutionUs * 1000))));
    nodes.Get(1)->AddApplication(receiver);
    auto sender = CreateObject<PacketPairProbeSender>();
    sender->SetAttribute("Remote", AddressValue(InetSocketAddress(ifaces.GetAddress(1), 9)));
    sender->SetAttribute("ProbesPerSize", UintegerValue(c.probesPerSize));
    sender->SetAttribute("Order", StringValue("Interleaved"));
    nodes.Get(0)->AddApplication(sender);
    sender->SetStartTime(MilliSeconds(10));
    host.AssignStreams(NetDeviceContainer(device), 100);
    receiver->AssignStreams(200);
    Simulator::Stop(MilliSeconds(20) + sender->GetDuration());
    Simulator::Run();

    ProbeRun r;
    auto estimator = CreateObject<PacketPairProbeEstimator>();
    int64_t step = NanoSeconds(static_cast<int64_t>(c.resolutionUs * 1000)).GetTimeStep();
    for (uint32_t size : receiver->GetTrailerSizes())
    {
        for (Time gap : receiver->GetGaps(size))
        {
            estimator->AddGap(size, gap);
            r.allQuantized = r.allQuantized && (step == 0 || gap.GetTimeStep() % step == 0);
        }
    }
    r.pairs = receiver->GetPairs();
    r.estimate = estimator->Estimate();
    Simulator::Destroy();
    return r;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief The estimator on synthetic gaps with known answers.
 *
 * A flat line (eq. 4) is coalescing and PPT = G_avg(s_1) (eq. 5); a line of slope
 * 1/(100 Mb/s) = 0.08 us/B is not, and its fit gives the slope and intercept exactly
 * (least squares through exact points); a hinge (flat, then linear) is fitted after the
 * flat run; the dispersion discard removes a gap 50 us too large; equality is within
 * Tolerance, and MinFlatSizes relaxes eq. 4 to a leading run.
 */
class PptEstimatorTestCase : public TestCase
{
  public:
    PptEstimatorTestCase()
        : TestCase("Estimator on synthetic gap lines")
    {
    }

  private:
    void DoRun() override
    {
        auto flat = CreateObject<PacketPairProbeEstimator>();
        for (uint32_t s : PAPER_TRAILERS)
        {
            // 11 us with the paper's 1-us variation: 11, 12, 11, 12, ...
            for (int k = 0; k < 4; ++k)
            {
                flat->AddGapUs(s, 11 + (k % 2));
            }
        }
        PacketPairProbeEstimate e = flat->Estimate();
        NS_TEST_ASSERT_MSG_EQ(e.coalescing, true, "flat line: coalescing (eq. 4)");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.pptUs, 11.5, 1e-12, "eq. 5: PPT = G_avg(s_1)");
        NS_TEST_ASSERT_MSG_EQ(e.flatSizes, 7, "all sizes equal");

        auto line = CreateObject<PacketPairProbeEstimator>();
        for (uint32_t s : PAPER_TRAILERS)
        {
            line->AddGap(s, NanoSeconds(80 * s + 500)); // s / 100 Mb/s + 0.5 us
        }
        e = line->Estimate();
        NS_TEST_ASSERT_MSG_EQ(e.coalescing, false, "1/link-rate line: no coalescing");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.slopeUsPerByte, 0.08, 1e-9, "slope 1/l_n (eq. 2)");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.capacityBps, 100e6, 1, "capacity 100 Mb/s");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.pptUs, 0.5, 1e-6, "fallback PPT: eq. 2's intercept");
        NS_TEST_ASSERT_MSG_EQ(e.fitSizes, 7, "no flat run: all sizes fitted");

        auto hinge = CreateObject<PacketPairProbeEstimator>();
        for (uint32_t s : PAPER_TRAILERS)
        {
            hinge->AddGapUs(s, std::max(15.0, 0.08 * s - 3));
        }
        e = hinge->Estimate();
        NS_TEST_ASSERT_MSG_EQ(e.coalescing, false, "hinge: not flat for all sizes");
        NS_TEST_ASSERT_MSG_EQ(e.flatSizes, 3, "87, 112, 212 B sit on the 15 us floor");
        NS_TEST_ASSERT_MSG_EQ(e.fitSizes, 4, "the line is fitted after the flat run");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.slopeUsPerByte, 0.08, 1e-9, "slope of the linear part");

        hinge->SetAttribute("MinFlatSizes", UintegerValue(3));
        NS_TEST_ASSERT_MSG_EQ(hinge->Estimate().coalescing,
                              true,
                              "MinFlatSizes = 3 accepts the leading run of three");

        auto noisy = CreateObject<PacketPairProbeEstimator>();
        noisy->SetAttribute("DispersionThreshold", TimeValue(MicroSeconds(5)));
        for (uint32_t s : PAPER_TRAILERS)
        {
            noisy->AddGapUs(s, 3);
            noisy->AddGapUs(s, 3);
            noisy->AddGapUs(s, 53); // cross traffic between head and trailer
        }
        e = noisy->Estimate();
        NS_TEST_ASSERT_MSG_EQ(e.discarded[0], 1, "step 3 discards the dispersed gap");
        NS_TEST_ASSERT_MSG_EQ(e.coalescing, true, "flat after the discard");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.pptUs, 3, 1e-12, "PPT without the dispersed gap");

        auto edge = CreateObject<PacketPairProbeEstimator>();
        edge->AddGapUs(87, 3);
        edge->AddGapUs(112, 4);
        edge->AddGapUs(212, 4.001);
        NS_TEST_ASSERT_MSG_EQ(edge->Estimate().flatSizes, 2, "1 us apart is equal, 1.001 not");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief With rx-usecs = 125 us (the paper's verification setting) the probe finds the
 * zero-slope line and the configured PPT within 1 us (the paper's clock resolution and
 * the accuracy it claims) at 100 Mb/s and 1 Gb/s, for a DO790-like host (one core, read
 * cost 3 us) and a DS435-like host (receiver on its own core, read cost 11 us > protocol
 * cost 5.25 us + up to 1.6 us per-byte). Costs are uniform +-10 %, time stamps have 1 us
 * resolution; 100 probes per size.
 */
class PptCoalescingTestCase : public TestCase
{
  public:
    /**
     * @param name host name
     * @param config the host and probe
     */
    PptCoalescingTestCase(const std::string& name, const ProbeConfig& config)
        : TestCase("Coalescing detected and PPT estimated on " + name),
          m_config(config)
    {
    }

  private:
    void DoRun() override
    {
        ProbeRun r = RunProbe(m_config);
        NS_TEST_ASSERT_MSG_EQ(r.pairs, 7 * m_config.probesPerSize, "every probe was paired");
        NS_TEST_ASSERT_MSG_EQ(r.allQuantized, true, "gaps are multiples of the 1 us clock");
        NS_TEST_ASSERT_MSG_EQ(r.estimate.coalescing, true, "zero-slope gap line (eq. 4)");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.estimate.pptUs,
                                  ConfiguredPptUs(m_config, 87),
                                  1.0,
                                  "PPT within 1 us of the configured PPT");
    }

    ProbeConfig m_config; ///< host and probe
};

/**
 * @ingroup hostnet-tests
 * @brief Without coalescing at 100 Mb/s the gaps follow eq. 2 (1/l_n = 0.08 us/B): the
 * probe says "no" and the fitted slope is the link's 0.08 us/B plus the host's per-byte
 * costs, which eq. 2's Delta PPT hides: DMA (1/4 Gb/s = 0.002 us/B) and protocol copy
 * (1/748 MB/s = 0.00134 us/B), 0.08334 us/B in all (4 % low on capacity). With those
 * per-byte costs removed the slope is the link's alone. Asserted within 1 %: jitter of
 * +-10 % on a few us of cost averages over 100 probes to ~0.03 us per G_avg, a slope
 * error near 3e-5 us/B (0.04 %).
 */
class PptNoCoalescingTestCase : public TestCase
{
  public:
    /**
     * @param name host name
     * @param config the host and probe
     * @param slopeUsPerByte the expected slope
     */
    PptNoCoalescingTestCase(const std::string& name, const ProbeConfig& config, double slope)
        : TestCase("No coalescing gives the link-rate slope on " + name),
          m_config(config),
          m_slope(slope)
    {
    }

  private:
    void DoRun() override
    {
        ProbeRun r = RunProbe(m_config);
        NS_TEST_ASSERT_MSG_EQ(r.estimate.coalescing, false, "no zero-slope line");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.estimate.slopeUsPerByte,
                                  m_slope,
                                  0.01 * m_slope,
                                  "slope = 1/link rate + host per-byte costs");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.estimate.capacityBps,
                                  100e6,
                                  5e6,
                                  "capacity estimate near the 100 Mb/s link");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.estimate.fitSizes, 4, "the line has at least 4 sizes");
    }

    ProbeConfig m_config; ///< host and probe
    double m_slope;       ///< expected slope in us/B
};

/**
 * @ingroup hostnet-tests
 * @brief A limit of the method, kept as documented: at 1 Gb/s without coalescing the
 * trailers' wire gaps (0.6-9.6 us) are shorter than the DO790-like host's handling of
 * the head, so the trailer waits behind it exactly as in a coalesced batch and the probe
 * reports coalescing, with the read cost as PPT (which is still the right PPT).
 */
class PptFastLinkTestCase : public TestCase
{
  public:
    PptFastLinkTestCase()
        : TestCase("At 1 Gbps a busy host batches the pair without coalescing")
    {
    }

  private:
    void DoRun() override
    {
        ProbeConfig c = HostDo790("1Gbps", 0);
        ProbeRun r = RunProbe(c);
        NS_TEST_ASSERT_MSG_EQ(r.estimate.coalescing, true, "indistinguishable from coalescing");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.estimate.pptUs, c.readUs, 1.0, "gap = read cost");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Salehin and Rojas-Cessa 2014's compound probe and estimator.
 */
class PptProbeTestSuite : public TestSuite
{
  public:
    PptProbeTestSuite()
        : TestSuite("hostnet-ppt-probe", Type::SYSTEM)
    {
        AddTestCase(new PptEstimatorTestCase(), Duration::QUICK);
        for (std::string rate : {"100Mbps", "1Gbps"})
        {
            AddTestCase(
                new PptCoalescingTestCase("DO790-like host at " + rate, HostDo790(rate, 125)),
                Duration::QUICK);
            AddTestCase(
                new PptCoalescingTestCase("DS435-like host at " + rate, HostDs435(rate, 125)),
                Duration::QUICK);
        }
        AddTestCase(new PptNoCoalescingTestCase("DO790-like host",
                                                HostDo790("100Mbps", 0),
                                                0.08 + 1.0 / 500 + 1.0 / 748),
                    Duration::QUICK);
        AddTestCase(new PptNoCoalescingTestCase("DS435-like host",
                                                HostDs435("100Mbps", 0),
                                                0.08 + 1.0 / 500 + 1.0 / 748),
                    Duration::QUICK);
        ProbeConfig bare = HostDo790("100Mbps", 0);
        bare.copyMBps = 0;
        bare.busRate = "1000Gbps";
        AddTestCase(
            new PptNoCoalescingTestCase("host without per-byte costs", bare, 0.08 + 1.0 / 125000),
            Duration::QUICK);
        AddTestCase(new PptFastLinkTestCase(), Duration::QUICK);
    }
};

/// Static instance.
static PptProbeTestSuite g_pptProbeTestSuite;
