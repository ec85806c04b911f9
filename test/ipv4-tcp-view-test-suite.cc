/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Ipv4TcpView reads the fields that ns-3's own Ipv4Header, TcpHeader and UdpHeader wrote:
// every expected value below comes from the ns-3 header that serialized it (or from its
// Deserialize of the same bytes), never from the view's own arithmetic.

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <vector>

using namespace ns3;

namespace
{

/// Payload bytes of the test datagrams.
constexpr uint32_t PAYLOAD = 1000;

/**
 * @param flags TCP flags
 * @param timestamps whether to add the timestamp option (12 option bytes with padding)
 * @return the TCP header of the test segments
 */
TcpHeader
MakeTcp(uint8_t flags, bool timestamps)
{
    TcpHeader tcp;
    tcp.SetSourcePort(40001);
    tcp.SetDestinationPort(11211);
    tcp.SetSequenceNumber(SequenceNumber32(0xdeadbeef));
    tcp.SetAckNumber(SequenceNumber32(0x01020304));
    tcp.SetFlags(flags);
    tcp.SetWindowSize(0xabcd);
    if (timestamps)
    {
        Ptr<TcpOptionTS> ts = CreateObject<TcpOptionTS>();
        ts->SetTimestamp(0x11223344);
        ts->SetEcho(0x55667788);
        tcp.AppendOption(ts);
    }
    return tcp;
}

/**
 * @param payloadSize bytes above the IPv4 header
 * @param protocol the protocol number
 * @return the IPv4 header of the test datagrams (DF set, as Linux sends TCP)
 */
Ipv4Header
MakeIp(uint32_t payloadSize, uint8_t protocol)
{
    Ipv4Header ip;
    ip.SetSource(Ipv4Address("10.1.2.3"));
    ip.SetDestination(Ipv4Address("10.4.5.6"));
    ip.SetProtocol(protocol);
    ip.SetTtl(63);
    ip.SetTos(0x2a);
    ip.SetIdentification(777);
    ip.SetDontFragment();
    ip.SetPayloadSize(payloadSize);
    return ip;
}

/**
 * @param packet a packet whose IPv4 header (without options) comes first
 * @param options IPv4 option bytes to insert (a multiple of 4)
 * @return the same datagram with the options after its 20 fixed bytes and IHL and total
 *         length raised to match (ns-3's Ipv4Header writes no options)
 */
Ptr<Packet>
WithIpOptions(Ptr<const Packet> packet, const std::vector<uint8_t>& options)
{
    std::vector<uint8_t> bytes(packet->GetSize());
    packet->CopyData(bytes.data(), bytes.size());
    bytes.insert(bytes.begin() + 20, options.begin(), options.end());
    bytes[0] = 0x40 | uint8_t((20 + options.size()) / 4);
    uint32_t total = ((uint32_t(bytes[2]) << 8) | bytes[3]) + options.size();
    bytes[2] = uint8_t(total >> 8);
    bytes[3] = uint8_t(total);
    bytes[10] = 0; // checksum not kept (checksums are off in these tests)
    bytes[11] = 0;
    return Create<Packet>(bytes.data(), bytes.size());
}

/// IPv4 without options and TCP with options: every field as ns-3's headers wrote it.
class ViewTcpTestCase : public TestCase
{
  public:
    ViewTcpTestCase()
        : TestCase("IPv4 + TCP with timestamps: the fields ns-3's headers wrote")
    {
    }

  private:
    void DoRun() override
    {
        TcpHeader tcp = MakeTcp(TcpHeader::ACK | TcpHeader::PSH, true);
        Ptr<Packet> p = Create<Packet>(PAYLOAD);
        p->AddHeader(tcp);
        Ipv4Header ip = MakeIp(p->GetSize(), 6);
        p->AddHeader(ip);
        NS_TEST_ASSERT_MSG_EQ(tcp.GetSerializedSize(), 32u, "20 bytes + TS option (10) + pad");

        auto view = Ipv4TcpView::AtIpv4(*p, 80);
        NS_TEST_ASSERT_MSG_EQ(view.GetCopied(), 80u, "80 bytes asked, the packet is longer");
        NS_TEST_ASSERT_MSG_EQ(view.GetVersion(), 4, "version");
        NS_TEST_ASSERT_MSG_EQ(view.GetIpHeaderBytes(), ip.GetSerializedSize(), "IHL * 4");
        NS_TEST_ASSERT_MSG_EQ(view.IsIpv4WithoutOptions(), true, "0x45");
        NS_TEST_ASSERT_MSG_EQ(view.GetTos(), ip.GetTos(), "TOS");
        NS_TEST_ASSERT_MSG_EQ(view.GetTotalLength(), 20 + 32 + PAYLOAD, "total length");
        NS_TEST_ASSERT_MSG_EQ(view.IsFragment(), false, "DF alone is no fragment");
        NS_TEST_ASSERT_MSG_EQ(view.GetFragmentOffset(), 0, "fragment offset");
        NS_TEST_ASSERT_MSG_EQ(view.GetTtl(), ip.GetTtl(), "TTL");
        NS_TEST_ASSERT_MSG_EQ(view.GetProtocol(), 6, "protocol");
        NS_TEST_ASSERT_MSG_EQ(view.GetSource(), ip.GetSource(), "source");
        NS_TEST_ASSERT_MSG_EQ(view.GetDestination(), ip.GetDestination(), "destination");
        NS_TEST_ASSERT_MSG_EQ(view.GetSourceValue(), ip.GetSource().Get(), "source value");
        NS_TEST_ASSERT_MSG_EQ(view.GetDestinationValue(),
                              ip.GetDestination().Get(),
                              "destination value");
        NS_TEST_ASSERT_MSG_EQ(view.GetTransportOffset(), 20u, "TCP after 20 bytes");
        NS_TEST_ASSERT_MSG_EQ(view.GetSourcePort(), tcp.GetSourcePort(), "source port");
        NS_TEST_ASSERT_MSG_EQ(view.GetDestinationPort(), tcp.GetDestinationPort(), "dest port");
        NS_TEST_ASSERT_MSG_EQ(view.GetSequenceNumber(),
                              tcp.GetSequenceNumber().GetValue(),
                              "sequence number");
        NS_TEST_ASSERT_MSG_EQ(view.GetAckNumber(), tcp.GetAckNumber().GetValue(), "ack number");
        NS_TEST_ASSERT_MSG_EQ(view.GetTcpHeaderBytes(), tcp.GetSerializedSize(), "data offset");
        NS_TEST_ASSERT_MSG_EQ(view.GetTcpFlags(), tcp.GetFlags(), "flags");
        NS_TEST_ASSERT_MSG_EQ(view.GetTcpWindow(), tcp.GetWindowSize(), "window");
        NS_TEST_ASSERT_MSG_EQ(view.GetHeaderBytes(), 52u, "IPv4 + TCP headers");
        NS_TEST_ASSERT_MSG_EQ(view.GetTcpPayloadSize(), PAYLOAD, "payload by total length");
        // The option bytes are the packet's bytes 40..51, which TcpHeader reads back as TS.
        std::vector<uint8_t> bytes(52);
        p->CopyData(bytes.data(), bytes.size());
        const uint8_t* options = view.GetTcpOptions(12);
        NS_TEST_ASSERT_MSG_EQ(std::equal(options, options + 12, bytes.begin() + 40),
                              true,
                              "option bytes");
        Ptr<Packet> copy = p->Copy();
        Ipv4Header readIp;
        TcpHeader readTcp;
        copy->RemoveHeader(readIp);
        copy->RemoveHeader(readTcp);
        Ptr<const TcpOptionTS> ts =
            DynamicCast<const TcpOptionTS>(readTcp.GetOption(TcpOption::TS));
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(ts),
                              true,
                              "TcpHeader finds the timestamps in those bytes");
        NS_TEST_ASSERT_MSG_EQ(ts->GetTimestamp(), 0x11223344u, "TSval");

        // A pure ACK: no payload by the total length.
        TcpHeader ack = MakeTcp(TcpHeader::ACK, false);
        Ptr<Packet> a = Create<Packet>();
        a->AddHeader(ack);
        a->AddHeader(MakeIp(a->GetSize(), 6));
        auto ackView = Ipv4TcpView::AtIpv4(*a, 80);
        NS_TEST_ASSERT_MSG_EQ(ackView.GetCopied(), 40u, "a 40-byte packet gives 40 bytes");
        NS_TEST_ASSERT_MSG_EQ(ackView.GetTcpHeaderBytes(), 20u, "no TCP options");
        NS_TEST_ASSERT_MSG_EQ(ackView.GetTcpPayloadSize(), 0u, "pure ACK");
        NS_TEST_ASSERT_MSG_EQ(ackView.GetTcpFlags(), TcpHeader::ACK, "ACK flag");
    }
};

/// IPv4 with options: the transport header follows at IHL * 4, as ns-3's Ipv4Header reads.
class ViewIpOptionsTestCase : public TestCase
{
  public:
    ViewIpOptionsTestCase()
        : TestCase("IPv4 options: transport header at IHL * 4")
    {
    }

  private:
    void DoRun() override
    {
        // UDP behind 8 option bytes (NOP NOP NOP NOP, then a 4-byte router alert).
        UdpHeader udp;
        udp.SetSourcePort(5000);
        udp.SetDestinationPort(6000);
        Ptr<Packet> plain = Create<Packet>(PAYLOAD);
        plain->AddHeader(udp);
        plain->AddHeader(MakeIp(plain->GetSize(), 17));
        Ptr<Packet> p = WithIpOptions(plain, {1, 1, 1, 1, 0x94, 0x04, 0x00, 0x00});
        Ipv4Header ip;
        NS_TEST_ASSERT_MSG_EQ(p->PeekHeader(ip), 28u, "ns-3 reads a 28-byte header");

        auto view = Ipv4TcpView::AtIpv4(*p, 64);
        NS_TEST_ASSERT_MSG_EQ(view.GetVersion(), 4, "version");
        NS_TEST_ASSERT_MSG_EQ(view.IsIpv4WithoutOptions(), false, "first byte 0x47");
        NS_TEST_ASSERT_MSG_EQ(view.GetIpHeaderBytes(), ip.GetSerializedSize(), "IHL * 4");
        NS_TEST_ASSERT_MSG_EQ(view.GetTransportOffset(), 28u, "UDP after the options");
        NS_TEST_ASSERT_MSG_EQ(view.GetTotalLength(),
                              ip.GetPayloadSize() + ip.GetSerializedSize(),
                              "total length");
        NS_TEST_ASSERT_MSG_EQ(view.GetProtocol(), ip.GetProtocol(), "protocol");
        NS_TEST_ASSERT_MSG_EQ(view.GetSource(), ip.GetSource(), "source");
        NS_TEST_ASSERT_MSG_EQ(view.GetDestination(), ip.GetDestination(), "destination");
        NS_TEST_ASSERT_MSG_EQ(view.GetSourcePort(), udp.GetSourcePort(), "UDP source port");
        NS_TEST_ASSERT_MSG_EQ(view.GetDestinationPort(), udp.GetDestinationPort(), "UDP port");

        // TCP behind 4 option bytes: the headers together are 24 + 20 bytes.
        TcpHeader tcp = MakeTcp(TcpHeader::ACK, false);
        Ptr<Packet> seg = Create<Packet>(PAYLOAD);
        seg->AddHeader(tcp);
        seg->AddHeader(MakeIp(seg->GetSize(), 6));
        Ptr<Packet> q = WithIpOptions(seg, {1, 1, 1, 0});
        auto tcpView = Ipv4TcpView::AtIpv4(*q, 64);
        NS_TEST_ASSERT_MSG_EQ(tcpView.GetTransportOffset(), 24u, "TCP after the options");
        NS_TEST_ASSERT_MSG_EQ(tcpView.GetSourcePort(), tcp.GetSourcePort(), "source port");
        NS_TEST_ASSERT_MSG_EQ(tcpView.GetSequenceNumber(),
                              tcp.GetSequenceNumber().GetValue(),
                              "sequence number");
        NS_TEST_ASSERT_MSG_EQ(tcpView.GetTcpHeaderBytes(), 20u, "data offset");
        NS_TEST_ASSERT_MSG_EQ(tcpView.GetHeaderBytes(), 44u, "24 + 20 header bytes");
        NS_TEST_ASSERT_MSG_EQ(tcpView.GetTcpPayloadSize(), PAYLOAD, "payload");
    }
};

/// Fragments: the flags and offset as Ipv4Header wrote them.
class ViewFragmentTestCase : public TestCase
{
  public:
    ViewFragmentTestCase()
        : TestCase("fragments: more-fragments flag and offset")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            bool more;       ///< more-fragments flag
            uint16_t offset; ///< fragment offset in bytes
        };

        for (const Case& c : {Case{true, 0}, Case{true, 1480}, Case{false, 2960}})
        {
            Ptr<Packet> p = Create<Packet>(PAYLOAD);
            Ipv4Header ip = MakeIp(PAYLOAD, 17);
            if (c.more)
            {
                ip.SetMoreFragments();
            }
            else
            {
                ip.SetLastFragment();
            }
            ip.SetFragmentOffset(c.offset);
            p->AddHeader(ip);
            Ipv4Header read;
            p->PeekHeader(read);
            auto view = Ipv4TcpView::AtIpv4(*p, 20);
            NS_TEST_ASSERT_MSG_EQ(view.IsFragment(), true, "offset " << c.offset);
            NS_TEST_ASSERT_MSG_EQ(view.GetFragmentOffset(),
                                  read.GetFragmentOffset(),
                                  "offset as Ipv4Header reads it");
            NS_TEST_ASSERT_MSG_EQ(view.GetFragmentOffset(), c.offset, "offset as written");
            NS_TEST_ASSERT_MSG_EQ(view.GetProtocol(), 17, "the rest of the header unchanged");
        }
    }
};

/// Short packets: the view copies what there is and says how much.
class ViewShortTestCase : public TestCase
{
  public:
    ViewShortTestCase()
        : TestCase("short packets: GetCopied is what the packet held")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Packet> p = Create<Packet>(10); // an IPv4 header and 10 bytes
        p->AddHeader(MakeIp(10, 6));
        auto view = Ipv4TcpView::AtIpv4(*p, 40);
        NS_TEST_ASSERT_MSG_EQ(view.GetCopied(), 30u, "30 of 40 bytes");
        NS_TEST_ASSERT_MSG_EQ(view.GetProtocol(), 6, "the IPv4 header is there");
        NS_TEST_ASSERT_MSG_EQ(view.GetSourcePort(), 0, "ports from the (zero) payload bytes");

        Ptr<Packet> tiny = Create<Packet>(10);
        NS_TEST_ASSERT_MSG_EQ(Ipv4TcpView::AtIpv4(*tiny, 20).GetCopied(), 10u, "10 bytes");
        NS_TEST_ASSERT_MSG_EQ(Ipv4TcpView::AtIpv4(*Create<Packet>(), 20).GetCopied(),
                              0u,
                              "an empty packet");
        // Bytes of a zero-filled (virtual) packet are copied as zeros.
        auto zeros = Ipv4TcpView::AtIpv4(*Create<Packet>(100), 40);
        NS_TEST_ASSERT_MSG_EQ(zeros.GetCopied(), 40u, "40 bytes of zeros");
        NS_TEST_ASSERT_MSG_EQ(zeros.GetVersion(), 0, "version 0");
        NS_TEST_ASSERT_MSG_EQ(zeros.GetIpHeaderBytes(), 0u, "IHL 0");
    }
};

/// Views of a transport header whose IPv4 header was removed (what IP hands down, routing).
class ViewTransportTestCase : public TestCase
{
  public:
    ViewTransportTestCase()
        : TestCase("AtTransport: TCP and UDP headers first")
    {
    }

  private:
    void DoRun() override
    {
        TcpHeader tcp = MakeTcp(TcpHeader::SYN, true);
        Ptr<Packet> p = Create<Packet>(PAYLOAD);
        p->AddHeader(tcp);
        auto view = Ipv4TcpView::AtTransport(*p, 20);
        NS_TEST_ASSERT_MSG_EQ(view.GetCopied(), 20u, "the fixed TCP header");
        NS_TEST_ASSERT_MSG_EQ(view.GetTransportOffset(), 0u, "TCP first");
        NS_TEST_ASSERT_MSG_EQ(view.GetSourcePort(), tcp.GetSourcePort(), "source port");
        NS_TEST_ASSERT_MSG_EQ(view.GetDestinationPort(), tcp.GetDestinationPort(), "dest port");
        NS_TEST_ASSERT_MSG_EQ(view.GetSequenceNumber(),
                              tcp.GetSequenceNumber().GetValue(),
                              "sequence number");
        NS_TEST_ASSERT_MSG_EQ(view.GetAckNumber(), tcp.GetAckNumber().GetValue(), "ack number");
        NS_TEST_ASSERT_MSG_EQ(view.GetTcpHeaderBytes(), tcp.GetSerializedSize(), "data offset");
        NS_TEST_ASSERT_MSG_EQ(view.GetTcpFlags(), TcpHeader::SYN, "flags");
        NS_TEST_ASSERT_MSG_EQ(view.GetTcpWindow(), tcp.GetWindowSize(), "window");

        UdpHeader udp;
        udp.SetSourcePort(53);
        udp.SetDestinationPort(33434);
        Ptr<Packet> d = Create<Packet>(PAYLOAD);
        d->AddHeader(udp);
        auto ports = Ipv4TcpView::AtTransport(*d, 4);
        NS_TEST_ASSERT_MSG_EQ(ports.GetCopied(), 4u, "the ports only");
        NS_TEST_ASSERT_MSG_EQ(ports.GetSourcePort(), 53, "UDP source port");
        NS_TEST_ASSERT_MSG_EQ(ports.GetDestinationPort(), 33434, "UDP destination port");
    }
};

} // namespace

/// The hostnet-ipv4-tcp-view suite.
class Ipv4TcpViewTestSuite : public TestSuite
{
  public:
    Ipv4TcpViewTestSuite()
        : TestSuite("hostnet-ipv4-tcp-view", Type::UNIT)
    {
        AddTestCase(new ViewTcpTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ViewIpOptionsTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ViewFragmentTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ViewShortTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ViewTransportTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static Ipv4TcpViewTestSuite g_ipv4TcpViewTestSuite;
