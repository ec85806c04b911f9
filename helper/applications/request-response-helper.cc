/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "request-response-helper.h"

#include "ns3/etc-workload.h"
#include "ns3/fatal-error.h"
#include "ns3/pointer.h"
#include "ns3/request-response-client.h"
#include "ns3/request-response-header.h"
#include "ns3/request-response-server.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

RequestResponseServerHelper::RequestResponseServerHelper(uint16_t port)
    : ApplicationHelper(RequestResponseServer::GetTypeId())
{
    m_factory.Set("Port", UintegerValue(port));
}

int64_t
RequestResponseServerHelper::AssignStreams(const ApplicationContainer& apps, int64_t stream)
{
    int64_t used = 0;
    for (auto it = apps.Begin(); it != apps.End(); ++it)
    {
        if (auto server = DynamicCast<RequestResponseServer>(*it))
        {
            used += server->AssignStreams(stream + used);
        }
    }
    return used;
}

std::vector<std::string>
RequestResponseClientHelper::GetSizeWorkloadNames()
{
    return {"fixed", "etc"};
}

void
RequestResponseClientHelper::SetSizeWorkload(const std::string& name)
{
    auto names = GetSizeWorkloadNames();
    if (std::find(names.begin(), names.end(), name) == names.end())
    {
        NS_FATAL_ERROR("RequestResponseClientHelper::SetSizeWorkload: unknown workload '"
                       << name << "'; known: fixed, etc");
    }
    m_workload = name;
}

RequestResponseClientHelper::RequestResponseClientHelper(const Address& remote)
    : ApplicationHelper(RequestResponseClient::GetTypeId())
{
    m_factory.Set("Remote", AddressValue(remote));
}

Ptr<Application>
RequestResponseClientHelper::DoInstall(Ptr<Node> node)
{
    auto app = m_factory.Create<RequestResponseClient>();
    if (m_workload == "etc")
    {
        // Atikoglu et al. 2012, Facebook ETC: key sizes for the requests, value sizes for
        // the responses, each after the 24-byte header.
        const double header = RequestResponseHeader::SIZE;
        app->SetAttribute("RequestSizes", PointerValue(EtcWorkload::CreateKeySizes(header)));
        app->SetAttribute("ResponseSizes", PointerValue(EtcWorkload::CreateValueSizes(header)));
    }
    node->AddApplication(app);
    return app;
}

int64_t
RequestResponseClientHelper::AssignStreams(const ApplicationContainer& apps, int64_t stream)
{
    int64_t used = 0;
    for (auto it = apps.Begin(); it != apps.End(); ++it)
    {
        if (auto client = DynamicCast<RequestResponseClient>(*it))
        {
            used += client->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace ns3
