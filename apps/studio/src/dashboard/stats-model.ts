// The dashboard's figures shaped for charts and tables: the API answers rows per publication; the
// charts want one row per day (a series per publication) or one total per reason or tool.
import type { Answer } from '../api/types';

/** What `GET /v1/admin/stats` answers. */
export type Stats = Answer<'/v1/admin/stats', 'get'>;

/** A publication's name on the dashboard: its scenario and label. */
export function publicationNames(stats: Stats): Map<string, string> {
  return new Map(
    stats.publications.map((publication) => [
      publication.publication_uuid,
      `${publication.scenario_name} (${publication.label})`,
    ]),
  );
}

/** Conversations per day, one row per day (oldest first), one key per publication name. */
export function conversationsPerDay(stats: Stats): {
  rows: Record<string, string | number>[];
  series: string[];
} {
  const names = publicationNames(stats);
  const byDay = new Map<string, Record<string, string | number>>();
  const series = new Set<string>();
  for (const row of stats.conversations_per_day) {
    const name = names.get(row.publication_uuid) ?? row.publication_uuid;
    series.add(name);
    const day = byDay.get(row.day) ?? { day: row.day };
    day[name] = (Number(day[name]) || 0) + row.conversations;
    byDay.set(row.day, day);
  }
  const rows = [...byDay.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)));
  // Every series present in every row, so a day without a publication's conversations reads 0.
  for (const row of rows) for (const name of series) row[name] ??= 0;
  return { rows, series: [...series] };
}

/** `rows` summed by `key` over every publication, largest first. */
export function totalsBy<Row>(
  rows: readonly Row[],
  key: (row: Row) => string,
  count: (row: Row) => number,
): { name: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(key(row), (totals.get(key(row)) ?? 0) + count(row));
  return [...totals]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
}

/** The share of ended conversations that completed, as a percentage (undefined with none ended). */
export function completionRate(publication: {
  ended: number;
  completed: number;
}): number | undefined {
  return publication.ended === 0
    ? undefined
    : Math.round((100 * publication.completed) / publication.ended);
}
