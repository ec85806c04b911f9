/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef NO_GRO_H
#define NO_GRO_H

#include "gro-engine.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief GRO off (ethtool -K gro off): the class HostNetDevice's Gro attribute names when no
 * queue merges segments.
 *
 * The device makes no engine from it: each queue's Gro is null and its polls hand every
 * frame to the stack on its own, with no GroCost. It is a GroEngine only so that the Gro
 * attribute takes it and so that GroEngine attributes set for every preset (e.g. PushBelow)
 * are accepted whether GRO is on or off; they are unused here.
 */
class NoGro : public GroEngine
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NoGro() = default;
};

} // namespace ns3

#endif // NO_GRO_H
