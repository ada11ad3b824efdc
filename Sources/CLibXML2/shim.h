// libxml2 is built with ICU on Debian; its headers would then pull in ICU's, which clash with the
// copy inside Foundation. tablerender never uses libxml2's ICU encoders, so hide them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

static inline void tablerender_xml_free(void *pointer) { xmlFree(pointer); }
