/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef BYTE_TIME_CACHE_H
#define BYTE_TIME_CACHE_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief DataRate::CalculateBytesTxTime with the last answer remembered.
 *
 * The exact division behind it costs hundreds of instructions, and a ring or a cost model
 * asks it once per packet, mostly for the size it asked last (a flood, a bulk transfer).
 * The answer is the same Time either way.
 */
class ByteTimeCache
{
  public:
    /**
     * @param rate the rate
     * @param bytes the size
     * @return the time @p bytes take at @p rate
     */
    Time Get(const DataRate& rate, uint32_t bytes)
    {
        if (bytes != m_bytes || rate != m_rate || !m_valid)
        {
            m_rate = rate;
            m_bytes = bytes;
            m_time = rate.CalculateBytesTxTime(bytes);
            m_valid = true;
        }
        return m_time;
    }

  private:
    DataRate m_rate;     ///< rate of the remembered answer
    uint32_t m_bytes{0}; ///< size of the remembered answer
    Time m_time;         ///< the remembered answer
    bool m_valid{false}; ///< an answer is remembered
};

} // namespace ns3

#endif // BYTE_TIME_CACHE_H
