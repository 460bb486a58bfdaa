// Numbers, prices and dates for the visitor's locale, through Intl. A locale the runtime does not
// know falls back to its default, as Intl does for a supported but unavailable one.

const cache = new Map<string, Intl.NumberFormat>();

function formatter(locale: string | undefined, options: Intl.NumberFormatOptions) {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    try {
      found = new Intl.NumberFormat(locale, options);
    } catch {
      // A malformed locale tag or currency code: the runtime's default, never a thrown render.
      found = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
    }
    cache.set(key, found);
  }
  return found;
}

/** A number for display: at most two decimals, grouped as the locale groups. */
export function formatNumber(value: number, locale?: string): string {
  return formatter(locale, { maximumFractionDigits: 2 }).format(value);
}

/** A price in `currency` (an ISO 4217 code); a plain number when there is none. */
export function formatPrice(value: number, currency: string | undefined, locale?: string): string {
  return currency
    ? formatter(locale, { style: 'currency', currency }).format(value)
    : formatNumber(value, locale);
}

const dateCache = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = dateCache.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A malformed locale tag: the runtime's default, never a thrown render.
      found = new Intl.DateTimeFormat(undefined, options);
    }
    dateCache.set(key, found);
  }
  return found;
}

/** A date (and time, unless `time` is false) for display, as the locale writes it. */
export function formatDate(value: Date | number, locale?: string, time = true): string {
  return dateFormatter(
    locale,
    time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(value);
}

/** A time of day for display (`14:05`, `2:05 PM`), as the locale writes it. */
export function formatTime(value: Date | number, locale?: string): string {
  return dateFormatter(locale, { timeStyle: 'short' }).format(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A text from item data for display: an ISO 8601 date (`2026-05-01`) or date and time as the
 * locale writes it, any other text as it is. A date alone is read in UTC, so that it is the same
 * day wherever the visitor is.
 */
export function formatText(text: string, locale?: string): string {
  if (ISO_DATE.test(text)) {
    const day = Date.parse(`${text}T00:00:00Z`);
    return Number.isNaN(day)
      ? text
      : dateFormatter(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
  }
  if (ISO_DATE_TIME.test(text)) {
    const moment = Date.parse(text.replace(' ', 'T'));
    return Number.isNaN(moment) ? text : formatDate(moment, locale);
  }
  return text;
}
