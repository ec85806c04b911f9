"""Python access to the hostnet ns-3 module through the ns-3 cppyy bindings.

The first use of ``hostnet.ns`` (or :func:`load`) loads ns-3 (``from ns import ns``, the
official ``ns3`` wheel) and then the hostnet library and its headers into cppyy, so every
hostnet class is reachable from ``ns`` like any ns-3 class::

    import hostnet
    from hostnet import ns          # the same object as ``from ns import ns``

    helper = ns.HostNetDeviceHelper()
    helper.SetScheme("napi")
    cliff = ns.InterruptAnalysis.CliffPoint(1 / 5.34e-6, 1 / 3.73e-6)   # ~127e3 pkt/s

The library is looked up in ``$HOSTNET_BUILD_DIR`` (set by ``hostnet.sh``), else in
``<repository>/build``; if it is not there, loading raises ImportError.

Loading ns-3 takes several seconds (cppyy parses every ns-3 header), so ``import hostnet``
itself does not: the study runner (:mod:`hostnet.study`, ``python -m hostnet``) and the
plotting modules never need ns-3 in their own process.
"""

import os
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

__all__ = ["ns", "load", "build_dir", "library_path", "stats_to_dict", "connect_trace",
           "__version__"]

_LIBRARY_NAME = "libns3.44-hostnet.so"
_ns = None


def build_dir():
    """Return the hostnet build directory: $HOSTNET_BUILD_DIR, else <repository>/build."""
    env = os.environ.get("HOSTNET_BUILD_DIR")
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parents[2] / "build"


def library_path():
    """Return the path of the hostnet shared library, or raise ImportError if not built."""
    lib_dir = build_dir() / "lib"
    candidates = [lib_dir / _LIBRARY_NAME] + sorted(lib_dir.glob("libns3*-hostnet*.so"))
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise ImportError(
        f"hostnet library {_LIBRARY_NAME} not found in {lib_dir}; "
        "run `./hostnet.sh build` (or set HOSTNET_BUILD_DIR to the build directory)"
    )


def load():
    """Load ns-3 and the hostnet library into cppyy (once); return the ``ns`` namespace."""
    global _ns
    if _ns is not None:
        return _ns
    lib = library_path()  # fail fast, before the slow ns-3 import
    include_dir = build_dir() / "include"
    if not (include_dir / "ns3" / "hostnet-module.h").is_file():
        raise ImportError(
            f"hostnet headers not found in {include_dir}; run `./hostnet.sh build`"
        )
    with _without_cling_noise():
        from ns import ns  # the ns-3 wheel: loads every ns-3 module into cppyy
    import cppyy

    cppyy.add_include_path(str(include_dir))
    cppyy.load_library(str(lib))
    cppyy.include("ns3/hostnet-module.h")
    # ``ns`` is cppyy.gbl.ns3, whose attributes resolve lazily: the hostnet classes are
    # now found like any ns-3 class (ns.HostNetDevice, ns.InterruptAnalysis, ...).
    _checked_helper_methods(ns)
    _ns = ns
    return _ns


class _without_cling_noise:
    """Drop cppyy's "[runStaticInitializersOnce]: Failed to materialize symbols" lines.

    Importing the ns-3 wheel's bindings makes cling (cppyy's JIT) try to run the static
    initialisers of ns-3 headers (``g_timeInitHelper`` of nstime.h) that the already loaded
    libns3 libraries have run; it fails to materialise them and says so on stderr, twice.
    Nothing is wrong (ns-3 is initialised by its libraries), so those lines are filtered out
    of the C-level stderr during the import; every other line is passed through.
    """

    def __enter__(self):
        import sys
        import tempfile

        sys.stderr.flush()
        self._saved = os.dup(2)
        self._file = tempfile.TemporaryFile(mode="w+b")
        os.dup2(self._file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        import sys

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
    attribute_setter("SetCpuAttribute", "ns3::HostCpu")
    factory_setter("SetModeration", "ns3::InterruptModeration", "SetModerationType",
                   "SetModerationAttribute")
    factory_setter("SetRxMode", "ns3::RxMode", "SetRxModeType", "SetRxModeAttribute")
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
    return [name for cls in reversed(cpp_type.__mro__) for name, attr in vars(cls).items()
            if isinstance(attr, member) and not name.startswith("_")]


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
