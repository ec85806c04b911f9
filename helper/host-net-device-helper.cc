/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-device-helper.h"

#include "host-profile.h"

#include "ns3/abort.h"
#include "ns3/attribute-container.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/global-value.h"
#include "ns3/host-net-stack.h"
#include "ns3/log.h"
#include "ns3/loopback-net-device.h"
#include "ns3/names.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/phy-address-mirror.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetDeviceHelper");

namespace
{
/// Pcap sink for the device's Rx/Tx traces (PcapHelper::DefaultSink is private).
void
PcapSink(Ptr<PcapFileWrapper> file, Ptr<const Packet> packet)
{
    file->Write(Simulator::Now(), packet);
}
} // namespace

HostNetDeviceHelper::HostNetDeviceHelper()
{
    m_deviceFactory.SetTypeId("ns3::HostNetDevice");
    // The per-queue parts start as the device's defaults (Config::SetDefault and
    // --ns3::HostNetDevice::Gro=... included): NoModeration, PerPacketRxMode, RxRing, NoGro.
    for (auto [attribute, factory] : {std::pair{"Moderation", &m_moderationFactory},
                                      std::pair{"RxMode", &m_rxModeFactory},
                                      std::pair{"RxRing", &m_rxRingFactory},
                                      std::pair{"Gro", &m_groFactory}})
    {
        TypeId::AttributeInformation info;
        HostNetDevice::GetTypeId().LookupAttributeByName(attribute, &info);
        *factory = DynamicCast<const ObjectFactoryValue>(info.initialValue)->Get();
    }
    m_txRingFactory.SetTypeId("ns3::TxRing");
    m_costsFactory.SetTypeId("ns3::HostCostModel");
    m_steeringFactory.SetTypeId("ns3::ReceiveSteering");
    m_txPathFactory.SetTypeId("ns3::HostTxPath");
    m_cpuFactory.SetTypeId("ns3::HostCpu");
    m_stackFactory.SetTypeId("ns3::HostNetStack");
    m_socketCostsFactory.SetTypeId("ns3::HostSocketCosts");
    m_tcpTimersFactory.SetTypeId("ns3::HostTcpTimers");
    m_localityFactory.SetTypeId("ns3::CpuLocality");
    m_interferenceFactory.SetTypeId("ns3::CacheInterference");
}

void
HostNetDeviceHelper::CheckType(const std::string& what, const std::string& type, TypeId base)
{
    TypeId tid;
    if (TypeId::LookupByNameFailSafe(type, &tid) && (tid == base || tid.IsChildOf(base)) &&
        tid.HasConstructor())
    {
        return;
    }
    std::ostringstream known;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId t = TypeId::GetRegistered(i);
        if ((t == base || t.IsChildOf(base)) && t.HasConstructor())
        {
            known << " " << t.GetName();
        }
    }
    NS_FATAL_ERROR("HostNetDeviceHelper: unknown " << what << " type '" << type
                                                   << "'; known:" << known.str());
}

namespace
{
/**
 * Check the text of a value before an ns-3 checker parses it: UintegerValue, IntegerValue and
 * TimeValue stop the program (NS_FATAL_ERROR) on text they cannot read, and UintegerValue reads
 * "-1" as 2^64 - 1.
 * @param checker the attribute's checker
 * @param text the text
 * @return true if the checker may safely parse @p text
 */
bool
IsReadableText(Ptr<const AttributeChecker> checker, const std::string& text)
{
    // A list (AttributeContainerValue): every comma-separated item must be readable.
    if (auto list = dynamic_cast<const AttributeContainerChecker*>(PeekPointer(checker)))
    {
        if (text.empty())
        {
            return true; // an empty list
        }
        std::string item;
        for (char c : text + ",")
        {
            if (c != ',')
            {
                item += c;
                continue;
            }
            if (!IsReadableText(list->GetItemChecker(), item))
            {
                return false;
            }
            item.clear();
        }
        return true;
    }
    const std::string type = checker->GetValueTypeName();
    auto digitsFrom = [&text](std::size_t from) {
        return text.size() > from && text.size() - from <= 20 &&
               text.find_first_not_of("0123456789", from) == std::string::npos;
    };
    if (type == "ns3::UintegerValue")
    {
        return digitsFrom(0);
    }
    if (type == "ns3::IntegerValue")
    {
        return digitsFrom(!text.empty() && (text[0] == '-' || text[0] == '+') ? 1 : 0);
    }
    if (type == "ns3::DoubleValue" || type == "ns3::TimeValue")
    {
        std::size_t end = text.find_first_not_of("0123456789+-.eE");
        std::string number = text.substr(0, end);
        std::string unit = end == std::string::npos ? "" : text.substr(end);
        char* stop = nullptr;
        double x = number.empty() ? 0 : std::strtod(number.c_str(), &stop);
        bool numberOk = !number.empty() && stop && *stop == '\0' && std::isfinite(x);
        if (type == "ns3::DoubleValue")
        {
            return numberOk && unit.empty();
        }
        static const std::vector<std::string> units =
            {"", "s", "ms", "us", "ns", "ps", "fs", "min", "h", "d", "y"};
        return numberOk && std::find(units.begin(), units.end(), unit) != units.end();
    }
    if (type.rfind("ns3::EnumValue", 0) == 0)
    {
        // EnumChecker asserts on an unknown name; its type information lists "A|B|C".
        // (appended, not "|" + ...: GCC 12's -Wrestrict misfires on that, PR 105329)
        std::string names = "|";
        names.append(checker->GetUnderlyingTypeInformation()).append("|");
        std::string name = "|";
        name.append(text).append("|");
        return !text.empty() && names.find(name) != std::string::npos;
    }
    if (type == "ns3::TypeIdValue")
    {
        TypeId tid;
        return TypeId::LookupByNameFailSafe(text, &tid);
    }
    if (type == "ns3::PointerValue" || type == "ns3::ObjectFactoryValue")
    {
        // "ns3::Type[Attr=...]": ObjectFactory asserts that the type exists.
        TypeId tid;
        return TypeId::LookupByNameFailSafe(text.substr(0, text.find('[')), &tid);
    }
    return true;
}

/// @return "" if @p value suits @p checker, else "'<text>' is not a valid value; expected ..."
std::string
CheckValue(Ptr<const AttributeChecker> checker, const AttributeValue& value)
{
    auto text = dynamic_cast<const StringValue*>(&value);
    auto pointer = dynamic_cast<const PointerChecker*>(PeekPointer(checker));
    if (text && pointer)
    {
        // "ns3::Type" or "ns3::Type[Name=value|...]": ns-3 aborts on an unknown type name
        // when it makes the object, so name the types that would do first.
        std::string type = text->Get().substr(0, text->Get().find('['));
        TypeId base = pointer->GetPointeeTypeId();
        TypeId tid;
        if (!TypeId::LookupByNameFailSafe(type, &tid) || !(tid == base || tid.IsChildOf(base)) ||
            !tid.HasConstructor())
        {
            std::vector<std::string> names;
            for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
            {
                TypeId t = TypeId::GetRegistered(i);
                if ((t == base || t.IsChildOf(base)) && t.HasConstructor())
                {
                    names.push_back(t.GetName());
                }
            }
            std::sort(names.begin(), names.end());
            std::string known;
            for (const auto& n : names)
            {
                known += " " + n;
            }
            return "'" + text->Get() + "' is not a valid value; expected one of:" + known +
                   " (optionally with attributes: Type[Name=value|...])";
        }
    }
    std::string shown = text ? text->Get() : value.SerializeToString(checker);
    if (text && pointer && !shown.empty() && IsReadableText(checker, shown) &&
        (pointer->GetPointeeTypeId() == RandomVariableStream::GetTypeId() ||
         pointer->GetPointeeTypeId().IsChildOf(RandomVariableStream::GetTypeId())))
    {
        // A random variable is made with a fixed stream to be checked: a check takes no
        // automatic stream, so checking (and reading a host profile) leaves the automatic
        // streams of everything made later as they were.
        std::string fixed = shown.back() == ']' ? shown.substr(0, shown.size() - 1) + "|Stream=0]"
                                                : shown + "[Stream=0]";
        if (checker->CreateValidValue(StringValue(fixed)))
        {
            return "";
        }
    }
    if ((text && !IsReadableText(checker, shown)) || !checker->CreateValidValue(value))
    {
        auto list = dynamic_cast<const AttributeContainerChecker*>(PeekPointer(checker));
        return "'" + shown + "' is not a valid value; expected " +
               (list ? "a comma-separated list of " +
                           list->GetItemChecker()->GetUnderlyingTypeInformation()
                     : checker->GetUnderlyingTypeInformation());
    }
    return "";
}
} // namespace

std::string
HostNetDeviceHelper::CheckGlobalValue(const std::string& name, const std::string& text)
{
    for (auto g = GlobalValue::Begin(); g != GlobalValue::End(); ++g)
    {
        if ((*g)->GetName() == name)
        {
            // These two hold TypeId names as strings; the simulator asserts on an unknown one.
            TypeId tid;
            if ((name == "SimulatorImplementationType" || name == "SchedulerType") &&
                !TypeId::LookupByNameFailSafe(text, &tid))
            {
                return name + ": '" + text + "' is not a registered type (--PrintTypeIds)";
            }
            std::string error = CheckValue((*g)->GetChecker(), StringValue(text));
            return error.empty() ? "" : name + ": " + error;
        }
    }
    return "no global value named '" + name + "' (--PrintGlobals lists them)";
}

std::string
HostNetDeviceHelper::CheckAttribute(const std::string& typeName,
                                    const std::string& name,
                                    const AttributeValue& value)
{
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(typeName, &tid))
    {
        return "unknown type '" + typeName + "'";
    }
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(name, &info))
    {
        std::string list;
        for (TypeId t = tid;; t = t.GetParent())
        {
            for (std::size_t i = 0; i < t.GetAttributeN(); ++i)
            {
                list += (list.empty() ? "" : ", ") + t.GetAttribute(i).name;
            }
            if (t == t.GetParent())
            {
                break;
            }
        }
        return typeName + " has no attribute '" + name + "'; its attributes: " + list;
    }
    auto text = dynamic_cast<const StringValue*>(&value);
    TypeId part;
    if (text && (tid == HostNetDevice::GetTypeId() || tid.IsChildOf(HostNetDevice::GetTypeId())) &&
        HostNetDevice::LookupPartBase(name, &part))
    {
        // A part factory: its class must be one of the part's ("ns3::GroEngine[MaxSize=...]").
        std::string error =
            CheckTypeName(text->Get().substr(0, text->Get().find('[')), part.GetName());
        if (!error.empty())
        {
            return typeName + "::" + name + ": '" + text->Get() + "': " + error +
                   " (optionally with attributes: Type[Name=value|...])";
        }
    }
    std::string error = CheckValue(info.checker, value);
    return error.empty() ? "" : typeName + "::" + name + ": " + error;
}

std::string
HostNetDeviceHelper::CheckTypeName(const std::string& type, const std::string& baseName)
{
    TypeId base = TypeId::LookupByName(baseName);
    TypeId tid;
    if (TypeId::LookupByNameFailSafe(type, &tid) && (tid == base || tid.IsChildOf(base)) &&
        tid.HasConstructor())
    {
        return "";
    }
    std::string known;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId t = TypeId::GetRegistered(i);
        if ((t == base || t.IsChildOf(base)) && t.HasConstructor())
        {
            known += " " + t.GetName();
        }
    }
    return "unknown " + baseName + " type '" + type + "'; known:" + known;
}

std::string
HostNetDeviceHelper::CheckPreset(const std::string& name)
{
    HostProfile profile;
    return HostProfile::Read(name, profile);
}

namespace
{
/// Where the device attributes that moved to its parts went (hostnet 0.x -> the part).
struct MovedAttribute
{
    const char* oldName; ///< the HostNetDevice attribute it was
    const char* part;    ///< the device attribute that holds the part
    const char* type;    ///< the part's TypeId name
    const char* newName; ///< its name there
    const char* setter;  ///< the helper method that sets it
};

const MovedAttribute g_moved[] = {
    {"IsrCost", "Costs", "ns3::HostCostModel", "IsrCost", "SetCostAttribute"},
    {"ProtocolCost", "Costs", "ns3::HostCostModel", "ProtocolCost", "SetCostAttribute"},
    {"ProtocolCopyRate", "Costs", "ns3::HostCostModel", "ProtocolCopyRate", "SetCostAttribute"},
    {"TxCost", "Costs", "ns3::HostCostModel", "TxCost", "SetCostAttribute"},
    {"RegisterWriteCost", "Costs", "ns3::HostCostModel", "RegisterWriteCost", "SetCostAttribute"},
    {"PollOverheadCost", "Costs", "ns3::HostCostModel", "PollOverheadCost", "SetCostAttribute"},
    {"GroCost", "Costs", "ns3::HostCostModel", "GroCost", "SetCostAttribute"},
    {"GsoSegmentCost", "Costs", "ns3::HostCostModel", "GsoSegmentCost", "SetCostAttribute"},
    {"TxByteRate", "Costs", "ns3::HostCostModel", "TxByteRate", "SetCostAttribute"},
    {"IrqCore", "Steering", "ns3::ReceiveSteering", "IrqCore", "SetSteeringAttribute"},
    {"IrqAffinity", "Steering", "ns3::ReceiveSteering", "IrqAffinity", "SetSteeringAttribute"},
    {"RssTableSize", "Steering", "ns3::ReceiveSteering", "RssTableSize", "SetSteeringAttribute"},
    {"RxSteering", "Steering", "ns3::ReceiveSteering", "Mode", "SetSteeringAttribute"},
    {"RpsCores", "Steering", "ns3::ReceiveSteering", "RpsCores", "SetSteeringAttribute"},
    {"RpsEnqueueCost",
     "Steering",
     "ns3::ReceiveSteering",
     "RpsEnqueueCost",
     "SetSteeringAttribute"},
    {"RpsFlowCount", "Steering", "ns3::ReceiveSteering", "RpsFlowCount", "SetSteeringAttribute"},
    {"TsoEnabled", "TxPath", "ns3::HostTxPath", "TsoEnabled", "SetTxPathAttribute"},
    {"GsoEnabled", "TxPath", "ns3::HostTxPath", "GsoEnabled", "SetTxPathAttribute"},
    {"TsoMaxSize", "TxPath", "ns3::HostTxPath", "TsoMaxSize", "SetTxPathAttribute"},
    {"TxRing", "TxPath", "ns3::HostTxPath", "TxRing", "SetTxRingAttribute"},
    {"GroMaxSize", "Queues/*/Gro", "ns3::GroEngine", "MaxSize", "SetGroAttribute"},
    {"StageLatencies",
     "$ns3::HostNetStatistics",
     "ns3::HostNetStatistics",
     "StageLatencies",
     "SetStatisticsAttribute"},
};
} // namespace

std::string
HostNetDeviceHelper::MovedDeviceAttribute(const std::string& name)
{
    if (name == "GroEnabled")
    {
        return "HostNetDevice::GroEnabled is now the class of the device's Gro attribute: "
               "ns3::GroEngine for GRO on, ns3::NoGro (the default) for off: use "
               "HostNetDeviceHelper::SetGroType, --ns3::HostNetDevice::Gro=ns3::GroEngine, or "
               "[nic.gro] type = \"ns3::GroEngine\" in a host profile";
    }
    for (const auto& moved : g_moved)
    {
        if (name == moved.oldName)
        {
            return std::string("HostNetDevice::") + moved.oldName + " is now " + moved.type +
                   "::" + moved.newName + ", the device's " + moved.part +
                   " part: use HostNetDeviceHelper::" + moved.setter + ", --" + moved.type +
                   "::" + moved.newName + "=..., or the Config path .../$ns3::HostNetDevice/" +
                   moved.part + "/" + moved.newName;
        }
    }
    return "";
}

void
HostNetDeviceHelper::SetDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    std::string moved = MovedDeviceAttribute(name);
    NS_ABORT_MSG_IF(!moved.empty(), "HostNetDeviceHelper::SetDeviceAttribute: " << moved);
    std::string error = CheckAttribute("ns3::HostNetDevice", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetDeviceAttribute: " << error);
    m_deviceFactory.Set(name, value);
    if (name == "NQueues")
    {
        TypeId::AttributeInformation info;
        HostNetDevice::GetTypeId().LookupAttributeByName("NQueues", &info);
        UintegerValue queues;
        queues.DeserializeFromString(value.SerializeToString(info.checker), info.checker);
        m_nQueues = queues.Get();
    }
}

uint32_t
HostNetDeviceHelper::GetNQueues() const
{
    if (m_nQueues > 0)
    {
        return m_nQueues;
    }
    TypeId::AttributeInformation info;
    HostNetDevice::GetTypeId().LookupAttributeByName("NQueues", &info);
    return DynamicCast<const UintegerValue>(info.initialValue)->Get();
}

void
HostNetDeviceHelper::SetModerationType(const std::string& type)
{
    CheckType("moderation", type, InterruptModeration::GetTypeId());
    m_moderationFactory = ObjectFactory(type);
}

void
HostNetDeviceHelper::SetModerationAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute(m_moderationFactory.GetTypeId().GetName(), name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetModerationAttribute: " << error);
    m_moderationFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetRxModeType(const std::string& type)
{
    CheckType("receive mode", type, RxMode::GetTypeId());
    m_rxModeFactory = ObjectFactory(type);
}

void
HostNetDeviceHelper::SetRxModeAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute(m_rxModeFactory.GetTypeId().GetName(), name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetRxModeAttribute: " << error);
    m_rxModeFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetRxRingAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::RxRing", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetRxRingAttribute: " << error);
    m_rxRingFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetTxRingAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::TxRing", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetTxRingAttribute: " << error);
    m_txRingFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetGroType(const std::string& type)
{
    CheckType("GRO", type, GroEngine::GetTypeId());
    // The engine's attributes stay (both types have GroEngine's): presets and scripts set
    // them whether GRO is on or off.
    m_groFactory.SetTypeId(type);
}

void
HostNetDeviceHelper::SetGroAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::GroEngine", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetGroAttribute: " << error);
    m_groFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetStatisticsAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::HostNetStatistics", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetStatisticsAttribute: " << error);
    m_statisticsAttributes.emplace_back(name, value.Copy());
}

void
HostNetDeviceHelper::SetCostAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::HostCostModel", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetCostAttribute: " << error);
    m_costsFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetSteeringAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::ReceiveSteering", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetSteeringAttribute: " << error);
    m_steeringFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetTxPathAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::HostTxPath", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetTxPathAttribute: " << error);
    m_txPathFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetSocketCostAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::HostSocketCosts", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetSocketCostAttribute: " << error);
    m_socketCostsFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetTcpTimerAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::HostTcpTimers", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetTcpTimerAttribute: " << error);
    m_tcpTimersFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetInterferenceAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::CacheInterference", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetInterferenceAttribute: " << error);
    m_interferenceFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetLocalityAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::CpuLocality", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetLocalityAttribute: " << error);
    m_localityFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetCpuAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::HostCpu", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetCpuAttribute: " << error);
    m_cpuFactory.Set(name, value);
}

void
HostNetDeviceHelper::SetStackAttribute(const std::string& name, const AttributeValue& value)
{
    std::string error = CheckAttribute("ns3::HostNetStack", name, value);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetStackAttribute: " << error);
    m_stackFactory.Set(name, value);
}

namespace
{
/// @return @p t in seconds as an attribute value's text (12 significant digits: exact for
///         nanosecond times below 1000 s)
std::string
SecondsText(Time t)
{
    std::ostringstream os;
    os << std::setprecision(12) << t.GetSeconds();
    return os.str();
}
} // namespace

std::string
HostNetDeviceHelper::ConstantCost(Time value)
{
    return "ns3::ConstantRandomVariable[Constant=" + SecondsText(value) + "]";
}

std::string
HostNetDeviceHelper::ExponentialCost(Time mean)
{
    return "ns3::ExponentialRandomVariable[Mean=" + SecondsText(mean) + "]";
}

std::string
HostNetDeviceHelper::UniformCost(Time min, Time max)
{
    return "ns3::UniformRandomVariable[Min=" + SecondsText(min) + "|Max=" + SecondsText(max) + "]";
}

std::vector<std::string>
HostNetDeviceHelper::GetPresetNames()
{
    return HostProfile::GetShippedNames();
}

void
HostNetDeviceHelper::SetPreset(const std::string& name)
{
    // The hosts are data: data/hosts/<name>.toml, every number with its source (and
    // doc/user-guide.rst, "Host profiles"), or a user's profile by path.
    HostProfile profile;
    std::string error = HostProfile::Read(name, profile);
    NS_ABORT_MSG_IF(!error.empty(), "HostNetDeviceHelper::SetPreset: " << error);
    profile.Apply(*this);
}

// ---------------------------------------------------------------- the scheme table

namespace
{

/**
 * One named scheme of HostNetDeviceHelper::SetScheme: a row of the table below. A new
 * scheme is its moderation or receive-mode class plus one row; SetScheme, IsScheme,
 * CheckScheme, GetSchemeNames and GetSchemeHelp all read the table.
 */
struct SchemeRow
{
    /// The name; "<x>" marks a number in it (e.g. "time-<T>us" accepts "time-50us").
    const char* pattern;
    /// What the number must be (nullptr: any plain decimal 0 .. 1e7, or no number).
    bool (*valid)(double value);
    /// What the number must be, for messages ("" for a name without a number).
    const char* numberRule;
    /// Moderation x receive mode, in words (GetSchemeHelp).
    const char* help;
    /// Configure the helper; @p value is the number in the name (0 without one).
    void (*apply)(HostNetDeviceHelper& helper, double value);
};

/// @param v the number in the name @return true if it is a whole number >= 1
bool
IsFrameCount(double v)
{
    return v >= 1 && v == std::floor(v);
}

/// @param v the number in the name @return true if it is > 0
bool
IsPositive(double v)
{
    return v > 0;
}

/// @param h the helper to set a Linux NAPI receive mode (weight 64, netdev_budget, ksoftirqd) on
void
Napi(HostNetDeviceHelper& h)
{
    h.SetRxMode("ns3::NapiRxMode");
}

/// @param h the helper to set the papers' per-packet (pre-NAPI) receive mode on
void
PerPacket(HostNetDeviceHelper& h)
{
    h.SetRxMode("ns3::PerPacketRxMode");
}

/// @param h the helper @param tau rx-frames: interrupt after tau frames
void
CountCoalescing(HostNetDeviceHelper& h, double tau)
{
    h.SetModeration("ns3::RxFramesModeration", "Frames", UintegerValue(tau));
}

/// @param h the helper @param usecs rx-usecs: interrupt usecs after the first frame
void
TimeCoalescing(HostNetDeviceHelper& h, double usecs)
{
    h.SetModeration("ns3::RxUsecsModeration", "Interval", TimeValue(MicroSeconds(usecs)));
}

/**
 * The schemes, in the order GetSchemeNames lists them: Salah et al. 2007's (the pre-NAPI
 * per-packet path, their own polling), then Linux's NAPI path with each NIC moderation.
 */
const SchemeRow g_schemes[] = {
    {"ideal",
     nullptr,
     "",
     "Salah et al. 2007 Sec. 3.1: no moderation, interrupts cost nothing (IsrCost 0), "
     "per-packet receive path (M/M/1/B)",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::NoModeration");
         PerPacket(h);
         h.SetCostAttribute("IsrCost", StringValue("ns3::ConstantRandomVariable[Constant=0]"));
     }},
    {"normal",
     nullptr,
     "",
     "normal interruption: every frame interrupts, per-packet receive path",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::NoModeration");
         PerPacket(h);
     }},
    {"disable-enable",
     nullptr,
     "",
     "interrupt disable-enable (Salah et al. 2007): no moderation, process until the ring "
     "is empty, then unmask",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::NoModeration");
         h.SetRxMode("ns3::DisableEnableRxMode");
     }},
    {"prenapi-count-<tau>",
     IsFrameCount,
     "tau is a whole number of frames >= 1",
     "count coalescing (ethtool rx-frames tau), per-packet receive path",
     [](HostNetDeviceHelper& h, double tau) {
         CountCoalescing(h, tau);
         PerPacket(h);
     }},
    {"prenapi-time-<T>us",
     nullptr,
     "T is a number of microseconds, 0 .. 1e7",
     "time coalescing (ethtool rx-usecs T), per-packet receive path",
     [](HostNetDeviceHelper& h, double usecs) {
         TimeCoalescing(h, usecs);
         PerPacket(h);
     }},
    {"pure-polling",
     nullptr,
     "",
     "pure polling (interrupts off): quota Q = 3 per T_poll = 20 us tick",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::NoModeration");
         h.SetRxMode("ns3::PurePollingRxMode");
     }},
    {"napi-salah2007",
     nullptr,
     "",
     "Salah et al. 2007 Fig. 5's NAPI: no moderation, weight 3, the next poll at the next "
     "20 us tick",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::NoModeration");
         h.SetRxMode("ns3::TickedNapiRxMode",
                     "Weight",
                     UintegerValue(3),
                     "PollPeriod",
                     TimeValue(MicroSeconds(20)));
     }},
    {"hybrid",
     nullptr,
     "",
     "hybrid (Salah et al. 2007): disable-enable below the eq. 13 switch point, pure "
     "polling above",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::NoModeration");
         h.SetRxMode("ns3::HybridRxMode");
     }},
    {"prenapi-buffer-adaptive",
     nullptr,
     "",
     "Chang et al. 2008's buffer-driven interrupt interval, per-packet receive path",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::BufferAdaptiveModeration");
         PerPacket(h);
     }},
    {"napi",
     nullptr,
     "",
     "Linux NAPI (weight 64, netdev_budget 300, ksoftirqd), no moderation",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::NoModeration");
         Napi(h);
     }},
    {"count-<tau>",
     IsFrameCount,
     "tau is a whole number of frames >= 1",
     "count coalescing (ethtool rx-frames tau), Linux NAPI",
     [](HostNetDeviceHelper& h, double tau) {
         CountCoalescing(h, tau);
         Napi(h);
     }},
    {"time-<T>us",
     nullptr,
     "T is a number of microseconds, 0 .. 1e7",
     "time coalescing (ethtool rx-usecs T), Linux NAPI",
     [](HostNetDeviceHelper& h, double usecs) {
         TimeCoalescing(h, usecs);
         Napi(h);
     }},
    {"itr-<rate>",
     IsPositive,
     "rate is a number of interrupts per second > 0",
     "Intel interrupt throttling at rate interrupts/s (e.g. itr-8000), Linux NAPI",
     [](HostNetDeviceHelper& h, double rate) {
         h.SetModeration("ns3::ThrottleModeration", "InterruptRate", DoubleValue(rate));
         Napi(h);
     }},
    {"e1000-dynamic",
     nullptr,
     "",
     "e1000 dynamic interrupt throttling, Linux NAPI",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::E1000DynamicItrModeration");
         Napi(h);
     }},
    {"i40e-adaptive",
     nullptr,
     "",
     "i40e adaptive Rx ITR (10 Gb/s divisor), Linux NAPI",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::I40eAdaptiveItrModeration");
         Napi(h);
     }},
    {"net-dim",
     nullptr,
     "",
     "Linux dynamic interrupt moderation (net_dim), Linux NAPI",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::NetDimModeration");
         Napi(h);
     }},
    {"buffer-adaptive",
     nullptr,
     "",
     "Chang et al. 2008's buffer-driven interrupt interval, Linux NAPI",
     [](HostNetDeviceHelper& h, double) {
         h.SetModeration("ns3::BufferAdaptiveModeration");
         Napi(h);
     }},
};

/**
 * Match a name against a row's pattern.
 * @param row the row
 * @param name the scheme name
 * @param[out] value the number in the name (0 without one)
 * @param[out] error for a name of the row's form whose number is not allowed: what is wrong
 * @return true if @p name is this row's scheme
 */
bool
MatchScheme(const SchemeRow& row, const std::string& name, double& value, std::string& error)
{
    std::string pattern = row.pattern;
    value = 0;
    std::size_t open = pattern.find('<');
    if (open == std::string::npos)
    {
        return name == pattern;
    }
    std::string prefix = pattern.substr(0, open);
    std::string suffix = pattern.substr(pattern.find('>', open) + 1);
    if (name.size() <= prefix.size() + suffix.size() || name.rfind(prefix, 0) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
    {
        return false;
    }
    // A plain decimal number (digits with at most one point: no sign, exponent, hex, inf or
    // nan) of at most 1e7.
    std::string number = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    bool plain = number.find_first_not_of("0123456789.") == std::string::npos &&
                 std::count(number.begin(), number.end(), '.') <= 1 && number != "." &&
                 number.size() <= 12;
    value = plain ? std::strtod(number.c_str(), nullptr) : 0;
    if (!plain || value > 1e7 || (row.valid && !row.valid(value)))
    {
        error = std::string(row.pattern) + ": " + row.numberRule;
        return false;
    }
    return true;
}

/**
 * @param name a scheme name
 * @param[out] value the number in the name
 * @param[out] error why a name of a known form is refused ("" if none matched the form)
 * @return the row of @p name, or nullptr
 */
const SchemeRow*
FindScheme(const std::string& name, double& value, std::string& error)
{
    error.clear();
    for (const SchemeRow& row : g_schemes)
    {
        if (MatchScheme(row, name, value, error))
        {
            return &row;
        }
    }
    return nullptr;
}

} // namespace

std::vector<std::string>
HostNetDeviceHelper::GetSchemeNames()
{
    std::vector<std::string> names;
    for (const SchemeRow& row : g_schemes)
    {
        names.emplace_back(row.pattern);
    }
    return names;
}

std::string
HostNetDeviceHelper::GetSchemeHelp(const std::string& name)
{
    for (const SchemeRow& row : g_schemes)
    {
        double value = 0;
        std::string error;
        if (name == row.pattern || MatchScheme(row, name, value, error))
        {
            return row.help;
        }
    }
    return "";
}

bool
HostNetDeviceHelper::IsScheme(const std::string& name)
{
    double value = 0;
    std::string error;
    const SchemeRow* row = FindScheme(name, value, error);
    if (!row)
    {
        return false;
    }
    // Applied to a scratch helper, as SetScheme would: the row's types and attribute values
    // are checked, and the random variables this creates (e.g. "ideal"'s IsrCost) take the
    // automatic stream numbers they always took, so a run that checks its scheme names first
    // (the examples' options) draws the same numbers as before.
    HostNetDeviceHelper scratch;
    row->apply(scratch, value);
    return true;
}

std::string
HostNetDeviceHelper::CheckScheme(const std::string& name)
{
    if (IsScheme(name))
    {
        return "";
    }
    double value = 0;
    std::string error;
    FindScheme(name, value, error);
    std::string known;
    for (const auto& n : GetSchemeNames())
    {
        known += " " + n;
    }
    // Names users saw before schemes were named by author and year.
    static const std::pair<const char*, const char*> renamed[] = {
        {"napi-seed", "napi-salah2007"},
    };
    for (const auto& [before, now] : renamed)
    {
        if (name == before)
        {
            return "scheme '" + name + "' is now called '" + now +
                   "' (the papers' schemes are named by author and year)";
        }
    }
    return "unknown scheme '" + name + "'" + (error.empty() ? "" : " (" + error + ")") +
           "; known:" + known;
}

void
HostNetDeviceHelper::SetScheme(const std::string& name)
{
    double value = 0;
    std::string error;
    const SchemeRow* row = FindScheme(name, value, error);
    if (!row)
    {
        NS_FATAL_ERROR("HostNetDeviceHelper::SetScheme: " << CheckScheme(name));
    }
    row->apply(*this, value);
}

Ptr<HostNetDevice>
HostNetDeviceHelper::Install(Ptr<NetDevice> phy) const
{
    NS_ABORT_MSG_IF(!phy, "HostNetDeviceHelper::Install: null device");
    Ptr<Node> node = phy->GetNode();
    NS_ABORT_MSG_IF(!node, "HostNetDeviceHelper::Install: the PHY device is not on a node");
    NS_ABORT_MSG_IF(DynamicCast<HostNetDevice>(phy),
                    "HostNetDeviceHelper::Install: the device is already a HostNetDevice");
    if (!node->GetObject<HostCpu>())
    {
        Ptr<HostCpu> cpu = m_cpuFactory.Create<HostCpu>();
        cpu->SetAttribute("Locality", PointerValue(m_localityFactory.Create<CpuLocality>()));
        cpu->SetAttribute("Interference",
                          PointerValue(m_interferenceFactory.Create<CacheInterference>()));
        node->AggregateObject(cpu);
    }
    if (!node->GetObject<HostNetStack>())
    {
        Ptr<HostNetStack> stack = m_stackFactory.Create<HostNetStack>();
        stack->SetAttribute("SocketCosts",
                            PointerValue(m_socketCostsFactory.Create<HostSocketCosts>()));
        stack->SetAttribute("TcpTimers", PointerValue(m_tcpTimersFactory.Create<HostTcpTimers>()));
        node->AggregateObject(stack);
    }
    Ptr<HostNetDevice> device = m_deviceFactory.Create<HostNetDevice>();
    Ptr<HostNetStatistics> statistics = device->GetObject<HostNetStatistics>();
    for (const auto& [name, value] : m_statisticsAttributes)
    {
        statistics->SetAttribute(name, *value);
    }
    // The parts in this order: it is the order in which their random variables were built
    // when they were the device's attributes, which fixes the automatic streams they take.
    device->SetCosts(m_costsFactory.Create<HostCostModel>());
    Ptr<HostTxPath> txPath = m_txPathFactory.Create<HostTxPath>();
    device->SetTxPath(txPath);
    device->SetSteering(m_steeringFactory.Create<ReceiveSteering>());
    txPath->SetAttribute("TxRing", PointerValue(m_txRingFactory.Create<TxRing>()));
    // Each queue's receive parts are made from these when the device is set up.
    device->SetAttribute("RxRing", ObjectFactoryValue(m_rxRingFactory));
    device->SetAttribute("Moderation", ObjectFactoryValue(m_moderationFactory));
    device->SetAttribute("RxMode", ObjectFactoryValue(m_rxModeFactory));
    device->SetAttribute("Gro", ObjectFactoryValue(m_groFactory));
    device->SetPhy(phy);
    // Flow control towards traffic control: a full Tx ring stops the queue disc.
    device->AggregateObject(CreateObject<NetDeviceQueueInterface>());
    node->AddDevice(device);
    // Neighbours' routing finds the host through its PHY (see PhyAddressMirror).
    PhyAddressMirror::Install(node);
    return device;
}

NetDeviceContainer
HostNetDeviceHelper::Install(const NetDeviceContainer& phys) const
{
    NetDeviceContainer devices;
    for (auto it = phys.Begin(); it != phys.End(); ++it)
    {
        devices.Add(Install(*it));
    }
    return devices;
}

Ptr<HostNetDevice>
HostNetDeviceHelper::Install(const std::string& phyName) const
{
    Ptr<NetDevice> phy = Names::Find<NetDevice>(phyName);
    NS_ABORT_MSG_IF(!phy, "HostNetDeviceHelper::Install: no device named '" << phyName << "'");
    return Install(phy);
}

NetDeviceContainer
HostNetDeviceHelper::InstallAll(Ptr<Node> node) const
{
    NS_ABORT_MSG_IF(!node, "HostNetDeviceHelper::Install: null node");
    std::vector<Ptr<NetDevice>> phys;
    std::vector<Ptr<NetDevice>> wrapped;
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        if (auto host = DynamicCast<HostNetDevice>(node->GetDevice(i)))
        {
            wrapped.push_back(host->GetPhy());
        }
    }
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<NetDevice> dev = node->GetDevice(i);
        if (DynamicCast<LoopbackNetDevice>(dev) || DynamicCast<HostNetDevice>(dev) ||
            dev->IsBridge() || std::find(wrapped.begin(), wrapped.end(), dev) != wrapped.end())
        {
            continue;
        }
        phys.push_back(dev);
    }
    NetDeviceContainer devices;
    for (const auto& phy : phys)
    {
        devices.Add(Install(phy));
    }
    return devices;
}

int64_t
HostNetDeviceHelper::AssignStreams(const NetDeviceContainer& devices, int64_t stream) const
{
    int64_t current = stream;
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        if (auto device = DynamicCast<HostNetDevice>(*it))
        {
            current += device->AssignStreams(current);
        }
    }
    return current - stream;
}

void
HostNetDeviceHelper::EnablePcapInternal(std::string prefix,
                                        Ptr<NetDevice> nd,
                                        bool promiscuous,
                                        bool explicitFilename)
{
    Ptr<HostNetDevice> device = DynamicCast<HostNetDevice>(nd);
    if (!device)
    {
        NS_LOG_INFO("HostNetDeviceHelper::EnablePcap: not a HostNetDevice, skipped");
        return;
    }
    PcapHelper pcapHelper;
    std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    // Frames are traced above the PHY, without its L2 header: raw IP.
    Ptr<PcapFileWrapper> file = pcapHelper.CreateFile(filename, std::ios::out, PcapHelper::DLT_RAW);
    device->TraceConnectWithoutContext("Rx", MakeBoundCallback(&PcapSink, file));
    device->TraceConnectWithoutContext("Tx", MakeBoundCallback(&PcapSink, file));
}

void
HostNetDeviceHelper::EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                                         std::string prefix,
                                         Ptr<NetDevice> nd,
                                         bool explicitFilename)
{
    Ptr<HostNetDevice> device = DynamicCast<HostNetDevice>(nd);
    if (!device)
    {
        NS_LOG_INFO("HostNetDeviceHelper::EnableAscii: not a HostNetDevice, skipped");
        return;
    }
    if (!stream)
    {
        AsciiTraceHelper asciiTraceHelper;
        std::string filename =
            explicitFilename ? prefix : asciiTraceHelper.GetFilenameFromDevice(prefix, device);
        stream = asciiTraceHelper.CreateFileStream(filename);
    }
    device->TraceConnectWithoutContext(
        "Rx",
        MakeBoundCallback(&AsciiTraceHelper::DefaultReceiveSinkWithoutContext, stream));
    device->TraceConnectWithoutContext(
        "Tx",
        MakeBoundCallback(&AsciiTraceHelper::DefaultEnqueueSinkWithoutContext, stream));
}

} // namespace ns3
