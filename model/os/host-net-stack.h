/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_NET_STACK_H
#define HOST_NET_STACK_H

#include "host-socket-costs.h"
#include "host-tcp-timers.h"
#include "softnet-data.h"
#include "tcp-push-marker.h"

#include "ns3/data-rate.h"
#include "ns3/host-cpu.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"

#include <string>
#include <vector>

namespace ns3
{

class Node;
class RpsBacklog;
class RxMode;
class Socket;
class SoftnetData;

/**
 * @ingroup hostnet
 * @brief The kernel network stack's per-core receive state of a node: the NET_RX softirq
 * (softnet_data: poll list, netdev_budget, ksoftirqd hand-off) and the RPS backlog of each
 * core, with the net.core sysctls that configure them as attributes.
 *
 * One per node, aggregated to it (GetOrCreate), beside the node's HostCpu, whose cores run
 * the work. SoftnetData and RpsBacklog of a core are created on first use.
 */
class HostNetStack : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HostNetStack();
    ~HostNetStack() override;

    /**
     * @brief The node's stack, created (and aggregated, with the node's HostCpu) on first use.
     * @param node the node
     * @return its stack
     */
    static Ptr<HostNetStack> GetOrCreate(Ptr<Node> node);

    /**
     * @brief Set the Linux version whose softirq rules the host follows.
     * @param version "major.minor" or "major.minor.patch", 2.6 or later (aborts otherwise,
     *        naming the value)
     */
    void SetKernelVersion(std::string version);

    /**
     * @brief Read a Linux version and its softirq rules.
     * @param version "major.minor" or "major.minor.patch"
     * @param[out] rules the version's rules (set only on success)
     * @return true if @p version is a Linux version from 2.6 on
     */
    static bool ParseKernelVersion(const std::string& version, SoftirqRules* rules);

    /** @return the KernelVersion attribute */
    std::string GetKernelVersion() const;

    /** @return the softirq hand-off rules of KernelVersion */
    SoftirqRules GetSoftirqRules() const;

    /**
     * @brief The NET_RX softirq state of a core (created on first use): the poll list and
     * budget shared by the NAPI contexts served on that core.
     * @param core the core
     * @return its SoftnetData
     */
    Ptr<SoftnetData> GetSoftnet(uint32_t core);

    /**
     * @brief The RPS/RFS input packet queue of a core (created on first use), served by
     * that core's NET_RX softirq.
     * @param core the core
     * @return its RpsBacklog
     */
    Ptr<RpsBacklog> GetBacklog(uint32_t core);

    /**
     * @brief Where the kernel code that runs now runs on the node's behalf: a task's system
     * call (sendmsg, recvmsg) or a core's NET_RX softirq delivering a packet up the stack.
     *
     * The transmit path charges a send to it (an application's write to its task; a send
     * triggered by a received ACK to the softirq of the core that processes the ACK), and
     * a reader learns from it on which core its data were processed.
     */
    struct ExecContext
    {
        /// The kind of context.
        enum Kind : uint8_t
        {
            NONE,   ///< outside both (a timer, a qdisc restart, the PHY)
            TASK,   ///< a task's system call: id is its HostCpu::TaskId
            SOFTIRQ ///< NET_RX softirq: id is the core
        };

        Kind kind{NONE}; ///< the kind
        uint32_t id{0};  ///< the task or the core
    };

    /**
     * @brief The one way to enter a context: for the lifetime of the object (synchronous
     * code: a hand-off to the stack, a system call), restoring the previous context when it
     * ends. ns-3's send path (Socket, TCP, IP, NetDevice::Send) has no parameter that could
     * carry it, and TCP's ACKs carry no packet of the caller, so the context is the node's,
     * scoped, as ns-3's own Simulator::GetContext is the simulator's.
     */
    class ContextScope
    {
      public:
        /// How the context is entered.
        enum Entry : uint8_t
        {
            PLAIN,  ///< for the scope only
            SYSCALL ///< a system call: also for the work ns-3 defers to the next time step
        };

        /**
         * @param stack the node's stack
         * @param context the context that runs from now on
         * @param entry PLAIN, or SYSCALL: ns-3's TcpSocketBase::Send transmits in an event
         *        one time step later (to gather writes), where Linux transmits inside
         *        sendmsg, so code that runs outside any context until then belongs to it
         */
        ContextScope(HostNetStack& stack, ExecContext context, Entry entry = PLAIN)
            : m_stack(stack),
              m_previous(entry == SYSCALL ? stack.SetSyscallContext(context)
                                          : stack.SetExecContext(context))
        {
        }

        ~ContextScope()
        {
            m_stack.SetExecContext(m_previous);
        }

        ContextScope(const ContextScope&) = delete;
        ContextScope& operator=(const ContextScope&) = delete;

      private:
        HostNetStack& m_stack;  ///< the stack
        ExecContext m_previous; ///< what ran before the scope
    };

    /** @return the context that runs now */
    ExecContext GetExecContext() const;

    /** @return the socket costs of the node's applications (the SocketCosts attribute) */
    Ptr<HostSocketCosts> GetSocketCosts() const
    {
        return m_socketCosts;
    }

    /** @return where the node's TCP sets PSH (the PushMarker attribute) */
    Ptr<TcpPushMarker> GetPushMarker() const
    {
        return m_pushMarker;
    }

    /** @return the TCP timers given to the node's sockets (the TcpTimers attribute) */
    Ptr<HostTcpTimers> GetTcpTimers() const
    {
        return m_tcpTimers;
    }

    /**
     * @brief The NAPI context (receive mode of a device queue) whose frame the stack is
     * delivering now: the skb->napi_id that sk_mark_napi_id copies to the receiving socket
     * (sk->sk_napi_id), so that busy polling can poll the queue that feeds the socket.
     * HostNetQueue sets it around each delivery; delivery up the ns-3 stack is synchronous.
     * @param mode the delivering context, or nullptr after the delivery
     * @return the previous value (to restore)
     */
    RxMode* SetDeliveringContext(RxMode* mode);

    /**
     * @return the context delivering now (valid only inside a socket's receive callback
     * during a delivery), or nullptr
     */
    RxMode* GetDeliveringContext() const;

    /**
     * @brief Register a receive queue of one of the node's devices (HostNetDevice does, when
     * it makes its queues): what applications ask of the node's receive path is answered
     * here, so that they need not walk the devices.
     * @param mode the queue's receive mode (its NAPI context in NAPI modes)
     * @param offerProbe the queue's moderation's InterruptModeration::OfferUtilizationProbe
     */
    void AddRxQueue(Ptr<RxMode> mode, Callback<bool, Callback<double>> offerProbe);

    /**
     * @return whether a registered queue's receive mode is a NAPI context that busy polling
     * can poll (RxMode::BUSY_POLL)
     */
    bool HasBusyPollContext() const;

    /**
     * @brief Offer the socket buffer utilisation probe to every registered queue's
     * moderation (Chang et al. 2008's buffer-adaptive moderation samples it).
     * @param probe the probe (the receiving application's peak utilisation)
     * @return whether a moderation took it
     */
    bool OfferUtilizationProbe(Callback<double> probe);

    /**
     * @brief What the node's HostNetDevices do to a packet of several merged segments (GRO,
     * LRO) before the stack sees it: HostNetFlowProbe::Install sets MergedSegmentsTag::Collect,
     * which hands the segments' FlowMonitor tags to the probe. Without a probe, the first
     * device set up on the node sets HostNetFlowProbe::WatchUncounted's check.
     * @param hook returns the packet to hand up (a null callback: the packet unchanged)
     */
    void SetMergedPacketHook(Callback<Ptr<const Packet>, Ptr<const Packet>> hook);

    /** @return whether a merged-packet hook is set */
    bool HasMergedPacketHook() const;

    /**
     * @brief A device hands a merged packet up: the hook's packet (the same one without hook).
     * @param merged a packet of several segments
     * @return the packet to hand up
     */
    Ptr<const Packet> MergedPacket(Ptr<const Packet> merged)
    {
        return m_mergedPacketHook.IsNull() ? merged : m_mergedPacketHook(merged);
    }

    /**
     * @brief Give a socket of this node the node's TCP timers (HostTcpTimers: DelAckTimeout
     * and MinRto, when set) and its PSH marking (TcpPushMarker).
     * hostnet's applications call it on the sockets they create (accepted sockets inherit
     * from their listener); other sockets get it from ConfigureTcpSockets. Non-TCP sockets
     * are left alone.
     * @param socket the socket
     */
    void ConfigureSocket(Ptr<Socket> socket) const;

    /**
     * @brief ConfigureSocket on every TCP socket the node has now (TcpL4Protocol's
     * SocketList): for sockets of applications that are not hostnet's (BulkSend,
     * PacketSink), e.g. from an event just after they start.
     * @return the number of sockets configured
     */
    uint32_t ConfigureTcpSockets() const;

    /**
     * @brief ConfigureSocket with the stack of the socket's node, if it has one.
     * @param node the node
     * @param socket the socket
     */
    static void ConfigureNodeSocket(Ptr<Node> node, Ptr<Socket> socket);

  protected:
    void DoDispose() override;

  private:
    /**
     * @param context the context that runs from now on (ContextScope)
     * @return the previous context
     */
    ExecContext SetExecContext(ExecContext context);

    /**
     * @param context a system call's context, also for the next time step (ContextScope)
     * @return the previous context
     */
    ExecContext SetSyscallContext(ExecContext context);

    Ptr<HostCpu> m_cpu;                      ///< the node's CPU
    std::vector<Ptr<SoftnetData>> m_softnet; ///< NET_RX state per core (null: not created)
    uint32_t m_netdevBudget{300};            ///< net.core.netdev_budget (attribute)
    Time m_netdevBudgetTime;                 ///< net.core.netdev_budget_usecs (attribute)
    uint32_t m_maxSoftirqRestarts{10};       ///< MAX_SOFTIRQ_RESTART (attribute)
    Time m_maxSoftirqTime;                   ///< MAX_SOFTIRQ_TIME (attribute)
    std::string m_kernelVersion{"6.6"};      ///< Linux version (attribute)
    SoftirqRules m_softirqRules{SoftirqRules::LINUX_6_5}; ///< its softirq hand-off rules
    std::vector<Ptr<RpsBacklog>> m_backlog; ///< RPS backlog per core (null: not created)
    uint32_t m_netdevMaxBacklog{1000};      ///< net.core.netdev_max_backlog (attribute)
    uint32_t m_devWeight{64};               ///< net.core.dev_weight (attribute)
    Time m_ipiCost;                         ///< IPI handler cost (attribute)
    ExecContext m_context;                  ///< what runs now (SetExecContext)
    ExecContext m_deferred;                 ///< context of ns-3's deferred sends
    Time m_deferredUntil{-1};               ///< until when m_deferred holds
    RxMode* m_delivering{nullptr};          ///< the context delivering now (not owned)
    std::vector<Ptr<RxMode>> m_rxModes;     ///< the node's receive queues' modes
    std::vector<Callback<bool, Callback<double>>> m_probeOffers; ///< their moderations' offers
    Callback<Ptr<const Packet>, Ptr<const Packet>> m_mergedPacketHook; ///< see the setter
    Ptr<HostSocketCosts> m_socketCosts; ///< applications' socket costs (attribute)
    Ptr<HostTcpTimers> m_tcpTimers;     ///< TCP timers of the sockets (attribute)
    Ptr<TcpPushMarker> m_pushMarker;    ///< PSH of the sockets (attribute)
    Ptr<Node> m_node;                   ///< the node (set by GetOrCreate)
};

} // namespace ns3

#endif // HOST_NET_STACK_H
