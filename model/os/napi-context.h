/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef NAPI_CONTEXT_H
#define NAPI_CONTEXT_H

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief What a core's NET_RX softirq (SoftnetData) polls: a struct napi_struct.
 *
 * A device queue's NAPI context (NapiRxMode) and a core's RPS backlog (RpsBacklog,
 * process_backlog) share the poll list of the core that serves them.
 */
class NapiContext
{
  public:
    virtual ~NapiContext() = default;

    /**
     * @brief One poll call (napi->poll): process up to the context's weight, then report
     * back through SoftnetData::PollReturned.
     */
    virtual void Poll() = 0;

    /** @brief The softirq round ended after this context's poll call (time_squeeze). */
    virtual void NotifyTimeSqueeze() = 0;
};

} // namespace ns3

#endif // NAPI_CONTEXT_H
