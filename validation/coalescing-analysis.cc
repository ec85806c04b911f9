/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "coalescing-analysis.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CoalescingAnalysis");

namespace
{

/// Shorthand for +infinity.
constexpr double kInf = std::numeric_limits<double>::infinity();

/// Relative tolerance under which B_p is taken as equal to T lambda (Prop. 8).
constexpr double kBudgetTolerance = 1e-12;

/**
 * @brief Abort unless @p value is a positive finite number.
 *
 * @param value the value
 * @param name the parameter name for the message
 */
void
CheckPositive(double value, const char* name)
{
    NS_ABORT_MSG_IF(!(value > 0.0) || !std::isfinite(value),
                    "CoalescingAnalysis: " << name << " must be positive and finite, got "
                                           << value);
}

/**
 * @brief Abort unless @p value is a non-negative finite number.
 *
 * @param value the value
 * @param name the parameter name for the message
 */
void
CheckNonNegative(double value, const char* name)
{
    NS_ABORT_MSG_IF(!(value >= 0.0) || !std::isfinite(value),
                    "CoalescingAnalysis: " << name << " must be non-negative and finite, got "
                                           << value);
}

/**
 * @brief Abort unless @p value is >= @p min (+infinity allowed).
 *
 * @param value the value
 * @param min the smallest allowed value
 * @param name the parameter name for the message
 */
void
CheckAtLeast(double value, double min, const char* name)
{
    NS_ABORT_MSG_IF(!(value >= min),
                    "CoalescingAnalysis: " << name << " must be >= " << min
                                           << " (+infinity allowed), got " << value);
}

/**
 * @brief Check the cost parameters shared by most functions.
 *
 * @param Tp protocol cost
 * @param Ta application cost
 * @param To interrupt cost
 * @param Tca context switch
 */
void
CheckCosts(double Tp, double Ta, double To, double Tca)
{
    CheckNonNegative(Tp, "Tp");
    CheckNonNegative(Ta, "Ta");
    CheckNonNegative(To, "To");
    CheckNonNegative(Tca, "Tca");
}

/**
 * @brief Check eta >= 1.
 *
 * @param eta round length in intervals
 */
void
CheckEta(double eta)
{
    NS_ABORT_MSG_IF(!(eta >= 1.0) || !std::isfinite(eta),
                    "CoalescingAnalysis: eta must be finite and >= 1, got " << eta);
}

/**
 * @brief Packets the application can process in @p time seconds (0 if none is left).
 *
 * @param time CPU time left to the application after the context switch (s)
 * @param Ta application cost per packet (s)
 * @return packets (+infinity when Ta = 0 and time > 0)
 */
double
PacketsInTime(double time, double Ta)
{
    if (!(time > 0.0))
    {
        return 0.0;
    }
    return Ta > 0.0 ? time / Ta : kInf;
}

} // namespace

double
CoalescingAnalysis::Goodput(double ka, double eta, double T)
{
    NS_LOG_FUNCTION(ka << eta << T);
    CheckNonNegative(ka, "ka");
    CheckEta(eta);
    CheckPositive(T, "T");
    return ka / (eta * T);
}

double
CoalescingAnalysis::ApplicationPackets(double T,
                                       double eta,
                                       double kp,
                                       double Tp,
                                       double Ta,
                                       double To,
                                       double Tca)
{
    NS_LOG_FUNCTION(T << eta << kp << Tp << Ta << To << Tca);
    CheckPositive(T, "T");
    CheckEta(eta);
    CheckNonNegative(kp, "kp");
    CheckCosts(Tp, Ta, To, Tca);
    return std::min(PacketsInTime(eta * T - eta * To - Tca - kp * Tp, Ta), kp);
}

double
CoalescingAnalysis::Eta(double kp, double T, double Tp, double To)
{
    NS_LOG_FUNCTION(kp << T << Tp << To);
    CheckAtLeast(kp, 0.0, "kp");
    CheckPositive(T, "T");
    CheckNonNegative(Tp, "Tp");
    CheckNonNegative(To, "To");
    NS_ABORT_MSG_IF(!(T > To), "CoalescingAnalysis: T must exceed To for eq. (3), T=" << T);
    if (!std::isfinite(kp))
    {
        return Tp > 0.0 ? kInf : 1.0;
    }
    return std::floor(kp * Tp / (T - To)) + 1.0;
}

bool
CoalescingAnalysis::PositiveGoodput(double lambda, double Tp)
{
    NS_LOG_FUNCTION(lambda << Tp);
    CheckPositive(lambda, "lambda");
    CheckNonNegative(Tp, "Tp");
    return lambda * Tp < 1.0;
}

double
CoalescingAnalysis::SoftirqTimeBound(double T, double lambda, double Tp)
{
    NS_LOG_FUNCTION(T << lambda << Tp);
    CheckPositive(T, "T");
    CheckPositive(lambda, "lambda");
    CheckNonNegative(Tp, "Tp");
    const double rho = lambda * Tp;
    return rho < 1.0 ? T * rho / (1.0 - rho) : kInf;
}

bool
CoalescingAnalysis::NoNicDrop(double T, double lambda, double Tp, double Bp, double bDma)
{
    NS_LOG_FUNCTION(T << lambda << Tp << Bp << bDma);
    CheckPositive(T, "T");
    CheckPositive(lambda, "lambda");
    CheckNonNegative(Tp, "Tp");
    CheckAtLeast(Bp, 1.0, "Bp");
    CheckAtLeast(bDma, 1.0, "bDma");
    const double rho = lambda * Tp;
    if (rho >= 1.0)
    {
        return false;
    }
    return bDma > Bp && Bp > T * lambda / (1.0 - rho);
}

bool
CoalescingAnalysis::RcvBufferOverflows(double T,
                                       double lambda,
                                       double Tp,
                                       double Ta,
                                       double To,
                                       double Tca,
                                       double rcvBuffer,
                                       double packetSize)
{
    NS_LOG_FUNCTION(T << lambda << Tp << Ta << To << Tca << rcvBuffer << packetSize);
    CheckPositive(T, "T");
    CheckPositive(lambda, "lambda");
    CheckCosts(Tp, Ta, To, Tca);
    CheckPositive(packetSize, "packetSize");
    CheckAtLeast(rcvBuffer, packetSize, "rcvBuffer");
    const double te = std::max(T, 1.0 / lambda);
    const double k = te * lambda;
    const double kaTime = PacketsInTime(te - To - Tca - k * Tp, Ta);
    return kaTime < k || k * packetSize > rcvBuffer;
}

double
CoalescingAnalysis::IdleTime(double T,
                             double eta,
                             double lambda,
                             double Tp,
                             double Ta,
                             double To,
                             double Tca)
{
    NS_LOG_FUNCTION(T << eta << lambda << Tp << Ta << To << Tca);
    CheckPositive(T, "T");
    CheckEta(eta);
    CheckPositive(lambda, "lambda");
    CheckCosts(Tp, Ta, To, Tca);
    return eta * T * (1.0 - lambda * (Tp + Ta)) - eta * To - Tca;
}

bool
CoalescingAnalysis::FullGoodputCondition(double T,
                                         double eta,
                                         double lambda,
                                         double Tp,
                                         double Ta,
                                         double To,
                                         double Tca)
{
    NS_LOG_FUNCTION(T << eta << lambda << Tp << Ta << To << Tca);
    return IdleTime(T, eta, lambda, Tp, Ta, To, Tca) >= 0.0 && To + Tca + eta * T * lambda * Ta < T;
}

double
CoalescingAnalysis::CpuTimePerPacket(double T,
                                     double eta,
                                     double lambda,
                                     double Tp,
                                     double Ta,
                                     double To,
                                     double Tca)
{
    NS_LOG_FUNCTION(T << eta << lambda << Tp << Ta << To << Tca);
    CheckPositive(T, "T");
    CheckEta(eta);
    CheckPositive(lambda, "lambda");
    CheckCosts(Tp, Ta, To, Tca);
    return To / (T * lambda) + Tca / (eta * T * lambda) + Ta + Tp;
}

double
CoalescingAnalysis::EtaUpperBound(double lambda, double Tp)
{
    NS_LOG_FUNCTION(lambda << Tp);
    CheckPositive(lambda, "lambda");
    CheckNonNegative(Tp, "Tp");
    const double rho = lambda * Tp;
    if (rho >= 1.0)
    {
        return kInf;
    }
    // The relative 1e-12 keeps rounding noise in rho / (1 - rho) (e.g. 9.000000000000002 for
    // rho = 0.9) from raising the bound at the boundary values.
    return std::max(1.0, std::ceil(rho / (1.0 - rho) * (1.0 - 1e-12)));
}

double
CoalescingAnalysis::SoftirqPackets(uint32_t m, double kp0, double T, double lambda, double Tp)
{
    NS_LOG_FUNCTION(m << kp0 << T << lambda << Tp);
    CheckNonNegative(kp0, "kp0");
    CheckPositive(T, "T");
    CheckPositive(lambda, "lambda");
    CheckNonNegative(Tp, "Tp");
    const double rho = lambda * Tp;
    NS_ABORT_MSG_IF(!(rho < 1.0), "CoalescingAnalysis: Prop. 7 needs lambda Tp < 1, got " << rho);
    const double factor = -rho / (1.0 - rho);
    return T * lambda + std::pow(factor, static_cast<double>(m)) * (kp0 - T * lambda);
}

bool
CoalescingAnalysis::SingleIntervalRounds(double T, double lambda, double Tp, double To, double Bp)
{
    NS_LOG_FUNCTION(T << lambda << Tp << To << Bp);
    CheckPositive(T, "T");
    CheckPositive(lambda, "lambda");
    CheckNonNegative(Tp, "Tp");
    CheckNonNegative(To, "To");
    CheckAtLeast(Bp, 1.0, "Bp");
    const double k = T * lambda;
    const bool budgetEqual = std::abs(Bp - k) <= kBudgetTolerance * k;
    const bool prop7 = 2.0 * lambda * Tp < 1.0 && (Bp >= k || budgetEqual);
    const bool prop8 = budgetEqual && lambda * Tp < 1.0;
    return (prop7 || prop8) && To + k * Tp < T;
}

double
CoalescingAnalysis::FullGoodputThreshold(double lambda, double Tp, double Ta, double To, double Tca)
{
    NS_LOG_FUNCTION(lambda << Tp << Ta << To << Tca);
    CheckPositive(lambda, "lambda");
    CheckCosts(Tp, Ta, To, Tca);
    const double share = 1.0 - lambda * (Tp + Ta);
    return share > 0.0 ? (To + Tca) / share : kInf;
}

double
CoalescingAnalysis::GoodputSingleInterval(double T,
                                          double lambda,
                                          double Tp,
                                          double Ta,
                                          double To,
                                          double Tca)
{
    NS_LOG_FUNCTION(T << lambda << Tp << Ta << To << Tca);
    CheckPositive(T, "T");
    CheckPositive(lambda, "lambda");
    CheckCosts(Tp, Ta, To, Tca);
    const double kp = T * lambda;
    return std::min(PacketsInTime(T - To - Tca - kp * Tp, Ta), kp) / T;
}

double
CoalescingAnalysis::OptimalBudget(double T, double Tp, double Ta, double To, double Tca)
{
    NS_LOG_FUNCTION(T << Tp << Ta << To << Tca);
    CheckPositive(T, "T");
    CheckCosts(Tp, Ta, To, Tca);
    NS_ABORT_MSG_IF(!(Tp + Ta > 0.0), "CoalescingAnalysis: Tp + Ta must be positive");
    return std::max(0.0, (T - To - Tca) / (Tp + Ta));
}

double
CoalescingAnalysis::LatencyPaper(double T, double lambda, double Ta)
{
    NS_LOG_FUNCTION(T << lambda << Ta);
    CheckPositive(T, "T");
    CheckPositive(lambda, "lambda");
    CheckNonNegative(Ta, "Ta");
    return T / 2.0 + (T * lambda + 1.0) * Ta / 2.0 + 1.0 / (2.0 * lambda);
}

double
CoalescingAnalysis::Latency(double T, double lambda, double Tp, double Ta, double Tca)
{
    NS_LOG_FUNCTION(T << lambda << Tp << Ta << Tca);
    CheckPositive(T, "T");
    CheckPositive(lambda, "lambda");
    CheckNonNegative(Tp, "Tp");
    CheckNonNegative(Ta, "Ta");
    CheckNonNegative(Tca, "Tca");
    return T / 2.0 + Tp / 2.0 + Tca + (T * lambda + 1.0) * Ta / 2.0;
}

double
CoalescingAnalysis::LatencyPerPacketInterrupts(double T,
                                               double Tp,
                                               double Ta,
                                               double To,
                                               double Tca)
{
    NS_LOG_FUNCTION(T << Tp << Ta << To << Tca);
    CheckPositive(T, "T");
    CheckCosts(Tp, Ta, To, Tca);
    return T / 2.0 + To + Tp + Tca + Ta;
}

CoalescingResult
CoalescingAnalysis::Evaluate(const CoalescingParameters& p)
{
    NS_LOG_FUNCTION(p.T << p.lambda << p.Tp << p.Ta << p.To << p.Tca << p.Bp << p.bDma
                        << p.rcvBuffer << p.packetSize);
    CheckPositive(p.T, "T");
    CheckPositive(p.lambda, "lambda");
    CheckCosts(p.Tp, p.Ta, p.To, p.Tca);
    CheckAtLeast(p.Bp, 1.0, "Bp");
    CheckAtLeast(p.bDma, 1.0, "bDma");
    CheckPositive(p.packetSize, "packetSize");
    CheckAtLeast(p.rcvBuffer, p.packetSize, "rcvBuffer");

    const double lambda = p.lambda;
    const double rho = lambda * p.Tp;
    const bool perPacket = p.T < 1.0 / lambda;
    const double te = perPacket ? 1.0 / lambda : p.T;
    const double k = perPacket ? 1.0 : p.T * lambda;
    const double capacity = p.rcvBuffer / p.packetSize; // C, packets
    // Bp within a relative 1e-12 of T lambda counts as T lambda (Prop. 8).
    const double bp = std::abs(p.Bp - k) <= kBudgetTolerance * k ? k : p.Bp;
    const double kCap = rho >= 1.0 ? bp : std::min(bp, p.bDma / (1.0 - rho));

    CoalescingResult r;
    r.interruptInterval = te;

    if (k <= kCap && p.To + k * p.Tp < te)
    {
        // Arrival-limited: every arriving packet is protocol-processed, eta = 1.
        r.eta = 1.0;
        r.kp = k;
        const double kaTime = PacketsInTime(te - p.To - p.Tca - k * p.Tp, p.Ta);
        r.ka = std::min({k, capacity, kaTime});
        r.goodput = r.ka / te;
        r.nicDropRate = 0.0;
        r.rcvBufferDropRate = std::max(0.0, lambda - r.goodput);
        const bool unstable = !perPacket && 2.0 * rho >= 1.0 && k < kCap;
        if (!(r.ka > 0.0))
        {
            r.regime = CoalescingRegime::LIVELOCK;
        }
        else if (unstable)
        {
            r.regime = CoalescingRegime::UNPREDICTABLE;
        }
        else if (r.ka >= k)
        {
            r.regime = CoalescingRegime::FULL_GOODPUT;
        }
        else if (kaTime <= capacity)
        {
            r.regime = CoalescingRegime::APPLICATION_LIMITED;
        }
        else
        {
            r.regime = CoalescingRegime::RCV_BUFFER_LIMITED;
        }

        if (r.regime == CoalescingRegime::LIVELOCK)
        {
            r.latency = kInf;
        }
        else if (r.regime == CoalescingRegime::UNPREDICTABLE)
        {
            r.latency = std::numeric_limits<double>::quiet_NaN();
        }
        else if (perPacket)
        {
            r.latency = r.ka >= k ? LatencyPerPacketInterrupts(p.T, p.Tp, p.Ta, p.To, p.Tca)
                                  : capacity / r.goodput + p.T / 2.0 + p.To + p.Tp;
        }
        else
        {
            const double nBuf = r.ka >= k ? k : capacity;
            r.latency = nBuf / r.ka * te - r.ka / (2.0 * lambda) + p.Tp / 2.0 + p.Tca +
                        (r.ka + 1.0) * p.Ta / 2.0;
        }
    }
    else
    {
        // The DMA ring keeps a backlog and interrupts come every T.
        r.interruptInterval = p.T;
        r.nicDropRate = lambda;
        if (!std::isfinite(kCap) || !(p.T > p.To))
        {
            r.regime = CoalescingRegime::LIVELOCK;
            r.eta = kInf;
            r.kp = std::isfinite(kCap) ? 0.0 : kInf;
            r.ka = 0.0;
            r.goodput = 0.0;
            r.latency = kInf;
            r.cpuIdleFraction = 0.0;
            r.cpuTimePerPacket = kInf;
            NS_LOG_INFO("livelock: softirq never ends (kCap=" << kCap << ", T=" << p.T
                                                              << ", To=" << p.To << ")");
            return r;
        }
        r.kp = kCap;
        r.eta = Eta(kCap, p.T, p.Tp, p.To);
        const double kaTime = PacketsInTime(r.eta * (p.T - p.To) - p.Tca - r.kp * p.Tp, p.Ta);
        r.ka = std::min({r.kp, capacity, kaTime});
        r.goodput = r.ka / (r.eta * p.T);
        r.nicDropRate = std::max(0.0, lambda - r.kp / (r.eta * p.T));
        r.rcvBufferDropRate = std::max(0.0, (r.kp - r.ka) / (r.eta * p.T));
        if (!(r.ka > 0.0))
        {
            r.regime = CoalescingRegime::LIVELOCK;
            r.latency = kInf;
        }
        else
        {
            r.regime = CoalescingRegime::BUDGET_LIMITED;
            const bool budgetSet = rho >= 1.0 || bp <= p.bDma / (1.0 - rho);
            if (!std::isfinite(p.bDma))
            {
                r.latency = kInf;
            }
            else if (r.eta == 1.0 && r.ka >= r.kp && budgetSet)
            {
                r.latency = p.bDma / r.kp * p.T + r.kp * p.Tp + p.Tca + (r.kp + 1.0) * p.Ta / 2.0 -
                            r.kp * std::max(1.0 / lambda, p.Tp) / 2.0;
            }
            else
            {
                r.latency = std::numeric_limits<double>::quiet_NaN();
            }
        }
    }

    const double round = r.eta * r.interruptInterval;
    const double busy = r.eta * p.To + (r.ka > 0.0 ? p.Tca : 0.0) + r.kp * p.Tp + r.ka * p.Ta;
    r.cpuIdleFraction = std::max(0.0, 1.0 - busy / round);
    r.cpuTimePerPacket = r.ka > 0.0 ? busy / r.ka : kInf;
    NS_LOG_INFO("T=" << p.T << " lambda=" << lambda << ": " << RegimeName(r.regime)
                     << " G=" << r.goodput << " latency=" << r.latency << " eta=" << r.eta
                     << " kp=" << r.kp << " ka=" << r.ka);
    return r;
}

std::string
CoalescingAnalysis::RegimeName(CoalescingRegime regime)
{
    switch (regime)
    {
    case CoalescingRegime::FULL_GOODPUT:
        return "FULL_GOODPUT";
    case CoalescingRegime::APPLICATION_LIMITED:
        return "APPLICATION_LIMITED";
    case CoalescingRegime::RCV_BUFFER_LIMITED:
        return "RCV_BUFFER_LIMITED";
    case CoalescingRegime::BUDGET_LIMITED:
        return "BUDGET_LIMITED";
    case CoalescingRegime::UNPREDICTABLE:
        return "UNPREDICTABLE";
    case CoalescingRegime::LIVELOCK:
        return "LIVELOCK";
    }
    return "UNKNOWN";
}

std::ostream&
operator<<(std::ostream& os, CoalescingRegime regime)
{
    return os << CoalescingAnalysis::RegimeName(regime);
}

} // namespace ns3
