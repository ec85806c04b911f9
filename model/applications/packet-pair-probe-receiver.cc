/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "packet-pair-probe-receiver.h"

#include "packet-pair-probe-sender.h"
#include "send-time-tag.h"
#include "socket-binding.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <array>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketPairProbeReceiver");

NS_OBJECT_ENSURE_REGISTERED(PacketPairProbeReceiver);

TypeId
PacketPairProbeReceiver::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PacketPairProbeReceiver")
            .SetParent<SinkApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<PacketPairProbeReceiver>()
            .AddAttribute("ReadCost",
                          "CPU time per datagram read at TASK level: recvfrom, the time stamp "
                          "and the application's own work (its per-byte copy is set by "
                          "ReadCopyRate). Negative samples count as 0.",
                          StringValue("ns3::ConstantRandomVariable[Constant=3e-6]"),
                          MakePointerAccessor(&PacketPairProbeReceiver::m_readCost),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("ReadCopyRate",
                          "Per-byte read cost as a rate: a read of n bytes adds n / rate. "
                          "0 = no per-byte cost.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&PacketPairProbeReceiver::m_readCopyRate),
                          MakeDataRateChecker())
            .AddAttribute("Core",
                          "Core of the node's HostCpu the receiving task runs on. Must be < "
                          "HostCpu::NCores. On the interrupt core (IrqCore) softirq work "
                          "preempts the reads.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PacketPairProbeReceiver::m_core),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ClockResolution",
                          "Time stamps are rounded down to a multiple of this (>= 0; 0 = "
                          "exact; the Linux hosts of Salehin and Rojas-Cessa 2014: 1 us).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&PacketPairProbeReceiver::m_resolution),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("Gap",
                            "An intra-probe gap was measured (probe, trailer size, gap).",
                            MakeTraceSourceAccessor(&PacketPairProbeReceiver::m_gapTrace),
                            "ns3::PacketPairProbeReceiver::GapTracedCallback")
            .AddTraceSource("Read",
                            "A datagram was read and time-stamped (datagram, time stamp, "
                            "time stamp minus send time).",
                            MakeTraceSourceAccessor(&PacketPairProbeReceiver::m_readTrace),
                            "ns3::PacketPairProbeReceiver::ReadTracedCallback");
    return tid;
}

PacketPairProbeReceiver::PacketPairProbeReceiver()
{
    NS_LOG_FUNCTION(this);
    m_readDone = MakeCallback(&PacketPairProbeReceiver::ReadDone, this);
}

PacketPairProbeReceiver::~PacketPairProbeReceiver()
{
    NS_LOG_FUNCTION(this);
}

void
PacketPairProbeReceiver::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_thread.Dispose();
    m_pending = nullptr;
    m_readCost = nullptr;
    m_readDone = Callback<void>();
    SinkApplication::DoDispose();
}

int64_t
PacketPairProbeReceiver::AssignStreams(int64_t stream)
{
    m_readCost->SetStream(stream);
    return 1;
}

void
PacketPairProbeReceiver::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_readCost,
                    "PacketPairProbeReceiver::ReadCost must be a RandomVariableStream");
    m_thread.Create(GetNode(), "probe-rx", m_core, false, "PacketPairProbeReceiver::Core");
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_socket->Bind(SinkBindAddress(m_local, m_port, "PacketPairProbeReceiver")) ==
                        -1,
                    "PacketPairProbeReceiver: cannot bind to Local");
    m_socket->SetRecvCallback(MakeCallback(&PacketPairProbeReceiver::DataReady, this));
}

void
PacketPairProbeReceiver::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket = nullptr;
    }
}

void
PacketPairProbeReceiver::DataReady(Ptr<Socket> socket)
{
    if (!m_busy)
    {
        ReadNext();
    }
}

void
PacketPairProbeReceiver::ReadNext()
{
    m_busy = false;
    if (!m_socket || m_socket->GetRxAvailable() == 0)
    {
        return;
    }
    m_pending = m_socket->Recv();
    if (!m_pending)
    {
        return;
    }
    m_busy = true;
    Time cost = Max(Seconds(m_readCost->GetValue()), Time(0));
    if (m_readCopyRate.GetBitRate() > 0)
    {
        cost += m_readCopyRate.CalculateBytesTxTime(m_pending->GetSize());
    }
    m_thread.Submit(cost, m_readDone);
}

void
PacketPairProbeReceiver::ReadDone()
{
    Time stamp = Simulator::Now();
    if (m_resolution.IsStrictlyPositive())
    {
        stamp =
            TimeStep(stamp.GetTimeStep() / m_resolution.GetTimeStep() * m_resolution.GetTimeStep());
    }
    m_reads++;
    Time sent;
    Time delay = SendTimeTag::FindEarliest(m_pending, sent) ? stamp - sent : Time(0);
    m_readTrace(m_pending, stamp, delay);
    if (m_pending->GetSize() >= PacketPairProbeSender::PROBE_FIELDS_SIZE)
    {
        std::array<uint8_t, PacketPairProbeSender::PROBE_FIELDS_SIZE> f{};
        m_pending->CopyData(f.data(), f.size());
        uint32_t probe = (uint32_t(f[0]) << 24) | (uint32_t(f[1]) << 16) | (uint32_t(f[2]) << 8) |
                         uint32_t(f[3]);
        uint8_t role = f[4];
        uint32_t trailerSize = (uint32_t(f[5]) << 8) | uint32_t(f[6]);
        if (role == 0)
        {
            m_haveHead = true;
            m_headProbe = probe;
            m_headStamp = stamp;
        }
        else if (m_haveHead && m_headProbe == probe)
        {
            Time gap = stamp - m_headStamp;
            m_gaps[trailerSize].push_back(gap);
            m_pairs++;
            m_haveHead = false;
            m_gapTrace(probe, trailerSize, gap);
        }
        else
        {
            m_unpaired++;
            m_haveHead = false;
        }
    }
    m_pending = nullptr;
    ReadNext();
}

std::vector<uint32_t>
PacketPairProbeReceiver::GetTrailerSizes() const
{
    std::vector<uint32_t> sizes;
    for (const auto& [size, gaps] : m_gaps)
    {
        sizes.push_back(size);
    }
    return sizes;
}

std::vector<Time>
PacketPairProbeReceiver::GetGaps(uint32_t trailerSize) const
{
    auto it = m_gaps.find(trailerSize);
    return it == m_gaps.end() ? std::vector<Time>() : it->second;
}

uint64_t
PacketPairProbeReceiver::GetPairs() const
{
    return m_pairs;
}

uint64_t
PacketPairProbeReceiver::GetReads() const
{
    return m_reads;
}

uint64_t
PacketPairProbeReceiver::GetUnpaired() const
{
    return m_unpaired;
}

void
PacketPairProbeReceiver::ResetGaps()
{
    m_gaps.clear();
    m_pairs = 0;
    m_reads = 0;
    m_unpaired = 0;
    m_haveHead = false;
}

} // namespace ns3
