/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PACKET_PAIR_PROBE_SENDER_H
#define PACKET_PAIR_PROBE_SENDER_H

#include "ns3/address.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/source-application.h"
#include "ns3/traced-callback.h"

#include <string>
#include <vector>

namespace ns3
{

class Socket;

/**
 * @ingroup hostnet
 * @brief Sends the compound probes of Salehin and Rojas-Cessa 2014: a large head datagram and a
 * small trailing datagram, back to back.
 *
 * Each probe is two UDP datagrams handed to the socket in the same instant, so the
 * trailer leaves right behind the head (on a point-to-point link the trailer waits in
 * the device queue while the head is transmitted). Sizes are frame sizes as the paper
 * counts them (Salehin and Rojas-Cessa 2014, Sec. 3: s_h = 1512 bytes, s_t = 87 ... 1212 bytes,
 * including Encapsulation = 12 bytes of Ethernet encapsulation); the UDP payload of a probe of
 * frame size s is s - Encapsulation - 28 (IPv4 and UDP headers).
 *
 * With Order = Sequential the sender sends ProbesPerSize probes of the first trailer
 * size, then of the second, ... (the paper's trains, one per size, step 2 of Sec. 2);
 * with Interleaved it cycles through the sizes probe by probe. Probes are Spacing apart
 * (paper: 100 ms). Payloads carry the probe number, the role (head or trailer) and the
 * trailer size in their first 7 bytes (big endian: uint32 probe, uint8 role, uint16
 * trailer size), and a SendTimeTag.
 */
class PacketPairProbeSender : public SourceApplication
{
  public:
    /// Order of the probes.
    enum Order : uint8_t
    {
        SEQUENTIAL = 0, ///< all probes of one trailer size, then the next size
        INTERLEAVED = 1 ///< one probe per size in turn
    };

    /// Bytes at the start of each probe payload: probe (4), role (1), trailer size (2).
    static constexpr uint32_t PROBE_FIELDS_SIZE = 7;
    /// IPv4 (20) and UDP (8) header bytes inside a probe frame.
    static constexpr uint32_t IP_UDP_HEADERS = 28;

    /**
     * TracedCallback signature for a probe sent.
     * @param [in] probe the probe number (from 0)
     * @param [in] trailerSize the trailer's frame size in bytes
     */
    typedef void (*ProbeTracedCallback)(uint32_t probe, uint32_t trailerSize);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PacketPairProbeSender();
    ~PacketPairProbeSender() override;

    /** @return the trailer sizes (attribute TrailerSizes), in the order given */
    std::vector<uint32_t> GetTrailerSizes() const;

    /** @return the probes sent */
    uint32_t GetProbesSent() const;

    /** @return the time the whole probe schedule needs: sizes x ProbesPerSize x Spacing */
    Time GetDuration() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Check the attributes and parse the sizes (stops with a clear message).
    void Configure();
    /// Send the next compound probe and schedule the one after.
    void SendProbe();
    /**
     * Build one probe datagram.
     * @param frameSize the frame size the datagram makes on the wire
     * @param role 0 for the head, 1 for the trailer
     * @param trailerSize the trailer size of this probe
     * @return the payload
     */
    Ptr<Packet> MakeDatagram(uint32_t frameSize, uint8_t role, uint32_t trailerSize) const;

    uint32_t m_headSize{1512};        ///< head frame size (attribute)
    uint32_t m_encapsulation{12};     ///< link-layer bytes counted in the sizes (attribute)
    Time m_spacing;                   ///< time between probes (attribute)
    uint32_t m_probesPerSize{5000};   ///< probes per trailer size (attribute)
    Order m_order{SEQUENTIAL};        ///< probe order (attribute)
    std::vector<uint32_t> m_trailers; ///< trailer frame sizes (attribute)
    Ptr<Socket> m_socket;             ///< UDP socket
    EventId m_next;                   ///< next probe
    uint32_t m_sent{0};               ///< probes sent
    TracedCallback<uint32_t, uint32_t> m_probeTrace; ///< a probe was sent
};

} // namespace ns3

#endif // PACKET_PAIR_PROBE_SENDER_H
