/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-ring: NIC FIFO, DMA and descriptor ring at hand-computed points.

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/packet.h"
#include "ns3/rx-ring.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/tx-ring.h"
#include "ns3/uinteger.h"

using namespace ns3;

namespace
{

/// A 100-byte frame.
RxFrame
Frame100()
{
    RxFrame f;
    f.packet = Create<Packet>(100);
    f.size = 100;
    return f;
}

/// Make a ring of 4 descriptors, tail writes of 2, a 300-byte FIFO, DMA 1 byte/us.
Ptr<RxRing>
MakeSmallRing(bool dropWhenNoDescriptor)
{
    auto ring = CreateObject<RxRing>();
    ring->SetAttribute("Descriptors", UintegerValue(4));
    ring->SetAttribute("TailWriteBatch", UintegerValue(2));
    ring->SetAttribute("FifoSize", UintegerValue(300));
    ring->SetAttribute("BusRate", DataRateValue(DataRate("8Mbps")));
    ring->SetAttribute("DropWhenNoDescriptor", BooleanValue(dropWhenNoDescriptor));
    ring->Initialize();
    return ring;
}

/// Record the time of each of a ring's write-backs (frame-ready callbacks) in @p times.
void
RecordWriteBacks(Ptr<RxRing> ring, std::vector<Time>* times)
{
    ring->SetFrameReadyCallback(MakeCallback(+[](std::vector<Time>* v, uint32_t) {
                                    v->push_back(Simulator::Now());
                                }).Bind(times));
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief FIFO overrun, waiting for descriptors, and batched tail writes.
 *
 * t=0: five 100-byte frames; the 300-byte FIFO takes three, two overrun. DMA (100 us
 * each) ends at 100, 200, 300 us: 1 descriptor left. t=400: F4 (DMA 400-500, last
 * descriptor) and F5 (waits in the FIFO: no descriptor). t=600: the host pops and returns
 * one descriptor: no tail write yet (batch 2), F5 still waits at 650. t=700: a second
 * return triggers the tail write: F5's DMA runs 700-800.
 */
class RingWaitTestCase : public TestCase
{
  public:
    RingWaitTestCase()
        : TestCase("fifo-overrun, descriptor starvation and tail-write batches")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RxRing> ring = MakeSmallRing(false);
        std::vector<Time> ready;
        RecordWriteBacks(ring, &ready);
        Simulator::Schedule(Seconds(0), [&]() {
            for (int i = 0; i < 5; ++i)
            {
                ring->Receive(Frame100());
            }
            NS_TEST_EXPECT_MSG_EQ(ring->GetDrops(RxRing::FIFO_OVERRUN), 2, "300 B FIFO");
        });
        Simulator::Schedule(MicroSeconds(400), [&]() {
            ring->Receive(Frame100());
            ring->Receive(Frame100());
        });
        Simulator::Schedule(MicroSeconds(600), [&]() {
            ring->PopReady();
            ring->ReturnDescriptors(1);
        });
        Simulator::Schedule(MicroSeconds(650), [&]() {
            NS_TEST_EXPECT_MSG_EQ(ring->GetNFifoFrames(), 1, "F5 waits for a descriptor");
            NS_TEST_EXPECT_MSG_EQ(ring->GetTailWrites(), 0, "one returned: no tail write");
            NS_TEST_EXPECT_MSG_EQ(ring->GetPendingTailDescriptors(), 1, "pending");
        });
        Simulator::Schedule(MicroSeconds(700), [&]() {
            ring->PopReady();
            ring->ReturnDescriptors(1);
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ready.size(), 5, "five frames reached memory");
        std::vector<Time> expected{MicroSeconds(100),
                                   MicroSeconds(200),
                                   MicroSeconds(300),
                                   MicroSeconds(500),
                                   MicroSeconds(800)};
        for (size_t i = 0; i < expected.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(ready[i], expected[i], "write-back time of frame " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(ring->GetTailWrites(), 1, "one tail write of 2 descriptors");
        NS_TEST_ASSERT_MSG_EQ(ring->GetNicDescriptors(), 1, "4 - 5 used + 2 returned");
        NS_TEST_ASSERT_MSG_EQ(ring->GetNReady(), 3, "5 in memory - 2 popped");
        NS_TEST_ASSERT_MSG_EQ(ring->GetDrops(RxRing::NO_DESCRIPTOR), 0, "waiting, no drop");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief DMAs without events while nobody wants write-backs (RxRing::SetWriteBackWantedCallback).
 *
 * RingWaitTestCase's first frames: three 100-byte frames at t=0, DMA 100 us each, with the
 * write-back-wanted callback false. No event is scheduled for them, and no frame-ready
 * callback runs, yet a look at t=150 finds F1 in memory since 100 us (F2 still in DMA) and
 * a look at t=250 finds F2 (in memory since 200). At t=250 the callback becomes true and
 * WriteBackWanted gives F3's DMA its event: its frame-ready callback runs at 300 us, the
 * only one. All three frames carry the DMA times of the event-driven ring.
 */
class RingLazyDmaTestCase : public TestCase
{
  public:
    RingLazyDmaTestCase()
        : TestCase("DMA without events while no write-back is wanted, exact times")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RxRing> ring = MakeSmallRing(false);
        std::vector<Time> ready;
        RecordWriteBacks(ring, &ready);
        bool wanted = false;
        ring->SetWriteBackWantedCallback(MakeCallback(+[](bool* w) { return *w; }).Bind(&wanted));
        std::vector<RxFrame> popped;
        uint64_t eventsBefore = 0;
        Simulator::Schedule(Seconds(0), [&]() {
            for (int i = 0; i < 3; ++i)
            {
                ring->Receive(Frame100());
            }
            eventsBefore = Simulator::GetEventCount();
        });
        Simulator::Schedule(MicroSeconds(150), [&]() {
            // One event ran since t=0: this one (no DMA event in between).
            NS_TEST_EXPECT_MSG_EQ(Simulator::GetEventCount() - eventsBefore,
                                  1,
                                  "no DMA event ran between 0 and 150 us");
            NS_TEST_EXPECT_MSG_EQ(ring->GetNReady(), 1, "F1 in memory at 100 us");
            NS_TEST_EXPECT_MSG_EQ(ring->GetNFifoFrames(), 2, "F2 in DMA, F3 waiting");
            popped.push_back(ring->PopReady());
        });
        Simulator::Schedule(MicroSeconds(250), [&]() {
            NS_TEST_EXPECT_MSG_EQ(ring->HasReady(), true, "F2 in memory at 200 us");
            popped.push_back(ring->PopReady());
            wanted = true;
            ring->WriteBackWanted();
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ready.size(), 1, "only F3's write-back was wanted");
        NS_TEST_EXPECT_MSG_EQ(ready[0], MicroSeconds(300), "F3 reached memory at 300 us");
        NS_TEST_ASSERT_MSG_EQ(popped.size(), 2, "F1 and F2 popped");
        for (size_t i = 0; i < popped.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(popped[i].dmaStart,
                                  MicroSeconds(100 * i),
                                  "DMA start of frame " << i);
            NS_TEST_EXPECT_MSG_EQ(popped[i].inMemory,
                                  MicroSeconds(100 * (i + 1)),
                                  "write-back time of frame " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(ring->GetNReady(), 1, "F3 in memory");
        NS_TEST_EXPECT_MSG_EQ(ring->GetNicDescriptors(), 1, "4 - 3 used");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief With DropWhenNoDescriptor the frame that finds no descriptor is dropped.
 *
 * Same schedule as RingWaitTestCase: at t=400 F4 takes the last descriptor and F5 is
 * dropped as no-descriptor at once.
 */
class RingNoDescriptorTestCase : public TestCase
{
  public:
    RingNoDescriptorTestCase()
        : TestCase("no-descriptor drop when the NIC does not wait")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RxRing> ring = MakeSmallRing(true);
        Simulator::Schedule(Seconds(0), [&]() {
            for (int i = 0; i < 3; ++i)
            {
                ring->Receive(Frame100());
            }
        });
        Simulator::Schedule(MicroSeconds(400), [&]() {
            bool f4 = ring->Receive(Frame100());
            bool f5 = ring->Receive(Frame100());
            NS_TEST_EXPECT_MSG_EQ(f4, true, "F4 takes the last descriptor");
            NS_TEST_EXPECT_MSG_EQ(f5, false, "F5 finds none");
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ring->GetDrops(RxRing::NO_DESCRIPTOR), 1, "F5 dropped");
        NS_TEST_ASSERT_MSG_EQ(ring->GetDrops(RxRing::FIFO_OVERRUN), 0, "no overrun");
        NS_TEST_ASSERT_MSG_EQ(ring->GetNReady(), 4, "four frames in memory");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The Tx ring hands frames to the PHY in order, two at most, and frees on completion.
 */
class TxRingTestCase : public TestCase
{
  public:
    TxRingTestCase()
        : TestCase("tx ring: DMA, hand-over limit and completions")
    {
    }

  private:
    void DoRun() override
    {
        auto ring = CreateObject<TxRing>();
        ring->SetAttribute("Descriptors", UintegerValue(3));
        ring->SetAttribute("BusRate", DataRateValue(DataRate("8Mbps"))); // 100 B = 100 us
        std::vector<Time> handed;
        uint32_t freed = 0;
        ring->SetTransmitCallback(
            MakeCallback(+[](std::vector<Time>* v, Ptr<Packet>, const Address&, uint16_t) {
                v->push_back(Simulator::Now());
                return true;
            }).Bind(&handed),
            true);
        ring->SetDescriptorFreedCallback(MakeCallback(+[](uint32_t* n) { (*n)++; }).Bind(&freed));
        Simulator::Schedule(Seconds(0), [&]() {
            for (int i = 0; i < 3; ++i)
            {
                ring->Enqueue(Create<Packet>(100), Address(), 0x0800);
            }
            NS_TEST_EXPECT_MSG_EQ(ring->IsFull(), true, "3 of 3 descriptors used");
        });
        // The PHY reports the end of the first frame at 1 ms.
        Simulator::Schedule(MilliSeconds(1), [&]() { ring->NotifyTransmitted(); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(handed.size(), 3, "all three reach the PHY");
        NS_TEST_EXPECT_MSG_EQ(handed[0], MicroSeconds(100), "first DMA 0-100 us");
        NS_TEST_EXPECT_MSG_EQ(handed[1], MicroSeconds(200), "second DMA 100-200 us");
        NS_TEST_EXPECT_MSG_EQ(handed[2], MicroSeconds(1100), "third waits for a completion");
        NS_TEST_EXPECT_MSG_EQ(freed, 1, "one completion reported");
        NS_TEST_EXPECT_MSG_EQ(ring->GetNInUse(), 2, "two still at the PHY");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-ring suite.
 */
class RxRingTestSuite : public TestSuite
{
  public:
    RxRingTestSuite()
        : TestSuite("hostnet-ring", Type::UNIT)
    {
        AddTestCase(new RingWaitTestCase, TestCase::Duration::QUICK);
        AddTestCase(new RingNoDescriptorTestCase, TestCase::Duration::QUICK);
        AddTestCase(new RingLazyDmaTestCase, TestCase::Duration::QUICK);
        AddTestCase(new TxRingTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static RxRingTestSuite g_rxRingTestSuite;
