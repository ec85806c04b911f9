/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "request-response-helper.h"

#include "ns3/fatal-error.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/request-response-client.h"
#include "ns3/request-response-header.h"
#include "ns3/request-response-server.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace ns3
{

RequestResponseServerHelper::RequestResponseServerHelper(uint16_t port)
{
    m_factory.SetTypeId(RequestResponseServer::GetTypeId());
    m_factory.Set("Port", UintegerValue(port));
}

void
RequestResponseServerHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

ApplicationContainer
RequestResponseServerHelper::Install(NodeContainer nodes) const
{
    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        auto app = m_factory.Create<RequestResponseServer>();
        (*it)->AddApplication(app);
        apps.Add(app);
    }
    return apps;
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

namespace
{
/**
 * @brief An inverse-CDF table of a size distribution as an EmpiricalRandomVariable.
 * @param quantile bytes at probability p (0 < p < 1)
 * @param header bytes added to every size
 * @param cap largest size before the header
 * @return the random variable (interpolating)
 */
Ptr<EmpiricalRandomVariable>
SizeTable(const std::function<double(double)>& quantile, double header, double cap)
{
    std::vector<double> probabilities;
    for (int i = 1; i < 100; ++i)
    {
        probabilities.push_back(i / 100.0);
    }
    for (int i = 991; i < 1000; ++i)
    {
        probabilities.push_back(i / 1000.0);
    }
    for (double tail : {1e-4, 1e-5, 1e-6})
    {
        probabilities.push_back(1 - tail);
    }
    auto table = CreateObject<EmpiricalRandomVariable>();
    table->SetInterpolate(true);
    auto bytes = [&](double p) { return header + std::clamp(quantile(p), 1.0, cap); };
    // The table starts at the 0.1 % point and ends at the 1 - 1e-7 point.
    table->CDF(bytes(1e-3), 0.0);
    for (double p : probabilities)
    {
        table->CDF(bytes(p), p);
    }
    table->CDF(bytes(1 - 1e-7), 1.0);
    return table;
}
} // namespace

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
{
    m_factory.SetTypeId(RequestResponseClient::GetTypeId());
    m_factory.Set("Remote", AddressValue(remote));
}

void
RequestResponseClientHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

ApplicationContainer
RequestResponseClientHelper::Install(NodeContainer nodes) const
{
    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        auto app = m_factory.Create<RequestResponseClient>();
        if (m_workload == "etc")
        {
            // Atikoglu et al. 2012, Facebook ETC: key sizes GEV(30.7984, 8.20449, 0.078688),
            // value sizes GP(0, 214.476, 0.348238); quantile functions of the two fits.
            auto key = [](double p) {
                const double mu = 30.7984;
                const double sigma = 8.20449;
                const double xi = 0.078688;
                return mu + sigma / xi * (std::pow(-std::log(p), -xi) - 1);
            };
            auto value = [](double p) {
                const double sigma = 214.476;
                const double xi = 0.348238;
                return sigma / xi * (std::pow(1 - p, -xi) - 1);
            };
            const double header = RequestResponseHeader::SIZE;
            app->SetAttribute("RequestSizes", PointerValue(SizeTable(key, header, 250)));
            app->SetAttribute("ResponseSizes", PointerValue(SizeTable(value, header, 1 << 20)));
        }
        (*it)->AddApplication(app);
        apps.Add(app);
    }
    return apps;
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
