/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "ipv4-tcp-view.h"

#include "ns3/fatal-error.h"

#include <exception>

namespace ns3
{

void
Ipv4TcpView::Misuse()
{
    NS_FATAL_ERROR("Ipv4TcpView: a field read outside the copied bytes, an IPv4 field of a "
                   "view made by AtTransport, or more than MAX_BYTES asked");
    std::terminate(); // not reached: NS_FATAL_ERROR terminates
}

} // namespace ns3
