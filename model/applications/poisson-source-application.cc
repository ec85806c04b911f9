/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "poisson-source-application.h"

#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PoissonSourceApplication");

NS_OBJECT_ENSURE_REGISTERED(PoissonSourceApplication);

TypeId
PoissonSourceApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PoissonSourceApplication")
            .SetParent<DatagramSourceApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<PoissonSourceApplication>()
            .AddAttribute("Rate",
                          "Mean datagrams per second (> 0): Interval is exponential with mean "
                          "1/Rate.",
                          DoubleValue(1000),
                          MakeDoubleAccessor(&PoissonSourceApplication::SetRate,
                                             &PoissonSourceApplication::GetRate),
                          MakeDoubleChecker<double>(1e-9));
    return tid;
}

// The exponential variable is created before the base class's frame-size sampler: automatic
// stream numbers follow creation order.
PoissonSourceApplication::PoissonSourceApplication()
    : DatagramSourceApplication(CreateObject<ExponentialRandomVariable>())
{
    m_gap = DynamicCast<ExponentialRandomVariable>(GetInterval());
}

PoissonSourceApplication::~PoissonSourceApplication() = default;

void
PoissonSourceApplication::SetRate(double rate)
{
    m_rate = rate;
    m_gap->SetAttribute("Mean", DoubleValue(1.0 / rate));
}

double
PoissonSourceApplication::GetRate() const
{
    return m_rate;
}

} // namespace ns3
