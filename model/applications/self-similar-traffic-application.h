/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef SELF_SIMILAR_TRAFFIC_APPLICATION_H
#define SELF_SIMILAR_TRAFFIC_APPLICATION_H

#include "frame-size-distribution.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/random-variable-stream.h"
#include "ns3/source-application.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

class Socket;
class Packet;

/**
 * @ingroup hostnet
 * @brief Self-similar traffic (Salah et al. 2007, Sec. 5.1): the aggregate of N Pareto ON/OFF
 * streams.
 *
 * Each stream alternates ON and OFF periods. ON lengths are Pareto with shape OnShape
 * (1.3) and location b_on = one 64-byte frame time at LinkRate (512 ns at 1 Gb/s); during
 * ON the stream sends frames back to back at LinkRate, each followed by the 20-byte
 * preamble and inter-frame gap, and finishes the frame under way when the ON length runs
 * out. OFF lengths are Pareto with shape OffShape (1.5) and a location chosen so that the
 * stream occupies Load / Streams of the link (frames and gaps), the aggregate Load. Frame
 * sizes (Ethernet, 64..9018 bytes) come from FrameSizes; a frame of s bytes is sent as a
 * UDP datagram of s - 46 bytes (Ethernet 18, IPv4 20, UDP 8), carrying a SendTimeTag. The
 * superposition of heavy-tailed ON/OFF sources is asymptotically self-similar with Hurst
 * parameter H = (3 - min(OnShape, OffShape)) / 2 = 0.85 (Taqqu, Willinger and Sherman 1997).
 *
 * OffRule chooses the OFF location. The paper's formula (Paper) sets the mean OFF time to
 * E[ON] (1 - rho_i) / rho_i with E[ON] the nominal Pareto mean, but an ON period sends
 * whole frames, so it lasts E[ON] plus the overshoot of the last frame: for the backbone
 * mix at 1 Gb/s 7.07 us instead of the nominal 2.22 us, and the offered load is about 3.1
 * times the target (0.31 at Load 0.1). Exact (the default) uses the real mean ON length
 * E[ON] + E[overshoot], with E[overshoot] computed once by a seeded Monte Carlo of 200000
 * ON periods (the overshoot
 * is bounded by one frame time, so its standard error is below 0.01 us).
 *
 * If Remote is not set, frames are generated and traced but not sent (to study the
 * process itself cheaply).
 */
class SelfSimilarTrafficApplication : public SourceApplication
{
  public:
    /// How the OFF location is derived from the target load.
    enum class OffRule
    {
        EXACT, ///< from the real mean ON length (whole frames)
        PAPER  ///< the formula of Salah et al. 2007 (nominal mean ON length)
    };

    /** @return the TypeId */
    static TypeId GetTypeId();

    SelfSimilarTrafficApplication();
    ~SelfSimilarTrafficApplication() override;

    /** @return frames generated */
    uint64_t GetSent() const;
    /** @return bytes generated on the wire (frames plus 20-byte gaps) */
    uint64_t GetSentBytes() const;
    /** @return the expected share of the link occupied (= Load with OffRule Exact) */
    double GetExpectedLoad() const;
    /** @return the mean ON length actually sent (nominal mean plus overshoot) */
    Time GetMeanOnLength() const;
    /** @return the mean OFF length */
    Time GetMeanOffLength() const;

    /**
     * @brief Fix the random streams.
     * @param stream first stream index
     * @return the number of streams used (2)
     */
    int64_t AssignStreams(int64_t stream) override;

    /**
     * TracedCallback signature of Tx.
     * @param frameBytes the Ethernet frame size
     * @param stream the ON/OFF stream that sent it
     */
    typedef void (*TxTracedCallback)(uint32_t frameBytes, uint32_t stream);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Derive b_on, b_off and the expected load from the attributes.
    void Configure();
    /// A stream's OFF period ended or its previous frame went out: next frame or OFF.
    void StreamEvent(uint32_t stream);
    /// @return a Pareto sample
    double Pareto(double location, double shape);
    /// Send (or only count) one frame.
    void SendFrame(uint32_t stream, uint32_t frameBytes);

    /// State of one ON/OFF stream.
    struct Stream
    {
        double onLeft{0}; ///< seconds of the current ON length not yet covered by frames
        bool on{false};   ///< in an ON period
        EventId event;    ///< next frame or end of OFF
    };

    uint32_t m_nStreams{8};                       ///< streams (attribute)
    double m_load{0.5};                           ///< target aggregate load (attribute)
    DataRate m_linkRate{"1Gbps"};                 ///< link rate (attribute)
    double m_onShape{1.3};                        ///< ON Pareto shape (attribute)
    double m_offShape{1.5};                       ///< OFF Pareto shape (attribute)
    std::string m_frameSizes{"backbone"};         ///< frame-size specification (attribute)
    OffRule m_offRule{OffRule::EXACT};            ///< OFF location rule (attribute)
    uint64_t m_maxFrames{0};                      ///< 0 = unlimited (attribute)
    Ptr<FrameSizeDistribution> m_sizes;           ///< frame sizes
    Ptr<UniformRandomVariable> m_periods;         ///< ON/OFF lengths
    Ptr<UniformRandomVariable> m_sizePicks;       ///< frame sizes
    double m_bOn{0};                              ///< ON location (s)
    double m_bOff{0};                             ///< OFF location (s)
    double m_meanOn{0};                           ///< real mean ON length (s)
    double m_expectedLoad{0};                     ///< link share expected
    std::vector<Stream> m_streams;                ///< the streams
    Ptr<Socket> m_socket;                         ///< UDP socket (if Remote is set)
    uint64_t m_sent{0};                           ///< frames
    uint64_t m_sentBytes{0};                      ///< wire bytes
    TracedCallback<uint32_t, uint32_t> m_txTrace; ///< per frame
};

} // namespace ns3

#endif // SELF_SIMILAR_TRAFFIC_APPLICATION_H
