import { describe, expect, it } from 'vitest';
import { completionRate, conversationsPerDay, totalsBy, type Stats } from './stats-model';

const stats: Stats = {
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-03T00:00:00.000Z',
  publications: [
    {
      publication_uuid: 'p',
      label: 'production',
      scenario_id: 1,
      scenario_name: 'Shop',
      conversations: 5,
      ended: 4,
      completed: 3,
    },
    {
      publication_uuid: 's',
      label: 'staging',
      scenario_id: 1,
      scenario_name: 'Shop',
      conversations: 1,
      ended: 0,
      completed: 0,
    },
  ],
  conversations_per_day: [
    { publication_uuid: 'p', day: '2026-11-02', conversations: 3 },
    { publication_uuid: 'p', day: '2026-11-01', conversations: 2 },
    { publication_uuid: 's', day: '2026-11-02', conversations: 1 },
  ],
  end_reasons: [
    { publication_uuid: 'p', end_reason: 'visitor', conversations: 3 },
    { publication_uuid: 'p', end_reason: null, conversations: 1 },
  ],
  turn_latency: [],
  tool_usage: [
    { publication_uuid: 'p', tool: 'search_products', calls: 4 },
    { publication_uuid: 's', tool: 'search_products', calls: 1 },
    { publication_uuid: 'p', tool: 'add_to_cart', calls: 2 },
  ],
  empty_searches: [],
};

describe('stats-model', () => {
  it('pivots conversations per day into one row a day, a series per publication', () => {
    expect(conversationsPerDay(stats)).toEqual({
      series: ['Shop (production)', 'Shop (staging)'],
      rows: [
        { day: '2026-11-01', 'Shop (production)': 2, 'Shop (staging)': 0 },
        { day: '2026-11-02', 'Shop (production)': 3, 'Shop (staging)': 1 },
      ],
    });
  });

  it('sums over publications, largest first', () => {
    expect(
      totalsBy(
        stats.tool_usage,
        (row) => row.tool,
        (row) => row.calls,
      ),
    ).toEqual([
      { name: 'search_products', value: 5 },
      { name: 'add_to_cart', value: 2 },
    ]);
    expect(
      totalsBy(
        stats.end_reasons,
        (row) => row.end_reason ?? 'none',
        (row) => row.conversations,
      ),
    ).toEqual([
      { name: 'visitor', value: 3 },
      { name: 'none', value: 1 },
    ]);
  });

  it('gives the completion rate of ended conversations', () => {
    expect(completionRate({ ended: 4, completed: 3 })).toBe(75);
    expect(completionRate({ ended: 0, completed: 0 })).toBeUndefined();
  });
});
