/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef E1000_DYNAMIC_ITR_MODERATION_H
#define E1000_DYNAMIC_ITR_MODERATION_H

#include "minimum-gap-moderation.h"

#include "ns3/traced-value.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The e1000/e1000e dynamic interrupt throttle rate (InterruptThrottleRate = 1 or 3).
 *
 * The throttle is MinimumGapModeration (as ThrottleModeration); its rate is chosen by the
 * Linux e1000 driver's algorithm (drivers/net/ethernet/intel/e1000/e1000_main.c:
 * e1000_update_itr + e1000_set_itr, also in e1000e and the older igb), rx side only:
 *
 * 1. Counting (e1000_intr, e1000_clean_rx_irq): the interrupt assertion clears the packet
 *    and byte counters (e1000_intr zeroes total_rx_packets/bytes before __napi_schedule);
 *    every frame the host then cleans from the ring adds to them (FrameTaken), over every
 *    poll of the NAPI episode, including frames that arrived while it polled.
 * 2. When the episode ends (InterruptUnmasking: e1000_clean calls e1000_set_itr when
 *    napi_complete_done succeeds, just before e1000_irq_enable), the counters classify the
 *    traffic, starting from the current latency range (no packets: unchanged):
 *    - lowest: bytes/packets > 8000 -> bulk; else packets < 5 and bytes > 512 -> low;
 *    - low: if bytes > 10000: bytes/packets > 8000 -> bulk, else packets < 10 or
 *      bytes/packets > 1200 -> bulk, else packets > 35 -> lowest; otherwise (bytes <=
 *      10000) bytes/packets > 2000 -> bulk, else packets <= 2 and bytes < 512 -> lowest;
 *    - bulk: if bytes > 25000: packets > 35 -> low; otherwise bytes < 6000 -> low.
 *    (integer division, as in the driver). The counters are not cleared here: an episode
 *    that ends again before the next interrupt (a poll scheduled by the GRO watchdog or
 *    after busy polling) classifies the sum, as the driver does.
 * 3. Conservative mode (InterruptThrottleRate = 3, the driver default) turns lowest into
 *    low. The range maps to a target rate: lowest 70000, low 20000, bulk 4000
 *    interrupts/s.
 * 4. Smoothing towards the target: a rise is limited, new = min(itr + target / 4, target)
 *    (integer >> 2); a fall is taken at once. The result is the new rate; the gap to the
 *    next assertion is 1 / rate, programmed before the interrupt is unmasked, so it
 *    already spaces the next assertion from the previous one.
 *
 * Pre-NAPI receive (PerPacketRxMode, the e1000 of kernels before 2.6.25 built without
 * CONFIG_E1000_NAPI): the episode is the ISR, which cleans the ring and calls
 * e1000_set_itr at its end (RingDrainedByIsr).
 *
 * Start: rate 20000 interrupts/s and latency range lowest (the driver sets adapter->itr =
 * 20000 for the dynamic modes; the zeroed adapter's rx_itr is lowest_latency).
 *
 * Simplifications: only Rx counters are used (the driver takes the maximum of the Rx and Tx
 * ranges, and its NAPI poll also cleans Tx completions); the counters are cleared at every
 * assertion the device sees, where the driver clears them only when napi_schedule_prep
 * succeeds (not while a busy poller owns the context; and an assertion that a running
 * pre-NAPI ISR absorbs clears them here too). Receive modes that mask the interrupt and
 * never unmask it (pure polling) never update the rate. The 256 ns register granularity
 * and the non-gigabit fixed 4000/s are not modelled.
 */
class E1000DynamicItrModeration : public MinimumGapModeration
{
  public:
    /// The driver's latency ranges (enum latency_range).
    enum LatencyRange : uint8_t
    {
        LOWEST_LATENCY = 0, ///< 70000 interrupts/s
        LOW_LATENCY = 1,    ///< 20000 interrupts/s
        BULK_LATENCY = 2,   ///< 4000 interrupts/s
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    E1000DynamicItrModeration();
    ~E1000DynamicItrModeration() override;

    /**
     * @brief The driver's e1000_update_itr: the next latency range.
     * @param current the current range
     * @param packets packets in the interval
     * @param bytes bytes in the interval
     * @return the new range
     */
    static LatencyRange UpdateLatencyRange(LatencyRange current, uint32_t packets, uint32_t bytes);

    /**
     * @brief The driver's e1000_set_itr smoothing: the next programmed rate.
     * @param itr the current rate (interrupts/s)
     * @param target the range's rate (interrupts/s)
     * @return the new rate
     */
    static uint32_t SmoothRate(uint32_t itr, uint32_t target);

    /**
     * @brief Get the target interrupt rate of a latency range.
     * @param range a latency range
     * @return its rate in interrupts per second
     */
    static uint32_t GetRangeRate(LatencyRange range);

    /** @return the current latency range */
    LatencyRange GetLatencyRange() const;

    /** @return the current interrupt rate (interrupts per second) */
    uint32_t GetItr() const;

  protected:
    void DoFrameTaken(uint32_t bytes) override;
    void DoInterruptUnmasking() override;
    void DoRingDrainedByIsr() override;
    void NotifyInterrupt() override;

  private:
    static constexpr uint32_t LOWEST_LATENCY_RATE = 70000; ///< driver constant
    static constexpr uint32_t LOW_LATENCY_RATE = 20000;    ///< driver constant
    static constexpr uint32_t BULK_LATENCY_RATE = 4000;    ///< driver constant
    static constexpr uint32_t INITIAL_RATE = 20000;        ///< adapter->itr at start

    bool m_conservative{true};                 ///< InterruptThrottleRate = 3 (attribute)
    LatencyRange m_range{LOWEST_LATENCY};      ///< adapter->rx_itr
    TracedValue<uint32_t> m_itr{INITIAL_RATE}; ///< adapter->itr, interrupts/s
    uint32_t m_packets{0};                     ///< total_rx_packets since the interrupt
    uint32_t m_bytes{0};                       ///< total_rx_bytes since the interrupt

    /// e1000_set_itr: classify the counters and program the new rate.
    void SetItr();
};

} // namespace ns3

#endif // E1000_DYNAMIC_ITR_MODERATION_H
