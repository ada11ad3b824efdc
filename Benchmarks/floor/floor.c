/*
 * The floor: what drawing a benchmark list costs with Pango and Cairo alone, no framework. Every
 * figure of tablerender's speed is given beside this program's, on the same rows (see
 * Benchmarks/README.md). It does the least a renderer must: lay each paragraph out once, with the
 * text settings tablerender uses (72 dpi, unrounded glyph positions, no hinting, absolute line
 * heights), and draw it.
 *
 * Rows come as TSV on stdin, "title<TAB>subtitle" a line; a header "SECTION k" opens every 100
 * rows. A row is a bold 17/22 title over a 15/20 subtitle, 343 wide, padding 11 / 23.5 / 11.5,
 * with a 0.5 separator; pages are 390x844 (PDF) or 390x2000 pixels (PNG); a row is never split
 * and a header stays with its first row: the page of Benchmarks/bench-list/templates.
 *
 *   cc -O2 floor.c -o floor $(pkg-config --cflags --libs pangocairo libpng)
 *   ./floor pdf|png|measure OUTDIR < rows.tsv
 *
 * It prints its own timings (process start-up left out); the benchmarks time whole processes.
 */
#include <pango/pangocairo.h>
#include <cairo-pdf.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { char *title, *subtitle; } Row;

static double seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

/* A paragraph laid out at the list's width, with an absolute line height. */
static PangoLayout *paragraph(PangoContext *context, const char *text, const char *font, double line_height) {
  PangoLayout *layout = pango_layout_new(context);
  PangoFontDescription *description = pango_font_description_from_string(font);
  pango_layout_set_font_description(layout, description);
  pango_font_description_free(description);
  pango_layout_set_width(layout, 343 * PANGO_SCALE);
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  PangoAttrList *attributes = pango_attr_list_new();
  pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute((int)(line_height * PANGO_SCALE)));
  pango_layout_set_attributes(layout, attributes);
  pango_attr_list_unref(attributes);
  pango_layout_set_text(layout, text, -1);
  return layout;
}

static double lines(PangoLayout *layout, double line_height) { return pango_layout_get_line_count(layout) * line_height; }

/* A PNG page with libpng at zlib level 1 and the Sub filter (tablerender's defaults; Cairo's own
 * writer, at level 6, is about twice as slow). */
static void write_png(cairo_surface_t *surface, const char *folder, int page) {
  char name[4096];
  snprintf(name, sizeof name, "%s/floor-%04d.png", folder, page);
  cairo_surface_flush(surface);
  int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
  int stride = cairo_image_surface_get_stride(surface);
  unsigned char *data = cairo_image_surface_get_data(surface);
  FILE *file = fopen(name, "wb");
  if (!file) { perror(name); exit(1); }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(png);
  png_init_io(png, file);
  png_set_compression_level(png, 1);
  png_set_filter(png, 0, PNG_FILTER_SUB);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  unsigned char *row = malloc(width * 3);
  for (int y = 0; y < height; y++) {
    const uint32_t *pixels = (const uint32_t *)(data + y * stride);
    for (int x = 0; x < width; x++) {
      row[3 * x] = pixels[x] >> 16;
      row[3 * x + 1] = pixels[x] >> 8;
      row[3 * x + 2] = pixels[x];
    }
    png_write_row(png, row);
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  free(row);
  fclose(file);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "measure";
  const char *folder = argc > 2 ? argv[2] : ".";
  size_t capacity = 1024, count = 0;
  Row *rows = malloc(capacity * sizeof *rows);
  char *line = NULL;
  size_t length = 0;
  while (getline(&line, &length, stdin) > 0) {
    line[strcspn(line, "\n")] = 0;
    char *tab = strchr(line, '\t');
    if (!tab) continue;
    *tab = 0;
    if (count == capacity) rows = realloc(rows, (capacity *= 2) * sizeof *rows);
    rows[count].title = strdup(line);
    rows[count].subtitle = strdup(tab + 1);
    count++;
  }
  free(line);

  double start = seconds();
  PangoFontMap *map = pango_cairo_font_map_new();
  PangoContext *context = pango_font_map_create_context(map);
  pango_cairo_context_set_resolution(context, 72);
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options(context, options);
  cairo_font_options_destroy(options);
  pango_context_set_round_glyph_positions(context, FALSE);

  /* Layout: every paragraph once, kept for drawing. */
  PangoLayout **titles = malloc(count * sizeof *titles), **subtitles = malloc(count * sizeof *subtitles);
  PangoLayout **headers = calloc(count / 100 + 1, sizeof *headers);
  double *heights = malloc(count * sizeof *heights);
  for (size_t i = 0; i < count; i++) {
    if (i % 100 == 0) {
      char header[64];
      snprintf(header, sizeof header, "SECTION %zu", i / 100 + 1);
      headers[i / 100] = paragraph(context, header, "Inter 13", 18);
    }
    titles[i] = paragraph(context, rows[i].title, "Inter Bold 17", 22);
    subtitles[i] = paragraph(context, rows[i].subtitle, "Inter 15", 20);
    heights[i] = 11 + lines(titles[i], 22) + lines(subtitles[i], 20) + 11.5;
  }
  double laid_out = seconds();

  int pages = 0;
  int png = strcmp(mode, "png") == 0;
  if (png || strcmp(mode, "pdf") == 0) {
    double page_height = png ? 2000 : 844, header_height = 22 + 18 + 6;
    char name[4096];
    snprintf(name, sizeof name, "%s/floor.pdf", folder);
    cairo_surface_t *surface = png ? cairo_image_surface_create(CAIRO_FORMAT_RGB24, 390, 2000) : cairo_pdf_surface_create(name, 390, 844);
    cairo_t *cr = cairo_create(surface);
    double y = 0;
    pages = 1;
    if (png) { cairo_set_source_rgb(cr, 1, 1, 1); cairo_paint(cr); }
    for (size_t i = 0; i < count; i++) {
      int opens = i % 100 == 0;
      if (y + heights[i] + (opens ? header_height : 0) > page_height) {
        if (png) { write_png(surface, folder, pages); cairo_set_source_rgb(cr, 1, 1, 1); cairo_paint(cr); }
        else cairo_show_page(cr);
        pages++;
        y = 0;
      }
      if (opens) {
        cairo_set_source_rgb(cr, 0xF2 / 255.0, 0xF2 / 255.0, 0xF7 / 255.0);
        cairo_rectangle(cr, 0, y, 390, header_height);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0x6D / 255.0, 0x6D / 255.0, 0x72 / 255.0);
        cairo_move_to(cr, 23.5, y + 22);
        pango_cairo_show_layout(cr, headers[i / 100]);
        y += header_height;
      }
      cairo_set_source_rgb(cr, 0, 0, 0);
      cairo_move_to(cr, 23.5, y + 11);
      pango_cairo_show_layout(cr, titles[i]);
      cairo_set_source_rgb(cr, 0x3C / 255.0, 0x3C / 255.0, 0x43 / 255.0);
      cairo_move_to(cr, 23.5, y + 11 + lines(titles[i], 22));
      pango_cairo_show_layout(cr, subtitles[i]);
      y += heights[i];
      cairo_set_source_rgb(cr, 0xC6 / 255.0, 0xC6 / 255.0, 0xC8 / 255.0);
      cairo_rectangle(cr, 0, y - 0.5, 390, 0.5);
      cairo_fill(cr);
    }
    if (png) write_png(surface, folder, pages);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
  }
  double end = seconds();
  printf("floor mode=%s rows=%zu layout_ms=%.1f draw_ms=%.1f total_ms=%.1f pages=%d\n", mode, count, (laid_out - start) * 1e3,
         (end - laid_out) * 1e3, (end - start) * 1e3, pages);
  return 0;
}
