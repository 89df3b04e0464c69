#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

#include "CShims.h"

int stackboard_file_defining(const char *symbol, char *buffer, int size)
{
	void *address = dlsym(RTLD_DEFAULT, symbol);
	Dl_info info;
	if (!address || size <= 0 || !dladdr(address, &info) || !info.dli_fname)
		return -1;
	size_t n = strlen(info.dli_fname);
	if (n >= (size_t)size)
		return -1;
	memcpy(buffer, info.dli_fname, n + 1);
	return (int)n;
}
