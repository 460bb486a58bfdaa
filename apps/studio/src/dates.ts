/**
 * A day range as the API's `from` / `to` instants: whole days in the admin's time zone, empty
 * ends left out.
 */
export function dayBounds(from: string, to: string): { from?: string; to?: string } {
  return {
    ...(from ? { from: new Date(`${from}T00:00:00`).toISOString() } : {}),
    ...(to ? { to: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
  };
}
