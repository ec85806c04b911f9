/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef CONSTANT_RATE_SOURCE_APPLICATION_H
#define CONSTANT_RATE_SOURCE_APPLICATION_H

#include "frame-size-distribution.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class Socket;

/**
 * @ingroup hostnet
 * @brief UDP datagrams at a constant rate: the deterministic arrivals of Chang et al. 2008 and
 * Gebert et al. 2016.
 *
 * Sends Rate datagrams per second, exactly 1/Rate apart, each carrying a SendTimeTag.
 * Sizes are Ethernet frame sizes from FrameSizes ("backbone", a size, or a size,cdf CSV
 * file; see FrameSizeDistribution): a frame of s bytes is a UDP datagram of s - 46 bytes.
 */
class ConstantRateSourceApplication : public Application
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    ConstantRateSourceApplication();
    ~ConstantRateSourceApplication() override;

    /** @return datagrams sent */
    uint64_t GetSent() const;
    /** @return Ethernet frame bytes sent (headers included, gaps not) */
    uint64_t GetSentBytes() const;

    /**
     * @brief Fix the random stream (frame sizes).
     * @param stream stream index
     * @return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Send one datagram and schedule the next.
    void SendOne();

    Address m_remote;                            ///< destination (attribute)
    double m_rate{1000};                         ///< datagrams per second (attribute)
    std::string m_frameSizes{"1500"};            ///< frame sizes (attribute)
    uint64_t m_maxPackets{0};                    ///< 0 = unlimited (attribute)
    Ptr<FrameSizeDistribution> m_sizes;          ///< parsed FrameSizes
    Ptr<UniformRandomVariable> m_sizePicks;      ///< size samples
    Ptr<Socket> m_socket;                        ///< UDP socket
    EventId m_next;                              ///< next send
    uint64_t m_sent{0};                          ///< datagrams sent
    uint64_t m_sentBytes{0};                     ///< frame bytes sent
    TracedCallback<Ptr<const Packet>> m_txTrace; ///< per datagram
};

} // namespace ns3

#endif // CONSTANT_RATE_SOURCE_APPLICATION_H
