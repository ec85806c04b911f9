/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "no-gro.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NoGro");

NS_OBJECT_ENSURE_REGISTERED(NoGro);

TypeId
NoGro::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NoGro").SetParent<GroEngine>().SetGroupName("Hostnet").AddConstructor<NoGro>();
    return tid;
}

} // namespace ns3
