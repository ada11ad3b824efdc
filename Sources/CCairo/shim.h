// The drawing stack, for TableCairo alone: Cairo (its PDF and SVG surfaces, and FreeType fonts
// made from the fontconfig patterns the text engine hands over), librsvg and poppler for vector
// images, gdk-pixbuf for JPEG, zlib for PNG. No Pango: text arrives shaped (`ShapedText`).
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <librsvg/rsvg.h>
#include <poppler.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <zlib.h>
