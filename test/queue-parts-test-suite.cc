/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Every receive queue gets its own ring, moderation and receive mode, made by the device's
// factories: each must have the configured attribute values and none of another queue's
// state (its own inner objects and random variables). The transmit rings of pairs 1.. are
// TxRing::Fork copies of pair 0's.

#include "hostnet-test-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/test.h"

#include <map>

using namespace ns3;
using namespace hostnet_test;

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
                    // A constant draws nothing: sharing one is harmless.
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
 * Two variables configured alike start with the same values (the same fixed stream, set by
 * the attribute) from their own generators: after the first drew three values, the
 * second's first value is still the first's first.
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

/// Which device factory a class is configured through.
enum class Family
{
    MODERATION,
    RX_MODE,
    RX_RING,
};

/**
 * Install a device of @p nQueues queues on a pair of nodes, with @p typeName (a class in
 * g_nonDefault) set through the helper with its non-default attribute values.
 * @param family the factory
 * @param typeName the class
 * @param nQueues queue pairs
 * @return the pair
 */
HostPair
InstallConfigured(Family family, const std::string& typeName, uint32_t nQueues)
{
    HostNetDeviceHelper helper;
    helper.SetDeviceAttribute("NQueues", UintegerValue(nQueues));
    if (family == Family::MODERATION)
    {
        helper.SetModerationType(typeName);
    }
    else if (family == Family::RX_MODE)
    {
        helper.SetRxModeType(typeName);
    }
    else
    {
        // LRO (set below) is merged in a NAPI poll.
        helper.SetRxModeType("ns3::NapiRxMode");
    }
    for (const auto& [name, value] : g_nonDefault.at(typeName))
    {
        if (family == Family::MODERATION)
        {
            helper.SetModerationAttribute(name, StringValue(value));
        }
        else if (family == Family::RX_MODE)
        {
            helper.SetRxModeAttribute(name, StringValue(value));
        }
        else
        {
            helper.SetRxRingAttribute(name, StringValue(value));
        }
    }
    for (const auto& [name, value] : g_nonDefault.at("ns3::TxRing"))
    {
        helper.SetTxRingAttribute(name, StringValue(value));
    }
    return MakeHostPair(helper);
}

/**
 * @param queue a queue
 * @param family which of its parts
 * @return the part
 */
Ptr<Object>
PartOf(Ptr<HostNetQueue> queue, Family family)
{
    switch (family)
    {
    case Family::MODERATION:
        return queue->GetModeration();
    case Family::RX_MODE:
        return queue->GetRxMode();
    case Family::RX_RING:
        return queue->GetRxRing();
    }
    return nullptr;
}

/**
 * @ingroup hostnet
 * @brief Every registered class of a family, configured through the helper on a device of
 * three queues: each queue's part has the configured values (those of an object made with
 * them), and no inner object of another queue's part.
 */
class QueuePartsTestCase : public TestCase
{
  public:
    /**
     * @param family the factory under test
     * @param base the family's base class
     * @param minClasses how many registered classes there must be at least
     */
    QueuePartsTestCase(Family family, TypeId base, std::size_t minClasses)
        : TestCase("every queue's " + base.GetName() +
                   ": the configured attribute values, objects of its own"),
          m_family(family),
          m_base(base),
          m_minClasses(minClasses)
    {
    }

  private:
    void DoRun() override
    {
        std::vector<TypeId> classes = {m_base};
        if (m_family != Family::RX_RING)
        {
            classes = ConcreteSubclasses(m_base);
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(classes.size(),
                                    m_minClasses,
                                    "the " << m_base.GetName() << " classes are registered");
        for (TypeId tid : classes)
        {
            std::string name = tid.GetName();
            NS_TEST_ASSERT_MSG_EQ(g_nonDefault.count(name),
                                  1,
                                  name << " has no entry in this test: add its attributes");
            HostPair pair = InstallConfigured(m_family, name, 3);
            NS_TEST_ASSERT_MSG_EQ(pair.host->GetNQueues(), 3, "three queues");
            Ptr<Object> reference = CreateConfigured(name);
            std::vector<Ptr<Object>> parts;
            for (uint32_t q = 0; q < 3; ++q)
            {
                parts.push_back(PartOf(pair.host->GetQueue(q), m_family));
                std::string problems;
                CompareAttributes(reference, parts.back(), name, problems);
                NS_TEST_ASSERT_MSG_EQ(problems,
                                      "",
                                      "queue " << q << "'s part has the configured values");
            }
            for (uint32_t q = 1; q < 3; ++q)
            {
                NS_TEST_ASSERT_MSG_NE(parts[q], parts[0], name << ": queue " << q << "'s own");
                std::string problems;
                CompareAttributes(parts[0], parts[q], name, problems);
                NS_TEST_ASSERT_MSG_EQ(problems,
                                      "",
                                      "queue " << q << " shares no inner object with queue 0");
            }
            if (name == "ns3::PurePollingRxMode")
            {
                NS_TEST_ASSERT_MSG_EQ(IndependentGenerators(GetVariable(parts[0], "PollJitter"),
                                                            GetVariable(parts[1], "PollJitter")),
                                      true,
                                      "every queue's PollJitter has its own generator");
            }
            if (m_family == Family::RX_RING)
            {
                for (std::string cost : {"RefillCost", "RecycleCost"})
                {
                    NS_TEST_ASSERT_MSG_EQ(IndependentGenerators(GetVariable(parts[0], cost),
                                                                GetVariable(parts[2], cost)),
                                          true,
                                          "every queue's RxRing::" << cost
                                                                   << " has its own generator");
                }
                // Each ring works on its own: initialised, it hands its 512 descriptors
                // to the NIC.
                Simulator::Stop(NanoSeconds(1));
                Simulator::Run();
                for (uint32_t q = 0; q < 3; ++q)
                {
                    NS_TEST_ASSERT_MSG_EQ(pair.host->GetQueue(q)->GetRxRing()->GetNicDescriptors(),
                                          512,
                                          "queue " << q << ": all 512 descriptors are the NIC's");
                }
            }
            Simulator::Destroy();
        }
    }

    Family m_family;          ///< the factory under test
    TypeId m_base;            ///< its base class
    std::size_t m_minClasses; ///< registered classes expected at least
};

/**
 * @ingroup hostnet
 * @brief TxRing::Fork (the transmit rings of queue pairs 1..): the configuration copied, on
 * its own and through a device of three queue pairs.
 */
class TxRingForkTestCase : public TestCase
{
  public:
    TxRingForkTestCase()
        : TestCase("TxRing::Fork and every queue pair's TxRing: configuration copied")
    {
    }

  private:
    void DoRun() override
    {
        auto tx = DynamicCast<TxRing>(CreateConfigured("ns3::TxRing"));
        std::string problems;
        CompareAttributes(tx, tx->Fork(), "ns3::TxRing", problems);
        NS_TEST_ASSERT_MSG_EQ(problems, "", "the copy has the original's attribute values");
        HostPair pair = InstallConfigured(Family::MODERATION, "ns3::NoModeration", 3);
        for (uint32_t q = 0; q < 3; ++q)
        {
            Ptr<TxRing> ring = pair.host->GetQueue(q)->GetTxRing();
            CompareAttributes(tx, ring, "ns3::TxRing", problems);
            NS_TEST_ASSERT_MSG_EQ(problems, "", "queue pair " << q << "'s TxRing is configured");
            NS_TEST_ASSERT_MSG_EQ((q == 0 || ring != pair.host->GetQueue(0)->GetTxRing()),
                                  true,
                                  "queue pair " << q << " has its own TxRing");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet
 * @brief The per-queue parts test suite.
 */
class QueuePartsTestSuite : public TestSuite
{
  public:
    QueuePartsTestSuite()
        : TestSuite("hostnet-queue-parts", Type::UNIT)
    {
        AddTestCase(
            new QueuePartsTestCase(Family::MODERATION, InterruptModeration::GetTypeId(), 10),
            TestCase::Duration::QUICK);
        AddTestCase(new QueuePartsTestCase(Family::RX_MODE, RxMode::GetTypeId(), 5),
                    TestCase::Duration::QUICK);
        AddTestCase(new QueuePartsTestCase(Family::RX_RING, RxRing::GetTypeId(), 1),
                    TestCase::Duration::QUICK);
        AddTestCase(new TxRingForkTestCase, TestCase::Duration::QUICK);
    }
};

} // namespace

/// The suite's instance.
static QueuePartsTestSuite g_queuePartsTestSuite;
