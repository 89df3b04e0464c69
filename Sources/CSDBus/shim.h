// sd-bus, the D-Bus client library of libsystemd: one file descriptor, its poll events and an
// absolute CLOCK_MONOTONIC time-out, and a process step (sd_bus_get_fd/get_events/get_timeout/
// process) -- the shape of a source in Stackboard's one poll loop. Only StackboardBus imports it.
#include <systemd/sd-bus.h>
