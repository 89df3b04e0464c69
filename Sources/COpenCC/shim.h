#include <opencc/opencc.h>
