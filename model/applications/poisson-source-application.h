/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef POISSON_SOURCE_APPLICATION_H
#define POISSON_SOURCE_APPLICATION_H

#include "datagram-source-application.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief UDP datagrams at Poisson times: the open-loop load of Salah et al. 2007.
 *
 * A DatagramSourceApplication whose Interval is exponential with mean 1/Rate. Setting
 * Interval replaces it (Rate then no longer applies).
 */
class PoissonSourceApplication : public DatagramSourceApplication
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PoissonSourceApplication();
    ~PoissonSourceApplication() override;

  private:
    /**
     * @brief Set the mean rate.
     * @param rate datagrams per second (> 0)
     */
    void SetRate(double rate);

    /** @return the mean rate in datagrams per second */
    double GetRate() const;

    Ptr<ExponentialRandomVariable> m_gap; ///< exponential intervals with mean 1/Rate
    double m_rate{1000};                  ///< mean datagrams per second (attribute)
};

} // namespace ns3

#endif // POISSON_SOURCE_APPLICATION_H
