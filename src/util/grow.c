/* grow: the room NSQ_GROW grows an array to (grow.h). */
#include "nsysql/util/grow.h"

#include <stdint.h>

size_t nsq_grow_room(size_t cap, size_t need, size_t size)
{
    size_t room = !cap ? need : cap < SIZE_MAX / 3 * 2 - 1 ? cap + cap / 2 + 1 : SIZE_MAX;
    if (room < need)
        room = need;
    if (size && room > SIZE_MAX / size) {
        if (need > SIZE_MAX / size)
            nsq_oom();
        room = SIZE_MAX / size;
    }
    return room;
}

void nsq_grow_overflow(void)
{
    nsq_oom();
}
