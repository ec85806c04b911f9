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
 * Check a host profile and show what it sets: the resolved settings (bases included), each
 * with the ns-3 value it becomes, the file and line that set it and its source
 * (HostProfile::Print). `python -m hostnet profile check|show` runs it.
 *
 *   build/examples/hostnet-profile --profile=<shipped name or .toml path> [--print]
 *   build/examples/hostnet-profile --list
 *
 * Exit status: 0 when the profile is valid, 2 with the error (file:line: key, value, what
 * is allowed) when it is not.
 */

#include "hostnet-example-options.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"

#include <iostream>

using namespace ns3;
using namespace hostnet_example;

int
main(int argc, char* argv[])
{
    std::string profile;
    bool print = false;
    bool list = false;
    Options opts(__FILE__,
                 "Check a host profile (a shipped name or a .toml file) and print what it sets.");
    opts.Add("profile",
             "The profile: a shipped name or the path of a .toml file",
             profile,
             [](const std::string&) { return std::string(); }); // read below, with its error
    opts.Add("print", "Print the resolved settings (bases included) with their sources", print);
    opts.Add("list", "List the shipped profiles with their descriptions", list);
    opts.Parse(argc, argv);
    if (list)
    {
        for (const auto& name : HostProfile::GetShippedNames())
        {
            HostProfile p;
            HostProfile::Read(name, p);
            std::cout << name << ": " << p.GetDescription() << "\n";
        }
        return 0;
    }
    if (profile.empty())
    {
        opts.Refuse("--profile=<shipped name or .toml path> is needed (or --list)");
    }
    HostProfile p;
    std::string error = HostProfile::Read(profile, p);
    if (!error.empty())
    {
        std::cerr << "hostnet-profile: error: " << error << "\n";
        return 2;
    }
    if (print)
    {
        std::cout << p.Print();
    }
    else
    {
        std::cout << profile << ": valid host profile '" << p.GetName() << "' ("
                  << p.GetSettings().size() << " settings)\n";
    }
    return 0;
}
