// Implementation of CICU.h over ICU's C API. Keep this file free of policy: it translates types and
// nothing else, so that every decision about text lives in ParlanceText where it is tested.
#include "CICU.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/uchar.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>

struct PLBreak { UBreakIterator *it; };
struct PLTrans { UTransliterator *t; };
struct PLNumber { UNumberFormat *f; };
struct PLCollator { UCollator *c; };
struct PLSpoof { USpoofChecker *s; };

const char *pl_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

static int32_t normalize_with(const UNormalizer2 *n, const uint16_t *src, int32_t len, uint16_t *dst,
                              int32_t cap, UErrorCode *err) {
    if (U_FAILURE(*err)) return 0;
    return unorm2_normalize(n, (const UChar *)src, len, (UChar *)dst, cap, err);
}

#define NORMALIZER(name, getter)                                                                  \
    int32_t name(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status) { \
        UErrorCode err = U_ZERO_ERROR;                                                            \
        const UNormalizer2 *n = getter(&err);                                                     \
        int32_t r = normalize_with(n, src, len, dst, cap, &err);                                  \
        *status = err;                                                                            \
        return r;                                                                                 \
    }
NORMALIZER(pl_nfkc_casefold, unorm2_getNFKCCasefoldInstance)
NORMALIZER(pl_nfkc, unorm2_getNFKCInstance)
NORMALIZER(pl_nfd, unorm2_getNFDInstance)
NORMALIZER(pl_nfc, unorm2_getNFCInstance)

int32_t pl_fold_case(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int turkic, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t r = u_strFoldCase((UChar *)dst, cap, (const UChar *)src, len,
                              turkic ? U_FOLD_CASE_EXCLUDE_SPECIAL_I : U_FOLD_CASE_DEFAULT, &err);
    *status = err;
    return r;
}

int32_t pl_to_lower(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, const char *locale, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t r = u_strToLower((UChar *)dst, cap, (const UChar *)src, len, locale, &err);
    *status = err;
    return r;
}

int32_t pl_char_type(int32_t c) { return (int32_t)u_charType(c); }
int32_t pl_combining_class(int32_t c) { return (int32_t)u_getCombiningClass(c); }
int32_t pl_digit_value(int32_t c) { return u_charType(c) == U_DECIMAL_DIGIT_NUMBER ? u_charDigitValue(c) : -1; }
int32_t pl_script(int32_t c) {
    UErrorCode err = U_ZERO_ERROR;
    UScriptCode s = uscript_getScript(c, &err);
    return U_FAILURE(err) ? USCRIPT_INVALID_CODE : (int32_t)s;
}
int32_t pl_script_extensions_has(int32_t c, int32_t script) { return uscript_hasScript(c, (UScriptCode)script); }
double pl_numeric_value(int32_t c) { return u_getNumericValue(c); }
int32_t pl_is_default_ignorable(int32_t c) { return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT); }
int32_t pl_is_emoji(int32_t c) { return u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC); }
const char *pl_script_short_name(int32_t script) { return uscript_getShortName((UScriptCode)script); }

#define LOCALE_FN(name, call)                                                                  \
    int32_t name(const char *locale, char *dst, int32_t cap, int32_t *status) {               \
        UErrorCode err = U_ZERO_ERROR;                                                         \
        int32_t r = call;                                                                      \
        *status = err;                                                                         \
        return r;                                                                              \
    }
LOCALE_FN(pl_locale_canonicalize, uloc_canonicalize(locale, dst, cap, &err))
LOCALE_FN(pl_locale_add_likely, uloc_addLikelySubtags(locale, dst, cap, &err))
LOCALE_FN(pl_locale_minimize, uloc_minimizeSubtags(locale, dst, cap, &err))
LOCALE_FN(pl_locale_truncate_parent, uloc_getParent(locale, dst, cap, &err))
LOCALE_FN(pl_locale_language, uloc_getLanguage(locale, dst, cap, &err))
LOCALE_FN(pl_locale_script, uloc_getScript(locale, dst, cap, &err))
LOCALE_FN(pl_locale_region, uloc_getCountry(locale, dst, cap, &err))
LOCALE_FN(pl_locale_to_language_tag, uloc_toLanguageTag(locale, dst, cap, 0, &err))

int32_t pl_locale_for_language_tag(const char *tag, char *dst, int32_t cap, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t r = uloc_forLanguageTag(tag, dst, cap, &parsed, &err);
    if (U_SUCCESS(err) && parsed != (int32_t)strlen(tag)) err = U_ILLEGAL_ARGUMENT_ERROR;
    *status = err;
    return r;
}

int32_t pl_locale_explicit_parent(const char *locale, char *dst, int32_t cap, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UResourceBundle *rb = ures_openDirect(NULL, locale, &err);
    if (U_FAILURE(err)) { *status = 0; return 0; }
    int32_t len = 0;
    UErrorCode e2 = U_ZERO_ERROR;
    const UChar *p = ures_getStringByKey(rb, "%%Parent", &len, &e2);
    int32_t out = 0;
    if (U_SUCCESS(e2) && p && len < cap) {
        u_UCharsToChars(p, dst, len);
        dst[len] = 0;
        out = len;
    }
    ures_close(rb);
    *status = 0;
    return out;
}

int32_t pl_locale_has_data(const char *locale) {
    UErrorCode err = U_ZERO_ERROR;
    UResourceBundle *rb = ures_openDirect(NULL, locale, &err);
    if (U_FAILURE(err)) return 0;
    ures_close(rb);
    return 1;
}

PLBreak *pl_break_open_word(const char *locale, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_WORD, locale, NULL, 0, &err);
    *status = err;
    if (U_FAILURE(err)) return NULL;
    PLBreak *b = (PLBreak *)malloc(sizeof(PLBreak));
    b->it = it;
    return b;
}

PLBreak *pl_break_clone(const PLBreak *b, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_clone(b->it, &err);
    *status = err;
    if (U_FAILURE(err)) return NULL;
    PLBreak *c = (PLBreak *)malloc(sizeof(PLBreak));
    c->it = it;
    return c;
}

void pl_break_close(PLBreak *b) {
    if (!b) return;
    ubrk_close(b->it);
    free(b);
}

int32_t pl_break_segments(PLBreak *b, const uint16_t *text, int32_t len, int32_t *out, int32_t capTriples, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    ubrk_setText(b->it, (const UChar *)text, len, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    int32_t count = 0;
    int32_t start = ubrk_first(b->it);
    for (int32_t end = ubrk_next(b->it); end != UBRK_DONE; start = end, end = ubrk_next(b->it)) {
        if (count < capTriples) {
            out[count * 3] = start;
            out[count * 3 + 1] = end;
            out[count * 3 + 2] = ubrk_getRuleStatus(b->it);
        }
        count++;
    }
    // The iterator keeps a pointer to the text: detach it before the caller's buffer goes away.
    UErrorCode e2 = U_ZERO_ERROR;
    ubrk_setText(b->it, NULL, 0, &e2);
    *status = 0;
    return count;
}

PLTrans *pl_trans_open(const uint16_t *id, int32_t idLen, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UTransliterator *t = utrans_openU((const UChar *)id, idLen, UTRANS_FORWARD, NULL, 0, NULL, &err);
    *status = err;
    if (U_FAILURE(err)) return NULL;
    PLTrans *r = (PLTrans *)malloc(sizeof(PLTrans));
    r->t = t;
    return r;
}

PLTrans *pl_trans_clone(const PLTrans *t, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UTransliterator *c = utrans_clone(t->t, &err);
    *status = err;
    if (U_FAILURE(err)) return NULL;
    PLTrans *r = (PLTrans *)malloc(sizeof(PLTrans));
    r->t = c;
    return r;
}

void pl_trans_close(PLTrans *t) {
    if (!t) return;
    utrans_close(t->t);
    free(t);
}

int32_t pl_trans_apply(const PLTrans *t, const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status) {
    if (len > cap) { *status = U_BUFFER_OVERFLOW_ERROR; return len * 4; }
    memcpy(dst, src, sizeof(uint16_t) * (size_t)len);
    int32_t textLength = len;
    int32_t limit = len;
    UErrorCode err = U_ZERO_ERROR;
    utrans_transUChars(t->t, (UChar *)dst, &textLength, cap, 0, &limit, &err);
    *status = err;
    return textLength;
}

PLNumber *pl_number_open(int32_t style, const char *locale, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UNumberFormat *f = unum_open((UNumberFormatStyle)style, NULL, 0, locale, NULL, &err);
    *status = err;
    if (U_FAILURE(err)) return NULL;
    PLNumber *n = (PLNumber *)malloc(sizeof(PLNumber));
    n->f = f;
    return n;
}

PLNumber *pl_number_clone(const PLNumber *n, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UNumberFormat *f = unum_clone(n->f, &err);
    *status = err;
    if (U_FAILURE(err)) return NULL;
    PLNumber *c = (PLNumber *)malloc(sizeof(PLNumber));
    c->f = f;
    return c;
}

void pl_number_close(PLNumber *n) {
    if (!n) return;
    unum_close(n->f);
    free(n);
}

void pl_number_set_lenient(PLNumber *n, int lenient) { unum_setAttribute(n->f, UNUM_LENIENT_PARSE, lenient ? 1 : 0); }

int32_t pl_number_public_rulesets(const PLNumber *n, uint16_t *dst, int32_t cap, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t r = unum_getTextAttribute(n->f, UNUM_PUBLIC_RULESETS, (UChar *)dst, cap, &err);
    *status = err;
    return r;
}

int32_t pl_number_format(const PLNumber *n, double value, const uint16_t *ruleset, int32_t rulesetLen,
                         uint16_t *dst, int32_t cap, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    if (ruleset && rulesetLen > 0) {
        unum_setTextAttribute(n->f, UNUM_DEFAULT_RULESET, (const UChar *)ruleset, rulesetLen, &err);
        if (U_FAILURE(err)) { *status = err; return 0; }
    }
    int32_t r = unum_formatDouble(n->f, value, (UChar *)dst, cap, NULL, &err);
    *status = err;
    return r;
}

double pl_number_parse(const PLNumber *n, const uint16_t *text, int32_t len, int32_t *pos, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    double v = unum_parseDouble(n->f, (const UChar *)text, len, pos, &err);
    *status = err;
    return v;
}

double pl_number_parse_currency(const PLNumber *n, const uint16_t *text, int32_t len, int32_t *pos,
                                uint16_t *currency4, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    double v = unum_parseDoubleCurrency(n->f, (const UChar *)text, len, pos, (UChar *)currency4, &err);
    *status = err;
    return v;
}

int32_t pl_number_symbol(const PLNumber *n, int32_t which, uint16_t *dst, int32_t cap, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t r = unum_getSymbol(n->f, (UNumberFormatSymbol)which, (UChar *)dst, cap, &err);
    *status = err;
    return r;
}

int32_t pl_currency_for_locale(const char *locale, uint16_t *dst4, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t r = ucurr_forLocale(locale, (UChar *)dst4, 4, &err);
    *status = err;
    return r;
}

int32_t pl_currency_codes(char *dst, int32_t cap, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UEnumeration *en = ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    const char *code;
    int32_t len, used = 0;
    while ((code = uenum_next(en, &len, &err)) != NULL && U_SUCCESS(err)) {
        if (used + len + 1 < cap) {
            if (used > 0) dst[used] = ',';
            memcpy(dst + used + (used > 0 ? 1 : 0), code, (size_t)len);
        }
        used += len + (used > 0 ? 1 : 0);
    }
    if (used < cap) dst[used] = 0;
    uenum_close(en);
    *status = U_FAILURE(err) ? err : 0;
    return used;
}

const uint16_t *pl_currency_name(const uint16_t *code, const char *locale, int32_t kind, int32_t *len, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UBool isChoice = 0;
    const UChar *r = ucurr_getName((const UChar *)code, locale, (UCurrNameStyle)kind, &isChoice, len, &err);
    *status = err;
    return U_FAILURE(err) ? NULL : (const uint16_t *)r;
}

const uint16_t *pl_currency_plural_name(const uint16_t *code, const char *locale, const char *plural, int32_t *len, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UBool isChoice = 0;
    const UChar *r = ucurr_getPluralName((const UChar *)code, locale, &isChoice, plural, len, &err);
    *status = err;
    return U_FAILURE(err) ? NULL : (const uint16_t *)r;
}

PLCollator *pl_collator_open(const char *locale, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UCollator *c = ucol_open(locale, &err);
    if (U_FAILURE(err)) { *status = err; return NULL; }
    ucol_setStrength(c, UCOL_PRIMARY);
    ucol_setAttribute(c, UCOL_ALTERNATE_HANDLING, UCOL_SHIFTED, &err);
    *status = U_FAILURE(err) ? err : 0;
    PLCollator *r = (PLCollator *)malloc(sizeof(PLCollator));
    r->c = c;
    return r;
}

void pl_collator_close(PLCollator *c) {
    if (!c) return;
    ucol_close(c->c);
    free(c);
}

int32_t pl_collator_sort_key(const PLCollator *c, const uint16_t *src, int32_t len, uint8_t *dst, int32_t cap) {
    return ucol_getSortKey(c->c, (const UChar *)src, len, dst, cap);
}

int32_t pl_collator_compare(const PLCollator *c, const uint16_t *a, int32_t alen, const uint16_t *b, int32_t blen) {
    return (int32_t)ucol_strcoll(c->c, (const UChar *)a, alen, (const UChar *)b, blen);
}

PLSpoof *pl_spoof_open(int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    USpoofChecker *s = uspoof_open(&err);
    if (U_FAILURE(err)) { *status = err; return NULL; }
    uspoof_setChecks(s, USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_SCRIPT_CONFUSABLE | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS, &err);
    uspoof_setRestrictionLevel(s, USPOOF_MODERATELY_RESTRICTIVE);
    *status = err;
    PLSpoof *r = (PLSpoof *)malloc(sizeof(PLSpoof));
    r->s = s;
    return r;
}

void pl_spoof_close(PLSpoof *s) {
    if (!s) return;
    uspoof_close(s->s);
    free(s);
}

int32_t pl_spoof_skeleton(const PLSpoof *s, const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t r = uspoof_getSkeleton(s->s, 0, (const UChar *)src, len, (UChar *)dst, cap, &err);
    *status = err;
    return r;
}

int32_t pl_spoof_check(const PLSpoof *s, const uint16_t *src, int32_t len, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t r = uspoof_check2(s->s, (const UChar *)src, len, NULL, &err);
    *status = err;
    return r;
}

int32_t pl_plural_select(const char *locale, double n, char *dst, int32_t cap, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UPluralRules *pr = uplrules_open(locale, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    UChar buf[32];
    int32_t len = uplrules_select(pr, n, buf, 32, &err);
    uplrules_close(pr);
    if (U_FAILURE(err) || len >= cap) { *status = U_FAILURE(err) ? err : U_BUFFER_OVERFLOW_ERROR; return 0; }
    u_UCharsToChars(buf, dst, len);
    dst[len] = 0;
    *status = 0;
    return len;
}
