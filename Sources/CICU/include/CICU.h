// A small, stable C surface over the system ICU for Swift.
//
// ICU renames every function with a version suffix through macros that Swift's importer does not
// follow, so Swift sees only these unversioned functions. Strings are UTF-16 (`uint16_t`), handles
// are opaque, and every function reports failure through its return value or `*status` (0 = ok,
// > 0 = ICU error code). This header includes no ICU header.
#ifndef PARLANCE_CICU_H
#define PARLANCE_CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct PLBreak PLBreak;
typedef struct PLTrans PLTrans;
typedef struct PLNumber PLNumber;
typedef struct PLCollator PLCollator;
typedef struct PLSpoof PLSpoof;

const char *pl_error_name(int32_t status);

// MARK: Normalization and case. Each returns the output length (which may exceed `cap`:
// call again with a larger buffer) and sets `*status`.
int32_t pl_nfkc_casefold(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status);
int32_t pl_nfkc(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status);
int32_t pl_nfd(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status);
int32_t pl_nfc(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status);
/// Full case folding; `turkic` != 0 folds dotted/dotless I the Turkish and Azeri way.
int32_t pl_fold_case(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int turkic, int32_t *status);
int32_t pl_to_lower(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, const char *locale, int32_t *status);

// MARK: Character properties
int32_t pl_char_type(int32_t c);          // UCharCategory
int32_t pl_combining_class(int32_t c);
/// The value of a decimal digit (general category Nd) of any script, else -1.
int32_t pl_digit_value(int32_t c);
int32_t pl_script(int32_t c);             // UScriptCode
int32_t pl_script_extensions_has(int32_t c, int32_t script);
double pl_numeric_value(int32_t c);       // U_NO_NUMERIC_VALUE (-123456789) when none
int32_t pl_is_default_ignorable(int32_t c);
int32_t pl_is_emoji(int32_t c);
const char *pl_script_short_name(int32_t script);

// MARK: Locales
int32_t pl_locale_for_language_tag(const char *tag, char *dst, int32_t cap, int32_t *status);
int32_t pl_locale_to_language_tag(const char *locale, char *dst, int32_t cap, int32_t *status);
int32_t pl_locale_canonicalize(const char *locale, char *dst, int32_t cap, int32_t *status);
int32_t pl_locale_add_likely(const char *locale, char *dst, int32_t cap, int32_t *status);
int32_t pl_locale_minimize(const char *locale, char *dst, int32_t cap, int32_t *status);
/// CLDR's explicit parent (`%%Parent`: es_MX → es_419, zh_Hant → root); 0 when there is none.
int32_t pl_locale_explicit_parent(const char *locale, char *dst, int32_t cap, int32_t *status);
int32_t pl_locale_truncate_parent(const char *locale, char *dst, int32_t cap, int32_t *status);
/// 1 when ICU has locale data for exactly this locale (not only a fallback).
int32_t pl_locale_has_data(const char *locale);
int32_t pl_locale_language(const char *locale, char *dst, int32_t cap, int32_t *status);
int32_t pl_locale_script(const char *locale, char *dst, int32_t cap, int32_t *status);
int32_t pl_locale_region(const char *locale, char *dst, int32_t cap, int32_t *status);

// MARK: Word break. Break iterators are not thread-safe: clone per thread.
PLBreak *pl_break_open_word(const char *locale, int32_t *status);
PLBreak *pl_break_clone(const PLBreak *b, int32_t *status);
void pl_break_close(PLBreak *b);
/// Segments `text` and writes (start, end, ruleStatus) triples for every segment into `out`,
/// at most `capTriples`; returns the number of segments (which may exceed the capacity).
int32_t pl_break_segments(PLBreak *b, const uint16_t *text, int32_t len, int32_t *out, int32_t capTriples, int32_t *status);

// MARK: Transliteration. Not thread-safe: clone per thread.
PLTrans *pl_trans_open(const uint16_t *id, int32_t idLen, int32_t *status);
PLTrans *pl_trans_clone(const PLTrans *t, int32_t *status);
void pl_trans_close(PLTrans *t);
int32_t pl_trans_apply(const PLTrans *t, const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status);

// MARK: Numbers. Formatters are not thread-safe: clone per thread.
enum { PL_NUM_DECIMAL = 1, PL_NUM_CURRENCY = 2, PL_NUM_SPELLOUT = 5, PL_NUM_ORDINAL = 6, PL_NUM_CURRENCY_PLURAL = 11 };
PLNumber *pl_number_open(int32_t style, const char *locale, int32_t *status);
PLNumber *pl_number_clone(const PLNumber *n, int32_t *status);
void pl_number_close(PLNumber *n);
void pl_number_set_lenient(PLNumber *n, int lenient);
/// The public rule set names of a rule-based formatter, ';'-separated ("%spellout-numbering;…").
int32_t pl_number_public_rulesets(const PLNumber *n, uint16_t *dst, int32_t cap, int32_t *status);
int32_t pl_number_format(const PLNumber *n, double value, const uint16_t *ruleset, int32_t rulesetLen,
                         uint16_t *dst, int32_t cap, int32_t *status);
/// Parses from `*pos`; on success `*pos` is the end of what was parsed.
double pl_number_parse(const PLNumber *n, const uint16_t *text, int32_t len, int32_t *pos, int32_t *status);
double pl_number_parse_currency(const PLNumber *n, const uint16_t *text, int32_t len, int32_t *pos,
                                uint16_t *currency4, int32_t *status);
/// Decimal and grouping separators of the locale's decimal format (NUL-terminated UTF-16).
int32_t pl_number_symbol(const PLNumber *n, int32_t which, uint16_t *dst, int32_t cap, int32_t *status);

// MARK: Currencies
int32_t pl_currency_for_locale(const char *locale, uint16_t *dst4, int32_t *status);
/// ISO 4217 codes in common use, comma-separated; returns the length needed.
int32_t pl_currency_codes(char *dst, int32_t cap, int32_t *status);
/// `kind`: 0 symbol, 1 long name, 3 narrow symbol. Returns a pointer into ICU's data, or NULL.
const uint16_t *pl_currency_name(const uint16_t *code, const char *locale, int32_t kind, int32_t *len, int32_t *status);
const uint16_t *pl_currency_plural_name(const uint16_t *code, const char *locale, const char *plural, int32_t *len, int32_t *status);

// MARK: Collation (const use is thread-safe)
PLCollator *pl_collator_open(const char *locale, int32_t *status);
void pl_collator_close(PLCollator *c);
int32_t pl_collator_sort_key(const PLCollator *c, const uint16_t *src, int32_t len, uint8_t *dst, int32_t cap);
int32_t pl_collator_compare(const PLCollator *c, const uint16_t *a, int32_t alen, const uint16_t *b, int32_t blen);

// MARK: Confusables (const use is thread-safe)
PLSpoof *pl_spoof_open(int32_t *status);
void pl_spoof_close(PLSpoof *s);
int32_t pl_spoof_skeleton(const PLSpoof *s, const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status);
/// Returns the USpoofChecks bits that failed (0 = passes), with restriction-level checks on.
int32_t pl_spoof_check(const PLSpoof *s, const uint16_t *src, int32_t len, int32_t *status);

// MARK: Plural rules
int32_t pl_plural_select(const char *locale, double n, char *dst, int32_t cap, int32_t *status);

#ifdef __cplusplus
}
#endif
#endif
