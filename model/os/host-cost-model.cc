/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-cost-model.h"

#include "ns3/abort.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/string.h"

#include <utility>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(HostCostModel);

TypeId
HostCostModel::GetTypeId()
{
    // The random variables are listed in the order the device created them when they were
    // its attributes: an object's attributes are built in this order, and a variable
    // without a fixed stream takes the next automatic one when it is built.
    static TypeId tid =
        TypeId("ns3::HostCostModel")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostCostModel>()
            .AddAttribute("IsrCost",
                          "CPU time of the Rx hard interrupt handler, 1/r (Salah et al. 2007: "
                          "3.73 us, exponential).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=3.73e-6]"),
                          MakePointerAccessor(&HostCostModel::m_isr),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("ProtocolCost",
                          "Per-packet part of the protocol processing time (Salah et al. 2007: "
                          "5.25 us, exponential); the per-byte part is set by "
                          "ProtocolCopyRate.",
                          StringValue("ns3::ExponentialRandomVariable[Mean=5.25e-6]"),
                          MakePointerAccessor(&HostCostModel::m_protocol),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("ProtocolCopyRate",
                          "Per-byte protocol cost as a rate: a frame adds size / rate "
                          "(Salah et al. 2007: 748 MB/s, i.e. 5.34 us in all for 64 bytes). 0 = no "
                          "per-byte cost.",
                          DataRateValue(DataRate("5984Mbps")),
                          MakeDataRateAccessor(&HostCostModel::m_copyRate),
                          MakeDataRateChecker())
            .AddAttribute("TxCost",
                          "CPU time per transmitted packet (per send with TSO/GSO), charged "
                          "where the kernel sends it: the writing task for an application's "
                          "write, else softirq (dev_queue_xmit runs with bottom halves "
                          "disabled). Default 0: the source papers (References in the "
                          "documentation) model receive only.",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&HostCostModel::m_tx),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("RegisterWriteCost",
                          "CPU time of the register write that unmasks the Rx interrupt "
                          "(Salah et al. 2007: 0.5 us).",
                          StringValue("ns3::ConstantRandomVariable[Constant=5e-7]"),
                          MakePointerAccessor(&HostCostModel::m_registerWrite),
                          MakeNonNegativeVariableChecker())
            .AddAttribute(
                "PollOverheadCost",
                "CPU time of the timer interrupt that starts a poll in pure polling "
                "and the NAPI variant of Salah et al. 2007, T_pollOH (Salah et al. 2007: 1.59 us).",
                StringValue("ns3::ExponentialRandomVariable[Mean=1.59e-6]"),
                MakePointerAccessor(&HostCostModel::m_pollOverhead),
                MakeNonNegativeVariableChecker())
            .AddAttribute("PollCallCost",
                          "Fixed CPU time of one NAPI poll call in softirq or a NAPI thread, "
                          "whatever it finds (the driver's completion-queue checks and "
                          "net_rx_action's list handling); an empty poll costs only this. "
                          "A fixed time, not a random variable. 0 = free (the 2000s papers' "
                          "hosts). Must be >= 0.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostCostModel::m_pollCall),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("GroCost",
                          "CPU time per segment that goes through GRO (dev_gro_receive), "
                          "charged in the poll before merging.",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&HostCostModel::m_gro),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("GsoSegmentCost",
                          "CPU time to cut one segment in software GSO (skb_segment).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&HostCostModel::m_gsoSegment),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("TxByteRate",
                          "Per-byte transmit cost of data segments as a rate (TCP's skb "
                          "bookkeeping, DMA mapping, header preparation): a data segment of n "
                          "bytes adds n / rate to its send's cost. 0 = none.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&HostCostModel::m_txByteRate),
                          MakeDataRateChecker());
    return tid;
}

void
HostCostModel::CheckConfig() const
{
    const std::pair<const char*, Ptr<RandomVariableStream>> costs[] = {
        {"IsrCost", m_isr},
        {"ProtocolCost", m_protocol},
        {"TxCost", m_tx},
        {"RegisterWriteCost", m_registerWrite},
        {"PollOverheadCost", m_pollOverhead},
        {"GroCost", m_gro},
        {"GsoSegmentCost", m_gsoSegment}};
    for (const auto& [name, rv] : costs)
    {
        NS_ABORT_MSG_IF(!rv,
                        "HostCostModel::" << name
                                          << " is empty; allowed: a RandomVariableStream, e.g. "
                                             "ns3::ConstantRandomVariable[Constant=1e-6]");
    }
}

bool
HostCostModel::IsTxFree() const
{
    auto constant = DynamicCast<ConstantRandomVariable>(m_tx);
    return constant && constant->GetConstant() == 0 && m_txByteRate.GetBitRate() == 0;
}

int64_t
HostCostModel::AssignStreams(int64_t stream)
{
    int64_t used = 0;
    for (const auto& rv :
         {m_isr, m_protocol, m_tx, m_registerWrite, m_pollOverhead, m_gro, m_gsoSegment})
    {
        rv->SetStream(stream + used);
        used++;
    }
    return used;
}

void
HostCostModel::DoDispose()
{
    m_isr = nullptr;
    m_protocol = nullptr;
    m_tx = nullptr;
    m_registerWrite = nullptr;
    m_pollOverhead = nullptr;
    m_gro = nullptr;
    m_gsoSegment = nullptr;
    Object::DoDispose();
}

} // namespace ns3
