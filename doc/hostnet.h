/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

/**
 * @defgroup hostnet End-host model (hostnet)
 *
 * NIC FIFO, DMA descriptor ring, interrupt moderation, OS receive modes and a CPU shared
 * by hard IRQs, softirqs and tasks, inside ns-3 topologies. See doc/hostnet.rst.
 */

/**
 * @defgroup hostnet-tests hostnet tests
 * @ingroup hostnet
 *
 * The hostnet-* test suites.
 */
