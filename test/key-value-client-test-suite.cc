/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// KeyValueClient, the mutilate-like agent: a fixed-rate open loop sends Rate x T requests;
// Depth is never exceeded and a request held back by it counts as late; the measured update
// ratio and the wire sizes of GETs and SETs; the mean and spread of the fb and exponential
// inter-arrival times; the closed loop's latency is the hand-computed round trip; the
// statistics window; bad attribute values are refused; RequestResponseServer answers it.

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <cmath>
#include <map>
#include <vector>

using namespace ns3;

namespace
{

/// A key-value server for the tests: answers every request with the response size it asks
/// for, echoing its id and issue time, after a fixed delay (0: at once, no CPU model).
class KvTestServer : public Application
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::KvTestServer")
                                .SetParent<Application>()
                                .SetGroupName("HostnetTest")
                                .AddConstructor<KvTestServer>();
        return tid;
    }

    Time m_delay;            ///< from a request's arrival to its response
    uint64_t m_gets{0};      ///< GETs seen (response size > 24)
    uint64_t m_sets{0};      ///< SETs seen (response size 24)
    uint64_t m_badSizes{0};  ///< requests whose sizes fit neither GET nor SET
    uint32_t m_keySize{0};   ///< expected key bytes (0: do not check sizes)
    uint32_t m_valueSize{0}; ///< expected value bytes

  protected:
    void DoDispose() override
    {
        for (auto& s : m_sockets)
        {
            s->Close();
        }
        m_sockets.clear();
        m_listener = nullptr;
        Application::DoDispose();
    }

  private:
    void StartApplication() override
    {
        m_listener = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 11211));
        m_listener->Listen();
        m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                      MakeCallback(&KvTestServer::Accepted, this));
    }

    void StopApplication() override
    {
    }

    /// A connection was accepted.
    void Accepted(Ptr<Socket> socket, const Address& from)
    {
        m_sockets.push_back(
            Create<MessageSocket>(socket, true, MakeCallback(&KvTestServer::Request, this)));
    }

    /// A request arrived: classify it, then answer.
    void Request(Ptr<MessageSocket> socket, const RequestResponseHeader& req, const Address&)
    {
        const uint32_t h = RequestResponseHeader::SIZE;
        bool isSet = req.GetResponseSize() == h;
        ++(isSet ? m_sets : m_gets);
        if (m_keySize > 0)
        {
            uint32_t kv = h + m_keySize + m_valueSize;
            bool ok = isSet ? req.GetMessageSize() == kv
                            : req.GetMessageSize() == h + m_keySize && req.GetResponseSize() == kv;
            m_badSizes += ok ? 0 : 1;
        }
        RequestResponseHeader resp;
        resp.SetId(req.GetId());
        resp.SetSendTime(req.GetSendTime());
        resp.SetMessageSize(req.GetResponseSize());
        resp.SetResponseSize(0);
        if (m_delay.IsZero())
        {
            socket->Send(resp, Address());
        }
        else
        {
            Simulator::Schedule(m_delay, [socket, resp] { socket->Send(resp, Address()); });
        }
    }

    Ptr<Socket> m_listener;                    ///< listening socket
    std::vector<Ptr<MessageSocket>> m_sockets; ///< accepted connections
};

NS_OBJECT_ENSURE_REGISTERED(KvTestServer);

/// The client node, the server node and the server's address.
struct KvTopology
{
    NodeContainer nodes; ///< 0 client, 1 server
    Ipv4Address server;  ///< the server's address
};

/**
 * Two plain ns-3 nodes on a point-to-point link.
 * @param rate link rate
 * @param delay propagation delay
 * @return the topology
 */
KvTopology
MakeTopology(const std::string& rate, const std::string& delay)
{
    KvTopology t;
    t.nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(rate));
    p2p.SetChannelAttribute("Delay", StringValue(delay));
    NetDeviceContainer devices = p2p.Install(t.nodes);
    InternetStackHelper().Install(t.nodes);
    Ipv4InterfaceContainer ifs = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);
    t.server = ifs.GetAddress(1);
    return t;
}

/// Per-connection bookkeeping from the Request and Response traces.
struct KvTraceLog
{
    std::map<uint64_t, uint32_t> connectionOf; ///< request id -> connection
    std::vector<uint32_t> outstanding;         ///< per connection
    uint32_t maxOutstanding{0};                ///< largest seen on any connection
    std::vector<std::vector<Time>> issueTimes; ///< per connection
    std::vector<Time> latencies;               ///< in order of arrival
    uint64_t orphans{0};                       ///< responses to no request issued

    /// Request trace sink.
    void Request(uint64_t id, uint32_t connection, bool isSet)
    {
        if (connection >= outstanding.size())
        {
            outstanding.resize(connection + 1, 0);
            issueTimes.resize(connection + 1);
        }
        connectionOf[id] = connection;
        maxOutstanding = std::max(maxOutstanding, ++outstanding[connection]);
        issueTimes[connection].push_back(Simulator::Now());
    }

    /// Response trace sink.
    void Response(uint64_t id, Time latency)
    {
        auto it = connectionOf.find(id);
        if (it == connectionOf.end())
        {
            ++orphans;
            return;
        }
        --outstanding[it->second];
        connectionOf.erase(it);
        latencies.push_back(latency);
    }

    /**
     * Connect to a client's traces.
     * @param client the client
     */
    void Connect(Ptr<KeyValueClient> client)
    {
        client->TraceConnectWithoutContext("Request", MakeCallback(&KvTraceLog::Request, this));
        client->TraceConnectWithoutContext("Response", MakeCallback(&KvTraceLog::Response, this));
    }
};

/**
 * Install a test server (node 1) and one agent (node 0).
 * @param t the topology
 * @param helper the configured client helper
 * @param server the server application (output)
 * @return the agent
 */
Ptr<KeyValueClient>
InstallPair(const KvTopology& t, KeyValueClientHelper& helper, Ptr<KvTestServer>& server)
{
    server = CreateObject<KvTestServer>();
    t.nodes.Get(1)->AddApplication(server);
    ApplicationContainer apps = helper.Install(t.nodes.Get(0));
    NS_ABORT_MSG_IF(KeyValueClientHelper::AssignStreams(apps, 10) != 4, "four streams");
    return DynamicCast<KeyValueClient>(apps.Get(0));
}

/// A fixed-rate open loop sends Rate x T requests within one per connection, each exactly
/// one gap after the previous; the statistics window and the achieved rate.
class KvFixedRateTestCase : public TestCase
{
  public:
    KvFixedRateTestCase()
        : TestCase("fixed inter-arrival: Rate x T requests, windowed statistics")
    {
    }

  private:
    void DoRun() override
    {
        // 2 threads x 5 connections at 10000/s: one request per connection every 1 ms.
        const double rate = 10000;
        const uint32_t conns = 10;
        const Time gap = MilliSeconds(1);
        const Time stop = Seconds(0.5);
        KvTopology t = MakeTopology("10Gbps", "1us");
        KeyValueClientHelper helper(InetSocketAddress(t.server, 11211));
        helper.SetAttribute("Threads", UintegerValue(2));
        helper.SetAttribute("Connections", UintegerValue(5));
        helper.SetAttribute("Rate", DoubleValue(rate));
        helper.SetAttribute("InterArrival", StringValue("fixed"));
        Ptr<KvTestServer> server;
        Ptr<KeyValueClient> client = InstallPair(t, helper, server);
        KvTraceLog log;
        log.Connect(client);
        client->SetStopTime(stop);
        KeyValueClientStats before = client->GetStats();
        double emptyRate = 0;
        double windowRate = 0;
        Simulator::Schedule(Seconds(0.25), [&] {
            client->ResetStats();
            emptyRate = client->GetAchievedRate();
        });
        Simulator::Stop(stop + MilliSeconds(100));
        Simulator::Run();
        KeyValueClientStats s = client->GetStats();
        windowRate = client->GetAchievedRate();
        // No sample: the latency is undefined (NaN), not zero.
        NS_TEST_ASSERT_MSG_EQ(before.latency.count, 0u, "samples before the start");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(before.latency.meanUs), true, "mean without samples");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(before.latency.p95Us), true, "p95 without samples");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(emptyRate), true, "rate of a window of length 0");
        // Each connection connects after a few microseconds (t_c) and then sends at t_c + k ms
        // until 0.5 s: 499 or 500 requests, so over the whole run Rate x T = 5000 within one
        // per connection. All pipes are fast, so the total is also at the top of that range
        // minus at most one per connection (t_c > 0).
        uint64_t total = 0;
        for (uint32_t c = 0; c < conns; ++c)
        {
            const auto& times = log.issueTimes[c];
            total += times.size();
            for (size_t k = 1; k < times.size(); ++k)
            {
                NS_TEST_ASSERT_MSG_EQ(times[k] - times[k - 1], gap, "a fixed gap of 1 ms");
            }
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(total, uint64_t(rate * stop.GetSeconds()) - conns, "Rate x T");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(total, uint64_t(rate * stop.GetSeconds()), "Rate x T");
        // The window [0.25 s, 0.5 s]: 2500 requests within one per connection, all answered
        // (the responses of the last ones arrive after the stop and still count).
        NS_TEST_ASSERT_MSG_EQ(s.responsesReceived, s.requestsSent, "requests without response");
        NS_TEST_ASSERT_MSG_EQ(s.gets + s.sets, s.requestsSent, "every request a GET or a SET");
        NS_TEST_ASSERT_MSG_EQ(s.late, 0u, "a fast server makes no request late");
        NS_TEST_ASSERT_MSG_EQ_TOL(double(s.requestsSent), 2500.0, double(conns), "window count");
        NS_TEST_ASSERT_MSG_EQ_TOL(windowRate, rate, conns / 0.25, "achieved rate (window 0.25 s)");
        NS_TEST_ASSERT_MSG_EQ(s.latency.count, s.responsesReceived, "one sample per response");
        NS_TEST_ASSERT_MSG_EQ(client->GetLatencyHistogram().GetCount(), s.latency.count, "merge");
        NS_TEST_ASSERT_MSG_GT(s.latency.p50Us, 2.0, "faster than two propagation delays");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(s.latency.p50Us, s.latency.p95Us, "ordered quantiles");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(s.latency.p95Us, s.latency.p99Us, "ordered quantiles");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(s.latency.p99Us, s.latency.p999Us, "ordered quantiles");
        Simulator::Destroy();
    }
};

/// Depth bounds the requests outstanding on a connection; a request held back by it goes
/// when a response arrives and counts as late.
class KvDepthTestCase : public TestCase
{
  public:
    /** @param depth the Depth attribute */
    explicit KvDepthTestCase(uint32_t depth)
        : TestCase("depth " + std::to_string(depth) + " is never exceeded; late requests"),
          m_depth(depth)
    {
    }

  private:
    void DoRun() override
    {
        // One connection, a gap of 100 us, a server that answers 500 us after each request:
        // the schedule outruns the responses, so the connection always has Depth requests
        // out and every request after the first Depth waits for a response.
        KvTopology t = MakeTopology("10Gbps", "1us");
        KeyValueClientHelper helper(InetSocketAddress(t.server, 11211));
        helper.SetAttribute("Threads", UintegerValue(1));
        helper.SetAttribute("Connections", UintegerValue(1));
        helper.SetAttribute("Rate", DoubleValue(10000));
        helper.SetAttribute("InterArrival", StringValue("fixed"));
        helper.SetAttribute("Depth", UintegerValue(m_depth));
        Ptr<KvTestServer> server;
        Ptr<KeyValueClient> client = InstallPair(t, helper, server);
        server->m_delay = MicroSeconds(500);
        KvTraceLog log;
        log.Connect(client);
        client->SetStopTime(Seconds(0.2));
        Simulator::Stop(Seconds(0.3));
        Simulator::Run();
        KeyValueClientStats s = client->GetStats();
        NS_TEST_ASSERT_MSG_EQ(log.orphans, 0u, "a response to no request");
        NS_TEST_ASSERT_MSG_EQ(log.maxOutstanding, m_depth, "Depth reached and never exceeded");
        NS_TEST_ASSERT_MSG_EQ(s.responsesReceived, s.requestsSent, "requests without response");
        // The first Depth requests go at their times (100 us apart, before the first response
        // at about 500 us); each later one is already due when the response freeing its slot
        // arrives.
        NS_TEST_ASSERT_MSG_EQ(s.late, s.requestsSent - m_depth, "late requests");
        // About Depth requests per 500 us + round trip: far fewer than the 2000 scheduled.
        NS_TEST_ASSERT_MSG_LT(s.requestsSent, 0.2 / 500e-6 * m_depth + m_depth, "throughput");
        NS_TEST_ASSERT_MSG_GT(s.requestsSent, 0.2 / 520e-6 * m_depth - m_depth, "throughput");
        Simulator::Destroy();
    }

    uint32_t m_depth; ///< Depth attribute
};

/// The fraction of SETs is UpdateRatio (binomial) and the wire sizes tell GETs from SETs.
class KvUpdateRatioTestCase : public TestCase
{
  public:
    KvUpdateRatioTestCase()
        : TestCase("update ratio within the binomial band; GET and SET wire sizes")
    {
    }

  private:
    void DoRun() override
    {
        // Closed loop on 10 connections over a 50 us link: ~10 x 0.5 s / 100 us = 50000
        // requests with constant 30-byte keys and 200-byte values.
        const double ratio = 0.1;
        KvTopology t = MakeTopology("10Gbps", "50us");
        KeyValueClientHelper helper(InetSocketAddress(t.server, 11211));
        helper.SetAttribute("Threads", UintegerValue(2));
        helper.SetAttribute("Connections", UintegerValue(5));
        helper.SetAttribute("Rate", DoubleValue(0));
        helper.SetAttribute("UpdateRatio", DoubleValue(ratio));
        helper.SetAttribute("KeySize", StringValue("ns3::ConstantRandomVariable[Constant=30]"));
        helper.SetAttribute("ValueSize", StringValue("ns3::ConstantRandomVariable[Constant=200]"));
        Ptr<KvTestServer> server;
        Ptr<KeyValueClient> client = InstallPair(t, helper, server);
        server->m_keySize = 30;
        server->m_valueSize = 200;
        client->SetStopTime(Seconds(0.5));
        Simulator::Stop(Seconds(0.6));
        Simulator::Run();
        KeyValueClientStats s = client->GetStats();
        double n = double(s.requestsSent);
        NS_TEST_ASSERT_MSG_GT(n, 40000, "closed loop: about one request per round trip");
        NS_TEST_ASSERT_MSG_EQ(s.late, 0u, "a closed loop has no schedule to be late for");
        NS_TEST_ASSERT_MSG_EQ(server->m_sets, s.sets, "SETs the server recognised (24-B answer)");
        NS_TEST_ASSERT_MSG_EQ(server->m_gets, s.gets, "GETs the server recognised");
        NS_TEST_ASSERT_MSG_EQ(server->m_badSizes, 0u, "GET: 24+key, SET: 24+key+value bytes");
        // SETs ~ Binomial(n, 0.1): within 4 standard deviations (sqrt(n p (1 - p)) ~ 67).
        double sigma = std::sqrt(n * ratio * (1 - ratio));
        NS_TEST_ASSERT_MSG_EQ_TOL(double(s.sets), n * ratio, 4 * sigma, "SETs (binomial 4 sigma)");
        Simulator::Destroy();
    }
};

/// The fb and exponential inter-arrival times have the mean 1 / per-connection rate and
/// their coefficients of variation.
class KvInterArrivalTestCase : public TestCase
{
  public:
    /**
     * @param name InterArrival value
     * @param cv the distribution's coefficient of variation
     * @param cvBand relative tolerance of the sample coefficient of variation
     */
    KvInterArrivalTestCase(const std::string& name, double cv, double cvBand)
        : TestCase(name + " inter-arrival: mean gap = connections over Rate"),
          m_name(name),
          m_cv(cv),
          m_cvBand(cvBand)
    {
    }

  private:
    void DoRun() override
    {
        // 100 connections at 1000/s each for 1 s: ~100000 gaps of mean 1 ms. Depth 64 and a
        // fast server keep every request at its scheduled time, so the gaps between issues
        // on a connection are the draws themselves (to the nanosecond).
        const double perConnection = 1000;
        KvTopology t = MakeTopology("10Gbps", "1us");
        KeyValueClientHelper helper(InetSocketAddress(t.server, 11211));
        helper.SetAttribute("Threads", UintegerValue(10));
        helper.SetAttribute("Connections", UintegerValue(10));
        helper.SetAttribute("Rate", DoubleValue(100 * perConnection));
        helper.SetAttribute("InterArrival", StringValue(m_name));
        helper.SetAttribute("Depth", UintegerValue(64));
        helper.SetAttribute("Measure", BooleanValue(false));
        Ptr<KvTestServer> server;
        Ptr<KeyValueClient> client = InstallPair(t, helper, server);
        KvTraceLog log;
        log.Connect(client);
        client->SetStopTime(Seconds(1));
        Simulator::Stop(Seconds(1.1));
        Simulator::Run();
        KeyValueClientStats s = client->GetStats();
        NS_TEST_ASSERT_MSG_EQ(s.late, 0u, "every request at its time");
        NS_TEST_ASSERT_MSG_EQ(s.latency.count, 0u, "Measure false records no latency");
        double sum = 0;
        double sum2 = 0;
        double n = 0;
        for (const auto& times : log.issueTimes)
        {
            for (size_t k = 1; k < times.size(); ++k)
            {
                double g = (times[k] - times[k - 1]).GetSeconds() * perConnection; // in means
                sum += g;
                sum2 += g * g;
                n += 1;
            }
        }
        double mean = sum / n;
        double cv = std::sqrt(sum2 / n - mean * mean) / mean;
        NS_TEST_ASSERT_MSG_GT(n, 90000, "too few gaps");
        // The sample mean of n independent gaps has standard error cv / sqrt(n) (in means):
        // 4 of them is 1.5 % for fb (cv 1.204) and 1.3 % for exponential at n = 1e5.
        NS_TEST_ASSERT_MSG_EQ_TOL(mean, 1.0, 4 * m_cv / std::sqrt(n), "mean gap x rate");
        NS_TEST_ASSERT_MSG_EQ_TOL(cv, m_cv, m_cvBand * m_cv, "coefficient of variation");
        Simulator::Destroy();
    }

    std::string m_name; ///< InterArrival
    double m_cv;        ///< expected coefficient of variation
    double m_cvBand;    ///< relative tolerance of the sample cv
};

/// Closed loop, one connection, a 1 Gb/s 10 us link: the latency is the round trip.
class KvClosedLoopLatencyTestCase : public TestCase
{
  public:
    KvClosedLoopLatencyTestCase()
        : TestCase("closed loop: latency = serialisation + propagation")
    {
    }

  private:
    void DoRun() override
    {
        // No TCP timestamps, so a data segment carries 20 B TCP + 20 B IP + 2 B PPP headers.
        Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
        KvTopology t = MakeTopology("1Gbps", "10us");
        KeyValueClientHelper helper(InetSocketAddress(t.server, 11211));
        helper.SetAttribute("Threads", UintegerValue(1));
        helper.SetAttribute("Connections", UintegerValue(1));
        helper.SetAttribute("Rate", DoubleValue(0));
        helper.SetAttribute("UpdateRatio", DoubleValue(0));
        helper.SetAttribute("KeySize", StringValue("ns3::ConstantRandomVariable[Constant=30]"));
        helper.SetAttribute("ValueSize", StringValue("ns3::ConstantRandomVariable[Constant=200]"));
        Ptr<KvTestServer> server;
        Ptr<KeyValueClient> client = InstallPair(t, helper, server);
        KvTraceLog log;
        log.Connect(client);
        client->SetStopTime(MilliSeconds(1));
        Simulator::Stop(MilliSeconds(2));
        Simulator::Run();
        Config::Reset();
        // GET request 24 + 30 = 54 B -> 96 B frame = 768 ns at 1 Gb/s; response 24 + 30 + 200
        // = 254 B -> 296 B frame = 2368 ns; plus 2 x 10 us: 23136 ns. The first request also
        // waits for two 42 B pure ACKs (336 ns each) sent just before it in each direction:
        // the client's last handshake ACK, and the server's ACK of the connection's first
        // data segment (ns-3 acknowledges that one at once, ahead of the response, whose
        // transmission TCP defers by one time step).
        const Time rtt = NanoSeconds(768 + 10000 + 2368 + 10000);
        NS_TEST_ASSERT_MSG_GT(log.latencies.size(), 10u, "too few responses");
        NS_TEST_ASSERT_MSG_EQ(log.latencies[0], rtt + NanoSeconds(2 * 336), "first request");
        for (size_t k = 1; k < log.latencies.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(log.latencies[k], rtt, "request " << k);
        }
        Simulator::Destroy();
    }
};

/// Bad values are refused, with a message naming the attribute, the value and the range.
class KvAttributesTestCase : public TestCase
{
  public:
    KvAttributesTestCase()
        : TestCase("bad attribute values are refused")
    {
    }

  private:
    void DoRun() override
    {
        auto client = CreateObject<KeyValueClient>();

        struct Bad
        {
            std::string name;  ///< attribute
            std::string value; ///< refused value
        };

        for (const Bad& bad : std::vector<Bad>{{"Threads", "0"},
                                               {"Connections", "0"},
                                               {"Depth", "0"},
                                               {"Rate", "-1"},
                                               {"UpdateRatio", "1.5"},
                                               {"UpdateRatio", "-0.1"},
                                               {"SyscallCost", "-1us"},
                                               {"RequestSize", "16777217"},
                                               {"InterArrival", "pareto"}})
        {
            // (ns-3's EnumChecker asserts on an unknown name instead of refusing it, so the
            // InterArrival name is checked through CheckAttribute only.)
            if (bad.name != "InterArrival")
            {
                NS_TEST_ASSERT_MSG_EQ(
                    client->SetAttributeFailSafe(bad.name, StringValue(bad.value)),
                    false,
                    bad.name << " = " << bad.value << " accepted");
            }
            // What KeyValueClientHelper::SetAttribute stops with.
            std::string error = HostNetDeviceHelper::CheckAttribute("ns3::KeyValueClient",
                                                                    bad.name,
                                                                    StringValue(bad.value));
            NS_TEST_ASSERT_MSG_NE(error.find(bad.name), std::string::npos, error);
            NS_TEST_ASSERT_MSG_NE(error.find("'" + bad.value + "'"), std::string::npos, error);
            NS_TEST_ASSERT_MSG_NE(error.find("expected"), std::string::npos, error);
        }
        std::string error = HostNetDeviceHelper::CheckAttribute("ns3::KeyValueClient",
                                                                "InterArrival",
                                                                StringValue("pareto"));
        for (const char* name : {"fb", "exponential", "fixed"})
        {
            NS_TEST_ASSERT_MSG_NE(error.find(name), std::string::npos, "names " << name);
        }
        error = HostNetDeviceHelper::CheckAttribute("ns3::KeyValueClient",
                                                    "Cpu",
                                                    StringValue("sometimes"));
        for (const char* name : {"auto", "none", "threads"})
        {
            NS_TEST_ASSERT_MSG_NE(error.find(name), std::string::npos, "Cpu names " << name);
        }
        for (const char* name : {"fb", "exponential", "fixed"})
        {
            NS_TEST_ASSERT_MSG_EQ(client->SetAttributeFailSafe("InterArrival", StringValue(name)),
                                  true,
                                  name << " refused");
        }
        NS_TEST_ASSERT_MSG_EQ(client->SetAttributeFailSafe("UpdateRatio", DoubleValue(1)),
                              true,
                              "all SETs refused");
        NS_TEST_ASSERT_MSG_EQ(client->AssignStreams(5), 4, "gaps, GET/SET, keys, values");
        Simulator::Destroy();
    }
};

/**
 * Closed loop, one connection, on two hostnet hosts with free receive paths (no moderation,
 * no interrupt, protocol or DMA cost): the agent on a thread of its host's CPU pays a write,
 * an epoll_wait and a read per request; the latency is the wire round trip, the server's
 * path and those three system calls.
 */
class KvThreadedLatencyTestCase : public TestCase
{
  public:
    /**
     * @param tcpRr fixed 1-byte requests and responses (RequestSize, ResponseSize: a TCP_RR
     *        transaction, as hostnet-tcp-rr) instead of GETs of a 30-byte key and 200-byte value
     */
    explicit KvThreadedLatencyTestCase(bool tcpRr)
        : TestCase(std::string("threads on the HostCpu: latency = write + wire + server + "
                               "epoll + read, ") +
                   (tcpRr ? "1-byte TCP_RR" : "GET")),
          m_tcpRr(tcpRr)
    {
    }

  private:
    /// What one run gave.
    struct Run
    {
        /// Request trace sink.
        void OnRequest(uint64_t, uint32_t, bool)
        {
            requestAt.push_back(Simulator::Now());
        }

        /// Response trace sink.
        void OnResponse(uint64_t, Time latency)
        {
            responseAt.push_back(Simulator::Now());
            latencies.push_back(latency);
        }

        std::vector<Time> latencies;  ///< in order
        std::vector<Time> requestAt;  ///< Request trace times
        std::vector<Time> responseAt; ///< Response trace times
        bool threaded{false};         ///< KeyValueClient::IsThreaded
        Time threadCpu;               ///< the agent thread's CPU time
        uint64_t responses{0};        ///< responses in the stats
    };

    /**
     * @param cpu the agent's Cpu attribute
     * @return the run's traces
     */
    Run RunPair(const std::string& cpu) const
    {
        Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
        NodeContainer nodes(2); // agent, server
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10us"));
        NetDeviceContainer phys = p2p.Install(nodes);
        InternetStackHelper().Install(nodes);
        HostNetDeviceHelper host;
        host.SetScheme("napi"); // no moderation: an interrupt per frame
        const std::string zero = "ns3::ConstantRandomVariable[Constant=0]";
        host.SetCostAttribute("IsrCost", StringValue(zero));
        host.SetCostAttribute("ProtocolCost", StringValue(zero));
        host.SetCostAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
        host.SetCostAttribute("RegisterWriteCost", StringValue(zero));
        host.SetCostAttribute("PollOverheadCost", StringValue(zero));
        // DMA at 8 Gb/s: 1 ns per byte each way between the NIC and host memory.
        host.SetRxRingAttribute("BusRate", DataRateValue(DataRate("8Gbps")));
        host.SetTxRingAttribute("BusRate", DataRateValue(DataRate("8Gbps")));
        NetDeviceContainer devices = host.Install(phys);
        host.AssignStreams(devices, 1);
        Ipv4InterfaceContainer ifs = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);
        auto server = CreateObject<KeyValueServer>();
        server->SetAttribute("Threads", UintegerValue(1));
        server->SetAttribute("GetCost", TimeValue(MicroSeconds(2)));
        server->SetAttribute("SyscallCost", TimeValue(MicroSeconds(1)));
        nodes.Get(1)->AddApplication(server);
        KeyValueClientHelper helper(InetSocketAddress(ifs.GetAddress(1), 11211));
        helper.SetAttribute("Threads", UintegerValue(1));
        helper.SetAttribute("Connections", UintegerValue(1));
        helper.SetAttribute("Rate", DoubleValue(0));
        helper.SetAttribute("UpdateRatio", DoubleValue(0));
        helper.SetAttribute("KeySize", StringValue("ns3::ConstantRandomVariable[Constant=30]"));
        helper.SetAttribute("ValueSize", StringValue("ns3::ConstantRandomVariable[Constant=200]"));
        helper.SetAttribute("Cpu", StringValue(cpu));
        helper.SetAttribute("SyscallCost", TimeValue(NanoSeconds(700)));
        if (m_tcpRr)
        {
            helper.SetAttribute("RequestSize", UintegerValue(1));
            helper.SetAttribute("ResponseSize", UintegerValue(1));
        }
        ApplicationContainer apps = helper.Install(nodes.Get(0));
        KeyValueClientHelper::AssignStreams(apps, 10);
        auto client = DynamicCast<KeyValueClient>(apps.Get(0));
        Run r;
        client->TraceConnectWithoutContext("Request", MakeCallback(&Run::OnRequest, &r));
        client->TraceConnectWithoutContext("Response", MakeCallback(&Run::OnResponse, &r));
        server->SetStartTime(Seconds(0));
        apps.Start(MicroSeconds(10));
        apps.Stop(MicroSeconds(500));
        Simulator::Stop(MilliSeconds(2));
        Simulator::Run();
        r.threaded = client->IsThreaded();
        if (r.threaded)
        {
            r.threadCpu = nodes.Get(0)->GetObject<HostCpu>()->GetTaskTime(client->GetThreadTask(0));
        }
        r.responses = client->GetStats().responsesReceived;
        Simulator::Destroy();
        Config::Reset();
        return r;
    }

    void DoRun() override
    {
        Run plain = RunPair("none");
        Run threads = RunPair("auto");
        NS_TEST_ASSERT_MSG_EQ(plain.threaded, false, "Cpu none: no thread");
        NS_TEST_ASSERT_MSG_EQ(threads.threaded, true, "Cpu auto on a hostnet host: threads");
        // The wire (42 B of PPP, IP and TCP headers per frame, no timestamps): GET 24 + 30 =
        // 54 B -> 96 B frame = 768 ns at 1 Gb/s; response 24 + 30 + 200 = 254 B -> 296 B
        // frame = 2368 ns. TCP_RR: the 1-byte request is the 24-byte header -> 66 B = 528 ns,
        // the response 25 B (a 24-byte one is a SET's) -> 67 B = 536 ns. 2 x 10 us
        // propagation. The server's thread: epoll_wait 1 us, read 1 us, GET 2 us, write 1 us
        // = 5 us. The receive paths are free.
        // DMA, 1 ns per byte of the IP packet, out of the sender's memory and into the
        // receiver's: 2 x (94 + 294) = 776 ns for the GET, 2 x (64 + 65) = 258 ns for TCP_RR.
        // And 1 ns: ns-3's TCP transmits a write one time step after the call (the server's
        // response; the agent's request leaves with the ACK of the previous response).
        const Time wire = m_tcpRr ? NanoSeconds(528 + 10000 + 536 + 10000 + 258 + 1)
                                  : NanoSeconds(768 + 10000 + 2368 + 10000 + 776 + 1);
        const Time serverPath = MicroSeconds(5);
        NS_TEST_ASSERT_MSG_GT(plain.latencies.size(), 5u, "too few responses (plain)");
        NS_TEST_ASSERT_MSG_GT(threads.latencies.size(), 5u, "too few responses (threads)");
        for (size_t k = 1; k < plain.latencies.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(plain.latencies[k], wire + serverPath, "Cpu none, request " << k);
        }
        // The agent's thread adds its write (0.7 us), the epoll_wait that returns the
        // response (0.7 us) and the read (0.7 us), and 1 ns: its request, written by the
        // thread, leaves one time step after the write like the server's response.
        const Time syscall = NanoSeconds(700);
        for (size_t k = 1; k < threads.latencies.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(threads.latencies[k],
                                  wire + serverPath + 3 * syscall + NanoSeconds(1),
                                  "threads, request " << k);
        }
        // The window: it starts when the write call starts (the Request trace fires when the
        // write completed, one syscall later) and ends when the read completes (the Response
        // trace); in the closed loop the next write starts right after that read.
        for (size_t k = 0; k < threads.latencies.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(threads.responseAt[k] - threads.latencies[k],
                                  threads.requestAt[k] - syscall,
                                  "window start, request " << k);
            if (k + 1 < threads.requestAt.size())
            {
                NS_TEST_ASSERT_MSG_EQ(threads.requestAt[k + 1] - syscall,
                                      threads.responseAt[k],
                                      "closed loop: next write after the read, request " << k);
            }
        }
        // CPU time of the thread: 3 system calls per answered request (at least).
        NS_TEST_ASSERT_MSG_GT_OR_EQ(threads.threadCpu,
                                    NanoSeconds(3 * 700 * int64_t(threads.responses)),
                                    "thread CPU time");
    }

    bool m_tcpRr; ///< fixed 1-byte sizes
};

/// RequestResponseServer (the simple server) answers the agent's GETs and SETs.
class KvRequestResponseServerTestCase : public TestCase
{
  public:
    KvRequestResponseServerTestCase()
        : TestCase("RequestResponseServer answers the agent (ETC sizes)")
    {
    }

  private:
    void DoRun() override
    {
        KvTopology t = MakeTopology("10Gbps", "5us");
        RequestResponseServerHelper serverHelper(11211);
        serverHelper.SetAttribute("ServiceCost",
                                  StringValue("ns3::ConstantRandomVariable[Constant=1e-6]"));
        ApplicationContainer servers = serverHelper.Install(t.nodes.Get(1));
        RequestResponseServerHelper::AssignStreams(servers, 1);
        KeyValueClientHelper helper(InetSocketAddress(t.server, 11211));
        helper.SetAttribute("Threads", UintegerValue(2));
        helper.SetAttribute("Connections", UintegerValue(3));
        helper.SetAttribute("Rate", DoubleValue(20000));
        helper.SetAttribute("UpdateRatio", DoubleValue(0.5));
        ApplicationContainer apps = helper.Install(NodeContainer(t.nodes.Get(0)));
        NS_TEST_ASSERT_MSG_EQ(KeyValueClientHelper::AssignStreams(apps, 10), 4, "streams");
        apps.Stop(Seconds(0.1));
        Simulator::Stop(Seconds(0.2));
        Simulator::Run();
        auto client = DynamicCast<KeyValueClient>(apps.Get(0));
        auto server = DynamicCast<RequestResponseServer>(servers.Get(0));
        KeyValueClientStats s = client->GetStats();
        NS_TEST_ASSERT_MSG_EQ_TOL(double(s.requestsSent), 2000.0, 200.0, "20000/s for 0.1 s");
        NS_TEST_ASSERT_MSG_EQ(s.responsesReceived, s.requestsSent, "requests without response");
        NS_TEST_ASSERT_MSG_EQ(server->GetRequestsServed(), s.requestsSent, "served");
        NS_TEST_ASSERT_MSG_GT(s.sets, 0u, "no SET");
        NS_TEST_ASSERT_MSG_GT(s.gets, 0u, "no GET");
        Simulator::Destroy();
    }
};

} // namespace

/// The hostnet-key-value-client suite.
class KeyValueClientTestSuite : public TestSuite
{
  public:
    KeyValueClientTestSuite()
        : TestSuite("hostnet-key-value-client", Type::UNIT)
    {
        AddTestCase(new KvAttributesTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new KvFixedRateTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new KvDepthTestCase(1), TestCase::Duration::QUICK);
        AddTestCase(new KvDepthTestCase(4), TestCase::Duration::QUICK);
        AddTestCase(new KvUpdateRatioTestCase(), TestCase::Duration::QUICK);
        // fb: generalized Pareto, shape 0.154971: cv = 1 / sqrt(1 - 2 shape) = 1.2038; its
        // kurtosis (32.6) gives the sample variance a relative standard error of
        // sqrt(31.6 / 1e5) = 1.8 %, the cv half of it: 4 sigma = 3.6 %, so a 4 % band.
        AddTestCase(new KvInterArrivalTestCase("fb", 1 / std::sqrt(1 - 2 * 0.154971), 0.04),
                    TestCase::Duration::QUICK);
        // exponential: cv 1, kurtosis 9: sqrt(8 / 1e5) / 2 = 0.45 %, 4 sigma = 1.8 %; 2 %.
        AddTestCase(new KvInterArrivalTestCase("exponential", 1.0, 0.02),
                    TestCase::Duration::QUICK);
        AddTestCase(new KvClosedLoopLatencyTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new KvRequestResponseServerTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new KvThreadedLatencyTestCase(false), TestCase::Duration::QUICK);
        AddTestCase(new KvThreadedLatencyTestCase(true), TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static KeyValueClientTestSuite g_keyValueClientTestSuite;
