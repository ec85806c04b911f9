/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef CONSTANT_RATE_SOURCE_APPLICATION_H
#define CONSTANT_RATE_SOURCE_APPLICATION_H

#include "datagram-source-application.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief UDP datagrams at a constant rate: the deterministic arrivals of Chang et al. 2008 and
 * Gebert et al. 2016.
 *
 * A DatagramSourceApplication whose Interval is the constant 1/Rate; the first datagram
 * leaves at the start. Setting Interval replaces it (Rate then no longer applies).
 */
class ConstantRateSourceApplication : public DatagramSourceApplication
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ConstantRateSourceApplication();
    ~ConstantRateSourceApplication() override;

  protected:
    Time FirstSendDelay() override;

  private:
    /**
     * @brief Set the rate.
     * @param rate datagrams per second (> 0)
     */
    void SetRate(double rate);

    /** @return the rate in datagrams per second */
    double GetRate() const;

    Ptr<ConstantRandomVariable> m_gap; ///< the constant interval 1/Rate
    double m_rate{1000};               ///< datagrams per second (attribute)
};

} // namespace ns3

#endif // CONSTANT_RATE_SOURCE_APPLICATION_H
