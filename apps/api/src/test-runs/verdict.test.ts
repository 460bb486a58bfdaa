import { describe, expect, it } from 'vitest';
import { judgeTurn, matchesSubset, type TurnObservation } from './verdict.js';

const observed = (partial: Partial<TurnObservation>): TurnObservation => ({
  replies: [],
  toolCalls: [],
  latencyMs: 80,
  ...partial,
});
const search = { name: 'search_products', arguments: { query: 'Tents', limit: 5 }, page: true };

describe('matchesSubset', () => {
  it('needs only the expected keys, strings case- and space-insensitively', () => {
    expect(
      matchesSubset({ query: 'Waterproof  boots', limit: 5 }, { query: 'waterproof boots' }),
    ).toBe(true);
    expect(matchesSubset({ query: 'boots' }, { query: 'waterproof boots' })).toBe(false);
    expect(matchesSubset({ filters: { size: 42, color: 'red' } }, { filters: { size: 42 } })).toBe(
      true,
    );
    expect(matchesSubset({ filters: { size: '42' } }, { filters: { size: 42 } })).toBe(false);
    expect(matchesSubset({}, { query: 'tent' })).toBe(false);
  });

  it('compares arrays item by item with the same length', () => {
    expect(matchesSubset({ ids: ['a', 'b'] }, { ids: ['A', 'b'] })).toBe(true);
    expect(matchesSubset({ ids: ['a', 'b', 'c'] }, { ids: ['a', 'b'] })).toBe(false);
    expect(matchesSubset({ ids: 'a' }, { ids: ['a'] })).toBe(false);
  });
});

describe('judgeTurn', () => {
  it('passes the expected tool with matching arguments and the phrases', () => {
    expect(
      judgeTurn(
        {
          tool: { name: 'search_products', arguments: { query: 'tents' } },
          reply_contains: ['TENT'],
          reply_not_contains: ['sorry'],
        },
        observed({ replies: ['Here are some tents.'], toolCalls: [search] }),
      ),
    ).toEqual({ verdict: 'pass', reason: '' });
  });

  it('names the tool expected and the calls made', () => {
    expect(
      judgeTurn(
        { tool: { name: 'add_to_cart' } },
        observed({ replies: ['Here.'], toolCalls: [search] }),
      ),
    ).toEqual({
      verdict: 'fail',
      reason:
        'expected a call of add_to_cart, the agent called search_products {"query":"Tents","limit":5}',
    });
    expect(
      judgeTurn({ tool: { name: 'add_to_cart' } }, observed({ replies: ['Hello.'] })).reason,
    ).toBe('expected a call of add_to_cart, the agent called no tool');
  });

  it('fails arguments that differ, and lists every unmet expectation', () => {
    const verdict = judgeTurn(
      {
        tool: { name: 'search_products', arguments: { query: 'boots' } },
        reply_contains: ['boots'],
        reply_not_contains: ['tents'],
      },
      observed({ replies: ['Some tents.'], toolCalls: [search] }),
    );
    expect(verdict.verdict).toBe('fail');
    expect(verdict.reason).toBe(
      'expected search_products with {"query":"boots"}, the agent called search_products {"query":"Tents","limit":5}; the reply lacks "boots"; the reply contains "tents"',
    );
  });

  it('fails a turn the agent never answered, even one that expects nothing', () => {
    expect(judgeTurn({}, observed({ latencyMs: null, problem: 'no answer within 30 s' }))).toEqual({
      verdict: 'fail',
      reason: 'no answer within 30 s',
    });
    expect(judgeTurn({}, observed({ replies: ['Hi!'] }))).toEqual({ verdict: 'pass', reason: '' });
  });
});
