/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef KEY_VALUE_CLIENT_HELPER_H
#define KEY_VALUE_CLIENT_HELPER_H

#include "ns3/address.h"
#include "ns3/application-container.h"
#include "ns3/application-helper.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Installs KeyValueClient applications (the agents of a mutilate-like load
 *        generator).
 */
class KeyValueClientHelper : public ApplicationHelper
{
  public:
    using ApplicationHelper::AssignStreams;

    /**
     * @brief Create a helper for agents of one server.
     * @param remote the server's InetSocketAddress (the agents' Remote attribute)
     */
    explicit KeyValueClientHelper(const Address& remote);

    /**
     * @brief Set an attribute of the agents to create.
     *
     * Stops with a message naming the attribute, the value and what is allowed if the
     * attribute does not exist or refuses the value.
     * @param name attribute name
     * @param value its value
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Fix the random streams of the agents.
     * @param apps agents made by this helper (other applications are skipped)
     * @param stream first stream index
     * @return the number of streams used
     */
    static int64_t AssignStreams(const ApplicationContainer& apps, int64_t stream);
};

} // namespace ns3

#endif // KEY_VALUE_CLIENT_HELPER_H
