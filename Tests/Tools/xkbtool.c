/* xkbtool - keyboard state probe and control for the typing tests.
 *
 *   xkbtool state           one line: group=G locked=0xM latched=0xM base=0xM keys=K,K,...
 *                           (keys: the keycodes XQueryKeymap reports down; empty when none)
 *   xkbtool lock-group G    locks XKB group G (0-based) on the core keyboard
 *   xkbtool lock-mods M V   locks (V bits set) or unlocks the real modifiers in mask M
 *   xkbtool latch-mods M V  latches (V bits set) or unlatches the real modifiers in mask M
 *   xkbtool xtest-id        the XInput device id of the "Virtual core XTEST keyboard"
 *   xkbtool watch           runs until killed, printing one flushed line per event:
 *                             WATCHING
 *                             MAPPING <request> <first> <count>    (core MappingNotify)
 *                             XKBMAP <device> <first> <count>      (XkbMapNotify)
 *                             NEWKB <device>                       (XkbNewKeyboardNotify)
 *                             GROUP <group>                        (XkbStateNotify, group changed)
 *                             LOCKED 0x<mods>                      (XkbStateNotify, locked mods changed)
 *                             MARK <n>      (the root property _STACKBOARD_TEST_MARK set to n:
 *                                            every event sent before it has been printed)
 */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
	fprintf(stderr, "usage: xkbtool state | lock-group G | lock-mods MASK VALUE | latch-mods MASK VALUE | xtest-id | watch\n");
	return 2;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage();
	int opcode, event_base, error_base, major = XkbMajorVersion, minor = XkbMinorVersion;
	Display *dpy = XkbOpenDisplay(NULL, &event_base, &error_base, &major, &minor, NULL);
	if (!dpy) {
		fprintf(stderr, "xkbtool: cannot open display (or no XKB)\n");
		return 1;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "state")) {
		XkbStateRec st;
		XkbGetState(dpy, XkbUseCoreKbd, &st);
		char keys[32];
		XQueryKeymap(dpy, keys);
		printf("group=%d locked=0x%x latched=0x%x base=0x%x keys=", st.group, st.locked_mods,
		       st.latched_mods, st.base_mods);
		int first = 1;
		for (int kc = 0; kc < 256; kc++)
			if (keys[kc / 8] & (1 << (kc % 8))) {
				printf(first ? "%d" : ",%d", kc);
				first = 0;
			}
		printf("\n");
	} else if (!strcmp(cmd, "lock-group") && argc == 3) {
		XkbLockGroup(dpy, XkbUseCoreKbd, (unsigned)atoi(argv[2]));
		XSync(dpy, False);
	} else if (!strcmp(cmd, "lock-mods") && argc == 4) {
		XkbLockModifiers(dpy, XkbUseCoreKbd, (unsigned)strtoul(argv[2], NULL, 0),
		                 (unsigned)strtoul(argv[3], NULL, 0));
		XSync(dpy, False);
	} else if (!strcmp(cmd, "latch-mods") && argc == 4) {
		XkbLatchModifiers(dpy, XkbUseCoreKbd, (unsigned)strtoul(argv[2], NULL, 0),
		                  (unsigned)strtoul(argv[3], NULL, 0));
		XSync(dpy, False);
	} else if (!strcmp(cmd, "xtest-id")) {
		int ev, err;
		if (!XQueryExtension(dpy, "XInputExtension", &opcode, &ev, &err))
			return 1;
		int n = 0;
		XIDeviceInfo *info = XIQueryDevice(dpy, XIAllDevices, &n);
		int found = -1;
		for (int i = 0; i < n; i++)
			if (info[i].use == XISlaveKeyboard && strstr(info[i].name, "XTEST"))
				found = info[i].deviceid;
		XIFreeDeviceInfo(info);
		if (found < 0)
			return 1;
		printf("%d\n", found);
	} else if (!strcmp(cmd, "watch")) {
		XkbSelectEvents(dpy, XkbUseCoreKbd, XkbNewKeyboardNotifyMask | XkbMapNotifyMask | XkbStateNotifyMask,
		                XkbNewKeyboardNotifyMask | XkbMapNotifyMask | XkbStateNotifyMask);
		Atom mark = XInternAtom(dpy, "_STACKBOARD_TEST_MARK", False);
		XSelectInput(dpy, DefaultRootWindow(dpy), PropertyChangeMask);
		XSync(dpy, False);
		printf("WATCHING\n");
		fflush(stdout);
		for (;;) {
			XEvent e;
			XNextEvent(dpy, &e);
			if (e.type == PropertyNotify && e.xproperty.atom == mark && e.xproperty.state == PropertyNewValue) {
				Atom type;
				int format;
				unsigned long count, after;
				unsigned char *data = NULL;
				long value = -1;
				if (XGetWindowProperty(dpy, e.xproperty.window, mark, 0, 1, False, XA_CARDINAL, &type, &format,
				                       &count, &after, &data) == Success && data && format == 32 && count == 1)
					value = *(long *)data;
				if (data)
					XFree(data);
				printf("MARK %ld\n", value);
			} else if (e.type == MappingNotify) {
				printf("MAPPING %d %d %d\n", e.xmapping.request, e.xmapping.first_keycode, e.xmapping.count);
			} else if (e.type == event_base) {
				XkbEvent *x = (XkbEvent *)&e;
				switch (x->any.xkb_type) {
				case XkbMapNotify:
					printf("XKBMAP %d %d %d\n", x->map.device, x->map.first_key_sym, x->map.num_key_syms);
					break;
				case XkbNewKeyboardNotify:
					printf("NEWKB %d\n", x->new_kbd.device);
					break;
				case XkbStateNotify:
					if (x->state.changed & XkbGroupStateMask)
						printf("GROUP %d\n", x->state.group);
					if (x->state.changed & XkbModifierLockMask)
						printf("LOCKED 0x%x\n", x->state.locked_mods);
					break;
				}
			}
			fflush(stdout);
		}
	} else {
		return usage();
	}
	XCloseDisplay(dpy);
	return 0;
}
