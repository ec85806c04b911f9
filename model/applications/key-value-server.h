/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef KEY_VALUE_SERVER_H
#define KEY_VALUE_SERVER_H

#include "message-socket.h"

#include "ns3/epoll-instance.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/sink-application.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <map>
#include <vector>

namespace ns3
{

class RfsFlowTable;

/**
 * @ingroup hostnet
 * @brief Counters of a KeyValueServer over a window (ResetStats).
 */
struct KeyValueServerStats
{
    uint64_t gets{0};        ///< GET requests served
    uint64_t sets{0};        ///< SET requests served
    uint64_t reads{0};       ///< read system calls (one per ready connection)
    uint64_t connections{0}; ///< connections accepted since the start
    Time user;               ///< CPU time of the requests' own work (user time), all threads
};

/**
 * @ingroup hostnet
 * @brief A memcached-like key-value server: N worker threads, each with an epoll instance,
 * serving depth-1 TCP connections.
 *
 * Connections are given to the worker threads when they are accepted: by NAPI id
 * (memcached -N, SO_INCOMING_NAPI_ID: the thread that serves the NAPI context which
 * delivered the handshake's last segment; contexts are numbered by their IRQ core, thread t
 * serving the cores t, t + Threads, ...) or round robin (memcached's default). Thread t runs
 * on core t mod NCores of the node's HostCpu (PinThreads) or wherever the task scheduler
 * places it.
 *
 * Each thread loops: epoll_wait (EpollInstance, with the prototype Epoll's busy-polling
 * settings and EpollTimeout), then for each ready connection one read system call, the
 * work of every whole request it holds (GetCost or SetCost, the user time), and one write
 * system call that sends the responses (its TCP transmit work is the thread's). Each system
 * call (epoll_wait, read, write) costs SyscallCost. With RFS on the node (ReceiveSteering
 * Mode rfs) each read records the thread's core for the connection's flow
 * (sock_rps_record_flow). Requests use the RequestResponseHeader
 * wire format: a request whose ResponseSize is RequestResponseHeader::SIZE is a SET (its
 * answer is "STORED"), any other a GET answered with ResponseSize bytes; the server keeps no
 * data (the load generator picks the value sizes, as mutilate does).
 */
class KeyValueServer : public SinkApplication
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();
    KeyValueServer();
    ~KeyValueServer() override;

    /// How accepted connections are given to threads.
    enum Assignment : uint8_t
    {
        NAPI_ID,     ///< by the NAPI context that delivered the connection (memcached -N)
        ROUND_ROBIN, ///< in turn
    };

    /** @return the counters since the last ResetStats */
    KeyValueServerStats GetStats() const;
    /** @brief Start a new window for the counters (and the epoll instances'). */
    void ResetStats();
    /** @return the number of worker threads */
    uint32_t GetNThreads() const;
    /**
     * @param thread a worker thread
     * @return its task (valid once the application started)
     */
    HostCpu::TaskId GetThreadTask(uint32_t thread) const;
    /**
     * @param thread a worker thread
     * @return its epoll instance (null before the start)
     */
    Ptr<EpollInstance> GetEpoll(uint32_t thread) const;
    /**
     * @param thread a worker thread
     * @return the user time of its requests in the window
     */
    Time GetThreadUserTime(uint32_t thread) const;
    /**
     * @param thread a worker thread
     * @return the connections it serves
     */
    uint32_t GetThreadConnections(uint32_t thread) const;
    /// GetConnectionNapiCore of a connection no NAPI context delivered to.
    static constexpr uint32_t NO_CORE = 0xffffffff;
    /** @return the connections accepted so far */
    uint32_t GetNConnections() const;
    /**
     * @param connection a connection (in accept order)
     * @return the thread serving it
     */
    uint32_t GetConnectionThread(uint32_t connection) const;
    /**
     * @param connection a connection (in accept order)
     * @return the IRQ core of the NAPI context that delivered its last request (NO_CORE: none)
     */
    uint32_t GetConnectionNapiCore(uint32_t connection) const;
    /**
     * @brief No random variables: the costs are constants.
     * @param stream first stream index
     * @return 0
     */
    int64_t AssignStreams(int64_t stream) override;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// An accepted connection.
    struct Connection
    {
        Ptr<MessageSocket> socket;                  ///< the connection
        uint32_t thread{0};                         ///< the thread serving it
        uint32_t item{0};                           ///< its item in the thread's epoll set
        std::deque<RequestResponseHeader> requests; ///< whole requests not yet served
        uint32_t inService{0};                      ///< requests the running read took
        uint32_t napiCore{NO_CORE};                 ///< IRQ core of the last delivering NAPI
        bool rfs{false};                            ///< rfsHash is valid
        uint32_t rfsHash{0};                        ///< flow hash of its received packets
    };

    /// A worker thread.
    struct Thread
    {
        HostCpu::TaskId task{0};                ///< its task
        Ptr<EpollInstance> epoll;               ///< its epoll instance
        std::vector<uint32_t> connections;      ///< epoll item -> connection
        std::vector<uint32_t> batch;            ///< events of the last epoll_wait
        std::size_t next{0};                    ///< next event of the batch to serve
        uint32_t serving{0};                    ///< connection being served
        Time user;                              ///< user time in the window
        EpollInstance::ReturnCallback returned; ///< prebuilt callback
        Callback<void> serveNext;               ///< prebuilt callback
        Callback<void> connectionDone;          ///< prebuilt callback
        Callback<void> enterWait;               ///< prebuilt callback
    };

    /// A TCP connection was accepted.
    void Accepted(Ptr<Socket> socket, const Address& from);
    /// A whole request arrived on a connection (in the delivering context).
    void RequestReceived(uint32_t connection,
                         Ptr<MessageSocket> socket,
                         const RequestResponseHeader& header,
                         const Address& from);
    /// The thread calls epoll_wait.
    void EnterWait(uint32_t thread);
    /// epoll_wait returned.
    void Returned(uint32_t thread, const std::vector<uint32_t>& events);
    /// Serve the next ready connection, or call epoll_wait again.
    void ServeNext(uint32_t thread);
    /// The read, the requests' work and the write of a connection were served: send.
    void ConnectionDone(uint32_t thread);
    /// @return the thread a connection delivered by the current context goes to
    uint32_t PickThread();

    uint32_t m_nThreads{4};                       ///< worker threads (attribute)
    Assignment m_assignment{NAPI_ID};             ///< connection assignment (attribute)
    bool m_pinThreads{true};                      ///< thread t on core t (attribute)
    Time m_getCost;                               ///< user time per GET (attribute)
    Time m_setCost;                               ///< user time per SET (attribute)
    Time m_syscallCost;                           ///< per system call (attribute)
    int32_t m_epollTimeoutMs{-1};                 ///< epoll_wait timeout (attribute)
    Ptr<EpollInstance> m_epollPrototype;          ///< busy-poll settings (attribute)
    Ptr<HostCpu> m_cpu;                           ///< the node's CPU
    Ptr<HostNetStack> m_stack;                    ///< the node's stack
    Ptr<RfsFlowTable> m_rfs;                      ///< the node's RFS table (may be null)
    Ptr<Socket> m_listener;                       ///< listening socket
    std::vector<Connection> m_connections;        ///< accepted connections
    std::vector<Thread> m_threads;                ///< worker threads
    uint32_t m_nextThread{0};                     ///< round robin
    KeyValueServerStats m_stats;                  ///< counters
    TracedCallback<uint64_t, Time> m_servedTrace; ///< request id, its send time
};

} // namespace ns3

#endif // KEY_VALUE_SERVER_H
