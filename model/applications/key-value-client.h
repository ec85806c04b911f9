/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef KEY_VALUE_CLIENT_H
#define KEY_VALUE_CLIENT_H

#include "message-socket.h"

#include "ns3/address.h"
#include "ns3/epoll-instance.h"
#include "ns3/event-id.h"
#include "ns3/host-cpu.h"
#include "ns3/latency-histogram.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/source-application.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <limits>
#include <utility>
#include <vector>

namespace ns3
{

class HostNetStack;
class RfsFlowTable;

/**
 * @ingroup hostnet
 * @brief The latency statistics of a KeyValueClient, in microseconds.
 */
struct KeyValueLatency
{
    /// Value of every field below while there is no sample: undefined, not zero.
    static constexpr double UNDEFINED = std::numeric_limits<double>::quiet_NaN();

    uint64_t count{0};        ///< number of samples; the fields below are NaN when it is 0
    double meanUs{UNDEFINED}; ///< mean
    double p50Us{UNDEFINED};  ///< median
    double p95Us{UNDEFINED};  ///< 95th percentile
    double p99Us{UNDEFINED};  ///< 99th percentile
    double p999Us{UNDEFINED}; ///< 99.9th percentile
};

/**
 * @ingroup hostnet
 * @brief What a KeyValueClient did in its measurement window (since its start or the last
 *        ResetStats).
 */
struct KeyValueClientStats
{
    uint64_t requestsSent{0};      ///< requests issued
    uint64_t responsesReceived{0}; ///< responses received
    uint64_t gets{0};              ///< GET requests issued
    uint64_t sets{0};              ///< SET (update) requests issued
    uint64_t late{0};              ///< requests issued after their scheduled time (Depth)
    KeyValueLatency latency;       ///< issue to response (empty with Measure false)
};

/**
 * @ingroup hostnet
 * @brief One agent machine of a mutilate-like load generator for a memcached-like key-value
 *        server.
 *
 * The agent opens Threads x Connections TCP connections to Remote when it starts. Each
 * connection runs its own open-loop schedule at Rate / (Threads x Connections)
 * requests per second, as mutilate does: once connected, its next send time advances by an
 * InterArrival draw per request, and a request is issued while fewer than Depth requests
 * are outstanding on the connection and its send time has come. A request held back by the
 * Depth limit goes when a response frees the slot, and counts as late. With Rate 0 the loop
 * is closed: each connection keeps Depth requests outstanding, sending the next as soon as
 * a response arrives.
 *
 * A request is a GET with probability 1 - UpdateRatio, else a SET, with a key of KeySize
 * bytes and, for a SET or the response to a GET, a value of ValueSize bytes (defaults: the
 * Facebook ETC fits of Atikoglu et al. 2012, see EtcWorkload). On the wire each is a
 * RequestResponseHeader message (24 bytes plus padding):
 * - GET: request 24 + key bytes, asking for a response of 24 + key + value bytes;
 * - SET: request 24 + key + value bytes, asking for a response of exactly 24 bytes
 *   (RequestResponseHeader::SIZE), which is how the server tells a SET from a GET.
 * With RequestSize and ResponseSize > 0 every request is a GET of those fixed sizes instead
 * (a netperf or neper TCP_RR transaction; on the wire at least 24 bytes for a request, the
 * header, and 25 for a response: 24 is a SET's answer).
 *
 * Where the agent runs (attribute Cpu):
 * - on a plain ns-3 node (no HostCpu: Cpu "auto" there, or "none"), threads only group
 *   connections and nothing runs on a CPU; the latency runs from the issue of a request (not
 *   its scheduled time, as mutilate measures) to the arrival of its whole response;
 * - on a hostnet host (a node with a HostNetStack, installed with HostNetDeviceHelper: Cpu
 *   "auto" there, or "threads"), each thread is a task of the node's HostCpu pinned to core
 *   (FirstCore + t) mod NCores, running a libevent-like loop over its own epoll instance
 *   (EpollInstance, a copy of Epoll, with its busy-polling settings), as a mutilate agent
 *   thread does: epoll_wait (SyscallCost when it returns events), then for each ready
 *   connection one read system call (SyscallCost) that takes every whole response it holds,
 *   and one write system call (SyscallCost) per request the connection then issues (closed
 *   loop, or a request Depth held back); a connection whose send time comes while the thread
 *   waits makes the thread's timer ready (as libevent's timer wakes epoll_wait; no cost of its
 *   own) and the thread writes every due request. The latency runs from the start of the
 *   request's write call to the end of the read call that took its response: the client
 *   host's interrupts, softirq, wake-up and scheduling are in it, as in mutilate's.
 *   Simplified: the request's user-space work (key generation, parsing) is not charged; the
 *   timer has one event per connection, not libevent's one per thread.
 */
class KeyValueClient : public SourceApplication
{
  public:
    /// Inter-arrival distributions of the open loop (attribute InterArrival).
    enum class InterArrival
    {
        FB,          ///< "fb": Facebook ETC's generalized Pareto fit, rescaled to the mean
        EXPONENTIAL, ///< "exponential": a Poisson process
        FIXED,       ///< "fixed": constant gaps
    };

    /// Where the agent's threads run (attribute Cpu).
    enum class CpuModel
    {
        AUTO,    ///< "auto": threads on a node with a HostNetStack, else none
        NONE,    ///< "none": no CPU model (threads only group connections)
        THREADS, ///< "threads": each thread a task of the node's HostCpu with an epoll loop
    };

    /** @return the TypeId */
    static TypeId GetTypeId();

    KeyValueClient();
    ~KeyValueClient() override;

    /** @return the counts and latency statistics of the measurement window */
    KeyValueClientStats GetStats() const;

    /** @return the latencies of the measurement window (to merge the agents of a study) */
    const LatencyHistogram& GetLatencyHistogram() const;

    /**
     * @brief Responses received in the measurement window per second of it.
     *
     * The window runs from the start (or the last ResetStats) to now, or to the stop of the
     * application if it stopped (responses that arrive after the stop still count).
     * @return responses per second (NaN for a window of zero length)
     */
    double GetAchievedRate() const;

    /** @brief Start a new measurement window now (e.g. at the end of the warm-up). */
    void ResetStats();

    /**
     * @brief Fix the random streams.
     * @param stream first stream index
     * @return the number of streams used (4: inter-arrival, GET or SET, key and value sizes)
     */
    int64_t AssignStreams(int64_t stream) override;

    /** @return whether the threads run on the node's HostCpu (valid once started) */
    bool IsThreaded() const;

    /**
     * @param thread a thread (< Threads)
     * @return its task (valid once started with threads on the HostCpu)
     */
    HostCpu::TaskId GetThreadTask(uint32_t thread) const;

    /**
     * @param thread a thread
     * @return its epoll instance (null without threads on the HostCpu or before the start)
     */
    Ptr<EpollInstance> GetEpoll(uint32_t thread) const;

    /**
     * TracedCallback signature of Request.
     * @param id the request's id (unique in this client)
     * @param connection the connection's index (thread x Connections + connection)
     * @param isSet whether it is a SET (else a GET)
     */
    typedef void (*RequestTracedCallback)(uint64_t id, uint32_t connection, bool isSet);

    /**
     * TracedCallback signature of Response.
     * @param id the request's id
     * @param latency from the issue of the request to the arrival of its response
     */
    typedef void (*ResponseTracedCallback)(uint64_t id, Time latency);

  protected:
    void DoDispose() override;

  private:
    /// One TCP connection and its schedule.
    struct Connection
    {
        Ptr<MessageSocket> socket; ///< the connection
        EventId timer;             ///< the next scheduled send
        Time next;                 ///< when the next request is due
        uint32_t outstanding{0};   ///< requests without a response
        bool connected{false};     ///< the handshake completed
        // With threads on the HostCpu:
        uint32_t thread{0};                          ///< the thread that serves it
        uint32_t item{0};                            ///< its item in the thread's epoll set
        std::deque<RequestResponseHeader> responses; ///< whole responses not yet read
        bool due{false};                             ///< on its thread's due list
        bool rfs{false};                             ///< rfsHash is valid
        uint32_t rfsHash{0};                         ///< flow hash of its received packets
    };

    /// A thread of the agent on the node's HostCpu.
    struct Thread
    {
        HostCpu::TaskId task{0};           ///< its task
        Ptr<EpollInstance> epoll;          ///< its epoll instance
        std::vector<uint32_t> connections; ///< epoll item -> connection (the timer: last)
        std::vector<uint32_t> batch;       ///< events of the last epoll_wait
        std::size_t next{0};               ///< next event of the batch to serve
        uint32_t serving{0};               ///< connection being read
        std::vector<uint32_t> due;         ///< connections whose send time came
        std::deque<std::pair<uint32_t, RequestResponseHeader>> writes; ///< writes to make
        EpollInstance::ReturnCallback returned;                        ///< prebuilt callback
        Callback<void> serveNext;                                      ///< prebuilt callback
        Callback<void> readDone;                                       ///< prebuilt callback
        Callback<void> writeDone;                                      ///< prebuilt callback
        Callback<void> enterWait;                                      ///< prebuilt callback
    };

    void StartApplication() override;
    void StopApplication() override;

    /// Create the default size distributions where unset.
    void CreateSizes();
    /// @return the next inter-arrival time of one connection
    Time DrawInterArrival();
    /// @return the first gap of a connection: its schedule in the stationary state
    Time DrawFirstInterArrival();
    /**
     * @brief Issue what is due on a connection and schedule its next send.
     * @param index the connection
     */
    void Drive(uint32_t index);
    /**
     * @brief Issue one request.
     * @param index the connection
     */
    void Issue(uint32_t index);
    /**
     * @brief Build the next request of a connection and count it.
     * @param index the connection
     * @return the request (its send time unset)
     */
    RequestResponseHeader NextRequest(uint32_t index);
    /// Create the threads, their tasks and epoll instances (threads on the HostCpu).
    void CreateThreads();
    /**
     * @brief A connection's send time came (threads): its thread's timer becomes ready.
     * @param index the connection
     */
    void TimerExpired(uint32_t index);
    /**
     * @brief Queue the writes of what is due on a connection and schedule its next send time
     *        (threads; from the thread's own work).
     * @param index the connection
     * @param heldBack whether Depth held the connection until now (a read freed the slot):
     *        a request whose time has passed counts as late
     */
    void QueueDue(uint32_t index, bool heldBack);
    /**
     * @brief The thread calls epoll_wait.
     * @param thread the thread
     */
    void EnterWait(uint32_t thread);
    /**
     * @brief epoll_wait returned.
     * @param thread the thread
     * @param events the ready items
     */
    void Returned(uint32_t thread, const std::vector<uint32_t>& events);
    /**
     * @brief Serve the next ready item, or call epoll_wait again.
     * @param thread the thread
     */
    void ServeNext(uint32_t thread);
    /**
     * @brief The read call of the connection being served completed.
     * @param thread the thread
     */
    void ReadDone(uint32_t thread);
    /**
     * @brief Make the next queued write, or serve the next item.
     * @param thread the thread
     */
    void WriteNext(uint32_t thread);
    /**
     * @brief A write call completed: its request goes.
     * @param thread the thread
     */
    void WriteDone(uint32_t thread);
    /**
     * @brief Count a response and record its latency.
     * @param index the connection
     * @param header the response
     */
    void Account(uint32_t index, const RequestResponseHeader& header);
    /**
     * @brief A whole response arrived.
     * @param index the connection
     * @param socket its message socket
     * @param header the response's header
     * @param from the server
     */
    void Received(uint32_t index,
                  Ptr<MessageSocket> socket,
                  const RequestResponseHeader& header,
                  const Address& from);
    /**
     * @brief A connection is up: its schedule starts.
     * @param index the connection
     * @param socket its socket
     */
    void Connected(uint32_t index, Ptr<Socket> socket);
    /**
     * @brief A connection failed.
     * @param index the connection
     * @param socket its socket
     */
    void ConnectionFailed(uint32_t index, Ptr<Socket> socket);

    uint32_t m_threads{32};                        ///< threads (attribute)
    uint32_t m_connections{20};                    ///< connections per thread (attribute)
    double m_rate{0};                              ///< requests per second, 0 = closed (attribute)
    InterArrival m_interArrival{InterArrival::FB}; ///< inter-arrival distribution (attribute)
    double m_updateRatio{0.03};                    ///< fraction of SETs (attribute)
    Ptr<RandomVariableStream> m_keySizes;          ///< key bytes (attribute)
    Ptr<RandomVariableStream> m_valueSizes;        ///< value bytes (attribute)
    uint32_t m_depth{1};                 ///< outstanding requests per connection (attribute)
    bool m_measure{true};                ///< record latencies (attribute)
    CpuModel m_cpuModel{CpuModel::AUTO}; ///< where the threads run (attribute)
    uint32_t m_firstCore{0};             ///< core of thread 0 (attribute)
    Time m_syscallCost;                  ///< per epoll_wait, read, write (attribute)
    Ptr<EpollInstance> m_epollPrototype; ///< epoll settings of the threads (attribute)
    uint32_t m_requestSize{0};           ///< fixed request bytes, 0: ETC (attribute)
    uint32_t m_responseSize{0};          ///< fixed response bytes, 0: ETC (attribute)
    bool m_threaded{false};              ///< threads on the node's HostCpu
    Ptr<HostCpu> m_cpu;                  ///< the node's CPU (threads)
    Ptr<HostNetStack> m_stack;           ///< the node's stack (threads)
    Ptr<RfsFlowTable> m_rfs;             ///< the node's RFS table (threads; may be null)
    std::vector<Thread> m_threadState;   ///< the threads (threads on the HostCpu)

    Ptr<UniformRandomVariable> m_gapUniform;    ///< inter-arrival draws (inverse transform)
    Ptr<UniformRandomVariable> m_updateUniform; ///< GET or SET draws
    double m_meanGap{0};                        ///< mean inter-arrival per connection (s)
    std::vector<Connection> m_conns;            ///< the connections
    uint64_t m_nextId{0};                       ///< id of the next request
    bool m_running{false};                      ///< between start and stop
    Time m_windowStart;                         ///< start of the measurement window
    Time m_stopTime{Time::Max()};               ///< when the application stopped
    KeyValueClientStats m_stats;                ///< counts of the window (latency unset)
    LatencyHistogram m_latencies;               ///< latencies of the window
    TracedCallback<uint64_t, uint32_t, bool> m_requestTrace; ///< per request
    TracedCallback<uint64_t, Time> m_responseTrace;          ///< per response
};

} // namespace ns3

#endif // KEY_VALUE_CLIENT_H
