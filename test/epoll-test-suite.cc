/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-epoll: epoll_wait returns, sleeps and busy-polls as ep_poll does; the epoll busy
// loop polls the NAPI context in the thread; IRQ suspension keeps the interrupt masked while
// busy polling finds events and lets it go after the timeout or when polling stops; a threaded
// NAPI instance runs at TASK level and is preempted by hard IRQs; a prefer-busy poller makes
// the softirq yield. All at hand-computed
// instants on the deterministic host (ISR 3 us, protocol 5 us, unmask write 0.5 us, DMA 1 ns).

#include "hostnet-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/epoll-instance.h"
#include "ns3/host-net-queue.h"
#include "ns3/napi-rx-mode.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <iomanip>

using namespace ns3;
using namespace hostnet_test;

namespace
{

/// The deterministic host with Linux NAPI (ISR 3 us, protocol 5 us, unmask write 0.5 us).
HostNetDeviceHelper
NapiHelper()
{
    HostNetDeviceHelper helper = DeterministicHelper();
    helper.SetRxMode("ns3::NapiRxMode");
    return helper;
}

/// One application thread looping on epoll_wait, working @p work after each return.
struct EpollApp
{
    Ptr<HostCpu> cpu;             ///< the CPU
    HostCpu::TaskId task{0};      ///< the thread
    Ptr<EpollInstance> epoll;     ///< its epoll instance
    int32_t timeoutMs{-1};        ///< epoll_wait timeout
    std::vector<Time> work;       ///< work after the i-th return with events (last repeats)
    std::vector<Time> returns;    ///< instants of the returns
    std::vector<uint32_t> events; ///< events per return
    bool stopOnEmpty{true};       ///< a return without events ends the loop
    uint32_t withEvents{0};       ///< returns with events so far

    /// The thread enters epoll_wait (from its own work).
    void Wait()
    {
        epoll->Wait(timeoutMs, MakeCallback(&EpollApp::Returned, this));
    }

    /// epoll_wait returned.
    void Returned(const std::vector<uint32_t>& ready)
    {
        returns.push_back(Simulator::Now());
        events.push_back(ready.size());
        if (ready.empty() && stopOnEmpty)
        {
            return;
        }
        Time w =
            work.empty() ? MicroSeconds(10) : work[std::min<size_t>(withEvents, work.size() - 1)];
        withEvents += ready.empty() ? 0 : 1;
        cpu->SubmitTask(task, w, MakeCallback(&EpollApp::Wait, this));
    }

    /// Socket data: ep_poll_callback for item 0.
    void Delivered(Ptr<const Packet>, Time)
    {
        epoll->NotifyReady(0);
    }
};

/// A deterministic host, an epoll thread on core 0 that enters epoll_wait at 0.
struct EpollHost
{
    HostPair pair;               ///< sender and host
    EpollApp app;                ///< the thread
    std::vector<Time> delivered; ///< delivery instants

    /**
     * @param helper the host's helper
     * @param epoll attributes of the epoll instance (name, value pairs)
     */
    EpollHost(const HostNetDeviceHelper& helper,
              const std::vector<std::pair<std::string, std::string>>& epoll)
    {
        pair = MakeHostPair(helper);
        app.cpu = pair.host->GetCpu();
        app.task = app.cpu->CreateTask("app", false, 0);
        app.epoll = CreateObject<EpollInstance>();
        for (const auto& [name, value] : epoll)
        {
            app.epoll->SetAttribute(name, StringValue(value));
        }
        app.epoll->Setup(app.cpu, app.task, HostNetStack::GetOrCreate(pair.receiver), 1);
        pair.host->TraceConnectWithoutContext("Delivered",
                                              MakeCallback(&EpollApp::Delivered, &app));
        pair.host->TraceConnectWithoutContext("Delivered",
                                              MakeBoundCallback(&RecordDelivery, &delivered));
        app.cpu->SubmitTask(app.task, Time(0), MakeCallback(&EpollApp::Wait, &app));
    }

    /// @return the NAPI context of queue 0
    Ptr<NapiRxMode> Napi() const
    {
        return DynamicCast<NapiRxMode>(pair.host->GetQueue(0)->GetRxMode());
    }
};

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief A test case comparing instants with hand-computed microseconds.
 */
class EpollCase : public TestCase
{
  public:
    /// @param name the test name
    explicit EpollCase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * Compare instants with microseconds (to 1 ps).
     * @param got the instants
     * @param us the hand-computed instants
     * @param what the case, for messages
     */
    void ExpectUs(const std::vector<Time>& got,
                  const std::vector<double>& us,
                  const std::string& what)
    {
        std::ostringstream all;
        all << std::setprecision(10);
        for (const auto& t : got)
        {
            all << t.GetSeconds() * 1e6 << " ";
        }
        NS_TEST_ASSERT_MSG_EQ(got.size(), us.size(), what << ": count (got " << all.str() << ")");
        for (size_t i = 0; i < got.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(got[i].GetSeconds() * 1e6,
                                      us[i],
                                      1e-6,
                                      what << " #" << i << " (got " << all.str() << ")");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief epoll_wait without busy polling: it sleeps, a delivery wakes it, 0 returns at once,
 * a timeout returns 0 after its time.
 *
 * A frame at 10 us: ISR 10.001-13.001, protocol 13.001-18.001 (delivered, the thread woken),
 * unmask write in the softirq until 18.501: epoll_wait returns at 18.501 with one event.
 * After 10 us of work the thread calls epoll_wait(1 ms) at 28.501: nothing, it returns 0 at
 * 1028.501. A second host calls epoll_wait(0): it returns 0 at once.
 */
class EpollWaitTestCase : public EpollCase
{
  public:
    EpollWaitTestCase()
        : EpollCase("epoll_wait: sleep and wake-up, timeout, non-blocking")
    {
    }

  private:
    void DoRun() override
    {
        {
            EpollHost h(NapiHelper(), {});
            h.app.stopOnEmpty = true;
            SendBurst(h.pair, MicroSeconds(10), 1);
            Simulator::Schedule(MicroSeconds(20), [&h]() { h.app.timeoutMs = 1; });
            Simulator::Stop(MicroSeconds(3000));
            Simulator::Run();
            ExpectUs(h.app.returns, {18.501, 1028.501}, "returns");
            NS_TEST_EXPECT_MSG_EQ(h.app.events.size(), 2, "two returns");
            if (h.app.events.size() == 2)
            {
                NS_TEST_EXPECT_MSG_EQ(h.app.events[0], 1, "one event");
                NS_TEST_EXPECT_MSG_EQ(h.app.events[1], 0, "timeout");
            }
            const EpollStats& s = h.app.epoll->GetStats();
            NS_TEST_EXPECT_MSG_EQ(s.sleeps, 2, "slept twice");
            NS_TEST_EXPECT_MSG_EQ(s.busyLoops, 0, "no busy polling");
            Simulator::Destroy();
        }
        {
            EpollHost h(NapiHelper(), {});
            h.app.timeoutMs = 0;
            Simulator::Stop(MicroSeconds(100));
            Simulator::Run();
            ExpectUs(h.app.returns, {0}, "non-blocking");
            NS_TEST_EXPECT_MSG_EQ(h.app.epoll->GetStats().sleeps, 0, "never slept");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The epoll busy loop (BusyPollUsecs 50) polls the NAPI context in the thread.
 *
 * The first frame (10 us) goes the interrupt path and gives the instance its NAPI id:
 * return at 18.501. After 10 us of work the thread busy-polls from 28.501 until 78.501; it
 * owns the context, finds the ring empty and spins. The second frame (40 us) ends the spin;
 * its interrupt (the IRQ was armed) runs 40.001-43.001 and finds the context owned, so it
 * schedules nothing and leaves the IRQ unarmed; the thread processes the frame
 * (40.001-48.001 with the ISR's 3 us), the socket has data and the loop ends; busy_poll_stop's
 * last poll finds nothing and re-arms the IRQ (48.001-48.501, the thread's work): return at
 * 48.501. The second frame's protocol work is the thread's, not the softirq's. The spin
 * (elapsed time, the ISR included) lasted 14.5 us.
 */
class EpollBusyLoopTestCase : public EpollCase
{
  public:
    EpollBusyLoopTestCase()
        : EpollCase("epoll busy polling: the thread owns and polls the NAPI context")
    {
    }

  private:
    void DoRun() override
    {
        EpollHost h(NapiHelper(), {{"BusyPollUsecs", "50"}});
        SendBurst(h.pair, MicroSeconds(10), 1);
        SendBurst(h.pair, MicroSeconds(40), 1);
        Simulator::Stop(MicroSeconds(60));
        Simulator::Run();
        ExpectUs(h.delivered, {18.001, 48.001}, "deliveries");
        ExpectUs(h.app.returns, {18.501, 48.501}, "returns");
        const EpollStats& s = h.app.epoll->GetStats();
        NS_TEST_EXPECT_MSG_EQ(s.busyLoops, 2, "a loop at 28.501 and one at 58.501");
        NS_TEST_EXPECT_MSG_EQ(s.busyLoopTakes, 2, "both owned the context");
        NS_TEST_EXPECT_MSG_EQ(s.busyFrames, 1, "the loop took the second frame");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.spin.GetSeconds() * 1e6,
                                  14.5,
                                  1e-6,
                                  "the first spin: 28.501 until the ISR ends (43.001); the "
                                  "second still runs");
        HostCpuStats c = h.app.cpu->GetStats();
        // softirq: the first frame's protocol work and unmask write: 5.5 us of 60 us.
        NS_TEST_EXPECT_MSG_EQ_TOL(c.softIrqShare * 60, 5.5, 1e-6, "softirq time (us)");
        NS_TEST_EXPECT_MSG_EQ(h.pair.host->GetStats().interrupts, 2, "two interrupts");
        Simulator::Destroy();
    }
};

namespace
{

/// The deterministic host with IRQ deferral and suspension on its NAPI context.
HostNetDeviceHelper
SuspendingHelper()
{
    HostNetDeviceHelper helper = DeterministicHelper();
    helper.SetRxMode("ns3::NapiRxMode",
                     "DeferHardIrqs",
                     UintegerValue(2),
                     "GroFlushTimeout",
                     TimeValue(MicroSeconds(20)),
                     "IrqSuspendTimeout",
                     TimeValue(MicroSeconds(1000)));
    return helper;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief IRQ suspension keeps the interrupt masked while busy polling finds events and gives
 * it back when polling finds nothing.
 *
 * PreferBusyPoll, BusyPollUsecs 0 (one poll call per epoll_wait), DeferHardIrqs 2,
 * GroFlushTimeout 20 us, IrqSuspendTimeout 1 ms; 10 us of work per return. Frame 1 (10 us):
 * interrupt, softirq delivery at 18.001; the completion defers (timer 38.001); the return at
 * 18.001 suspends (timer 1018.001). Frames 2 (25 us) and 3 (40 us) raise no interrupt: the
 * thread's busy poll takes them at 28.001 and 43.001 (delivered 33.001 and 48.001, returns
 * at the same instants). At 58.001 the poll finds nothing: napi_resume_irqs schedules a poll
 * (empty, the deferral re-arms 20 us), the thread sleeps; the timer's poll at 78.001 has
 * nothing and no deferral left: unmasked at 78.501. Frame 4 (2 ms) interrupts again. Two
 * interrupts in all; masked at 50 us, armed at 100 us.
 */
class IrqSuspensionTestCase : public EpollCase
{
  public:
    IrqSuspensionTestCase()
        : EpollCase("IRQ suspension: masked while busy polling finds events, resumed when not")
    {
    }

  private:
    void DoRun() override
    {
        EpollHost h(SuspendingHelper(), {{"PreferBusyPoll", "true"}});
        for (double us : {10.0, 25.0, 40.0, 2000.0})
        {
            SendBurst(h.pair, MicroSeconds(us), 1);
        }
        bool maskedAt50 = false;
        bool armedAt100 = false;
        Simulator::Schedule(MicroSeconds(50), [&]() {
            maskedAt50 = !h.pair.host->IsRxInterruptEnabled() && h.Napi()->IsDeferred();
        });
        Simulator::Schedule(MicroSeconds(100),
                            [&]() { armedAt100 = h.pair.host->IsRxInterruptEnabled(); });
        h.app.stopOnEmpty = false;
        Simulator::Stop(MicroSeconds(2100));
        Simulator::Run();
        ExpectUs(h.delivered, {18.001, 33.001, 48.001, 2008.001}, "deliveries");
        ExpectUs(h.app.returns, {18.001, 33.001, 48.001, 2008.001}, "returns");
        NS_TEST_EXPECT_MSG_EQ(maskedAt50, true, "suspended at 50 us");
        NS_TEST_EXPECT_MSG_EQ(armedAt100, true, "resumed by 100 us");
        NS_TEST_EXPECT_MSG_EQ(h.pair.host->GetStats().interrupts, 2, "frames 1 and 4");
        const EpollStats& s = h.app.epoll->GetStats();
        NS_TEST_EXPECT_MSG_EQ(s.suspends, 4, "every return with events suspends");
        NS_TEST_EXPECT_MSG_EQ(s.resumes, 2, "the empty polls at 58.001 and 2018.001 resume");
        NS_TEST_EXPECT_MSG_EQ(s.busyFrames, 2, "frames 2 and 3 polled by the thread");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief IRQ suspension ends with its timeout when the application stops polling.
 *
 * As above, but the work after the second return lasts 2 ms. Frame 3 (100 us) waits in the
 * masked ring until the suspension timer, armed by the return at 33.001, fires at 1033.001:
 * the softirq polls it (delivered 1038.001, preempting the application), two deferred
 * re-polls follow (1058.001, 1078.001) and the IRQ is armed at 1078.501. The application
 * ends its work at 2038.501 (5.5 us later for the softirq's protocol work and unmask write)
 * and finds the event at once.
 */
class IrqSuspensionTimeoutTestCase : public EpollCase
{
  public:
    IrqSuspensionTimeoutTestCase()
        : EpollCase("IRQ suspension: the timeout gives the interrupt back")
    {
    }

  private:
    void DoRun() override
    {
        EpollHost h(SuspendingHelper(), {{"PreferBusyPoll", "true"}});
        h.app.work = {MicroSeconds(10), MicroSeconds(2000), MicroSeconds(10)};
        h.app.stopOnEmpty = false;
        for (double us : {10.0, 25.0, 100.0})
        {
            SendBurst(h.pair, MicroSeconds(us), 1);
        }
        bool maskedAt500 = false;
        bool armedAt1100 = false;
        Simulator::Schedule(MicroSeconds(500),
                            [&]() { maskedAt500 = !h.pair.host->IsRxInterruptEnabled(); });
        Simulator::Schedule(MicroSeconds(1100),
                            [&]() { armedAt1100 = h.pair.host->IsRxInterruptEnabled(); });
        Simulator::Stop(MicroSeconds(2040));
        Simulator::Run();
        ExpectUs(h.delivered, {18.001, 33.001, 1038.001}, "deliveries");
        ExpectUs(h.app.returns, {18.001, 33.001, 2038.501}, "returns");
        NS_TEST_EXPECT_MSG_EQ(maskedAt500, true, "suspended during the long work");
        NS_TEST_EXPECT_MSG_EQ(armedAt1100, true, "armed after the timeout's polls");
        NS_TEST_EXPECT_MSG_EQ(h.pair.host->GetStats().interrupts, 1, "only frame 1");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Threaded NAPI: the poll runs in a kernel thread at TASK level, preempted by IRQs.
 *
 * Two frames at 0: ISR 0.001-3.001 wakes the NAPI thread, which processes them at TASK level
 * (3.001-8.001, 8.001-13.001). A 2 us hard IRQ of another source at 5 us preempts it: the
 * deliveries move to 10.001 and 15.001, and the unmask write ends at 15.501. No softirq time;
 * the thread's 10.5 us are kernel-task time.
 */
class ThreadedNapiTestCase : public EpollCase
{
  public:
    ThreadedNapiTestCase()
        : EpollCase("threaded NAPI: TASK-level kernel thread, preempted by hard IRQs")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetRxMode("ns3::NapiRxMode", "Threaded", BooleanValue(true));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        SendBurst(p, Seconds(0), 2);
        Ptr<HostCpu> cpu = p.host->GetCpu();
        // The interrupt of another device of the host: it runs in the host node's context.
        Simulator::ScheduleWithContext(p.receiver->GetId(), MicroSeconds(5), [cpu]() {
            cpu->Submit(HostCpu::HARDIRQ, MicroSeconds(2), Callback<void>());
        });
        HostCpu::Level at4 = HostCpu::IDLE;
        Simulator::Schedule(MicroSeconds(4), [&]() { at4 = cpu->GetCurrentLevel(0); });
        Simulator::Stop(MicroSeconds(20));
        Simulator::Run();
        ExpectUs(delivered, {10.001, 15.001}, "deliveries");
        NS_TEST_EXPECT_MSG_EQ(at4, HostCpu::TASK, "the poll runs at TASK level");
        HostCpuStats s = cpu->GetStats();
        NS_TEST_EXPECT_MSG_EQ(s.softIrqShare, 0, "no softirq time");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.kernelTaskShare * 20, 10.5, 1e-6, "NAPI thread time (us)");
        auto napi = DynamicCast<NapiRxMode>(p.host->GetQueue(0)->GetRxMode());
        NS_TEST_EXPECT_MSG_EQ_TOL(cpu->GetTaskTime(napi->GetThread()).GetSeconds() * 1e6,
                                  10.5,
                                  1e-6,
                                  "the thread is the NAPI instance's");
        NS_TEST_EXPECT_MSG_EQ(p.host->IsRxInterruptEnabled(), true, "unmasked at the end");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Preferred busy polling: a prefer-busy poller that finds the softirq holding the
 * context marks it, and the softirq's full poll completes instead of staying scheduled.
 *
 * Weight 4, DeferHardIrqs 1, GroFlushTimeout 50 us; eight frames at 0. ISR 0.001-3.001, the
 * softirq processes four frames (8.001 ... 23.001). At 10 us a prefer-busy poller tries to
 * take the context and fails (the softirq holds it), marking it. The full poll at 23.001 then
 * completes (__napi_poll's early exit): the deferral keeps the IRQ masked and nobody holds the
 * context, so the other four frames wait for the timer (73.001: 78.001 ... 93.001). Without
 * the mark the softirq goes on at once (28.001 ... 43.001).
 */
class PreferBusyPollTestCase : public EpollCase
{
  public:
    PreferBusyPollTestCase()
        : EpollCase("preferred busy polling: the softirq yields a marked context")
    {
    }

  private:
    /**
     * @param mark whether a prefer-busy poller tries at 10 us
     * @param deferredAt30 output: the context is deferred at 30 us
     * @return the delivery instants
     */
    std::vector<Time> Run(bool mark, bool* deferredAt30)
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetRxMode("ns3::NapiRxMode",
                         "Weight",
                         UintegerValue(4),
                         "DeferHardIrqs",
                         UintegerValue(1),
                         "GroFlushTimeout",
                         TimeValue(MicroSeconds(50)));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        SendBurst(p, Seconds(0), 8);
        auto napi = DynamicCast<NapiRxMode>(p.host->GetQueue(0)->GetRxMode());
        bool took = true;
        if (mark)
        {
            Simulator::ScheduleWithContext(p.receiver->GetId(), MicroSeconds(10), [&]() {
                took = napi->GetBusyPoll()->BusyLoopTake(true);
            });
        }
        Simulator::Schedule(MicroSeconds(30), [&]() { *deferredAt30 = napi->IsDeferred(); });
        Simulator::Stop(MicroSeconds(200));
        Simulator::Run();
        if (mark)
        {
            NS_TEST_EXPECT_MSG_EQ(took, false, "the softirq holds the context at 10 us");
            NS_TEST_EXPECT_MSG_EQ(napi->IsPreferBusyPoll(), false, "the completion cleared it");
        }
        Simulator::Destroy();
        return delivered;
    }

    void DoRun() override
    {
        bool deferred = false;
        ExpectUs(Run(true, &deferred),
                 {8.001, 13.001, 18.001, 23.001, 78.001, 83.001, 88.001, 93.001},
                 "marked");
        NS_TEST_EXPECT_MSG_EQ(deferred, true, "deferred after the early exit");
        ExpectUs(Run(false, &deferred),
                 {8.001, 13.001, 18.001, 23.001, 28.001, 33.001, 38.001, 43.001},
                 "unmarked");
        NS_TEST_EXPECT_MSG_EQ(deferred, false, "still polling at 30 us");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The busy loop gives the NAPI context back when another task takes the core
 * (napi_busy_loop's need_resched branch), and restarts when its thread runs again.
 *
 * Round robin with a 20 us slice, BusyPollUsecs 100. Frame 1 (10 us) takes the interrupt
 * path: return at 18.501, 10 us of work, and from 28.501 the thread busy-polls: it owns the
 * context, the ring is empty, it spins. Another task on core 0 wakes at 30 us with 30 us of
 * work and waits for the thread's slice, which ends 20 us after it got the core: at 38.501
 * the other task takes the core, and the spinning loop gives the context back
 * (busy_poll_stop: the softirq's empty poll and unmask write, 38.501-39.001). Frame 2 at
 * 45 us raises the interrupt (45.001-48.001) and the softirq processes it at once:
 * delivered at 53.001, unmask write until 53.501. The other task's slice ends at 67.501
 * (6 + 14 us); the thread runs again, its loop sees the event and returns at 67.501.
 * Without the yield the interrupt at 45.001 would find the context owned and the frame
 * would wait for the thread (59.001, delivered 64.001). Alone, the thread polls frame 2
 * itself: delivered 53.001, return 53.501 (busy_poll_stop's unmask write), no yield.
 */
class BusyLoopYieldTestCase : public EpollCase
{
  public:
    BusyLoopYieldTestCase()
        : EpollCase("epoll busy polling gives way to a task that takes the core")
    {
    }

  private:
    /**
     * @param other whether another task on core 0 wakes at 30 us
     * @param yields output: busy loops that gave the context back
     * @param returns output: the instants epoll_wait returned
     * @return the delivery instants
     */
    std::vector<Time> Run(bool other, uint64_t* yields, std::vector<Time>* returns)
    {
        HostNetDeviceHelper helper = NapiHelper();
        helper.SetCpuAttribute("Scheduler",
                               StringValue("ns3::RoundRobinTaskScheduler[TimeSlice=20us]"));
        EpollHost h(helper, {{"BusyPollUsecs", "100"}});
        SendBurst(h.pair, MicroSeconds(10), 1);
        SendBurst(h.pair, MicroSeconds(45), 1);
        HostCpu::TaskId task = h.app.cpu->CreateTask("other", false, 0);
        if (other)
        {
            Simulator::Schedule(MicroSeconds(30), [&h, task]() {
                h.app.cpu->SubmitTask(task, MicroSeconds(30), Callback<void>());
            });
        }
        Simulator::Stop(MicroSeconds(70));
        Simulator::Run();
        *yields = h.app.epoll->GetStats().yields;
        *returns = h.app.returns;
        std::vector<Time> out = h.delivered;
        Simulator::Destroy();
        return out;
    }

    void DoRun() override
    {
        uint64_t yields = 0;
        std::vector<Time> returns;
        ExpectUs(Run(true, &yields, &returns), {18.001, 53.001}, "with another task");
        ExpectUs(returns, {18.501, 67.501}, "returns with another task");
        NS_TEST_EXPECT_MSG_EQ(yields, 1, "the loop gave way once");
        ExpectUs(Run(false, &yields, &returns), {18.001, 53.001}, "alone");
        ExpectUs(returns, {18.501, 53.501}, "returns alone");
        NS_TEST_EXPECT_MSG_EQ(yields, 0, "alone, nothing to give way to");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-epoll suite.
 */
class EpollTestSuite : public TestSuite
{
  public:
    EpollTestSuite()
        : TestSuite("hostnet-epoll", Type::UNIT)
    {
        AddTestCase(new EpollWaitTestCase, TestCase::Duration::QUICK);
        AddTestCase(new EpollBusyLoopTestCase, TestCase::Duration::QUICK);
        AddTestCase(new IrqSuspensionTestCase, TestCase::Duration::QUICK);
        AddTestCase(new IrqSuspensionTimeoutTestCase, TestCase::Duration::QUICK);
        AddTestCase(new ThreadedNapiTestCase, TestCase::Duration::QUICK);
        AddTestCase(new PreferBusyPollTestCase, TestCase::Duration::QUICK);
        AddTestCase(new BusyLoopYieldTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static EpollTestSuite g_epollTestSuite;
