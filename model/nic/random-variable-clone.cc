/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "random-variable-clone.h"

#include "ns3/abort.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"

namespace ns3
{

Ptr<RandomVariableStream>
CloneRandomVariable(Ptr<const RandomVariableStream> source)
{
    if (!source)
    {
        return nullptr;
    }
    if (auto constant = DynamicCast<const ConstantRandomVariable>(source))
    {
        // A constant draws no random numbers: the fork shares it (16 queues of a host would
        // otherwise keep 16 copies, each with its RngStream and an automatic stream).
        return ConstCast<ConstantRandomVariable>(constant);
    }
    TypeId tid = source->GetInstanceTypeId();
    ObjectFactory factory;
    factory.SetTypeId(tid);
    for (TypeId t = tid;; t = t.GetParent())
    {
        for (std::size_t i = 0; i < t.GetAttributeN(); ++i)
        {
            TypeId::AttributeInformation info = t.GetAttribute(i);
            if (!(info.flags & TypeId::ATTR_GET) || !(info.flags & TypeId::ATTR_SET) ||
                !info.accessor->HasGetter() || !info.accessor->HasSetter())
            {
                continue;
            }
            Ptr<AttributeValue> value = info.checker->Create();
            source->GetAttribute(info.name, *value);
            auto pointer = DynamicCast<PointerValue>(value);
            if (pointer && pointer->GetObject())
            {
                auto inner = DynamicCast<RandomVariableStream>(pointer->GetObject());
                NS_ABORT_MSG_IF(!inner,
                                "CloneRandomVariable: " << tid.GetName() << "::" << info.name
                                                        << " holds an object that is not a "
                                                           "RandomVariableStream");
                factory.Set(info.name, PointerValue(CloneRandomVariable(inner)));
            }
            else
            {
                factory.Set(info.name, *value);
            }
        }
        if (t == t.GetParent())
        {
            break;
        }
    }
    return factory.Create<RandomVariableStream>();
}

} // namespace ns3
