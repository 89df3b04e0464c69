#include <malloc.h>

#include "CShims.h"

void stackboard_malloc_one_arena(void)
{
	mallopt(M_ARENA_MAX, 1);
}

void stackboard_malloc_trim(void)
{
	malloc_trim(0);
}
