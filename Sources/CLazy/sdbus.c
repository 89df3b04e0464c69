/* Written by scripts/lazylibs.py: do not edit. The 42 functions of this library that
 * Stackboard calls, each opening the library on first use (lazy.c); their names, one string. */
#include "lazy.h"

static const char names[] = "sd_bus_add_fallback\0sd_bus_add_match_async\0sd_bus_add_object\0sd_bus_call_async\0sd_bus_close_unref\0sd_bus_get_events\0sd_bus_get_fd\0sd_bus_get_timeout\0sd_bus_get_unique_name\0sd_bus_is_open\0sd_bus_message_append_basic\0sd_bus_message_close_container\0sd_bus_message_enter_container\0sd_bus_message_exit_container\0sd_bus_message_get_error\0sd_bus_message_get_expect_reply\0sd_bus_message_get_interface\0sd_bus_message_get_member\0sd_bus_message_get_path\0sd_bus_message_get_sender\0sd_bus_message_is_method_call\0sd_bus_message_is_method_error\0sd_bus_message_new_method_call\0sd_bus_message_new_method_error\0sd_bus_message_new_method_return\0sd_bus_message_new_signal\0sd_bus_message_open_container\0sd_bus_message_peek_type\0sd_bus_message_read_basic\0sd_bus_message_ref\0sd_bus_message_set_auto_start\0sd_bus_message_unref\0sd_bus_new\0sd_bus_process\0sd_bus_send\0sd_bus_set_address\0sd_bus_set_bus_client\0sd_bus_set_description\0sd_bus_slot_set_destroy_callback\0sd_bus_slot_set_floating\0sd_bus_slot_unref\0sd_bus_start";
static void *functions[42];
const struct stackboard_lazy_table stackboard_lazy_sdbus_table = { names, functions, 42 };
#define STACKBOARD_LAZY_CALL(library, index, name) \
	((__typeof__(&name))stackboard_lazy_function(library, functions, index))

STACKBOARD_LAZY_EXPORT int sd_bus_add_fallback(sd_bus *bus, sd_bus_slot **slot, const char *prefix, sd_bus_message_handler_t callback, void *userdata) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 0, sd_bus_add_fallback)(bus, slot, prefix, callback, userdata); }
STACKBOARD_LAZY_EXPORT int sd_bus_add_match_async(sd_bus *bus, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t callback, sd_bus_message_handler_t install_callback, void *userdata) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 1, sd_bus_add_match_async)(bus, slot, match, callback, install_callback, userdata); }
STACKBOARD_LAZY_EXPORT int sd_bus_add_object(sd_bus *bus, sd_bus_slot **slot, const char *path, sd_bus_message_handler_t callback, void *userdata) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 2, sd_bus_add_object)(bus, slot, path, callback, userdata); }
STACKBOARD_LAZY_EXPORT int sd_bus_call_async(sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata, uint64_t usec) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 3, sd_bus_call_async)(bus, slot, m, callback, userdata, usec); }
STACKBOARD_LAZY_EXPORT sd_bus* sd_bus_close_unref(sd_bus *bus) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 4, sd_bus_close_unref)(bus); }
STACKBOARD_LAZY_EXPORT int sd_bus_get_events(sd_bus *bus) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 5, sd_bus_get_events)(bus); }
STACKBOARD_LAZY_EXPORT int sd_bus_get_fd(sd_bus *bus) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 6, sd_bus_get_fd)(bus); }
STACKBOARD_LAZY_EXPORT int sd_bus_get_timeout(sd_bus *bus, uint64_t *timeout_usec) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 7, sd_bus_get_timeout)(bus, timeout_usec); }
STACKBOARD_LAZY_EXPORT int sd_bus_get_unique_name(sd_bus *bus, const char **unique) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 8, sd_bus_get_unique_name)(bus, unique); }
STACKBOARD_LAZY_EXPORT int sd_bus_is_open(sd_bus *bus) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 9, sd_bus_is_open)(bus); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 10, sd_bus_message_append_basic)(m, type, p); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_close_container(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 11, sd_bus_message_close_container)(m); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_enter_container(sd_bus_message *m, char type, const char *contents) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 12, sd_bus_message_enter_container)(m, type, contents); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_exit_container(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 13, sd_bus_message_exit_container)(m); }
STACKBOARD_LAZY_EXPORT const sd_bus_error* sd_bus_message_get_error(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 14, sd_bus_message_get_error)(m); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_get_expect_reply(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 15, sd_bus_message_get_expect_reply)(m); }
STACKBOARD_LAZY_EXPORT const char* sd_bus_message_get_interface(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 16, sd_bus_message_get_interface)(m); }
STACKBOARD_LAZY_EXPORT const char* sd_bus_message_get_member(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 17, sd_bus_message_get_member)(m); }
STACKBOARD_LAZY_EXPORT const char* sd_bus_message_get_path(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 18, sd_bus_message_get_path)(m); }
STACKBOARD_LAZY_EXPORT const char* sd_bus_message_get_sender(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 19, sd_bus_message_get_sender)(m); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_is_method_call(sd_bus_message *m, const char *interface, const char *member) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 20, sd_bus_message_is_method_call)(m, interface, member); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_is_method_error(sd_bus_message *m, const char *name) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 21, sd_bus_message_is_method_error)(m, name); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_new_method_call(sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 22, sd_bus_message_new_method_call)(bus, m, destination, path, interface, member); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_new_method_error(sd_bus_message *call, sd_bus_message **m, const sd_bus_error *e) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 23, sd_bus_message_new_method_error)(call, m, e); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_new_method_return(sd_bus_message *call, sd_bus_message **m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 24, sd_bus_message_new_method_return)(call, m); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_new_signal(sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 25, sd_bus_message_new_signal)(bus, m, path, interface, member); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_open_container(sd_bus_message *m, char type, const char *contents) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 26, sd_bus_message_open_container)(m, type, contents); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_peek_type(sd_bus_message *m, char *type, const char **contents) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 27, sd_bus_message_peek_type)(m, type, contents); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_read_basic(sd_bus_message *m, char type, void *p) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 28, sd_bus_message_read_basic)(m, type, p); }
STACKBOARD_LAZY_EXPORT sd_bus_message* sd_bus_message_ref(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 29, sd_bus_message_ref)(m); }
STACKBOARD_LAZY_EXPORT int sd_bus_message_set_auto_start(sd_bus_message *m, int b) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 30, sd_bus_message_set_auto_start)(m, b); }
STACKBOARD_LAZY_EXPORT sd_bus_message* sd_bus_message_unref(sd_bus_message *m) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 31, sd_bus_message_unref)(m); }
STACKBOARD_LAZY_EXPORT int sd_bus_new(sd_bus **ret) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 32, sd_bus_new)(ret); }
STACKBOARD_LAZY_EXPORT int sd_bus_process(sd_bus *bus, sd_bus_message **r) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 33, sd_bus_process)(bus, r); }
STACKBOARD_LAZY_EXPORT int sd_bus_send(sd_bus *bus, sd_bus_message *m, uint64_t *cookie) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 34, sd_bus_send)(bus, m, cookie); }
STACKBOARD_LAZY_EXPORT int sd_bus_set_address(sd_bus *bus, const char *address) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 35, sd_bus_set_address)(bus, address); }
STACKBOARD_LAZY_EXPORT int sd_bus_set_bus_client(sd_bus *bus, int b) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 36, sd_bus_set_bus_client)(bus, b); }
STACKBOARD_LAZY_EXPORT int sd_bus_set_description(sd_bus *bus, const char *description) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 37, sd_bus_set_description)(bus, description); }
STACKBOARD_LAZY_EXPORT int sd_bus_slot_set_destroy_callback(sd_bus_slot *s, sd_bus_destroy_t callback) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 38, sd_bus_slot_set_destroy_callback)(s, callback); }
STACKBOARD_LAZY_EXPORT int sd_bus_slot_set_floating(sd_bus_slot *slot, int b) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 39, sd_bus_slot_set_floating)(slot, b); }
STACKBOARD_LAZY_EXPORT sd_bus_slot* sd_bus_slot_unref(sd_bus_slot *slot) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 40, sd_bus_slot_unref)(slot); }
STACKBOARD_LAZY_EXPORT int sd_bus_start(sd_bus *bus) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_SDBUS, 41, sd_bus_start)(bus); }
