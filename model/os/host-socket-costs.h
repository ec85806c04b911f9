/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_SOCKET_COSTS_H
#define HOST_SOCKET_COSTS_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief What a read or write system call costs the node's applications: the socket costs
 * a HostSinkApplication or HostBulkSendApplication uses where its own attribute is 0. The
 * HostNetStack's SocketCosts attribute.
 *
 * Config path: /NodeList/[i]/$ns3::HostNetStack/SocketCosts/[attribute].
 */
class HostSocketCosts : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /** @return SyscallCost: CPU time of one read or write system call */
    Time GetSyscallCost() const
    {
        return m_syscallCost;
    }

    /** @return RecvCopyRate: kernel-to-user copy rate (0: none) */
    DataRate GetRecvCopyRate() const
    {
        return m_recvCopyRate;
    }

    /** @return SendCopyRate: user-to-kernel copy rate (0: none) */
    DataRate GetSendCopyRate() const
    {
        return m_sendCopyRate;
    }

    /** @return ReadSize: bytes per TCP read */
    uint32_t GetReadSize() const
    {
        return m_readSize;
    }

    /** @return WriteSize: bytes per TCP write */
    uint32_t GetWriteSize() const
    {
        return m_writeSize;
    }

    /** @return SkbFreeCost: reader's CPU time per packet consumed */
    Time GetSkbFreeCost() const
    {
        return m_skbFreeCost;
    }

    /** @return SocketLockCost: reader's CPU time per packet delivered by another core */
    Time GetSocketLockCost() const
    {
        return m_socketLockCost;
    }

  private:
    Time m_syscallCost;           ///< per system call (attribute)
    DataRate m_recvCopyRate{0};   ///< recvmsg copy (attribute)
    DataRate m_sendCopyRate{0};   ///< sendmsg copy (attribute)
    uint32_t m_readSize{1448};    ///< bytes per read (attribute)
    uint32_t m_writeSize{131072}; ///< bytes per write (attribute)
    Time m_skbFreeCost;           ///< per packet read (attribute)
    Time m_socketLockCost;        ///< per packet from another core (attribute)
};

} // namespace ns3

#endif // HOST_SOCKET_COSTS_H
