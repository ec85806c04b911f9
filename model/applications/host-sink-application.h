/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_SINK_APPLICATION_H
#define HOST_SINK_APPLICATION_H

#include "app-thread.h"

#include "ns3/address.h"
#include "ns3/busy-poller.h"
#include "ns3/data-rate.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/latency-histogram.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rfs-flow-table.h"
#include "ns3/sink-application.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

class Socket;
class Packet;

/**
 * @ingroup hostnet
 * @brief A UDP or TCP receiver that needs CPU time to read its socket.
 *
 * The application is a task on the node's HostCpu (TASK level, sharing the CPU with
 * other tasks and preempted by interrupts and softirqs). It reads one packet (UDP) or up
 * to ReadSize bytes (TCP) per read and pays UserCost for it before reading again; it
 * reads only while it has the CPU, so under load the socket receive buffer fills: UDP
 * drops at the socket and TCP advertises a shrinking window, as on a real host. With a
 * livelocked CPU it reads nothing at all. A TCP sink accepts any number of connections.
 *
 * ns-3's TcpSocketBase does not send a window update when the application reads; a
 * closed window would stay closed until the sender's zero-window probe (PersistTimeout,
 * 6 s). The sink therefore does what Linux's tcp_cleanup_rbuf does: when a read at least
 * doubles the last advertised window, which had fallen to half the buffer or less (and
 * opens at least one ReadSize), it makes the socket advertise the new window at once. The
 * last advertised window is estimated as the free buffer space when data last arrived
 * (TCP acknowledges arriving data) or at the last such update.
 */
class HostSinkApplication : public SinkApplication
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HostSinkApplication();
    ~HostSinkApplication() override;

    /** @return bytes read by the application */
    uint64_t GetTotalRx() const;

    /**
     * @brief Get the goodput.
     * @return payload bits per second the application read since it started or since the
     *         last ResetStats (bytes read in the window / window length)
     */
    double GetGoodput() const;

    /**
     * @brief Get the application-to-application latency.
     * @return application-to-application latency of the reads since the start or the last
     *         ResetStats: from the send time of the oldest byte of a read (SendTimeTag, set
     *         by this module's sources; reads without it, e.g. from ns-3's BulkSend, are
     *         not counted) to the end of the read
     */
    const LatencyHistogram& GetLatency() const;

    /** @brief Restart the goodput window and the latency histogram (warm-up deletion). */
    void ResetStats();

    /**
     * @brief Get the user work per packet of Chang et al. 2008.
     * @return Chang et al. 2008's per-packet user work, 200 floating-point multiplications: 0.5 us
     *         (a dependent chain at 7 cycles per x87 FMUL on its 2.8 GHz Pentium D 820); use
     *         it as a constant UserCost, with SyscallCost for the read itself
     */
    static Time Chang2008UserCost();

    /** @return reads (packets for UDP) completed */
    uint64_t GetPacketsRead() const;

    /** @return datagrams dropped by the UDP socket because its buffer was full */
    uint64_t GetSocketDrops() const;

    /** @return the CPU time the application received */
    Time GetCpuTime() const;

    /** @return CPU time of the copies to user space charged since the start or ResetStats */
    Time GetCopyTime() const;

    /**
     * @brief The largest socket receive-buffer utilisation (0..1) seen since the last call
     * (sampled when data arrives), then start a new period.
     *
     * At start the sink installs this as the utilisation probe of every HostNetDevice of
     * its node that uses BufferAdaptiveModeration (Chang et al. 2008's adaptive scheme).
     * @return the peak utilisation
     */
    double TakePeakUtilization();

    /** @return the busy-poll loop (null unless BusyPoll > 0 and the application started) */
    Ptr<BusyPoller> GetBusyPoller() const;

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream) override;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Data is waiting in a socket.
    void DataReady(Ptr<Socket> socket);
    /// A TCP connection was accepted.
    void Accepted(Ptr<Socket> socket, const Address& from);
    /// A UDP datagram was dropped by the socket.
    void SocketDrop(Ptr<const Packet> packet);
    /// Take the next read from a socket with data and charge its cost.
    void ReadNext();

    /// A TCP connection and its receive buffer size.
    struct Connection
    {
        Ptr<Socket> socket;  ///< the accepted socket
        uint32_t rcvBuf;     ///< its receive buffer in bytes
        uint32_t advertised; ///< window last advertised to the sender (estimate)
        uint32_t rfsHash;    ///< flow hash of its received packets (RFS)
        bool rfs;            ///< rfsHash is valid and the node has an RFS table
    };

    /**
     * Start a read on @p socket if it has data.
     * @param socket the socket
     * @param connection its TCP state, nullptr for UDP
     * @return true if a read started
     */
    bool TryRead(Ptr<Socket> socket, Connection* connection);
    /// Advertise the window a read opened (ns-3's TCP does not do it on Recv).
    void SendWindowUpdate(Connection& connection);
    /// The cost of the current read was paid.
    void ReadDone();
    /// @return true if a socket has data to read
    bool HasData() const;

    /// Packets delivered to a socket since its last read.
    struct DeliveredPackets
    {
        uint64_t total{0};         ///< all
        uint64_t crossCore{0};     ///< by the softirq of another core
        bool lastCrossCore{false}; ///< the last one came from another core
    };

    TypeId m_protocol;                ///< socket factory (attribute)
    uint32_t m_readSize{0};           ///< TCP bytes per read, 0 = stack's (attribute)
    uint32_t m_effReadSize{1448};     ///< TCP bytes per read in use
    Time m_effSyscallCost;            ///< syscall cost in use
    DataRate m_effCopyRate{0};        ///< copy rate in use
    Ptr<HostNetStack> m_stack;        ///< the node's stack (socket costs, busy polling)
    Ptr<CpuLocality> m_locality;      ///< the node's CPU locality (copy slow-downs)
    Time m_copyTime;                  ///< copy time charged since ResetStats
    DeliveredPackets m_socketPackets; ///< the bound (UDP) socket's
    std::vector<DeliveredPackets> m_connectionPackets; ///< per TCP connection
    Ptr<RandomVariableStream> m_userCost;              ///< CPU time per read (attribute)
    Ptr<RfsFlowTable> m_rfs;             ///< the node's RFS table (null: no RFS device)
    AppThread m_thread;                  ///< the application's thread and busy-poll loop
    Ptr<Socket> m_socket;                ///< listening / bound socket
    std::vector<Connection> m_accepted;  ///< TCP connections
    bool m_busy{false};                  ///< a read is being paid for
    Ptr<Packet> m_pending;               ///< the read being paid for
    Address m_pendingFrom;               ///< its sender
    uint64_t m_totalRx{0};               ///< bytes read
    uint64_t m_reads{0};                 ///< reads done
    uint64_t m_socketDrops{0};           ///< UDP socket drops
    double m_peakUtilization{0};         ///< since the last TakePeakUtilization
    bool m_feedsProbe{false};            ///< a BufferAdaptiveModeration reads the utilisation
    uint32_t m_socketRcvBuf{0};          ///< receive buffer of the bound (UDP) socket
    Callback<void> m_readDone;           ///< prebuilt callback
    uint32_t m_core{0};                  ///< core of the task (attribute)
    Time m_syscallCost;                  ///< per read (attribute)
    DataRate m_copyRate{0};              ///< per-byte copy cost as a rate (attribute)
    uint64_t m_windowBytes{0};           ///< bytes read since ResetStats
    Time m_windowStart;                  ///< start of the goodput window
    LatencyHistogram m_latency;          ///< per-read latency
    TracedCallback<Time> m_latencyTrace; ///< per-read latency
    Time m_busyPollTime;                 ///< SO_BUSY_POLL time, 0 = off (attribute)
    uint32_t m_busyPollBudget{8};        ///< frames per busy poll call (attribute)

    TracedCallback<Ptr<const Packet>, const Address&> m_rxTrace; ///< a read completed
};

} // namespace ns3

#endif // HOST_SINK_APPLICATION_H
