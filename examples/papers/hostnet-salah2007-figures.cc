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
 * Regenerates the data of Salah et al. 2007's Fig. 7 (all schemes under Poisson traffic, analysis
 * and simulation) and Fig. 11 (parameter studies of coalescing and polling).
 *
 * Salah et al. 2007's host: exponential ISR cost 1/r = 3.73 us and protocol cost 1/mu = 5.34 us
 * (no per-byte cost), B = 1024 (the backlog of the per-packet schemes and the descriptor
 * ring of all schemes, descriptors returned one by one, frames dropped when none is free),
 * 64-byte frames with Poisson arrivals straight into the receiving NIC (a SimpleChannel
 * without delay or rate limit, as in the hostnet test suites). The unmask register write
 * (0.5 us) and the polling overhead (1.59 us) are exponential too, so that the exact chain
 * LevelPhaseChain::DisableEnableDetailed describes the simulated disable-enable mode.
 * Every (scheme, load, replication) point is measured after a deleted warm-up.
 *
 * Output files in --out (rows are appended and flushed as the runs finish):
 * - fig7_sim.csv: scheme,load_kpps,replication,throughput_kpps,cpu_availability,
 *   latency_mean_us (--fig7Schemes, default the seven schemes of Fig. 7 plus count-1 and
 *   time-0us, which must equal normal interruption);
 * - fig7_analysis.csv: model,load_kpps,throughput_kpps,cpu_availability,latency_mean_us on
 *   a fine load grid: ideal (M/M/1/B), normal (eqs. 1-6 as printed), normal-exact (CTMC),
 *   disable-enable (eqs. 7-8 with 1/nu = write + ISR + protocol), disable-enable-exact
 *   (the chain of the simulated mechanism), pure-polling (eqs. 9-12 as printed),
 *   pure-polling-corrected (eq. 9's service rate replaced by the capacity Q / T_poll:
 *   M/D/1/B with service T_poll / Q; eq. 10 availability from its throughput, eq. 12
 *   latency). Rows that violate flow conservation (throughput != lambda (1 - loss), a
 *   numerical failure of the solver) are reported on stdout and left out;
 * - fig11_sim.csv: family,parameter,load_kpps,replication,throughput_kpps,
 *   cpu_availability,latency_mean_us for the families count (tau), time (T in us),
 *   pure-polling-quota and napi-quota (Q at T_poll = --quotaPollPeriodUs),
 *   pure-polling-period and napi-period (T_poll in us at Q = --periodQuota). "napi" is
 *   Salah et al. 2007's NAPI (napi-salah2007: the next poll at the next T_poll tick).
 *
 * Pure polling pays the polling overhead for a timer tick that finds a poll cycle still
 * running and starts no cycle (--tickDuringCycle=waste, Salah et al. 2007's description of Fig. 4);
 * with exponential costs that happens often, see --tickDuringCycle=defer for the variant in
 * which the next cycle follows at once.
 *
 * Identical configurations (e.g. Fig. 11's count-8 and Fig. 7's count-8, or the Q = 4,
 * T_poll = 20 us point of both polling studies) are simulated once and reused.
 *
 * ./hostnet-salah2007-figures --out=results/figures --replications=3 --duration=0.2
 *                        --warmup=0.05 --figures=7,11
 * then: python validation/figures/plot_salah2007_figures.py results/figures
 */

#include "../hostnet-example-options.h"
#include "../hostnet-example-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/interrupt-analysis.h"
#include "ns3/level-phase-chain.h"
#include "ns3/network-module.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

using namespace ns3;
using namespace hostnet_example;

NS_LOG_COMPONENT_DEFINE("HostnetSalah2007Figures");

namespace
{

/// Command-line parameters.
struct FigureConfig
{
    std::string out{"results/figures"};                           ///< output directory
    uint32_t replications{3};                                     ///< runs per point (RngRun 1..n)
    double duration{0.2};                                         ///< measured seconds per run
    double warmup{0.05};                                          ///< deleted seconds per run
    std::string loads{"10,25,50,75,100,125,150,175,200,250,300"}; ///< Fig. 7 loads (Kpps)
    std::string fig11Loads{"10,25,50,75,100,125,150,200,300"};    ///< Fig. 11 loads (Kpps)
    std::string figures{"7,11"};                                  ///< which figures
    std::string fig7Schemes{"ideal,normal,disable-enable,count-8,time-50us,pure-polling,napi-"
                            "salah2007,count-1,time-0us"};
    std::string taus{"1,2,4,8,16"};       ///< Fig. 11 count-based tau values
    std::string intervals{"0,25,50,100"}; ///< Fig. 11 time-based T values (us)
    std::string quotas{"2,3,4"};          ///< Fig. 11 polling quotas Q
    std::string pollPeriods{"10,20,40"};  ///< Fig. 11 polling periods T_poll (us)
    double quotaPollPeriodUs{20};         ///< T_poll of the quota study
    uint32_t periodQuota{4};              ///< Q of the period study
    uint32_t pollQuota{3};                ///< Q of Fig. 7's pure-polling and napi-salah2007
    double pollPeriodUs{20};              ///< T_poll of Fig. 7's pure-polling and napi-salah2007
    double isrUs{3.73};                   ///< 1/r
    double protoUs{5.34};                 ///< 1/mu
    double writeUs{0.5};                  ///< unmask register write (mean, exponential)
    double pollOverheadUs{1.59};          ///< T_pollOH (mean, exponential)
    std::string tickDuringCycle{"waste"}; ///< pure polling: tick during a running cycle
    uint32_t bufferSize{1024};            ///< B
    uint32_t frameSize{64};               ///< bytes per frame
    double analysisStep{2};               ///< analysis grid step (Kpps)
    double analysisMax{300};              ///< analysis grid end (Kpps)
};

/**
 * Parse a comma-separated list of numbers.
 * @param option option name for error messages
 * @param list the list
 * @param min smallest accepted value
 * @param strictlyAbove true if @p min itself is not accepted
 * @param integer true if the values must be whole numbers
 * @return the values
 */
std::vector<double>
ParseNumbers(const std::string& option,
             const std::string& list,
             double min,
             bool strictlyAbove,
             bool integer = false)
{
    std::vector<double> values;
    for (const auto& item : Split(list))
    {
        double v = 0;
        size_t used = 0;
        try
        {
            v = std::stod(item, &used);
        }
        catch (const std::exception&)
        {
            used = 0;
        }
        NS_ABORT_MSG_IF(used != item.size() || !std::isfinite(v),
                        "--" << option << ": '" << item << "' is not a number");
        NS_ABORT_MSG_IF(strictlyAbove ? v <= min : v < min,
                        "--" << option << ": values must be " << (strictlyAbove ? "> " : ">= ")
                             << min << ", got " << item);
        NS_ABORT_MSG_IF(integer && v != std::floor(v),
                        "--" << option << ": values must be whole numbers, got " << item);
        values.push_back(v);
    }
    NS_ABORT_MSG_IF(values.empty(), "--" << option << " must not be empty");
    return values;
}

/// @return a number in its shortest form (10, 2.5)
std::string
Num(double v)
{
    std::ostringstream os;
    os << v;
    return os.str();
}

/**
 * What is simulated: a scheme preset (preset non-empty) or a polling receive mode with
 * explicit quota and period (pure polling or Salah et al. 2007's NAPI).
 */
struct RunSpec
{
    std::string preset;  ///< HostNetDeviceHelper::SetScheme name, or empty
    std::string rxMode;  ///< "ns3::PurePollingRxMode" or "ns3::TickedNapiRxMode" if no preset
    uint32_t quota{3};   ///< Q (Quota / Weight)
    double periodUs{20}; ///< T_poll (PollPeriod)

    /// @return a key naming the simulated configuration (equal keys: identical runs)
    std::string Key() const
    {
        if (!preset.empty())
        {
            return preset;
        }
        return rxMode + " Q=" + std::to_string(quota) + " T_poll=" + Num(periodUs) + "us";
    }
};

/// @return pure polling with quota Q and period T_poll
RunSpec
PurePolling(uint32_t quota, double periodUs)
{
    return RunSpec{"", "ns3::PurePollingRxMode", quota, periodUs};
}

/// @return Salah et al. 2007's NAPI with quota (weight) Q and period T_poll
RunSpec
Salah2007Napi(uint32_t quota, double periodUs)
{
    return RunSpec{"", "ns3::TickedNapiRxMode", quota, periodUs};
}

/**
 * A helper with Salah et al. 2007's host (the "salah-2007" preset, with the costs and B of
 * the options; the register write and polling overhead exponential too) and the scheme of
 * @p spec. B is the backlog of the per-packet modes (Config default, set in main) and the
 * descriptor ring of all schemes.
 */
HostNetDeviceHelper
MakeHostHelper(const RunSpec& spec, const FigureConfig& cfg)
{
    auto exponential = [](double us) {
        return StringValue(HostNetDeviceHelper::ExponentialCost(Seconds(us * 1e-6)));
    };
    HostNetDeviceHelper helper;
    helper.SetPreset("salah-2007");
    helper.SetCostAttribute("IsrCost", exponential(cfg.isrUs));
    helper.SetCostAttribute("ProtocolCost", exponential(cfg.protoUs));
    helper.SetCostAttribute("RegisterWriteCost", exponential(cfg.writeUs));
    helper.SetCostAttribute("PollOverheadCost", exponential(cfg.pollOverheadUs));
    if (!spec.preset.empty())
    {
        // After the costs: "ideal" sets IsrCost to 0. The paper's coalescing schemes run on
        // the per-packet path: the helper's "prenapi-" variants.
        bool perPacket = spec.preset.rfind("count-", 0) == 0 || spec.preset.rfind("time-", 0) == 0;
        helper.SetScheme(perPacket ? "prenapi-" + spec.preset : spec.preset);
    }
    else
    {
        helper.SetModeration("ns3::NoModeration");
        if (spec.rxMode == "ns3::PurePollingRxMode")
        {
            helper.SetRxMode(spec.rxMode,
                             "Quota",
                             UintegerValue(spec.quota),
                             "PollPeriod",
                             TimeValue(MicroSeconds(spec.periodUs)),
                             "TickDuringCycle",
                             StringValue(cfg.tickDuringCycle));
        }
        else
        {
            helper.SetRxMode(spec.rxMode,
                             "Weight",
                             UintegerValue(spec.quota),
                             "PollPeriod",
                             TimeValue(MicroSeconds(spec.periodUs)));
        }
    }
    helper.SetRxRingAttribute("Descriptors", UintegerValue(cfg.bufferSize));
    return helper;
}

/// Sends fixed-size frames at exponential intervals (a Poisson stream) to a device.
class PoissonInjector
{
  public:
    /**
     * @param phy sending device
     * @param to destination address
     * @param rate frames per second
     * @param size frame size in bytes
     * @param stop no frames at or after this time
     * @param stream random stream index
     */
    PoissonInjector(Ptr<SimpleNetDevice> phy,
                    Address to,
                    double rate,
                    uint32_t size,
                    Time stop,
                    int64_t stream)
        : m_phy(phy),
          m_to(to),
          m_size(size),
          m_stop(stop)
    {
        m_gap = CreateObject<ExponentialRandomVariable>();
        m_gap->SetAttribute("Mean", DoubleValue(1.0 / rate));
        m_gap->SetStream(stream);
        Simulator::Schedule(Seconds(m_gap->GetValue()), &PoissonInjector::Send, this);
    }

  private:
    /// Send one frame and schedule the next.
    void Send()
    {
        m_phy->Send(Create<Packet>(m_size), m_to, 0x0800);
        Time next = Simulator::Now() + Seconds(m_gap->GetValue());
        if (next < m_stop)
        {
            Simulator::Schedule(next - Simulator::Now(), &PoissonInjector::Send, this);
        }
    }

    Ptr<SimpleNetDevice> m_phy;           ///< sender
    Address m_to;                         ///< receiver
    uint32_t m_size;                      ///< bytes
    Time m_stop;                          ///< end of the stream
    Ptr<ExponentialRandomVariable> m_gap; ///< inter-arrival times
};

/// What one run measured (after the warm-up).
struct PointResult
{
    double throughputKpps; ///< delivered Kpps
    double availability;   ///< CPU share left by interrupt and protocol work
    double latencyMeanUs;  ///< mean system latency (host memory -> end of processing)
};

/**
 * One run: Poisson frames over a SimpleChannel (no delay, no rate limit) into the host,
 * statistics after the warm-up.
 */
PointResult
RunPoint(const RunSpec& spec, double kpps, uint32_t replication, const FigureConfig& cfg)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(replication);
    Ptr<Node> sender = CreateObject<Node>();
    Ptr<Node> receiver = CreateObject<Node>();
    auto channel = CreateObject<SimpleChannel>();
    auto senderPhy = CreateObject<SimpleNetDevice>();
    auto receiverPhy = CreateObject<SimpleNetDevice>();
    for (auto [node, dev] : {std::pair{sender, senderPhy}, std::pair{receiver, receiverPhy}})
    {
        dev->SetAddress(Mac48Address::Allocate());
        dev->SetChannel(channel);
        node->AddDevice(dev);
    }
    HostNetDeviceHelper helper = MakeHostHelper(spec, cfg);
    Ptr<HostNetDevice> host = helper.Install(receiverPhy);
    host->AssignStreams(10);
    Time end = Seconds(cfg.warmup + cfg.duration);
    PoissonInjector source(senderPhy, host->GetAddress(), kpps * 1e3, cfg.frameSize, end, 1);
    Simulator::Schedule(Seconds(cfg.warmup), [host]() {
        host->ResetStats();
        host->GetCpu()->ResetStats();
    });
    Simulator::Stop(end);
    Simulator::Run();
    HostNetDeviceStats s = host->GetStats();
    PointResult r{s.throughputPps / 1e3,
                  host->GetCpu()->GetStats().availability,
                  s.systemLatency.meanUs};
    Simulator::Destroy();
    return r;
}

/// Runs points, reusing the results of configurations already simulated.
class Runner
{
  public:
    /// @param cfg the parameters
    explicit Runner(const FigureConfig& cfg)
        : m_cfg(cfg),
          m_start(std::chrono::steady_clock::now())
    {
    }

    /**
     * @param spec configuration
     * @param kpps offered load
     * @param replication RngRun
     * @return the measurement (simulated now or earlier)
     */
    PointResult Get(const RunSpec& spec, double kpps, uint32_t replication)
    {
        auto key = std::make_tuple(spec.Key(), kpps, replication);
        auto it = m_cache.find(key);
        if (it != m_cache.end())
        {
            m_reused++;
            return it->second;
        }
        PointResult r = RunPoint(spec, kpps, replication, m_cfg);
        m_simulated++;
        m_cache.emplace(key, r);
        return r;
    }

    /// @return wall-clock seconds since the start
    double Elapsed() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    }

    /// @return runs simulated
    uint64_t GetSimulated() const
    {
        return m_simulated;
    }

    /// @return runs reused
    uint64_t GetReused() const
    {
        return m_reused;
    }

  private:
    const FigureConfig& m_cfg;                                                ///< parameters
    std::map<std::tuple<std::string, double, uint32_t>, PointResult> m_cache; ///< results
    std::chrono::steady_clock::time_point m_start;                            ///< construction time
    uint64_t m_simulated{0};                                                  ///< runs simulated
    uint64_t m_reused{0}; ///< runs taken from the cache
};

/// Open a CSV file for writing (truncated) with its header.
std::ofstream
OpenCsv(const std::string& path, const std::string& header)
{
    std::ofstream csv(path, std::ios::trunc);
    NS_ABORT_MSG_IF(!csv, "cannot write " << path);
    csv << header << "\n" << std::flush;
    return csv;
}

/// Mean of three metrics over replications, for the progress lines.
struct Means
{
    double thr{0};   ///< Kpps
    double avail{0}; ///< fraction
    double lat{0};   ///< us
};

/**
 * Simulate one configuration at all loads; print a progress line per load.
 * @param label what the progress lines call it
 * @param spec configuration
 * @param loads offered loads (Kpps)
 * @param runner the runner
 * @param cfg parameters
 * @param row writes one CSV row: (load, replication, result)
 * @param done points done so far (updated)
 * @param total points in the figure
 * @param figure figure name for the progress lines
 */
void
Sweep(const std::string& label,
      const RunSpec& spec,
      const std::vector<double>& loads,
      Runner& runner,
      const FigureConfig& cfg,
      const std::function<void(double, uint32_t, const PointResult&)>& row,
      uint32_t& done,
      uint32_t total,
      const std::string& figure)
{
    for (double kpps : loads)
    {
        Means m;
        for (uint32_t rep = 1; rep <= cfg.replications; ++rep)
        {
            PointResult r = runner.Get(spec, kpps, rep);
            row(kpps, rep, r);
            m.thr += r.throughputKpps / cfg.replications;
            m.avail += r.availability / cfg.replications;
            m.lat += r.latencyMeanUs / cfg.replications;
        }
        done++;
        std::cout << "[" << figure << " " << std::setw(3) << done << "/" << total << ", "
                  << std::setw(6) << std::setprecision(1) << runner.Elapsed() << " s] " << std::left
                  << std::setw(26) << label << std::right << " load " << std::setw(5) << Num(kpps)
                  << " Kpps: throughput " << std::setprecision(2) << std::setw(7) << m.thr
                  << " Kpps, CPU availability " << std::setprecision(3) << m.avail << ", latency "
                  << std::setprecision(1) << m.lat << " us\n"
                  << std::flush;
    }
}

/// @return the RunSpec of a Fig. 7 scheme name
RunSpec
Fig7Spec(const std::string& scheme, const FigureConfig& cfg)
{
    if (scheme == "pure-polling")
    {
        return PurePolling(cfg.pollQuota, cfg.pollPeriodUs);
    }
    if (scheme == "napi-salah2007")
    {
        return Salah2007Napi(cfg.pollQuota, cfg.pollPeriodUs);
    }
    return RunSpec{scheme};
}

/// Write fig7_analysis.csv.
void
WriteAnalysis(const FigureConfig& cfg, const std::vector<double>& simLoads)
{
    std::string path = cfg.out + "/fig7_analysis.csv";
    std::ofstream csv =
        OpenCsv(path, "model,load_kpps,throughput_kpps,cpu_availability,latency_mean_us");
    // The fine grid plus the simulated loads, so that both can be compared point by point.
    std::set<double> grid(simLoads.begin(), simLoads.end());
    for (int i = 1; i * cfg.analysisStep <= cfg.analysisMax + 1e-9; ++i)
    {
        grid.insert(std::round(i * cfg.analysisStep * 1e6) / 1e6);
    }
    const double mu = 1e6 / cfg.protoUs;
    const double r = cfg.isrUs > 0 ? 1e6 / cfg.isrUs : std::numeric_limits<double>::infinity();
    const double nu = 1e6 / (cfg.writeUs + cfg.isrUs + cfg.protoUs);
    const double w = 1e6 / cfg.writeUs;
    const double tPoll = cfg.pollPeriodUs * 1e-6;
    const double tPollOh = cfg.pollOverheadUs * 1e-6;
    const uint32_t q = cfg.pollQuota;
    const uint32_t b = cfg.bufferSize;
    NS_ABORT_MSG_IF(cfg.writeUs <= 0, "--writeUs must be > 0 for the disable-enable chain");
    NS_ABORT_MSG_IF(tPollOh >= tPoll, "--pollOverheadUs must be < --pollPeriodUs");

    // Every model must conserve flow: throughput = lambda (1 - loss) (PASTA). A result
    // that does not is a numerical failure of its solver: it is reported and left out.
    uint32_t omitted = 0;
    auto write =
        [&csv, &omitted](const std::string& model, double kpps, const InterruptAnalysisResult& a) {
            double lambda = kpps * 1e3;
            double carried = lambda * (1 - a.lossProbability);
            if (!std::isfinite(a.throughput) || !std::isfinite(a.meanLatency) ||
                std::abs(a.throughput - carried) > 1e-6 * lambda)
            {
                std::cout << "warning: " << model << " at " << Num(kpps) << " Kpps is inconsistent "
                          << "(throughput " << a.throughput / 1e3 << " Kpps, lambda (1 - loss) "
                          << carried / 1e3 << " Kpps): row left out\n";
                omitted++;
                return;
            }
            csv << model << "," << Num(kpps) << "," << std::setprecision(10) << a.throughput / 1e3
                << "," << a.cpuAvailability << "," << a.meanLatency * 1e6 << "\n";
        };
    for (double kpps : grid)
    {
        double lambda = kpps * 1e3;
        write("ideal", kpps, InterruptAnalysis::Mm1b(lambda, mu, b));
        write("normal", kpps, InterruptAnalysis::NormalInterruptionClosedForm(lambda, mu, r, b));
        write("normal-exact", kpps, InterruptAnalysis::NormalInterruptionExact(lambda, mu, r, b));
        write("disable-enable",
              kpps,
              InterruptAnalysis::DisableEnableClosedForm(lambda, mu, nu, b));
        if (std::isfinite(r))
        {
            write("disable-enable-exact",
                  kpps,
                  LevelPhaseChain::DisableEnableDetailed(lambda, mu, r, w, b));
        }
        write("pure-polling",
              kpps,
              InterruptAnalysis::PurePollingClosedForm(lambda, mu, tPoll, tPollOh, q, b));
        // Eq. 9 replaced by the capacity Q / T_poll of Q frames per period: the queue is
        // M/D/1/B with service T_poll / Q; eq. 10's availability 1 - U_pollOH - U_IP with
        // U_IP = gamma / mu; eq. 12's latency E_IP[T] + p0 T_poll.
        InterruptAnalysisResult md1b = InterruptAnalysis::MD1B(lambda, tPoll / q, b);
        double p0 = md1b.cpuAvailability; // M/D/1/B idle probability
        InterruptAnalysisResult corrected = md1b;
        corrected.cpuAvailability = std::max(0.0, 1 - tPollOh / tPoll - md1b.throughput / mu);
        corrected.meanLatency = md1b.meanLatency + p0 * tPoll;
        write("pure-polling-corrected", kpps, corrected);
        csv << std::flush;
    }
    std::cout << "wrote " << path << " (" << grid.size() << " loads x 7 models";
    if (omitted > 0)
    {
        std::cout << ", " << omitted << " inconsistent rows left out";
    }
    std::cout << ")\n";
}

} // namespace

int
main(int argc, char* argv[])
{
    FigureConfig cfg;
    Options opts(__FILE__,
                 "Salah et al. 2008, Fig. 7 and Fig. 11: simulation with 95 % intervals against "
                 "the analytic models.");
    opts.Add("out",
             "Output directory (fig7_sim.csv, fig7_analysis.csv, fig11_sim.csv)",
             cfg.out,
             OutputDirectory());
    opts.Add("replications",
             "Independent replications per point (RngRun 1..n)",
             cfg.replications,
             1,
             10000);
    opts.AddSeconds("duration",
                    "Measured time per run (after the warm-up)",
                    cfg.duration,
                    1e-6,
                    1e5);
    opts.AddSeconds("warmup", "Warm-up deleted at the start of each run", cfg.warmup, 0, 1e5);
    opts.Add("loads",
             "Fig. 7 offered loads, comma-separated Kpps (Poisson)",
             cfg.loads,
             ListOf(Number(0.001, 10000)));
    opts.Add("fig11Loads",
             "Fig. 11 offered loads, comma-separated Kpps",
             cfg.fig11Loads,
             ListOf(Number(0.001, 10000)));
    opts.Add("figures",
             "Figures to produce: 7, 11 or 7,11",
             cfg.figures,
             ListOf(OneOf({"7", "11"})));
    opts.Add("fig7Schemes",
             "Fig. 7 schemes (HostNetDeviceHelper presets; pure-polling and napi-salah2007 use "
             "--pollQuota and --pollPeriodUs)",
             cfg.fig7Schemes,
             ListOf(Scheme()));
    opts.Add("taus",
             "Fig. 11 count-based coalescing tau values",
             cfg.taus,
             ListOf(Whole(1, 1 << 20)));
    opts.Add("intervals",
             "Fig. 11 time-based coalescing T values (us)",
             cfg.intervals,
             ListOf(Number(0, 1e6)));
    opts.Add("quotas",
             "Fig. 11 polling quotas Q (pure polling and NAPI)",
             cfg.quotas,
             ListOf(Whole(1, 1 << 20)));
    opts.Add("pollPeriods",
             "Fig. 11 polling periods T_poll in us",
             cfg.pollPeriods,
             ListOf(Number(0.001, 1e6)));
    opts.Add("quotaPollPeriodUs",
             "T_poll (us) of the Fig. 11 quota study",
             cfg.quotaPollPeriodUs,
             0.001,
             1e6);
    opts.Add("periodQuota", "Q of the Fig. 11 polling-period study", cfg.periodQuota, 1, 1 << 20);
    opts.Add("pollQuota",
             "Q of Fig. 7's pure-polling and napi-salah2007 (and analysis)",
             cfg.pollQuota,
             1,
             1 << 20);
    opts.Add("pollPeriodUs",
             "T_poll (us) of Fig. 7's pure-polling and napi-salah2007",
             cfg.pollPeriodUs,
             0.001,
             1e6);
    opts.Add("isrUs", "Mean ISR cost 1/r in us (exponential)", cfg.isrUs, 0, 1e6);
    opts.Add("protoUs", "Mean protocol cost 1/mu in us (exponential)", cfg.protoUs, 1e-3, 1e6);
    opts.Add("writeUs",
             "Mean unmask register write cost in us (exponential)",
             cfg.writeUs,
             1e-3,
             1e6);
    opts.Add("pollOverheadUs",
             "Mean polling overhead T_pollOH in us (exponential)",
             cfg.pollOverheadUs,
             0,
             1e6);
    opts.Add("tickDuringCycle",
             "Pure polling: a timer tick during a running poll cycle is 'waste' (overhead "
             "paid, no cycle; the paper's text), 'skip' or 'defer' (a cycle follows at once)",
             cfg.tickDuringCycle,
             OneOf({"waste", "skip", "defer"}));
    opts.Add("bufferSize",
             "B: per-packet backlog and ring descriptors (packets)",
             cfg.bufferSize,
             1,
             1 << 24);
    opts.Add("frameSize", "Frame size in bytes", cfg.frameSize, 64, 9018);
    opts.Add("analysisStep",
             "Load step (Kpps) of the Fig. 7 analysis grid",
             cfg.analysisStep,
             0.001,
             1e4);
    opts.Add("analysisMax",
             "Largest load (Kpps) of the Fig. 7 analysis grid",
             cfg.analysisMax,
             0.001,
             1e5);
    opts.Parse(argc, argv);
    if (cfg.analysisMax < cfg.analysisStep)
    {
        opts.Refuse("--analysisMax=" + Show(cfg.analysisMax) +
                    " is below --analysisStep=" + Show(cfg.analysisStep));
    }

    // The options layer checked every list item.
    std::set<std::string> figures;
    for (const auto& f : Split(cfg.figures))
    {
        figures.insert(f);
    }
    std::vector<double> loads = ParseNumbers("loads", cfg.loads, 0, true);
    std::vector<double> fig11Loads = ParseNumbers("fig11Loads", cfg.fig11Loads, 0, true);
    std::vector<double> taus = ParseNumbers("taus", cfg.taus, 1, false, true);
    std::vector<double> intervals = ParseNumbers("intervals", cfg.intervals, 0, false);
    std::vector<double> quotas = ParseNumbers("quotas", cfg.quotas, 1, false, true);
    std::vector<double> pollPeriods = ParseNumbers("pollPeriods", cfg.pollPeriods, 0, true);
    std::vector<std::string> schemes = Split(cfg.fig7Schemes);

    // B for the per-packet modes (the ring size is set on every helper).
    Config::SetDefault("ns3::PerPacketRxMode::BacklogSize", UintegerValue(cfg.bufferSize));
    std::filesystem::create_directories(cfg.out);
    Runner runner(cfg);
    std::cout << std::fixed;

    if (figures.count("7"))
    {
        std::cout << std::setprecision(2);
        WriteAnalysis(cfg, loads);
        std::string path = cfg.out + "/fig7_sim.csv";
        std::ofstream csv = OpenCsv(path,
                                    "scheme,load_kpps,replication,throughput_kpps,"
                                    "cpu_availability,latency_mean_us");
        uint32_t done = 0;
        uint32_t total = schemes.size() * loads.size();
        for (const auto& scheme : schemes)
        {
            Sweep(
                scheme,
                Fig7Spec(scheme, cfg),
                loads,
                runner,
                cfg,
                [&](double kpps, uint32_t rep, const PointResult& r) {
                    csv << scheme << "," << Num(kpps) << "," << rep << "," << std::setprecision(6)
                        << r.throughputKpps << "," << r.availability << "," << Csv(r.latencyMeanUs)
                        << "\n"
                        << std::flush;
                },
                done,
                total,
                "fig7");
        }
        std::cout << "wrote " << path << "\n";
    }

    if (figures.count("11"))
    {
        // (family, parameter, label, configuration)
        struct Study
        {
            std::string family;
            double parameter;
            RunSpec spec;
        };

        std::vector<Study> studies;
        for (double tau : taus)
        {
            studies.push_back({"count", tau, RunSpec{"count-" + Num(tau)}});
        }
        for (double t : intervals)
        {
            studies.push_back({"time", t, RunSpec{"time-" + Num(t) + "us"}});
        }
        for (double q : quotas)
        {
            studies.push_back({"pure-polling-quota",
                               q,
                               PurePolling(static_cast<uint32_t>(q), cfg.quotaPollPeriodUs)});
        }
        for (double q : quotas)
        {
            studies.push_back(
                {"napi-quota", q, Salah2007Napi(static_cast<uint32_t>(q), cfg.quotaPollPeriodUs)});
        }
        for (double t : pollPeriods)
        {
            studies.push_back({"pure-polling-period", t, PurePolling(cfg.periodQuota, t)});
        }
        for (double t : pollPeriods)
        {
            studies.push_back({"napi-period", t, Salah2007Napi(cfg.periodQuota, t)});
        }
        std::string path = cfg.out + "/fig11_sim.csv";
        std::ofstream csv = OpenCsv(path,
                                    "family,parameter,load_kpps,replication,throughput_kpps,"
                                    "cpu_availability,latency_mean_us");
        uint32_t done = 0;
        uint32_t total = studies.size() * fig11Loads.size();
        for (const auto& study : studies)
        {
            Sweep(
                study.family + " " + Num(study.parameter),
                study.spec,
                fig11Loads,
                runner,
                cfg,
                [&](double kpps, uint32_t rep, const PointResult& r) {
                    csv << study.family << "," << Num(study.parameter) << "," << Num(kpps) << ","
                        << rep << "," << std::setprecision(6) << r.throughputKpps << ","
                        << r.availability << "," << Csv(r.latencyMeanUs) << "\n"
                        << std::flush;
                },
                done,
                total,
                "fig11");
        }
        std::cout << "wrote " << path << "\n";
    }
    std::cout << std::setprecision(1) << "done: " << runner.GetSimulated() << " runs simulated, "
              << runner.GetReused() << " reused, " << runner.Elapsed() << " s\n";
    return 0;
}
