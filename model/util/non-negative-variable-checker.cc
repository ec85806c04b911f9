/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "non-negative-variable-checker.h"

#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

namespace
{

/// A RandomVariableStream pointer that is not a negative constant (ns-3's PointerChecker
/// for RandomVariableStream, whose members are private, plus that check).
class NonNegativeVariableChecker : public PointerChecker
{
  public:
    bool Check(const AttributeValue& value) const override
    {
        auto pointer = dynamic_cast<const PointerValue*>(&value);
        if (!pointer)
        {
            return false;
        }
        if (!pointer->GetObject())
        {
            return true; // a null pointer is a valid value, as for PointerChecker
        }
        if (!dynamic_cast<RandomVariableStream*>(PeekPointer(pointer->GetObject())))
        {
            return false;
        }
        auto constant = DynamicCast<ConstantRandomVariable>(pointer->GetObject());
        return !constant || constant->GetConstant() >= 0;
    }

    std::string GetValueTypeName() const override
    {
        return "ns3::PointerValue";
    }

    bool HasUnderlyingTypeInformation() const override
    {
        return true;
    }

    std::string GetUnderlyingTypeInformation() const override
    {
        return "ns3::Ptr< ns3::RandomVariableStream > that is not a negative constant (a "
               "ConstantRandomVariable needs Constant >= 0; a negative sample of another "
               "distribution counts as 0)";
    }

    Ptr<AttributeValue> Create() const override
    {
        return ns3::Create<PointerValue>();
    }

    bool Copy(const AttributeValue& source, AttributeValue& destination) const override
    {
        auto src = dynamic_cast<const PointerValue*>(&source);
        auto dst = dynamic_cast<PointerValue*>(&destination);
        if (!src || !dst)
        {
            return false;
        }
        *dst = *src;
        return true;
    }

    TypeId GetPointeeTypeId() const override
    {
        return RandomVariableStream::GetTypeId();
    }
};

} // namespace

Ptr<const AttributeChecker>
MakeNonNegativeVariableChecker()
{
    return Create<NonNegativeVariableChecker>();
}

} // namespace ns3
