/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef INTERRUPT_MODERATION_H
#define INTERRUPT_MODERATION_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief NIC-side interrupt moderation: when a completed frame raises the Rx interrupt.
 *
 * The device reports every descriptor write-back that happens while the Rx interrupt is
 * enabled (FrameCompleted); the moderation scheme decides when to assert the interrupt
 * (RaiseInterrupt). As in QueueDisc, the base class owns the family's protocol: the queue
 * calls its non-virtual methods, which count and trace, and each scheme implements the
 * matching Do* methods (DoFrameCompleted, DoReset, and the optional hooks) and
 * DoCheckConfig. Reset is called when the host has serviced all completed frames
 * (the ISR drained the ring) or masked the interrupt: counters and timers start afresh,
 * so no interrupt is raised for frames that were already taken.
 *
 * Subclasses:
 * - NoModeration: every frame (ethtool rx-usecs 0, rx-frames 1);
 * - RxUsecsModeration: ethtool rx-usecs, a timer started by the first frame;
 * - RxFramesModeration: ethtool rx-frames, every N frames;
 * - CountTimeModeration: rx-usecs and rx-frames together, whichever limit comes first;
 * - PacketAbsoluteTimerModeration: the Intel 8254x packet and absolute timers (RDTR + RADV);
 * - MinimumGapModeration: the Intel ITR/ITT engine, a minimum gap between assertions, and
 *   its subclasses ThrottleModeration (a fixed maximum interrupt rate),
 *   E1000DynamicItrModeration (e1000 dynamic ITR), I40eAdaptiveItrModeration (i40e adaptive
 *   Rx ITR) and BufferAdaptiveModeration (Chang et al. 2008's buffer-driven interval);
 * - NetDimModeration: Linux net_dim over a profile table of (usecs, frames) pairs.
 *
 * Every adaptive scheme reports a new setting through NotifyModerationChanged, which fires the
 * base's ModerationChanged trace (one signature for all schemes, besides each scheme's own
 * trace of its internal value: Itr, ProfileIndex, Interval).
 *
 * HostNetDeviceHelper::SetScheme names the usual combinations with a receive mode
 * (HostNetDeviceHelper::GetSchemeNames).
 */
class InterruptModeration : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief TracedCallback signature of the ModerationChanged trace: the setting an
     * adaptive scheme applies from now on.
     * @param interval the time limit now in force: the minimum gap between interrupts (the
     *        ITR schemes, BufferAdaptiveModeration's T) or the timer from the first frame
     *        (NetDimModeration's usecs)
     * @param frames the frame limit now in force (NetDimModeration's frames), 0 for none
     */
    typedef void (*ModerationChangedTracedCallback)(Time interval, uint32_t frames);

    InterruptModeration();
    ~InterruptModeration() override;

    /**
     * @brief Set what asserting the interrupt does (the device's interrupt line).
     * @param raise the callback
     */
    void SetInterruptCallback(Callback<void> raise);

    /**
     * @brief Set what NotifyFramesWanted calls (the queue: the ring's WriteBackWanted).
     * @param wanted the callback
     */
    void SetFramesWantedCallback(Callback<void> wanted);

    /**
     * @name What the queue tells the scheme
     * Non-virtual, as QueueDisc's Enqueue: the base logs, counts and traces in one place and
     * the scheme decides in the matching Do* method.
     * @{
     */
    /**
     * @brief A frame reached host memory while the Rx interrupt is enabled.
     * @param bytes the frame size
     */
    void FrameCompleted(uint32_t bytes);

    /** @brief All completed frames were taken by the host, or the interrupt was masked. */
    void Reset();

    /**
     * @brief The host took a completed frame from the ring (the driver cleaned its
     * descriptor).
     * @param bytes the frame size
     */
    void FrameTaken(uint32_t bytes);

    /**
     * @brief The host is about to unmask the Rx interrupt (NAPI completed; called before
     * Reset and PendingOnUnmask).
     */
    void InterruptUnmasking();

    /**
     * @brief A pre-NAPI ISR took every completed frame (PerPacketRxMode; called before
     * Reset). It ends the host's cleaning episode as InterruptUnmasking does for NAPI.
     */
    void RingDrainedByIsr();

    /**
     * @brief The host unmasked the interrupt with completed frames in memory (the cause bit
     * is latched).
     */
    void PendingOnUnmask();
    /** @} */

    /**
     * @brief Whether FrameCompleted would do nothing now, whatever the frame and its time
     * (e.g. an rx-usecs timer already runs). The ring then needs no event for a write-back
     * (RxRing::SetWriteBackWantedCallback). A scheme that answers true must call
     * NotifyFramesWanted when the answer becomes false other than through Reset.
     * Default: false.
     * @return true if frame completions are ignored now
     */
    virtual bool IgnoresFrames() const;

    /**
     * @brief Offer the scheme a receive-buffer utilisation probe (the socket buffer of the
     * application that reads this queue's traffic, or the queue's own buffer). Default: the
     * scheme does not use one; BufferAdaptiveModeration takes it.
     * @param probe returns the utilisation in 0..1 (preferably the peak since its previous
     * call)
     * @return true if the scheme uses the probe
     */
    virtual bool OfferUtilizationProbe(Callback<double> probe);

    /**
     * @brief Check that the attribute values go together (DoCheckConfig); aborts with a
     * message naming the values and what is allowed. The queue runs it when it takes the
     * scheme (install time), and Initialize runs it again.
     */
    void CheckConfig() const;

    /**
     * @return how many times this scheme asserted the interrupt since it was created (the
     * Interrupt trace counts the same assertions). An assertion while the host's ISR is in
     * service, or while the host masks the line, is counted here and not as an ISR in the
     * device's statistics.
     */
    uint64_t GetNInterrupts() const;

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

  protected:
    /** @brief IgnoresFrames has become false (for the schemes that answer true). */
    void NotifyFramesWanted();

    /**
     * @brief An adaptive scheme applies a new setting (not its initial one): fires
     * ModerationChanged.
     * @param interval the time limit now in force (ModerationChangedTracedCallback)
     * @param frames the frame limit now in force, 0 for none
     */
    void NotifyModerationChanged(Time interval, uint32_t frames);

    void DoInitialize() override;
    void DoDispose() override;

    /** @brief Assert the Rx interrupt: counted and traced here, the only way a scheme asserts. */
    void RaiseInterrupt();

    /**
     * @brief The scheme's response to FrameCompleted.
     * @param bytes the frame size
     */
    virtual void DoFrameCompleted(uint32_t bytes) = 0;

    /** @brief The scheme's response to Reset: its counters and timers start afresh. */
    virtual void DoReset() = 0;

    /**
     * @brief The scheme's response to FrameTaken. Default: nothing; a scheme that adapts to
     * the driver's per-poll counts (I40eAdaptiveItrModeration, E1000DynamicItrModeration,
     * NetDimModeration) overrides it.
     * @param bytes the frame size
     */
    virtual void DoFrameTaken(uint32_t bytes);

    /**
     * @brief The scheme's response to InterruptUnmasking. Default: nothing; a scheme that
     * reprograms its rate when the driver re-enables the interrupt overrides it.
     */
    virtual void DoInterruptUnmasking();

    /**
     * @brief The scheme's response to RingDrainedByIsr. Default: nothing; a scheme that the
     * non-NAPI driver reprogrammed at the end of its ISR (E1000DynamicItrModeration)
     * overrides it.
     */
    virtual void DoRingDrainedByIsr();

    /**
     * @brief The scheme's response to PendingOnUnmask. Default: assert at once; a throttling
     * scheme waits for its gap.
     */
    virtual void DoPendingOnUnmask();

    /**
     * @brief Check the scheme's attribute values together (CheckConfig). Default: nothing
     * (each attribute's checker already bounds it).
     */
    virtual void DoCheckConfig() const;

  private:
    Callback<void> m_raise;                             ///< the device's interrupt line
    Callback<void> m_framesWanted;                      ///< IgnoresFrames became false
    uint64_t m_nInterrupts{0};                          ///< assertions so far
    TracedCallback<> m_interruptTrace;                  ///< an assertion
    TracedCallback<Time, uint32_t> m_moderationChanged; ///< an adaptive scheme's new setting
};

} // namespace ns3

#endif // INTERRUPT_MODERATION_H
