/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-socket-costs.h"

#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(HostSocketCosts);

TypeId
HostSocketCosts::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostSocketCosts")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostSocketCosts>()
            .AddAttribute("SyscallCost",
                          "CPU time of one read or write system call (recvmsg/sendmsg entry, "
                          "socket lock, wake-ups) of an application whose own SyscallCost is "
                          "0. Must be >= 0; 0 = none.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostSocketCosts::m_syscallCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("RecvCopyRate",
                          "Rate of the copy from kernel to user space in recvmsg (charged to "
                          "the reading task: n bytes cost n / rate) for a reader whose own "
                          "CopyRate is 0. 0 = no copy cost (the paper presets).",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&HostSocketCosts::m_recvCopyRate),
                          MakeDataRateChecker())
            .AddAttribute("SendCopyRate",
                          "Rate of the copy from user to kernel space in sendmsg (charged to "
                          "the writing task) for a writer whose own CopyRate is 0. 0 = none.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&HostSocketCosts::m_sendCopyRate),
                          MakeDataRateChecker())
            .AddAttribute("ReadSize",
                          "Bytes per read of a TCP reader whose own ReadSize is 0 (default "
                          "one 1448-byte segment; iperf reads 128 KB). Must be >= 1.",
                          UintegerValue(1448),
                          MakeUintegerAccessor(&HostSocketCosts::m_readSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("WriteSize",
                          "Bytes per write of a TCP writer whose own WriteSize is 0 (default "
                          "128 KB, iperf's). Must be >= 1.",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&HostSocketCosts::m_writeSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SkbFreeCost",
                          "CPU time, in the reading task, of freeing one received packet (skb "
                          "and pages: __kfree_skb in tcp_recvmsg) and the ACK bookkeeping of "
                          "tcp_cleanup_rbuf. Must be >= 0; 0 = none.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostSocketCosts::m_skbFreeCost),
                          MakeTimeChecker(Time(0)))
            // Locality: where work runs changes what it costs.
            .AddAttribute("SocketLockCost",
                          "CPU time, in the reading task, per packet that the softirq of "
                          "another core delivered to its socket (socket lock and socket cache "
                          "lines bouncing between the cores; the backlog that release_sock "
                          "processes). Must be >= 0; 0 = none.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostSocketCosts::m_socketLockCost),
                          MakeTimeChecker(Time(0)));
    return tid;
}

} // namespace ns3
