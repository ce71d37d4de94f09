/* dw-deck-code.c — a whole deck in one line of text
 *
 * "DW1-arcmage-" and a body in base64url (RFC 4648 §5, no padding): a
 * flag byte, the deck's content (raw deflate when that is shorter), and a
 * CRC-32 of everything before it, the prefix's text included.  The exact
 * construction is docs/deck-code.md; what is here is that text in C.
 *
 * Base64url, not base32: six bits a character make a 60-card deck about a
 * fifth shorter, every language has it, and its characters pass through
 * URLs, chat clients and forum markup untouched.  CRC-32 catches every
 * change of up to 32 bits in a row, so every mistyped character (six bits
 * of the body, or eight of the prefix) and every cut is refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-deck-code-private.h"
#include "dw-deck-code.h"
#include "dw-export.h"

#define VERSION         1
#define FLAG_DEFLATED   0x01
#define HEAD_NAME       0x01
#define HEAD_FORMAT     0x02
#define HEAD_FORMAT_SHORT 0x04
#define KIND_NAME       0
#define KIND_ID         1
#define KIND_STEM       2
#define MAX_STEM_DIGITS 9

typedef struct
{
  char  *stem;
  guint  width;
} Stem;

typedef struct
{
  const guint8 *p;
  const guint8 *end;
} Reader;

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

G_DEFINE_QUARK (dw-deck-code-error-quark, dw_deck_code_error)

/* ------------------------------------------------------------ bytes */

guint32
dw_deck_code_crc32 (guint32       crc,
                    const guint8 *data,
                    gsize         length)
{
  static guint32 table[256];
  static gsize table_ready;

  if (g_once_init_enter (&table_ready))
    {
      for (guint32 i = 0; i < 256; i++)
        {
          guint32 c = i;

          for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
          table[i] = c;
        }
      g_once_init_leave (&table_ready, 1);
    }

  crc = ~crc;
  for (gsize i = 0; i < length; i++)
    crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

static void
put_varint (GByteArray *out,
            guint32     value)
{
  do
    {
      guint8 byte = value & 0x7f;

      value >>= 7;
      if (value != 0)
        byte |= 0x80;
      g_byte_array_append (out, &byte, 1);
    }
  while (value != 0);
}

static void
put_string (GByteArray *out,
            const char *text)
{
  gsize length = strlen (text);

  put_varint (out, (guint32) length);
  g_byte_array_append (out, (const guint8 *) text, (guint) length);
}

static void
base64url_append (GString      *out,
                  const guint8 *data,
                  gsize         length)
{
  gsize i = 0;

  for (; i + 3 <= length; i += 3)
    {
      guint32 v = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];

      g_string_append_c (out, alphabet[v >> 18]);
      g_string_append_c (out, alphabet[(v >> 12) & 63]);
      g_string_append_c (out, alphabet[(v >> 6) & 63]);
      g_string_append_c (out, alphabet[v & 63]);
    }
  if (length - i == 1)
    {
      g_string_append_c (out, alphabet[data[i] >> 2]);
      g_string_append_c (out, alphabet[(data[i] & 3) << 4]);
    }
  else if (length - i == 2)
    {
      guint32 v = (data[i] << 8) | data[i + 1];

      g_string_append_c (out, alphabet[v >> 10]);
      g_string_append_c (out, alphabet[(v >> 4) & 63]);
      g_string_append_c (out, alphabet[(v << 2) & 63]);
    }
}

static int
base64url_value (char c)
{
  const char *at = c ? strchr (alphabet, c) : NULL;

  return at ? (int) (at - alphabet) : -1;
}

/* Strict: a length no encoder gives, or bits left over that are not zero,
 * means a character was changed or the code was cut. */
static GByteArray *
base64url_decode (const char  *text,
                  gsize        length,
                  GError     **error)
{
  g_autoptr(GByteArray) out = g_byte_array_sized_new ((guint) (length * 3 / 4 + 1));
  guint32 bits = 0;
  guint n_bits = 0;

  if (length % 4 == 1)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_CHECKSUM,
                   _("the deck code is not whole: a character is missing or was cut off; copy "
                     "the whole code again"));
      return NULL;
    }
  for (gsize i = 0; i < length; i++)
    {
      bits = (bits << 6) | (guint32) base64url_value (text[i]);
      n_bits += 6;
      if (n_bits >= 8)
        {
          guint8 byte = (bits >> (n_bits - 8)) & 0xff;

          g_byte_array_append (out, &byte, 1);
          n_bits -= 8;
        }
    }
  if ((bits & ((1u << n_bits) - 1)) != 0)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_CHECKSUM,
                   _("the deck code's check does not match its last character: it was mistyped "
                     "or cut; copy the whole code again"));
      return NULL;
    }
  return g_steal_pointer (&out);
}

static GBytes *
convert_all (GConverter    *converter,
             const guint8  *data,
             gsize          length,
             gsize          limit,
             GError       **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint8 buffer[4096];
  gsize offset = 0;

  for (;;)
    {
      g_autoptr(GError) local_error = NULL;
      gsize bytes_read = 0, bytes_written = 0;
      GConverterResult result;

      result = g_converter_convert (converter, data + offset, length - offset,
                                    buffer, sizeof buffer, G_CONVERTER_INPUT_AT_END,
                                    &bytes_read, &bytes_written, &local_error);
      if (result == G_CONVERTER_ERROR)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
            g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TRUNCATED,
                         _("the deck code's compressed body ends before the deck does"));
          else
            g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                         _("the deck code's compressed body cannot be read: %s"),
                         local_error->message);
          return NULL;
        }
      offset += bytes_read;
      if (out->len + bytes_written > limit)
        {
          g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TOO_LARGE,
                       _("the deck code's body inflates past %u KiB, more than any deck needs; "
                         "it is refused"), (guint) (limit / 1024));
          return NULL;
        }
      g_byte_array_append (out, buffer, (guint) bytes_written);
      if (result == G_CONVERTER_FINISHED)
        break;
      if (bytes_read == 0 && bytes_written == 0)
        {
          g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TRUNCATED,
                       _("the deck code's compressed body ends before the deck does"));
          return NULL;
        }
    }
  if (offset != length)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                   _("the deck code's compressed body goes on after its end"));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

GBytes *
dw_deck_code_deflate (const guint8 *data,
                      gsize         length)
{
  g_autoptr(GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW, 9);

  /* Deflate never grows its input past a few bytes a 16 KiB block. */
  return convert_all (G_CONVERTER (compressor), data, length, length * 2 + 64, NULL);
}

static GBytes *
inflate_bounded (const guint8  *data,
                 gsize          length,
                 GError       **error)
{
  g_autoptr(GZlibDecompressor) decompressor = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW);

  return convert_all (G_CONVERTER (decompressor), data, length, DW_DECK_CODE_MAX_PAYLOAD, error);
}

/* ------------------------------------------------------------ writing */

/* An id ending in 1 to 9 digits is its stem and a number ("arc-" and 17
 * for "arc-0017"): the code holds each stem once and a number a card. */
static gboolean
split_id (const char  *id,
          gsize       *stem_length,
          guint       *width,
          guint32     *number)
{
  gsize length = strlen (id);
  gsize start = length;

  while (start > 0 && g_ascii_isdigit (id[start - 1]))
    start--;
  if (start == length || length - start > MAX_STEM_DIGITS)
    return FALSE;
  *stem_length = start;
  *width = (guint) (length - start);
  *number = (guint32) g_ascii_strtoull (id + start, NULL, 10);
  return TRUE;
}

static const char *
entry_id (DwDeckEntry *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);

  if (card != NULL)
    return dw_card_get_id (card);
  return dw_deck_entry_get_id (entry);
}

/* A card no database knows goes by the name its deck gave it. */
static gboolean
goes_by_name (DwDeckEntry *entry)
{
  const char *name = dw_deck_entry_get_name (entry);

  return dw_deck_entry_get_card (entry) == NULL && ((name != NULL && *name) || entry_id (entry) == NULL);
}

static gboolean
is_code_game_id (const char *id)
{
  if (id == NULL || *id == '\0')
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.')
      return FALSE;
  return TRUE;
}

static gboolean
counted_sections (DwDeck     *deck,
                  GPtrArray  *sections,
                  GError    **error)
{
  guint64 copies = 0;

  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *section_id = dw_deck_get_section_id (deck, i);
      GListModel *entries;

      if (dw_section_is_considering (section_id))
        continue;
      entries = dw_deck_get_section (deck, section_id);
      for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          guint count = dw_deck_entry_get_count (entry);

          if (count == 0 || count > DW_DECK_CODE_MAX_COUNT)
            {
              g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_CANNOT_ENCODE,
                           _("“%s” is in the deck %u times; a deck code carries 1 to %u copies of "
                             "a card"), dw_deck_entry_get_display_name (entry), count,
                           DW_DECK_CODE_MAX_COUNT);
              return FALSE;
            }
          copies += count;
        }
      g_ptr_array_add (sections, (gpointer) section_id);
    }
  if (copies == 0)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_EMPTY,
                   _("the deck holds no card, so it has no deck code; add cards first"));
      return FALSE;
    }
  return TRUE;
}

static guint
section_index (DwGame     *game,
               const char *section_id)
{
  for (guint k = 0; k < dw_game_get_n_sections (game); k++)
    if (g_strcmp0 (dw_game_get_section (game, k)->id, section_id) == 0)
      return k + 1;
  return 0;
}

static guint
stem_of (GArray     *stems,
         GHashTable *index,
         const char *id,
         gsize       stem_length,
         guint       width)
{
  g_autofree char *key = g_strdup_printf ("%u:%.*s", width, (int) stem_length, id);
  gpointer found;

  if (g_hash_table_lookup_extended (index, key, NULL, &found))
    return GPOINTER_TO_UINT (found);

  {
    Stem stem = { g_strndup (id, stem_length), width };

    g_array_append_val (stems, stem);
    g_hash_table_insert (index, g_steal_pointer (&key), GUINT_TO_POINTER (stems->len - 1));
    return stems->len - 1;
  }
}

static void
clear_stem (gpointer data)
{
  g_free (((Stem *) data)->stem);
}

static GByteArray *
write_content (DwDeck     *deck,
               DwGame     *game,
               GPtrArray  *sections,
               gboolean    with_name)
{
  g_autoptr(GArray) stems = g_array_new (FALSE, FALSE, sizeof (Stem));
  g_autoptr(GHashTable) stem_index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GByteArray *out = g_byte_array_new ();
  const char *name = dw_deck_get_name (deck);
  const char *format = dw_deck_get_format_id (deck);
  g_autofree char *game_prefix = g_strconcat (dw_game_get_id (game), "-", NULL);
  guint head = 0;

  g_array_set_clear_func (stems, clear_stem);

  /* Every stem the entries use, so that their table comes first. */
  for (guint i = 0; i < sections->len; i++)
    {
      GListModel *entries = dw_deck_get_section (deck, g_ptr_array_index (sections, i));

      for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          const char *id = entry_id (entry);
          gsize stem_length;
          guint width;
          guint32 number;

          if (!goes_by_name (entry) && split_id (id, &stem_length, &width, &number))
            stem_of (stems, stem_index, id, stem_length, width);
        }
    }

  if (with_name && name != NULL && *name)
    head |= HEAD_NAME;
  if (format != NULL && *format)
    {
      head |= HEAD_FORMAT;
      if (g_str_has_prefix (format, game_prefix) && format[strlen (game_prefix)] != '\0')
        head |= HEAD_FORMAT_SHORT;
    }
  put_varint (out, head);
  if (head & HEAD_NAME)
    put_string (out, name);
  if (head & HEAD_FORMAT)
    put_string (out, (head & HEAD_FORMAT_SHORT) ? format + strlen (game_prefix) : format);

  put_varint (out, stems->len);
  for (guint i = 0; i < stems->len; i++)
    {
      const Stem *stem = &g_array_index (stems, Stem, i);

      put_string (out, stem->stem);
      put_varint (out, stem->width);
    }

  put_varint (out, sections->len);
  for (guint i = 0; i < sections->len; i++)
    {
      const char *section_id = g_ptr_array_index (sections, i);
      GListModel *entries = dw_deck_get_section (deck, section_id);
      guint n = g_list_model_get_n_items (entries);
      guint index = section_index (game, section_id);

      put_varint (out, index);
      if (index == 0)
        put_string (out, section_id);
      put_varint (out, n);

      for (guint j = 0; j < n; j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          guint32 kinds = stems->len + KIND_STEM;
          guint32 count = dw_deck_entry_get_count (entry);
          const char *id = entry_id (entry);
          gsize stem_length;
          guint width;
          guint32 number;

          if (goes_by_name (entry))
            {
              put_varint (out, count * kinds + KIND_NAME);
              put_string (out, dw_deck_entry_get_name (entry));
            }
          else if (split_id (id, &stem_length, &width, &number))
            {
              guint stem = stem_of (stems, stem_index, id, stem_length, width);

              put_varint (out, count * kinds + KIND_STEM + stem);
              put_varint (out, number);
            }
          else
            {
              put_varint (out, count * kinds + KIND_ID);
              put_string (out, id);
            }
        }
    }
  return out;
}

/* The code of @stored (the body's bytes after the flag byte) for @game_id. */
char *
dw_deck_code_wrap (const char   *game_id,
                   guint8        flags,
                   const guint8 *stored,
                   gsize         length)
{
  g_autofree char *prefix = g_strdup_printf ("DW%u-%s-", VERSION, game_id);
  g_autoptr(GByteArray) body = g_byte_array_sized_new ((guint) length + 5);
  GString *code = g_string_new (prefix);
  guint32 crc;
  guint8 check[4];

  g_byte_array_append (body, &flags, 1);
  g_byte_array_append (body, stored, (guint) length);
  crc = dw_deck_code_crc32 (0, (const guint8 *) prefix, strlen (prefix));
  crc = dw_deck_code_crc32 (crc, body->data, body->len);
  check[0] = crc >> 24;
  check[1] = (crc >> 16) & 0xff;
  check[2] = (crc >> 8) & 0xff;
  check[3] = crc & 0xff;
  g_byte_array_append (body, check, 4);
  base64url_append (code, body->data, body->len);
  return g_string_free (code, FALSE);
}

/* ------------------------------------------------------------ reading */

static gboolean
read_varint (Reader   *reader,
             guint32  *value,
             GError  **error)
{
  guint64 v = 0;

  for (guint shift = 0; shift < 35; shift += 7)
    {
      guint8 byte;

      if (reader->p >= reader->end)
        {
          g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TRUNCATED,
                       _("the deck code's body ends in the middle of the deck"));
          return FALSE;
        }
      byte = *reader->p++;
      v |= (guint64) (byte & 0x7f) << shift;
      if ((byte & 0x80) == 0)
        {
          if (v > G_MAXUINT32)
            break;
          *value = (guint32) v;
          return TRUE;
        }
    }
  g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
               _("the deck code holds a number too large for any deck"));
  return FALSE;
}

static char *
read_string (Reader      *reader,
             GError     **error)
{
  guint32 length;

  if (!read_varint (reader, &length, error))
    return NULL;
  if (length > (gsize) (reader->end - reader->p))
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TRUNCATED,
                   _("the deck code's body ends in the middle of the deck"));
      return NULL;
    }
  if (length == 0 || memchr (reader->p, '\0', length) != NULL ||
      !g_utf8_validate_len ((const char *) reader->p, length, NULL))
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                   _("the deck code holds a name or an id that is empty or not UTF-8 text"));
      return NULL;
    }
  reader->p += length;
  return g_strndup ((const char *) reader->p - length, length);
}

static DwDeck *
read_content (DwLibrary     *library,
              DwGame        *game,
              const guint8  *data,
              gsize          length,
              GError       **error)
{
  static const guint8 nothing[1] = { 0 };
  /* An empty inflated body comes as NULL, and NULL + 0 is no pointer. */
  Reader reader = { data ? data : nothing, (data ? data : nothing) + length };
  g_autoptr(DwDeck) deck = dw_deck_new (dw_game_get_id (game));
  g_autoptr(GArray) stems = g_array_new (FALSE, FALSE, sizeof (Stem));
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 copies = 0;
  guint32 head, n_stems, n_sections;

  g_array_set_clear_func (stems, clear_stem);

  if (!read_varint (&reader, &head, error))
    return NULL;
  if (head & ~(guint32) (HEAD_NAME | HEAD_FORMAT | HEAD_FORMAT_SHORT))
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_VERSION,
                   _("the deck code carries something this Deckwright does not know; update "
                     "Deckwright to read it"));
      return NULL;
    }
  if (head & HEAD_NAME)
    {
      g_autofree char *name = read_string (&reader, error);

      if (name == NULL)
        return NULL;
      dw_deck_set_name (deck, name);
    }
  if (head & HEAD_FORMAT)
    {
      g_autofree char *format = read_string (&reader, error);

      if (format == NULL)
        return NULL;
      if (head & HEAD_FORMAT_SHORT)
        {
          g_autofree char *full = g_strconcat (dw_game_get_id (game), "-", format, NULL);

          dw_deck_set_format_id (deck, full);
        }
      else
        dw_deck_set_format_id (deck, format);
    }

  if (!read_varint (&reader, &n_stems, error))
    return NULL;
  if (n_stems > (gsize) (reader.end - reader.p))
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TRUNCATED,
                   _("the deck code's body ends in the middle of the deck"));
      return NULL;
    }
  for (guint32 i = 0; i < n_stems; i++)
    {
      Stem stem = { NULL, 0 };
      guint32 width;

      /* An empty stem ("0017") is a zero-length string: read it apart. */
      if (reader.p < reader.end && *reader.p == 0)
        {
          reader.p++;
          stem.stem = g_strdup ("");
        }
      else if ((stem.stem = read_string (&reader, error)) == NULL)
        return NULL;
      g_array_append_val (stems, stem);
      if (!read_varint (&reader, &width, error))
        return NULL;
      if (width == 0 || width > MAX_STEM_DIGITS)
        {
          g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                       _("the deck code gives a card id %u digits"), width);
          return NULL;
        }
      g_array_index (stems, Stem, i).width = width;
    }

  if (!read_varint (&reader, &n_sections, error))
    return NULL;
  for (guint32 i = 0; i < n_sections; i++)
    {
      g_autofree char *named = NULL;
      const char *section_id;
      guint32 index, n_entries;

      if (!read_varint (&reader, &index, error))
        return NULL;
      if (index == 0)
        {
          named = read_string (&reader, error);
          if (named == NULL)
            return NULL;
          section_id = named;
        }
      else if (index <= dw_game_get_n_sections (game))
        section_id = dw_game_get_section (game, index - 1)->id;
      else
        {
          g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                       _("the deck code names section %u, and %s has %u"), index,
                       dw_game_get_name (game), dw_game_get_n_sections (game));
          return NULL;
        }
      if (dw_section_is_considering (section_id))
        {
          g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                       _("the deck code lists the cards being considered, which no deck code "
                         "holds"));
          return NULL;
        }
      if (!g_hash_table_add (seen, g_strdup (section_id)))
        {
          g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                       _("the deck code lists the section “%s” twice"), section_id);
          return NULL;
        }
      dw_deck_ensure_section (deck, section_id);

      if (!read_varint (&reader, &n_entries, error))
        return NULL;
      if (n_entries > (gsize) (reader.end - reader.p))
        {
          g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TRUNCATED,
                       _("the deck code's body ends in the middle of the deck"));
          return NULL;
        }
      for (guint32 j = 0; j < n_entries; j++)
        {
          g_autoptr(DwDeckEntry) entry = NULL;
          g_autofree char *text = NULL;
          guint32 kinds = n_stems + KIND_STEM;
          guint32 value, count, kind;
          DwCard *card;

          if (!read_varint (&reader, &value, error))
            return NULL;
          count = value / kinds;
          kind = value % kinds;
          if (count == 0 || count > DW_DECK_CODE_MAX_COUNT)
            {
              g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_BAD_COUNT,
                           _("the deck code gives a card %u copies; a deck holds 1 to %u of a "
                             "card"), count, DW_DECK_CODE_MAX_COUNT);
              return NULL;
            }
          if (kind == KIND_NAME)
            {
              text = read_string (&reader, error);
              if (text == NULL)
                return NULL;
              entry = dw_deck_entry_new (NULL, text, count);
            }
          else
            {
              if (kind == KIND_ID)
                text = read_string (&reader, error);
              else
                {
                  const Stem *stem = &g_array_index (stems, Stem, kind - KIND_STEM);
                  guint32 number;

                  if (!read_varint (&reader, &number, error))
                    return NULL;
                  text = g_strdup_printf ("%s%0*u", stem->stem, (int) stem->width, number);
                }
              if (text == NULL)
                return NULL;
              card = dw_library_lookup_card (library, dw_game_get_id (game), text, 0, NULL);
              entry = dw_deck_entry_new (text, card ? dw_card_get_name (card) : NULL, count);
            }
          dw_deck_add_entry (deck, section_id, entry);
          copies += count;
        }
    }

  if (reader.p != reader.end)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                   _("the deck code goes on after the deck's last card"));
      return NULL;
    }
  if (copies == 0)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_EMPTY,
                   _("the deck code holds no card"));
      return NULL;
    }
  dw_library_resolve_deck (library, deck);
  return g_steal_pointer (&deck);
}

/* The game whose id follows "DW1-": the longest one that does, since a
 * game's id may itself hold a '-'. */
static DwGame *
game_of_code (DwLibrary   *library,
              const char  *after_version,
              GError     **error)
{
  GListModel *games = dw_library_get_games (library);
  DwGame *best = NULL;
  gsize best_length = 0;

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      const char *id = dw_game_get_id (game);
      gsize length = strlen (id);

      if (length > best_length && strncmp (after_version, id, length) == 0 &&
          after_version[length] == '-')
        {
          best = game;
          best_length = length;
        }
    }
  if (best == NULL)
    {
      const char *dash = strchr (after_version, '-');
      g_autofree char *named = g_strndup (after_version, dash ? (gsize) (dash - after_version)
                                                              : strlen (after_version));

      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_UNKNOWN_GAME,
                   _("the deck code is for the game “%s”, which Deckwright does not know; add "
                     "the game's definition first"), named);
    }
  return best;
}

/* ------------------------------------------------------------ public */

/* Whether @text is meant as a deck code (a line starting "DW", a
 * version and '-'), right or wrong: what then reads it says what is
 * wrong with it, rather than taking it for a decklist. */
gboolean
dw_deck_code_looks_like (const char *text,
                         gsize       length)
{
  const char *end = text + length;
  const char *p = text;

  while (p < end && g_ascii_isspace (*p))
    p++;
  if (end - p < 4 || p[0] != 'D' || p[1] != 'W' || !g_ascii_isdigit (p[2]))
    return FALSE;
  p += 2;
  while (p < end && g_ascii_isdigit (*p))
    p++;
  if (p >= end || *p != '-')
    return FALSE;
  /* One line, give or take where a chat wrapped it: no spaces inside. */
  for (; p < end; p++)
    if (*p == ' ' || *p == '\t')
      {
        while (p < end && g_ascii_isspace (*p))
          p++;
        return p == end;
      }
  return TRUE;
}

/* The code of @deck of @game, its name left out unless @with_name.  The
 * cards being considered are no part of it. */
char *
dw_deck_code_encode (DwDeck    *deck,
                     DwGame    *game,
                     gboolean   with_name,
                     GError   **error)
{
  g_autoptr(GPtrArray) sections = g_ptr_array_new ();
  g_autoptr(GByteArray) content = NULL;
  g_autoptr(GBytes) deflated = NULL;

  g_return_val_if_fail (DW_IS_DECK (deck), NULL);
  g_return_val_if_fail (DW_IS_GAME (game), NULL);

  if (!is_code_game_id (dw_game_get_id (game)))
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_CANNOT_ENCODE,
                   _("the game id “%s” holds characters a deck code cannot carry (it takes "
                     "letters, digits, '-', '_' and '.')"), dw_game_get_id (game));
      return NULL;
    }
  if (!counted_sections (deck, sections, error))
    return NULL;

  content = write_content (deck, game, sections, with_name);
  if (content->len > DW_DECK_CODE_MAX_PAYLOAD)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_CANNOT_ENCODE,
                   _("the deck needs %u KiB, past the %u KiB a deck code holds"),
                   content->len / 1024, DW_DECK_CODE_MAX_PAYLOAD / 1024);
      return NULL;
    }
  deflated = dw_deck_code_deflate (content->data, content->len);
  if (deflated != NULL && g_bytes_get_size (deflated) < content->len)
    return dw_deck_code_wrap (dw_game_get_id (game), FLAG_DEFLATED,
                              g_bytes_get_data (deflated, NULL), g_bytes_get_size (deflated));
  return dw_deck_code_wrap (dw_game_get_id (game), 0, content->data, content->len);
}

/* The deck @code holds, its cards found in @library's databases (a card
 * none knows is kept as an unknown entry, as a deck file keeps it). */
DwDeck *
dw_deck_code_decode (DwLibrary   *library,
                     const char  *code,
                     GError     **error)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GByteArray) body = NULL;
  g_autoptr(GBytes) inflated = NULL;
  const guint8 *content;
  gsize content_length;
  const char *p, *body_text;
  guint64 version = 0;
  DwGame *game;
  guint32 crc, stored_crc;
  gsize prefix_length, body_length;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (code != NULL, NULL);

  /* A chat may have wrapped it: white space anywhere is no part of it. */
  for (p = code; *p; p++)
    {
      if (!g_ascii_isspace (*p))
        g_string_append_c (text, *p);
      if (text->len > DW_DECK_CODE_MAX_LENGTH)
        {
          g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TOO_LARGE,
                       _("the deck code is longer than %u characters, more than any deck "
                         "needs; it is refused"), DW_DECK_CODE_MAX_LENGTH);
          return NULL;
        }
    }

  p = text->str;
  if (p[0] != 'D' || p[1] != 'W' || !g_ascii_isdigit (p[2]))
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                   _("this is not a deck code: a deck code starts with “DW1-”"));
      return NULL;
    }
  for (p += 2; g_ascii_isdigit (*p) && version < 1000000; p++)
    version = version * 10 + (guint64) (*p - '0');
  if (*p != '-')
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                   _("this is not a deck code: a deck code starts with “DW1-”"));
      return NULL;
    }
  if (version != VERSION)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_VERSION,
                   _("the deck code is of version %u, and this Deckwright reads version %u; "
                     "update Deckwright to read it"), (guint) version, VERSION);
      return NULL;
    }
  p++;

  game = game_of_code (library, p, error);
  if (game == NULL)
    return NULL;
  body_text = p + strlen (dw_game_get_id (game)) + 1;
  prefix_length = (gsize) (body_text - text->str);
  body_length = text->len - prefix_length;

  for (gsize i = 0; i < body_length; i++)
    if (base64url_value (body_text[i]) < 0)
      {
        gunichar c = g_utf8_get_char_validated (body_text + i, -1);
        g_autofree char *shown = NULL;

        if (c == (gunichar) -1 || c == (gunichar) -2)
          shown = g_strdup_printf ("\\x%02x", (guchar) body_text[i]);
        else
          shown = g_ucs4_to_utf8 (&c, 1, NULL, NULL, NULL);
        g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                     _("character %u of the deck code, “%s”, is not part of a deck code (it "
                       "takes letters, digits, '-' and '_'); was it mistyped?"),
                     (guint) (prefix_length + i + 1), shown);
        return NULL;
      }

  body = base64url_decode (body_text, body_length, error);
  if (body == NULL)
    return NULL;
  if (body->len < 5)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_CHECKSUM,
                   _("the deck code is cut short: copy the whole code again"));
      return NULL;
    }

  crc = dw_deck_code_crc32 (0, (const guint8 *) text->str, prefix_length);
  crc = dw_deck_code_crc32 (crc, body->data, body->len - 4);
  stored_crc = ((guint32) body->data[body->len - 4] << 24) | ((guint32) body->data[body->len - 3] << 16) |
               ((guint32) body->data[body->len - 2] << 8) | body->data[body->len - 1];
  if (crc != stored_crc)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_CHECKSUM,
                   _("the deck code's check does not match: a character was mistyped or the "
                     "code was cut; copy the whole code again"));
      return NULL;
    }

  if (body->data[0] & ~FLAG_DEFLATED)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_VERSION,
                   _("the deck code was made in a way this Deckwright does not know; update "
                     "Deckwright to read it"));
      return NULL;
    }
  content = body->data + 1;
  content_length = body->len - 5;
  if (body->data[0] & FLAG_DEFLATED)
    {
      inflated = inflate_bounded (content, content_length, error);
      if (inflated == NULL)
        return NULL;
      content = g_bytes_get_data (inflated, &content_length);
    }
  else if (content_length > DW_DECK_CODE_MAX_PAYLOAD)
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TOO_LARGE,
                   _("the deck code's body is past %u KiB, more than any deck needs; it is "
                     "refused"), DW_DECK_CODE_MAX_PAYLOAD / 1024);
      return NULL;
    }

  return read_content (library, game, content, content_length, error);
}
