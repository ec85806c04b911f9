/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef SEND_TIME_TAG_H
#define SEND_TIME_TAG_H

#include "ns3/nstime.h"
#include "ns3/tag.h"

namespace ns3
{

class Packet;

/**
 * @ingroup hostnet
 * @brief The time the application handed the bytes to its socket.
 *
 * A byte tag, not a packet tag: it stays with the payload bytes through TCP's
 * segmentation and reassembly, so a TCP receiver finds the send time of every byte it
 * reads. Sources of this module add it to each payload; HostSinkApplication and the
 * request/response client read it to measure application-to-application latency. It adds
 * no bytes on the wire.
 */
class SendTimeTag : public Tag
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    SendTimeTag();

    /**
     * @brief Construct with a send time.
     * @param sendTime the time the payload was sent
     */
    explicit SendTimeTag(Time sendTime);

    /**
     * @brief Set the send time.
     * @param sendTime the time the payload was sent
     */
    void SetSendTime(Time sendTime);

    /** @return the time the payload was sent */
    Time GetSendTime() const;

    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;

    /**
     * @brief Tag all bytes of @p packet with the current simulation time.
     * @param packet the payload about to be sent
     */
    static void Stamp(Ptr<Packet> packet);

    /**
     * @brief The earliest send time among the tags of @p packet.
     *
     * For a TCP read that spans several sends this is the oldest byte's send time,
     * so the latency counts from the first byte the read delivers.
     * @param packet a received payload
     * @param sendTime set to the earliest send time if a tag is found
     * @return true if the packet carries a SendTimeTag
     */
    static bool FindEarliest(Ptr<const Packet> packet, Time& sendTime);

  private:
    int64_t m_sendTime{0}; ///< send time in time steps
};

} // namespace ns3

#endif // SEND_TIME_TAG_H
