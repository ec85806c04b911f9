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

/**
 * @defgroup hostnet-validation hostnet validation library
 * @ingroup hostnet
 *
 * The papers' analytic models, the estimators and the published results that the tests and
 * the paper examples compare the simulation with (validation/, library hostnet-validation).
 * No simulation uses them: they are built beside the module, linked by its tests and
 * examples only, and not installed with it.
 */
