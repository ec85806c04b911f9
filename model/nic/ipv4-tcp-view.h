/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef IPV4_TCP_VIEW_H
#define IPV4_TCP_VIEW_H

#include "ns3/ipv4-address.h"
#include "ns3/packet.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief A read-only view of the IPv4 and TCP/UDP header bytes at the front of a packet: the
 *        one reader of wire headers on hostnet's per-packet paths (NIC, GRO, RSS, transmit
 *        path, quick ACK, routing).
 *
 * It copies the first bytes of the packet once (one Packet::CopyData), into a fixed buffer
 * inside the object (no allocation, no Header objects, no reference counting: it takes the
 * packet by reference and keeps no pointer to it), and reads the fields from those bytes in
 * network byte order. The reads are inline: this is the per-packet path. Unlike ns-3's
 * Ipv4Header and TcpHeader, whose Deserialize parses every field and every TCP option, a
 * field costs one to four byte reads.
 *
 * AtIpv4() views a packet that starts with its IPv4 header (the transport header follows at
 * IHL * 4 bytes); AtTransport() views one that starts with its TCP or UDP header (the IPv4
 * header already removed). UDP ports are read where TCP's are (both start with them).
 *
 * The view decides nothing: each caller states at its call site which packets it accepts
 * (version, IP options, protocol, fragments, how many bytes it needs) with the accessors
 * below, and then reads only fields inside the bytes it has checked were copied
 * (GetCopied()). Reading past them, an IPv4 field of a view made by AtTransport, or asking
 * for more than MAX_BYTES is a programming error that builds with asserts
 * (NS3_ASSERT_ENABLE) stop at, as NS_ASSERT would: the check is inlined into each read and
 * the error reported out of line (an NS_ASSERT_MSG in each accessor kept the compiler from
 * inlining them).
 */
class Ipv4TcpView
{
  public:
    /// The most bytes a view copies: the longest IPv4 header (60) and TCP header (60).
    static constexpr uint32_t MAX_BYTES = 120;

    /**
     * @param packet a packet whose first byte is the first byte of its IPv4 header
     * @param bytes how many bytes to copy (at most MAX_BYTES; fewer if the packet is shorter)
     * @return the view of those bytes
     */
    static Ipv4TcpView AtIpv4(const Packet& packet, uint32_t bytes)
    {
        return Ipv4TcpView(packet, bytes, true);
    }

    /**
     * @param packet a packet whose first byte is the first byte of its TCP or UDP header
     * @param bytes how many bytes to copy (at most MAX_BYTES; fewer if the packet is shorter)
     * @return the view of those bytes (the IPv4 accessors must not be used on it)
     */
    static Ipv4TcpView AtTransport(const Packet& packet, uint32_t bytes)
    {
        return Ipv4TcpView(packet, bytes, false);
    }

    /// @return the number of bytes copied: min(bytes asked, packet size)
    uint32_t GetCopied() const
    {
        return m_copied;
    }

    /// @name IPv4 header (views made by AtIpv4; each needs the first 20 bytes copied)
    /// @{

    /// @return the IP version (first byte's high nibble)
    uint8_t GetVersion() const
    {
        return IpAt(0) >> 4;
    }

    /// @return the IPv4 header length in bytes: IHL * 4 (0 to 60, as written)
    uint32_t GetIpHeaderBytes() const
    {
        return (IpAt(0) & 0x0f) * 4u;
    }

    /// @return true for IPv4 without options: version 4 and IHL 5 (first byte 0x45)
    bool IsIpv4WithoutOptions() const
    {
        return IpAt(0) == 0x45;
    }

    /// @return the type of service byte (DSCP and ECN)
    uint8_t GetTos() const
    {
        return IpAt(1);
    }

    /// @return the total length field: IPv4 header and payload bytes
    uint16_t GetTotalLength() const
    {
        return Read16(IpOffset(2));
    }

    /// @return true if the more-fragments flag or the fragment offset is set (not a whole
    ///         datagram); false for a whole datagram, whatever its don't-fragment flag
    bool IsFragment() const
    {
        return (Read16(IpOffset(6)) & 0x3fff) != 0;
    }

    /// @return the fragment offset in bytes (as Ipv4Header::GetFragmentOffset)
    uint16_t GetFragmentOffset() const
    {
        return (Read16(IpOffset(6)) & 0x1fff) << 3;
    }

    /// @return the time to live
    uint8_t GetTtl() const
    {
        return IpAt(8);
    }

    /// @return the protocol number (6 TCP, 17 UDP)
    uint8_t GetProtocol() const
    {
        return IpAt(9);
    }

    /// @return the source address
    Ipv4Address GetSource() const
    {
        return Ipv4Address(GetSourceValue());
    }

    /// @return the destination address
    Ipv4Address GetDestination() const
    {
        return Ipv4Address(GetDestinationValue());
    }

    /// @return the source address as Ipv4Address::Get() gives it (host byte order), without
    ///         making an Ipv4Address (whose constructor and Get are not inline)
    uint32_t GetSourceValue() const
    {
        return Read32(IpOffset(12));
    }

    /// @return the destination address as Ipv4Address::Get() gives it (host byte order)
    uint32_t GetDestinationValue() const
    {
        return Read32(IpOffset(16));
    }

    /// @}

    /// @name TCP or UDP header, at GetTransportOffset()
    /// @{

    /// @return where the transport header starts in the copied bytes: the IPv4 header length
    ///         (AtIpv4) or 0 (AtTransport)
    uint32_t GetTransportOffset() const
    {
        return m_ipv4 ? GetIpHeaderBytes() : 0;
    }

    /// @return the TCP or UDP source port
    uint16_t GetSourcePort() const
    {
        return Read16(GetTransportOffset());
    }

    /// @return the TCP or UDP destination port
    uint16_t GetDestinationPort() const
    {
        return Read16(GetTransportOffset() + 2);
    }

    /// @return the TCP sequence number
    uint32_t GetSequenceNumber() const
    {
        return Read32(GetTransportOffset() + 4);
    }

    /// @return the TCP acknowledgment number
    uint32_t GetAckNumber() const
    {
        return Read32(GetTransportOffset() + 8);
    }

    /// @return the TCP header length in bytes: data offset * 4 (0 to 60, as written)
    uint32_t GetTcpHeaderBytes() const
    {
        return (At(GetTransportOffset() + 12) >> 4) * 4u;
    }

    /// @return the TCP flags byte (CWR ECE URG ACK PSH RST SYN FIN, as TcpHeader::Flags_t)
    uint8_t GetTcpFlags() const
    {
        return At(GetTransportOffset() + 13);
    }

    /// @return the TCP window field (unscaled)
    uint16_t GetTcpWindow() const
    {
        return Read16(GetTransportOffset() + 14);
    }

    /**
     * @param length how many option bytes the caller reads (GetTcpHeaderBytes() - 20)
     * @return the first of the TCP option bytes, which follow the 20 fixed bytes
     */
    const uint8_t* GetTcpOptions(uint32_t length) const
    {
        uint32_t offset = GetTransportOffset() + 20;
        Check(offset + length <= m_copied);
        return m_bytes.data() + offset;
    }

    /// @}

    /// @name IPv4 and TCP together (views made by AtIpv4)
    /// @{

    /// @return the IPv4 and TCP header bytes: GetIpHeaderBytes() + GetTcpHeaderBytes()
    uint32_t GetHeaderBytes() const
    {
        return GetIpHeaderBytes() + GetTcpHeaderBytes();
    }

    /// @return the TCP payload bytes by the total length field: GetTotalLength() -
    ///         GetHeaderBytes(), or 0 if the total length is not larger
    uint32_t GetTcpPayloadSize() const
    {
        uint32_t total = GetTotalLength();
        uint32_t headers = GetHeaderBytes();
        return total > headers ? total - headers : 0;
    }

    /// @}

  private:
    /**
     * Stops the program, as a failed NS_ASSERT does, if @p ok is false and asserts are on.
     * @param ok the condition
     */
    static void Check(bool ok)
    {
#ifdef NS3_ASSERT_ENABLE
        if (!ok) [[unlikely]]
        {
            Misuse();
        }
#endif
    }

    /// Reports a read outside the copied bytes, an IPv4 field of a transport view or a view of
    /// more than MAX_BYTES, and stops (NS_FATAL_ERROR); out of line, so that Check inlines.
    [[noreturn]] static void Misuse();

    /**
     * @param offset a byte offset in the IPv4 header
     * @return @p offset, asserted to be in a view made by AtIpv4
     */
    uint32_t IpOffset(uint32_t offset) const
    {
        Check(m_ipv4);
        return offset;
    }

    /**
     * @param offset a byte offset in the IPv4 header, inside the copied bytes
     * @return the byte there
     */
    uint8_t IpAt(uint32_t offset) const
    {
        return At(IpOffset(offset));
    }

    /**
     * @param packet the packet
     * @param bytes how many bytes to copy
     * @param ipv4 whether the packet starts with its IPv4 header
     */
    Ipv4TcpView(const Packet& packet, uint32_t bytes, bool ipv4)
        : m_ipv4(ipv4)
    {
        Check(bytes <= MAX_BYTES);
        // Packet::CopyData copies at most the packet's size and returns how many it copied.
        m_copied = packet.CopyData(m_bytes.data(), std::min(bytes, MAX_BYTES));
    }

    /**
     * @param offset a byte offset, inside the copied bytes
     * @return the byte there
     */
    uint8_t At(uint32_t offset) const
    {
        Check(offset < m_copied);
        return m_bytes[offset];
    }

    /**
     * @param offset a byte offset, inside the copied bytes with the next one
     * @return the big-endian 16-bit value there
     */
    uint16_t Read16(uint32_t offset) const
    {
        return uint16_t((uint32_t(At(offset)) << 8) | At(offset + 1));
    }

    /**
     * @param offset a byte offset, inside the copied bytes with the next three
     * @return the big-endian 32-bit value there
     */
    uint32_t Read32(uint32_t offset) const
    {
        return (uint32_t(At(offset)) << 24) | (uint32_t(At(offset + 1)) << 16) |
               (uint32_t(At(offset + 2)) << 8) | At(offset + 3);
    }

    /// The copied bytes; those from m_copied on are not written (not initialised on purpose:
    /// the view is made per packet, and only the copied bytes are read).
    std::array<uint8_t, MAX_BYTES> m_bytes;
    uint32_t m_copied{0}; ///< bytes copied from the packet
    bool m_ipv4{true};    ///< whether the bytes start with the IPv4 header
};

} // namespace ns3

#endif /* IPV4_TCP_VIEW_H */
