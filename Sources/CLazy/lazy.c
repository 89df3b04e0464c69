#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lazy.h"

struct library {
	const char *soname;
	const char *package;
	const struct stackboard_lazy_table *table;
	int opened;        /* 1: open; -1: failed (error holds why) */
	char error[512];
	char file[4096];   /* stackboard_lazy_file's answer, found once */
};

static struct library libraries[] = {
	{ "libpangocairo-1.0.so.0", "libpangocairo-1.0-0", &stackboard_lazy_pango_table, 0, "", "" },
	{ "libsystemd.so.0", "libsystemd0", &stackboard_lazy_sdbus_table, 0, "", "" },
	{ "libasound.so.2", "libasound2", &stackboard_lazy_alsa_table, 0, "", "" },
	{ "librime.so.1", "librime1", &stackboard_lazy_rime_table, 0, "", "" },
	{ "libopencc.so.1.1", "libopencc1.1", &stackboard_lazy_opencc_table, 0, "", "" },
	{ "libanthy.so.1", "libanthy1", &stackboard_lazy_anthy_table, 0, "", "" },
};
static const int library_count = (int)(sizeof libraries / sizeof libraries[0]);
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct library *find(enum stackboard_lazy_library library)
{
	int i = (int)library;
	return i >= 0 && i < library_count ? &libraries[i] : NULL;
}

/* Beside the file that defines cairo (linked, so loaded): where Debian puts them all. */
static void find_file(struct library *lib)
{
	if (lib->file[0])
		return;
	Dl_info info;
	void *cairo = dlsym(RTLD_DEFAULT, "cairo_version_string");
	if (cairo && dladdr(cairo, &info) && info.dli_fname) {
		const char *slash = strrchr(info.dli_fname, '/');
		if (slash) {
			int n = snprintf(lib->file, sizeof lib->file, "%.*s/%s",
			                 (int)(slash - info.dli_fname), info.dli_fname, lib->soname);
			if (n > 0 && (size_t)n < sizeof lib->file && access(lib->file, F_OK) == 0)
				return;
		}
	}
	snprintf(lib->file, sizeof lib->file, "%s", lib->soname);
}

static int open_locked(struct library *lib)
{
	if (lib->opened)
		return lib->opened;
	find_file(lib);
	void *handle = dlopen(lib->file, RTLD_LAZY | RTLD_GLOBAL);
	if (!handle) {
		const char *why = dlerror();
		snprintf(lib->error, sizeof lib->error, "cannot load %s (%s); install the package %s",
		         lib->soname, why ? why : "not found", lib->package);
		lib->opened = -1;
		return -1;
	}
	const struct stackboard_lazy_table *t = lib->table;
	const char *name = t->names;
	for (int i = 0; i < t->count; i++, name += strlen(name) + 1) {
		void *f = dlsym(handle, name);
		if (!f) {
			snprintf(lib->error, sizeof lib->error,
			         "%s has no function %s: it is older than the one Stackboard was built with; "
			         "upgrade the package %s", lib->file, name, lib->package);
			lib->opened = -1;
			return -1;
		}
		__atomic_store_n(&t->functions[i], f, __ATOMIC_RELEASE);
	}
	lib->opened = 1;
	return 1;
}

const char *stackboard_lazy_open(enum stackboard_lazy_library library)
{
	struct library *lib = find(library);
	if (!lib)
		return "no such library";
	pthread_mutex_lock(&lock);
	int opened = open_locked(lib);
	pthread_mutex_unlock(&lock);
	/* error is written once, before opened becomes -1, and never again. */
	return opened > 0 ? NULL : lib->error;
}

const char *stackboard_lazy_file(enum stackboard_lazy_library library)
{
	struct library *lib = find(library);
	if (!lib)
		return "";
	pthread_mutex_lock(&lock);
	find_file(lib);
	pthread_mutex_unlock(&lock);
	return lib->file;
}

void stackboard_lazy_require(enum stackboard_lazy_library library)
{
	const char *error = stackboard_lazy_open(library);
	if (!error)
		return;
	/* Only a caller that did not ask stackboard_lazy_open first gets here. */
	fprintf(stderr, "stackboard: %s\n", error);
	fflush(stderr);
	_exit(70);
}
