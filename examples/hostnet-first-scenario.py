"""A first scenario in Python: the twin of examples/hostnet-first-scenario.cc.

Two hostnet hosts behind a router, global routing, one TCP transfer, FlowMonitor, and two
trace sinks written in Python: interrupts per node (a trace with a context string) and the
delivered packets' system latency (without context).

    .venv/bin/python examples/hostnet-first-scenario.py [--scheme napi] [--pcap first]
"""

import argparse
from collections import Counter

import hostnet
from hostnet import ns


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scheme", default="napi", help="interrupt scheme of both hosts")
    parser.add_argument("--pcap", default="", metavar="PREFIX",
                        help="write a pcap file of each host's HostNetDevice, "
                        "PREFIX-<node>-<device>.pcap (raw IP, DLT_RAW)")
    args = parser.parse_args()

    nodes = ns.NodeContainer(3)  # host 0, router, host 2
    p2p = ns.PointToPointHelper()
    p2p.SetDeviceAttribute("DataRate", ns.StringValue("1Gbps"))
    p2p.SetChannelAttribute("Delay", ns.StringValue("10us"))
    left = p2p.Install(nodes.Get(0), nodes.Get(1))
    right = p2p.Install(nodes.Get(1), nodes.Get(2))
    ns.InternetStackHelper().Install(nodes)

    host = ns.HostNetDeviceHelper()  # wrap the hosts' PHYs before assigning addresses
    host.SetScheme(args.scheme)  # a bad name raises ValueError
    phys = ns.NetDeviceContainer(left.Get(0), right.Get(1))
    devices = host.Install(phys)

    ipv4 = ns.Ipv4AddressHelper()
    ipv4.SetBase(ns.Ipv4Address("10.1.1.0"), ns.Ipv4Mask("255.255.255.0"))
    ipv4.Assign(ns.NetDeviceContainer(devices.Get(0), left.Get(1)))
    ipv4.SetBase(ns.Ipv4Address("10.1.2.0"), ns.Ipv4Mask("255.255.255.0"))
    far = ipv4.Assign(ns.NetDeviceContainer(right.Get(0), devices.Get(1)))
    ns.Ipv4GlobalRoutingHelper.PopulateRoutingTables()
    if args.pcap:
        host.EnablePcap(args.pcap, devices)  # what IP sends and gets: raw IP (DLT_RAW)

    to = ns.InetSocketAddress(far.GetAddress(1), 5000).ConvertTo()
    bulk = ns.BulkSendHelper("ns3::TcpSocketFactory", to)
    bulk.SetAttribute("MaxBytes", ns.UintegerValue(2000000))
    bulk.Install(nodes.Get(0)).Start(ns.MilliSeconds(1))
    anywhere = ns.InetSocketAddress(ns.Ipv4Address.GetAny(), 5000).ConvertTo()
    ns.PacketSinkHelper("ns3::TcpSocketFactory", anywhere).Install(nodes.Get(2))

    interrupts = Counter()
    latencies = []

    def on_interrupt(context):
        interrupts[context.split("/DeviceList")[0]] += 1

    def on_delivered(packet, latency):
        latencies.append(latency.GetMicroSeconds())

    base = "/NodeList/*/DeviceList/*/$ns3::HostNetDevice/"
    assert hostnet.connect_trace(base + "Interrupt", on_interrupt, context=True) == 2
    assert hostnet.connect_trace(base + "Delivered", on_delivered,
                                 "ns3::Ptr<const ns3::Packet>", "ns3::Time") == 2
    flowmon = ns.FlowMonitorHelper()
    monitor = flowmon.InstallAll()

    ns.Simulator.Stop(ns.Seconds(0.2))
    ns.Simulator.Run()
    monitor.CheckForLostPackets()
    classifier = ns.DynamicCast[ns.Ipv4FlowClassifier](flowmon.GetClassifier())
    for flow_id, st in monitor.GetFlowStats():
        t = classifier.FindFlow(flow_id)
        delay = (f"{st.delaySum.GetMicroSeconds() / st.rxPackets:.1f} us" if st.rxPackets
                 else "undefined (nothing received)")
        print(f"flow {flow_id} {t.sourceAddress} -> {t.destinationAddress}: tx {st.txPackets} "
              f"rx {st.rxPackets} lost {st.lostPackets} mean delay {delay}")
    for node, count in sorted(interrupts.items()):
        print(f"{node}: {count} interrupts")
    if latencies:
        print(f"delivered {len(latencies)} packets, mean system latency "
              f"{sum(latencies) / len(latencies):.1f} us")
    if args.pcap:
        names = ns.PcapHelper()
        print("pcap: " + " ".join(str(names.GetFilenameFromDevice(args.pcap, devices.Get(i)))
                                  for i in range(devices.GetN())))
    ns.Simulator.Destroy()


if __name__ == "__main__":
    main()
