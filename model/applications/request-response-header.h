/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef REQUEST_RESPONSE_HEADER_H
#define REQUEST_RESPONSE_HEADER_H

#include "ns3/header.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The header of a request or response message of RequestResponseClient/Server.
 *
 * A message is this header followed by zero padding up to MessageSize bytes. Over TCP the
 * messages are a byte stream; Extract() takes whole messages off the front of the bytes
 * received so far, so requests and responses survive any segmentation and coalescing.
 * Layout (24 bytes, network order): message size, response size, id, send time (ns).
 */
class RequestResponseHeader : public Header
{
  public:
    /// Bytes of the serialized header: the smallest message.
    static constexpr uint32_t SIZE = 24;

    /** @return the TypeId */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    RequestResponseHeader() = default;

    /**
     * @brief Set the message size.
     * @param size total message bytes, header included (>= SIZE)
     */
    void SetMessageSize(uint32_t size);
    /** @return total message bytes */
    uint32_t GetMessageSize() const;
    /**
     * @brief Set the response size a request asks for.
     * @param size bytes the server must answer with (requests)
     */
    void SetResponseSize(uint32_t size);
    /** @return bytes of the response asked for */
    uint32_t GetResponseSize() const;
    /**
     * @brief Set the request id.
     * @param id request id (echoed in the response)
     */
    void SetId(uint64_t id);
    /** @return the request id */
    uint64_t GetId() const;
    /**
     * @brief Set the request's creation time.
     * @param t when the client created the request (echoed in the response)
     */
    void SetSendTime(Time t);
    /** @return when the client created the request */
    Time GetSendTime() const;

    /**
     * @brief Make a message: this header plus padding to GetMessageSize bytes.
     * @return the packet
     */
    Ptr<Packet> MakeMessage() const;

    /**
     * @brief Take one whole message off the front of a byte stream.
     * @param stream the bytes received so far (consumed on success)
     * @param header the message's header (output)
     * @return true if a whole message was there
     */
    static bool Extract(Ptr<Packet> stream, RequestResponseHeader& header);

    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

  private:
    uint32_t m_messageSize{SIZE}; ///< total bytes
    uint32_t m_responseSize{0};   ///< response bytes asked for
    uint64_t m_id{0};             ///< request id
    int64_t m_sendTimeNs{0};      ///< creation time of the request
};

} // namespace ns3

#endif // REQUEST_RESPONSE_HEADER_H
