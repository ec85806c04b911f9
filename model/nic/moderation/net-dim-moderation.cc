/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "net-dim-moderation.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cstdlib>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetDimModeration");

NS_OBJECT_ENSURE_REGISTERED(NetDimModeration);

TypeId
NetDimModeration::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetDimModeration")
            .SetParent<InterruptModeration>()
            .SetGroupName("Hostnet")
            .AddConstructor<NetDimModeration>()
            .AddAttribute(
                "ProfileTable",
                "The net_dim rx profile table (Eqe or Cqe). Eqe: (usecs, frames) = (1,256), "
                "(8,256), (64,256), (128,256), (256,256), timer started by the first frame; "
                "Cqe: (2,256), (8,128), (16,64), (32,64), (64,64), timer restarted by every "
                "frame. Default Eqe: DIM_CQ_PERIOD_MODE_START_FROM_EQE (lib/dim/net_dim.c "
                "rx_profile[0]); mlx5 uses Cqe when the device supports "
                "cq_period_start_from_cqe (ConnectX-4 and later; the mlx5-100g preset).",
                EnumValue<ProfileTable>(EQE_TABLE),
                MakeEnumAccessor<ProfileTable>(&NetDimModeration::m_table),
                MakeEnumChecker(EQE_TABLE, "Eqe", CQE_TABLE, "Cqe"))
            .AddAttribute("InitialProfile",
                          "Profile index the tuning starts from (0 to 4). Default 0: net_dim's "
                          "zero-initialised profile_ix (mlx5 programs its default profile 1 "
                          "until the first decision, which always steps from 0 to 1).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NetDimModeration::m_initialProfile),
                          MakeUintegerChecker<uint32_t>(0, N_PROFILES - 1))
            .AddTraceSource("ProfileIndex",
                            "The active profile index changed.",
                            MakeTraceSourceAccessor(&NetDimModeration::m_profileIx),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

NetDimModeration::NetDimModeration()
{
    NS_LOG_FUNCTION(this);
}

NetDimModeration::~NetDimModeration()
{
    NS_LOG_FUNCTION(this);
}

const std::array<NetDimModeration::Profile, NetDimModeration::N_PROFILES>&
NetDimModeration::GetProfiles(ProfileTable table)
{
    static const std::array<Profile, N_PROFILES> eqe{
        {{1, 256}, {8, 256}, {64, 256}, {128, 256}, {256, 256}}};
    static const std::array<Profile, N_PROFILES> cqe{
        {{2, 256}, {8, 128}, {16, 64}, {32, 64}, {64, 64}}};
    return table == CQE_TABLE ? cqe : eqe;
}

void
NetDimModeration::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    m_profileIx = m_initialProfile;
    InterruptModeration::DoInitialize();
}

void
NetDimModeration::DoDispose()
{
    m_timer.Cancel();
    InterruptModeration::DoDispose();
}

uint32_t
NetDimModeration::GetProfileIndex() const
{
    return m_profileIx;
}

NetDimModeration::Profile
NetDimModeration::GetProfile() const
{
    return GetProfiles(m_table)[m_profileIx];
}

NetDimModeration::TuneState
NetDimModeration::GetTuneState() const
{
    return m_tuneState;
}

// ---------------------------------------------------------------- coalescing

void
NetDimModeration::DoFrameCompleted(uint32_t bytes)
{
    m_count++;
    Profile profile = GetProfile();
    if (m_count >= profile.frames)
    {
        Fire();
        return;
    }
    Time now = Simulator::Now();
    if (!m_timerRunning || m_table == CQE_TABLE)
    {
        m_deadline = now + MicroSeconds(profile.usecs);
        m_timerRunning = true;
    }
    if (!m_timer.IsPending())
    {
        m_timer = Simulator::Schedule(m_deadline - now, [this] { Expire(); });
    }
}

void
NetDimModeration::Expire()
{
    Time now = Simulator::Now();
    if (now < m_deadline)
    {
        m_timer = Simulator::Schedule(m_deadline - now, [this] { Expire(); });
        return;
    }
    Fire();
}

void
NetDimModeration::Fire()
{
    m_timer.Cancel();
    m_timerRunning = false;
    m_count = 0;
    m_events++; // cq->event_ctr: mlx5e_completion_event
    RaiseInterrupt();
}

void
NetDimModeration::DoReset()
{
    m_timer.Cancel();
    m_timerRunning = false;
    m_count = 0;
}

// ---------------------------------------------------------------- net_dim

void
NetDimModeration::DoFrameTaken(uint32_t bytes)
{
    // rq->stats->packets/bytes: every frame the poll cleans.
    m_packets++;
    m_bytes += bytes;
}

void
NetDimModeration::DoInterruptUnmasking()
{
    // mlx5e_napi_poll: mlx5e_handle_rx_dim after napi_complete_done, before the CQ is armed.
    RunDim();
}

void
NetDimModeration::DoRingDrainedByIsr()
{
    RunDim();
}

void
NetDimModeration::RunDim()
{
    Time now = Simulator::Now();
    if (m_measureState == MEASURE_IN_PROGRESS)
    {
        if (m_events - m_start.events < N_EVENTS)
        {
            return;
        }
        // dim_calc_stats: whole microseconds (ktime_us_delta), rates rounded up.
        int64_t deltaUs = (now - m_start.time).GetMicroSeconds();
        if (deltaUs == 0)
        {
            return;
        }
        auto perMs = [deltaUs](uint64_t n) {
            return static_cast<int64_t>((n * 1000 + deltaUs - 1) / deltaUs);
        };
        Stats curr;
        curr.ppms = perMs(m_packets - m_start.packets);
        curr.bpms = perMs(m_bytes - m_start.bytes);
        curr.epms = perMs(N_EVENTS);
        if (Decide(curr))
        {
            NS_LOG_DEBUG("profile " << m_profileIx << " state " << +m_tuneState);
            Profile profile = GetProfile();
            NotifyModerationChanged(MicroSeconds(profile.usecs), profile.frames);
            m_measureState = START_MEASURE; // the new profile's window starts next event
            return;
        }
    }
    m_start.time = now;
    m_start.packets = m_packets;
    m_start.bytes = m_bytes;
    m_start.events = m_events;
    m_measureState = MEASURE_IN_PROGRESS;
}

int
NetDimModeration::CompareStats(const Stats& curr, const Stats& prev)
{
    // IS_SIGNIFICANT_DIFF: more than 10 % of the reference, in integer percent.
    auto significant = [](int64_t val, int64_t ref) {
        return ref != 0 && (100 * std::llabs(val - ref)) / ref > 10;
    };
    if (prev.bpms == 0)
    {
        return curr.bpms != 0 ? 1 : 0;
    }
    if (significant(curr.bpms, prev.bpms))
    {
        return curr.bpms > prev.bpms ? 1 : -1;
    }
    if (prev.ppms == 0)
    {
        return curr.ppms != 0 ? 1 : 0;
    }
    if (significant(curr.ppms, prev.ppms))
    {
        return curr.ppms > prev.ppms ? 1 : -1;
    }
    if (prev.epms == 0)
    {
        return 0;
    }
    if (significant(curr.epms, prev.epms))
    {
        return curr.epms < prev.epms ? 1 : -1;
    }
    return 0;
}

bool
NetDimModeration::Decide(const Stats& curr)
{
    TuneState prevState = m_tuneState;
    uint32_t prevIx = m_profileIx;
    switch (m_tuneState)
    {
    case PARKING_ON_TOP:
        if (CompareStats(curr, m_prevStats) != 0)
        {
            ExitParking();
        }
        break;
    case PARKING_TIRED:
        m_tired--;
        if (m_tired == 0)
        {
            ExitParking();
        }
        break;
    case GOING_RIGHT:
    case GOING_LEFT:
        if (CompareStats(curr, m_prevStats) != 1)
        {
            Turn();
        }
        if (IsOnTop())
        {
            ParkOnTop();
            break;
        }
        switch (Step())
        {
        case ON_EDGE:
            ParkOnTop();
            break;
        case TOO_TIRED:
            ParkTired();
            break;
        case STEPPED:
            break;
        }
        break;
    }
    if (prevState != PARKING_ON_TOP || m_tuneState != PARKING_ON_TOP)
    {
        m_prevStats = curr;
    }
    return m_profileIx != prevIx;
}

NetDimModeration::StepResult
NetDimModeration::Step()
{
    if (m_tired == N_PROFILES * 2)
    {
        return TOO_TIRED;
    }
    switch (m_tuneState)
    {
    case PARKING_ON_TOP:
    case PARKING_TIRED:
        break;
    case GOING_RIGHT:
        if (m_profileIx == N_PROFILES - 1)
        {
            return ON_EDGE;
        }
        m_profileIx = m_profileIx + 1;
        m_stepsRight++;
        break;
    case GOING_LEFT:
        if (m_profileIx == 0U)
        {
            return ON_EDGE;
        }
        m_profileIx = m_profileIx - 1;
        m_stepsLeft++;
        break;
    }
    m_tired++;
    return STEPPED;
}

void
NetDimModeration::ExitParking()
{
    m_tuneState = m_profileIx != 0U ? GOING_LEFT : GOING_RIGHT;
    Step();
}

bool
NetDimModeration::IsOnTop() const
{
    switch (m_tuneState)
    {
    case PARKING_ON_TOP:
    case PARKING_TIRED:
        return true;
    case GOING_RIGHT:
        return m_stepsLeft > 1 && m_stepsRight == 1;
    case GOING_LEFT:
        return m_stepsRight > 1 && m_stepsLeft == 1;
    }
    return true;
}

void
NetDimModeration::Turn()
{
    switch (m_tuneState)
    {
    case PARKING_ON_TOP:
    case PARKING_TIRED:
        break;
    case GOING_RIGHT:
        m_tuneState = GOING_LEFT;
        m_stepsLeft = 0;
        break;
    case GOING_LEFT:
        m_tuneState = GOING_RIGHT;
        m_stepsRight = 0;
        break;
    }
}

void
NetDimModeration::ParkOnTop()
{
    m_stepsRight = 0;
    m_stepsLeft = 0;
    m_tired = 0;
    m_tuneState = PARKING_ON_TOP;
}

void
NetDimModeration::ParkTired()
{
    m_stepsRight = 0;
    m_stepsLeft = 0;
    m_tuneState = PARKING_TIRED;
}

} // namespace ns3
