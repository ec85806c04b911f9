"""An independent discrete-event model of the papers' per-packet interrupt coalescing.

Salah et al. 2007 (Sec. 3.5): "In count-based IC mode, the NIC generates an interrupt when a
predefined number of packets (denoted by tau) has been received. In time-based IC mode, the
NIC waits a predefined time period (denoted by T) before it generates an interrupt." With
the per-packet (pre-NAPI) receive path of their Sec. 3 (normal interruption): Poisson
arrivals at rate lambda; the interrupt is raised after the tau-th frame since the last
interrupt (count), or T after the first frame since the last interrupt (time); the ISR
(exponential, mean 1/r) preempts protocol processing (preempt-resume), an interrupt raised
while it runs is absorbed by it, and at its end it moves every frame in host memory to the
backlog of B packets (counting the one in processing) and clears the coalescing state;
protocol processing (exponential, mean 1/mu) serves the backlog one packet at a time.
Latency runs from host memory to the end of protocol processing, as hostnet-livelock's.

Written apart from the C++ model (plain Python, one event list) so that the two can check
each other; nothing here is shared with hostnet.
"""

import collections
import math
import random


def mean_latency_us(lam, tau=None, interval=None, isr=3.73e-6, proto=5.34e-6, buffer=1024,
                    duration=0.5, warmup=0.05, seed=1):
    """Mean latency (us) and its sample count for one replication; exactly one of tau
    (count-based) and interval (time-based, seconds) is given."""
    if (tau is None) == (interval is None):
        raise ValueError("give exactly one of tau and interval")
    rng = random.Random(seed)
    inf = math.inf
    now = 0.0
    next_arrival = rng.expovariate(lam)
    ring = []          # arrival times of frames in host memory, not yet taken by the ISR
    count = 0          # frames since the last interrupt (count-based)
    timer = inf        # expiry of the coalescing timer (time-based)
    isr_end = inf
    proc_end = inf
    remaining = None   # protocol time left of a packet preempted by the ISR
    current = None     # arrival time of the packet in protocol processing
    backlog = collections.deque()
    total, n = 0.0, 0

    def start_next():
        nonlocal proc_end, current
        if current is None and backlog:
            current = backlog.popleft()
            proc_end = now + rng.expovariate(1 / proto)

    def raise_interrupt():
        nonlocal isr_end, proc_end, remaining
        if isr_end < inf:
            return  # absorbed by the running ISR
        isr_end = now + rng.expovariate(1 / isr)
        if proc_end < inf:
            remaining, proc_end = proc_end - now, inf

    while True:
        now = min(next_arrival, timer, isr_end, proc_end)
        if now > duration:
            break
        if now == next_arrival:
            next_arrival = now + rng.expovariate(lam)
            ring.append(now)
            if tau is not None:
                count += 1
                if count >= tau:
                    count = 0
                    raise_interrupt()
            elif timer == inf:
                timer = now + interval
        elif now == timer:
            timer = inf
            raise_interrupt()
        elif now == isr_end:
            isr_end = inf
            for arrival in ring:
                if len(backlog) + (current is not None) < buffer:
                    backlog.append(arrival)
            ring, count, timer = [], 0, inf
            if remaining is not None:
                proc_end, remaining = now + remaining, None
            else:
                start_next()
        else:
            if current >= warmup:
                total += now - current
                n += 1
            current, proc_end = None, inf
            start_next()
    return (total / n * 1e6 if n else math.nan), n
