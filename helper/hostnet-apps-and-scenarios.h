/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOSTNET_APPS_AND_SCENARIOS_H
#define HOSTNET_APPS_AND_SCENARIOS_H

/**
 * @file
 * @ingroup hostnet
 * The module headers of hostnet's two other libraries, for ns3/hostnet-module.h.
 *
 * hostnet is three libraries: hostnet (the host path), hostnet-apps (the applications and
 * their helpers) and hostnet-scenarios (the scenarios, routing and MPI helpers), each with
 * its module header. hostnet-module.h, the module header of the first, includes this header,
 * so a script that includes hostnet-module.h alone sees the whole module, as before the
 * split (it links the libraries whose classes it uses). No source of the module includes
 * it: the host path does not depend on the applications or the scenarios.
 */

#include "ns3/hostnet-apps-module.h"
#include "ns3/hostnet-scenarios-module.h"

#endif // HOSTNET_APPS_AND_SCENARIOS_H
