/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOSTNET_EXAMPLE_OPTIONS_H
#define HOSTNET_EXAMPLE_OPTIONS_H

// The one option-parsing layer of the hostnet examples (not installed).
//
// ns-3's CommandLine reads "--spines=-1" into a uint32_t as 4294967295, "--duration=1ms" into a
// double as 1, and reports a bad value of a global attribute with a full help dump and exit
// status 1. Options registers every option with CommandLine as text (so --PrintHelp still lists
// it with its default), and after parsing converts and checks each value itself: whole numbers
// without sign wrap, finite numbers, durations with ns-3 time units (a bare number keeps
// meaning seconds), rates with their unit and sizes ns-3 accepts, lists item by item, output
// paths writable. The range of a scenario's parameter is the scenario's own check (e.g.
// LeafSpineScenario::FindConfigError), which RefuseConfigError reports with the options'
// names; a range given here is one of the example's own options. "--ns3::Type::Attribute=value" and
// global values
// (--RngRun) are checked against their TypeId before ns-3 sees them. Every error names the
// option as typed, the value and what is allowed, and exits with status 2 (bad usage). A
// configuration the model itself refuses (NS_FATAL_ERROR: GRO without NAPI, affinity to a
// missing core, ...) exits with status 3 after ns-3's message instead of aborting.

#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/global-value.h"
#include "ns3/hostnet-module.h"
#include "ns3/queue-size.h"
#include "ns3/string.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace hostnet_example
{

/**
 * A check of one option's text: returns "" when @p value is acceptable, else a description
 * of what is allowed ("a whole number in 1..64").
 */
using Check = std::function<std::string(const std::string& value)>;

/// @return @p x printed compactly (1e+06 as 1000000, 0.5 as 0.5)
inline std::string
Show(double x)
{
    std::ostringstream os;
    os << std::setprecision(12) << x;
    return os.str();
}

/// @return @p names joined by ", "
inline std::string
JoinNames(const std::vector<std::string>& names)
{
    std::string list;
    for (const auto& n : names)
    {
        list += (list.empty() ? "" : ", ") + n;
    }
    return list;
}

/**
 * Parse a whole number written in decimal digits only (no sign, no exponent).
 * @param text the text
 * @param[out] value the number
 * @return true if @p text is such a number that fits in 64 bits
 */
inline bool
ParseWhole(const std::string& text, uint64_t& value)
{
    if (text.empty() || text.size() > 20 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    {
        return false;
    }
    errno = 0;
    char* end = nullptr;
    value = std::strtoull(text.c_str(), &end, 10);
    return errno == 0 && *end == '\0';
}

/**
 * Parse a finite decimal number (sign, fraction and exponent allowed; no hex, inf or nan).
 * @param text the text
 * @param[out] value the number
 * @return true if all of @p text is a finite number
 */
inline bool
ParseNumber(const std::string& text, double& value)
{
    if (text.empty() || text.find_first_not_of("0123456789+-.eE") != std::string::npos)
    {
        return false;
    }
    errno = 0;
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return errno == 0 && *end == '\0' && std::isfinite(value);
}

/**
 * Parse a duration: a number with an ns-3 time unit (s, ms, us, ns, ps, min, h, d), or a
 * bare number of seconds.
 * @param text the text
 * @param[out] seconds the duration in seconds
 * @return true if @p text is such a duration
 */
inline bool
ParseSeconds(const std::string& text, double& seconds)
{
    static const std::vector<std::pair<std::string, double>> units = {{"min", 60},
                                                                      {"ms", 1e-3},
                                                                      {"us", 1e-6},
                                                                      {"ns", 1e-9},
                                                                      {"ps", 1e-12},
                                                                      {"fs", 1e-15},
                                                                      {"s", 1},
                                                                      {"h", 3600},
                                                                      {"d", 86400}};
    for (const auto& [unit, scale] : units)
    {
        if (text.size() > unit.size() &&
            text.compare(text.size() - unit.size(), unit.size(), unit) == 0)
        {
            double number = 0;
            if (!ParseNumber(text.substr(0, text.size() - unit.size()), number))
            {
                return false;
            }
            seconds = number * scale;
            return true;
        }
    }
    return ParseNumber(text, seconds);
}

/// @return the comma-separated items of @p list, empty items included (to refuse "10,,20")
inline std::vector<std::string>
SplitKeepEmpty(const std::string& list)
{
    std::vector<std::string> items;
    std::string::size_type start = 0;
    while (true)
    {
        auto comma = list.find(',', start);
        items.push_back(list.substr(start, comma - start));
        if (comma == std::string::npos)
        {
            return items;
        }
        start = comma + 1;
    }
}

/**
 * @return a check for a finite number in [@p min, @p max]
 * @param min smallest allowed
 * @param max largest allowed
 */
inline Check
Number(double min, double max)
{
    return [min, max](const std::string& v) {
        double x = 0;
        if (ParseNumber(v, x) && x >= min && x <= max)
        {
            return std::string();
        }
        return "a number in " + Show(min) + ".." + Show(max);
    };
}

/// Largest magnitude of a number or duration whose range is checked elsewhere (a scenario's):
/// seconds or microseconds that stay representable when they become an ns-3 Time.
constexpr double LARGEST_UNCHECKED = 1e9;

/// @return a check for a finite number (its range is the scenario's business)
inline Check
AnyNumber()
{
    return [](const std::string& v) {
        double x = 0;
        if (ParseNumber(v, x) && std::abs(x) <= LARGEST_UNCHECKED)
        {
            return std::string();
        }
        return std::string("a number in -1e9..1e9");
    };
}

/**
 * @return "a value that ns3::Type::Attribute takes (<its checker's words>)"
 * @param type the attribute's class
 * @param attribute its name
 * @param error HostNetDeviceHelper::CheckAttribute's message ("ns3::Type::Attribute: ...")
 */
inline std::string
AttributeTakes(const std::string& type, const std::string& attribute, const std::string& error)
{
    std::string prefix = type + "::" + attribute + ": ";
    std::string detail = error.rfind(prefix, 0) == 0 ? error.substr(prefix.size()) : error;
    return "a value that " + type + "::" + attribute + " takes (" + detail + ")";
}

/**
 * @return a check of a whole number by an attribute's own checker (the option sets that
 * attribute): HostNetDeviceHelper::CheckAttribute
 * @param type the attribute's class, e.g. "ns3::NapiRxMode"
 * @param attribute its name, e.g. "DeferHardIrqs"
 */
inline Check
WholeFor(std::string type, std::string attribute)
{
    return [type, attribute](const std::string& v) {
        uint64_t x = 0;
        if (!ParseWhole(v, x))
        {
            return std::string("a whole number");
        }
        std::string error =
            ns3::HostNetDeviceHelper::CheckAttribute(type, attribute, ns3::UintegerValue(x));
        return error.empty() ? std::string() : AttributeTakes(type, attribute, error);
    };
}

/**
 * @return a check of a number of microseconds by a Time attribute's own checker (the option
 * sets that attribute): HostNetDeviceHelper::CheckAttribute
 * @param type the attribute's class, e.g. "ns3::NapiRxMode"
 * @param attribute its name, e.g. "GroFlushTimeout"
 */
inline Check
MicrosecondsFor(std::string type, std::string attribute)
{
    return [type, attribute](const std::string& v) {
        double us = 0;
        if (!ParseNumber(v, us) || std::abs(us) > LARGEST_UNCHECKED)
        {
            return std::string("a number of microseconds in -1e9..1e9");
        }
        std::string error = ns3::HostNetDeviceHelper::CheckAttribute(
            type,
            attribute,
            ns3::TimeValue(ns3::NanoSeconds(std::llround(us * 1e3))));
        return error.empty() ? std::string() : AttributeTakes(type, attribute, error);
    };
}

/// @return a check that takes any text (the scenario's check names what is allowed)
inline Check
AnyText()
{
    return [](const std::string&) { return std::string(); };
}

/**
 * @return a check for a whole number in [@p min, @p max]
 * @param min smallest allowed
 * @param max largest allowed
 */
inline Check
Whole(uint64_t min, uint64_t max)
{
    return [min, max](const std::string& v) {
        uint64_t x = 0;
        if (ParseWhole(v, x) && x >= min && x <= max)
        {
            return std::string();
        }
        return "a whole number in " + std::to_string(min) + ".." + std::to_string(max);
    };
}

/**
 * @return a check for a duration in [@p minSeconds, @p maxSeconds] (see ParseSeconds)
 * @param minSeconds shortest allowed
 * @param maxSeconds longest allowed
 */
inline Check
Duration(double minSeconds, double maxSeconds)
{
    return [minSeconds, maxSeconds](const std::string& v) {
        double s = 0;
        if (ParseSeconds(v, s) && s >= minSeconds && s <= maxSeconds)
        {
            return std::string();
        }
        return "a duration in " + Show(minSeconds) + " s.." + Show(maxSeconds) +
               " s, with a unit (s, ms, us, ns) or in seconds";
    };
}

/**
 * @return a check for an ns-3 data rate (e.g. 1Gbps, 100Mbps) in [@p minBps, @p maxBps]
 * @param minBps smallest allowed, bit/s
 * @param maxBps largest allowed, bit/s
 */
inline Check
Rate(double minBps, double maxBps)
{
    return [minBps, maxBps](const std::string& v) {
        ns3::DataRateValue value;
        auto checker = ns3::MakeDataRateChecker();
        bool ok = v.find('-') == std::string::npos && value.DeserializeFromString(v, checker);
        if (ok)
        {
            double rate = value.Get().GetBitRate();
            if (rate >= minBps && rate <= maxBps)
            {
                return std::string();
            }
        }
        return "a data rate in " + Show(minBps) + "bps.." + Show(maxBps) +
               "bps, such as 1Gbps or 100Mbps";
    };
}

/// @return a check for an ns-3 data rate of any size (e.g. 1Gbps; its range is the
/// scenario's business)
inline Check
Rate()
{
    return [](const std::string& v) {
        ns3::DataRateValue value;
        auto checker = ns3::MakeDataRateChecker();
        // A bare number is bit/s to ns-3; "10" meaning 10 Gb/s is the usual mistake.
        bool unit = !v.empty() && std::isalpha(static_cast<unsigned char>(v.back()));
        if (unit && v.find('-') == std::string::npos && value.DeserializeFromString(v, checker))
        {
            return std::string();
        }
        return std::string("a data rate with its unit, such as 1Gbps or 100Mbps");
    };
}

/// @return a check for an ns-3 queue size with a positive number of packets or bytes (100p)
inline Check
QueueSizeText()
{
    return [](const std::string& v) {
        ns3::QueueSizeValue value;
        auto checker = ns3::MakeQueueSizeChecker();
        if (v.find('-') == std::string::npos && !v.empty() && v[0] >= '1' && v[0] <= '9' &&
            value.DeserializeFromString(v, checker) && value.Get().GetValue() > 0)
        {
            return std::string();
        }
        return std::string("a positive queue size in packets or bytes, such as 100p or 150KB");
    };
}

/**
 * @return a check for one of @p allowed (exact, case-sensitive)
 * @param allowed the allowed words
 */
inline Check
OneOf(std::vector<std::string> allowed)
{
    return [allowed](const std::string& v) {
        if (std::find(allowed.begin(), allowed.end(), v) != allowed.end())
        {
            return std::string();
        }
        std::string list;
        for (const auto& a : allowed)
        {
            list += (list.empty() ? "" : ", ") + a;
        }
        return "one of " + list;
    };
}

/**
 * @return a check for a host profile (HostNetDeviceHelper::SetPreset): a shipped profile's
 * name, the path of a profile file, or one of @p words (the example's own choices)
 * @param words other accepted words (e.g. "plain")
 */
inline Check
ProfileName(std::vector<std::string> words = {})
{
    return [words](const std::string& v) {
        if (std::find(words.begin(), words.end(), v) != words.end())
        {
            return std::string();
        }
        std::string why = ns3::HostNetDeviceHelper::CheckPreset(v);
        if (why.empty())
        {
            return why;
        }
        if (v.find('/') != std::string::npos || v.find(".toml") != std::string::npos)
        {
            return "a valid host profile; " + why; // file:line: key, value, what is allowed
        }
        std::string list;
        for (const auto& w : words)
        {
            list += w + ", ";
        }
        for (const auto& n : ns3::HostNetDeviceHelper::GetPresetNames())
        {
            list += n + ", ";
        }
        return "one of " + list + "or the path of a host profile (.toml)";
    };
}

/// @return a check for a HostNetDeviceHelper scheme name
inline Check
Scheme()
{
    return [](const std::string& v) {
        if (ns3::HostNetDeviceHelper::IsScheme(v))
        {
            return std::string();
        }
        std::string list;
        for (const auto& s : ns3::HostNetDeviceHelper::GetSchemeNames())
        {
            list += (list.empty() ? "" : ", ") + s;
        }
        std::string why = ns3::HostNetDeviceHelper::CheckScheme(v);
        if (why.find("now called") != std::string::npos)
        {
            return why + "; a scheme: " + list; // a renamed scheme: say its new name first
        }
        return "a scheme: " + list;
    };
}

/**
 * @return a check for a non-empty comma-separated list whose every item passes @p item
 * @param item the check of one item
 */
inline Check
ListOf(Check item)
{
    return [item](const std::string& v) {
        auto items = SplitKeepEmpty(v);
        for (std::size_t i = 0; i < items.size(); ++i)
        {
            std::string why = item(items[i]);
            if (!why.empty())
            {
                return "a comma-separated list of " + why + " (item " + std::to_string(i + 1) +
                       " is '" + items[i] + "')";
            }
        }
        return std::string();
    };
}

/**
 * @return a check that @p path can be written as a file (its directory exists and is
 *         writable); empty allowed only with @p allowEmpty
 * @param allowEmpty whether "" (no file) is allowed
 */
inline Check
OutputFile(bool allowEmpty)
{
    return [allowEmpty](const std::string& v) {
        if (v.empty())
        {
            return allowEmpty ? std::string() : std::string("a file path to write");
        }
        struct stat st;
        if (stat(v.c_str(), &st) == 0)
        {
            if (S_ISREG(st.st_mode) && access(v.c_str(), W_OK) == 0)
            {
                return std::string();
            }
            return std::string("a writable file path (this path exists and is not a writable "
                               "file)");
        }
        auto slash = v.find_last_of('/');
        std::string dir = slash == std::string::npos ? "." : v.substr(0, slash + 1);
        if (stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && access(dir.c_str(), W_OK) == 0)
        {
            return std::string();
        }
        return "a file path in an existing writable directory ('" + dir +
               "' does not exist or is not writable)";
    };
}

/// @return a check that @p path is a writable directory or can be made in a writable parent
inline Check
OutputDirectory()
{
    return [](const std::string& v) {
        struct stat st;
        if (v.empty())
        {
            return std::string("a directory path");
        }
        if (stat(v.c_str(), &st) == 0)
        {
            if (S_ISDIR(st.st_mode) && access(v.c_str(), W_OK) == 0)
            {
                return std::string();
            }
            return std::string("a writable directory (this path exists and is not one)");
        }
        // The example makes missing directories: the nearest existing ancestor must be a
        // writable directory.
        std::string parent = v;
        while (true)
        {
            while (parent.size() > 1 && parent.back() == '/')
            {
                parent.pop_back();
            }
            auto slash = parent.find_last_of('/');
            parent =
                slash == std::string::npos ? "." : parent.substr(0, std::max<size_t>(slash, 1));
            if (stat(parent.c_str(), &st) == 0)
            {
                break;
            }
        }
        if (S_ISDIR(st.st_mode) && access(parent.c_str(), W_OK) == 0)
        {
            return std::string();
        }
        return "a directory that exists or can be made ('" + parent +
               "' is not a writable directory)";
    };
}

/// @return a check for a frame-size specification: backbone, a size in bytes, or a CSV file
inline Check
FrameSizesText()
{
    return [](const std::string& v) {
        uint64_t bytes = 0;
        if (v == "backbone" || (ParseWhole(v, bytes) && bytes >= 64 && bytes <= 9018) ||
            (!v.empty() && access(v.c_str(), R_OK) == 0))
        {
            return std::string();
        }
        return std::string("backbone, a frame size in 64..9018 bytes, or a readable size,cdf "
                           "CSV file");
    };
}

/**
 * @brief Command-line options of a hostnet example, checked before ns-3 sees a value.
 */
class Options
{
  public:
    /**
     * @param file the example's source file (__FILE__), as for CommandLine
     * @param usage the one-paragraph description --PrintHelp shows
     */
    Options(const std::string& file, const std::string& usage = "")
        : m_cmd(file)
    {
        if (!usage.empty())
        {
            m_cmd.Usage(usage);
        }
    }

    /**
     * Add a text option checked by @p check.
     * @param name option name without dashes
     * @param help help text
     * @param value where the text goes (its initial value is the default)
     * @param check the check of the text
     */
    void Add(const std::string& name, const std::string& help, std::string& value, Check check)
    {
        auto item = Register(name, help, value, std::move(check));
        item->apply = [it = item.get(), &value]() { value = it->text; };
    }

    /**
     * Add a whole-number option in [@p min, @p max].
     * @param name option name
     * @param help help text
     * @param value the variable (its initial value is the default)
     * @param min smallest allowed
     * @param max largest allowed
     */
    template <typename T,
              typename = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
    void Add(const std::string& name, const std::string& help, T& value, uint64_t min, uint64_t max)
    {
        max = std::min<uint64_t>(max, std::numeric_limits<T>::max());
        auto item = Register(name, help, std::to_string(value), Whole(min, max));
        item->apply = [it = item.get(), &value]() {
            uint64_t x = 0;
            ParseWhole(it->text, x);
            value = static_cast<T>(x);
        };
    }

    /**
     * Add a whole-number option whose range is checked elsewhere (RefuseConfigError: the
     * scenario's own check); here only that it is a whole number @p T holds.
     * @param name option name
     * @param help help text
     * @param value the variable (its initial value is the default)
     */
    template <typename T,
              typename = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
    void Add(const std::string& name, const std::string& help, T& value)
    {
        Add(name, help, value, 0, std::numeric_limits<T>::max());
    }

    /**
     * Add a whole-number option checked by @p check (e.g. WholeFor: an attribute's checker).
     * @param name option name
     * @param help help text
     * @param value the variable (its initial value is the default)
     * @param check the check of the text; it must take only whole numbers @p T holds
     */
    template <typename T,
              typename = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
    void Add(const std::string& name, const std::string& help, T& value, Check check)
    {
        auto max = std::numeric_limits<T>::max();
        auto item = Register(name,
                             help,
                             std::to_string(value),
                             [check = std::move(check), max](const std::string& v) {
                                 std::string why = Whole(0, max)(v);
                                 return why.empty() ? check(v) : why;
                             });
        item->apply = [it = item.get(), &value]() {
            uint64_t x = 0;
            ParseWhole(it->text, x);
            value = static_cast<T>(x);
        };
    }

    /**
     * Add a number option checked by @p check (e.g. MicrosecondsFor: an attribute's checker).
     * @param name option name
     * @param help help text
     * @param value the variable (its initial value is the default)
     * @param check the check of the text; it must take only finite numbers
     */
    void Add(const std::string& name, const std::string& help, double& value, Check check)
    {
        auto item = Register(name, help, Show(value), std::move(check));
        item->apply = [it = item.get(), &value]() { ParseNumber(it->text, value); };
    }

    /**
     * Add a number option whose range is checked elsewhere (RefuseConfigError); here only
     * that it is a finite number.
     * @param name option name
     * @param help help text
     * @param value the variable (its initial value is the default)
     */
    void Add(const std::string& name, const std::string& help, double& value)
    {
        auto item = Register(name, help, Show(value), AnyNumber());
        item->apply = [it = item.get(), &value]() { ParseNumber(it->text, value); };
    }

    /**
     * Add a finite number option in [@p min, @p max].
     * @param name option name
     * @param help help text
     * @param value the variable (its initial value is the default)
     * @param min smallest allowed
     * @param max largest allowed
     */
    void Add(const std::string& name,
             const std::string& help,
             double& value,
             double min,
             double max)
    {
        auto item = Register(name, help, Show(value), Number(min, max));
        item->apply = [it = item.get(), &value]() { ParseNumber(it->text, value); };
    }

    /**
     * Add a boolean option (true, false, 1, 0; "--name" alone means true).
     * @param name option name
     * @param help help text
     * @param value the variable (its initial value is the default)
     */
    void Add(const std::string& name, const std::string& help, bool& value)
    {
        auto item = Register(name, help, value ? "true" : "false", [](const std::string& v) {
            return (v == "true" || v == "false" || v == "1" || v == "0" || v.empty())
                       ? std::string()
                       : std::string("true or false");
        });
        item->isBool = true;
        item->apply = [it = item.get(), &value]() {
            value = it->text == "true" || it->text == "1" || it->text.empty();
        };
    }

    /**
     * Add a duration option stored in seconds: "--duration=1ms", or a bare number of seconds.
     * @param name option name
     * @param help help text
     * @param seconds the variable in seconds (its initial value is the default)
     * @param minSeconds shortest allowed
     * @param maxSeconds longest allowed
     */
    void AddSeconds(const std::string& name,
                    const std::string& help,
                    double& seconds,
                    double minSeconds,
                    double maxSeconds)
    {
        auto item = Register(name, help, Show(seconds) + "s", Duration(minSeconds, maxSeconds));
        item->apply = [it = item.get(), &seconds]() { ParseSeconds(it->text, seconds); };
    }

    /**
     * Add a duration option stored in seconds whose range is checked elsewhere
     * (RefuseConfigError); here only that it is a duration.
     * @param name option name
     * @param help help text
     * @param seconds the variable in seconds (its initial value is the default)
     */
    void AddSeconds(const std::string& name, const std::string& help, double& seconds)
    {
        AddSeconds(name, help, seconds, -LARGEST_UNCHECKED, LARGEST_UNCHECKED);
    }

    /**
     * Refuse a configuration a scenario's own check found wrong (e.g.
     * LeafSpineScenario::FindConfigError), with the options' names: each
     * "Parameters::<member>" becomes "--<option>" (the option of that name, or the one
     * SetOptionOf gave), and the scenario's "<Class>: " in front goes. Exit status 2.
     * @param error the check's message; "" (nothing wrong) returns
     */
    void RefuseConfigError(std::string error) const
    {
        if (error.empty())
        {
            return;
        }
        auto colon = error.find(": ");
        if (colon != std::string::npos && error.find_first_of(" =") > colon)
        {
            error = error.substr(colon + 2);
        }
        const std::string marker = "Parameters::";
        for (auto at = error.find(marker); at != std::string::npos; at = error.find(marker, at))
        {
            auto end = error.find_first_not_of(
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
                at + marker.size());
            std::string member = error.substr(at + marker.size(), end - at - marker.size());
            auto option = m_optionOf.find(member);
            std::string shown = "--" + (option == m_optionOf.end() ? member : option->second);
            error.replace(at, end == std::string::npos ? std::string::npos : end - at, shown);
            at += shown.size();
        }
        Refuse(error);
    }

    /**
     * Name the option that sets a scenario's member when their names differ (for
     * RefuseConfigError).
     * @param member the member, as "Parameters::<member>" names it
     * @param option the option (without dashes), e.g. "epollTimeout"
     */
    void SetOptionOf(const std::string& member, const std::string& option)
    {
        m_optionOf[member] = option;
    }

    /**
     * Declare the metrics the example writes (its --metrics JSON keys): "--PrintMetrics"
     * prints them one per line, so a study runner can check a plot's metric up front.
     * @param names the metric names
     */
    void SetMetrics(std::vector<std::string> names)
    {
        m_metrics = std::move(names);
        Add("PrintMetrics",
            "Print the names of the metrics --metrics writes, one per line, and exit",
            m_printMetrics);
    }

    /**
     * Parse the command line; on any bad option print what was wrong and exit with status 2.
     * @param argc from main
     * @param argv from main
     */
    void Parse(int argc, char* argv[])
    {
        m_program = argc > 0 ? argv[0] : "example";
        auto slash = m_program.find_last_of('/');
        if (slash != std::string::npos)
        {
            m_program = m_program.substr(slash + 1);
        }
        for (int i = 1; i < argc; ++i)
        {
            PreCheck(argv[i]);
        }
        // ns-3 reads a text option only up to its first space and refuses an empty value, and
        // it accepts a bare "--name" only for bool options (ours are all text): our own options
        // are taken here, as typed; ns-3 parses the rest (attributes, globals, --Print*).
        std::vector<std::string> rest{argv[0]};
        std::vector<std::pair<std::shared_ptr<Item>, std::string>> given;
        for (int i = 1; i < argc; ++i)
        {
            std::string arg = argv[i];
            std::string body = arg.substr(arg.rfind("--", 0) == 0 ? 2 : 1);
            auto eq = body.find('=');
            std::string name = body.substr(0, eq);
            auto item = std::find_if(m_items.begin(), m_items.end(), [&name](const auto& it) {
                return it->name == name;
            });
            if (item == m_items.end())
            {
                rest.push_back(arg);
                continue;
            }
            std::string value = eq == std::string::npos ? "" : body.substr(eq + 1);
            if (eq == std::string::npos && !(*item)->isBool)
            {
                Refuse("--" + name + " needs a value: --" + name + "=<value>");
            }
            given.emplace_back(*item, value);
        }
        std::vector<char*> cargs;
        for (auto& a : rest)
        {
            cargs.push_back(a.data());
        }
        m_cmd.Parse(static_cast<int>(cargs.size()), cargs.data());
        for (auto& [item, value] : given)
        {
            item->text = value;
        }
        // A configuration the model refuses stops ns-3 with NS_FATAL_ERROR (message printed
        // first), which would end in SIGABRT and a core dump: exit with status 3 instead.
        std::set_terminate([]() {
            std::cerr << "(stopped by the ns-3 error above: exit status 3)" << std::endl;
            std::_Exit(3);
        });
        for (auto& item : m_items)
        {
            std::string why = item->check(item->text);
            if (!why.empty())
            {
                Refuse("--" + item->name + "=" + item->text + ": expected " + why);
            }
            item->apply();
        }
        if (m_printMetrics)
        {
            for (const auto& metric : m_metrics)
            {
                std::cout << metric << "\n";
            }
            std::exit(0);
        }
    }

    /**
     * Refuse a combination of options: print "<program>: <message>" and exit with status 2.
     * @param message what was wrong, naming the options and values
     */
    [[noreturn]] void Refuse(const std::string& message) const
    {
        std::cerr << m_program << ": error: " << message << "\n"
                  << "(" << m_program << " --PrintHelp lists the options)" << std::endl;
        std::exit(2);
    }

  private:
    /// One registered option.
    struct Item
    {
        std::string name; ///< option name
        std::string text; ///< its text as typed (or the default)
        Check check;      ///< its check
        /// store the checked text in the variable; it holds the item by plain pointer (the
        /// options own their items: a shared_ptr to itself would be a cycle that leaks)
        std::function<void()> apply;
        bool isBool{false}; ///< "--name" alone means true
    };

    /// Register @p name with CommandLine as text; @return the item
    std::shared_ptr<Item> Register(const std::string& name,
                                   const std::string& help,
                                   const std::string& defaultText,
                                   Check check)
    {
        auto item = std::make_shared<Item>();
        item->name = name;
        item->text = defaultText;
        item->check = std::move(check);
        m_items.push_back(item);
        m_cmd.AddValue(name, help, item->text);
        return item;
    }

    /// Check one argument's name (and an attribute's value) before CommandLine sees it.
    void PreCheck(const std::string& arg) const
    {
        std::string body = arg;
        if (body.rfind("--", 0) == 0)
        {
            body = body.substr(2);
        }
        else if (body.rfind('-', 0) == 0)
        {
            body = body.substr(1);
        }
        else
        {
            Refuse("unexpected argument '" + arg + "' (options are written --name=value)");
        }
        auto eq = body.find('=');
        std::string name = body.substr(0, eq);
        std::string value = eq == std::string::npos ? "" : body.substr(eq + 1);
        static const std::vector<std::string> builtIn = {"PrintHelp",
                                                         "help",
                                                         "PrintGlobals",
                                                         "PrintGroups",
                                                         "PrintGroup",
                                                         "PrintTypeIds",
                                                         "PrintAttributes",
                                                         "PrintVersion",
                                                         "version"};
        if (std::find(builtIn.begin(), builtIn.end(), name) != builtIn.end())
        {
            return;
        }
        for (const auto& item : m_items)
        {
            if (item->name == name)
            {
                return;
            }
        }
        auto colons = name.rfind("::");
        if (colons != std::string::npos)
        {
            std::string moved =
                name.substr(0, colons) == "ns3::HostNetDevice"
                    ? ns3::HostNetDeviceHelper::MovedDeviceAttribute(name.substr(colons + 2))
                    : "";
            if (!moved.empty())
            {
                Refuse("'" + arg + "': " + moved);
            }
            std::string error = ns3::HostNetDeviceHelper::CheckAttribute(name.substr(0, colons),
                                                                         name.substr(colons + 2),
                                                                         ns3::StringValue(value));
            if (!error.empty())
            {
                Refuse("'" + arg + "': " + error + " (--PrintAttributes=<type> lists them)");
            }
            return;
        }
        for (auto g = ns3::GlobalValue::Begin(); g != ns3::GlobalValue::End(); ++g)
        {
            if ((*g)->GetName() == name)
            {
                std::string error = ns3::HostNetDeviceHelper::CheckGlobalValue(name, value);
                if (!error.empty())
                {
                    Refuse("'" + arg + "': " + error);
                }
                return;
            }
        }
        Refuse("unknown option '" + arg + "'" + Closest(name));
    }

    /// @return " (did you mean --x?)" for the closest option name, or ""
    std::string Closest(const std::string& name) const
    {
        std::string best;
        std::size_t bestDistance = std::numeric_limits<std::size_t>::max();
        for (const auto& item : m_items)
        {
            std::size_t d = Distance(name, item->name);
            if (d < bestDistance)
            {
                bestDistance = d;
                best = item->name;
            }
        }
        if (!best.empty() && bestDistance <= std::max<std::size_t>(2, name.size() / 3))
        {
            return " (did you mean --" + best + "?)";
        }
        return "";
    }

    /// @return the edit distance of @p a and @p b (case-insensitive)
    static std::size_t Distance(const std::string& a, const std::string& b)
    {
        std::vector<std::size_t> row(b.size() + 1);
        for (std::size_t j = 0; j <= b.size(); ++j)
        {
            row[j] = j;
        }
        for (std::size_t i = 1; i <= a.size(); ++i)
        {
            std::size_t diagonal = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= b.size(); ++j)
            {
                std::size_t up = row[j];
                bool same = std::tolower(a[i - 1]) == std::tolower(b[j - 1]);
                row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
                diagonal = up;
            }
        }
        return row[b.size()];
    }

    ns3::CommandLine m_cmd;                        ///< ns-3's parser (help, attributes)
    std::map<std::string, std::string> m_optionOf; ///< scenario member -> option
    std::vector<std::shared_ptr<Item>> m_items;    ///< the options, in order
    std::string m_program{"example"};              ///< program name for messages
    std::vector<std::string> m_metrics;            ///< declared metric names
    bool m_printMetrics{false};                    ///< --PrintMetrics given
};

} // namespace hostnet_example

#endif // HOSTNET_EXAMPLE_OPTIONS_H
