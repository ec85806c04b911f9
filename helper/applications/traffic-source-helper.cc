/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "traffic-source-helper.h"

#include "ns3/abort.h"
#include "ns3/datagram-source-application.h"
#include "ns3/host-sink-application.h"
#include "ns3/self-similar-traffic-application.h"
#include "ns3/type-id.h"

namespace ns3
{

namespace
{

/**
 * @param typeId what the user gave
 * @return its TypeId, if it is one of TrafficSourceHelper's source types (aborts otherwise)
 */
TypeId
SourceTypeId(const std::string& typeId)
{
    TypeId tid;
    NS_ABORT_MSG_IF(!TypeId::LookupByNameFailSafe(typeId, &tid) ||
                        (tid != SelfSimilarTrafficApplication::GetTypeId() &&
                         !tid.IsChildOf(DatagramSourceApplication::GetTypeId()) &&
                         tid != DatagramSourceApplication::GetTypeId()),
                    "TrafficSourceHelper: unknown source type '"
                        << typeId
                        << "'; allowed: ns3::SelfSimilarTrafficApplication, "
                           "ns3::DatagramSourceApplication and its subclasses "
                           "(ns3::PoissonSourceApplication, ns3::ConstantRateSourceApplication)");
    return tid;
}

} // namespace

TrafficSourceHelper::TrafficSourceHelper(const std::string& typeId, const Address& remote)
    : ApplicationHelper(SourceTypeId(typeId))
{
    m_factory.Set("Remote", AddressValue(remote));
}

int64_t
TrafficSourceHelper::AssignStreams(const ApplicationContainer& apps, int64_t stream)
{
    int64_t used = 0;
    for (auto it = apps.Begin(); it != apps.End(); ++it)
    {
        if (auto s = DynamicCast<SelfSimilarTrafficApplication>(*it))
        {
            used += s->AssignStreams(stream + used);
        }
        else if (auto d = DynamicCast<DatagramSourceApplication>(*it))
        {
            used += d->AssignStreams(stream + used);
        }
    }
    return used;
}

HostSinkHelper::HostSinkHelper(const std::string& protocol, const Address& local)
    : ApplicationHelper(HostSinkApplication::GetTypeId())
{
    m_factory.Set("Protocol", TypeIdValue(TypeId::LookupByName(protocol)));
    m_factory.Set("Local", AddressValue(local));
}

int64_t
HostSinkHelper::AssignStreams(const ApplicationContainer& apps, int64_t stream)
{
    int64_t used = 0;
    for (auto it = apps.Begin(); it != apps.End(); ++it)
    {
        if (auto sink = DynamicCast<HostSinkApplication>(*it))
        {
            used += sink->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace ns3
