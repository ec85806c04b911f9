/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef CORE_COSTS_H
#define CORE_COSTS_H

#include "host-cost-model.h"

#include "ns3/byte-time-cache.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief A device's receive costs as one core pays them: the samples of the device's
 * HostCostModel (and of the RPS enqueue cost of its ReceiveSteering), scaled by the
 * locality factor of the core (HostNetStack's NUMA factors: remote DMA buffers, descriptors
 * and L3). Each receive queue has one (RxQueue::GetCosts); the receive modes charge
 * through it.
 */
class CoreCosts
{
  public:
    /**
     * @brief Read the costs of a device for one core.
     * @param costs the device's cost model
     * @param steerCost the RPS/RFS enqueue cost (ReceiveSteering::RpsEnqueueCost)
     * @param scale the core's locality factor (>= 1; 1 = as sampled)
     */
    void Set(Ptr<const HostCostModel> costs, Ptr<RandomVariableStream> steerCost, double scale);

    /// Forget the cost model.
    void Clear();

    /** @return one sample of the hard interrupt handler cost */
    Time SampleIsr() const
    {
        return Scaled(m_costs->SampleIsr());
    }

    /**
     * @brief Sample the protocol processing cost of a packet.
     * @param bytes the packet size
     * @return the per-packet sample plus bytes / ProtocolCopyRate
     */
    Time SampleProtocol(uint32_t bytes) const;

    /** @return one sample of the GRO cost of one segment (dev_gro_receive) */
    Time SampleGro() const
    {
        return Scaled(m_costs->SampleGro());
    }

    /** @return one sample of the cost of steering a packet to another core (RPS/RFS) */
    Time SampleSteer() const
    {
        return Scaled(Max(Seconds(m_steer->GetValue()), Time(0)));
    }

    /** @return one sample of the cost of an interrupt mask/unmask register write */
    Time SampleRegisterWrite() const
    {
        return Scaled(m_costs->SampleRegisterWrite());
    }

    /** @return the fixed cost of a NAPI poll call (PollCallCost), scaled */
    Time GetPollCallCost() const
    {
        return Scaled(m_costs->GetPollCallCost());
    }

    /** @return one sample of the overhead of a timer-driven poll (T_pollOH) */
    Time SamplePollOverhead() const
    {
        return Scaled(m_costs->SamplePollOverhead());
    }

  private:
    /// @return @p t scaled by the locality factor
    Time Scaled(Time t) const
    {
        return m_scale == 1.0 ? t : Seconds(t.GetSeconds() * m_scale);
    }

    Ptr<const HostCostModel> m_costs;  ///< the device's costs
    Ptr<RandomVariableStream> m_steer; ///< RPS/RFS enqueue cost
    DataRate m_copyRate;               ///< ProtocolCopyRate, read once
    double m_scale{1.0};               ///< locality factor
    mutable ByteTimeCache m_copyTime;  ///< size / copyRate of the last size
};

} // namespace ns3

#endif // CORE_COSTS_H
