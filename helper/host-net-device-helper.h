/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_NET_DEVICE_HELPER_H
#define HOST_NET_DEVICE_HELPER_H

#include "ns3/gro-engine.h"
#include "ns3/host-net-device.h"
#include "ns3/net-device-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/trace-helper.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Wraps PHY devices in HostNetDevices and gives their nodes a HostCpu, a HostNetStack
 * and a PhyAddressMirror.
 *
 * Each HostNetDevice gets an RxRing, a TxRing, an InterruptModeration and an RxMode made
 * from this helper's factories (Set*Attribute, SetModeration, SetRxMode); a node that has
 * no HostCpu or HostNetStack yet gets one made from the CPU and stack factories, and its
 * Ipv4 gets a PhyAddressMirror so that neighbours' routing finds the host.
 *
 * SetScheme configures the moderation and receive mode by name: "ideal", "normal",
 * "disable-enable", "prenapi-count-<tau>", "prenapi-time-<T>us", "pure-polling",
 * "napi-salah2007", "hybrid", "prenapi-buffer-adaptive" (the papers' schemes), "napi",
 * "count-<tau>", "time-<T>us", "itr-<rate>", "e1000-dynamic", "i40e-adaptive", "net-dim"
 * and "buffer-adaptive" (Linux NAPI with a NIC moderation) (GetSchemeNames). SetPreset configures a
 * whole host by name: "e1000-1g", "i40e-10g", "mlx5-100g", "mlx5-epyc7662", "salah-2007",
 * "walravens-2006" and
 * "chang-2008" (GetPresetNames).
 *
 * @code
 * HostNetDeviceHelper host;
 * host.SetScheme("napi");                      // or SetRxMode / SetModeration by type
 * host.SetCostAttribute("IsrCost", StringValue("ns3::ConstantRandomVariable[Constant=4e-6]"));
 * NetDeviceContainer hostDevices = host.Install(p2p.Install(nodes));
 * ipv4.Assign(hostDevices);                    // the IP stack sees only the HostNetDevices
 * @endcode
 *
 * Install must run before addresses are assigned: the stack must be bound to the
 * HostNetDevice, not to the PHY.
 */
class HostNetDeviceHelper : public PcapHelperForDevice, public AsciiTraceHelperForDevice
{
  public:
    /**
     * @brief Create a helper with default HostNetDevice, RxRing, TxRing, HostCpu and
     * HostNetStack attributes, NoModeration and PerPacketRxMode (the "normal" scheme).
     */
    HostNetDeviceHelper();

    /**
     * @brief Set an attribute of every HostNetDevice created.
     * @param name attribute name
     * @param value attribute value
     */
    void SetDeviceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief The queue pairs the devices will get: NQueues as set here (SetDeviceAttribute,
     * a preset) or else its default (Config::SetDefault included). A script that builds an
     * IrqAffinity list needs it.
     * @return the number of queues
     */
    uint32_t GetNQueues() const;

    /**
     * @brief Choose the interrupt moderation scheme by type and attributes.
     * @tparam Ts attribute name/value pairs
     * @param type an ns3::InterruptModeration subclass, e.g. "ns3::RxUsecsModeration"
     * @param args attribute name/value pairs
     */
    template <typename... Ts>
    void SetModeration(const std::string& type, Ts&&... args);

    /**
     * @brief Choose the receive mode by type and attributes.
     * @tparam Ts attribute name/value pairs
     * @param type an ns3::RxMode subclass, e.g. "ns3::NapiRxMode"
     * @param args attribute name/value pairs
     */
    template <typename... Ts>
    void SetRxMode(const std::string& type, Ts&&... args);

    /**
     * @brief Choose the moderation type without attributes (the non-template form of
     * SetModeration, which bindings such as cppyy call reliably).
     * @param type an ns3::InterruptModeration subclass
     */
    void SetModerationType(const std::string& type);

    /**
     * @brief Set an attribute of the moderation chosen last.
     * @param name attribute name
     * @param value attribute value
     */
    void SetModerationAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Choose the receive mode type without attributes (non-template SetRxMode).
     * @param type an ns3::RxMode subclass
     */
    void SetRxModeType(const std::string& type);

    /**
     * @brief Set an attribute of the receive mode chosen last.
     * @param name attribute name
     * @param value attribute value
     */
    void SetRxModeAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of every RxRing created.
     * @param name attribute name
     * @param value attribute value
     */
    void SetRxRingAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of every TxRing created.
     * @param name attribute name
     * @param value attribute value
     */
    void SetTxRingAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Choose GRO by type and attributes: ns3::GroEngine (on) or ns3::NoGro (off, the
     * default).
     * @tparam Ts attribute name/value pairs
     * @param type ns3::GroEngine or ns3::NoGro
     * @param args attribute name/value pairs
     */
    template <typename... Ts>
    void SetGro(const std::string& type, Ts&&... args);

    /**
     * @brief Choose GRO without attributes (non-template SetGro).
     * @param type ns3::GroEngine (GRO on) or ns3::NoGro (off)
     */
    void SetGroType(const std::string& type);

    /**
     * @brief Set an attribute of every queue's GRO engine (ns3::GroEngine: MaxSize,
     * MaxFlows, PushBelow, ...). Accepted whatever SetGroType chose; unused while it is
     * ns3::NoGro.
     * @param name attribute name
     * @param value attribute value
     */
    void SetGroAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of every device's statistics (ns3::HostNetStatistics,
     * aggregated to the device: StageLatencies).
     * @param name attribute name
     * @param value attribute value
     */
    void SetStatisticsAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of every device's cost model (ns3::HostCostModel: IsrCost,
     * ProtocolCost, ProtocolCopyRate, TxCost, RegisterWriteCost, PollOverheadCost, GroCost,
     * GsoSegmentCost, TxByteRate).
     * @param name attribute name
     * @param value attribute value
     */
    void SetCostAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of every device's receive steering (ns3::ReceiveSteering:
     * IrqCore, IrqAffinity, RssTableSize, Mode, RpsCores, RpsEnqueueCost, RpsFlowCount).
     * @param name attribute name
     * @param value attribute value
     */
    void SetSteeringAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of every device's transmit path (ns3::HostTxPath: TsoEnabled,
     * GsoEnabled, TsoMaxSize; its TxRing is set by SetTxRingAttribute).
     * @param name attribute name
     * @param value attribute value
     */
    void SetTxPathAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the HostCpu given to nodes that have none yet.
     * @param name attribute name
     * @param value attribute value
     */
    void SetCpuAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the HostNetStack (net.core sysctls: NetdevBudget, ...)
     * given to nodes that have none yet.
     * @param name attribute name
     * @param value attribute value
     */
    void SetStackAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the HostSocketCosts of nodes given a HostNetStack
     * (SyscallCost, RecvCopyRate, SendCopyRate, ReadSize, WriteSize, SkbFreeCost,
     * SocketLockCost).
     * @param name attribute name
     * @param value attribute value
     */
    void SetSocketCostAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the HostTcpTimers of nodes given a HostNetStack
     * (DelAckTimeout, MinRto).
     * @param name attribute name
     * @param value attribute value
     */
    void SetTcpTimerAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the CpuLocality of nodes given a HostCpu (NumaNodes,
     * NicNumaNode, RemoteNumaFactor, CrossCoreCopyFactor).
     * @param name attribute name
     * @param value attribute value
     */
    void SetLocalityAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the CacheInterference of nodes given a HostCpu (RefillTime,
     * EvictionWork).
     * @param name attribute name
     * @param value attribute value
     */
    void SetInterferenceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Configure a whole host from a profile: CPU (cores, speed, scheduler), stack,
     * NIC (queues, RSS, rings, moderation, NAPI, GRO/TSO) and costs (HostProfile).
     *
     * @p name is a shipped profile (data/hosts/<name>.toml, built into the library, every
     * number with its source) or the path of a TOML profile file. The shipped ones:
     * "e1000-1g": a 1 GbE host of the 2000s, the era of the papers this module reproduces (one
     * queue, e1000 dynamic conservative ITR, 256 descriptors, NAPI 64, no GRO, TSO, the costs of
     * Salah et al. 2007 and Chang et al. 2008).
     * "i40e-10g": an Intel i40e 10/25 GbE server (8 cores and queues, adaptive ITR from
     * 50 us, 512 descriptors, RSS table 512, NAPI 64/300, GRO and TSO on). "mlx5-100g": a
     * 100 GbE ConnectX-5 server (16 cores and queues, net_dim, 1024 descriptors, RSS table
     * 256, GRO and TSO on); "mlx5-epyc7662": mlx5-100g on 8 cores and queues with the cache
     * refill between contexts, timer interrupts and a poll call's fixed cost (the memcached
     * server of Damato and Karsten 2024). The modern profiles' costs are for a 3.4 GHz core;
     * HostCpu::Speed scales them.
     * The hosts of the papers this module reproduces (doc/user-guide.rst, "Paper hosts"):
     * "salah-2007" (exponential ISR cost 1/r = 3.73 us and protocol cost 1/mu = 5.34 us, B =
     * 1024 descriptors returned one by one, frames dropped when none is free; the moderation
     * and receive mode are left to SetScheme), "walravens-2006" (Linux NAPI, constant ISR
     * 3.73 us, poll work 1.2 us per frame, 2048 descriptors in tail writes of 16, 48 KiB FIFO,
     * DMA at 4.26 Gb/s, refill 0.8 us or recycling 0.23 us) and "chang-2008" (interrupt
     * throttling, NAPI, To = 5 us, Tp = 2 us, 4096 descriptors).
     *
     * Later Set* calls override single settings. Aborts with the error (file, line, key,
     * value, what is allowed) on a profile that is unknown or wrong: CheckPreset asks first.
     * @param name a shipped profile's name (GetPresetNames) or a profile's path
     */
    void SetPreset(const std::string& name);

    /** @return the shipped profiles' names (HostProfile::GetShippedNames) */
    static std::vector<std::string> GetPresetNames();

    /**
     * @brief Configure a named scheme (NIC moderation x OS receive mode).
     *
     * The schemes of Salah et al. 2007, on the pre-NAPI per-packet path (no budget, no
     * ksoftirqd): "ideal" (no interrupt cost), "normal" (every frame interrupts),
     * "disable-enable", "prenapi-count-<tau>" (e.g. "prenapi-count-8": rx-frames tau),
     * "prenapi-time-<T>us" (e.g. "prenapi-time-50us": rx-usecs T), "pure-polling" (Q = 3,
     * T_poll = 20 us), "napi-salah2007" (their NAPI: Q = 3, next poll at the next 20 us tick),
     * "hybrid" (disable-enable below the eq. 13 switch point, pure polling above) and
     * "prenapi-buffer-adaptive" (Chang et al. 2008's socket-buffer-driven interval).
     * Linux configurations, all NAPI (weight 64, netdev_budget 300, ksoftirqd): "napi" (no
     * moderation), "count-<tau>" and "time-<T>us" (ethtool rx-frames / rx-usecs),
     * "itr-<rate>" (e.g. "itr-8000": Intel throttling at that many interrupts/s),
     * "e1000-dynamic" (e1000 dynamic ITR), "i40e-adaptive" (i40e adaptive Rx ITR, 10 Gb/s
     * divisor), "net-dim" (Linux DIM) and "buffer-adaptive" (Chang et al. 2008's interval).
     * Only the moderation and receive mode (and, for "ideal", IsrCost) are set: use one helper per
     * scheme. Unknown names stop the program with the list of known ones (CheckScheme).
     *
     * The schemes are one table in host-net-device-helper.cc, one row each (name pattern,
     * what its number may be, help text, the configuration); SetScheme, IsScheme, CheckScheme,
     * GetSchemeNames and GetSchemeHelp read it.
     * @param name the scheme name
     */
    void SetScheme(const std::string& name);

    /**
     * @brief Whether a name is a scheme SetScheme accepts (numeric parameters included).
     * @param name a scheme name
     * @return true if SetScheme accepts it
     */
    static bool IsScheme(const std::string& name);

    /** @return the scheme names SetScheme accepts ("<...>" marks a numeric parameter) */
    static std::vector<std::string> GetSchemeNames();

    /**
     * @brief What a scheme configures, in words (moderation x receive mode).
     * @param name a scheme name ("time-50us") or its pattern ("time-<T>us")
     * @return the scheme's help text, or "" if @p name is not a scheme
     */
    static std::string GetSchemeHelp(const std::string& name);

    /**
     * @brief A constant cost, as the text of a random variable attribute (IsrCost,
     * ProtocolCost, RxRing::RefillCost, HostSinkApplication::UserCost, ...).
     *
     * @code
     * host.SetCostAttribute("IsrCost",
     *                         StringValue(HostNetDeviceHelper::ConstantCost(MicroSeconds(4))));
     * @endcode
     * A cost in microseconds held in a double is Seconds(us * 1e-6): ns-3's MicroSeconds()
     * takes whole microseconds (a double argument is truncated).
     * @param value the cost
     * @return "ns3::ConstantRandomVariable[Constant=<seconds>]"
     */
    static std::string ConstantCost(Time value);

    /**
     * @brief An exponentially distributed cost, as the text of a random variable attribute.
     * @param mean the mean cost
     * @return "ns3::ExponentialRandomVariable[Mean=<seconds>]"
     */
    static std::string ExponentialCost(Time mean);

    /**
     * @brief A cost uniform between two values, as the text of a random variable attribute.
     * @param min the smallest cost
     * @param max the largest cost
     * @return "ns3::UniformRandomVariable[Min=<seconds>|Max=<seconds>]"
     */
    static std::string UniformCost(Time min, Time max);

    /**
     * @brief Check an attribute setting without applying it.
     *
     * The Set* methods stop the program on a bad setting (ns-3's way); a script that wants to
     * report the error itself (the Python bindings raise ValueError with this message) asks
     * first.
     * @param typeName the TypeId name, e.g. "ns3::HostNetDevice", "ns3::RxRing"
     * @param name the attribute name
     * @param value the value (a StringValue is parsed by the attribute's checker)
     * @return "" if the setting is valid, else a message naming the attribute, the value and
     *         what is allowed
     */
    static std::string CheckAttribute(const std::string& typeName,
                                      const std::string& name,
                                      const AttributeValue& value);

    /**
     * @brief Check the text of a global value (--RngRun=...) without setting it.
     * @param name the global value's name, e.g. "RngRun"
     * @param text the value as text
     * @return "" if valid, else a message naming the global, the value and what is allowed
     */
    static std::string CheckGlobalValue(const std::string& name, const std::string& text);

    /**
     * @brief Check a type name (e.g. for SetModerationType / SetRxModeType) without using it.
     * @param type a TypeId name
     * @param baseName the TypeId name of the required base class
     * @return "" if @p type is a constructible subclass of @p baseName, else a message listing
     *         the known ones
     */
    static std::string CheckTypeName(const std::string& type, const std::string& baseName);

    /**
     * @brief Check a scheme name without applying it.
     * @param name a scheme name
     * @return "" if SetScheme accepts it, else a message listing the known schemes (and, for a
     *         name of a known form with a number that is not allowed, what the number must be)
     */
    static std::string CheckScheme(const std::string& name);

    /**
     * @brief Check a profile (a shipped name or a path) without applying it.
     * @param name a shipped profile's name or a profile's path
     * @return "" if SetPreset accepts it, else the error: for an unknown name the shipped
     *         names; for a wrong file its name, line, key, value and what is allowed
     */
    static std::string CheckPreset(const std::string& name);

    /**
     * @brief Wrap each PHY device of a container.
     * @param phys PHY devices, already on nodes and channels
     * @return the HostNetDevices, in the same order
     */
    NetDeviceContainer Install(const NetDeviceContainer& phys) const;

    /**
     * @brief Wrap one PHY device.
     * @param phy a PHY device, already on a node and a channel
     * @return the HostNetDevice
     */
    Ptr<HostNetDevice> Install(Ptr<NetDevice> phy) const;

    /**
     * @brief Wrap a PHY device known by name (ns3::Names).
     * @param phyName the PHY's name
     * @return the HostNetDevice
     */
    Ptr<HostNetDevice> Install(const std::string& phyName) const;

    /**
     * @brief Wrap every device of a node that is neither a loopback, a bridge, a
     * HostNetDevice nor already wrapped. (Not an Install overload: Ptr<XxxNetDevice>
     * would convert to both Ptr<Node> and Ptr<NetDevice>.)
     * @param node the node
     * @return the HostNetDevices
     */
    NetDeviceContainer InstallAll(Ptr<Node> node) const;

    /**
     * @brief Where a HostNetDevice attribute that moved to one of the device's parts went.
     * @param name an attribute name
     * @return a message naming its new place, or "" if @p name did not move
     */
    static std::string MovedDeviceAttribute(const std::string& name);

    /**
     * @brief Assign fixed random variable streams to the devices of a container.
     *
     * Each device's parts in this order (HostNetDevice::AssignStreams), each part its
     * variables in the order of its attributes: HostCostModel (IsrCost, ProtocolCost, TxCost,
     * RegisterWriteCost, PollOverheadCost, GroCost, GsoSegmentCost), then per receive queue
     * its RxRing (RefillCost, RecycleCost), InterruptModeration and RxMode (PurePollingRxMode's
     * jitter), then ReceiveSteering (RpsEnqueueCost). The other parts (HostCpu and its
     * scheduler, HostNetStack, HostTxPath, TxRing) draw no random numbers. The streams are
     * then those of @p stream whatever the order of the settings, the profile that made them
     * and the checks made before (CheckAttribute, CheckPreset and HostProfile::Read take no
     * automatic stream: a random-variable value is checked with a fixed one; a Set* of a
     * random variable takes one in ns-3's ObjectFactory, whatever the order). Without
     * this call the variables take ns-3's automatic streams when Install makes them, which
     * depend on every random variable the program made before.
     * @param devices HostNetDevices (other devices are skipped)
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(const NetDeviceContainer& devices, int64_t stream) const;

  private:
    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;
    void EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                             std::string prefix,
                             Ptr<NetDevice> nd,
                             bool explicitFilename) override;

    /// Stop with a clear message unless type names a subclass of base.
    static void CheckType(const std::string& what, const std::string& type, TypeId base);

    ObjectFactory m_deviceFactory;     ///< HostNetDevice
    uint32_t m_nQueues{0};             ///< NQueues set on m_deviceFactory (0: not set)
    ObjectFactory m_moderationFactory; ///< InterruptModeration subclass
    ObjectFactory m_rxModeFactory;     ///< RxMode subclass
    ObjectFactory m_rxRingFactory;     ///< RxRing
    ObjectFactory m_groFactory;        ///< GroEngine or NoGro
    /// HostNetStatistics attributes, set on each device's own (the device makes it)
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_statisticsAttributes;
    ObjectFactory m_txRingFactory;       ///< TxRing
    ObjectFactory m_costsFactory;        ///< HostCostModel
    ObjectFactory m_steeringFactory;     ///< ReceiveSteering
    ObjectFactory m_txPathFactory;       ///< HostTxPath
    ObjectFactory m_cpuFactory;          ///< HostCpu for nodes without one
    ObjectFactory m_stackFactory;        ///< HostNetStack for nodes without one
    ObjectFactory m_socketCostsFactory;  ///< its HostSocketCosts
    ObjectFactory m_tcpTimersFactory;    ///< its HostTcpTimers
    ObjectFactory m_localityFactory;     ///< the new HostCpu's CpuLocality
    ObjectFactory m_interferenceFactory; ///< the new HostCpu's CacheInterference
};

template <typename... Ts>
void
HostNetDeviceHelper::SetModeration(const std::string& type, Ts&&... args)
{
    CheckType("moderation", type, InterruptModeration::GetTypeId());
    m_moderationFactory = ObjectFactory(type, std::forward<Ts>(args)...);
}

template <typename... Ts>
void
HostNetDeviceHelper::SetRxMode(const std::string& type, Ts&&... args)
{
    CheckType("receive mode", type, RxMode::GetTypeId());
    m_rxModeFactory = ObjectFactory(type, std::forward<Ts>(args)...);
}

template <typename... Ts>
void
HostNetDeviceHelper::SetGro(const std::string& type, Ts&&... args)
{
    CheckType("GRO", type, GroEngine::GetTypeId());
    m_groFactory = ObjectFactory(type, std::forward<Ts>(args)...);
}

} // namespace ns3

#endif // HOST_NET_DEVICE_HELPER_H
