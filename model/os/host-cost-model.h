/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_COST_MODEL_H
#define HOST_COST_MODEL_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The CPU cost of each piece of packet work of one HostNetDevice: the device's
 * Costs attribute.
 *
 * Every per-packet cost is a RandomVariableStream attribute; a negative sample counts as
 * zero. The protocol cost of a received frame is a per-packet sample plus size /
 * ProtocolCopyRate; the transmit cost of a send is a TxCost sample, plus GsoSegmentCost
 * per segment cut in software, plus bytes / TxByteRate. The receive queues charge these
 * costs through CoreCosts (scaled for their core's NUMA locality), the transmit path
 * (HostTxPath) directly. The defaults are the parameter set of Salah et al. 2007 (ISR
 * 3.73 us, protocol 5.25 us + size / 748 MB/s, exponential); the presets of
 * HostNetDeviceHelper set the other hosts' costs.
 *
 * Config path: /NodeList/[i]/DeviceList/[j]/$ns3::HostNetDevice/Costs/[attribute].
 */
class HostCostModel : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /** @return one sample of the hard interrupt handler cost (IsrCost) */
    Time SampleIsr() const
    {
        return Sample(m_isr);
    }

    /** @return one sample of the per-packet part of the protocol cost (ProtocolCost) */
    Time SampleProtocolPerPacket() const
    {
        return Sample(m_protocol);
    }

    /** @return the per-byte protocol cost rate (ProtocolCopyRate; 0: none) */
    DataRate GetProtocolCopyRate() const
    {
        return m_copyRate;
    }

    /** @return one sample of the GRO cost of one segment (GroCost) */
    Time SampleGro() const
    {
        return Sample(m_gro);
    }

    /** @return one sample of the interrupt mask/unmask register write (RegisterWriteCost) */
    Time SampleRegisterWrite() const
    {
        return Sample(m_registerWrite);
    }

    /** @return the fixed cost of a NAPI poll call (PollCallCost) */
    Time GetPollCallCost() const
    {
        return m_pollCall;
    }

    /** @return one sample of the overhead of a timer-driven poll (PollOverheadCost) */
    Time SamplePollOverhead() const
    {
        return Sample(m_pollOverhead);
    }

    /** @return one sample of the cost of one transmit send (TxCost) */
    Time SampleTx() const
    {
        return Sample(m_tx);
    }

    /** @return one sample of the cost of cutting one segment in software GSO */
    Time SampleGsoSegment() const
    {
        return Sample(m_gsoSegment);
    }

    /** @return the per-byte transmit cost rate of data segments (TxByteRate; 0: none) */
    DataRate GetTxByteRate() const
    {
        return m_txByteRate;
    }

    /** @return true if a transmit costs nothing (TxCost the constant 0, no TxByteRate) */
    bool IsTxFree() const;

    /**
     * @brief Stop the simulation with a message if a cost is not a random variable (a
     * PointerValue without object); the device calls it when it is set up.
     */
    void CheckConfig() const;

    /**
     * @brief Assign fixed random variable stream numbers, in the order IsrCost,
     * ProtocolCost, TxCost, RegisterWriteCost, PollOverheadCost, GroCost, GsoSegmentCost.
     * @param stream first stream index
     * @return the number of streams used (7)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    /// @return a sample of @p rv in seconds as a Time, negative samples as zero
    static Time Sample(const Ptr<RandomVariableStream>& rv)
    {
        return Max(Seconds(rv->GetValue()), Time(0));
    }

    Ptr<RandomVariableStream> m_isr;           ///< IsrCost
    Ptr<RandomVariableStream> m_protocol;      ///< ProtocolCost, per packet
    DataRate m_copyRate;                       ///< ProtocolCopyRate, per byte (0: none)
    Ptr<RandomVariableStream> m_tx;            ///< TxCost, per send
    Ptr<RandomVariableStream> m_registerWrite; ///< RegisterWriteCost
    Ptr<RandomVariableStream> m_pollOverhead;  ///< PollOverheadCost
    Ptr<RandomVariableStream> m_gro;           ///< GroCost, per segment
    Ptr<RandomVariableStream> m_gsoSegment;    ///< GsoSegmentCost, per software segment
    DataRate m_txByteRate{0};                  ///< TxByteRate, per data byte (0: none)
    Time m_pollCall;                           ///< PollCallCost, per NAPI poll call
};

} // namespace ns3

#endif // HOST_COST_MODEL_H
