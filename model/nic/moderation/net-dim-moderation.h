/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef NET_DIM_MODERATION_H
#define NET_DIM_MODERATION_H

#include "interrupt-moderation.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/traced-value.h"

#include <array>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Linux net_dim (lib/dim/net_dim.c): dynamic interrupt moderation over a profile
 * table of (usecs, frames) pairs.
 *
 * Coalescing: the active profile (usecs, frames) drives count + time coalescing, whichever
 * first, like CountTimeModeration. With the EQE table the timer is started by the first
 * frame after an interrupt; with the CQE table it is restarted by every frame (mlx5's
 * "period starts from CQE" mode). One event is pending at a time (lazily re-armed).
 *
 * Tuning, as net_dim does it in mlx5 (mlx5e_handle_rx_dim, called by mlx5e_napi_poll after
 * napi_complete_done): net_dim runs each time the host ends a cleaning episode (NAPI
 * completes: InterruptUnmasking; a pre-NAPI ISR drained the ring: RingDrainedByIsr) over
 * the interrupts (events: cq->event_ctr, counted at each assertion) and the packets and
 * bytes the host cleaned (rq stats: FrameTaken) so far:
 * - measurement: a start sample (time, packets, bytes, events) is taken; when 64 events
 *   (DIM_NEVENTS) have passed since it, the window's packets, bytes and events per ms are
 *   computed (integer, rounded up, over the window's whole microseconds; a window under
 *   1 us is extended);
 * - comparison with the previous window: better/worse/same, checking in order bytes/ms
 *   (higher is better), packets/ms (higher is better), events/ms (lower is better); a
 *   difference counts when it is more than 10 % of the previous value (integer percent);
 * - decision (tune states): parking on top stays while the comparison says same and leaves
 *   otherwise; parking tired waits `tired` decisions and leaves; leaving a park goes left
 *   if the index is above 0, else right, and takes one step. Going right/left turns round
 *   when the result is not better, parks on top when it has turned at a peak (going right
 *   with steps_left > 1 and steps_right == 1, or mirrored), parks on top at the table's
 *   edge, and parks tired after 2 x 5 = 10 steps without parking on top; otherwise it steps
 *   one profile. The previous-window statistics are kept while parked on top.
 * - after a profile change the next run starts a new measurement.
 *
 * Start: tune state parking on top, previous statistics zero, profile InitialProfile (0 by
 * default: the zeroed struct dim). The first decision therefore always steps right (zero
 * previous bytes/ms -> better).
 *
 * Simplifications: the new profile applies at once (the kernel defers it to a work item
 * and skips samples meanwhile); events are this scheme's assertions, including ones a
 * running ISR absorbs; counters do not wrap; the mlx5 EQE period mode (period timer
 * restarted at each event) is modelled as a timer started by the first frame after an
 * interrupt; receive modes that never end an episode (pure polling) never tune.
 */
class NetDimModeration : public InterruptModeration
{
  public:
    /// Which net_dim rx profile table.
    enum ProfileTable : uint8_t
    {
        EQE_TABLE = 0, ///< {1,256},{8,256},{64,256},{128,256},{256,256}; timer from 1st frame
        CQE_TABLE = 1, ///< {2,256},{8,128},{16,64},{32,64},{64,64}; timer restarted per frame
    };

    /// net_dim tune states (enum dim_tune_state).
    enum TuneState : uint8_t
    {
        PARKING_ON_TOP = 0, ///< stays while the statistics stay the same
        PARKING_TIRED = 1,  ///< waits `tired` decisions
        GOING_RIGHT = 2,    ///< stepping to larger moderation
        GOING_LEFT = 3,     ///< stepping to smaller moderation
    };

    /// One profile: ethtool rx-usecs and rx-frames.
    struct Profile
    {
        uint32_t usecs;  ///< timer in microseconds
        uint32_t frames; ///< frame count
    };

    /// Window statistics (struct dim_stats).
    struct Stats
    {
        int64_t ppms{0}; ///< packets per ms
        int64_t bpms{0}; ///< bytes per ms
        int64_t epms{0}; ///< events per ms
    };

    static constexpr uint32_t N_PROFILES = 5; ///< NET_DIM_PARAMS_NUM_PROFILES
    static constexpr uint32_t N_EVENTS = 64;  ///< DIM_NEVENTS

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NetDimModeration();
    ~NetDimModeration() override;

    /**
     * @brief Get a profile table.
     * @param table a profile table
     * @return its five profiles, left (least moderation) to right
     */
    static const std::array<Profile, N_PROFILES>& GetProfiles(ProfileTable table);

    /**
     * @brief net_dim_stats_compare: how the current window compares with the previous.
     * @param curr current statistics
     * @param prev previous statistics
     * @return +1 better, 0 same, -1 worse
     */
    static int CompareStats(const Stats& curr, const Stats& prev);

    /** @return the active profile index (0 .. N_PROFILES - 1) */
    uint32_t GetProfileIndex() const;

    /** @return the active profile */
    Profile GetProfile() const;

    /** @return the tune state */
    TuneState GetTuneState() const;

  protected:
    void DoFrameCompleted(uint32_t bytes) override;
    void DoReset() override;
    void DoFrameTaken(uint32_t bytes) override;
    void DoInterruptUnmasking() override;
    void DoRingDrainedByIsr() override;
    void DoInitialize() override;
    void DoDispose() override;

  private:
    /// Measurement state (enum dim_state without the deferred-apply state).
    enum MeasureState : uint8_t
    {
        START_MEASURE,       ///< the next event takes the start sample
        MEASURE_IN_PROGRESS, ///< counting events since the start sample
    };

    /// A sample of the counters (struct dim_sample).
    struct Sample
    {
        Time time;           ///< when
        uint64_t packets{0}; ///< packet counter
        uint64_t bytes{0};   ///< byte counter
        uint64_t events{0};  ///< event counter
    };

    /// Result of a step (enum dim_step_result).
    enum StepResult : uint8_t
    {
        STEPPED,
        TOO_TIRED,
        ON_EDGE,
    };

    /// The coalescing timer fired: assert, or re-arm if the deadline moved.
    void Expire();
    /// Assert the interrupt, run net_dim and start coalescing afresh.
    void Fire();
    /// net_dim: one event.
    void RunDim();
    /**
     * @brief net_dim_decision.
     * @param curr the window's statistics
     * @return true if the profile index changed
     */
    bool Decide(const Stats& curr);
    /// @return the step result (net_dim_step)
    StepResult Step();
    /// net_dim_exit_parking
    void ExitParking();
    /// @return true if parked or turned at a peak (dim_on_top)
    bool IsOnTop() const;
    /// dim_turn
    void Turn();
    /// dim_park_on_top
    void ParkOnTop();
    /// dim_park_tired
    void ParkTired();

    ProfileTable m_table{EQE_TABLE};            ///< profile table (attribute)
    uint32_t m_initialProfile{0};               ///< starting index (attribute)
    TracedValue<uint32_t> m_profileIx{0};       ///< active profile index
    TuneState m_tuneState{PARKING_ON_TOP};      ///< tune state
    MeasureState m_measureState{START_MEASURE}; ///< measurement state
    uint32_t m_stepsLeft{0};                    ///< steps_left
    uint32_t m_stepsRight{0};                   ///< steps_right
    uint32_t m_tired{0};                        ///< tired
    Stats m_prevStats;                          ///< prev_stats
    Sample m_start;                             ///< start_sample
    uint64_t m_packets{0};                      ///< packet counter
    uint64_t m_bytes{0};                        ///< byte counter
    uint64_t m_events{0};                       ///< event counter

    uint32_t m_count{0};        ///< frames since the last interrupt
    bool m_timerRunning{false}; ///< a coalescing deadline is set
    Time m_deadline{0};         ///< coalescing deadline
    EventId m_timer;            ///< the one pending expiry
};

} // namespace ns3

#endif // NET_DIM_MODERATION_H
