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
 * A scratch program to start from: two hosts with HostNetDevices on a point-to-point link,
 * a UDP echo client on one and an echo server on the other; prints one line with the number
 * of echoes and their mean round-trip time.
 *
 * <build>/scratch/hostnet-scratch-example [--echoes=10] [--scheme=napi]
 */

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"

#include <iostream>

using namespace ns3;

/// Send times of the echo requests and the round-trip times of the replies.
struct EchoLog
{
    std::vector<Time> sent; ///< request send times, in order
    Time rttSum;            ///< sum of the replies' round-trip times
    uint32_t replies{0};    ///< replies received
};

/// UdpEchoClient "Tx" trace: a request left.
static void
EchoSent(EchoLog* log, Ptr<const Packet>)
{
    log->sent.push_back(Simulator::Now());
}

/// UdpEchoClient "Rx" trace: a reply came back (UDP over a link: replies come in order).
static void
EchoReceived(EchoLog* log, Ptr<const Packet>)
{
    log->rttSum += Simulator::Now() - log->sent.at(log->replies);
    log->replies++;
}

int
main(int argc, char* argv[])
{
    uint32_t echoes = 10;
    std::string scheme = "napi";
    CommandLine cmd(__FILE__);
    cmd.AddValue("echoes", "Number of UDP echo requests, one per millisecond", echoes);
    cmd.AddValue("scheme",
                 "Interrupt scheme of both hosts (HostNetDeviceHelper::SetScheme)",
                 scheme);
    cmd.Parse(argc, argv);

    NodeContainer hosts(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("5us"));
    NetDeviceContainer phys = p2p.Install(hosts);
    InternetStackHelper().Install(hosts);

    HostNetDeviceHelper host; // wrap the PHYs before assigning addresses
    host.SetScheme(scheme);
    NetDeviceContainer devices = host.Install(phys);
    host.AssignStreams(devices, 1);
    Ipv4AddressHelper ipv4("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);

    UdpEchoServerHelper(7).Install(hosts.Get(1));
    UdpEchoClientHelper client(ifaces.GetAddress(1), 7);
    client.SetAttribute("MaxPackets", UintegerValue(echoes));
    client.SetAttribute("Interval", TimeValue(MilliSeconds(1)));
    client.SetAttribute("PacketSize", UintegerValue(64));
    ApplicationContainer apps = client.Install(hosts.Get(0));
    EchoLog log;
    apps.Get(0)->TraceConnectWithoutContext("Tx", MakeBoundCallback(&EchoSent, &log));
    apps.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&EchoReceived, &log));

    Simulator::Stop(MilliSeconds(echoes + 10));
    Simulator::Run();
    Simulator::Destroy();

    std::cout << "hostnet-scratch-example: " << log.replies << " of " << log.sent.size()
              << " echoes";
    if (log.replies > 0)
    {
        std::cout << ", mean RTT " << (log.rttSum / log.replies).GetMicroSeconds() << " us";
    }
    std::cout << "\n";
    return log.replies == log.sent.size() && log.replies == echoes ? 0 : 1;
}
