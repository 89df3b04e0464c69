/* A switch box for the tests: a master device of its own and presses of its XTEST slaves.
 *   switchbox add NAME                 adds the master NAME (NAME pointer, NAME keyboard and
 *                                      their NAME XTEST pointer and NAME XTEST keyboard slaves)
 *   switchbox focus MASTER WINDOW      gives master keyboard MASTER the focus WINDOW (decimal)
 *   switchbox key DEVICE KEYSYM press|release      a key of the slave DEVICE (XTest)
 *   switchbox button DEVICE N press|release        a button of the slave DEVICE (XTest)
 * Exit status 0 when the server took it, 1 otherwise (with a line on stderr). */
#include <X11/Xlib.h>
#include <X11/extensions/XInput.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed = 0;
static int onError(Display *d, XErrorEvent *e) { (void)d; fprintf(stderr, "X error %d (request %d.%d)\n", e->error_code, e->request_code, e->minor_code); failed = 1; return 0; }

static XID find(Display *d, const char *name) {
    int n = 0;
    XIDeviceInfo *info = XIQueryDevice(d, XIAllDevices, &n);
    XID id = 0;
    for (int i = 0; i < n; i++) if (strcmp(info[i].name, name) == 0) id = (XID)info[i].deviceid;
    if (info) XIFreeDeviceInfo(info);
    if (!id) { fprintf(stderr, "no device '%s'\n", name); exit(1); }
    return id;
}

int main(int argc, char **argv) {
    Display *d = XOpenDisplay(NULL);
    if (!d || argc < 3) { fprintf(stderr, "usage: switchbox add|focus|key|button ...\n"); return 1; }
    XSetErrorHandler(onError);
    int major = 2, minor = 2;
    if (XIQueryVersion(d, &major, &minor) != Success) { fprintf(stderr, "no XInput 2\n"); return 1; }
    if (strcmp(argv[1], "add") == 0) {
        XIAnyHierarchyChangeInfo change; /* the whole union: the library reads that much */
        memset(&change, 0, sizeof change);
        change.add.type = XIAddMaster;
        change.add.name = argv[2];
        change.add.send_core = True;
        change.add.enable = True;
        XIChangeHierarchy(d, &change, 1);
    } else if (strcmp(argv[1], "focus") == 0 && argc == 4) {
        XISetFocus(d, (int)find(d, argv[2]), (Window)strtoul(argv[3], NULL, 10), CurrentTime);
    } else if ((strcmp(argv[1], "key") == 0 || strcmp(argv[1], "button") == 0) && argc == 5) {
        XDevice *dev = XOpenDevice(d, find(d, argv[2]));
        if (!dev) { fprintf(stderr, "cannot open '%s'\n", argv[2]); return 1; }
        Bool press = strcmp(argv[4], "press") == 0;
        if (argv[1][0] == 'k') {
            KeyCode code = XKeysymToKeycode(d, XStringToKeysym(argv[3]));
            if (!code) { fprintf(stderr, "no key makes '%s'\n", argv[3]); return 1; }
            XTestFakeDeviceKeyEvent(d, dev, code, press, NULL, 0, CurrentTime);
        } else {
            XTestFakeDeviceButtonEvent(d, dev, (unsigned)atoi(argv[3]), press, NULL, 0, CurrentTime);
        }
    } else {
        fprintf(stderr, "usage: switchbox add|focus|key|button ...\n");
        return 1;
    }
    XSync(d, False);
    XCloseDisplay(d);
    return failed;
}
