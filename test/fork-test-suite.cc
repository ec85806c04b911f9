/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Fork(): every receive queue > 0 gets its own ring, moderation and receive mode as copies of
// queue 0's. A copy must have the same configuration (every attribute value, and settings
// that are not attributes) and none of the original's state: its own random variables, its
// own events and counters, no callback of the original.

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/test.h"

#include <map>
#include <set>

using namespace ns3;

namespace
{

/// Attribute values different from the defaults (valid ones), per class.
const std::map<std::string, std::map<std::string, std::string>> g_nonDefault = {
    {"ns3::NoModeration", {}},
    {"ns3::RxFramesModeration", {{"Frames", "5"}}},
    {"ns3::RxUsecsModeration", {{"Interval", "30us"}}},
    {"ns3::CountTimeModeration", {{"Usecs", "40us"}, {"Frames", "6"}}},
    {"ns3::ThrottleModeration", {{"InterruptRate", "20000"}}},
    {"ns3::PacketAbsoluteTimerModeration", {{"PacketTimer", "10us"}, {"AbsoluteTimer", "60us"}}},
    {"ns3::E1000DynamicItrModeration", {{"Conservative", "false"}}},
    {"ns3::I40eAdaptiveItrModeration",
     {{"LinkSpeed", "25Gbps"},
      {"InitialItr", "20us"},
      {"Adaptive", "true"},
      {"JiffyPeriod", "1ms"},
      {"MacHeaderBytes", "18"}}},
    {"ns3::NetDimModeration", {{"ProfileTable", "Cqe"}, {"InitialProfile", "2"}}},
    {"ns3::BufferAdaptiveModeration",
     {{"SamplingInterval", "1ms"},
      {"LowUtilization", "0.3"},
      {"HighUtilization", "0.7"},
      {"MinInterval", "10us"},
      {"MaxInterval", "300us"},
      {"InitialInterval", "40us"},
      {"Step", "10us"}}},
    {"ns3::PerPacketRxMode", {{"BacklogSize", "77"}}},
    {"ns3::NapiRxMode", {{"Weight", "16"}, {"DeferHardIrqs", "2"}, {"GroFlushTimeout", "20us"}}},
    {"ns3::TickedNapiRxMode",
     {{"Weight", "5"},
      {"PollPeriod", "25us"},
      {"DeferHardIrqs", "1"},
      {"GroFlushTimeout", "10us"}}},
    {"ns3::DisableEnableRxMode", {{"DeferHardIrqs", "3"}, {"GroFlushTimeout", "15us"}}},
    {"ns3::PurePollingRxMode",
     {{"PollPeriod", "35us"},
      {"Quota", "5"},
      {"PollJitter", "ns3::UniformRandomVariable[Min=0.0|Max=1.0|Stream=7]"},
      {"TickDuringCycle", "defer"}}},
    {"ns3::HybridRxMode",
     {{"InterruptMode", "ns3::DisableEnableRxMode[DeferHardIrqs=4]"},
      {"PollingMode", "ns3::PurePollingRxMode[Quota=6|TickDuringCycle=skip]"},
      {"SwitchRate", "50000"},
      {"SwitchFactor", "0.9"},
      {"Hysteresis", "0.2"},
      {"MeasureInterval", "5ms"},
      {"IsrCostMean", "3us"},
      {"ProtocolCostMean", "4us"},
      {"CopyRate", "1Gbps"}}},
    {"ns3::RxRing",
     {{"Descriptors", "512"},
      {"FifoSize", "20000"},
      {"BusRate", "2Gbps"},
      {"TailWriteBatch", "8"},
      {"LroEnabled", "true"},
      {"LroTimeout", "20us"},
      {"LroMaxSize", "30000"},
      {"DropWhenNoDescriptor", "true"},
      {"RefillPolicy", "Recycle"},
      {"RefillCost", "ns3::UniformRandomVariable[Min=0.0|Max=1.0|Stream=3]"},
      {"RecycleCost", "ns3::ExponentialRandomVariable[Mean=2e-6|Stream=4]"}}},
    {"ns3::TxRing", {{"Descriptors", "100"}, {"BusRate", "3Gbps"}}},
};

/**
 * @param typeName a class in g_nonDefault
 * @return a new object of it with the non-default attribute values
 */
Ptr<Object>
CreateConfigured(const std::string& typeName)
{
    ObjectFactory factory(typeName);
    for (const auto& [name, value] : g_nonDefault.at(typeName))
    {
        factory.Set(name, StringValue(value));
    }
    return factory.Create<Object>();
}

/**
 * @param base a TypeId
 * @return the registered classes derived from base that can be created (AddConstructor)
 */
std::vector<TypeId>
ConcreteSubclasses(TypeId base)
{
    std::vector<TypeId> out;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId tid = TypeId::GetRegistered(i);
        if (tid != base && tid.IsChildOf(base) && tid.HasConstructor())
        {
            out.push_back(tid);
        }
    }
    return out;
}

/**
 * Whether a and b have equal attribute values; objects held by Pointer attributes must be
 * distinct objects (no shared state) with equal attribute values themselves.
 * @param a the original
 * @param b the copy
 * @param where a name for messages
 * @param problems the differences found (appended)
 */
void
CompareAttributes(Ptr<Object> a, Ptr<Object> b, const std::string& where, std::string& problems)
{
    TypeId tid = a->GetInstanceTypeId();
    if (b->GetInstanceTypeId() != tid)
    {
        problems += where + ": the copy is a " + b->GetInstanceTypeId().GetName() + "; ";
        return;
    }
    for (TypeId t = tid;; t = t.GetParent())
    {
        for (std::size_t i = 0; i < t.GetAttributeN(); ++i)
        {
            TypeId::AttributeInformation info = t.GetAttribute(i);
            if (!(info.flags & TypeId::ATTR_GET) || !info.accessor->HasGetter())
            {
                continue;
            }
            Ptr<AttributeValue> va = info.checker->Create();
            Ptr<AttributeValue> vb = info.checker->Create();
            a->GetAttribute(info.name, *va);
            b->GetAttribute(info.name, *vb);
            auto pa = DynamicCast<PointerValue>(va);
            if (pa)
            {
                Ptr<Object> oa = pa->GetObject();
                Ptr<Object> ob = DynamicCast<PointerValue>(vb)->GetObject();
                std::string at = where + "::" + info.name;
                if (!oa || !ob)
                {
                    if (oa != ob)
                    {
                        problems += at + ": one is null; ";
                    }
                    continue;
                }
                if (oa == ob)
                {
                    // A constant draws nothing: forks share it (CloneRandomVariable).
                    if (!DynamicCast<ConstantRandomVariable>(oa))
                    {
                        problems += at + ": the copy shares the original's object; ";
                    }
                    continue;
                }
                CompareAttributes(oa, ob, at, problems);
                continue;
            }
            std::string sa = va->SerializeToString(info.checker);
            std::string sb = vb->SerializeToString(info.checker);
            if (sa != sb)
            {
                problems += where + "::" + info.name + ": " + sa + " vs " + sb + "; ";
            }
        }
        if (t == t.GetParent())
        {
            break;
        }
    }
}

/**
 * @param object the object
 * @param name a Pointer attribute holding a random variable
 * @return the random variable
 */
Ptr<RandomVariableStream>
GetVariable(Ptr<Object> object, const std::string& name)
{
    PointerValue v;
    object->GetAttribute(name, v);
    return v.Get<RandomVariableStream>();
}

/**
 * The original and the copy start with the same values (the same fixed stream, copied with
 * the attribute) from their own generators: after the original drew three values, the
 * copy's first value is still the original's first.
 * @param a the original's variable
 * @param b the copy's variable
 * @return true if the generators are independent
 */
bool
IndependentGenerators(Ptr<RandomVariableStream> a, Ptr<RandomVariableStream> b)
{
    double first = a->GetValue();
    a->GetValue();
    a->GetValue();
    return a != b && b->GetValue() == first;
}

/**
 * @ingroup hostnet
 * @brief Every registered moderation scheme: Fork gives the same class and attribute values;
 * the copy does not take the original's interrupt callback, starts from a fresh state
 * (driving the original leaves it untouched) and, driven alike, asserts its interrupt as
 * often as the original did.
 */
class ForkModerationTestCase : public TestCase
{
  public:
    ForkModerationTestCase()
        : TestCase("Fork of every InterruptModeration: configuration copied, state not")
    {
    }

  private:
    /**
     * Drive a moderation with a frame sequence starting at @p start: 200 back-to-back
     * 1500-byte frames 1.2 us apart, then 40 frames 50 us apart. Each assertion is taken at
     * once (Reset and InterruptUnmasking 2 us later, as a host would).
     * @param m the moderation
     * @param start delay from now to the first frame
     */
    static void Drive(Ptr<InterruptModeration> m, Time start)
    {
        Simulator::Schedule(start, &Object::Initialize, m);
        Time t = start;
        for (int i = 0; i < 200; ++i)
        {
            Simulator::Schedule(t, &InterruptModeration::FrameCompleted, m, 1500);
            t += NanoSeconds(1200);
        }
        for (int i = 0; i < 40; ++i)
        {
            Simulator::Schedule(t, &InterruptModeration::FrameCompleted, m, 1500);
            t += MicroSeconds(50);
        }
    }

    /**
     * The host's response to an assertion.
     * @param m the moderation
     * @param count incremented
     */
    static void Raised(Ptr<InterruptModeration> m, uint32_t* count)
    {
        ++*count;
        Simulator::Schedule(MicroSeconds(2), [m]() {
            m->Reset();
            m->InterruptUnmasking();
        });
    }

    void DoRun() override
    {
        auto schemes = ConcreteSubclasses(InterruptModeration::GetTypeId());
        NS_TEST_ASSERT_MSG_GT_OR_EQ(schemes.size(),
                                    10,
                                    "the ten moderation schemes are registered");
        for (TypeId tid : schemes)
        {
            std::string name = tid.GetName();
            NS_TEST_ASSERT_MSG_EQ(g_nonDefault.count(name),
                                  1,
                                  name << " has no entry in this test: add its attributes");
            auto original = DynamicCast<InterruptModeration>(CreateConfigured(name));
            uint32_t originalCount = 0;
            uint32_t copyCount = 0;
            original->SetInterruptCallback(MakeBoundCallback(&Raised, original, &originalCount));
            original->OfferUtilizationProbe(Callback<double>([]() { return 0.5; }));
            Ptr<InterruptModeration> copy = original->Fork();
            Ptr<InterruptModeration> second = original->Fork();
            std::string problems;
            CompareAttributes(original, copy, name, problems);
            NS_TEST_ASSERT_MSG_EQ(problems, "", "the copy has the original's attribute values");
            copy->SetInterruptCallback(MakeBoundCallback(&Raised, copy, &copyCount));
            copy->OfferUtilizationProbe(Callback<double>([]() { return 0.5; }));
            // Phases 40 ms apart (a multiple of every period involved: jiffies, sampling).
            Drive(original, Time(0));
            Simulator::Stop(MilliSeconds(40));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_GT(originalCount, 0, name << ": the sequence asserts interrupts");
            NS_TEST_ASSERT_MSG_EQ(copyCount,
                                  0,
                                  name << ": driving the original left the copy alone");
            Drive(copy, Time(0));
            Simulator::Stop(MilliSeconds(40));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(copyCount,
                                  originalCount,
                                  name << ": the copy, driven alike from a fresh state, asserts "
                                          "as often as the original");
            // The second copy has no callback of its own: the original's was not copied.
            uint32_t before = originalCount;
            second->OfferUtilizationProbe(Callback<double>([]() { return 0.5; }));
            Drive(second, Time(0));
            Simulator::Stop(MilliSeconds(40));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(originalCount,
                                  before,
                                  name << ": a copy does not raise the original's interrupt");
            for (auto m : {original, copy, second})
            {
                m->Dispose();
            }
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup hostnet
 * @brief Every registered receive mode: Fork gives the same class and attribute values,
 * inner modes and random variables of its own (independent generators), and keeps the
 * non-attribute setting PurePollingRxMode::SetAutoStart.
 */
class ForkRxModeTestCase : public TestCase
{
  public:
    ForkRxModeTestCase()
        : TestCase("Fork of every RxMode: configuration copied, own random variables")
    {
    }

  private:
    void DoRun() override
    {
        auto modes = ConcreteSubclasses(RxMode::GetTypeId());
        NS_TEST_ASSERT_MSG_GT_OR_EQ(modes.size(), 5, "the five receive modes are registered");
        for (TypeId tid : modes)
        {
            std::string name = tid.GetName();
            NS_TEST_ASSERT_MSG_EQ(g_nonDefault.count(name),
                                  1,
                                  name << " has no entry in this test: add its attributes");
            auto original = DynamicCast<RxMode>(CreateConfigured(name));
            Ptr<RxMode> copy = original->Fork();
            std::string problems;
            CompareAttributes(original, copy, name, problems);
            NS_TEST_ASSERT_MSG_EQ(problems, "", "the copy has the original's attribute values");
            for (auto feature : {RxMode::GRO, RxMode::LRO, RxMode::RPS, RxMode::BUSY_POLL})
            {
                NS_TEST_ASSERT_MSG_EQ(copy->Supports(feature),
                                      original->Supports(feature),
                                      name << ": Supports(" << RxMode::GetFeatureName(feature)
                                           << ")");
            }
        }

        // Random variables: own generators (the original's draws do not advance the copy's).
        Ptr<Object> polling = CreateConfigured("ns3::PurePollingRxMode");
        Ptr<RxMode> pollingCopy = DynamicCast<RxMode>(polling)->Fork();
        NS_TEST_ASSERT_MSG_EQ(IndependentGenerators(GetVariable(polling, "PollJitter"),
                                                    GetVariable(pollingCopy, "PollJitter")),
                              true,
                              "PurePollingRxMode::PollJitter of the copy is its own");
        Ptr<Object> hybrid = CreateConfigured("ns3::HybridRxMode");
        PointerValue inner;
        PointerValue innerCopy;
        hybrid->GetAttribute("PollingMode", inner);
        inner.GetObject()->SetAttribute(
            "PollJitter",
            StringValue("ns3::UniformRandomVariable[Min=0.0|Max=1.0|Stream=9]"));
        Ptr<RxMode> hybridCopy = DynamicCast<RxMode>(hybrid)->Fork();
        hybridCopy->GetAttribute("PollingMode", innerCopy);
        NS_TEST_ASSERT_MSG_EQ(
            IndependentGenerators(GetVariable(inner.GetObject(), "PollJitter"),
                                  GetVariable(innerCopy.GetObject(), "PollJitter")),
            true,
            "HybridRxMode's inner PurePollingRxMode of the copy has its own "
            "PollJitter");

        // A setting that is not an attribute survives (copying attributes lost it).
        auto manual = DynamicCast<PurePollingRxMode>(CreateConfigured("ns3::PurePollingRxMode"));
        manual->SetAutoStart(false);
        auto manualCopy = DynamicCast<PurePollingRxMode>(manual->Fork());
        NS_TEST_ASSERT_MSG_EQ(manualCopy->IsAutoStart(), false, "SetAutoStart(false) is copied");
        auto automatic = DynamicCast<PurePollingRxMode>(CreateConfigured("ns3::PurePollingRxMode"));
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<PurePollingRxMode>(automatic->Fork())->IsAutoStart(),
                              true,
                              "the default (true) is copied too");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet
 * @brief RxRing and TxRing: Fork gives equal attribute values and a ring with its own refill
 * cost variables.
 */
class ForkRingTestCase : public TestCase
{
  public:
    ForkRingTestCase()
        : TestCase("Fork of RxRing and TxRing: configuration copied, own random variables")
    {
    }

  private:
    void DoRun() override
    {
        auto rx = DynamicCast<RxRing>(CreateConfigured("ns3::RxRing"));
        Ptr<RxRing> rxCopy = rx->Fork();
        std::string problems;
        CompareAttributes(rx, rxCopy, "ns3::RxRing", problems);
        auto tx = DynamicCast<TxRing>(CreateConfigured("ns3::TxRing"));
        CompareAttributes(tx, tx->Fork(), "ns3::TxRing", problems);
        NS_TEST_ASSERT_MSG_EQ(problems, "", "the copies have the originals' attribute values");
        for (std::string cost : {"RefillCost", "RecycleCost"})
        {
            NS_TEST_ASSERT_MSG_EQ(
                IndependentGenerators(GetVariable(rx, cost), GetVariable(rxCopy, cost)),
                true,
                "RxRing::" << cost << " of the copy is its own");
        }
        // A constant cost is shared, not copied (it draws nothing; a copy per queue was most
        // of a modern host's memory at set-up).
        auto constant = DynamicCast<RxRing>(CreateObject<RxRing>());
        constant->SetAttribute("RefillCost",
                               StringValue("ns3::ConstantRandomVariable[Constant=1e-6]"));
        NS_TEST_ASSERT_MSG_EQ(GetVariable(constant->Fork(), "RefillCost"),
                              GetVariable(constant, "RefillCost"),
                              "a constant RefillCost is shared by the copy");
        // The copy works on its own: initialised, it hands its 512 descriptors to the NIC.
        rxCopy->Initialize();
        NS_TEST_ASSERT_MSG_EQ(rxCopy->GetNicDescriptors(),
                              512,
                              "all 512 descriptors are the NIC's");
        rx->Dispose();
        rxCopy->Dispose();
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet
 * @brief The Fork() test suite.
 */
class ForkTestSuite : public TestSuite
{
  public:
    ForkTestSuite()
        : TestSuite("hostnet-fork", Type::UNIT)
    {
        AddTestCase(new ForkModerationTestCase, TestCase::Duration::QUICK);
        AddTestCase(new ForkRxModeTestCase, TestCase::Duration::QUICK);
        AddTestCase(new ForkRingTestCase, TestCase::Duration::QUICK);
    }
};

/// The suite instance.
ForkTestSuite g_forkTestSuite;

} // namespace
