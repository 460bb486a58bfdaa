import type { ConversationFilters } from '../api/types';
import { dayBounds } from '../dates';

/** The filters as the list query takes them: empty ones left out, dates as ISO instants. */
export function filterQuery(form: {
  scenario: string | null;
  status: string | null;
  endReason: string;
  previews: string | null;
  externalId: string;
  from: string;
  to: string;
}): ConversationFilters {
  const query: ConversationFilters = {};
  if (form.scenario) query.scenario_id = Number(form.scenario);
  if (form.status === 'running' || form.status === 'ended') query.status = form.status;
  if (form.endReason.trim()) query.end_reason = form.endReason.trim();
  if (form.previews === 'include' || form.previews === 'exclude' || form.previews === 'only')
    query.previews = form.previews;
  if (form.externalId.trim()) query.external_id = form.externalId.trim();
  return { ...query, ...dayBounds(form.from, form.to) };
}
