/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Chang et al. 2008 in the full host model: constant-rate 1500-byte frames into a host with an
// interrupt throttling timer T (ITR), NAPI, protocol cost Tp = 2 us, interrupt cost To and a
// user-space reader with cost Ta. Goodput against T follows Proposition 9 (application-
// limited below the threshold T', full above it), and the latency of the eta = 1 regime
// follows CoalescingAnalysis::Latency, not the printed formula.

#include "ns3/applications-module.h"
#include "ns3/coalescing-analysis.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <algorithm>

using namespace ns3;

namespace
{

/// Chang et al. 2008's costs (seconds; Tp and To are the "chang-2008" preset's) and the arrival
/// rate.
constexpr double TP = 2e-6;
constexpr double TA = 8e-6;
constexpr double TO = 5e-6;
constexpr double LAMBDA = 80000;
constexpr uint32_t FRAME = 1500;

/// One simulated point.
struct GoodputPoint
{
    double goodput{0};       ///< datagrams read by the application per second
    double latencyUs{0};     ///< mean arrival in host memory -> end of the application's read
    double interruptRate{0}; ///< Rx interrupts per second
};

/// Simulate interval T for 0.2 s after 0.05 s of warm-up.
GoodputPoint
Simulate(double T)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    Config::SetDefault("ns3::UdpSocket::RcvBufSize", UintegerValue(8000000));
    NodeContainer nodes(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1us"));
    NetDeviceContainer phys = p2p.Install(nodes);
    InternetStackHelper().Install(nodes);
    HostNetDeviceHelper host;
    host.SetPreset("chang-2008"); // To = 5 us, Tp = 2 us, NAPI, 4096 descriptors
    host.SetModeration("ns3::ThrottleModeration", "InterruptRate", DoubleValue(1 / T));
    Ptr<HostNetDevice> receiver = host.Install(phys.Get(1));
    NetDeviceContainer devices(phys.Get(0));
    devices.Add(receiver);
    Ipv4InterfaceContainer ifs = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);
    auto source = CreateObject<ConstantRateSourceApplication>();
    source->SetAttribute("Remote", AddressValue(InetSocketAddress(ifs.GetAddress(1), 9)));
    source->SetAttribute("Rate", DoubleValue(LAMBDA));
    source->SetAttribute("FrameSizes", StringValue(std::to_string(FRAME)));
    nodes.Get(0)->AddApplication(source);
    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
    sink->SetAttribute("UserCost", StringValue(HostNetDeviceHelper::ConstantCost(Seconds(TA))));
    nodes.Get(1)->AddApplication(sink);
    Simulator::Schedule(Seconds(0.05), &HostSinkApplication::ResetStats, sink);
    Simulator::Schedule(Seconds(0.05), &HostNetDevice::ResetStats, receiver);
    Simulator::Stop(Seconds(0.25));
    Simulator::Run();
    GoodputPoint p;
    // Payload bits per second -> datagrams per second.
    p.goodput = sink->GetGoodput() / ((FRAME - 46) * 8.0);
    HostNetDeviceStats stats = receiver->GetStats();
    p.interruptRate = stats.interrupts / stats.elapsed;
    // Sender socket -> arrival in host memory: the frame's serialization (payload + UDP/IP
    // + PPP headers at 1 Gb/s), 1 us propagation, and the NIC's DMA of the frame at the
    // ring's BusRate (4 Gb/s). The paper counts from the arrival in host memory.
    double pppFrame = FRAME - 46 + 28 + 2;
    double offsetUs = pppFrame * 8 / 1e9 * 1e6 + 1 + pppFrame * 8 / 4e9 * 1e6;
    p.latencyUs = sink->GetLatency().GetMean() * 1e6 - offsetUs;
    Simulator::Destroy();
    return p;
}

/// Analysis for interval T (no application context-switch cost in the simulator: Tca = 0).
CoalescingResult
Analyse(double T)
{
    CoalescingParameters params;
    params.T = T;
    params.lambda = LAMBDA;
    params.Tp = TP;
    params.Ta = TA;
    params.To = TO;
    params.Tca = 0;
    params.Bp = 300;
    params.bDma = 4096;
    params.rcvBuffer = 8000000;
    params.packetSize = FRAME;
    return CoalescingAnalysis::Evaluate(params);
}

/// Goodput against T: Proposition 9's rise and plateau.
class CoalescingGoodputTestCase : public TestCase
{
  public:
    CoalescingGoodputTestCase()
        : TestCase("goodput vs interrupt interval follows Proposition 9")
    {
    }

  private:
    void DoRun() override
    {
        // Full goodput needs (1 - lambda Tp)/Ta - To/(T Ta) >= lambda: T' = To / (1 -
        // lambda (Tp + Ta)) = 25 us at these costs. Below it the application is starved by
        // interrupt and protocol work (Prop. 9 (iii)); above it every packet is read. Below
        // 1/lambda = 12.5 us the throttle no longer matters (one interrupt per packet).
        double threshold = TO / (1 - LAMBDA * (TP + TA));
        NS_TEST_ASSERT_MSG_EQ_TOL(threshold, 25e-6, 1e-12, "T'");
        double previous = 0;
        for (double Tus : {10.0, 15.0, 20.0, 30.0, 100.0})
        {
            double T = Tus * 1e-6;
            GoodputPoint sim = Simulate(T);
            CoalescingResult model = Analyse(T);
            // Prop. 9 (iii) with the measured interrupt rate r: the application gets
            // 1 - lambda Tp - r To of the CPU, so G = (1 - lambda Tp - r To) / Ta, capped by
            // lambda. Constant costs: 0.5 % (whole packets at the window's edges).
            double g = std::min((1 - LAMBDA * TP - sim.interruptRate * TO) / TA, LAMBDA);
            NS_TEST_EXPECT_MSG_EQ_TOL(sim.goodput, g, 0.005 * g, "goodput at T = " << Tus);
            // The paper's fluid model takes one interrupt every max(T, 1/lambda). With whole
            // packets an interrupt waits for a frame after the gap, so the real interval is
            // longer (at T = 15 us: 15.625 us, measured) and the model is a lower bound, within 3
            // %.
            NS_TEST_EXPECT_MSG_GT_OR_EQ(sim.goodput,
                                        model.goodput * 0.999,
                                        "fluid model above the simulation at T = " << Tus);
            NS_TEST_EXPECT_MSG_EQ_TOL(sim.goodput,
                                      model.goodput,
                                      0.03 * model.goodput,
                                      "goodput at T = "
                                          << Tus << " us ("
                                          << CoalescingAnalysis::RegimeName(model.regime) << ")");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(sim.goodput, previous * 0.999, "goodput falls with T");
            previous = sim.goodput;
        }
    }
};

/// Latency of the eta = 1 regime: the derived formula, not the printed one.
class CoalescingLatencyTestCase : public TestCase
{
  public:
    CoalescingLatencyTestCase()
        : TestCase("latency for eta = 1 matches the derived formula")
    {
    }

  private:
    void DoRun() override
    {
        // The derivation averages over the phase of the arrivals against the interrupt
        // timer. T = 77.7 and 201.7 us are not multiples of 1/lambda = 12.5 us, so the phase
        // sweeps uniformly. (With T a multiple of 1/lambda the timer locks to one phase: at
        // T = 50 and 200 us the simulation gives 50.25 and 173.75 us, next to the printed
        // formula's 51.25 and 174.25, whose window starts with an arrival.)
        for (double Tus : {77.7, 201.7})
        {
            double T = Tus * 1e-6;
            GoodputPoint sim = Simulate(T);
            double derived = CoalescingAnalysis::Latency(T, LAMBDA, TP, TA, 0) * 1e6;
            double printed = CoalescingAnalysis::LatencyPaper(T, LAMBDA, TA) * 1e6;
            // Measured: -0.46 and -0.42 us from the derived formula (whole packets, a
            // fraction of 1/lambda); the printed one is 1/(2 lambda) - Tp/2 = 5.25 us higher.
            NS_TEST_EXPECT_MSG_EQ_TOL(sim.latencyUs, derived, 1.0, "latency at T = " << Tus);
            NS_TEST_EXPECT_MSG_GT(printed - sim.latencyUs, 4.0, "printed formula at T = " << Tus);
        }
    }
};

} // namespace

/// The hostnet-coalescing-goodput suite.
class CoalescingGoodputTestSuite : public TestSuite
{
  public:
    CoalescingGoodputTestSuite()
        : TestSuite("hostnet-coalescing-goodput", Type::UNIT)
    {
        AddTestCase(new CoalescingGoodputTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new CoalescingLatencyTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static CoalescingGoodputTestSuite g_coalescingGoodputTestSuite;
