/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef REQUEST_RESPONSE_CLIENT_H
#define REQUEST_RESPONSE_CLIENT_H

#include "app-thread.h"
#include "message-socket.h"

#include "ns3/busy-poller.h"
#include "ns3/event-id.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/latency-histogram.h"
#include "ns3/random-variable-stream.h"
#include "ns3/source-application.h"
#include "ns3/traced-callback.h"

#include <deque>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The client of a request/response (RPC) workload: open-loop Poisson requests and
 *        the distribution of their response times.
 *
 * Requests of RequestSize bytes leave at Poisson times (Rate per second) whether or not
 * earlier ones were answered (an open loop, as many independent users), pipelined on one
 * TCP connection (or as UDP datagrams), each asking for ResponseSize bytes. The response
 * time of a request runs from its creation until the client application has read the
 * whole response: the write of the request and the read of the response each cost
 * SyscallCost on the client's task on the node's HostCpu, so the client host's interrupt
 * and protocol load shows in the response time, as it does for a real RPC.
 */
class RequestResponseClient : public SourceApplication
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    RequestResponseClient();
    ~RequestResponseClient() override;

    /** @return the response times since the start or ResetStats */
    const LatencyHistogram& GetResponseTimes() const;
    /** @return requests sent since the start or ResetStats */
    uint64_t GetRequestsSent() const;
    /** @return responses read since the start or ResetStats */
    uint64_t GetResponsesReceived() const;
    /** @brief Forget the counts and response times (warm-up deletion). */
    void ResetStats();

    /** @return the time the busy-poll loop spun since the start (0 without BusyPoll) */
    Time GetBusyPollSpinTime() const;

    /**
     * @brief Fix the random streams.
     * @param stream first stream index
     * @return the number of streams used (1, plus one per size distribution)
     */
    int64_t AssignStreams(int64_t stream) override;

    /**
     * TracedCallback signature of ResponseTime.
     * @param responseTime creation of the request to the read of its response
     */
    typedef void (*ResponseTimeTracedCallback)(Time responseTime);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Create the next request and schedule the one after.
    void NewRequest();
    /// The write of the head request was paid: send it.
    void WriteDone();
    /// A whole response arrived.
    void ResponseReceived(Ptr<MessageSocket> socket,
                          const RequestResponseHeader& header,
                          const Address& from);
    /// The read of the head response was paid: record its response time.
    void ReadDone();
    /// @return whether a response waits to be read (the busy-poll loop stops)
    bool HasResponse() const;
    /// The busy-poll loop found a response: its read is already queued.
    void ReadQueued();
    /// Nothing left to write or read: busy-poll before sleeping (with BusyPoll).
    void IdleCheck();
    /**
     * @brief Draw a message size.
     * @param sizes the distribution (null: @p fixed)
     * @param fixed the fixed size
     * @return bytes, 24..16777216
     */
    static uint32_t DrawSize(const Ptr<RandomVariableStream>& sizes, uint32_t fixed);
    /// The TCP connection is up.
    void Connected(Ptr<Socket> socket);
    /// The TCP connection failed.
    void ConnectionFailed(Ptr<Socket> socket);

    TypeId m_protocol;                           ///< socket factory (attribute)
    double m_rate{1000};                         ///< requests per second (attribute)
    uint32_t m_requestSize{100};                 ///< bytes (attribute)
    uint32_t m_responseSize{1000};               ///< bytes (attribute)
    Ptr<RandomVariableStream> m_requestSizes;    ///< random request bytes (attribute)
    Ptr<RandomVariableStream> m_responseSizes;   ///< random response bytes (attribute)
    Time m_busyPollTime;                         ///< SO_BUSY_POLL, 0 = off (attribute)
    uint32_t m_busyPollBudget{8};                ///< frames per busy poll (attribute)
    uint64_t m_maxRequests{0};                   ///< 0 = unlimited (attribute)
    Time m_syscallCost;                          ///< per write and per read (attribute)
    Ptr<ExponentialRandomVariable> m_interval;   ///< Poisson gaps
    Ptr<HostNetStack> m_stack;                   ///< the node's stack (sends run in our task)
    AppThread m_thread;                          ///< the application's thread (and busy-poll loop)
    uint32_t m_core{0};                          ///< core of the task (or ANY_CORE)
    Ptr<MessageSocket> m_socket;                 ///< the connection or UDP socket
    EventId m_next;                              ///< next request
    uint64_t m_nextId{0};                        ///< id of the next request
    uint64_t m_created{0};                       ///< requests created (MaxRequests)
    std::deque<RequestResponseHeader> m_toWrite; ///< requests whose write is being paid
    std::deque<Time> m_toRead;                   ///< send times of responses being read
    Callback<void> m_writeDone;                  ///< prebuilt callback
    Callback<void> m_readDone;                   ///< prebuilt callback
    uint64_t m_sent{0};                          ///< requests sent
    uint64_t m_received{0};                      ///< responses read
    LatencyHistogram m_responseTimes;            ///< response times
    TracedCallback<Time> m_responseTimeTrace;    ///< per response
};

} // namespace ns3

#endif // REQUEST_RESPONSE_CLIENT_H
