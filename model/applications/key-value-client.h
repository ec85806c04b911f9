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
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/latency-histogram.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace ns3
{

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
 * The agent opens Threads x Connections TCP connections to Remote when it starts (threads
 * only group connections: the client is an ordinary ns-3 node, without a host CPU model).
 * Each connection runs its own open-loop schedule at Rate / (Threads x Connections)
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
 *
 * The server echoes the request's id and issue time; the latency is the time from the issue
 * of a request (not its scheduled time, as mutilate measures) to the arrival of its whole
 * response.
 */
class KeyValueClient : public Application
{
  public:
    /// Inter-arrival distributions of the open loop (attribute InterArrival).
    enum class InterArrival
    {
        FB,          ///< "fb": Facebook ETC's generalized Pareto fit, rescaled to the mean
        EXPONENTIAL, ///< "exponential": a Poisson process
        FIXED,       ///< "fixed": constant gaps
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
    int64_t AssignStreams(int64_t stream);

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

    Address m_remote;                              ///< the server (attribute)
    uint32_t m_threads{32};                        ///< threads (attribute)
    uint32_t m_connections{20};                    ///< connections per thread (attribute)
    double m_rate{0};                              ///< requests per second, 0 = closed (attribute)
    InterArrival m_interArrival{InterArrival::FB}; ///< inter-arrival distribution (attribute)
    double m_updateRatio{0.03};                    ///< fraction of SETs (attribute)
    Ptr<RandomVariableStream> m_keySizes;          ///< key bytes (attribute)
    Ptr<RandomVariableStream> m_valueSizes;        ///< value bytes (attribute)
    uint32_t m_depth{1};  ///< outstanding requests per connection (attribute)
    bool m_measure{true}; ///< record latencies (attribute)

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
