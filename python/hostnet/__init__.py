"""Python access to the hostnet ns-3 module through the ns-3 cppyy bindings.

The first use of ``hostnet.ns`` (or :func:`load`) loads the ns-3 modules hostnet and its
examples use (:data:`NS3_MODULES`: core, network, internet, point-to-point, csma, bridge,
applications, flow-monitor, traffic-control, stats) from the official ``ns3`` wheel, then
hostnet's three libraries (``hostnet``: the host path; ``hostnet-apps``: the applications;
``hostnet-scenarios``: the scenarios, routing and MPI helpers) and their headers, and the
validation library (the papers' analytic models and estimators) when it was built, into
cppyy. ``ns`` is ``cppyy.gbl.ns3``, the
object ``from ns import ns`` gives, so every hostnet class is reachable from it like any
ns-3 class::

    import hostnet
    from hostnet import ns

    helper = ns.HostNetDeviceHelper()
    helper.SetScheme("napi")
    cliff = ns.InterruptAnalysis.CliffPoint(1 / 5.34e-6, 1 / 3.73e-6)   # ~127e3 pkt/s

A name from another ns-3 module (``ns.YansWifiPhyHelper``) loads all the others on first
use, by the wheel's own loader, and is then found as usual (a misspelt name costs that
load once, then raises AttributeError as before). A script that names types of
other modules only in strings (a TypeId in a Config path or an ObjectFactory) does
``from ns import ns`` itself (before or after hostnet): that loads every module.

Why the subset: cppyy parses the headers of every module it includes, and the wheel's
``from ns import ns`` includes all of them (wifi alone about 2.3 s, lte 0.9 s; the library
search and loading take another ~0.5 s). ``python -c "from hostnet import ns;
ns.HostNetDeviceHelper()"`` in the repository, median of 3 runs (2 cores, shared):

    every module (the wheel's loader)    7.8 s wall, 6.9 s user + 0.5 s sys
    NS3_MODULES                          1.8 s wall, 1.7 s user + 0.1 s sys

Of the remaining time, importing cppyy takes ~0.4 s, the core, network and internet
headers ~0.35 s each, hostnet's own headers ~0.15 s.

The libraries are looked up in ``$HOSTNET_BUILD_DIR`` (set by ``hostnet.sh``), else in
``<repository>/build``; if one is not there, loading raises ImportError.

``import hostnet`` itself loads nothing of ns-3: the study runner (:mod:`hostnet.study`,
``python -m hostnet``) and the papers' plotting scripts (validation/figures/ in the source
tree) never need ns-3 in their own process.
"""

import os
import sys
from pathlib import Path


def _version():
    """The VERSION file of the source tree (shared with CMake and pyproject.toml), else the
    installed package's metadata."""
    try:
        return (Path(__file__).resolve().parents[2] / "VERSION").read_text().strip()
    except OSError:
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("hostnet")
        except PackageNotFoundError:
            return "unknown"


__version__ = _version()

__all__ = ["ns", "load", "build_dir", "library_path", "library_paths", "stats_to_dict",
           "connect_trace", "NS3_MODULES", "LIBRARIES", "__version__"]

_LIBRARY_NAME = "libns3.44-hostnet.so"
# The module's libraries, each after the one it links: hostnet (the host path), hostnet-apps
# (the applications), hostnet-scenarios (scenarios, routing, MPI helpers).
LIBRARIES = ("hostnet", "hostnet-apps", "hostnet-scenarios")
_ns = None


def build_dir():
    """Return the hostnet build directory: $HOSTNET_BUILD_DIR, else <repository>/build."""
    env = os.environ.get("HOSTNET_BUILD_DIR")
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parents[2] / "build"


def library_path():
    """Return the path of the hostnet (host path) shared library, or raise ImportError if
    not built."""
    lib_dir = build_dir() / "lib"
    # libns3.44-hostnet.so, or the same with another version or a build profile's suffix
    # (libns3.44-hostnet-debug.so), not one of the other libraries of the module.
    others = [f"-{name}" for name in LIBRARIES[1:]] + ["-hostnet-validation"]
    candidates = [lib_dir / _LIBRARY_NAME] + sorted(
        p for p in lib_dir.glob("libns3*-hostnet*.so") if not any(o in p.name for o in others))
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise ImportError(
        f"hostnet library {_LIBRARY_NAME} not found in {lib_dir}; "
        "run `./hostnet.sh build` (or set HOSTNET_BUILD_DIR to the build directory)"
    )


def library_paths():
    """Return the paths of the module's libraries (LIBRARIES, in that order), or raise
    ImportError if one was not built."""
    lib = library_path()
    paths = [lib] + [lib.with_name(lib.name.replace("-hostnet", f"-{name}", 1))
                     for name in LIBRARIES[1:]]
    for path in paths:
        if not path.is_file():
            raise ImportError(
                f"hostnet library {path.name} not found in {path.parent}; "
                "run `./hostnet.sh build` (or set HOSTNET_BUILD_DIR to the build directory)"
            )
    return paths


def load():
    """Load ns-3 and the hostnet library into cppyy (once); return the ``ns`` namespace."""
    global _ns
    if _ns is not None:
        return _ns
    libs = library_paths()  # fail fast, before the slow ns-3 import
    lib = libs[0]
    include_dir = build_dir() / "include"
    if not (include_dir / "ns3" / "hostnet-module.h").is_file():
        raise ImportError(
            f"hostnet headers not found in {include_dir}; run `./hostnet.sh build`"
        )
    with _without_cling_noise():
        ns = _load_ns3(lib)
    import cppyy

    cppyy.add_include_path(str(include_dir))
    for library in libs:
        cppyy.load_library(str(library))
    # hostnet-module.h includes the module headers of hostnet-apps and hostnet-scenarios.
    cppyy.include("ns3/hostnet-module.h")
    _load_validation(cppyy, lib)
    # ``ns`` is cppyy.gbl.ns3, whose attributes resolve lazily: the hostnet classes are
    # now found like any ns-3 class (ns.HostNetDevice, ns.InterruptAnalysis, ...).
    _checked_helper_methods(ns)
    _ns = ns
    return _ns


def _load_validation(cppyy, hostnet_lib):
    """Load the validation library (the papers' analytic models, estimators and published
    results: ns.InterruptAnalysis, ns.DiscreteTimeBatchModel, ...) when it was built: it is
    not part of the module, but the figure scripts and the tests use it from Python."""
    lib = hostnet_lib.with_name(hostnet_lib.name.replace("-hostnet", "-hostnet-validation", 1))
    include_dir = build_dir() / "validation" / "include"
    if not (lib.is_file() and (include_dir / "ns3" / "hostnet-validation-module.h").is_file()):
        return
    cppyy.add_include_path(str(include_dir))
    cppyy.load_library(str(lib))
    cppyy.include("ns3/hostnet-validation-module.h")


# The ns-3 modules loaded with hostnet, each after the modules it needs: those hostnet's
# libraries link against (core, stats, network, traffic-control, internet, point-to-point,
# flow-monitor, applications) and those its examples and tests use from Python (bridge,
# csma; applications' BulkSendHelper, PacketSinkHelper). cppyy parses every header a module header
# includes, which is what makes the wheel's `from ns import ns` slow: it includes all ~40
# modules (wifi alone costs more than this whole list).
NS3_MODULES = ("core", "stats", "network", "bridge", "traffic-control", "internet",
               "point-to-point", "csma", "applications", "flow-monitor")

_kept_nodes = []  # see _wheel_setup: Python-owned ns3::Node proxies are never deleted
_hooked_meta = None  # the metaclass of cppyy.gbl.ns3 while _load_rest_on_miss's hook is on


def _load_ns3(hostnet_lib):
    """Load NS3_MODULES of the ns-3 wheel into cppyy as the wheel would; return cppyy.gbl.ns3.

    Falls back to the wheel's own loader (every module) when ns-3 is already loaded that way
    or when the wheel does not have the expected layout (lib64/ or lib/ with a library per
    module, named like libhostnet: libns3.44-core.so next to libns3.44-hostnet.so).
    """
    if "ns3.ns" in sys.modules:  # `from ns import ns` ran first: every module is there
        return sys.modules["ns3.ns"].ns
    libraries = _ns3_libraries(hostnet_lib)
    if libraries is None:
        return _load_all_ns3()
    import builtins

    import cppyy
    import libcppyy

    libcppyy.AddSmartPtrType("Ptr")  # as the wheel: a Ptr<T> is used like the T it holds
    cppyy.add_library_path(str(libraries[0].parent))
    cppyy.add_include_path(str(libraries[0].parent.parent / "include"))
    for module in NS3_MODULES:
        cppyy.include(f"ns3/{module}-module.h")
    for library in libraries:
        cppyy.load_library(str(library))
    ns = cppyy.gbl.ns3
    _wheel_setup(cppyy, ns)
    _load_rest_on_miss(ns)
    builtins.ns = ns  # `from ns import ns` makes ns a builtin; hostnet did so before too
    return ns


def _ns3_libraries(hostnet_lib):
    """Paths of the NS3_MODULES libraries in the ns3 wheel, or None if one is missing."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("ns3.ns")  # finds, does not run, the wheel's loader
    except ImportError:
        return None
    if spec is None or spec.origin is None:
        return None
    prefix = Path(spec.origin).resolve().parents[1]  # site-packages/ns3
    # The same version infix as the hostnet library, which was linked against these.
    stem = hostnet_lib.name.split("-hostnet")[0]  # libns3.44
    for lib_dir in (prefix / "lib64", prefix / "lib"):
        libraries = [lib_dir / f"{stem}-{module}.so" for module in NS3_MODULES]
        if all(lib.is_file() for lib in libraries):
            return libraries
    return None


def _wheel_setup(cppyy, ns):
    """What the wheel's loader adds after loading the modules (ns3/ns/__init__.py).

    The helper functions live in namespace hostnet_python, not in the global namespace as
    the wheel's do, so the wheel can still be imported later (see _load_rest_on_miss)
    without redefining them.
    """
    ns.cppyy = cppyy
    cppyy.cppdef("""
namespace hostnet_python {
bool Time_ge(ns3::Time& a, ns3::Time& b) { return a >= b; }
bool Time_eq(ns3::Time& a, ns3::Time& b) { return a == b; }
bool Time_ne(ns3::Time& a, ns3::Time& b) { return a != b; }
bool Time_le(ns3::Time& a, ns3::Time& b) { return a <= b; }
bool Time_gt(ns3::Time& a, ns3::Time& b) { return a > b; }
bool Time_lt(ns3::Time& a, ns3::Time& b) { return a < b; }
std::tuple<bool, ns3::TypeId> LookupByNameFailSafe(std::string name)
{
    ns3::TypeId id;
    bool ok = ns3::TypeId::LookupByNameFailSafe(name, &id);
    return std::make_tuple(ok, id);
}
}
""")
    helpers = cppyy.gbl.hostnet_python
    for op in ("ge", "eq", "ne", "le", "gt", "lt"):
        setattr(ns.Time, f"__{op}__", getattr(helpers, f"Time_{op}"))
    ns.LookupByNameFailSafe = helpers.LookupByNameFailSafe

    # A Node belongs to the NodeList once created; deleting it when its Python proxy goes
    # away would leave the list a dangling pointer, so proxies are kept (as the wheel does).
    def node_del(self):
        _kept_nodes.append(self)

    ns.Node.__del__ = node_del


def _load_rest_on_miss(ns):
    """Make a name missing from NS3_MODULES (ns.YansWifiPhyHelper, ...) load every ns-3 module.

    cppyy looks names up in the C++ headers parsed so far; ``ns`` is an instance of its own
    metaclass, so a ``__getattr__`` there runs only when that lookup fails. It then imports
    the wheel's loader (`from ns import ns`: every module's headers and library; those
    loaded already are skipped by their include guards and by the dynamic loader) and looks
    the name up again. Private names (``__len__``, ``_repr_html_``...: asked by Python and
    tools) never trigger it. A type used only by name in a string (a TypeId in a Config path
    or an ObjectFactory) is not seen here: import the wheel first (`from ns import ns`).
    """
    def __getattr__(scope, name):
        if name.startswith("_") or "ns3.ns" in sys.modules:  # nothing more to load
            raise AttributeError(f"<namespace cppyy.gbl.ns3> has no attribute {name!r}")
        with _without_cling_noise():
            _load_all_ns3()
        return getattr(scope, name)

    global _hooked_meta
    _hooked_meta = type(ns)
    _hooked_meta.__getattr__ = __getattr__


def _load_all_ns3():
    """Every ns-3 module, by the wheel's loader; return cppyy.gbl.ns3."""
    global _hooked_meta
    if _hooked_meta is not None:
        del _hooked_meta.__getattr__  # nothing left to load on a miss
        _hooked_meta = None
    from ns import ns  # the ns-3 wheel: loads every ns-3 module into cppyy

    return ns


class _without_cling_noise:
    """Drop cppyy's "[runStaticInitializersOnce]: Failed to materialize symbols" lines.

    Importing the ns-3 wheel's bindings makes cling (cppyy's JIT) try to run the static
    initialisers of ns-3 headers (``g_timeInitHelper`` of nstime.h) that the already loaded
    libns3 libraries have run; it fails to materialise them and says so on stderr, twice.
    Nothing is wrong (ns-3 is initialised by its libraries), so those lines are filtered out
    of the C-level stderr during the import; every other line is passed through.
    """

    def __enter__(self):
        import tempfile

        sys.stderr.flush()
        self._saved = os.dup(2)
        self._file = tempfile.TemporaryFile(mode="w+b")
        os.dup2(self._file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        sys.stderr.flush()
        os.dup2(self._saved, 2)
        os.close(self._saved)
        self._file.seek(0)
        for line in self._file.read().decode(errors="replace").splitlines(keepends=True):
            if not line.startswith("[runStaticInitializersOnce]"):
                sys.stderr.write(line)
        self._file.close()
        return False


def _as_attribute_value(ns, value):
    """A Python str/bool/int/float becomes a StringValue (parsed by the attribute's checker)."""
    if isinstance(value, bool):
        return ns.StringValue("true" if value else "false")
    if isinstance(value, (str, int, float)):
        return ns.StringValue(str(value))
    return value


def _checked_helper_methods(ns):
    """Make HostNetDeviceHelper's setters raise ValueError instead of ending the interpreter.

    In C++ the setters stop the program on a bad name or value (NS_FATAL_ERROR, as ns-3
    does); from Python that would kill the interpreter with nothing to catch. Each setter
    first asks the helper's own Check* function (the same rule and message as in C++) and
    raises ValueError with that message.
    """
    cls = ns.HostNetDeviceHelper
    if getattr(cls, "_hostnet_checked", False):
        return

    def fail(method, error):
        raise ValueError(f"HostNetDeviceHelper.{method}: {error}")

    def by_name(method, check):
        original = getattr(cls, method)

        def wrapper(self, name):
            error = check(str(name))
            if error:
                fail(method, error)
            return original(self, name)

        wrapper.__doc__ = original.__doc__
        setattr(cls, method, wrapper)

    def attribute_setter(method, type_name):
        original = getattr(cls, method)

        def wrapper(self, name, value):
            # A device attribute that moved to one of the device's parts: where it is now.
            error = str(cls.MovedDeviceAttribute(str(name))) if type_name == "ns3::HostNetDevice" else ""
            if error:
                fail(method, error)
            value = _as_attribute_value(ns, value)
            error = cls.CheckAttribute(type_name, str(name), value)
            if error:
                fail(method, error)
            return original(self, name, value)

        setattr(cls, method, wrapper)

    def factory_setter(method, base, set_type, set_attribute):
        # The C++ method is a variadic template, which cppyy cannot instantiate from a
        # wrapper: use its non-template form (type, then one attribute at a time).
        def wrapper(self, type_name, *pairs):
            error = cls.CheckTypeName(str(type_name), base)
            if error:
                fail(method, error)
            if len(pairs) % 2:
                fail(method, "attributes come as name, value pairs")
            values = []
            for name, value in zip(pairs[0::2], pairs[1::2]):
                value = _as_attribute_value(ns, value)
                error = cls.CheckAttribute(str(type_name), str(name), value)
                if error:
                    fail(method, error)
                values.append((name, value))
            getattr(self, set_type)(type_name)
            for name, value in values:
                getattr(self, set_attribute)(name, value)

        setattr(cls, method, wrapper)

    by_name("SetScheme", lambda n: str(cls.CheckScheme(n)))
    by_name("SetPreset", lambda n: str(cls.CheckPreset(n)))
    attribute_setter("SetDeviceAttribute", "ns3::HostNetDevice")
    attribute_setter("SetRxRingAttribute", "ns3::RxRing")
    attribute_setter("SetTxRingAttribute", "ns3::TxRing")
    attribute_setter("SetGroAttribute", "ns3::GroEngine")
    attribute_setter("SetStatisticsAttribute", "ns3::HostNetStatistics")
    attribute_setter("SetCostAttribute", "ns3::HostCostModel")
    attribute_setter("SetSteeringAttribute", "ns3::ReceiveSteering")
    attribute_setter("SetTxPathAttribute", "ns3::HostTxPath")
    attribute_setter("SetCpuAttribute", "ns3::HostCpu")
    attribute_setter("SetStackAttribute", "ns3::HostNetStack")
    attribute_setter("SetSocketCostAttribute", "ns3::HostSocketCosts")
    attribute_setter("SetTcpTimerAttribute", "ns3::HostTcpTimers")
    attribute_setter("SetLocalityAttribute", "ns3::CpuLocality")
    factory_setter("SetModeration", "ns3::InterruptModeration", "SetModerationType",
                   "SetModerationAttribute")
    factory_setter("SetRxMode", "ns3::RxMode", "SetRxModeType", "SetRxModeAttribute")
    factory_setter("SetGro", "ns3::GroEngine", "SetGroType", "SetGroAttribute")
    cls._hostnet_checked = True


def __getattr__(name):
    """Provide ``hostnet.ns`` (loading ns-3 on first use if the import deferred it)."""
    if name == "ns":
        return load()
    raise AttributeError(f"module 'hostnet' has no attribute {name!r}")


def _data_members(cpp_type):
    """Names of the public data members of a bound C++ class, bases first, in order."""
    import cppyy

    member = cppyy._backend.CPPDataMember

    def is_static(cls, name):
        # A static member (LatencySummary::UNDEFINED) reads on the class; a field needs an
        # instance.
        try:
            getattr(cls, name)
            return True
        except AttributeError:
            return False

    return [name for cls in reversed(cpp_type.__mro__) for name, attr in vars(cls).items()
            if isinstance(attr, member) and not name.startswith("_")
            and not is_static(cls, name)]


def stats_to_dict(stats):
    """Convert a C++ statistics struct (HostNetDeviceStats, HostCpuStats, LatencySummary,
    InterruptAnalysisResult, ...) into a plain dict, recursively, in declaration order.

    Numbers stay int/float, nested structs become dicts, other iterable C++ objects
    (std::vector) lists and any other C++ object its string form, so the result can be
    printed or dumped as JSON.
    """
    import cppyy

    if not isinstance(stats, cppyy._backend.CPPInstance):
        raise TypeError(f"stats_to_dict: expected a C++ struct, got {type(stats).__name__}")
    return {name: _to_plain(getattr(stats, name)) for name in _data_members(type(stats))}


def _to_plain(value):
    """Turn one C++ member value into a plain Python value."""
    import cppyy

    if not isinstance(value, cppyy._backend.CPPInstance):
        return value  # cppyy already converted builtin types (int, float, bool, str)
    if _data_members(type(value)):
        return stats_to_dict(value)
    try:
        return [_to_plain(v) for v in value]
    except TypeError:
        return str(value)


_trace_adapters = {}  # (argument types, with context) -> C++ adapter class
_trace_sinks = []  # adapters in use: alive as long as the simulation may call them


def _trace_adapter_class(arg_types, with_context):
    """Define (once per signature) a C++ class whose member function has the trace source's
    signature and calls a Python function.

    cppyy turns a Python function into a std::function, but not into the ns3::Callback that
    Config::Connect wants, and a std::string argument (the context of Config::Connect)
    fails in cppyy's conversion of the call back into Python ("no type named 'char_type'").
    The adapter takes the ns-3 arguments in C++ and hands the context on as const char*.
    """
    import cppyy

    key = (tuple(arg_types), with_context)
    if key in _trace_adapters:
        return _trace_adapters[key]
    name = f"TraceAdapter{len(_trace_adapters)}"
    params = [f"{t} a{i}" for i, t in enumerate(arg_types)]
    names = [f"a{i}" for i in range(len(arg_types))]
    if with_context:
        fn_types = ["const char*"] + list(arg_types)
        call_params = ["std::string context"] + params
        call_args = ["context.c_str()"] + names
        cb_types = ["std::string"] + list(arg_types)
    else:
        fn_types, call_params, call_args, cb_types = list(arg_types), params, names, list(
            arg_types)
    cppyy.cppdef(f"""
namespace hostnet_python {{
struct {name}
{{
    std::function<void({", ".join(fn_types)})> fn;
    void Call({", ".join(call_params)}) {{ fn({", ".join(call_args)}); }}
    ns3::Callback<void{"".join(", " + t for t in cb_types)}> MakeCallback()
    {{
        return ns3::MakeCallback(&{name}::Call, this);
    }}
}};
}}
""")
    cls = getattr(cppyy.gbl.hostnet_python, name)
    _trace_adapters[key] = cls
    return cls


def connect_trace(path, function, *arg_types, context=False):
    """Connect a Python function to every trace source matching a Config path.

    ``arg_types`` are the C++ types of the trace source's arguments, as in its
    TracedCallback (``--PrintAttributes``/the docs list them), e.g. for
    HostNetDevice::Delivered ``"ns3::Ptr<const ns3::Packet>", "ns3::Time"``. With
    ``context=True`` the function gets the matched path (a str) first, as Config::Connect
    gives it; else Config::ConnectWithoutContext is used. Returns the number of trace
    sources connected (0 means the path matched nothing: check it). Example::

        def delivered(context, packet, latency):
            print(context, packet.GetSize(), latency.GetMicroSeconds())

        hostnet.connect_trace("/NodeList/*/DeviceList/*/$ns3::HostNetDevice/Delivered",
                              delivered, "ns3::Ptr<const ns3::Packet>", "ns3::Time",
                              context=True)
    """
    ns = load()
    adapter = _trace_adapter_class(arg_types, context)()
    if context:
        adapter.fn = lambda ctx, *args: function(
            ctx.decode() if isinstance(ctx, bytes) else str(ctx), *args)
    else:
        adapter.fn = function
    _trace_sinks.append(adapter)
    # The objects that own the trace source: everything before its name.
    owners = ns.Config.LookupMatches(path.rsplit("/", 1)[0]).GetN()
    connect = ns.Config.ConnectFailSafe if context else ns.Config.ConnectWithoutContextFailSafe
    if owners == 0 or not connect(path, adapter.MakeCallback()):
        return 0
    return owners
