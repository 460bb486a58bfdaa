// Numbers and prices for the visitor's locale, through Intl.NumberFormat. A locale the runtime does
// not know falls back to its default, as Intl does for a supported but unavailable one.

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
