import { describe, expect, it } from 'vitest';
import { filterQuery } from './filter-query';

const empty = {
  scenario: null,
  status: null,
  endReason: '',
  previews: null,
  externalId: '',
  from: '',
  to: '',
};

describe('filterQuery', () => {
  it('leaves empty filters out', () => {
    expect(filterQuery(empty)).toEqual({});
  });

  it('sends each filter as the API names it, days as whole-day instants', () => {
    const query = filterQuery({
      scenario: '3',
      status: 'ended',
      endReason: ' agent_ended ',
      previews: 'only',
      externalId: 'visitor-1',
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(query).toMatchObject({
      scenario_id: 3,
      status: 'ended',
      end_reason: 'agent_ended',
      previews: 'only',
      external_id: 'visitor-1',
    });
    expect(new Date(query.from ?? '').getTime()).toBe(new Date('2026-11-01T00:00:00').getTime());
    expect(new Date(query.to ?? '').getTime()).toBe(new Date('2026-11-02T23:59:59.999').getTime());
  });
});
