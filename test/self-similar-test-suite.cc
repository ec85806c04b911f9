/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// The self-similar source of Salah et al. 2007 Sec. 5.1: offered load, frame sizes, Hurst
// parameter, the paper's OFF rule, and delivery through a network.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/hurst-estimator.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <fstream>

using namespace ns3;

namespace
{

/// The generated process, binned.
struct Generated
{
    double load{0};               ///< wire bytes x 8 / (rate x duration)
    double expectedLoad{0};       ///< the source's own expectation
    double meanFrame{0};          ///< mean Ethernet frame size
    uint64_t frames{0};           ///< frames
    std::vector<double> binBytes; ///< wire bytes per bin
};

/// Record one frame into its time bin.
void
CountFrame(Generated* g, Time binWidth, uint32_t frameBytes, uint32_t)
{
    auto bin = static_cast<size_t>(Simulator::Now().GetSeconds() / binWidth.GetSeconds());
    if (bin < g->binBytes.size())
    {
        g->binBytes[bin] += frameBytes + 20;
        g->meanFrame += frameBytes;
        ++g->frames;
    }
}

/**
 * @ingroup hostnet-tests
 * DatagramSourceApplication with a user Interval: uniform intervals in [1, 3] ms, 200
 * datagrams, sent from Local with Tos (ns-3's SourceApplication attributes).
 */
class DatagramIntervalTestCase : public TestCase
{
  public:
    DatagramIntervalTestCase()
        : TestCase("DatagramSourceApplication: Interval random variable, MaxPackets, Tos")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        NetDeviceContainer devs = p2p.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4InterfaceContainer ifs = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devs);
        TrafficSourceHelper helper("ns3::DatagramSourceApplication",
                                   InetSocketAddress(ifs.GetAddress(1), 9));
        helper.SetAttribute("Interval",
                            StringValue("ns3::UniformRandomVariable[Min=0.001|Max=0.003]"));
        helper.SetAttribute("MaxPackets", UintegerValue(200));
        helper.SetAttribute("PacketSize", UintegerValue(100));
        helper.SetAttribute("Tos", UintegerValue(0xb8));
        ApplicationContainer apps = helper.Install(nodes.Get(0));
        NS_TEST_ASSERT_MSG_EQ(TrafficSourceHelper::AssignStreams(apps, 3), 2, "interval + sizes");
        std::vector<Time> sent;
        apps.Get(0)->TraceConnectWithoutContext(
            "Tx",
            MakeCallback(+[](std::vector<Time>* times, Ptr<const Packet>) {
                times->push_back(Simulator::Now());
            }).Bind(&sent));
        uint32_t tos = 0;
        Config::ConnectWithoutContext(
            "/NodeList/1/$ns3::Ipv4L3Protocol/Rx",
            MakeCallback(+[](uint32_t* out, Ptr<const Packet> p, Ptr<Ipv4>, uint32_t) {
                Ipv4Header h;
                p->PeekHeader(h);
                *out = h.GetTos();
            }).Bind(&tos));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        auto app = DynamicCast<DatagramSourceApplication>(apps.Get(0));
        NS_TEST_ASSERT_MSG_EQ(app->GetSent(), 200u, "MaxPackets");
        NS_TEST_ASSERT_MSG_EQ(app->GetSentBytes(), 200u * 100, "payload bytes");
        NS_TEST_ASSERT_MSG_EQ(app->GetSentFrameBytes(), 200u * 146, "frame bytes");
        NS_TEST_ASSERT_MSG_EQ(sent.size(), 200u, "traced");
        double minGap = 1;
        double maxGap = 0;
        double sum = 0;
        for (std::size_t i = 1; i < sent.size(); ++i)
        {
            double gap = (sent[i] - sent[i - 1]).GetSeconds();
            minGap = std::min(minGap, gap);
            maxGap = std::max(maxGap, gap);
            sum += gap;
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(minGap, 0.001 - 1e-12, "gaps within [1, 3] ms");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(maxGap, 0.003 + 1e-12, "gaps within [1, 3] ms");
        // Mean 2 ms, sd 0.577 ms: the mean of 199 gaps is within 0.2 ms (5 standard errors).
        NS_TEST_ASSERT_MSG_EQ_TOL(sum / 199, 0.002, 0.0002, "mean gap");
        NS_TEST_ASSERT_MSG_GT(maxGap - minGap, 0.001, "the gaps vary (not a constant)");
        NS_TEST_ASSERT_MSG_EQ(tos, 0xb8u, "Tos reaches the IPv4 header");
        Simulator::Destroy();
    }
};

/**
 * Run the source without a network (Remote unset) for @p duration and bin its bytes.
 */
Generated
Generate(double load,
         Time duration,
         double onShape,
         double offShape,
         const std::string& offRule,
         Time binWidth,
         uint32_t run)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    Ptr<Node> node = CreateObject<Node>();
    auto app = CreateObject<SelfSimilarTrafficApplication>();
    app->SetAttribute("Load", DoubleValue(load));
    app->SetAttribute("OnShape", DoubleValue(onShape));
    app->SetAttribute("OffShape", DoubleValue(offShape));
    app->SetAttribute("OffRule", StringValue(offRule));
    node->AddApplication(app);
    app->AssignStreams(1);
    Generated g;
    g.binBytes.assign(static_cast<size_t>(duration.GetSeconds() / binWidth.GetSeconds()), 0.0);
    app->TraceConnectWithoutContext("Tx", MakeBoundCallback(&CountFrame, &g, binWidth));
    app->SetStartTime(Seconds(0));
    app->SetStopTime(duration);
    Simulator::Stop(duration);
    Simulator::Run();
    double bytes = 0;
    for (double b : g.binBytes)
    {
        bytes += b;
    }
    g.load = bytes * 8 / 1e9 / duration.GetSeconds();
    g.meanFrame /= g.frames;
    g.expectedLoad = app->GetExpectedLoad();
    Simulator::Destroy();
    return g;
}

/// Offered load and frame sizes.
class SelfSimilarLoadTestCase : public TestCase
{
  public:
    SelfSimilarLoadTestCase()
        : TestCase("offered load and mean frame size")
    {
    }

  private:
    void DoRun() override
    {
        auto table = FrameSizeDistribution::Parse("backbone", "test");
        // data/make-backbone-frame-sizes.py: modes 64/570/594/1518, mean 556.99 bytes.
        NS_TEST_ASSERT_MSG_EQ_TOL(table->GetMean(), 557.0, 0.05, "backbone table mean");
        NS_TEST_ASSERT_MSG_EQ(table->GetMax(), 1518u, "largest frame");

        // Light tails (shapes 2.5): the sample load converges like 1/sqrt(n), so 20 s
        // (about 2 million frames) gives it within 1 %: this checks the Exact OFF rule.
        Generated light = Generate(0.5, Seconds(20), 2.5, 2.5, "Exact", MilliSeconds(1), 1);
        NS_TEST_ASSERT_MSG_EQ_TOL(light.expectedLoad, 0.5, 1e-9, "Exact rule's expectation");
        NS_TEST_ASSERT_MSG_EQ_TOL(light.load, 0.5, 0.5 * 0.02, "load, light tails");
        NS_TEST_ASSERT_MSG_EQ_TOL(light.meanFrame,
                                  table->GetMean(),
                                  0.01 * table->GetMean(),
                                  "mean frame size");

        // The paper's shapes: ON lengths have infinite variance (shape 1.3), so the sample
        // mean of the load converges only like n^(1 - 1/1.3) = n^-0.23 and a single run is
        // within 2 % only after ~10^6 ON periods per stream. 8 streams x 60 s at load 0.5
        // are ~3.6 million ON/OFF cycles; measured over 6 other seeds the 60 s load is
        // 0.4947..0.5064, so this seed's 2 % check is a fair, not a lucky, one.
        Generated heavy = Generate(0.5, Seconds(60), 1.3, 1.5, "Exact", MilliSeconds(10), 2);
        NS_TEST_ASSERT_MSG_EQ_TOL(heavy.load, 0.5, 0.5 * 0.02, "load, Salah et al. 2007 shapes");
    }
};

/// A frame-size table read from a file is parsed once and shared; a rewritten file is re-read.
class FrameSizeTableSharingTestCase : public TestCase
{
  public:
    FrameSizeTableSharingTestCase()
        : TestCase("frame-size tables: one parsed copy per file, re-read when the file changes")
    {
    }

  private:
    void DoRun() override
    {
        auto a = FrameSizeDistribution::Parse("backbone", "first");
        auto b = FrameSizeDistribution::Parse("backbone", "second");
        NS_TEST_ASSERT_MSG_EQ(PeekPointer(a), PeekPointer(b), "one copy of the backbone table");

        std::string path = CreateTempDirFilename("frame-sizes.csv");
        {
            std::ofstream out(path);
            out << "size_bytes,cdf\n64,0.5\n1518,1\n";
        }
        auto first = FrameSizeDistribution::Parse(path, "test");
        NS_TEST_ASSERT_MSG_EQ(PeekPointer(FrameSizeDistribution::Parse(path, "test")),
                              PeekPointer(first),
                              "the same unchanged file: shared");
        NS_TEST_ASSERT_MSG_EQ_TOL(first->GetMean(), 0.5 * 64 + 0.5 * 1518, 1e-9, "its mean");
        {
            // Another size (and, on most file systems, modification time): read again.
            std::ofstream out(path);
            out << "size_bytes,cdf\n64,0.25\n570,0.5\n1518,1\n";
        }
        auto second = FrameSizeDistribution::Parse(path, "test");
        NS_TEST_ASSERT_MSG_EQ_TOL(second->GetMean(),
                                  0.25 * 64 + 0.25 * 570 + 0.5 * 1518,
                                  1e-9,
                                  "the rewritten file's table");
        NS_TEST_ASSERT_MSG_EQ_TOL(first->GetMean(), 0.5 * 64 + 0.5 * 1518, 1e-9, "old copy kept");
    }
};

/// The paper's OFF formula overshoots the target load by the ratio of real to nominal ON.
class SelfSimilarPaperRuleTestCase : public TestCase
{
  public:
    SelfSimilarPaperRuleTestCase()
        : TestCase("Salah et al. 2007's OFF formula offers more than the target load")
    {
    }

  private:
    void DoRun() override
    {
        Generated paper = Generate(0.1, Seconds(20), 1.3, 1.5, "Paper", MilliSeconds(10), 3);
        // Real mean ON 7.07 us against a nominal 2.22 us: the expected load is 0.31.
        NS_TEST_ASSERT_MSG_GT(paper.expectedLoad, 0.25, "Paper rule's expected load");
        NS_TEST_ASSERT_MSG_EQ_TOL(paper.load,
                                  paper.expectedLoad,
                                  0.1 * paper.expectedLoad,
                                  "measured load follows the source's expectation");
    }
};

/// Hurst parameter near (3 - 1.3) / 2 = 0.85, and near 0.5 for a light-tailed control.
class SelfSimilarHurstTestCase : public TestCase
{
  public:
    SelfSimilarHurstTestCase()
        : TestCase("Hurst parameter by aggregated variance and R-S")
    {
    }

  private:
    void DoRun() override
    {
        // 200 s in 10 ms bins: 20000 values, block sizes 100 ms..20 s.
        Generated heavy = Generate(0.5, Seconds(200), 1.3, 1.5, "Exact", MilliSeconds(10), 4);
        double av = HurstEstimator::AggregatedVariance(heavy.binBytes);
        double rs = HurstEstimator::RescaledRange(heavy.binBytes);
        // What to expect at these scales is not the asymptotic 0.85. The variance of the
        // aggregate grows as c_on T^(3 - 1.3) + c_off T^(3 - 1.5), with c ~ b^shape: the ON
        // tail (b_on = 0.512 us) carries ~3 % of the OFF tail's weight (b_off = 35 us) at
        // T = 1 s and ~5 % at 10 s, so the OFF tail's H = 0.75 rules every feasible scale,
        // and both estimators are biased down on finite series by the frame-level noise
        // (Taqqu, Teverovsky and Willinger 1995: 0.05-0.15 at this length). Measured over
        // 3 seeds: R/S 0.69-0.73, AV 0.55-0.64; with OffShape 1.3 too, R/S 0.75-0.80 and AV
        // 0.69-0.76, as the ON-and-OFF H = 0.85 predicts. Hence R/S in 0.75 - 0.12 .. 0.75
        // + 0.1, AV in 0.5..0.85 (the weaker estimator), and both above a light-tailed
        // control by a clear margin.
        NS_TEST_ASSERT_MSG_EQ_TOL(rs, 0.73, 0.1, "rescaled range");
        NS_TEST_ASSERT_MSG_EQ_TOL(av, 0.675, 0.175, "aggregated variance");
        // Control: the same source with light tails (shapes 20) is short-range dependent
        // (measured R/S 0.53-0.54, AV 0.47-0.50).
        Generated light = Generate(0.5, Seconds(200), 20, 20, "Exact", MilliSeconds(10), 5);
        double avLight = HurstEstimator::AggregatedVariance(light.binBytes);
        double rsLight = HurstEstimator::RescaledRange(light.binBytes);
        NS_TEST_ASSERT_MSG_EQ_TOL(avLight, 0.5, 0.08, "control, aggregated variance");
        NS_TEST_ASSERT_MSG_EQ_TOL(rsLight, 0.55, 0.08, "control, rescaled range");
        NS_TEST_ASSERT_MSG_GT(rs - rsLight, 0.1, "heavy tails must raise H (R/S)");
        NS_TEST_ASSERT_MSG_GT(av - avLight, 0.03, "heavy tails must raise H (AV)");
    }
};

/// Frames cross a network as UDP datagrams of frame - 46 bytes.
class SelfSimilarDeliveryTestCase : public TestCase
{
  public:
    SelfSimilarDeliveryTestCase()
        : TestCase("datagrams reach a UDP sink through a link")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(6);
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("100000p"));
        NetDeviceContainer devs = p2p.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4InterfaceContainer ifs = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devs);
        auto app = CreateObject<SelfSimilarTrafficApplication>();
        app->SetAttribute("Remote", AddressValue(InetSocketAddress(ifs.GetAddress(1), 9)));
        app->SetAttribute("Load", DoubleValue(0.3));
        nodes.Get(0)->AddApplication(app);
        app->SetStopTime(Seconds(0.2));
        PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), 9));
        ApplicationContainer sinks = sinkHelper.Install(nodes.Get(1));
        Simulator::Stop(Seconds(0.3));
        Simulator::Run();
        auto sink = DynamicCast<PacketSink>(sinks.Get(0));
        NS_TEST_ASSERT_MSG_GT(app->GetSent(), 1000u, "too few frames");
        NS_TEST_ASSERT_MSG_EQ(sink->GetTotalRx(),
                              app->GetSentBytes() - app->GetSent() * (20 + 46),
                              "payload bytes received = frames - gaps - headers");
        Simulator::Destroy();
    }
};

/// The helpers install every source type and a sink; Poisson and constant-rate sources take
/// the same frame-size tables.
class TrafficHelpersTestCase : public TestCase
{
  public:
    TrafficHelpersTestCase()
        : TestCase("TrafficSourceHelper and HostSinkHelper; frame sizes for every source")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(7);
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        NetDeviceContainer devs = p2p.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4InterfaceContainer ifs = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devs);
        ApplicationContainer sources;
        uint16_t port = 9;
        std::vector<Ptr<HostSinkApplication>> sinks;
        for (std::string type : {"ns3::PoissonSourceApplication",
                                 "ns3::ConstantRateSourceApplication",
                                 "ns3::SelfSimilarTrafficApplication"})
        {
            TrafficSourceHelper helper(type, InetSocketAddress(ifs.GetAddress(1), port));
            helper.SetAttribute("FrameSizes", StringValue("backbone"));
            if (type != "ns3::SelfSimilarTrafficApplication")
            {
                helper.SetAttribute("Rate", DoubleValue(20000));
            }
            else
            {
                helper.SetAttribute("Load", DoubleValue(0.1));
            }
            sources.Add(helper.Install(nodes.Get(0)));
            HostSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                      InetSocketAddress(Ipv4Address::GetAny(), port));
            sinkHelper.SetAttribute("UserCost",
                                    StringValue("ns3::ConstantRandomVariable[Constant=0]"));
            ApplicationContainer s = sinkHelper.Install(nodes.Get(1));
            HostSinkHelper::AssignStreams(s, 50);
            sinks.push_back(DynamicCast<HostSinkApplication>(s.Get(0)));
            ++port;
        }
        NS_TEST_ASSERT_MSG_EQ(TrafficSourceHelper::AssignStreams(sources, 10),
                              2 + 1 + 2,
                              "streams");
        sources.Stop(Seconds(0.5));
        Simulator::Stop(Seconds(0.6));
        Simulator::Run();
        auto poisson = DynamicCast<PoissonSourceApplication>(sources.Get(0));
        auto constant = DynamicCast<ConstantRateSourceApplication>(sources.Get(1));
        NS_TEST_ASSERT_MSG_EQ(sinks[0]->GetTotalRx(), poisson->GetSentBytes(), "Poisson bytes");
        NS_TEST_ASSERT_MSG_EQ(constant->GetSent(), 10000u, "constant rate: 20000/s for 0.5 s");
        NS_TEST_ASSERT_MSG_EQ(sinks[1]->GetTotalRx(),
                              constant->GetSentBytes(),
                              "constant-rate payload bytes");
        // ~10000 frames from the backbone table: mean payload 557 - 46 bytes within 2 %
        // (the frame-size standard deviation is ~560 bytes, so the standard error is 1 %).
        double meanPayload = double(poisson->GetSentBytes()) / poisson->GetSent();
        NS_TEST_ASSERT_MSG_EQ_TOL(meanPayload, 557.0 - 46, 0.02 * 511, "Poisson frame sizes");
        NS_TEST_ASSERT_MSG_GT(sinks[2]->GetPacketsRead(), 1000u, "self-similar through helper");
        Simulator::Destroy();
    }
};

/// Attribute checkers refuse bad values.
class SelfSimilarAttributesTestCase : public TestCase
{
  public:
    SelfSimilarAttributesTestCase()
        : TestCase("bad attribute values are refused")
    {
    }

  private:
    void DoRun() override
    {
        auto app = CreateObject<SelfSimilarTrafficApplication>();
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("Load", DoubleValue(0)), false, "load 0");
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("Load", DoubleValue(1)), false, "load 1");
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("Streams", UintegerValue(0)),
                              false,
                              "no streams");
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("OnShape", DoubleValue(1)),
                              false,
                              "infinite-mean ON");
        // An unknown OffRule name stops ns-3's EnumChecker itself, with "Available values:
        // Exact, Paper": it cannot be tested in-process.
    }
};

} // namespace

/// The hostnet-self-similar suite.
class SelfSimilarTestSuite : public TestSuite
{
  public:
    SelfSimilarTestSuite()
        : TestSuite("hostnet-self-similar", Type::UNIT)
    {
        AddTestCase(new SelfSimilarLoadTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new SelfSimilarPaperRuleTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new FrameSizeTableSharingTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new SelfSimilarHurstTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new SelfSimilarDeliveryTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new TrafficHelpersTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new SelfSimilarAttributesTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new DatagramIntervalTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static SelfSimilarTestSuite g_selfSimilarTestSuite;
