/* librime calls its int `Bool`, which would hide Swift's Bool in any module importing it. */
#define Bool RimeBool
#include <rime_api.h>
#undef Bool
