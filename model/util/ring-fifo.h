/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RING_FIFO_H
#define RING_FIFO_H

#include "ns3/assert.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief A FIFO in a circular array that grows by doubling and never shrinks.
 *
 * The queues on the per-packet path (ring FIFO and write-back queue, Tx ring, CPU work
 * queues) pass every packet through. std::deque allocates a chunk each time its tail
 * crosses a chunk boundary and frees one each time its head does, so a steady flow costs
 * a heap allocation every few packets; this FIFO allocates only while it grows to the
 * largest occupancy it has seen. A popped slot is reset to T() at once, so what it held
 * (a packet, a callback) is released as with std::deque.
 *
 * @tparam T the element type (default-constructible and move-assignable)
 */
template <typename T>
class RingFifo
{
  public:
    /** @return true if the FIFO holds nothing */
    bool empty() const
    {
        return m_size == 0;
    }

    /** @return the number of elements */
    std::size_t size() const
    {
        return m_size;
    }

    /** @return the oldest element (the FIFO must not be empty) */
    T& front()
    {
        NS_ASSERT(m_size > 0);
        return m_slots[m_head];
    }

    /** @return the oldest element (the FIFO must not be empty) */
    const T& front() const
    {
        NS_ASSERT(m_size > 0);
        return m_slots[m_head];
    }

    /**
     * @brief Element @p i, counted from the oldest.
     * @param i the index (< size())
     * @return the element
     */
    T& operator[](std::size_t i)
    {
        NS_ASSERT(i < m_size);
        return m_slots[(m_head + i) & (m_slots.size() - 1)];
    }

    /**
     * @brief Element @p i, counted from the oldest.
     * @param i the index (< size())
     * @return the element
     */
    const T& operator[](std::size_t i) const
    {
        NS_ASSERT(i < m_size);
        return m_slots[(m_head + i) & (m_slots.size() - 1)];
    }

    /**
     * @brief Append an element.
     * @param value the element
     */
    void push_back(T&& value)
    {
        if (m_size == m_slots.size())
        {
            Grow();
        }
        m_slots[(m_head + m_size) & (m_slots.size() - 1)] = std::move(value);
        ++m_size;
    }

    /**
     * @brief Append a copy of an element.
     * @param value the element
     */
    void push_back(const T& value)
    {
        push_back(T(value));
    }

    /** @brief Remove the oldest element (the FIFO must not be empty). */
    void pop_front()
    {
        NS_ASSERT(m_size > 0);
        m_slots[m_head] = T();
        m_head = (m_head + 1) & (m_slots.size() - 1);
        --m_size;
    }

    /** @brief Remove every element (the storage is kept). */
    void clear()
    {
        while (m_size > 0)
        {
            pop_front();
        }
        m_head = 0;
    }

  private:
    /// Double the storage (at least 8 slots), moving the elements to its start in order.
    void Grow()
    {
        std::size_t capacity = m_slots.empty() ? 8 : 2 * m_slots.size();
        std::vector<T> slots(capacity);
        for (std::size_t i = 0; i < m_size; ++i)
        {
            slots[i] = std::move((*this)[i]);
        }
        m_slots = std::move(slots);
        m_head = 0;
    }

    std::vector<T> m_slots; ///< the circular storage; its size is 0 or a power of 2
    std::size_t m_head{0};  ///< index of the oldest element
    std::size_t m_size{0};  ///< number of elements
};

} // namespace ns3

#endif // RING_FIFO_H
