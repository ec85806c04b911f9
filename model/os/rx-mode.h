/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RX_MODE_H
#define RX_MODE_H

#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <string>

namespace ns3
{

class RxQueue;
class GroEngine;
class NapiBusyPoll;

/**
 * @ingroup hostnet
 * @brief The OS receive mode: what the host does when the Rx interrupt fires.
 *
 * An RxMode serves one receive queue (through the RxQueue interface) of a device: it gets the
 * queue's interrupt (HandleInterrupt), takes frames from its ring (RxQueue::PopFrame), charges ISR
 * and protocol work on the HostCpu, and delivers or drops the frames through the device.
 * Subclasses:
 * - PerPacketRxMode: normal interruption, the pre-NAPI path with a backlog queue;
 * - NapiRxMode: Linux NAPI (interrupt, then polling until the ring is empty), and its
 *   subclasses TickedNapiRxMode (Salah et al. 2007's NAPI with a poll tick) and
 *   DisableEnableRxMode (Salah et al. 2007's interrupt disable-enable);
 * - PurePollingRxMode: pure (FreeBSD-style) polling on a timer, no interrupts;
 * - HybridRxMode: disable-enable at low load, pure polling above a switch point.
 *
 * The base class owns what every mode shares, as ns-3's QueueDisc does: HandleInterrupt
 * counts each assertion as served or absorbed for the device's statistics and fires the
 * Interrupt and InterruptAbsorbed traces around the mode's DoHandleInterrupt; a mode reports
 * the end of a poll (NotifyPoll, NotifyBusyPoll) and of a softirq round with work left
 * (NotifySoftirqRestart) through the base, which counts them and fires Poll and BusyPoll.
 * What a mode can do is asked through Supports (GRO, LRO, RPS/RFS, busy polling); Attach
 * checks it against what the queue's configuration asks for (CheckConfig).
 *
 * HostNetDeviceHelper::SetScheme names the usual combinations with a moderation scheme
 * (HostNetDeviceHelper::GetSchemeNames).
 */
class RxMode : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Features of the receive path that only some modes provide (Supports).
    enum Feature : uint8_t
    {
        GRO,       ///< generic receive offload: merging within a poll (napi_gro_receive)
        LRO,       ///< large receive offload: the NIC's aggregates taken by a poll
        RPS,       ///< RPS/RFS: steering packets a poll took to other cores
        BUSY_POLL, ///< busy polling (napi_busy_loop): a task polls the context
    };

    /**
     * @brief TracedCallback signature of the Poll and BusyPoll traces.
     * @param packets the frames the poll call took
     */
    typedef void (*PollTracedCallback)(uint32_t packets);

    RxMode();
    ~RxMode() override;

    /**
     * @param feature a feature
     * @return its name ("GRO", "LRO", "RPS/RFS", "busy polling")
     */
    static std::string GetFeatureName(Feature feature);

    /**
     * @brief Bind to a receive queue; called once the node and CPU are known.
     *
     * A subclass that overrides it calls RxMode::Attach first: it sets m_queue, m_cpu and
     * m_core, and runs CheckConfig. The mode reaches the ring, the node's softnet and the
     * device only through the queue's RxQueue operations.
     * @param queue the receive queue (not owned: the queue owns this mode)
     */
    virtual void Attach(RxQueue* queue);

    /**
     * @brief Hand the mode its GRO engine before Attach: GRO is the NAPI context's state
     * (napi_struct's gro_hash in Linux). Null: GRO off.
     * @param gro the engine (the queue's Gro, for Config paths)
     */
    void SetGroEngine(Ptr<GroEngine> gro);

    /**
     * @brief Whether this mode provides a feature of the receive path. The default is
     * false for every feature; NapiRxMode (and so DisableEnableRxMode) provides them all,
     * since each needs a NAPI poll (napi_schedule, netdev_budget).
     * @param feature the feature
     * @return true if this mode provides it
     */
    virtual bool Supports(Feature feature) const;

    /**
     * @brief The Rx interrupt was asserted while unmasked.
     *
     * Absorbed (IsInterruptAbsorbed: an ISR of this queue is in service, or the mode polls)
     * it is counted as absorbed and fires InterruptAbsorbed; otherwise it is counted as an
     * interrupt (the device's Interrupt trace and statistics, the queue's moderation time),
     * fires Interrupt, and DoHandleInterrupt runs the mode's ISR.
     */
    void HandleInterrupt();

    /**
     * @brief What socket and epoll busy polling (BusyPoller, EpollInstance) do with this
     * mode's NAPI context, apart from the mode's own interface as TcpRecoveryOps is apart
     * from TcpSocketBase. A mode that Supports(BUSY_POLL) returns itself; the default is a
     * context that refuses every busy poll (owns nothing, does nothing, runs the stop's
     * callback at once).
     * @return the busy-poll interface (never null)
     */
    virtual NapiBusyPoll* GetBusyPoll();

    /**
     * @brief A frame was written to host memory (whether or not the interrupt is enabled):
     * wakes a spinning busy poller that waits for it (m_busyWaiter, once).
     */
    void NotifyFrameInMemory();

    /**
     * @brief Whether NotifyFrameInMemory must run when a frame reaches memory (at that
     * time): RxRing::SetWriteBackWantedCallback. A mode that sets m_busyWaiter calls
     * RxQueue::RequestWriteBack.
     * @return true if a busy poller waits for the next frame
     */
    bool WantsFrameInMemory() const
    {
        return !m_busyWaiter.IsNull();
    }

    /** @return the core that runs this queue's receive work (its IRQ core; 0 before Attach) */
    uint32_t GetCore() const;
    /** @return frames taken from the ring and neither delivered nor dropped yet */
    virtual uint32_t GetNHeld() const = 0;

    /**
     * @brief The receive-buffer utilisation of this queue, for adaptive moderation.
     *
     * BufferAdaptiveModeration reads it when no application provides its socket buffer's
     * utilisation. The default is the share of the ring's descriptors the host holds now
     * (completed and not yet refilled); a mode with a buffer of its own (the per-packet
     * backlog) returns that buffer's peak occupancy since the previous call.
     * @return a utilisation in 0..1 (the peak is reset by the call)
     */
    virtual double TakePeakUtilization();

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

    /**
     * @brief Whether an interrupt asserted now is absorbed: no new ISR runs for it (an ISR
     * of this queue is in service and will take its frames, or the mode polls). Default:
     * false.
     * @return true if HandleInterrupt would only count it
     */
    virtual bool IsInterruptAbsorbed() const;

    /**
     * @brief Serve an interrupt that was not absorbed (HandleInterrupt counted it already):
     * the mode's ISR.
     */
    virtual void DoHandleInterrupt() = 0;

    /**
     * @brief For a mode made of inner modes (HybridRxMode): whether @p inner would absorb an
     * interrupt now.
     * @param inner the inner mode
     * @return inner.IsInterruptAbsorbed()
     */
    static bool IsInterruptAbsorbedBy(const RxMode& inner);

    /**
     * @brief For a mode made of inner modes (HybridRxMode): let @p inner serve an interrupt
     * this mode counted already (the inner mode counts and traces nothing).
     * @param inner the inner mode
     */
    static void HandleInterruptBy(RxMode& inner);

    /**
     * @brief For a mode made of inner modes (HybridRxMode): fire this mode's Poll and
     * BusyPoll traces for those of @p inner too.
     * @param inner the inner mode
     */
    void ForwardPollTraces(RxMode& inner);

    /**
     * @brief A NAPI poll call or a polling cycle ended: count it (the device's statistics)
     * and fire Poll.
     * @param packets the frames it took
     */
    void NotifyPoll(uint32_t packets);

    /**
     * @brief A busy poll call by a task ended: count it and fire BusyPoll.
     * @param packets the frames it took
     */
    void NotifyBusyPoll(uint32_t packets);

    /** @brief A NET_RX softirq round ended with work left (time_squeeze): count it. */
    void NotifySoftirqRestart();

    RxQueue* m_queue{nullptr};   ///< the receive queue (owner)
    Ptr<HostCpu> m_cpu;          ///< the node's CPU
    Ptr<GroEngine> m_gro;        ///< GRO (NAPI modes; null: GRO off)
    Callback<void> m_busyWaiter; ///< a spinning busy poller, woken by the next frame in memory
    uint32_t m_core{0};          ///< core that runs this queue's Rx work

  private:
    /**
     * @brief Stop with a message naming the attribute if the queue's configuration asks for
     * a feature (RxQueue::GetRequester) this mode does not provide (Supports). Attach runs it.
     */
    void CheckConfig() const;

    /**
     * @brief An inner mode's poll call ended (ForwardPollTraces).
     * @param packets the frames it took
     */
    void InnerPoll(uint32_t packets);

    /**
     * @brief An inner mode's busy poll call ended (ForwardPollTraces).
     * @param packets the frames it took
     */
    void InnerBusyPoll(uint32_t packets);

    TracedCallback<> m_interruptTrace;        ///< an ISR starts
    TracedCallback<> m_absorbedTrace;         ///< an interrupt was absorbed
    TracedCallback<uint32_t> m_pollTrace;     ///< a poll call or cycle ended
    TracedCallback<uint32_t> m_busyPollTrace; ///< a busy poll call ended
};

} // namespace ns3

#endif // RX_MODE_H
