/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef REQUEST_RESPONSE_HELPER_H
#define REQUEST_RESPONSE_HELPER_H

#include "ns3/address.h"
#include "ns3/application-container.h"
#include "ns3/application-helper.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Installs RequestResponseServer applications.
 */
class RequestResponseServerHelper : public ApplicationHelper
{
  public:
    using ApplicationHelper::AssignStreams;

    /**
     * @brief Create a helper for servers listening on a port.
     * @param port the port the servers listen on (their Port attribute)
     */
    explicit RequestResponseServerHelper(uint16_t port = 5000);

    /**
     * @brief Fix the random streams of the servers.
     * @param apps servers made by this helper
     * @param stream first stream index
     * @return the number of streams used
     */
    static int64_t AssignStreams(const ApplicationContainer& apps, int64_t stream);
};

/**
 * @ingroup hostnet
 * @brief Installs RequestResponseClient applications.
 */
class RequestResponseClientHelper : public ApplicationHelper
{
  public:
    using ApplicationHelper::AssignStreams;

    /**
     * @brief Create a helper for clients of one server.
     * @param remote the server's InetSocketAddress (the clients' Remote attribute)
     */
    explicit RequestResponseClientHelper(const Address& remote);

    /**
     * @brief Draw request and response sizes from a published workload.
     *
     * - "fixed": the RequestSize and ResponseSize attributes (the default).
     * - "etc": Facebook's ETC memcached pool (Atikoglu et al., SIGMETRICS 2012): a GET
     *   request carries a key whose size follows their generalized extreme value fit
     *   (location 30.7984, scale 8.20449, shape 0.078688 bytes), and its response a value of
     *   their generalized Pareto fit (location 0, scale 214.476, shape 0.348238 bytes; median
     *   168 B, mean 329 B, p99 2.4 KB), capped at memcached's 1 MB item limit. Each message
     *   adds the 24-byte RequestResponseHeader (memcached's binary header is 24 bytes too).
     *   Each client gets its own pair of random variables (RequestSizes, ResponseSizes),
     *   inverse-CDF tables of the fits with linear interpolation.
     *
     * Stops with a message listing the names for an unknown @p name.
     * @param name the workload (see GetSizeWorkloadNames)
     */
    void SetSizeWorkload(const std::string& name);

    /** @return the names SetSizeWorkload accepts */
    static std::vector<std::string> GetSizeWorkloadNames();

    /**
     * @brief Fix the random streams of the clients.
     * @param apps clients made by this helper
     * @param stream first stream index
     * @return the number of streams used
     */
    static int64_t AssignStreams(const ApplicationContainer& apps, int64_t stream);

  protected:
    /**
     * @brief Create a client with the helper's attributes and, for the "etc" workload, its
     * own pair of size variables.
     * @param node where to install it
     * @return the client
     */
    Ptr<Application> DoInstall(Ptr<Node> node) override;

  private:
    std::string m_workload{"fixed"}; ///< size workload (SetSizeWorkload)
};

} // namespace ns3

#endif // REQUEST_RESPONSE_HELPER_H
