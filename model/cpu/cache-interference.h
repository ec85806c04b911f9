/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef CACHE_INTERFERENCE_H
#define CACHE_INTERFERENCE_H

#include "ns3/nstime.h"
#include "ns3/object.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief What contexts sharing a core cost each other: the refill of caches and TLBs by
 * work that resumes after other work ran there. The HostCpu's Interference attribute.
 *
 * A context is a core's hard-IRQ handlers, its softirq (NAPI polls and protocol work), or
 * one task (an application thread, ksoftirqd, a NAPI kernel thread; a busy-poll loop runs in
 * its thread's context). When a context gets a core and another context ran there since it
 * last did, it pays a refill before its work:
 *
 *     refill = RefillTime * (1 - exp(-F / EvictionWork))
 *
 * where F is the CPU time the other contexts ran on that core in between (busy time, not
 * idle time). The cost grows with what ran in between and saturates at RefillTime, the
 * cost of reloading a working state that was wholly evicted. A context that runs for the
 * first time on a core (or migrated to it) pays RefillTime. Consecutive work of one context
 * pays nothing, so batching (fewer switches per request: deferred IRQs, IRQ suspension,
 * busy polling) lowers the CPU time per request.
 *
 * Sources: the indirect cost of a switch is the cache and TLB state it destroys (Mogul and
 * Borg 1991; Li, Ding and Shen 2007 measured it growing with the working state and
 * saturating); after a system call or an interrupt, user code runs at a lower IPC for
 * thousands of cycles (Soares and Stumm 2010, FlexSC: up to ~14,000 cycles on a Core i7);
 * Damato and Karsten (2024) attribute the lower cycles per request of IRQ suspension and
 * busy polling at equal instructions per request to this "interference ... most likely
 * due to cache contention". RefillTime is the one calibrated scale (doc/validation.rst,
 * "memcached under mutilate"); EvictionWork is of the order of the time a core needs to
 * stream its private L2 (512 KB-2 MB) through at a few GB/s.
 *
 * RefillTime 0 (the default, and every preset of the 2000s papers) turns the mechanism off.
 *
 * Config path: /NodeList/[i]/$ns3::HostCpu/Interference/[attribute].
 */
class CacheInterference : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /** @return true if RefillTime > 0 */
    bool IsEnabled() const
    {
        return m_refillTime.IsStrictlyPositive();
    }

    /**
     * @brief The refill a context pays after other contexts ran on its core.
     * @param foreignWork the CPU time other contexts ran on the core since the context last
     *        ran there (negative: it never ran there, a full refill)
     * @return RefillTime * (1 - exp(-foreignWork / EvictionWork))
     */
    Time GetRefill(Time foreignWork) const;

    /** @return RefillTime */
    Time GetRefillTime() const
    {
        return m_refillTime;
    }

    /** @return EvictionWork */
    Time GetEvictionWork() const
    {
        return m_evictionWork;
    }

  private:
    Time m_refillTime;   ///< refill of a wholly evicted working state (attribute)
    Time m_evictionWork; ///< foreign CPU time that evicts 1 - 1/e of it (attribute)
};

} // namespace ns3

#endif // CACHE_INTERFERENCE_H
