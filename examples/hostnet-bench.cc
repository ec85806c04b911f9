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
 * Cost of the host model: the same two-host UDP flood with plain point-to-point devices
 * and with HostNetDevices, in one process. For each it prints the process CPU time of
 * Simulator::Run (the least of --repeats interleaved runs: other load on the machine only
 * ever adds to it) per offered and per delivered packet, and the simulator events per
 * offered and per delivered packet (exact, independent of the machine). The last line is
 * "ratio <host model / plain CPU time per offered packet>": per offered packet, because
 * above the livelock cliff the host model delivers fewer packets for the same work, and a
 * ratio per delivered packet would then measure the loss, not the cost.
 *
 * It also counts heap allocations (calls of the global operator new, which this program
 * replaces; ns-3 and hostnet allocate through it) per offered packet: the difference
 * between the two variants is what the host model allocates on top of ns-3.
 *
 * ./hostnet-bench --rateKpps=100 --duration=2 --scheme=normal
 */

#include "hostnet-example-options.h"
#include "hostnet-example-utils.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <cstdlib>
#include <iostream>
#include <new>
#include <vector>

using namespace ns3;

namespace
{
/// Calls of the global operator new since the program started.
uint64_t g_allocations = 0;
} // namespace

// Counting replacement of the global allocation function (the other forms of operator new
// of libstdc++ call this one; the default operator delete frees with std::free).
void*
operator new(std::size_t size)
{
    ++g_allocations;
    if (void* p = std::malloc(size == 0 ? 1 : size))
    {
        return p;
    }
    throw std::bad_alloc();
}

// The matching deallocation functions (libstdc++'s default ones free with std::free too, but
// AddressSanitizer's replace them and report a malloc freed by operator delete). GCC 12
// inlines them into std::function and, not seeing that operator new above uses malloc,
// warns about a mismatch (an error with ns-3's --enable-werror).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void
operator delete(void* p) noexcept
{
    std::free(p);
}

void
operator delete(void* p, std::size_t) noexcept
{
    std::free(p);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace
{

/// CPU time, packets and events of one run.
struct BenchResult
{
    double cpuSeconds{0};    ///< process CPU time of Simulator::Run
    uint64_t offered{0};     ///< datagrams the source sent
    uint64_t delivered{0};   ///< datagrams that reached the receiving socket
    uint64_t events{0};      ///< simulator events executed
    uint64_t allocations{0}; ///< heap allocations (operator new) during the run
};

/// Run the flood once, with or without HostNetDevices.
BenchResult
RunFlood(bool hostModel, double rateKpps, double duration, const std::string& scheme)
{
    RngSeedManager::SetRun(1);
    NodeContainer nodes(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1us"));
    NetDeviceContainer devices = p2p.Install(nodes);
    InternetStackHelper stack;
    stack.Install(nodes);
    if (hostModel)
    {
        HostNetDeviceHelper host;
        host.SetScheme(scheme);
        devices = host.Install(devices);
        host.AssignStreams(devices, 100);
    }
    Ipv4AddressHelper ipv4("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);

    auto source = CreateObject<PoissonSourceApplication>();
    source->SetAttribute("Remote", AddressValue(InetSocketAddress(ifaces.GetAddress(1), 9)));
    source->SetAttribute("Rate", DoubleValue(rateKpps * 1e3));
    source->AssignStreams(200);
    nodes.Get(0)->AddApplication(source);
    source->SetStopTime(Seconds(duration));
    // A plain PacketSink on both: the benchmark measures the device path, not the app.
    PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 9));
    sinkHelper.Install(nodes.Get(1));
    BenchResult r;
    nodes.Get(1)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
        "LocalDeliver",
        MakeBoundCallback(&hostnet_example::CountIpv4Packets, &r.delivered));
    nodes.Get(0)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
        "SendOutgoing",
        MakeBoundCallback(&hostnet_example::CountIpv4Packets, &r.offered));

    Simulator::Stop(Seconds(duration + 0.01));
    uint64_t eventsBefore = Simulator::GetEventCount();
    uint64_t allocationsBefore = g_allocations;
    double start = hostnet_example::ProcessCpuSeconds();
    Simulator::Run();
    r.cpuSeconds = hostnet_example::ProcessCpuSeconds() - start;
    r.events = Simulator::GetEventCount() - eventsBefore;
    r.allocations = g_allocations - allocationsBefore;
    Simulator::Destroy();
    return r;
}

} // namespace

int
main(int argc, char* argv[])
{
    double rateKpps = 100;
    double duration = 2;
    std::string scheme = "normal";
    uint32_t repeats = 3;
    std::string variant = "both";
    hostnet_example::Options opts(__FILE__);
    opts.Add("rateKpps", "Offered load in Kpps (Poisson, 64-byte frames)", rateKpps, 0.001, 10000);
    opts.AddSeconds("duration", "Simulated time per run", duration, 1e-6, 1e5);
    opts.Add("scheme",
             "Host scheme of the host-model run (ideal, normal, napi, ...)",
             scheme,
             hostnet_example::Scheme());
    opts.Add("repeats", "Runs of each variant, interleaved; the fastest counts", repeats, 1, 1000);
    opts.Add("variant",
             "Which variants run: both, plain or host (one alone, e.g. to count its "
             "instructions with valgrind --tool=callgrind --toggle-collect=ns3::Simulator::Run())",
             variant,
             hostnet_example::OneOf({"both", "plain", "host"}));
    opts.Parse(argc, argv);

    // Interleaved repeats and the least CPU time: robust against other load on the
    // machine (cache and frequency effects), which only ever makes a run dearer. Packets
    // and events are the same in every repeat (same seed).
    std::vector<bool> models;
    if (variant != "host")
    {
        models.push_back(false);
    }
    if (variant != "plain")
    {
        models.push_back(true);
    }
    BenchResult plain;
    BenchResult host;
    for (uint32_t i = 0; i < repeats; ++i)
    {
        for (bool model : models)
        {
            BenchResult r = RunFlood(model, rateKpps, duration, scheme);
            BenchResult& best = model ? host : plain;
            if (i == 0 || r.cpuSeconds < best.cpuSeconds)
            {
                best = r;
            }
        }
    }
    auto report = [](const std::string& name, const BenchResult& r) {
        if (r.offered == 0)
        {
            std::cerr << "hostnet-bench: the source sent nothing; raise --duration or --rateKpps\n";
            return false;
        }
        std::cout << name << ": offered " << r.offered << ", delivered " << r.delivered << ", CPU "
                  << r.cpuSeconds << " s, " << r.cpuSeconds / r.offered * 1e9
                  << " ns/offered packet, ";
        if (r.delivered > 0)
        {
            std::cout << r.cpuSeconds / r.delivered * 1e9 << " ns/delivered packet, "
                      << double(r.events) / r.delivered << " events/delivered packet, ";
        }
        else
        {
            std::cout << "ns/delivered packet undefined (none delivered), ";
        }
        std::cout << double(r.events) / r.offered << " events/offered packet, "
                  << double(r.allocations) / r.offered << " allocations/offered packet\n";
        return true;
    };
    if (variant != "host" && !report("plain", plain))
    {
        return 1;
    }
    if (variant != "plain" && !report("host (" + scheme + ")", host))
    {
        return 1;
    }
    if (variant != "both")
    {
        return 0;
    }
    std::cout << "events ratio " << double(host.events) / plain.events << "\n";
    std::cout << "allocations per offered packet, host model - plain "
              << (double(host.allocations) / host.offered -
                  double(plain.allocations) / plain.offered)
              << "\n";
    std::cout << "ratio " << (host.cpuSeconds / host.offered) / (plain.cpuSeconds / plain.offered)
              << "\n";
    return 0;
}
