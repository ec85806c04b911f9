/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Standalone test runner: every hostnet-* TestSuite is linked into this program.
// Usage: hostnet-test-runner --suite=hostnet-cpu [--verbose] [--fullness=EXTENSIVE]

#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
