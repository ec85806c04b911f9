/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

/**
 * @file
 * @ingroup hostnet
 * A first scenario: two hostnet hosts behind a router, global routing, one TCP transfer,
 * FlowMonitor and one trace (interrupts per host). The README shows it line by line.
 * With --pcap=PREFIX it writes a pcap file of each host's HostNetDevice,
 * PREFIX-<node>-<device>.pcap (raw IP, link type DLT_RAW: the frames as IP hands them down and gets
 * them up).
 *
 * ./hostnet-first-scenario [--scheme=napi] [--pcap=first]
 */

#include "hostnet-example-options.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"

#include <iostream>
#include <map>

using namespace ns3;

/// Interrupts per node, from the HostNetDevice "Interrupt" trace (context: the device path).
static std::map<std::string, uint32_t> g_interrupts;

/// Count one interrupt under the node's path ("/NodeList/<n>/...").
static void
CountInterrupt(std::string context)
{
    g_interrupts[context.substr(0, context.find("/DeviceList"))]++;
}

int
main(int argc, char* argv[])
{
    std::string scheme = "napi";
    std::string pcap;
    hostnet_example::Options opts(__FILE__,
                                  "Two hostnet hosts behind a router: global routing, "
                                  "one TCP transfer, FlowMonitor, interrupts per host.");
    opts.Add("scheme", "Interrupt scheme of both hosts", scheme, hostnet_example::Scheme());
    opts.Add("pcap",
             "Write a pcap file of each host's HostNetDevice, <pcap>-<node>-<device>.pcap "
             "(raw IP, DLT_RAW; empty: none)",
             pcap,
             hostnet_example::OutputFile(true));
    opts.Parse(argc, argv);

    NodeContainer nodes(3); // host 0, router, host 2
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("10us"));
    NetDeviceContainer left = p2p.Install(nodes.Get(0), nodes.Get(1));
    NetDeviceContainer right = p2p.Install(nodes.Get(1), nodes.Get(2));
    InternetStackHelper().Install(nodes);

    HostNetDeviceHelper host; // wrap the hosts' PHYs before assigning addresses
    host.SetScheme(scheme);
    NetDeviceContainer hostDevices = host.Install(NetDeviceContainer(left.Get(0), right.Get(1)));

    Ipv4AddressHelper ipv4("10.1.1.0", "255.255.255.0");
    ipv4.Assign(NetDeviceContainer(hostDevices.Get(0), left.Get(1)));
    ipv4.SetBase("10.1.2.0", "255.255.255.0");
    Ipv4InterfaceContainer far = ipv4.Assign(NetDeviceContainer(right.Get(0), hostDevices.Get(1)));
    Ipv4GlobalRoutingHelper::PopulateRoutingTables(); // through the hostnet hosts
    if (!pcap.empty())
    {
        host.EnablePcap(pcap, hostDevices); // what IP sends and gets: raw IP (DLT_RAW)
    }

    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(far.GetAddress(1), 5000));
    bulk.SetAttribute("MaxBytes", UintegerValue(2000000));
    bulk.Install(nodes.Get(0)).Start(MilliSeconds(1));
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 5000));
    sink.Install(nodes.Get(2));

    Config::Connect("/NodeList/*/DeviceList/*/$ns3::HostNetDevice/Interrupt",
                    MakeCallback(&CountInterrupt));
    FlowMonitorHelper flowmon;
    Ptr<FlowMonitor> monitor = flowmon.InstallAll();

    Simulator::Stop(Seconds(0.2));
    Simulator::Run();
    monitor->CheckForLostPackets();
    auto classifier = DynamicCast<Ipv4FlowClassifier>(flowmon.GetClassifier());
    for (const auto& [id, st] : monitor->GetFlowStats())
    {
        Ipv4FlowClassifier::FiveTuple t = classifier->FindFlow(id);
        std::cout << "flow " << id << " " << t.sourceAddress << " -> " << t.destinationAddress
                  << ": tx " << st.txPackets << " rx " << st.rxPackets << " lost " << st.lostPackets
                  << " mean delay ";
        if (st.rxPackets > 0)
        {
            std::cout << st.delaySum.GetMicroSeconds() / double(st.rxPackets) << " us\n";
        }
        else
        {
            std::cout << "undefined (nothing received)\n";
        }
    }
    for (const auto& [node, count] : g_interrupts)
    {
        std::cout << node << ": " << count << " interrupts\n";
    }
    if (!pcap.empty())
    {
        PcapHelper names;
        std::cout << "pcap:";
        for (uint32_t i = 0; i < hostDevices.GetN(); ++i)
        {
            std::cout << " " << names.GetFilenameFromDevice(pcap, hostDevices.Get(i));
        }
        std::cout << "\n";
    }
    Simulator::Destroy();
    return 0;
}
