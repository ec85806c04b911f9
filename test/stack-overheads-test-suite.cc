/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Validation of the modern host's cost model against Cai et al., "Understanding Host
// Network Stack Overheads" (SIGCOMM 2021), one 100 Gb/s flow between two mlx5-100g hosts
// under their seven optimisation sets (SingleFlowExperiment), and the mechanisms the
// calibration rests on: TSO sends per transmit call charged to the sending context, the
// copy in the reading task, and locality.

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/published-results.h"

#include <cmath>
#include <iostream>
#include <map>

using namespace ns3;

namespace
{

/**
 * The calibrated mlx5-100g preset against the published single-flow table: throughput per
 * core within 15 % for six configurations, no-opts within its stated band (+30 to +90 %:
 * the linear per-packet/per-byte model cannot fit both no-opts and jumbo, see
 * doc/validation.rst), the receiver's copy share within 5 points where published
 * (no-opts: 10 points), and aRFS's gain (tsogro+arfs / tsogro) within 15 % of theirs.
 */
class CaiSingleFlowTestCase : public TestCase
{
  public:
    CaiSingleFlowTestCase()
        : TestCase("mlx5-100g single flow: Cai et al. 2021's seven configurations within the "
                   "stated bands")
    {
    }

  private:
    void DoRun() override
    {
        std::map<std::string, SingleFlowExperiment::Result> sim;
        std::map<std::string, PublishedResults::Cai2021SingleFlow> pub;
        for (const auto& p : PublishedResults::GetCai2021SingleFlow())
        {
            SingleFlowExperiment::Config c;
            c.tsoGro = p.tsoGro;
            c.jumbo = p.jumbo;
            c.arfs = p.arfs;
            // 40 ms: the window of one 100 Gb/s flow is still growing after 5 ms, and with
            // the CQE moderation profile the flow is then latency-bound, not CPU-bound.
            c.warmup = MilliSeconds(40);
            c.measure = MilliSeconds(10);
            SingleFlowExperiment::Result r = SingleFlowExperiment::Run(c);
            sim[p.name] = r;
            pub[p.name] = p;
            double dev = r.perCoreGbps / p.perCoreGbps - 1;
            std::cout << p.name << ": per core " << r.perCoreGbps << " Gb/s (published "
                      << p.perCoreGbps << ", " << 100 * dev << " %), copy share " << r.rxCopyShare
                      << " % (published " << p.rxCopyShare << ")\n";
            if (p.name == "no-opts")
            {
                NS_TEST_EXPECT_MSG_GT(dev, 0.3, "no-opts: above the published value, as stated");
                NS_TEST_EXPECT_MSG_LT(dev, 0.9, "no-opts: within the stated band");
            }
            else
            {
                NS_TEST_EXPECT_MSG_LT(std::abs(dev), 0.15, p.name << ": per core within 15 %");
            }
            if (!std::isnan(p.rxCopyShare))
            {
                double band = p.name == "no-opts" ? 10 : 5;
                NS_TEST_EXPECT_MSG_LT(std::abs(r.rxCopyShare - p.rxCopyShare),
                                      band,
                                      p.name << ": receiver copy share");
            }
        }
        double gainSim = sim["tsogro+arfs"].perCoreGbps / sim["tsogro"].perCoreGbps;
        double gainPub = pub["tsogro+arfs"].perCoreGbps / pub["tsogro"].perCoreGbps;
        std::cout << "aRFS gain: " << gainSim << " (published " << gainPub << ")\n";
        NS_TEST_EXPECT_MSG_LT(std::abs(gainSim / gainPub - 1), 0.15, "aRFS doubles per-core");
        // Without aRFS the two receiver cores share the work; with it one core does it all.
        NS_TEST_EXPECT_MSG_GT(sim["tsogro"].rxUtilisation, 130, "two cores busy without aRFS");
        NS_TEST_EXPECT_MSG_LT(sim["all-opts"].rxUtilisation, 100.5, "one core with aRFS");
    }
};

/**
 * TSO sends per transmit call: a window-limited sender makes its sends in the softirq that
 * processes the ACKs; a writer-limited one also in its writes (sendmsg: ns-3 transmits one
 * time step after Socket::Send), and then its task pays them; a send never spans two
 * transmit calls and never exceeds 64 KB.
 */
class TsoContextTestCase : public TestCase
{
  public:
    TsoContextTestCase()
        : TestCase("TSO per transmit call: sends charged to the writer's task or the ACK's softirq")
    {
    }

  private:
    void DoRun() override
    {
        SingleFlowExperiment::Config c;
        c.warmup = MilliSeconds(3);
        c.measure = MilliSeconds(5);
        SingleFlowExperiment::Result acked = SingleFlowExperiment::Run(c);
        // A writer copying at 8 Gb/s cannot fill the window: TCP sends in each write.
        c.writerCopyBps = 8000000000ULL;
        SingleFlowExperiment::Result written = SingleFlowExperiment::Run(c);
        for (const auto* r : {&acked, &written})
        {
            double perSend = double(r->txFrames) / r->txSends;
            double txInTask = r->txTaskSeconds - r->txCopySeconds - r->txWrites * 1e-6;
            std::cout << r->throughputGbps << " Gb/s: " << r->txFrames << " frames in "
                      << r->txSends << " sends (" << perSend << " per send), " << r->txSendsByTask
                      << " made in sendmsg; writer task " << r->txTaskSeconds * 1e3
                      << " ms, copies " << r->txCopySeconds * 1e3 << " ms, " << r->txWrites
                      << " writes, rest " << txInTask * 1e6 << " us\n";
            // No send is larger than 64 KB (45 segments of 1448 bytes).
            NS_TEST_ASSERT_MSG_LT(perSend, 45.3, "a send is at most 64 KB");
        }
        NS_TEST_ASSERT_MSG_GT(double(acked.txFrames) / acked.txSends,
                              4.0,
                              "the segments one ACK releases form one send");
        NS_TEST_ASSERT_MSG_LT(double(acked.txSendsByTask),
                              0.05 * acked.txSends,
                              "window-limited: the softirq that processes ACKs sends");
        // Each write hands TCP 90 segments; it sends what the window allows at once (in
        // sendmsg: one send per write here), the rest as ACKs return.
        NS_TEST_ASSERT_MSG_GT(double(written.txSendsByTask),
                              0.8 * written.txWrites,
                              "writer-limited: each write sends in sendmsg");
        NS_TEST_ASSERT_MSG_GT(double(written.txSendsByTask),
                              0.2 * written.txSends,
                              "writer-limited: a good share of the sends are the task's");
        // The writer's task paid, besides its system calls (1 us) and copies, at least the
        // TxCost (0.3 us) of every send its writes made.
        double rest = written.txTaskSeconds - written.txCopySeconds - written.txWrites * 1e-6;
        NS_TEST_ASSERT_MSG_GT(rest,
                              written.txSendsByTask * 0.3e-6 * 0.99,
                              "sendmsg's transmits are the task's work");
    }
};

/**
 * Locality, exact arithmetic: the reader's copy time is bytes / RecvCopyRate (76 Gb/s)
 * times 1 when its own core processed the data on the NIC's node (aRFS on core 0), times
 * CrossCoreCopyFactor 1.3 when core 1 did (no aRFS), times RemoteNumaFactor 2 when it reads
 * on core 1, on the other node (aRFS on core 1); and the remote node's softirq work makes
 * that placement's throughput per core lower than on the NIC's node.
 */
class LocalityTestCase : public TestCase
{
  public:
    LocalityTestCase()
        : TestCase("Locality: copy slowed by cross-core and remote-node placement as configured")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            bool arfs;
            uint32_t appCore;
            double factor;
        };

        double local = 0;
        for (const Case& k : {Case{true, 0, 1.0}, Case{false, 0, 1.3}, Case{true, 1, 2.0}})
        {
            SingleFlowExperiment::Config c;
            c.arfs = k.arfs;
            c.appCore = k.appCore;
            c.warmup = MilliSeconds(3);
            c.measure = MilliSeconds(10);
            SingleFlowExperiment::Result r = SingleFlowExperiment::Run(c);
            double window = c.measure.GetSeconds();
            double copySeconds = r.rxCopyShare / 100 * r.rxUtilisation / 100 * window;
            double bytes = r.throughputGbps * 1e9 / 8 * window;
            double expected = bytes * 8 / 76e9 * k.factor;
            std::cout << "aRFS " << k.arfs << ", application core " << k.appCore << ": "
                      << r.throughputGbps << " Gb/s, " << r.perCoreGbps << " per core, copy "
                      << copySeconds * 1e3 << " ms (expected " << expected * 1e3 << ")\n";
            // Copies are charged when a read starts, bytes counted when it ends: one
            // 128 KB read of slack in a window of thousands.
            NS_TEST_EXPECT_MSG_EQ_TOL(copySeconds, expected, expected * 0.02, "copy time");
            if (k.appCore == 0 && k.arfs)
            {
                local = r.perCoreGbps;
            }
            else if (k.arfs)
            {
                NS_TEST_EXPECT_MSG_LT(r.perCoreGbps, 0.7 * local, "the remote node costs");
            }
        }
    }
};

/// hostnet-stack-overheads: the cost model against Cai et al. (SIGCOMM 2021).
class StackOverheadsTestSuite : public TestSuite
{
  public:
    StackOverheadsTestSuite()
        : TestSuite("hostnet-stack-overheads", Type::SYSTEM)
    {
        AddTestCase(new TsoContextTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LocalityTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CaiSingleFlowTestCase, TestCase::Duration::QUICK);
    }
};

/// The suite instance.
StackOverheadsTestSuite g_stackOverheadsTestSuite;

} // namespace
