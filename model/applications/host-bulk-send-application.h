/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_BULK_SEND_APPLICATION_H
#define HOST_BULK_SEND_APPLICATION_H

#include "app-thread.h"

#include "ns3/address.h"
#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/source-application.h"

namespace ns3
{

class Socket;

/**
 * @ingroup hostnet
 * @brief A TCP sender that needs CPU time to write (iperf's client): its writes are
 * system calls of a task on the node's HostCpu.
 *
 * Each write of up to WriteSize bytes (as much as the socket's send buffer takes) costs
 * SyscallCost plus the copy from user space (size / CopyRate) at TASK level; when it is
 * paid the data enter the socket, and whatever TCP transmits at once (tcp_push in
 * sendmsg) pays its Tx cost in the same task (HostNetStack::GetExecContext). Segments
 * that TCP sends later, when ACKs open the window, pay in the softirq that processes the
 * ACK. With a full send buffer the task sleeps until TCP frees space. With a Rate the
 * writes are spaced so that the application hands TCP at most that rate, each write still a
 * burst at line rate. Zero attributes take
 * the node's HostNetStack values (a preset's), so a host preset sets realistic sizes.
 */
class HostBulkSendApplication : public SourceApplication
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HostBulkSendApplication();
    ~HostBulkSendApplication() override;

    /** @return bytes handed to the socket */
    uint64_t GetTotalTx() const;

    /** @return writes completed */
    uint64_t GetWrites() const;

    /** @return the CPU time the application's task received since the CPU's ResetStats */
    Time GetCpuTime() const;

    /** @return CPU time of the copies from user space since the start or ResetStats */
    Time GetCopyTime() const;

    /** @brief Restart the byte and copy-time counters (warm-up deletion). */
    void ResetStats();

    /** @return the application's task (valid after the start) */
    HostCpu::TaskId GetTask() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// The connection is up: start writing.
    void Connected(Ptr<Socket> socket);
    /// The connection failed.
    void ConnectionFailed(Ptr<Socket> socket);
    /// TCP freed send-buffer space.
    void SpaceAvailable(Ptr<Socket> socket, uint32_t available);
    /// Start the next write if there is room and data left.
    void WriteNext();
    /// The current write's cost was paid: hand its data to TCP.
    void WriteDone();

    uint64_t m_maxBytes{0};     ///< bytes to send, 0 = no limit (attribute)
    uint32_t m_writeSize{0};    ///< bytes per write, 0 = the stack's (attribute)
    Time m_syscallCost;         ///< per write, 0 = the stack's (attribute)
    DataRate m_copyRate{0};     ///< copy from user space, 0 = the stack's (attribute)
    uint32_t m_core{0};         ///< core of the task (attribute)
    DataRate m_rate{0};         ///< application rate limit, 0 = none (attribute)
    Time m_writeAllowed;        ///< earliest start of the next write under m_rate
    EventId m_nextWrite;        ///< the rate-limited next write
    Ptr<HostNetStack> m_stack;  ///< the node's stack
    AppThread m_thread;         ///< the application's thread (and busy-poll loop)
    Ptr<Socket> m_socket;       ///< the connection
    bool m_connected{false};    ///< the connection is up
    bool m_writing{false};      ///< a write is being paid for
    uint32_t m_pendingBytes{0}; ///< bytes of the write being paid for
    uint64_t m_totalTx{0};      ///< bytes handed to TCP
    uint64_t m_writes{0};       ///< writes done
    Callback<void> m_writeDone; ///< prebuilt callback
    Time m_copyTime;            ///< copy time since ResetStats
    uint32_t m_effWriteSize{0}; ///< bytes per write in use
    Time m_effSyscallCost;      ///< syscall cost in use
    DataRate m_effCopyRate{0};  ///< copy rate in use
};

} // namespace ns3

#endif // HOST_BULK_SEND_APPLICATION_H
