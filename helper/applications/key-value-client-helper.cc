/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "key-value-client-helper.h"

#include "ns3/abort.h"
#include "ns3/host-net-device-helper.h"
#include "ns3/key-value-client.h"

namespace ns3
{

KeyValueClientHelper::KeyValueClientHelper(const Address& remote)
    : ApplicationHelper(KeyValueClient::GetTypeId())
{
    m_factory.Set("Remote", AddressValue(remote));
}

void
KeyValueClientHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = HostNetDeviceHelper::CheckAttribute("ns3::KeyValueClient", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "KeyValueClientHelper::SetAttribute: " << error);
    m_factory.Set(name, value);
}

int64_t
KeyValueClientHelper::AssignStreams(const ApplicationContainer& apps, int64_t stream)
{
    int64_t used = 0;
    for (auto it = apps.Begin(); it != apps.End(); ++it)
    {
        if (auto client = DynamicCast<KeyValueClient>(*it))
        {
            used += client->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace ns3
