/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef REQUEST_RESPONSE_SERVER_H
#define REQUEST_RESPONSE_SERVER_H

#include "app-thread.h"
#include "message-socket.h"

#include "ns3/busy-poller.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/random-variable-stream.h"
#include "ns3/sink-application.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The server of a request/response (RPC) workload.
 *
 * Listens on Port (TCP by default, or UDP). Each whole request is served by the server's
 * task on the node's HostCpu (created if the node has none): it costs ServiceCost plus two
 * SyscallCost (the read of the request and the write of the response), at TASK level, so
 * interrupts and softirq work on the host delay it. Requests are served one at a time, in
 * arrival order (one worker thread); then a response of the size the request asks for goes
 * back on the same connection (TCP) or to the sender (UDP).
 */
class RequestResponseServer : public SinkApplication
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    RequestResponseServer();
    ~RequestResponseServer() override;

    /** @return requests whose response was sent */
    uint64_t GetRequestsServed() const;

    /** @return the time the busy-poll loop spun since the start (0 without BusyPoll) */
    Time GetBusyPollSpinTime() const;

    /**
     * @brief Fix the random streams.
     * @param stream first stream index
     * @return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream) override;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// A TCP connection was accepted.
    void Accepted(Ptr<Socket> socket, const Address& from);
    /// A whole request arrived.
    void RequestReceived(Ptr<MessageSocket> socket,
                         const RequestResponseHeader& header,
                         const Address& from);
    /// The head request's service is done: send its response.
    void ServiceDone();
    /// @return whether a request waits (the busy-poll loop stops)
    bool HasRequest() const;
    /// The busy-poll loop found a request: its service is already queued.
    void ServeQueued();

    /// A request waiting for or in service.
    struct Pending
    {
        Ptr<MessageSocket> socket;     ///< where to answer
        Address from;                  ///< the client (UDP)
        RequestResponseHeader request; ///< the request
    };

    TypeId m_protocol;                            ///< socket factory (attribute)
    Ptr<RandomVariableStream> m_serviceCost;      ///< CPU work per request (attribute)
    Time m_syscallCost;                           ///< per read and per write (attribute)
    Time m_busyPollTime;                          ///< SO_BUSY_POLL, 0 = off (attribute)
    uint32_t m_busyPollBudget{8};                 ///< frames per busy poll (attribute)
    Ptr<HostNetStack> m_stack;                    ///< the node's stack (sends run in our task)
    AppThread m_thread;                           ///< the application's thread (and busy-poll loop)
    uint32_t m_core{0};                           ///< core of the task (or ANY_CORE)
    Ptr<Socket> m_listener;                       ///< listening (TCP) or bound (UDP) socket
    std::vector<Ptr<MessageSocket>> m_sockets;    ///< UDP socket or accepted connections
    std::deque<Pending> m_pending;                ///< FIFO of requests in the task
    Callback<void> m_serviceDone;                 ///< prebuilt callback
    uint64_t m_served{0};                         ///< responses sent
    TracedCallback<uint64_t, Time> m_servedTrace; ///< request id, its send time
};

} // namespace ns3

#endif // REQUEST_RESPONSE_SERVER_H
