/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RANDOM_VARIABLE_CLONE_H
#define RANDOM_VARIABLE_CLONE_H

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief A new random variable of the same type and attribute values, for Fork().
 *
 * A forked ring or receive mode must not share the random variable of its original: the two
 * would draw from one generator, so the samples of one queue would depend on the other's
 * traffic. RandomVariableStream has no Fork(), so the copy is made by its TypeId and
 * attributes (as ObjectFactory does), which is all the configuration these classes have
 * (EmpiricalRandomVariable's CDF points, set by CDF() rather than by an attribute, are not
 * copied). The Stream attribute is copied: -1 (the default) takes the next automatic stream
 * when the copy is constructed; a stream fixed by AssignStreams gives the copy the same
 * stream (HostNetDevice::AssignStreams later gives every queue its own).
 * A ConstantRandomVariable is not copied: it draws nothing, so the fork shares it (a copy
 * per queue was most of a modern host's memory at set-up). A queue's own constant is set by
 * giving it a new variable (the Config path .../Queues/Q/RxRing/RefillCost), not by changing
 * the Constant of the shared one, which every queue of the device reads.
 *
 * @param source the random variable (may be null)
 * @return the copy (null if source is null; @p source itself if it is a constant)
 */
Ptr<RandomVariableStream> CloneRandomVariable(Ptr<const RandomVariableStream> source);

} // namespace ns3

#endif // RANDOM_VARIABLE_CLONE_H
