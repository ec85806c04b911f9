/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef DATAGRAM_SOURCE_APPLICATION_H
#define DATAGRAM_SOURCE_APPLICATION_H

#include "frame-size-distribution.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/source-application.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class Socket;

/**
 * @ingroup hostnet
 * @brief UDP datagrams separated by intervals drawn from a random variable.
 *
 * Each datagram carries a SendTimeTag. Intervals come from the Interval random variable
 * (an exponential one gives Poisson arrivals, a constant one a fixed rate; see
 * PoissonSourceApplication and ConstantRateSourceApplication, which set it from a Rate).
 * Sizes are PacketSize bytes of UDP payload, or Ethernet frame sizes from FrameSizes
 * ("backbone", a size, or a size,cdf CSV file; see FrameSizeDistribution): a frame of s
 * bytes is a UDP datagram of s - 46 bytes. Remote, Local and Tos are ns-3's
 * SourceApplication attributes.
 */
class DatagramSourceApplication : public SourceApplication
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    DatagramSourceApplication();

    /**
     * @brief Construct with a given interval random variable (for subclasses, which create it
     * before the frame-size sampler so automatic stream numbers keep their order).
     * @param interval the inter-send time in seconds
     */
    explicit DatagramSourceApplication(Ptr<RandomVariableStream> interval);

    ~DatagramSourceApplication() override;

    /** @return datagrams sent */
    uint64_t GetSent() const;

    /** @return UDP payload bytes sent */
    uint64_t GetSentBytes() const;

    /** @return Ethernet frame bytes sent (UDP payload + 46 bytes per datagram) */
    uint64_t GetSentFrameBytes() const;

    /**
     * @brief Set the inter-send time random variable (in seconds).
     * @param interval the random variable; null leaves the current one (so the attribute's
     *        empty initial value keeps what a subclass set)
     */
    void SetInterval(Ptr<RandomVariableStream> interval);

    /** @return the inter-send time random variable */
    Ptr<RandomVariableStream> GetInterval() const;

    /**
     * @brief Assign fixed random variable stream numbers.
     *
     * A constant Interval draws no random numbers and takes no stream.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream) override;

  protected:
    void DoDispose() override;

    /**
     * @brief The wait before the first datagram.
     * @return one Interval sample (a subclass may start at once)
     */
    virtual Time FirstSendDelay();

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Send one datagram and schedule the next.
    void SendOne();

    Ptr<RandomVariableStream> m_interval;        ///< inter-send time, seconds (attribute)
    uint32_t m_packetSize{18};                   ///< UDP payload bytes (attribute)
    uint64_t m_maxPackets{0};                    ///< 0 = no limit (attribute)
    std::string m_frameSizes;                    ///< frame sizes; empty = PacketSize (attribute)
    Ptr<FrameSizeDistribution> m_sizes;          ///< parsed FrameSizes
    Ptr<UniformRandomVariable> m_sizePicks;      ///< size samples
    Ptr<Socket> m_socket;                        ///< UDP socket
    EventId m_next;                              ///< next departure
    uint64_t m_sent{0};                          ///< datagrams sent
    uint64_t m_sentBytes{0};                     ///< UDP payload bytes sent
    TracedCallback<Ptr<const Packet>> m_txTrace; ///< per datagram
};

} // namespace ns3

#endif // DATAGRAM_SOURCE_APPLICATION_H
