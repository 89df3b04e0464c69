/* Written by scripts/lazylibs.py: do not edit. The 28 functions of this library that
 * Stackboard calls, each opening the library on first use (lazy.c); their names, one string. */
#include "lazy.h"

static const char names[] = "g_object_unref\0pango_attr_foreground_new\0pango_attr_list_insert\0pango_attr_list_new\0pango_attr_list_unref\0pango_attr_underline_new\0pango_cairo_context_set_font_options\0pango_cairo_font_map_new\0pango_cairo_show_layout\0pango_cairo_update_context\0pango_font_description_free\0pango_font_description_from_string\0pango_font_description_set_absolute_size\0pango_font_description_set_weight\0pango_font_map_create_context\0pango_layout_get_cursor_pos\0pango_layout_get_extents\0pango_layout_get_unknown_glyphs_count\0pango_layout_new\0pango_layout_set_alignment\0pango_layout_set_attributes\0pango_layout_set_ellipsize\0pango_layout_set_font_description\0pango_layout_set_height\0pango_layout_set_text\0pango_layout_set_width\0pango_layout_set_wrap\0pango_layout_xy_to_index";
static void *functions[28];
const struct stackboard_lazy_table stackboard_lazy_pango_table = { names, functions, 28 };
#define STACKBOARD_LAZY_CALL(library, index, name) \
	((__typeof__(&name))stackboard_lazy_function(library, functions, index))

STACKBOARD_LAZY_EXPORT void g_object_unref(gpointer object) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 0, g_object_unref)(object); }
STACKBOARD_LAZY_EXPORT PangoAttribute * pango_attr_foreground_new(guint16 red, guint16 green, guint16 blue) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 1, pango_attr_foreground_new)(red, green, blue); }
STACKBOARD_LAZY_EXPORT void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attr) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 2, pango_attr_list_insert)(list, attr); }
STACKBOARD_LAZY_EXPORT PangoAttrList * pango_attr_list_new(void) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 3, pango_attr_list_new)(); }
STACKBOARD_LAZY_EXPORT void pango_attr_list_unref(PangoAttrList *list) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 4, pango_attr_list_unref)(list); }
STACKBOARD_LAZY_EXPORT PangoAttribute * pango_attr_underline_new(PangoUnderline underline) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 5, pango_attr_underline_new)(underline); }
STACKBOARD_LAZY_EXPORT void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 6, pango_cairo_context_set_font_options)(context, options); }
STACKBOARD_LAZY_EXPORT PangoFontMap * pango_cairo_font_map_new(void) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 7, pango_cairo_font_map_new)(); }
STACKBOARD_LAZY_EXPORT void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 8, pango_cairo_show_layout)(cr, layout); }
STACKBOARD_LAZY_EXPORT void pango_cairo_update_context(cairo_t *cr, PangoContext *context) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 9, pango_cairo_update_context)(cr, context); }
STACKBOARD_LAZY_EXPORT void pango_font_description_free(PangoFontDescription *desc) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 10, pango_font_description_free)(desc); }
STACKBOARD_LAZY_EXPORT PangoFontDescription * pango_font_description_from_string(const char *str) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 11, pango_font_description_from_string)(str); }
STACKBOARD_LAZY_EXPORT void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 12, pango_font_description_set_absolute_size)(desc, size); }
STACKBOARD_LAZY_EXPORT void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 13, pango_font_description_set_weight)(desc, weight); }
STACKBOARD_LAZY_EXPORT PangoContext * pango_font_map_create_context(PangoFontMap *fontmap) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 14, pango_font_map_create_context)(fontmap); }
STACKBOARD_LAZY_EXPORT void pango_layout_get_cursor_pos(PangoLayout *layout, int index_, PangoRectangle *strong_pos, PangoRectangle *weak_pos) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 15, pango_layout_get_cursor_pos)(layout, index_, strong_pos, weak_pos); }
STACKBOARD_LAZY_EXPORT void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 16, pango_layout_get_extents)(layout, ink_rect, logical_rect); }
STACKBOARD_LAZY_EXPORT int pango_layout_get_unknown_glyphs_count(PangoLayout *layout) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 17, pango_layout_get_unknown_glyphs_count)(layout); }
STACKBOARD_LAZY_EXPORT PangoLayout * pango_layout_new(PangoContext *context) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 18, pango_layout_new)(context); }
STACKBOARD_LAZY_EXPORT void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 19, pango_layout_set_alignment)(layout, alignment); }
STACKBOARD_LAZY_EXPORT void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 20, pango_layout_set_attributes)(layout, attrs); }
STACKBOARD_LAZY_EXPORT void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 21, pango_layout_set_ellipsize)(layout, ellipsize); }
STACKBOARD_LAZY_EXPORT void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 22, pango_layout_set_font_description)(layout, desc); }
STACKBOARD_LAZY_EXPORT void pango_layout_set_height(PangoLayout *layout, int height) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 23, pango_layout_set_height)(layout, height); }
STACKBOARD_LAZY_EXPORT void pango_layout_set_text(PangoLayout *layout, const char *text, int length) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 24, pango_layout_set_text)(layout, text, length); }
STACKBOARD_LAZY_EXPORT void pango_layout_set_width(PangoLayout *layout, int width) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 25, pango_layout_set_width)(layout, width); }
STACKBOARD_LAZY_EXPORT void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 26, pango_layout_set_wrap)(layout, wrap); }
STACKBOARD_LAZY_EXPORT gboolean pango_layout_xy_to_index(PangoLayout *layout, int x, int y, int *index_, int *trailing) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_PANGO, 27, pango_layout_xy_to_index)(layout, x, y, index_, trailing); }
