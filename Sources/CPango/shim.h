// The text stack, for TableText alone: Pango (with its Cairo font map, whose fonts the shaped
// runs carry as Cairo font options and matrices), fontconfig, and GLib. The renderers import
// CCairo, which has no Pango: a renderer that called Pango would not compile.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <fontconfig/fontconfig.h>
