/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-profile.h"

#include "host-net-device-helper.h"

#include "ns3/abort.h"
#include "ns3/attribute-container.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/rx-mode.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>

// toml++ installs toml++/toml.hpp; Debian's package (3.3.0+ds) installs toml++/toml.h.
#if __has_include(<toml++/toml.hpp>)
#include <toml++/toml.hpp>
#else
#include <toml++/toml.h>
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostProfile");

// The shipped profiles (data/hosts/*.toml), built into the library by CMakeLists.txt so that a
// program finds them wherever it runs (installed, in an ns-3 tree, on another MPI machine).
namespace hostnet_profiles
{
const std::vector<std::pair<std::string, std::string>>& Shipped();
} // namespace hostnet_profiles

namespace
{

/// A section of a profile: the class its keys are attributes of.
struct SectionInfo
{
    const char* name;     ///< e.g. "nic.rx-ring"
    const char* typeName; ///< the attributes' TypeId, or the base class of a typed section
    bool typed;           ///< the file names the class: type = "ns3::..."
};

/// The sections, in the order HostProfile::Apply applies them.
const SectionInfo g_sections[] = {
    {"cpu", "ns3::HostCpu", false},
    {"cpu.scheduler", "ns3::TaskScheduler", true},
    {"cpu.locality", "ns3::CpuLocality", false},
    {"cpu.interference", "ns3::CacheInterference", false},
    {"stack", "ns3::HostNetStack", false},
    {"stack.tcp-timers", "ns3::HostTcpTimers", false},
    {"stack.socket", "ns3::HostSocketCosts", false},
    {"nic", "ns3::HostNetDevice", false},
    {"nic.steering", "ns3::ReceiveSteering", false},
    {"nic.moderation", "ns3::InterruptModeration", true},
    {"nic.rx-mode", "ns3::RxMode", true},
    {"nic.gro", "ns3::GroEngine", true},
    {"nic.rx-ring", "ns3::RxRing", false},
    {"nic.tx-ring", "ns3::TxRing", false},
    {"nic.tx-path", "ns3::HostTxPath", false},
    {"costs", "ns3::HostCostModel", false},
};

const SectionInfo*
FindSection(const std::string& name)
{
    for (const auto& s : g_sections)
    {
        if (name == s.name)
        {
            return &s;
        }
    }
    return nullptr;
}

/// @return the sections directly below @p parent ("" for the top level)
std::vector<std::string>
Subsections(const std::string& parent)
{
    std::vector<std::string> out;
    for (const auto& s : g_sections)
    {
        std::string name = s.name;
        auto dot = name.rfind('.');
        std::string up = dot == std::string::npos ? "" : name.substr(0, dot);
        if (up == parent)
        {
            out.push_back(dot == std::string::npos ? name : name.substr(dot + 1));
        }
    }
    return out;
}

/// Levenshtein distance, case-insensitive (for "did you mean").
std::size_t
Distance(const std::string& a, const std::string& b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
    {
        row[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i)
    {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
        {
            std::size_t up = row[j];
            bool same = std::tolower(a[i - 1]) == std::tolower(b[j - 1]);
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

/// @return " (did you mean 'x'?)" for the closest of @p names, or "" if none is close
std::string
DidYouMean(const std::string& word, const std::vector<std::string>& names)
{
    std::string best;
    std::size_t bestDistance = std::max<std::size_t>(3, word.size() / 3) + 1;
    for (const auto& n : names)
    {
        std::size_t d = Distance(word, n);
        if (d < bestDistance)
        {
            bestDistance = d;
            best = n;
        }
    }
    for (const auto& n : names)
    {
        // A prefix ("mlx5" for "mlx5-100g") is closer than its edit distance says.
        if (best.empty() && word.size() >= 3 && n.rfind(word, 0) == 0)
        {
            best = n;
        }
    }
    return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

std::string
Join(const std::vector<std::string>& items, const std::string& sep = ", ")
{
    std::string out;
    for (const auto& i : items)
    {
        out += (out.empty() ? "" : sep) + i;
    }
    return out;
}

/// @return the constructible subclasses of @p baseName
std::vector<std::string>
KnownTypes(const std::string& baseName)
{
    TypeId base = TypeId::LookupByName(baseName);
    std::vector<std::string> known;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId t = TypeId::GetRegistered(i);
        if ((t == base || t.IsChildOf(base)) && t.HasConstructor())
        {
            known.push_back(t.GetName());
        }
    }
    return known;
}

/// @return the attribute names of @p tid and its parents
std::vector<std::string>
AttributeNames(TypeId tid)
{
    std::vector<std::string> names;
    for (TypeId t = tid;; t = t.GetParent())
    {
        for (std::size_t i = 0; i < t.GetAttributeN(); ++i)
        {
            names.push_back(t.GetAttribute(i).name);
        }
        if (t == t.GetParent())
        {
            break;
        }
    }
    return names;
}

/**
 * A time as the text of seconds, exactly as its decimal literal ("3.73us" -> "3.73e-6", which
 * parses to the same double as writing 3.73e-6): no binary rounding on the way.
 * @param text a number and a unit (s, ms, us, ns, ps)
 * @param[out] seconds the text
 * @return whether @p text is such a time
 */
bool
SecondsText(const std::string& text, std::string& seconds)
{
    static const std::regex time(
        R"(^\s*([-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+))(?:[eE]([-+]?[0-9]+))?\s*(s|ms|us|ns|ps)\s*$)");
    std::smatch m;
    if (!std::regex_match(text, m, time))
    {
        return false;
    }
    int exponent = m[2].matched ? std::stoi(m[2].str()) : 0;
    const std::string unit = m[3].str();
    exponent += unit == "s" ? 0 : unit == "ms" ? -3 : unit == "us" ? -6 : unit == "ns" ? -9 : -12;
    seconds = m[1].str() + (exponent == 0 ? "" : "e" + std::to_string(exponent));
    return true;
}

/// What a random-variable attribute (a cost) takes, for messages.
const char* g_costForms = "a time (a constant cost, e.g. \"1.5us\"), \"exponential(<mean>)\", "
                          "\"uniform(<min>, <max>)\" or an ns-3 random variable "
                          "(\"ns3::NormalRandomVariable[Mean=1e-6|Variance=1e-14]\")";

/**
 * @param text a cost as a profile writes it
 * @param[out] value the random variable's ns-3 text
 * @return whether @p text is one of the forms of g_costForms
 */
bool
CostText(const std::string& text, std::string& value)
{
    if (text.rfind("ns3::", 0) == 0)
    {
        value = text;
        return true;
    }
    static const std::regex call(R"(^\s*(exponential|uniform)\s*\((.*)\)\s*$)");
    std::smatch m;
    if (std::regex_match(text, m, call))
    {
        std::string args = m[2].str();
        std::string a;
        std::string b;
        if (m[1].str() == "exponential")
        {
            if (!SecondsText(args, a))
            {
                return false;
            }
            value = "ns3::ExponentialRandomVariable[Mean=" + a + "]";
            return true;
        }
        auto comma = args.find(',');
        if (comma == std::string::npos || !SecondsText(args.substr(0, comma), a) ||
            !SecondsText(args.substr(comma + 1), b))
        {
            return false;
        }
        value = "ns3::UniformRandomVariable[Min=" + a + "|Max=" + b + "]";
        return true;
    }
    std::string seconds;
    if (!SecondsText(text, seconds))
    {
        return false;
    }
    value = "ns3::ConstantRandomVariable[Constant=" + seconds + "]";
    return true;
}

/// A value read from a file, before its attribute is known.
struct RawValue
{
    std::string tomlType; ///< boolean, integer, float, string
    std::string text;     ///< as ns-3 text would read it
    std::string literal;  ///< as TOML writes it
};

/// @return @p node as a RawValue, or tomlType "" if it is not a scalar
RawValue
ReadScalar(const toml::node& node)
{
    RawValue raw;
    if (auto b = node.as_boolean())
    {
        raw.tomlType = "boolean";
        raw.text = b->get() ? "true" : "false";
        raw.literal = raw.text;
    }
    else if (auto i = node.as_integer())
    {
        raw.tomlType = "integer";
        raw.text = std::to_string(i->get());
        raw.literal = raw.text;
    }
    else if (auto f = node.as_floating_point())
    {
        // The shortest text that reads back as the same double.
        char buffer[64];
        auto result = std::to_chars(buffer, buffer + sizeof buffer, f->get());
        raw.tomlType = "float";
        raw.text = std::string(buffer, result.ptr);
        raw.literal = raw.text;
        if (raw.literal.find_first_of(".eEn") == std::string::npos)
        {
            raw.literal += ".0";
        }
    }
    else if (auto s = node.as_string())
    {
        raw.tomlType = "string";
        raw.text = s->get();
        std::ostringstream quoted;
        quoted << *s;
        raw.literal = quoted.str();
    }
    return raw;
}

/// @return "file:line: "
std::string
Where(const std::string& file, uint32_t line)
{
    return file + ":" + std::to_string(line) + ": ";
}

/// @return the text of a file, or "" with @p ok false
std::string
ReadFile(const std::string& path, bool& ok)
{
    std::ifstream in(path);
    ok = static_cast<bool>(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// @return the directory part of @p path with its '/', or ""
std::string
Directory(const std::string& path)
{
    auto slash = path.rfind('/');
    return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

/// @return the shipped profile's text, or nullptr
const std::string*
ShippedText(const std::string& name)
{
    for (const auto& [n, text] : hostnet_profiles::Shipped())
    {
        if (n == name)
        {
            return &text;
        }
    }
    return nullptr;
}

/**
 * Find a profile by name or path.
 * @param nameOrPath a shipped name, or a path (relative to @p relativeTo unless absolute)
 * @param relativeTo the directory of the file that names it ("" for the working directory)
 * @param[out] text its text
 * @param[out] fileName the name errors give it
 * @return "" or the error
 */
std::string
Locate(const std::string& nameOrPath,
       const std::string& relativeTo,
       std::string& text,
       std::string& fileName)
{
    if (const std::string* shipped = ShippedText(nameOrPath))
    {
        text = *shipped;
        fileName = "data/hosts/" + nameOrPath + ".toml";
        return "";
    }
    std::string path =
        (nameOrPath.empty() || nameOrPath[0] == '/') ? nameOrPath : relativeTo + nameOrPath;
    bool ok = false;
    text = ReadFile(path, ok);
    if (!ok)
    {
        return "unknown host profile '" + nameOrPath + "'" +
               DidYouMean(nameOrPath, HostProfile::GetShippedNames()) +
               ": neither a shipped profile (" + Join(HostProfile::GetShippedNames()) +
               ") nor a readable file" + (path != nameOrPath ? " ('" + path + "')" : "");
    }
    fileName = path;
    return "";
}

} // namespace

std::vector<std::string>
HostProfile::GetShippedNames()
{
    std::vector<std::string> names;
    for (const auto& [name, text] : hostnet_profiles::Shipped())
    {
        names.push_back(name);
    }
    return names;
}

std::vector<std::string>
HostProfile::GetSectionNames()
{
    std::vector<std::string> names;
    for (const auto& s : g_sections)
    {
        names.emplace_back(s.name);
    }
    return names;
}

std::string
HostProfile::Read(const std::string& nameOrPath, HostProfile& profile)
{
    std::string text;
    std::string fileName;
    std::string error = Locate(nameOrPath, "", text, fileName);
    if (!error.empty())
    {
        return error;
    }
    return ReadText(text, fileName, profile);
}

std::string
HostProfile::ReadText(const std::string& text, const std::string& fileName, HostProfile& profile)
{
    profile = HostProfile();
    std::vector<std::string> chain;
    std::string error = profile.ReadInto(text, fileName, chain);
    if (error.empty())
    {
        error = profile.Check();
    }
    if (profile.m_name.empty())
    {
        std::string stem = fileName.substr(fileName.rfind('/') + 1);
        profile.m_name = stem.substr(0, stem.rfind(".toml"));
    }
    return error;
}

std::string
HostProfile::ReadInto(const std::string& text,
                      const std::string& fileName,
                      std::vector<std::string>& chain)
{
    NS_LOG_FUNCTION(this << fileName);
    if (std::find(chain.begin(), chain.end(), fileName) != chain.end())
    {
        return "host profile " + fileName + ": its bases form a cycle (" + Join(chain, " -> ") +
               " -> " + fileName + ")";
    }
    chain.push_back(fileName);
    toml::table root;
    try
    {
        root = toml::parse(text, fileName);
    }
    catch (const toml::parse_error& e)
    {
        return Where(fileName, e.source().begin.line) + "not TOML: " + std::string(e.description());
    }
    bool top = chain.size() == 1;
    if (auto base = root.get("base"))
    {
        auto name = base->value<std::string>();
        if (!name)
        {
            return Where(fileName, base->source().begin.line) +
                   "base must be a string: a shipped profile (" + Join(GetShippedNames()) +
                   ") or the path of a profile";
        }
        std::string baseText;
        std::string baseFile;
        std::string error = Locate(*name, Directory(fileName), baseText, baseFile);
        if (!error.empty())
        {
            return Where(fileName, base->source().begin.line) + "base = \"" + *name +
                   "\": " + error;
        }
        error = ReadInto(baseText, baseFile, chain);
        if (!error.empty())
        {
            return error;
        }
    }
    // A section's values, and its subsections (depth first).
    std::function<std::string(const std::string&, const toml::table&)> walk;
    walk = [&](const std::string& section, const toml::table& table) -> std::string {
        const SectionInfo* info = FindSection(section);
        std::vector<std::string> subs = Subsections(section);
        if (info && info->typed)
        {
            // A new type replaces the base's section whole: its attributes were the old type's.
            auto type = table.get("type");
            auto old = m_sections[section].find("type");
            if (type && old != m_sections[section].end())
            {
                const toml::node* v = type->is_table() ? type->as_table()->get("value") : type;
                if (v && v->value<std::string>() != old->second.text)
                {
                    m_sections[section].clear();
                }
            }
        }
        for (auto&& [key, node] : table)
        {
            std::string name(key.str());
            uint32_t line = key.source().begin.line;
            std::string qualified = section.empty() ? name : section + "." + name;
            if (section.empty() && (name == "base" || name == "profile"))
            {
                continue;
            }
            const toml::table* sub = node.as_table();
            bool sourced = sub && sub->contains("value");
            if (sub && !sourced)
            {
                if (std::find(subs.begin(), subs.end(), name) == subs.end())
                {
                    std::vector<std::string> allowed = subs;
                    if (section.empty())
                    {
                        allowed.insert(allowed.begin(), {"base", "profile"});
                    }
                    return Where(fileName, line) + "unknown section [" + qualified + "]" +
                           DidYouMean(name, allowed) + "; " +
                           (allowed.empty() ? "[" + section + "] has no subsections"
                                            : "allowed here: " + Join(allowed)) +
                           (sub->empty() ? ""
                                         : " (a value with its source is { value = ..., "
                                           "source = \"...\" })");
                }
                std::string error = walk(qualified, *sub);
                if (!error.empty())
                {
                    return error;
                }
                continue;
            }
            if (!info)
            {
                std::vector<std::string> allowed = subs;
                if (section.empty())
                {
                    allowed.insert(allowed.begin(), {"base", "profile"});
                }
                return Where(fileName, line) + "'" + qualified + "' is not a section" +
                       DidYouMean(name, allowed) + "; the sections here: " + Join(allowed);
            }
            Setting s;
            s.section = section;
            s.key = name;
            s.file = fileName;
            s.line = line;
            const toml::node* valueNode = &node;
            if (sourced)
            {
                for (auto&& [k, v] : *sub)
                {
                    if (k.str() != "value" && k.str() != "source")
                    {
                        return Where(fileName, k.source().begin.line) + qualified +
                               ": a value with its source has the keys value and source, not '" +
                               std::string(k.str()) + "'";
                    }
                }
                valueNode = sub->get("value");
                if (auto src = sub->get("source"))
                {
                    auto text = src->value<std::string>();
                    if (!text)
                    {
                        return Where(fileName, src->source().begin.line) + qualified +
                               ": source must be a string";
                    }
                    s.source = *text;
                }
            }
            RawValue raw = ReadScalar(*valueNode);
            if (raw.tomlType.empty())
            {
                return Where(fileName, line) + qualified +
                       ": a value is a boolean, a number or a string (times and rates as "
                       "strings with their unit, e.g. \"40ms\", \"10Gbps\"), not an array";
            }
            s.text = raw.text;
            s.literal = raw.literal;
            s.tomlType = raw.tomlType;
            m_sections[section][name] = s;
        }
        return "";
    };
    std::string error = walk("", root);
    if (error.empty() && top)
    {
        if (auto p = root.get("profile"))
        {
            if (!p->is_table())
            {
                return Where(fileName, p->source().begin.line) +
                       "[profile] is a table (name, description, sources, notes, ...)";
            }
        }
    }
    auto p = root.get_as<toml::table>("profile");
    if (p && top)
    {
        // This file's name and description, not its base's: a profile that extends another
        // is itself (without a name, its file's).
        if (auto n = p->get("name"))
        {
            m_name = n->value<std::string>().value_or(m_name);
        }
        if (auto d = p->get("description"))
        {
            m_description = d->value<std::string>().value_or(m_description);
        }
    }
    chain.pop_back();
    return error;
}

std::string
HostProfile::Check()
{
    m_settings.clear();
    std::map<std::string, std::string> typeOf; // section -> its class
    for (const auto& info : g_sections)
    {
        auto it = m_sections.find(info.name);
        if (it == m_sections.end() || it->second.empty())
        {
            continue;
        }
        auto& settings = it->second;
        std::string typeName = info.typeName;
        if (info.typed)
        {
            auto type = settings.find("type");
            if (type == settings.end())
            {
                const Setting& first = settings.begin()->second;
                return Where(first.file, first.line) + "[" + info.name + "] sets " + first.key +
                       " but names no class: add type = \"...\", one of " +
                       Join(KnownTypes(info.typeName));
            }
            std::string error =
                HostNetDeviceHelper::CheckTypeName(type->second.text, info.typeName);
            if (!error.empty())
            {
                return Where(type->second.file, type->second.line) + "[" + info.name +
                       "] type = \"" + type->second.text + "\": " + error;
            }
            typeName = type->second.text;
            m_settings.push_back(type->second);
        }
        typeOf[info.name] = typeName;
        TypeId tid = TypeId::LookupByName(typeName);
        std::vector<std::string> names = AttributeNames(tid);
        for (auto& [key, s] : settings)
        {
            if (info.typed && key == "type")
            {
                continue;
            }
            const RawValue raw{s.tomlType, s.text, s.literal};
            std::string at =
                Where(s.file, s.line) + "[" + info.name + "] " + key + " = " + raw.literal + ": ";
            TypeId::AttributeInformation attr;
            std::string moved = std::string(info.name) == "nic"
                                    ? HostNetDeviceHelper::MovedDeviceAttribute(key)
                                    : "";
            if (!moved.empty())
            {
                return Where(s.file, s.line) + "[nic] " + key + ": " + moved;
            }
            if (!tid.LookupAttributeByName(key, &attr))
            {
                std::vector<std::string> allowed = names;
                for (const auto& sub : Subsections(info.name))
                {
                    allowed.push_back("[" + std::string(info.name) + "." + sub + "]");
                }
                return Where(s.file, s.line) + "unknown key '" + key + "' in [" + info.name +
                       "] (" + typeName + ")" + DidYouMean(key, names) +
                       "; allowed: " + Join(allowed);
            }
            std::string valueType = attr.checker->GetValueTypeName();
            bool randomVariable =
                valueType == "ns3::PointerValue" && attr.checker->HasUnderlyingTypeInformation() &&
                attr.checker->GetUnderlyingTypeInformation().find("ns3::RandomVariableStream") !=
                    std::string::npos;
            if ((valueType == "ns3::PointerValue" && !randomVariable) ||
                valueType == "ns3::ObjectFactoryValue")
            {
                std::string where;
                for (const auto& sub : Subsections(info.name))
                {
                    where += " [" + std::string(info.name) + "." + sub + "]";
                }
                return at + key + " is a part of the host, " +
                       (where.empty() ? std::string("not set from a profile")
                                      : "set by its own section (" + where.substr(1) + ")");
            }
            s.text = raw.text;
            if (randomVariable)
            {
                if (raw.tomlType != "string" || !CostText(raw.text, s.text))
                {
                    return at + "a cost is " + g_costForms;
                }
            }
            else if ((valueType == "ns3::TimeValue" || valueType == "ns3::DataRateValue") &&
                     (raw.tomlType != "string" || raw.text.empty() ||
                      !std::isalpha(static_cast<unsigned char>(raw.text.back()))))
            {
                return at + (valueType == "ns3::TimeValue"
                                 ? "a time is a string with its unit (\"40ms\", \"2.5us\")"
                                 : "a rate is a string with its unit (\"10Gbps\", \"400Mbps\")");
            }
            else if (valueType == "ns3::BooleanValue" && raw.tomlType != "boolean")
            {
                return at + "a switch is true or false";
            }
            // (A random variable is checked with a fixed stream: reading a profile takes no
            // automatic stream; HostNetDeviceHelper::CheckAttribute.)
            std::string error =
                HostNetDeviceHelper::CheckAttribute(typeName, key, StringValue(s.text));
            if (!error.empty())
            {
                return at + error;
            }
            m_settings.push_back(s);
        }
    }
    // Combinations the model refuses at Install, reported here with their lines.
    auto find = [this](const std::string& section, const std::string& key) -> const Setting* {
        auto sec = m_sections.find(section);
        if (sec == m_sections.end())
        {
            return nullptr;
        }
        auto it = sec->second.find(key);
        return it == sec->second.end() ? nullptr : &it->second;
    };
    const Setting* mode = find("nic.rx-mode", "type");
    const Setting* gro = find("nic.gro", "type");
    if (mode && gro && gro->text != "ns3::NoGro")
    {
        Ptr<RxMode> rx = ObjectFactory(mode->text).Create<RxMode>();
        bool ok = rx->Supports(RxMode::GRO);
        rx->Dispose();
        if (!ok)
        {
            return Where(gro->file, gro->line) + "[nic.gro] type = \"" + gro->text +
                   "\" needs a NAPI receive mode, and [nic.rx-mode] type = \"" + mode->text +
                   "\" (" + mode->file + ":" + std::to_string(mode->line) +
                   ") has no GRO; use ns3::NapiRxMode or set [nic.gro] type = \"ns3::NoGro\"";
        }
    }
    const Setting* cores = find("cpu", "NCores");
    const Setting* queues = find("nic", "NQueues");
    const Setting* affinity = find("nic.steering", "IrqAffinity");
    std::vector<uint64_t> irqCores;
    if (affinity)
    {
        // The checker took the list: comma-separated whole numbers.
        std::stringstream list(affinity->text);
        std::string item;
        while (std::getline(list, item, ','))
        {
            irqCores.push_back(std::strtoull(item.c_str(), nullptr, 10));
        }
    }
    if (queues && affinity && !irqCores.empty() && irqCores.size() != std::stoull(queues->text))
    {
        return Where(affinity->file, affinity->line) + "[nic.steering] IrqAffinity = \"" +
               affinity->text + "\" names " + std::to_string(irqCores.size()) +
               " cores, and [nic] NQueues = " + queues->text + " (" + queues->file + ":" +
               std::to_string(queues->line) + "): one core per queue";
    }
    if (cores && affinity)
    {
        uint64_t n = std::stoull(cores->text);
        for (uint64_t core : irqCores)
        {
            std::string item = std::to_string(core);
            if (core >= n)
            {
                return Where(affinity->file, affinity->line) + "[nic.steering] IrqAffinity = \"" +
                       affinity->text + "\" names core " + item +
                       ", and [cpu] NCores = " + cores->text + " (" + cores->file + ":" +
                       std::to_string(cores->line) + ") has cores 0 to " + std::to_string(n - 1);
            }
        }
    }
    return "";
}

void
HostProfile::Apply(HostNetDeviceHelper& helper) const
{
    NS_LOG_FUNCTION(this << m_name);
    std::string scheduler;
    for (const auto& s : m_settings)
    {
        const std::string& sec = s.section;
        StringValue v(s.text);
        if (sec == "cpu.scheduler")
        {
            // One attribute of HostCpu: "Type[Name=value|...]".
            scheduler += s.key == "type"
                             ? s.text + "["
                             : (scheduler.back() == '[' ? "" : "|") + s.key + "=" + s.text;
            continue;
        }
        if (!scheduler.empty())
        {
            helper.SetCpuAttribute("Scheduler", StringValue(scheduler + "]"));
            scheduler.clear();
        }
        if (s.key == "type")
        {
            sec == "nic.moderation" ? helper.SetModerationType(s.text)
            : sec == "nic.gro"      ? helper.SetGroType(s.text)
                                    : helper.SetRxModeType(s.text);
            continue;
        }
        // The helper's setter of each plain section (the typed ones set their attributes on
        // the class chosen by "type").
        using Setter = void (HostNetDeviceHelper::*)(const std::string&, const AttributeValue&);
        static const std::map<std::string, Setter> setters{
            {"cpu", &HostNetDeviceHelper::SetCpuAttribute},
            {"cpu.locality", &HostNetDeviceHelper::SetLocalityAttribute},
            {"cpu.interference", &HostNetDeviceHelper::SetInterferenceAttribute},
            {"stack", &HostNetDeviceHelper::SetStackAttribute},
            {"stack.tcp-timers", &HostNetDeviceHelper::SetTcpTimerAttribute},
            {"stack.socket", &HostNetDeviceHelper::SetSocketCostAttribute},
            {"nic", &HostNetDeviceHelper::SetDeviceAttribute},
            {"nic.steering", &HostNetDeviceHelper::SetSteeringAttribute},
            {"nic.moderation", &HostNetDeviceHelper::SetModerationAttribute},
            {"nic.rx-mode", &HostNetDeviceHelper::SetRxModeAttribute},
            {"nic.gro", &HostNetDeviceHelper::SetGroAttribute},
            {"nic.rx-ring", &HostNetDeviceHelper::SetRxRingAttribute},
            {"nic.tx-ring", &HostNetDeviceHelper::SetTxRingAttribute},
            {"nic.tx-path", &HostNetDeviceHelper::SetTxPathAttribute},
            {"costs", &HostNetDeviceHelper::SetCostAttribute},
        };
        auto setter = setters.find(sec);
        NS_ABORT_MSG_IF(setter == setters.end(),
                        "HostProfile::Apply: no setter for section [" << sec << "]");
        (helper.*(setter->second))(s.key, v);
    }
    if (!scheduler.empty())
    {
        helper.SetCpuAttribute("Scheduler", StringValue(scheduler + "]"));
    }
}

const std::vector<HostProfile::Setting>&
HostProfile::GetSettings() const
{
    return m_settings;
}

std::string
HostProfile::GetName() const
{
    return m_name;
}

std::string
HostProfile::GetDescription() const
{
    return m_description;
}

std::string
HostProfile::Print() const
{
    std::ostringstream out;
    out << "# host profile '" << m_name << "' resolved: every setting, its ns-3 value, the file\n"
        << "# and line that set it and its source\n";
    if (!m_description.empty())
    {
        out << "# " << m_description << "\n";
    }
    std::string section;
    for (const auto& s : m_settings)
    {
        if (s.section != section)
        {
            section = s.section;
            out << "\n[" << section << "]\n";
        }
        out << s.key << " = " << s.literal << "  # " << s.file << ":" << s.line;
        // A string the profile converts (a cost form) shows what ns-3 gets.
        if (s.tomlType == "string" && s.text != s.literal.substr(1, s.literal.size() - 2))
        {
            out << "; ns-3: " << s.text;
        }
        if (!s.source.empty())
        {
            out << "; " << s.source;
        }
        out << "\n";
    }
    return out.str();
}

} // namespace ns3
