/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HYBRID_RX_MODE_H
#define HYBRID_RX_MODE_H

#include "disable-enable-rx-mode.h"
#include "pure-polling-rx-mode.h"
#include "rx-mode.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"

namespace ns3
{

class Packet;

/**
 * @ingroup hostnet
 * @brief Salah et al. 2007's hybrid: interrupt disable-enable at low load, pure polling above a
 * switch point (Sec. 5.3).
 *
 * Every MeasureInterval the mode measures the protocol-level throughput and the mean
 * packet size. The switch point is SwitchRate if set, else SwitchFactor times the cliff of
 * eq. 13, lambda = r/2 (sqrt(1 + 4 mu/r) - 1), with 1/r = IsrCostMean and 1/mu =
 * ProtocolCostMean + mean size / CopyRate (Salah et al. 2007: 127 Kpps for 64-byte packets, a
 * switch at 120 Kpps; 116 Kpps and 110 Kpps for the 557-byte bursty mix). Above the switch
 * point it changes to polling (after the frame disable-enable is processing); below
 * SwitchRate x (1 - Hysteresis) it changes back (after the running poll cycle), unless the
 * NIC dropped frames in the interval: then the offered load is above what is delivered,
 * and polling stays (its capacity may be below the switch point).
 *
 * Relation to Linux: IRQ suspension (Linux 6.13, irq_suspend_timeout) keeps device
 * interrupts masked while the application keeps finding data by busy polling and falls
 * back to interrupts when it does not; like this hybrid it trades interrupts for polling
 * under load, but the switch is driven by the application's polling success per event,
 * not by a measured rate against a model's cliff point.
 */
class HybridRxMode : public RxMode
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HybridRxMode();
    ~HybridRxMode() override;

    void Attach(RxQueue* queue) override;
    uint32_t GetNHeld() const override;
    int64_t AssignStreams(int64_t stream) override;

    /** @return true while pure polling is the active mode */
    bool IsPollingActive() const;

    /** @return the switch point used by the last decision (packets per second) */
    double GetSwitchRate() const;

    /** @return the number of mode changes */
    uint32_t GetSwitches() const;

  protected:
    void DoDispose() override;
    bool IsInterruptAbsorbed() const override;
    void DoHandleInterrupt() override;

  private:
    /// Count a delivered frame (Delivered trace).
    void Delivered(Ptr<const Packet> packet, Time latency);
    /// Start the measurement timer (in the node's context).
    void StartMeasuring();
    /// End of a measurement interval: decide.
    void Measure();
    /// Disable-enable completed with the switch pending: start polling.
    bool HandOffToPolling();
    /// Polling stopped: unmask interrupts.
    void PollingStopped();

    Ptr<DisableEnableRxMode> m_interrupts; ///< low-load mode
    Ptr<PurePollingRxMode> m_polling;      ///< high-load mode
    double m_switchRateAttr{0};            ///< fixed switch point, 0 = eq. 13 (attribute)
    double m_switchFactor{0.95};           ///< of the cliff (attribute)
    double m_hysteresis{0.1};              ///< relative (attribute)
    Time m_interval;                       ///< measurement interval (attribute)
    Time m_isrMean;                        ///< 1/r for eq. 13 (attribute)
    Time m_protocolMean;                   ///< per-packet protocol cost (attribute)
    DataRate m_copyRate;                   ///< per-byte protocol cost (attribute)
    bool m_pollingActive{false};           ///< current mode
    bool m_wantPolling{false};             ///< switch to polling at the next completion
    double m_switchRate{0};                ///< last switch point
    uint64_t m_count{0};                   ///< frames in the interval
    uint64_t m_bytes{0};                   ///< bytes in the interval
    uint32_t m_switches{0};                ///< mode changes
    uint64_t m_lastDrops{0};               ///< NIC drops at the last decision
    EventId m_measure;                     ///< next decision
};

} // namespace ns3

#endif // HYBRID_RX_MODE_H
