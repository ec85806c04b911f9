/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "hybrid-rx-mode.h"

#include "rx-queue.h"

#include "ns3/double.h"
#include "ns3/host-net-device.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HybridRxMode");

NS_OBJECT_ENSURE_REGISTERED(HybridRxMode);

TypeId
HybridRxMode::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HybridRxMode")
            .SetParent<RxMode>()
            .SetGroupName("Hostnet")
            .AddConstructor<HybridRxMode>()
            .AddAttribute("InterruptMode",
                          "The disable-enable mode used below the switch point.",
                          StringValue("ns3::DisableEnableRxMode"),
                          MakePointerAccessor(&HybridRxMode::m_interrupts),
                          MakePointerChecker<DisableEnableRxMode>())
            .AddAttribute("PollingMode",
                          "The pure polling mode used above the switch point (its PollPeriod "
                          "and Quota apply).",
                          StringValue("ns3::PurePollingRxMode"),
                          MakePointerAccessor(&HybridRxMode::m_polling),
                          MakePointerChecker<PurePollingRxMode>())
            .AddAttribute("SwitchRate",
                          "Switch point in packets per second (>= 0); 0 computes it from eq. 13 "
                          "with the measured mean packet size.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&HybridRxMode::m_switchRateAttr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("SwitchFactor",
                          "Switch point as a fraction of the eq. 13 cliff (0 < f <= 1; Salah "
                          "et al. 2007 switch at 120 of 127 Kpps).",
                          DoubleValue(0.95),
                          MakeDoubleAccessor(&HybridRxMode::m_switchFactor),
                          MakeDoubleChecker<double>(1e-3, 1))
            .AddAttribute("Hysteresis",
                          "Back to interrupts below SwitchRate x (1 - Hysteresis) (0 <= h < 1).",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&HybridRxMode::m_hysteresis),
                          MakeDoubleChecker<double>(0, 0.99))
            .AddAttribute("MeasureInterval",
                          "Interval of the throughput measurement and the decision (> 0).",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&HybridRxMode::m_interval),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("IsrCostMean",
                          "Mean ISR cost 1/r for eq. 13 (> 0; Salah et al. 2007: 3.73 us).",
                          TimeValue(NanoSeconds(3730)),
                          MakeTimeAccessor(&HybridRxMode::m_isrMean),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("ProtocolCostMean",
                          "Mean per-packet protocol cost for eq. 13 (> 0; Salah et al. 2007: "
                          "5.25 us).",
                          TimeValue(NanoSeconds(5250)),
                          MakeTimeAccessor(&HybridRxMode::m_protocolMean),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("CopyRate",
                          "Per-byte protocol cost rate for eq. 13 (Salah et al. 2007: 748 MB/s; "
                          "0 = none).",
                          DataRateValue(DataRate("5984Mbps")),
                          MakeDataRateAccessor(&HybridRxMode::m_copyRate),
                          MakeDataRateChecker());
    return tid;
}

HybridRxMode::HybridRxMode()
{
    NS_LOG_FUNCTION(this);
}

HybridRxMode::~HybridRxMode()
{
    NS_LOG_FUNCTION(this);
}

void
HybridRxMode::DoDispose()
{
    m_measure.Cancel();
    if (m_interrupts)
    {
        m_interrupts->Dispose();
    }
    if (m_polling)
    {
        m_polling->Dispose();
    }
    m_interrupts = nullptr;
    m_polling = nullptr;
    RxMode::DoDispose();
}

int64_t
HybridRxMode::AssignStreams(int64_t stream)
{
    int64_t used = m_interrupts->AssignStreams(stream);
    return used + m_polling->AssignStreams(stream + used);
}

void
HybridRxMode::Attach(RxQueue* queue)
{
    RxMode::Attach(queue);
    NS_ABORT_MSG_IF(!m_interrupts || !m_polling,
                    "HybridRxMode: InterruptMode and PollingMode must be set");
    m_interrupts->Attach(queue);
    m_interrupts->SetHandOffCallback(MakeCallback(&HybridRxMode::HandOffToPolling, this));
    m_polling->SetAutoStart(false);
    m_polling->Attach(queue);
    // The inner modes count their polls for the queue; this mode's Poll trace shows them.
    ForwardPollTraces(*m_interrupts);
    ForwardPollTraces(*m_polling);
    queue->ConnectDelivered(MakeCallback(&HybridRxMode::Delivered, this));
    Simulator::ScheduleWithContext(queue->GetNodeId(),
                                   Time(0),
                                   &HybridRxMode::StartMeasuring,
                                   this);
}

void
HybridRxMode::StartMeasuring()
{
    if (m_queue)
    {
        m_measure = Simulator::Schedule(m_interval, [this] { Measure(); });
    }
}

void
HybridRxMode::Delivered(Ptr<const Packet> packet, Time latency)
{
    m_count++;
    m_bytes += packet->GetSize();
}

void
HybridRxMode::Measure()
{
    m_measure = Simulator::Schedule(m_interval, [this] { Measure(); });
    double rate = m_count / m_interval.GetSeconds();
    if (m_switchRateAttr > 0)
    {
        m_switchRate = m_switchRateAttr;
    }
    else if (m_count > 0)
    {
        // Eq. 13 with the measured mean size in the protocol cost.
        double meanSize = double(m_bytes) / m_count;
        double service = m_protocolMean.GetSeconds();
        if (m_copyRate.GetBitRate() > 0)
        {
            service += meanSize * 8 / m_copyRate.GetBitRate();
        }
        double mu = 1 / service;
        double r = 1 / m_isrMean.GetSeconds();
        m_switchRate = m_switchFactor * r / 2 * (std::sqrt(1 + 4 * mu / r) - 1);
    }
    m_count = 0;
    m_bytes = 0;
    if (m_switchRate <= 0)
    {
        return;
    }
    // Frames dropped by the NIC mean the offered load exceeds what the current mode
    // delivers: never switch back to interrupts then (polling may deliver less than the
    // switch point, and would flap otherwise).
    uint64_t drops = m_queue->GetRingDrops();
    bool overloaded = drops > m_lastDrops;
    m_lastDrops = drops;
    if (overloaded)
    {
        rate = std::max(rate, m_switchRate);
    }
    NS_LOG_LOGIC("rate " << rate << " switch " << m_switchRate << " polling " << m_pollingActive);
    if (!m_pollingActive && !m_wantPolling && rate >= m_switchRate)
    {
        m_wantPolling = true;
        if (m_interrupts->IsIdle())
        {
            HandOffToPolling();
        }
    }
    else if (m_pollingActive && rate < m_switchRate * (1 - m_hysteresis))
    {
        m_pollingActive = false;
        m_polling->Stop(MakeCallback(&HybridRxMode::PollingStopped, this));
    }
    else if (m_wantPolling && rate < m_switchRate * (1 - m_hysteresis))
    {
        m_wantPolling = false; // the load fell before disable-enable got idle
    }
}

bool
HybridRxMode::HandOffToPolling()
{
    if (!m_wantPolling)
    {
        return false;
    }
    m_wantPolling = false;
    m_pollingActive = true;
    m_switches++;
    m_polling->Start();
    return true;
}

void
HybridRxMode::PollingStopped()
{
    m_switches++;
    // Frames left in the ring latch the interrupt: disable-enable takes them at once.
    m_queue->SetRxInterruptEnabled(true);
}

bool
HybridRxMode::IsInterruptAbsorbed() const
{
    return m_pollingActive || IsInterruptAbsorbedBy(*m_interrupts);
}

void
HybridRxMode::DoHandleInterrupt()
{
    // Counted here, once: the inner mode's ISR serves it.
    HandleInterruptBy(*m_interrupts);
}

uint32_t
HybridRxMode::GetNHeld() const
{
    return m_interrupts->GetNHeld() + m_polling->GetNHeld();
}

bool
HybridRxMode::IsPollingActive() const
{
    return m_pollingActive;
}

double
HybridRxMode::GetSwitchRate() const
{
    return m_switchRate;
}

uint32_t
HybridRxMode::GetSwitches() const
{
    return m_switches;
}

} // namespace ns3
