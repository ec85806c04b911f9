/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef TRAFFIC_SOURCE_HELPER_H
#define TRAFFIC_SOURCE_HELPER_H

#include "ns3/address.h"
#include "ns3/application-container.h"
#include "ns3/application-helper.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Installs hostnet's traffic sources: SelfSimilarTrafficApplication, or
 *        DatagramSourceApplication and its subclasses (PoissonSourceApplication,
 *        ConstantRateSourceApplication).
 *
 * @code
 *   TrafficSourceHelper bursty("ns3::SelfSimilarTrafficApplication",
 *                              InetSocketAddress(dst, 9));
 *   bursty.SetAttribute("Load", DoubleValue(0.6));
 *   ApplicationContainer apps = bursty.Install(senders);
 *   TrafficSourceHelper::AssignStreams(apps, 100);
 * @endcode
 */
class TrafficSourceHelper : public ApplicationHelper
{
  public:
    using ApplicationHelper::AssignStreams;

    /**
     * @brief Create a helper for sources of one type sending to one destination.
     * @param typeId a source type named above (aborts listing them otherwise)
     * @param remote destination (InetSocketAddress)
     */
    TrafficSourceHelper(const std::string& typeId, const Address& remote);

    /**
     * @brief Fix the random streams of hostnet sources in @p apps.
     * @param apps applications (others are skipped)
     * @param stream first stream index
     * @return the number of streams used
     */
    static int64_t AssignStreams(const ApplicationContainer& apps, int64_t stream);
};

/**
 * @ingroup hostnet
 * @brief Installs HostSinkApplication (a user-space receiver that needs CPU to read).
 */
class HostSinkHelper : public ApplicationHelper
{
  public:
    using ApplicationHelper::AssignStreams;

    /**
     * @brief Create a helper for sinks bound to a local address.
     * @param protocol "ns3::UdpSocketFactory" or "ns3::TcpSocketFactory"
     * @param local address to bind to, e.g. InetSocketAddress(Ipv4Address::GetAny(), 9)
     */
    HostSinkHelper(const std::string& protocol, const Address& local);

    /**
     * @brief Fix the random streams of the sinks in @p apps.
     * @param apps applications (others are skipped)
     * @param stream first stream index
     * @return the number of streams used
     */
    static int64_t AssignStreams(const ApplicationContainer& apps, int64_t stream);
};

} // namespace ns3

#endif // TRAFFIC_SOURCE_HELPER_H
