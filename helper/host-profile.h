/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_PROFILE_H
#define HOST_PROFILE_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

class HostNetDeviceHelper;

/**
 * @ingroup hostnet
 * @brief A host described as data: a TOML file whose sections set the attributes of the host's
 * parts (doc/user-guide.rst, "Host profiles").
 *
 * @code{.toml}
 * base = "mlx5-100g"              # optional: a shipped profile or a path (relative to this file)
 * [profile]                       # informational: name, description, sources, notes, ...
 * name = "my-server"
 * [cpu]                           # ns3::HostCpu
 * NCores = 32
 * [cpu.scheduler]                 # HostCpu::Scheduler: type and its attributes
 * type = "ns3::EevdfTaskScheduler"
 * [nic.moderation]                # type and attributes (an InterruptModeration)
 * type = "ns3::RxUsecsModeration"
 * Interval = { value = "8us", source = "ethtool -c: rx-usecs 8" }
 * [costs]                         # ns3::HostCostModel
 * IsrCost = "0.9us"               # a constant cost; or "exponential(3.73us)", ...
 * @endcode
 *
 * The sections: [cpu] (HostCpu), [cpu.scheduler], [cpu.locality] (CpuLocality), [stack]
 * (HostNetStack), [stack.socket] (HostSocketCosts), [stack.tcp-timers] (HostTcpTimers), [nic]
 * (HostNetDevice), [nic.steering] (ReceiveSteering), [nic.moderation], [nic.rx-mode],
 * [nic.rx-ring] (RxRing), [nic.tx-ring] (TxRing), [nic.tx-path] (HostTxPath) and [costs]
 * (HostCostModel). A key is an attribute of the section's class; a value is a TOML boolean,
 * integer, float or string (times and rates with their unit: "40ms", "10Gbps"), or a table
 * { value = ..., source = "..." }. A random-variable attribute (a cost) takes a time (a
 * constant), "exponential(<mean>)", "uniform(<min>, <max>)" or an ns-3 random variable
 * ("ns3::NormalRandomVariable[Mean=1e-6|Variance=1e-14]").
 *
 * With base, the base's settings come first and this file's replace them key by key; a
 * typed section ([cpu.scheduler], [nic.moderation], [nic.rx-mode]) whose type differs from
 * the base's replaces the base's section whole. Settings are applied in a fixed order of
 * sections (the order above) and of keys (alphabetical), whatever their order in the files.
 *
 * Errors name the file, the line, the key, the value and what is allowed (an unknown key with
 * the closest name, a value the attribute's checker refuses, a time or rate without a unit,
 * a combination the model refuses).
 */
class HostProfile
{
  public:
    /// One attribute setting of the resolved profile.
    struct Setting
    {
        std::string section;  ///< e.g. "nic.rx-ring"
        std::string key;      ///< the attribute name, or "type"
        std::string text;     ///< the attribute value as ns-3 text
        std::string literal;  ///< the value as the file writes it (TOML)
        std::string tomlType; ///< its TOML type: boolean, integer, float or string
        std::string source;   ///< the value's source ("" if the file gives none)
        std::string file;     ///< the file that set it
        uint32_t line{0};     ///< its line there
    };

    /**
     * @brief Read a profile and the chain of its bases, and check every setting.
     * @param nameOrPath a shipped profile's name (GetShippedNames) or the path of a TOML file
     * @param[out] profile the resolved profile
     * @return "" on success, else the error (file:line: what is wrong and what is allowed)
     */
    static std::string Read(const std::string& nameOrPath, HostProfile& profile);

    /**
     * @brief Read a profile from text (the Python bindings and the tests use it).
     * @param text the TOML text
     * @param fileName the name errors give it (bases are looked up relative to it)
     * @param[out] profile the resolved profile
     * @return "" on success, else the error
     */
    static std::string ReadText(const std::string& text,
                                const std::string& fileName,
                                HostProfile& profile);

    /**
     * @brief Apply every setting to a helper, in the fixed order of sections and keys.
     * @param helper the helper
     */
    void Apply(HostNetDeviceHelper& helper) const;

    /// @return the settings, in the order Apply applies them
    const std::vector<Setting>& GetSettings() const;

    /// @return [profile] name (the file's stem if it has none)
    std::string GetName() const;

    /// @return [profile] description ("" if none)
    std::string GetDescription() const;

    /**
     * @brief The resolved profile as TOML text: every setting with its source and the file
     * and line that set it (hostnet-profile --print).
     * @return the text
     */
    std::string Print() const;

    /// @return the shipped profiles' names (data/hosts/<name>.toml, built into the library)
    static std::vector<std::string> GetShippedNames();

    /// @return the sections, in the order Apply applies them
    static std::vector<std::string> GetSectionNames();

  private:
    /// Read one file and its bases into m_settings (base first). @return "" or the error
    std::string ReadInto(const std::string& text,
                         const std::string& fileName,
                         std::vector<std::string>& chain);
    /// Check the settings against the attributes and each other, convert their values to
    /// ns-3 text and flatten them into m_settings. @return "" or the error
    std::string Check();

    /// section -> key -> setting (std::map: the key order Apply uses)
    std::map<std::string, std::map<std::string, Setting>> m_sections;
    std::vector<Setting> m_settings; ///< flattened in Apply's order (by Read)
    std::string m_name;              ///< [profile] name
    std::string m_description;       ///< [profile] description
};

} // namespace ns3

#endif // HOST_PROFILE_H
