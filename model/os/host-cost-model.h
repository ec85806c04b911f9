/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_COST_MODEL_H
#define HOST_COST_MODEL_H

#include "ns3/byte-time-cache.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The CPU cost of each piece of receive work of one device, shared by its queues.
 *
 * Every cost is a RandomVariableStream (a HostNetDevice attribute); a negative sample
 * counts as zero. The protocol cost of a frame is a per-packet sample plus size /
 * ProtocolCopyRate. The device fills the model when it is set up.
 */
class HostCostModel
{
  public:
    /// The device's cost attributes.
    struct Costs
    {
        Ptr<RandomVariableStream> isr;           ///< IsrCost: hard interrupt handler
        Ptr<RandomVariableStream> protocol;      ///< ProtocolCost: per packet
        DataRate copyRate;                       ///< ProtocolCopyRate: per byte (0: none)
        Ptr<RandomVariableStream> gro;           ///< GroCost: per segment through GRO
        Ptr<RandomVariableStream> steer;         ///< RpsEnqueueCost: RPS/RFS enqueue
        Ptr<RandomVariableStream> registerWrite; ///< RegisterWriteCost: interrupt unmask
        Ptr<RandomVariableStream> pollOverhead;  ///< PollOverheadCost: timer-started poll
    };

    /**
     * @brief Take the device's cost random variables.
     * @param costs the device's cost attributes
     */
    void Set(const Costs& costs);

    /// Forget the random variables.
    void Clear();

    /**
     * @brief Scale every sample (the locality of the core that does the work).
     * @param factor the factor (>= 1; 1 = as sampled)
     */
    void SetScale(double factor);

    /** @return one sample of the hard interrupt handler cost */
    Time SampleIsr() const;

    /**
     * @brief Sample the protocol processing cost of a packet.
     * @param bytes the packet size
     * @return one sample of the protocol processing cost of a packet
     */
    Time SampleProtocol(uint32_t bytes) const;

    /** @return one sample of the GRO cost of one segment (dev_gro_receive) */
    Time SampleGro() const;

    /** @return one sample of the cost of steering a packet to another core (RPS/RFS) */
    Time SampleSteer() const;

    /** @return one sample of the cost of an interrupt mask/unmask register write */
    Time SampleRegisterWrite() const;

    /** @return one sample of the overhead of a timer-driven poll (T_pollOH) */
    Time SamplePollOverhead() const;

  private:
    /// @return @p t scaled by the locality factor
    Time Scaled(Time t) const
    {
        return m_scale == 1.0 ? t : Seconds(t.GetSeconds() * m_scale);
    }

    Costs m_costs;                    ///< the attributes
    double m_scale{1.0};              ///< locality factor (SetScale)
    mutable ByteTimeCache m_copyTime; ///< size / copyRate of the last size
};

} // namespace ns3

#endif // HOST_COST_MODEL_H
