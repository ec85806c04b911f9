/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// RingFifo, the per-packet FIFO: order across wrap-around and growth, release on pop.

#include "ns3/packet.h"
#include "ns3/ring-fifo.h"
#include "ns3/test.h"

#include <deque>

using namespace ns3;

/**
 * Against std::deque as the reference: 10,000 pushes and pops in bursts of varying size
 * (so that the head wraps around at every capacity and the storage grows from 8 to 64
 * slots), every front and every indexed element equal; a popped packet is released at once
 * (its reference count drops back), and clear() keeps working storage.
 */
class RingFifoTestCase : public TestCase
{
  public:
    RingFifoTestCase()
        : TestCase("RingFifo keeps FIFO order like std::deque and releases popped elements")
    {
    }

  private:
    void DoRun() override
    {
        RingFifo<int> fifo;
        std::deque<int> reference;
        int next = 0;
        for (int round = 0; round < 500; ++round)
        {
            int pushes = 1 + (round * 7) % 40; // up to 40 queued: capacity 64
            for (int i = 0; i < pushes; ++i)
            {
                fifo.push_back(next);
                reference.push_back(next);
                ++next;
            }
            NS_TEST_ASSERT_MSG_EQ(fifo.size(), reference.size(), "same size after pushes");
            for (std::size_t i = 0; i < reference.size(); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(fifo[i], reference[i], "element " << i);
            }
            int pops = std::min<int>(reference.size(), 1 + (round * 11) % 45);
            for (int i = 0; i < pops; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(fifo.front(), reference.front(), "same head");
                fifo.pop_front();
                reference.pop_front();
            }
        }
        NS_TEST_ASSERT_MSG_EQ(fifo.empty(), reference.empty(), "same emptiness at the end");

        RingFifo<Ptr<Packet>> packets;
        Ptr<Packet> p = Create<Packet>(100);
        packets.push_back(p);
        NS_TEST_ASSERT_MSG_EQ(p->GetReferenceCount(), 2, "held by the FIFO and here");
        packets.pop_front();
        NS_TEST_ASSERT_MSG_EQ(p->GetReferenceCount(), 1, "released by pop_front");
        packets.push_back(p);
        packets.push_back(p);
        packets.clear();
        NS_TEST_ASSERT_MSG_EQ(p->GetReferenceCount(), 1, "released by clear");
        NS_TEST_ASSERT_MSG_EQ(packets.empty(), true, "empty after clear");
        packets.push_back(p);
        NS_TEST_ASSERT_MSG_EQ(packets.front(), p, "usable after clear");
    }
};

/// hostnet-ring-fifo: the FIFO of the per-packet path.
class RingFifoTestSuite : public TestSuite
{
  public:
    RingFifoTestSuite()
        : TestSuite("hostnet-ring-fifo", Type::UNIT)
    {
        AddTestCase(new RingFifoTestCase, TestCase::Duration::QUICK);
    }
};

/// The suite's instance.
static RingFifoTestSuite g_ringFifoTestSuite;
