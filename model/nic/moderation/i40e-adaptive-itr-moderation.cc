/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "i40e-adaptive-itr-moderation.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("I40eAdaptiveItrModeration");

NS_OBJECT_ENSURE_REGISTERED(I40eAdaptiveItrModeration);

namespace
{
/// Link speeds named in i40e_itr_divisor's switch (enum i40e_aq_link_speed).
const char* const LINK_SPEEDS = "100Mbps, 1Gbps, 10Gbps, 20Gbps, 25Gbps or 40Gbps";
} // namespace

TypeId
I40eAdaptiveItrModeration::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::I40eAdaptiveItrModeration")
            .SetParent<MinimumGapModeration>()
            .SetGroupName("Hostnet")
            .AddConstructor<I40eAdaptiveItrModeration>()
            .AddAttribute("LinkSpeed",
                          "Link speed, which picks the divisor of the size-based ITR "
                          "(i40e_itr_divisor): 100Mbps or 1Gbps -> 64, 10Gbps -> 512, 20Gbps "
                          "or 25Gbps -> 1024, 40Gbps -> 2048. Allowed: 100Mbps, 1Gbps, 10Gbps, "
                          "20Gbps, 25Gbps, 40Gbps; anything else stops the program.",
                          DataRateValue(DataRate("10Gbps")),
                          MakeDataRateAccessor(&I40eAdaptiveItrModeration::SetLinkSpeed,
                                               &I40eAdaptiveItrModeration::GetLinkSpeed),
                          MakeDataRateChecker())
            .AddAttribute("InitialItr",
                          "rx-usecs: the Rx ITR at start (adaptive) or always (Adaptive "
                          "false). 0 to 8160 us (I40E_MAX_ITR), rounded up to a multiple of "
                          "2 us like ethtool's ITR_REG_ALIGN; outside the range stops the "
                          "program. Default 50 us (I40E_ITR_RX_DEF = I40E_ITR_20K).",
                          TimeValue(MicroSeconds(ITR_RX_DEF)),
                          MakeTimeAccessor(&I40eAdaptiveItrModeration::SetInitialItr,
                                           &I40eAdaptiveItrModeration::GetInitialItr),
                          MakeTimeChecker())
            .AddAttribute("Adaptive",
                          "adaptive-rx: true runs i40e_update_itr (the driver default, "
                          "I40E_ITR_DYNAMIC); false keeps InitialItr, like ethtool -C "
                          "adaptive-rx off rx-usecs N. true or false; default true.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&I40eAdaptiveItrModeration::m_adaptive),
                          MakeBooleanChecker())
            .AddAttribute("JiffyPeriod",
                          "Length of a jiffy (1/HZ). An update 2 or more jiffies after the "
                          "previous one discards the statistics and restarts from 2 us "
                          "latency mode. Must be > 0; default 4 ms (CONFIG_HZ=250; 1 ms for "
                          "CONFIG_HZ=1000).",
                          TimeValue(MilliSeconds(4)),
                          MakeTimeAccessor(&I40eAdaptiveItrModeration::SetJiffyPeriod,
                                           &I40eAdaptiveItrModeration::GetJiffyPeriod),
                          MakeTimeChecker())
            .AddAttribute("MacHeaderBytes",
                          "Bytes the driver counts per frame beyond the size the device "
                          "reports (hostnet reports the PHY's packet, without the Ethernet "
                          "header; i40e counts skb->len with the 14-byte header, without the "
                          "CRC). 0 or more; default 14.",
                          UintegerValue(14),
                          MakeUintegerAccessor(&I40eAdaptiveItrModeration::m_macHeaderBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("Itr",
                            "The programmed Rx ITR changed (microseconds, the minimum gap "
                            "between interrupts; the latency bit is not included).",
                            MakeTraceSourceAccessor(&I40eAdaptiveItrModeration::m_itr),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

I40eAdaptiveItrModeration::I40eAdaptiveItrModeration()
{
    NS_LOG_FUNCTION(this);
    SetGap(MicroSeconds(ITR_RX_DEF));
}

I40eAdaptiveItrModeration::~I40eAdaptiveItrModeration()
{
    NS_LOG_FUNCTION(this);
}

void
I40eAdaptiveItrModeration::DoInitialize()
{
    // i40e_vsi_configure_msix: next_update = jiffies + 1.
    m_rxNextUpdate = Jiffies() + 1;
    m_txNextUpdate = Jiffies() + 1;
    MinimumGapModeration::DoInitialize();
}

uint32_t
I40eAdaptiveItrModeration::GetItrDivisor(DataRate linkSpeed)
{
    uint64_t bps = linkSpeed.GetBitRate();
    if (bps == 40000000000ULL)
    {
        return ITR_ADAPTIVE_MIN_INC * 1024;
    }
    if (bps == 25000000000ULL || bps == 20000000000ULL)
    {
        return ITR_ADAPTIVE_MIN_INC * 512;
    }
    if (bps == 1000000000ULL || bps == 100000000ULL)
    {
        return ITR_ADAPTIVE_MIN_INC * 32;
    }
    return ITR_ADAPTIVE_MIN_INC * 256; // 10G and the driver's default branch
}

uint16_t
I40eAdaptiveItrModeration::AdjustBySize(uint16_t mode,
                                        uint64_t packets,
                                        uint64_t bytes,
                                        uint32_t divisor)
{
    NS_ASSERT(packets > 0 && divisor > 0);
    uint64_t avgWireSize = bytes / packets;
    if (avgWireSize <= 60)
    {
        avgWireSize = 4096; // 250K ints/s
    }
    else if (avgWireSize <= 380)
    {
        avgWireSize = avgWireSize * 40 + 1696; // 250K to 60K ints/s
    }
    else if (avgWireSize <= 1084)
    {
        avgWireSize = avgWireSize * 15 + 11452; // 60K to 36K ints/s
    }
    else if (avgWireSize <= 1980)
    {
        avgWireSize = avgWireSize * 5 + 22420; // 36K to 30K ints/s
    }
    else
    {
        avgWireSize = 32256; // plateau at 30K ints/s
    }
    if (mode & ITR_ADAPTIVE_LATENCY)
    {
        avgWireSize /= 2;
    }
    uint32_t itr = mode;
    itr += (avgWireSize + divisor - 1) / divisor * ITR_ADAPTIVE_MIN_INC; // DIV_ROUND_UP
    if ((itr & ITR_MASK) > ITR_ADAPTIVE_MAX_USECS)
    {
        itr &= ITR_ADAPTIVE_LATENCY;
        itr += ITR_ADAPTIVE_MAX_USECS;
    }
    return static_cast<uint16_t>(itr);
}

namespace
{
/**
 * The part of i40e_update_itr shared by Rx and Tx after the Rx latency and Tx checks:
 * from "if (packets < 56)" on.
 * @param target the container's target_itr (after the Tx bulk switch)
 * @param s the vector's state (for min(tx.current_itr, rx.current_itr))
 * @param packets packets since the last update
 * @param bytes bytes since the last update
 * @param divisor i40e_itr_divisor
 * @return the new target
 */
uint16_t
CommonRule(uint16_t target,
           const I40eAdaptiveItrModeration::ItrState& s,
           uint64_t packets,
           uint64_t bytes,
           uint32_t divisor)
{
    using M = I40eAdaptiveItrModeration;
    if (packets < 56)
    {
        uint32_t itr = target + M::ITR_ADAPTIVE_MIN_INC;
        if ((itr & M::ITR_MASK) > M::ITR_ADAPTIVE_MAX_USECS)
        {
            itr &= M::ITR_ADAPTIVE_LATENCY;
            itr += M::ITR_ADAPTIVE_MAX_USECS;
        }
        return static_cast<uint16_t>(itr);
    }
    if (packets <= 256)
    {
        uint16_t itr = std::min(s.txCurrent, s.rxCurrent);
        itr &= M::ITR_MASK;
        if (packets <= 112)
        {
            return itr; // goldilocks
        }
        itr /= 2;
        itr &= M::ITR_MASK;
        return std::max(itr, M::ITR_ADAPTIVE_MIN_USECS);
    }
    return M::AdjustBySize(M::ITR_ADAPTIVE_BULK, packets, bytes, divisor);
}
} // namespace

uint16_t
I40eAdaptiveItrModeration::UpdateRxItr(const ItrState& s,
                                       uint64_t packets,
                                       uint64_t bytes,
                                       uint32_t divisor)
{
    if (packets > 0 && packets < 4 && bytes < 9000 && (s.txTarget & ITR_ADAPTIVE_LATENCY))
    {
        return AdjustBySize(ITR_ADAPTIVE_LATENCY, packets, bytes, divisor);
    }
    return CommonRule(s.rxTarget, s, packets, bytes, divisor);
}

uint16_t
I40eAdaptiveItrModeration::UpdateTxItr(const ItrState& s,
                                       uint64_t packets,
                                       uint64_t bytes,
                                       uint32_t divisor)
{
    uint16_t target = s.txTarget;
    if (packets < 4)
    {
        // Tx and Rx maxed out: relax into latency mode (the default value).
        if (target == ITR_ADAPTIVE_MAX_USECS && (s.rxTarget & ITR_MASK) == ITR_ADAPTIVE_MAX_USECS)
        {
            return ITR_ADAPTIVE_MAX_USECS | ITR_ADAPTIVE_LATENCY;
        }
    }
    else if (packets > 32)
    {
        target &= ~ITR_ADAPTIVE_LATENCY; // bulk
    }
    return CommonRule(target, s, packets, bytes, divisor);
}

void
I40eAdaptiveItrModeration::DoFrameTaken(uint32_t bytes)
{
    // i40e_clean_rx_irq: total_rx_packets++, total_rx_bytes += skb->len.
    m_packets++;
    m_bytes += bytes + m_macHeaderBytes;
}

void
I40eAdaptiveItrModeration::DoInterruptUnmasking()
{
    uint64_t packets = m_packets;
    uint64_t bytes = m_bytes;
    m_packets = 0;
    m_bytes = 0;
    if (m_adaptive)
    {
        int64_t jiffies = Jiffies();
        // i40e_update_enable_itr: i40e_update_itr(tx), then i40e_update_itr(rx).
        uint16_t tx = ITR_ADAPTIVE_MAX_USECS | ITR_ADAPTIVE_LATENCY;
        if (jiffies <= m_txNextUpdate)
        {
            tx = m_countdown ? m_state.txTarget : UpdateTxItr(m_state, 0, 0, m_divisor);
        }
        m_state.txTarget = tx;
        m_txNextUpdate = jiffies + 1;
        uint16_t rx = ITR_ADAPTIVE_MIN_USECS | ITR_ADAPTIVE_LATENCY;
        if (jiffies <= m_rxNextUpdate)
        {
            rx = m_countdown ? m_state.rxTarget : UpdateRxItr(m_state, packets, bytes, m_divisor);
        }
        m_state.rxTarget = rx;
        m_rxNextUpdate = jiffies + 1;
    }
    // At most one ITR write per update (comparisons include the latency bit).
    int rxDiff = int(m_state.rxTarget) - int(m_state.rxCurrent);
    int txDiff = int(m_state.txTarget) - int(m_state.txCurrent);
    if (m_state.rxTarget < m_state.rxCurrent)
    {
        m_state.rxCurrent = m_state.rxTarget; // Rx decrease: highest priority
        m_countdown = ITR_COUNTDOWN_START;
        ApplyRxCurrent();
    }
    else if (m_state.txTarget < m_state.txCurrent || rxDiff < txDiff)
    {
        m_state.txCurrent = m_state.txTarget; // Tx decrease, or Tx increase > Rx increase
        m_countdown = ITR_COUNTDOWN_START;
    }
    else if (m_state.rxCurrent != m_state.rxTarget)
    {
        m_state.rxCurrent = m_state.rxTarget; // Rx increase
        m_countdown = ITR_COUNTDOWN_START;
        ApplyRxCurrent();
    }
    else if (m_countdown > 0)
    {
        m_countdown--;
    }
    NS_LOG_DEBUG("packets " << packets << " bytes " << bytes << " rx " << m_state.rxTarget << "/"
                            << m_state.rxCurrent << " tx " << m_state.txTarget << "/"
                            << m_state.txCurrent << " countdown " << +m_countdown);
}

void
I40eAdaptiveItrModeration::ApplyRxCurrent()
{
    uint32_t usecs = m_state.rxCurrent & ITR_MASK;
    if (usecs != m_itr)
    {
        m_itr = usecs;
        SetGap(MicroSeconds(usecs));
        NotifyModerationChanged(GetGap(), 0);
    }
}

uint32_t
I40eAdaptiveItrModeration::GetItr() const
{
    return m_itr;
}

uint16_t
I40eAdaptiveItrModeration::GetRxTargetItr() const
{
    return m_state.rxTarget;
}

uint16_t
I40eAdaptiveItrModeration::GetTxTargetItr() const
{
    return m_state.txTarget;
}

bool
I40eAdaptiveItrModeration::IsLatencyMode() const
{
    return (m_state.rxCurrent & ITR_ADAPTIVE_LATENCY) != 0;
}

void
I40eAdaptiveItrModeration::SetLinkSpeed(DataRate speed)
{
    uint64_t bps = speed.GetBitRate();
    NS_ABORT_MSG_UNLESS(bps == 100000000ULL || bps == 1000000000ULL || bps == 10000000000ULL ||
                            bps == 20000000000ULL || bps == 25000000000ULL || bps == 40000000000ULL,
                        "I40eAdaptiveItrModeration: LinkSpeed " << speed << " is not allowed; use "
                                                                << LINK_SPEEDS);
    m_linkSpeed = speed;
    m_divisor = GetItrDivisor(speed);
}

DataRate
I40eAdaptiveItrModeration::GetLinkSpeed() const
{
    return m_linkSpeed;
}

void
I40eAdaptiveItrModeration::SetInitialItr(Time itr)
{
    NS_ABORT_MSG_IF(itr.IsStrictlyNegative() || itr > MicroSeconds(MAX_ITR),
                    "I40eAdaptiveItrModeration: InitialItr " << itr.As(Time::US)
                                                             << " is outside 0 .. 8160 us");
    // ITR_REG_ALIGN: round up to the 2 us register resolution.
    int64_t ns = itr.GetNanoSeconds();
    auto usecs = static_cast<uint16_t>((ns + 1999) / 2000 * 2);
    m_initialItr = usecs;
    // i40e_vsi_configure_msix: target = current = ITR_TO_REG(itr_setting) for Rx and Tx.
    m_state = ItrState{usecs, usecs, usecs, usecs};
    m_countdown = 0;
    m_itr = usecs;
    SetGap(MicroSeconds(usecs));
}

Time
I40eAdaptiveItrModeration::GetInitialItr() const
{
    return MicroSeconds(m_initialItr);
}

void
I40eAdaptiveItrModeration::SetJiffyPeriod(Time period)
{
    NS_ABORT_MSG_UNLESS(period.IsStrictlyPositive(),
                        "I40eAdaptiveItrModeration: JiffyPeriod " << period.As(Time::MS)
                                                                  << " must be > 0 (1/HZ)");
    m_jiffy = period;
}

Time
I40eAdaptiveItrModeration::GetJiffyPeriod() const
{
    return m_jiffy;
}

int64_t
I40eAdaptiveItrModeration::Jiffies() const
{
    return Simulator::Now().GetTimeStep() / m_jiffy.GetTimeStep();
}

} // namespace ns3
