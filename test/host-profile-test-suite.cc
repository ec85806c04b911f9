/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-host-profile: host profiles as TOML files (HostProfile). The shipped ones read
// clean and configure the devices they describe; a profile extends another key by key (a
// new type replaces a typed section); the settings do not depend on the order of the lines;
// the cost forms give the random variables they name; every kind of mistake is refused with
// the file, the line, the key, the value and what is allowed.

#include "ns3/host-net-device-helper.h"
#include "ns3/host-net-device.h"
#include "ns3/host-profile.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simple-net-device.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdio>
#include <fstream>
#include <functional>
#include <unistd.h>

using namespace ns3;

namespace
{

/// @return the value of @p key in [@p section] of @p profile ("" if it sets none)
std::string
ValueOf(const HostProfile& profile, const std::string& section, const std::string& key)
{
    for (const auto& s : profile.GetSettings())
    {
        if (s.section == section && s.key == key)
        {
            return s.text;
        }
    }
    return "";
}

/// @return the setting of @p key in [@p section] (a default one if none)
HostProfile::Setting
SettingOf(const HostProfile& profile, const std::string& section, const std::string& key)
{
    for (const auto& s : profile.GetSettings())
    {
        if (s.section == section && s.key == key)
        {
            return s;
        }
    }
    return {};
}

/// A temporary directory for profile files, removed with its files.
class TempDir
{
  public:
    TempDir()
    {
        char name[] = "/tmp/hostnet-profile-XXXXXX";
        m_dir = mkdtemp(name) ? name : "/tmp";
    }

    ~TempDir()
    {
        for (const auto& f : m_files)
        {
            std::remove(f.c_str());
        }
        rmdir(m_dir.c_str());
    }

    /// Write @p text to @p name in the directory. @return its path
    std::string Write(const std::string& name, const std::string& text)
    {
        std::string path = m_dir + "/" + name;
        std::ofstream(path) << text;
        m_files.push_back(path);
        return path;
    }

  private:
    std::string m_dir;                ///< the directory
    std::vector<std::string> m_files; ///< files written
};

/// The shipped profiles read clean, in the order GetPresetNames lists them.
class ShippedProfilesTestCase : public TestCase
{
  public:
    ShippedProfilesTestCase()
        : TestCase("shipped profiles read clean, with their names and sources")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::string> names = HostNetDeviceHelper::GetPresetNames();
        std::vector<std::string> expected{"e1000-1g",
                                          "i40e-10g",
                                          "mlx5-100g",
                                          "mlx5-epyc7662",
                                          "salah-2007",
                                          "walravens-2006",
                                          "chang-2008"};
        NS_TEST_ASSERT_MSG_EQ(names.size(), expected.size(), "seven shipped profiles");
        for (std::size_t i = 0; i < names.size() && i < expected.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(names[i], expected[i], "the order of GetPresetNames");
            HostProfile p;
            std::string error = HostProfile::Read(names[i], p);
            NS_TEST_ASSERT_MSG_EQ(error, "", names[i] << " reads clean");
            NS_TEST_ASSERT_MSG_EQ(p.GetName(), names[i], "[profile] name");
            NS_TEST_ASSERT_MSG_GT(p.GetSettings().size(), 5, names[i] << " sets something");
        }
        HostProfile mlx5;
        HostProfile::Read("mlx5-100g", mlx5);
        auto rx = SettingOf(mlx5, "nic.rx-ring", "Descriptors");
        NS_TEST_ASSERT_MSG_EQ(rx.text, "1024", "mlx5-100g's ring");
        NS_TEST_ASSERT_MSG_EQ(rx.file, "data/hosts/mlx5-100g.toml", "the file that set it");
        NS_TEST_ASSERT_MSG_NE(rx.source.find("MLX5E_PARAMS_DEFAULT_LOG_RQ_SIZE"),
                              std::string::npos,
                              "its source");
        // i40e-10g extends mlx5-100g: its own NIC, the base's CPU costs.
        HostProfile i40e;
        HostProfile::Read("i40e-10g", i40e);
        NS_TEST_ASSERT_MSG_EQ(ValueOf(i40e, "nic.rx-ring", "Descriptors"), "512", "i40e's ring");
        NS_TEST_ASSERT_MSG_EQ(SettingOf(i40e, "costs", "IsrCost").file,
                              "data/hosts/mlx5-100g.toml",
                              "the base's cost");
        NS_TEST_ASSERT_MSG_EQ(ValueOf(i40e, "nic.moderation", "type"),
                              "ns3::I40eAdaptiveItrModeration",
                              "a new type");
        NS_TEST_ASSERT_MSG_EQ(ValueOf(i40e, "nic.moderation", "ProfileTable"),
                              "",
                              "the base's net_dim attribute went with its type");
    }
};

/// A profile by path configures the devices: its values, the base's where it sets none.
class ApplyTestCase : public TestCase
{
  public:
    ApplyTestCase()
        : TestCase("a profile file configures the devices (SetPreset by path, base, override)")
    {
    }

  private:
    void DoRun() override
    {
        TempDir dir;
        std::string path = dir.Write("host.toml",
                                     "base = \"mlx5-100g\"\n"
                                     "[nic]\nNQueues = 4\n"
                                     "[nic.rx-ring]\nDescriptors = { value = 2048, source = "
                                     "\"ethtool -g\" }\n"
                                     "[nic.moderation]\nProfileTable = \"Eqe\"\n"
                                     "[costs]\nIsrCost = \"exponential(2us)\"\n");
        NS_TEST_ASSERT_MSG_EQ(HostNetDeviceHelper::CheckPreset(path), "", "valid");
        HostNetDeviceHelper helper;
        helper.SetPreset(path);
        Ptr<Node> node = CreateObject<Node>();
        Ptr<SimpleNetDevice> phy = CreateObject<SimpleNetDevice>();
        node->AddDevice(phy);
        Ptr<HostNetDevice> dev = helper.Install(phy);
        UintegerValue queues;
        dev->GetAttribute("NQueues", queues);
        NS_TEST_ASSERT_MSG_EQ(queues.Get(), 4, "this file's queues");
        UintegerValue descriptors;
        dev->GetQueue(0)->GetRxRing()->GetAttribute("Descriptors", descriptors);
        NS_TEST_ASSERT_MSG_EQ(descriptors.Get(), 2048, "this file's ring");
        Ptr<InterruptModeration> moderation = dev->GetQueue(0)->GetModeration();
        NS_TEST_ASSERT_MSG_EQ(moderation->GetInstanceTypeId().GetName(),
                              "ns3::NetDimModeration",
                              "the base's moderation");
        StringValue table;
        moderation->GetAttribute("ProfileTable", table);
        NS_TEST_ASSERT_MSG_EQ(table.Get(), "Eqe", "one attribute overridden, type kept");
        PointerValue costs;
        dev->GetAttribute("Costs", costs);
        PointerValue isr;
        costs.Get<Object>()->GetAttribute("IsrCost", isr);
        NS_TEST_ASSERT_MSG_EQ(isr.Get<Object>()->GetInstanceTypeId().GetName(),
                              "ns3::ExponentialRandomVariable",
                              "exponential(2us)");
        PointerValue tx;
        costs.Get<Object>()->GetAttribute("TxCost", tx);
        DoubleValue constant;
        tx.Get<Object>()->GetAttribute("Constant", constant);
        NS_TEST_ASSERT_MSG_EQ_TOL(constant.Get(), 0.3e-6, 1e-15, "the base's TxCost");
        Simulator::Destroy();
    }
};

/// Values as written: cost forms, exact decimal times, and no dependence on line order.
class ValuesTestCase : public TestCase
{
  public:
    ValuesTestCase()
        : TestCase("cost forms, exact times, and the order of lines does not matter")
    {
    }

  private:
    void DoRun() override
    {
        HostProfile a;
        std::string error = HostProfile::ReadText("[costs]\nIsrCost = \"3.73us\"\n"
                                                  "ProtocolCost = \"exponential(5.34us)\"\n"
                                                  "TxCost = \"uniform(1us, 2.5e3ns)\"\n"
                                                  "GroCost = \"ns3::ConstantRandomVariable["
                                                  "Constant=1e-7]\"\n"
                                                  "[cpu]\nNCores = 4\nSpeed = 1.5\n",
                                                  "a.toml",
                                                  a);
        NS_TEST_ASSERT_MSG_EQ(error, "", "valid");
        NS_TEST_ASSERT_MSG_EQ(ValueOf(a, "costs", "IsrCost"),
                              "ns3::ConstantRandomVariable[Constant=3.73e-6]",
                              "a time is a constant, its decimal kept exactly");
        NS_TEST_ASSERT_MSG_EQ(ValueOf(a, "costs", "ProtocolCost"),
                              "ns3::ExponentialRandomVariable[Mean=5.34e-6]",
                              "exponential(mean)");
        NS_TEST_ASSERT_MSG_EQ(ValueOf(a, "costs", "TxCost"),
                              "ns3::UniformRandomVariable[Min=1e-6|Max=2.5e-6]",
                              "uniform(min, max), exponents combined");
        NS_TEST_ASSERT_MSG_EQ(ValueOf(a, "cpu", "Speed"), "1.5", "a float");
        HostProfile b;
        HostProfile::ReadText("[cpu]\nSpeed = 1.5\nNCores = 4\n"
                              "[costs]\nGroCost = \"ns3::ConstantRandomVariable[Constant=1e-7]\"\n"
                              "TxCost = \"uniform(1us, 2.5e3ns)\"\n"
                              "ProtocolCost = \"exponential(5.34us)\"\nIsrCost = \"3.73us\"\n",
                              "b.toml",
                              b);
        NS_TEST_ASSERT_MSG_EQ(a.GetSettings().size(), b.GetSettings().size(), "same settings");
        for (std::size_t i = 0; i < a.GetSettings().size() && i < b.GetSettings().size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(
                a.GetSettings()[i].section + a.GetSettings()[i].key + "=" + a.GetSettings()[i].text,
                b.GetSettings()[i].section + b.GetSettings()[i].key + "=" + b.GetSettings()[i].text,
                "the same order, whatever the order of the lines");
        }
        NS_TEST_ASSERT_MSG_EQ(a.GetSettings().front().section, "cpu", "sections in Apply order");
    }
};

/// Every kind of mistake: file, line, key, value and what is allowed.
class ErrorsTestCase : public TestCase
{
  public:
    ErrorsTestCase()
        : TestCase("mistakes are refused with file, line, key, value and what is allowed")
    {
    }

  private:
    /// Read @p text and check that the error contains each of @p parts.
    void Refused(const std::string& text, const std::vector<std::string>& parts)
    {
        HostProfile p;
        std::string error = HostProfile::ReadText(text, "my.toml", p);
        NS_TEST_EXPECT_MSG_NE(error, "", "refused: " << text);
        for (const auto& part : parts)
        {
            NS_TEST_EXPECT_MSG_NE(error.find(part),
                                  std::string::npos,
                                  "'" << part << "' in: " << error);
        }
    }

    void DoRun() override
    {
        Refused("[costs]\nIsrCots = \"1us\"\n",
                {"my.toml:2:", "unknown key 'IsrCots'", "did you mean 'IsrCost'", "ProtocolCost"});
        Refused("[nic]\n\n[nic.rx-rnig]\nDescriptors = 8\n",
                {"my.toml:3:", "[nic.rx-rnig]", "did you mean 'rx-ring'", "tx-path"});
        Refused("[cpus]\nNCores = 2\n", {"my.toml:1:", "[cpus]", "did you mean 'cpu'"});
        Refused("[stack.tcp-timers]\nMinRto = 200\n",
                {"my.toml:2:", "MinRto = 200", "a time is a string with its unit"});
        Refused("[nic.rx-ring]\nBusRate = \"10\"\n", {"BusRate", "a rate is a string"});
        Refused("[nic.tx-path]\nTsoEnabled = \"yes\"\n", {"TsoEnabled", "true or false"});
        Refused("[nic]\nGroEnabled = true\n",
                {"my.toml:2:", "GroEnabled is now", "ns3::NoGro", "[nic.gro] type"});
        Refused("[nic.gro]\ntype = \"ns3::Gro\"\n",
                {"my.toml:2:", "known:", "ns3::GroEngine", "ns3::NoGro"});
        Refused("[costs]\nIsrCost = 1e-6\n", {"IsrCost = 1e-06", "a cost is a time"});
        Refused("[costs]\nIsrCost = \"-1us\"\n", {"my.toml:2:", "IsrCost", "negative"});
        Refused("[nic.rx-ring]\nDescriptors = 0\n", {"my.toml:2:", "Descriptors = 0"});
        Refused("[nic.rx-mode]\nWeight = 64\n", {"names no class", "ns3::NapiRxMode"});
        Refused("[nic.moderation]\ntype = \"ns3::NetDim\"\n",
                {"my.toml:2:", "ns3::NetDim", "ns3::NetDimModeration"});
        Refused("[nic.rx-mode]\ntype = \"ns3::PerPacketRxMode\"\n[nic.gro]\ntype = "
                "\"ns3::GroEngine\"\n",
                {"my.toml:4:",
                 "[nic.gro] type = \"ns3::GroEngine\" needs a NAPI receive mode",
                 "my.toml:2"});
        Refused("[cpu]\nNCores = 2\n[nic.steering]\nIrqAffinity = \"0,3\"\n",
                {"my.toml:4:", "names core 3", "cores 0 to 1"});
        Refused("[nic]\nNQueues = 4\n[nic.steering]\nIrqAffinity = \"0,1\"\n",
                {"my.toml:4:", "names 2 cores", "NQueues = 4 (my.toml:2)", "one core per queue"});
        Refused("[nic]\nRxRing = \"x\"\n", {"RxRing", "set by its own section", "[nic.rx-ring]"});
        Refused("[cpu]\nNCores = [1, 2]\n", {"my.toml:2:", "not an array"});
        Refused("[cpu\nNCores = 2\n", {"my.toml:1:", "not TOML"});
        Refused("[cpu]\nNCores = { value = 2, sauce = \"x\" }\n", {"value and source", "sauce"});
        Refused("base = \"mlx6-100g\"\n", {"my.toml:1:", "mlx6-100g", "mlx5-100g"});
        TempDir dir;
        std::string a = dir.Write("a.toml", "base = \"b.toml\"\n");
        dir.Write("b.toml", "base = \"a.toml\"\n");
        HostProfile p;
        std::string error = HostProfile::Read(a, p);
        NS_TEST_EXPECT_MSG_NE(error.find("cycle"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_NE(HostNetDeviceHelper::CheckPreset("mlx5").find("mlx5-100g"),
                              std::string::npos,
                              "an unknown name lists the shipped ones");
    }
};

/// The random streams of a host depend on neither the order of its settings nor the checks.
class StreamsTestCase : public TestCase
{
  public:
    StreamsTestCase()
        : TestCase("random streams: no automatic stream taken by checks or profiles; samples "
                   "independent of the order of the settings")
    {
    }

  private:
    /// @return 4 IsrCost and 4 ProtocolCost samples of each of two hosts configured by
    /// @p configure, after AssignStreams(devices, 10)
    std::vector<double> Samples(const std::function<void(HostNetDeviceHelper&)>& configure)
    {
        HostNetDeviceHelper helper;
        configure(helper);
        NetDeviceContainer devices;
        for (int i = 0; i < 2; ++i)
        {
            Ptr<Node> node = CreateObject<Node>();
            Ptr<SimpleNetDevice> phy = CreateObject<SimpleNetDevice>();
            node->AddDevice(phy);
            devices.Add(helper.Install(phy));
        }
        helper.AssignStreams(devices, 10);
        std::vector<double> out;
        for (uint32_t d = 0; d < devices.GetN(); ++d)
        {
            PointerValue costs;
            devices.Get(d)->GetAttribute("Costs", costs);
            for (const char* name : {"IsrCost", "ProtocolCost"})
            {
                PointerValue v;
                costs.Get<Object>()->GetAttribute(name, v);
                for (int k = 0; k < 4; ++k)
                {
                    out.push_back(v.Get<RandomVariableStream>()->GetValue());
                }
            }
        }
        Simulator::Destroy();
        return out;
    }

    void DoRun() override
    {
        // Reading a profile and checking a random-variable value take no automatic stream: a
        // variable made after them draws what it draws made first.
        RngSeedManager::ResetNextStreamIndex();
        double first = CreateObject<UniformRandomVariable>()->GetValue();
        RngSeedManager::ResetNextStreamIndex();
        HostProfile p;
        HostProfile::Read("salah-2007", p);
        HostNetDeviceHelper::CheckAttribute(
            "ns3::HostCostModel",
            "IsrCost",
            StringValue("ns3::ExponentialRandomVariable[Mean=1e-6]"));
        double after = CreateObject<UniformRandomVariable>()->GetValue();
        NS_TEST_ASSERT_MSG_EQ(after, first, "no automatic stream taken by the checks");
        // Two orders of the same settings, with other random variables made in between.
        std::vector<double> a = Samples([](HostNetDeviceHelper& h) {
            h.SetCostAttribute("IsrCost", StringValue("ns3::ExponentialRandomVariable[Mean=3e-6]"));
            h.SetCostAttribute("ProtocolCost",
                               StringValue("ns3::ExponentialRandomVariable[Mean=5e-6]"));
            h.SetRxRingAttribute("Descriptors", UintegerValue(64));
        });
        std::vector<double> b = Samples([](HostNetDeviceHelper& h) {
            h.SetRxRingAttribute("Descriptors", UintegerValue(64));
            CreateObject<ExponentialRandomVariable>();
            h.SetCostAttribute("ProtocolCost",
                               StringValue("ns3::ExponentialRandomVariable[Mean=5e-6]"));
            CreateObject<NormalRandomVariable>();
            h.SetCostAttribute("IsrCost", StringValue("ns3::ExponentialRandomVariable[Mean=3e-6]"));
        });
        NS_TEST_ASSERT_MSG_EQ(a.size(), b.size(), "same number of samples");
        for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(a[i], b[i], "sample " << i << " independent of the order");
        }
        NS_TEST_ASSERT_MSG_NE(a[0], a[8], "the two hosts draw from their own streams");
        // The same through profiles whose lines are in two orders.
        TempDir dir;
        std::string one = dir.Write("one.toml",
                                    "[costs]\nIsrCost = \"exponential(3us)\"\n"
                                    "ProtocolCost = \"exponential(5us)\"\n");
        std::string two = dir.Write("two.toml",
                                    "[costs]\nProtocolCost = \"exponential(5us)\"\n"
                                    "IsrCost = \"exponential(3us)\"\n");
        std::vector<double> c = Samples([one](HostNetDeviceHelper& h) { h.SetPreset(one); });
        std::vector<double> d = Samples([two](HostNetDeviceHelper& h) { h.SetPreset(two); });
        NS_TEST_ASSERT_MSG_EQ((c == d), true, "profiles: independent of the order of the lines");
        NS_TEST_ASSERT_MSG_EQ((c == a), true, "and equal to the same settings made in code");
    }
};

/// The suite.
class HostProfileTestSuite : public TestSuite
{
  public:
    HostProfileTestSuite()
        : TestSuite("hostnet-host-profile", Type::UNIT)
    {
        AddTestCase(new ShippedProfilesTestCase, Duration::QUICK);
        AddTestCase(new ApplyTestCase, Duration::QUICK);
        AddTestCase(new ValuesTestCase, Duration::QUICK);
        AddTestCase(new ErrorsTestCase, Duration::QUICK);
        AddTestCase(new StreamsTestCase, Duration::QUICK);
    }
};

/// The suite's instance.
HostProfileTestSuite g_hostProfileTestSuite;

} // namespace
