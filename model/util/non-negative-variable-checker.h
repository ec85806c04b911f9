/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef NON_NEGATIVE_VARIABLE_CHECKER_H
#define NON_NEGATIVE_VARIABLE_CHECKER_H

#include "ns3/attribute.h"
#include "ns3/ptr.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @return the checker of a RandomVariableStream attribute whose samples are a cost, a time
 * or a size, so never negative: it accepts any RandomVariableStream except a
 * ConstantRandomVariable with a negative Constant (a value that is wrong in every sample).
 *
 * A distribution that can draw a negative sample (a normal, say) is accepted: where the
 * model uses a sample, a negative one counts as 0 (documented in "Costs" in the docs).
 * The checker's type information says so, which is what ns-3 prints (and what
 * HostNetDeviceHelper::CheckAttribute reports) when a value is refused.
 */
Ptr<const AttributeChecker> MakeNonNegativeVariableChecker();

} // namespace ns3

#endif /* NON_NEGATIVE_VARIABLE_CHECKER_H */
