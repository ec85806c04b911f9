/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-gebert2016: the SGW example of Gebert et al. 2016 ("Performance Modeling of
// Softwarized Network Functions Using Discrete-Time Analysis") simulated end to end with
// HostNetDevice + HostSinkApplication and compared with the discrete-time model
// (DiscreteTimeBatchModel) for the same system.
//
// System (Gebert et al. 2016 Sec. V, SGW): deterministic arrivals of 210-byte UDP payloads with
// interarrival E[A]; aggregation interval tau = 200 us opened by the first frame
// (RxUsecsModeration); interrupt overhead o = 4 us once per batch (IsrCost of the
// PerPacketRxMode ISR, one interrupt per interval); protocol processing free
// (ProtocolCost 0, ProtocolCopyRate 0): the CPU queue of the paper is the application,
// a HostSinkApplication whose per-read UserCost is the service time B; the socket buffer
// is 131071 bytes.
//
// Service time B. The paper's measured SGW distribution (Fig. 6(b)) has mean 8.336 us and
// is capped at its 90 % quantile of 16 us, min(B, 16 us), to a mean of 7.25 us; its values
// are not printed. The shape used here (values in us, probabilities):
//   body  3: 0.05, 4: 0.15, 5: 0.20, 6: 0.20, 7: 0.10, 8: 0.08, 10: 0.06, 12: 0.04, 14: 0.02
//   tail 20: 0.05, 30: 0.03, 39.3: 0.02                  (10 % above 16 us, the cap)
// Uncapped mean 5.65 + 2.686 = 8.336 us; capped (tail -> 16 us) 5.65 + 1.6 = 7.25 us. The
// capped table is what both the simulator (EmpiricalRandomVariable, no interpolation) and
// the model (DiscreteDistribution::FromTable) use. All values lie on the model's 0.5 us
// grid, as do E[A] in {6.5, 7, 8, 9} us, tau and o: the model is exact on its grid for
// this system, so the grid adds no discretisation error.
//
// Work limit L. The simulated socket admits a datagram while the bytes waiting plus its
// 210 bytes fit in 131071, i.e. at most floor(131071 / 210) = 624 datagrams wait (the one
// being read has left the buffer). The paper's L = 5200 us is its figure for a Linux
// buffer (which counts skb truesize, not payload); in this simulator 624 waiting reads are
// 624 x 7.25 = 4524 us of work, plus the residual of the read in progress. The model is
// therefore solved with the L that the simulated buffer implies, L = 4525 us; the paper's
// L = 5200 us gives the same loss threshold (it depends on rho, not on L) but a ~15 %
// longer E[D] in overload, which the table also prints for reference.
//
// Known differences of the simulated system from the model (visible in the numbers):
// - the ISR preempts the application (HARDIRQ over the task), while the model adds o to
//   the work in FIFO order, so in the model o delays only its own batch. In the simulator
//   a datagram waiting in the socket is also delayed by the ISRs of every later batch
//   that arrives during its wait. Below the threshold this only touches the packet in
//   service at a batch arrival; in overload a waiting time of ~4525 us spans ~22 batches
//   and the simulated E[D] is ~22 x 4 = 88 us (about 2 %) above the model's, because the
//   socket limit counts datagrams (not work including o). Solving the model with
//   L = 4613 us (4525 + 88) reproduces the simulated E[D] to 0.5 us (checked once by
//   hand: 4634.3 vs 4634.7 us at E[A] = 6.5 us). The overload CDFs still differ in shape
//   (KS ~0.33-0.38 even then, 0.69 with L = 4525 us; printed, not asserted): the socket
//   admits by count, so the work a datagram finds is a sum of ~623 random reads (spread
//   ~ sqrt(623) x 3.5 us ~ 90 us), while the model admits by work, cut sharply at L.
// - a frame completing while the ISR runs is drained by that ISR (Linux semantics) and
//   also starts the next interval (RxUsecsModeration). With E[A] = 6.5 / 7 us the packet
//   after an interval end comes 1.5 / 3 us after it, within the 4 us ISR: it joins the
//   ending batch (and waits behind it at the CPU) instead of opening the next interval.
//   At 8 us it comes exactly at the end (tie, decided by event order); at 9 us 7 us
//   after it, after the ISR. The batch period is unchanged and the moved packet's
//   processing time changes by ~20 us at most below the threshold, so E[D] and the CDF
//   hardly move (measured: 0.4 us and KS 0.012 at 8 us).
// The simulated processing time is receive time at the application (end of the read)
// minus the SeqTsHeader send time minus the fixed wire time (serialisation at 10 Gb/s,
// 1 us propagation, DMA at 1 Tb/s); with it subtracted every simulated value lies on the
// model's 0.5 us grid (checked to 0.01 us), which confirms the offset.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/discrete-time-batch-model.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

constexpr double US = 1e-6;           ///< one microsecond in seconds
constexpr double GRID = 0.5 * US;     ///< model grid step dt
constexpr double TAU = 200 * US;      ///< aggregation interval (Gebert et al. 2016)
constexpr double OVERHEAD = 4 * US;   ///< interrupt overhead per batch (Gebert et al. 2016)
constexpr uint32_t PAYLOAD = 210;     ///< UDP payload bytes (incl. SeqTsHeader)
constexpr uint32_t RCVBUF = 131071;   ///< socket buffer bytes
constexpr double LINK_BPS = 10e9;     ///< point-to-point rate
constexpr double LINK_DELAY = 1 * US; ///< propagation delay
constexpr double BUS_BPS = 1e12;      ///< NIC DMA rate (makes the DMA negligible)
constexpr double WARMUP = 0.3;        ///< deleted initial period (s)
constexpr double MEASURE = 1.0;       ///< measured period (s)
constexpr double DRAIN = 0.02;        ///< time after the sender stops (> L)

/// Uncapped service table of the SGW (us, probability), see the file comment.
const std::vector<std::pair<double, double>> kServiceUs = {{3, 0.05},
                                                           {4, 0.15},
                                                           {5, 0.20},
                                                           {6, 0.20},
                                                           {7, 0.10},
                                                           {8, 0.08},
                                                           {10, 0.06},
                                                           {12, 0.04},
                                                           {14, 0.02},
                                                           {20, 0.05},
                                                           {30, 0.03},
                                                           {39.3, 0.02}};

/// The capped table min(B, 16 us) in seconds, equal values merged.
std::vector<std::pair<double, double>>
CappedServiceTable()
{
    std::vector<std::pair<double, double>> t;
    for (auto [v, p] : kServiceUs)
    {
        double c = std::min(v, 16.0) * US;
        if (!t.empty() && std::abs(t.back().first - c) < 1e-12)
        {
            t.back().second += p;
        }
        else
        {
            t.emplace_back(c, p);
        }
    }
    return t;
}

/// What one simulated point measured (packets sent in the measured window).
struct SimResult
{
    uint64_t sent{0};          ///< datagrams sent in the window
    uint64_t read{0};          ///< of those, read by the application
    double loss{0};            ///< 1 - read / sent
    double meanD{0};           ///< mean processing time (s)
    double gridDev{0};         ///< largest distance of a processing time from the grid (s)
    std::vector<double> delay; ///< processing times (s) of the packets read
    uint64_t socketDrops{0};   ///< socket drops over the whole run
};

/// Fixed time from UdpClient's send to the frame's completion in host memory (s).
double
WireOffset()
{
    // PPP 2 + IPv4 20 + UDP 8 + payload on the wire; the PHY strips PPP before the NIC DMA.
    double wireBytes = PAYLOAD + 8 + 20 + 2;
    return wireBytes * 8 / LINK_BPS + LINK_DELAY + (wireBytes - 2) * 8 / BUS_BPS;
}

/// Simulate deterministic arrivals with interarrival @p ea (s).
SimResult
Simulate(double ea, uint32_t run)
{
    RngSeedManager::SetSeed(4);
    RngSeedManager::SetRun(run);
    Config::SetDefault("ns3::UdpSocket::RcvBufSize", UintegerValue(RCVBUF));

    NodeContainer nodes;
    nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(LINK_BPS))));
    p2p.SetChannelAttribute("Delay", TimeValue(Seconds(LINK_DELAY)));
    NetDeviceContainer phys = p2p.Install(nodes);
    InternetStackHelper stack;
    stack.Install(nodes);

    HostNetDeviceHelper helper;
    helper.SetModeration("ns3::RxUsecsModeration", "Interval", TimeValue(Seconds(TAU)));
    helper.SetRxMode("ns3::PerPacketRxMode", "BacklogSize", UintegerValue(100000));
    helper.SetCostAttribute("IsrCost",
                            StringValue(HostNetDeviceHelper::ConstantCost(Seconds(OVERHEAD))));
    helper.SetCostAttribute("ProtocolCost", StringValue("ns3::ConstantRandomVariable[Constant=0]"));
    helper.SetCostAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
    helper.SetRxRingAttribute("BusRate", DataRateValue(DataRate(uint64_t(BUS_BPS))));
    Ptr<HostNetDevice> host = helper.Install(phys.Get(1));
    NetDeviceContainer devices(phys.Get(0));
    devices.Add(host);
    helper.AssignStreams(devices, 10);
    Ipv4AddressHelper ipv4("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);

    auto service = CreateObject<EmpiricalRandomVariable>();
    service->SetInterpolate(false);
    double cum = 0;
    for (auto [v, p] : CappedServiceTable())
    {
        cum += p;
        service->CDF(v, std::min(cum, 1.0));
    }
    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
    sink->SetAttribute("UserCost", PointerValue(service));
    sink->SetAttribute("Protocol", TypeIdValue(UdpSocketFactory::GetTypeId()));
    nodes.Get(1)->AddApplication(sink);
    sink->AssignStreams(20);

    const Time start = MicroSeconds(10);
    const Time stop = Seconds(WARMUP + MEASURE);
    UdpClientHelper client(ifaces.GetAddress(1), 9);
    client.SetAttribute("MaxPackets", UintegerValue(0));
    client.SetAttribute("Interval", TimeValue(Seconds(ea)));
    client.SetAttribute("PacketSize", UintegerValue(PAYLOAD));
    ApplicationContainer clientApp = client.Install(nodes.Get(0));
    clientApp.Start(start);
    clientApp.Stop(stop);

    SimResult r;
    const Time w0 = Seconds(WARMUP);
    const double offset = WireOffset();
    clientApp.Get(0)->TraceConnectWithoutContext(
        "Tx",
        Callback<void, Ptr<const Packet>>([&r, w0](Ptr<const Packet>) {
            if (Simulator::Now() >= w0)
            {
                r.sent++;
            }
        }));
    sink->TraceConnectWithoutContext(
        "Rx",
        Callback<void, Ptr<const Packet>, const Address&>(
            [&r, w0, offset](Ptr<const Packet> p, const Address&) {
                SeqTsHeader h;
                p->Copy()->RemoveHeader(h);
                double raw = (Simulator::Now() - h.GetTs()).GetSeconds();
                if (h.GetTs() >= w0)
                {
                    double d = raw - offset;
                    r.gridDev = std::max(r.gridDev, std::abs(d - std::round(d / GRID) * GRID));
                    r.read++;
                    r.delay.push_back(raw - offset);
                }
            }));

    Simulator::Stop(stop + Seconds(DRAIN));
    Simulator::Run();
    r.socketDrops = sink->GetSocketDrops();
    Simulator::Destroy();

    r.loss = r.sent ? 1.0 - double(r.read) / r.sent : 0.0;
    double sum = 0;
    for (double d : r.delay)
    {
        sum += d;
    }
    r.meanD = r.delay.empty() ? 0.0 : sum / r.delay.size();
    return r;
}

/// Model parameters for deterministic interarrival @p ea and work limit @p limit (s).
DiscreteTimeBatchParameters
ModelParameters(double ea, double limit)
{
    DiscreteTimeBatchParameters p;
    p.interarrival = DiscreteDistribution::Deterministic(ea, GRID);
    p.service = DiscreteDistribution::FromTable(CappedServiceTable(), GRID);
    p.aggregation = DiscreteDistribution::Deterministic(TAU, GRID);
    p.overhead = DiscreteDistribution::Deterministic(OVERHEAD, GRID);
    p.L = limit;
    return p;
}

/**
 * Kolmogorov-Smirnov distance between the simulated processing times and the model's
 * distribution: both live on the grid (the simulated ones up to the ns resolution of the
 * clock), so F_sim is evaluated half a step above each grid point.
 */
double
KsDistance(std::vector<double> sim, const DiscreteDistribution& model)
{
    std::sort(sim.begin(), sim.end());
    double dt = model.GetDt();
    std::size_t kMax = std::max<std::size_t>(model.GetSize(), sim.back() / dt + 2);
    double fModel = 0;
    double ks = 0;
    auto it = sim.begin();
    for (std::size_t k = 0; k < kMax; ++k)
    {
        fModel += model[k];
        it = std::upper_bound(it, sim.end(), (k + 0.5) * dt);
        double fSim = double(it - sim.begin()) / sim.size();
        ks = std::max(ks, std::abs(fSim - fModel));
    }
    return ks;
}

/**
 * @ingroup hostnet-tests
 * @brief Gebert et al. 2016's SGW example: simulation vs the discrete-time model.
 */
class Gebert2016SgwTestCase : public TestCase
{
  public:
    Gebert2016SgwTestCase()
        : TestCase("Gebert et al. 2016 SGW: loss threshold, E[D] and CDF, simulation vs model")
    {
    }

  private:
    void DoRun() override
    {
        auto wallStart = std::chrono::steady_clock::now();
        // Restore the UDP buffer default afterwards (other suites share the process).
        TypeId::AttributeInformation info;
        TypeId::LookupByName("ns3::UdpSocket").LookupAttributeByName("RcvBufSize", &info);
        std::string oldRcvBuf = info.initialValue->SerializeToString(info.checker);

        // The service table: both means of Gebert et al. 2016.
        double mean = 0;
        double capped = 0;
        for (auto [v, p] : kServiceUs)
        {
            mean += v * p;
            capped += std::min(v, 16.0) * p;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(mean, 8.336, 1e-9, "uncapped service mean (Gebert et al. 2016)");
        NS_TEST_ASSERT_MSG_EQ_TOL(capped, 7.25, 1e-9, "capped service mean (Gebert et al. 2016)");
        DiscreteDistribution b = DiscreteDistribution::FromTable(CappedServiceTable(), GRID);
        NS_TEST_ASSERT_MSG_EQ_TOL(b.GetMean(), 7.25e-6, 1e-12, "service exact on the grid");

        // L implied by the simulated socket buffer (see the file comment).
        const double limit = 4525 * US;
        const double paperLimit = DiscreteTimeBatchModel::kSgwLimit;

        std::cout << "\nhostnet-gebert2016: tau 200 us, o 4 us, E[B] 7.25 us, socket " << RCVBUF
                  << " B = " << RCVBUF / PAYLOAD << " datagrams, model L " << limit / US
                  << " us (paper L " << paperLimit / US << " us), grid " << GRID / US
                  << " us, wire offset " << WireOffset() / US << " us\n";
        std::cout << std::setw(6) << "E[A]" << std::setw(10) << "sim loss" << std::setw(11)
                  << "model loss" << std::setw(10) << "sim E[D]" << std::setw(12) << "model E[D]"
                  << std::setw(9) << "ratio" << std::setw(14) << "E[D] L=5200" << std::setw(8)
                  << "KS" << std::setw(10) << "sent" << std::setw(9) << "grid dev"
                  << "\n";

        const std::vector<double> points = {6.5, 7.0, 8.0, 9.0};
        uint32_t run = 1;
        for (double eaUs : points)
        {
            double ea = eaUs * US;
            DiscreteTimeBatchResult m = DiscreteTimeBatchModel::Solve(ModelParameters(ea, limit));
            DiscreteTimeBatchResult mp =
                DiscreteTimeBatchModel::Solve(ModelParameters(ea, paperLimit));
            NS_TEST_ASSERT_MSG_EQ(m.converged, true, "model converged at E[A] " << eaUs);
            SimResult s = Simulate(ea, run++);
            NS_TEST_ASSERT_MSG_GT(s.read, 10000u, "enough samples at E[A] " << eaUs);
            double ks = KsDistance(s.delay, m.processingTime);
            std::cout << std::setw(6) << eaUs << std::setw(10) << std::setprecision(4) << s.loss
                      << std::setw(11) << m.lossProbability << std::setw(10) << std::setprecision(5)
                      << s.meanD / US << std::setw(12) << m.meanProcessingTime / US << std::setw(9)
                      << std::setprecision(4) << s.meanD / m.meanProcessingTime << std::setw(14)
                      << std::setprecision(5) << mp.meanProcessingTime / US << std::setw(8)
                      << std::setprecision(3) << ks << std::setw(10) << s.sent << std::setw(9)
                      << std::setprecision(3) << s.gridDev / US << "\n";

            // (2) Gebert et al. 2016 Sec. V: simulated and model mean processing times within 10 %.
            NS_TEST_EXPECT_MSG_EQ_TOL(s.meanD / m.meanProcessingTime,
                                      1.0,
                                      0.10,
                                      "E[D] sim vs model at E[A] " << eaUs << " us");
            if (eaUs >= 8.0)
            {
                // (1) Gebert et al. 2016 Sec. V: no loss above E[A] ~ 7.39 us (7.25 us + o/E[X]).
                NS_TEST_EXPECT_MSG_LT(m.lossProbability, 1e-6, "model: no loss at " << eaUs);
                NS_TEST_EXPECT_MSG_EQ(s.read, s.sent, "sim: no loss at " << eaUs);
                NS_TEST_EXPECT_MSG_EQ(s.socketDrops, 0u, "sim: no socket drop at " << eaUs);
                // (3) CDF: both distributions live on the same 0.5 us grid, on which the
                // model is exact here, so there is no discretisation floor. What is left
                // is sampling noise: ~1e5 samples, correlated within batches of 23-26,
                // i.e. ~4500-5000 independent batch cycles, 1/sqrt(4500) = 0.015, plus the
                // ISR effects of the file comment (well below that). Bound 0.03 = 2x.
                NS_TEST_EXPECT_MSG_LT(ks, 0.03, "KS distance at E[A] " << eaUs);
            }
            else
            {
                // (1) overload: rho = (7.25 + 4/E[X]) / E[A] > 1; the loss is 1 - 1/rho in
                // both. The simulated long-run loss must agree with the model's to 0.01
                // absolute (the ISR absorption changes E[X] by one packet: 4/31 vs 4/32
                // us of o per packet, ~0.0006 in loss).
                NS_TEST_EXPECT_MSG_GT(s.loss, 0.01, "sim: loss at " << eaUs);
                NS_TEST_EXPECT_MSG_GT(m.lossProbability, 0.01, "model: loss at " << eaUs);
                NS_TEST_EXPECT_MSG_EQ_TOL(s.loss,
                                          m.lossProbability,
                                          0.01,
                                          "loss sim vs model at E[A] " << eaUs);
            }
            // The wire offset: all arrivals, tau, o and B are on the 0.5 us grid, so every
            // simulated processing time is too once the offset is right (ns clock rounding).
            NS_TEST_EXPECT_MSG_LT(s.gridDev, 0.01 * US, "wire offset as computed");
        }

        // (1) the model's threshold lies between 7 and 8 us (Gebert et al. 2016:
        // ~7.25 us + o/E[X]).
        double lo = 7.0 * US;
        double hi = 8.0 * US;
        for (int i = 0; i < 4; ++i)
        {
            double mid = 0.5 * (lo + hi);
            mid = std::round(mid / GRID) * GRID;
            if (mid <= lo || mid >= hi)
            {
                break;
            }
            auto r = DiscreteTimeBatchModel::Solve(ModelParameters(mid, limit));
            (r.lossProbability > 1e-6 ? lo : hi) = mid;
        }
        std::cout << "model loss threshold between " << lo / US << " and " << hi / US
                  << " us (grid " << GRID / US << " us)\n";
        NS_TEST_EXPECT_MSG_GT(hi, 7.0 * US + 1e-12, "threshold above 7 us");
        NS_TEST_EXPECT_MSG_LT(lo, 8.0 * US - 1e-12, "threshold below 8 us");

        Config::SetDefault("ns3::UdpSocket::RcvBufSize", StringValue(oldRcvBuf));
        std::cout
            << "wall time "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count()
            << " s\n";
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Gebert et al. 2016 simulation-vs-model validation suite.
 */
class Gebert2016ValidationTestSuite : public TestSuite
{
  public:
    Gebert2016ValidationTestSuite()
        : TestSuite("hostnet-gebert2016", Type::SYSTEM)
    {
        AddTestCase(new Gebert2016SgwTestCase(), Duration::EXTENSIVE);
    }
};

/// Static instance.
Gebert2016ValidationTestSuite g_gebert2016ValidationTestSuite;

} // namespace
