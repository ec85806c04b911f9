/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef POISSON_SOURCE_APPLICATION_H
#define POISSON_SOURCE_APPLICATION_H

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
 * @brief Sends UDP datagrams of a fixed size with exponential inter-departure times.
 *
 * The source of Salah et al. 2007's Poisson analysis: Rate packets per second on average, each
 * PacketSize bytes of UDP payload, to Remote. MaxPackets = 0 sends until the application
 * stops.
 */
class PoissonSourceApplication : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PoissonSourceApplication();
    ~PoissonSourceApplication() override;

    /** @return datagrams sent */
    uint64_t GetSent() const;

    /** @return UDP payload bytes sent */
    uint64_t GetSentBytes() const;

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return the number of streams used
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
    double m_rate{1000};                         ///< packets per second (attribute)
    uint32_t m_packetSize{18};                   ///< UDP payload bytes (attribute)
    uint64_t m_maxPackets{0};                    ///< 0 = no limit (attribute)
    Ptr<ExponentialRandomVariable> m_gap;        ///< inter-departure times
    Ptr<Socket> m_socket;                        ///< UDP socket
    EventId m_next;                              ///< next departure
    uint64_t m_sent{0};                          ///< datagrams sent
    uint64_t m_sentBytes{0};                     ///< UDP payload bytes sent
    std::string m_frameSizes;                    ///< frame sizes; empty = PacketSize (attribute)
    Ptr<FrameSizeDistribution> m_sizes;          ///< parsed FrameSizes
    Ptr<UniformRandomVariable> m_sizePicks;      ///< size samples
    TracedCallback<Ptr<const Packet>> m_txTrace; ///< per datagram
};

} // namespace ns3

#endif // POISSON_SOURCE_APPLICATION_H
