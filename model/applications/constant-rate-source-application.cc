/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "constant-rate-source-application.h"

#include "ns3/double.h"
#include "ns3/integer.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ConstantRateSourceApplication");

NS_OBJECT_ENSURE_REGISTERED(ConstantRateSourceApplication);

TypeId
ConstantRateSourceApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ConstantRateSourceApplication")
            .SetParent<DatagramSourceApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<ConstantRateSourceApplication>()
            .AddAttribute("Rate",
                          "Datagrams per second (> 0), exactly 1/Rate apart.",
                          DoubleValue(1000),
                          MakeDoubleAccessor(&ConstantRateSourceApplication::SetRate,
                                             &ConstantRateSourceApplication::GetRate),
                          MakeDoubleChecker<double>(1e-9));
    return tid;
}

// A constant draws no random numbers: it takes no automatic stream number (Stream 0).
ConstantRateSourceApplication::ConstantRateSourceApplication()
    : DatagramSourceApplication(
          CreateObjectWithAttributes<ConstantRandomVariable>("Stream", IntegerValue(0)))
{
    m_gap = DynamicCast<ConstantRandomVariable>(GetInterval());
}

ConstantRateSourceApplication::~ConstantRateSourceApplication() = default;

Time
ConstantRateSourceApplication::FirstSendDelay()
{
    return Time(0);
}

void
ConstantRateSourceApplication::SetRate(double rate)
{
    m_rate = rate;
    m_gap->SetAttribute("Constant", DoubleValue(1.0 / rate));
}

double
ConstantRateSourceApplication::GetRate() const
{
    return m_rate;
}

} // namespace ns3
