/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOSTNET_TEST_UTILS_H
#define HOSTNET_TEST_UTILS_H

// Shared by the hostnet test suites (not installed): a sender and a receiving host joined
// by a SimpleChannel with no delay and no rate limit, so frames reach the receiver's NIC
// exactly when the test sends them (Poisson arrivals stay Poisson).

#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/host-net-device-helper.h"
#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simple-channel.h"
#include "ns3/simple-net-device.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <vector>

namespace hostnet_test
{

using namespace ns3;

/// Sender node, receiving host and the HostNetDevice under test.
struct HostPair
{
    Ptr<Node> sender;               ///< plain node
    Ptr<Node> receiver;             ///< host node
    Ptr<SimpleNetDevice> senderPhy; ///< sender device
    Ptr<HostNetDevice> host;        ///< receiver's HostNetDevice
};

/**
 * Build the pair; the receiving PHY is wrapped by @p helper.
 * @param helper configured HostNetDeviceHelper
 * @return the pair
 */
inline HostPair
MakeHostPair(const HostNetDeviceHelper& helper)
{
    HostPair p;
    p.sender = CreateObject<Node>();
    p.receiver = CreateObject<Node>();
    auto channel = CreateObject<SimpleChannel>();
    p.senderPhy = CreateObject<SimpleNetDevice>();
    auto rxPhy = CreateObject<SimpleNetDevice>();
    for (auto [node, dev] : {std::pair{p.sender, p.senderPhy}, std::pair{p.receiver, rxPhy}})
    {
        dev->SetAddress(Mac48Address::Allocate());
        dev->SetChannel(channel);
        node->AddDevice(dev);
    }
    p.host = helper.Install(rxPhy);
    return p;
}

/**
 * A host with deterministic costs for hand-computed schedules: ISR 3 us, protocol 5 us
 * (no per-byte part), 125-byte frames DMAed in 1 ns.
 * @return the configured helper (moderation and receive mode left at their defaults)
 */
inline HostNetDeviceHelper
DeterministicHelper()
{
    HostNetDeviceHelper helper;
    helper.SetCostAttribute("IsrCost", StringValue("ns3::ConstantRandomVariable[Constant=3e-6]"));
    helper.SetCostAttribute("ProtocolCost",
                            StringValue("ns3::ConstantRandomVariable[Constant=5e-6]"));
    helper.SetCostAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
    helper.SetRxRingAttribute("BusRate", DataRateValue(DataRate("1000Gbps")));
    return helper;
}

/**
 * Send @p n 125-byte frames from the pair's sender at time @p t.
 * @param p the topology
 * @param t when
 * @param n how many (back to back: the channel has no rate limit)
 */
inline void
SendBurst(const HostPair& p, Time t, int n)
{
    Simulator::Schedule(t, [p, n]() {
        for (int i = 0; i < n; ++i)
        {
            p.senderPhy->Send(Create<Packet>(125), p.host->GetAddress(), 0x0800);
        }
    });
}

/// Trace sink for HostNetDevice "Delivered": records delivery instants.
inline void
RecordDelivery(std::vector<Time>* v, Ptr<const Packet>, Time)
{
    v->push_back(Simulator::Now());
}

/// Sends fixed-size frames from the sender at exponential intervals (a Poisson stream).
class PoissonInjector
{
  public:
    /**
     * @param pair the topology
     * @param rate frames per second
     * @param size frame size in bytes
     * @param stop no frames at or after this time
     * @param stream random stream index
     */
    PoissonInjector(const HostPair& pair, double rate, uint32_t size, Time stop, int64_t stream)
        : m_phy(pair.senderPhy),
          m_to(pair.host->GetAddress()),
          m_size(size),
          m_stop(stop)
    {
        m_gap = CreateObject<ExponentialRandomVariable>();
        m_gap->SetAttribute("Mean", DoubleValue(1.0 / rate));
        m_gap->SetStream(stream);
        Simulator::Schedule(Seconds(m_gap->GetValue()), &PoissonInjector::Send, this);
    }

    /// @return frames sent
    uint64_t GetSent() const
    {
        return m_sent;
    }

  private:
    /// Send one frame and schedule the next.
    void Send()
    {
        m_phy->Send(Create<Packet>(m_size), m_to, 0x0800);
        m_sent++;
        Time next = Simulator::Now() + Seconds(m_gap->GetValue());
        if (next < m_stop)
        {
            Simulator::Schedule(next - Simulator::Now(), &PoissonInjector::Send, this);
        }
    }

    Ptr<SimpleNetDevice> m_phy;           ///< sender
    Address m_to;                         ///< receiver
    uint32_t m_size;                      ///< bytes
    Time m_stop;                          ///< end of the stream
    Ptr<ExponentialRandomVariable> m_gap; ///< inter-arrival times
    uint64_t m_sent{0};                   ///< frames sent
};

/// What one simulated load point measured (after warm-up deletion).
struct PointResult
{
    double throughput;        ///< delivered frames per second
    double availability;      ///< CPU share left by interrupt and protocol work
    double latency;           ///< mean system latency in seconds (memory -> end of processing)
    HostNetDeviceStats stats; ///< all device counters of the measured window
};

/**
 * Poisson frames into a host built by @p helper; statistics after a warm-up.
 * @param helper configured helper (streams are fixed: AssignStreams(10))
 * @param lambda frames per second
 * @param warmup deleted initial period
 * @param measure measured period
 * @param run RngRun of this replication
 * @param size frame size in bytes
 * @return the measurements
 */
inline PointResult
MeasurePoint(const HostNetDeviceHelper& helper,
             double lambda,
             Time warmup,
             Time measure,
             uint32_t run,
             uint32_t size = 46)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    HostPair pair = MakeHostPair(helper);
    pair.host->AssignStreams(10);
    PoissonInjector source(pair, lambda, size, warmup + measure, 1);
    Simulator::Schedule(warmup, [&pair]() {
        pair.host->ResetStats();
        pair.host->GetCpu()->ResetStats();
    });
    Simulator::Stop(warmup + measure);
    Simulator::Run();
    HostNetDeviceStats s = pair.host->GetStats();
    PointResult r{s.throughputPps,
                  pair.host->GetCpu()->GetStats().availability,
                  s.systemLatency.meanUs * 1e-6,
                  s};
    Simulator::Destroy();
    return r;
}

/**
 * Cumulative distribution function of Student's t (Boost.Math).
 * @param t argument
 * @param dof degrees of freedom (> 0)
 * @return P(T <= t)
 */
inline double
StudentTCdf(double t, double dof)
{
    return boost::math::cdf(boost::math::students_t_distribution<double>(dof), t);
}

/**
 * Quantile of Student's t (Boost.Math: the inverse of StudentTCdf to full precision).
 * @param p probability in (0, 1)
 * @param dof degrees of freedom (> 0)
 * @return t with P(T <= t) = p
 */
inline double
StudentTQuantile(double p, double dof)
{
    return boost::math::quantile(boost::math::students_t_distribution<double>(dof), p);
}

/**
 * Mean and confidence-interval half width of independent replications (Student t).
 * @param values one value per replication (at least 2)
 * @param confidence e.g. 0.95
 * @return {mean, half width}
 */
inline std::pair<double, double>
MeanCi(const std::vector<double>& values, double confidence)
{
    double n = values.size();
    double mean = 0;
    for (double v : values)
    {
        mean += v;
    }
    mean /= n;
    double var = 0;
    for (double v : values)
    {
        var += (v - mean) * (v - mean);
    }
    var /= (n - 1);
    double q = StudentTQuantile(1 - (1 - confidence) / 2, n - 1);
    return {mean, q * std::sqrt(var / n)};
}

} // namespace hostnet_test

#endif // HOSTNET_TEST_UTILS_H
