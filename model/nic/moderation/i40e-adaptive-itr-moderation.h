/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef I40E_ADAPTIVE_ITR_MODERATION_H
#define I40E_ADAPTIVE_ITR_MODERATION_H

#include "minimum-gap-moderation.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/traced-value.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The Intel i40e (X710/XL710) adaptive Rx interrupt throttling (ethtool adaptive-rx
 * on, the driver default) of current Linux (the rewrite of about 4.17).
 *
 * The throttle is MinimumGapModeration (as ThrottleModeration): a minimum gap between
 * assertions, here the programmed Rx ITR (2 us register resolution). The gap is chosen by
 * a transliteration of the driver's i40e_update_itr and i40e_update_enable_itr
 * (drivers/net/ethernet/intel/i40e/i40e_txrx.c; constants in i40e_txrx.h). ITR values
 * are microseconds; bit 15 (I40E_ITR_ADAPTIVE_LATENCY, 0x8000) marks latency mode and is
 * masked off (I40E_ITR_MASK 0x1FFE) when programmed.
 *
 * When it runs: as in the driver, when NAPI completes and the host unmasks the Rx
 * interrupt (InterruptUnmasking, i40e_napi_poll -> i40e_update_enable_itr), over the
 * packets and bytes the host took from the ring since the previous update (FrameTaken,
 * i40e_clean_rx_irq's total_rx_packets / total_rx_bytes: every frame cleaned in the NAPI
 * episode, including those that arrived while it polled). The new ITR is programmed
 * before the unmask, so it already spaces the next assertion from the previous one.
 *
 * At each update, for the Rx ring container (packets and bytes since the last update):
 * 1. Jiffy gating: if the previous update was 2 or more jiffies ago (jiffies > next_update,
 *    next_update = jiffies of the last update + 1), the target becomes the default
 *    2 us | latency (Rx; Tx: 126 us | latency) and the statistics are discarded.
 * 2. itr_countdown: if an ITR was programmed within the last 3 updates, the target is kept.
 * 3. 1..3 packets and bytes < 9000 while the Tx target is in latency mode: latency mode,
 *    adjusted by size (step 6).
 * 4. fewer than 56 packets (0 included): target + 2 us (I40E_ITR_ADAPTIVE_MIN_INC),
 *    capped at 126 us (I40E_ITR_ADAPTIVE_MAX_USECS), the latency bit kept.
 * 5. 56..256 packets: min(Tx current, Rx current) ITR in bulk mode; kept for 56..112 (the
 *    "goldilocks" zone), halved (at least 2 us) for 113..256.
 * 6. more than 256 packets: bulk mode, adjusted by size. avg = bytes / packets, then
 *    <= 60: 4096; <= 380: avg * 40 + 1696; <= 1084: avg * 15 + 11452; <= 1980: avg * 5 +
 *    22420; else 32256; halved in latency mode; ITR = mode + DIV_ROUND_UP(avg, divisor) *
 *    2 us, capped at 126 us. divisor (i40e_itr_divisor) by link speed: 40G 2048, 25G/20G
 *    1024, 10G (and any other speed) 512, 1G/100M 64.
 * The Tx container runs the same function first (step 3 is Rx only; Tx with < 4 packets
 * turns into 126 us | latency when both Tx and Rx targets are 126 us; Tx with > 32
 * packets leaves latency mode). Then i40e_update_enable_itr programs at most one ITR per
 * update, in priority order: an Rx decrease, a Tx decrease or a Tx increase larger than
 * the Rx increase, an Rx increase; a write starts the countdown at 3, an update without
 * a write decrements it. Comparisons include the latency bit, as in the driver. Start
 * (i40e_vsi_configure_msix): both targets and current values = InitialItr (bulk mode, the
 * ITR_DYNAMIC bit stripped), next_update = jiffies + 1, countdown 0.
 *
 * Verified against the Linux source: i40e_update_itr, i40e_itr_divisor,
 * i40e_update_enable_itr and i40e_update_rx_stats read in i40e_txrx.c of a recent tree
 * (gregkh/linux 17cb9b4017be7a464b1d33e04bbd968e4703a2c6) and of a 4.18-based tree
 * (Seneca-CDOT/dynaccel-kernel-4.18.0 b46dec7a12c624f234c4eaf9826796fb04113860), the same
 * logic in both; the constants in i40e_txrx.h (Kingxukai/linux
 * 0291023e7330da28f2f7453c87c2ab7082d8360f): I40E_ITR_ADAPTIVE_* as above, I40E_ITR_MASK
 * 0x1FFE, I40E_ITR_RX_DEF = I40E_ITR_20K (50) | I40E_ITR_DYNAMIC (0x8000); the start
 * values in i40e_vsi_configure_msix (i40e_main.c); rx-usecs 0-8160 (I40E_MAX_ITR) rounded
 * up to 2 us (ITR_REG_ALIGN) in i40e_ethtool.c.
 *
 * Simplifications:
 * - No Tx ITR traffic: hostnet has no Tx-completion interrupts, so the Tx container is an
 *   idle one (0 packets at every update). It is still modelled, because the driver's Rx
 *   rule reads it: the Tx latency bit gates step 3, Tx current enters step 5's min, and
 *   the one-write-per-update priorities and the countdown count Tx writes. With real Tx
 *   traffic on the same vector (ACKs, responses) the driver's Tx ITR would differ.
 * - Bytes are the device's frame size plus MacHeaderBytes (the driver counts skb->len: the
 *   Ethernet header, not the CRC).
 * - The early interrupt an ITR write causes in the hardware (the reason for the countdown)
 *   is not modelled; neither are the interrupt rate limit (rx-usecs-high, INTRL, off by
 *   default) nor busy polling's software interrupt.
 * - jiffies = floor(now / JiffyPeriod), from simulation time 0.
 * - Receive modes that never mask the interrupt (PerPacketRxMode) never update it: the
 *   ITR stays at InitialItr (i40e is a NAPI driver; use NapiRxMode, scheme
 *   "i40e-adaptive").
 *
 * Fixed mode (Adaptive = false; ethtool -C adaptive-rx off rx-usecs N): the gap stays
 * InitialItr, as i40e_update_itr returns at once when ITR_IS_DYNAMIC is false.
 */
class I40eAdaptiveItrModeration : public MinimumGapModeration
{
  public:
    static constexpr uint16_t ITR_ADAPTIVE_MIN_INC = 0x0002;   ///< I40E_ITR_ADAPTIVE_MIN_INC
    static constexpr uint16_t ITR_ADAPTIVE_MIN_USECS = 0x0002; ///< I40E_ITR_ADAPTIVE_MIN_USECS
    static constexpr uint16_t ITR_ADAPTIVE_MAX_USECS = 0x007e; ///< I40E_ITR_ADAPTIVE_MAX_USECS
    static constexpr uint16_t ITR_ADAPTIVE_LATENCY = 0x8000;   ///< I40E_ITR_ADAPTIVE_LATENCY
    static constexpr uint16_t ITR_ADAPTIVE_BULK = 0x0000;      ///< I40E_ITR_ADAPTIVE_BULK
    static constexpr uint16_t ITR_MASK = 0x1FFE;               ///< I40E_ITR_MASK
    static constexpr uint16_t MAX_ITR = 8160;                  ///< I40E_MAX_ITR (us)
    static constexpr uint16_t ITR_RX_DEF = 50;                 ///< I40E_ITR_20K (us)
    static constexpr uint8_t ITR_COUNTDOWN_START = 3;          ///< ITR_COUNTDOWN_START

    /// The ITR state of a queue vector that the update rule reads (u16 values with the
    /// latency bit, as in struct i40e_ring_container).
    struct ItrState
    {
        uint16_t rxTarget;  ///< q_vector->rx.target_itr
        uint16_t rxCurrent; ///< q_vector->rx.current_itr (programmed)
        uint16_t txTarget;  ///< q_vector->tx.target_itr
        uint16_t txCurrent; ///< q_vector->tx.current_itr (programmed)
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    I40eAdaptiveItrModeration();
    ~I40eAdaptiveItrModeration() override;

    /**
     * @brief The driver's i40e_itr_divisor.
     * @param linkSpeed the link speed (100 Mb/s, 1, 10, 20, 25 or 40 Gb/s; other speeds
     * take the driver's default branch, the 10G divisor)
     * @return the divisor: 64 (100M, 1G), 512 (10G), 1024 (20G, 25G), 2048 (40G)
     */
    static uint32_t GetItrDivisor(DataRate linkSpeed);

    /**
     * @brief The driver's adjust_by_size step.
     * @param mode ITR_ADAPTIVE_LATENCY or ITR_ADAPTIVE_BULK
     * @param packets packets since the last update (> 0)
     * @param bytes bytes since the last update
     * @param divisor GetItrDivisor of the link speed
     * @return the new target: mode | usecs, at most 126 us
     */
    static uint16_t AdjustBySize(uint16_t mode, uint64_t packets, uint64_t bytes, uint32_t divisor);

    /**
     * @brief The Rx branch of i40e_update_itr after the jiffy and countdown checks.
     * @param s the vector's ITR state (the Tx target already updated, as in the driver,
     * which updates Tx first)
     * @param packets Rx packets since the last update
     * @param bytes Rx bytes since the last update
     * @param divisor GetItrDivisor of the link speed
     * @return the new Rx target (usecs | latency bit)
     */
    static uint16_t UpdateRxItr(const ItrState& s,
                                uint64_t packets,
                                uint64_t bytes,
                                uint32_t divisor);

    /**
     * @brief The Tx branch of i40e_update_itr after the jiffy and countdown checks.
     * @param s the vector's ITR state
     * @param packets Tx packets since the last update (0 in this model)
     * @param bytes Tx bytes since the last update
     * @param divisor GetItrDivisor of the link speed
     * @return the new Tx target (usecs | latency bit)
     */
    static uint16_t UpdateTxItr(const ItrState& s,
                                uint64_t packets,
                                uint64_t bytes,
                                uint32_t divisor);

    /** @return the programmed Rx ITR in microseconds (the current gap) */
    uint32_t GetItr() const;

    /** @return the Rx target ITR with its latency bit (q_vector->rx.target_itr) */
    uint16_t GetRxTargetItr() const;

    /** @return the idle Tx container's target ITR with its latency bit */
    uint16_t GetTxTargetItr() const;

    /** @return true if the programmed Rx ITR is in latency mode */
    bool IsLatencyMode() const;

  protected:
    void DoFrameTaken(uint32_t bytes) override;
    void DoInterruptUnmasking() override;
    void DoInitialize() override;

  private:
    /**
     * @brief Attribute setter: the link speed that picks the divisor.
     * @param speed 100 Mb/s, 1, 10, 20, 25 or 40 Gb/s (anything else aborts)
     */
    void SetLinkSpeed(DataRate speed);
    /** @return the link speed */
    DataRate GetLinkSpeed() const;
    /**
     * @brief Attribute setter: the rx-usecs setting.
     * @param itr 0 .. 8160 us (anything else aborts), rounded up to 2 us
     */
    void SetInitialItr(Time itr);
    /** @return the rx-usecs setting */
    Time GetInitialItr() const;
    /**
     * @brief Attribute setter: the jiffy length.
     * @param period > 0 (anything else aborts)
     */
    void SetJiffyPeriod(Time period);
    /** @return the jiffy length */
    Time GetJiffyPeriod() const;

    /// @return jiffies now
    int64_t Jiffies() const;
    /// Program the gap from the Rx current ITR and fire the trace.
    void ApplyRxCurrent();

    DataRate m_linkSpeed{10000000000ULL}; ///< LinkSpeed attribute
    uint32_t m_divisor{512};              ///< i40e_itr_divisor of m_linkSpeed
    uint16_t m_initialItr{ITR_RX_DEF};    ///< InitialItr attribute, us (even)
    bool m_adaptive{true};                ///< Adaptive attribute (ITR_IS_DYNAMIC)
    Time m_jiffy{MilliSeconds(4)};        ///< JiffyPeriod attribute (1 / HZ)
    uint32_t m_macHeaderBytes{14};        ///< MacHeaderBytes attribute

    ItrState m_state{ITR_RX_DEF, ITR_RX_DEF, ITR_RX_DEF, ITR_RX_DEF}; ///< the q_vector
    int64_t m_rxNextUpdate{1};                                        ///< rx.next_update (jiffies)
    int64_t m_txNextUpdate{1};                                        ///< tx.next_update (jiffies)
    uint8_t m_countdown{0};                                           ///< q_vector->itr_countdown
    uint64_t m_packets{0};                                            ///< rx.total_packets
    uint64_t m_bytes{0};                                              ///< rx.total_bytes
    TracedValue<uint32_t> m_itr{ITR_RX_DEF};                          ///< programmed Rx ITR, us
};

} // namespace ns3

#endif // I40E_ADAPTIVE_ITR_MODERATION_H
