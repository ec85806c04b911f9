/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PACKET_PAIR_PROBE_RECEIVER_H
#define PACKET_PAIR_PROBE_RECEIVER_H

#include "app-thread.h"

#include "ns3/address.h"
#include "ns3/data-rate.h"
#include "ns3/host-cpu.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/sink-application.h"
#include "ns3/traced-callback.h"

#include <map>
#include <vector>

namespace ns3
{

class Socket;
class Packet;

/**
 * @ingroup hostnet
 * @brief The destination of the compound probes of Salehin and Rojas-Cessa 2014: time-stamps
 * each datagram at the application layer and records the intra-probe gap per trailer size.
 *
 * The receiver is a task on the node's HostCpu (TASK level, on core Core): it reads one
 * datagram at a time from its UDP socket and pays ReadCost + size / ReadCopyRate of CPU
 * time for it (the recvfrom system call, the copy and the time stamp), so it reads only
 * after the host's interrupt and protocol processing left it the CPU, as
 * HostSinkApplication does. A datagram's time stamp is the end of its read, rounded down
 * to a multiple of ClockResolution (the paper's Linux clock: 1 us). The intra-probe gap
 * is the trailer's time stamp minus its head's (G(s_t) in Salehin and Rojas-Cessa 2014); a
 * trailer whose head was not the last datagram read is not paired.
 */
class PacketPairProbeReceiver : public SinkApplication
{
  public:
    /**
     * TracedCallback signature for a measured intra-probe gap.
     * @param [in] probe the probe number
     * @param [in] trailerSize the trailer's frame size in bytes
     * @param [in] gap the trailer's time stamp minus the head's
     */
    typedef void (*GapTracedCallback)(uint32_t probe, uint32_t trailerSize, Time gap);

    /**
     * TracedCallback signature for a time-stamped datagram.
     * @param [in] packet the datagram
     * @param [in] timestamp its application-level time stamp
     * @param [in] delay timestamp minus the sender's SendTimeTag (OWD', eq. 1 of Salehin and
     * Rojas-Cessa 2014)
     */
    typedef void (*ReadTracedCallback)(Ptr<const Packet> packet, Time timestamp, Time delay);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PacketPairProbeReceiver();
    ~PacketPairProbeReceiver() override;

    /** @return the trailer sizes with at least one gap, ascending */
    std::vector<uint32_t> GetTrailerSizes() const;

    /**
     * @brief Get the measured gaps of one trailer size.
     * @param trailerSize a trailer frame size in bytes
     * @return the gaps measured for that size, in arrival order (empty if none)
     */
    std::vector<Time> GetGaps(uint32_t trailerSize) const;

    /** @return the number of complete probes (gaps) recorded */
    uint64_t GetPairs() const;

    /** @return datagrams read */
    uint64_t GetReads() const;

    /** @return trailers read without their head right before them */
    uint64_t GetUnpaired() const;

    /** @brief Forget the recorded gaps and counters. */
    void ResetGaps();

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream) override;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Data is waiting in the socket.
    void DataReady(Ptr<Socket> socket);
    /// Take the next datagram and charge its read cost.
    void ReadNext();
    /// The read of the current datagram ended: time-stamp it.
    void ReadDone();

    Ptr<RandomVariableStream> m_readCost;         ///< CPU time per read (attribute)
    DataRate m_readCopyRate;                      ///< per-byte read cost as a rate (attribute)
    uint32_t m_core{0};                           ///< core of the receiving task (attribute)
    Time m_resolution;                            ///< clock resolution (attribute)
    AppThread m_thread;                           ///< the application's thread (and busy-poll loop)
    Ptr<Socket> m_socket;                         ///< bound UDP socket
    bool m_busy{false};                           ///< a read is being paid for
    Ptr<Packet> m_pending;                        ///< the datagram being read
    Callback<void> m_readDone;                    ///< prebuilt callback
    bool m_haveHead{false};                       ///< the last datagram read was a head
    uint32_t m_headProbe{0};                      ///< its probe number
    Time m_headStamp;                             ///< its time stamp
    std::map<uint32_t, std::vector<Time>> m_gaps; ///< gaps per trailer size
    uint64_t m_pairs{0};                          ///< gaps recorded
    uint64_t m_reads{0};                          ///< datagrams read
    uint64_t m_unpaired{0};                       ///< trailers without their head

    TracedCallback<uint32_t, uint32_t, Time> m_gapTrace;       ///< a gap was measured
    TracedCallback<Ptr<const Packet>, Time, Time> m_readTrace; ///< a datagram was read
};

} // namespace ns3

#endif // PACKET_PAIR_PROBE_RECEIVER_H
