import { describe, expect, it } from 'vitest';
import { ClauseGate, figuresOf, unknownFigures } from './grounding.js';

const salon = figuresOf(
  "Opening hours: Monday to Friday 9:00 to 19:00. Prices: men's cut 25 pounds, colour from 70 pounds.",
);

describe('unknownFigures', () => {
  it('finds the figures a reply made up and lets those of the sources through', () => {
    expect(unknownFigures('Delivery usually takes 5-7 days.', salon)).toEqual([5, 7]);
    expect(unknownFigures('Call us at 555-1234.', salon)).toEqual([555, 1234]);
    expect(unknownFigures("A men's cut is 25 pounds; we close at 7 pm.", salon)).toEqual([]);
    expect(unknownFigures('We open at 9:30.', salon)).toEqual([30]);
  });
});

describe('ClauseGate', () => {
  it('lets clauses through as they end and stops at one with a made-up figure', () => {
    const gate = new ClauseGate(salon);
    expect(gate.push('Yes, we')).toBe('Yes,');
    expect(gate.push(' are open on Saturday. Parking costs 3')).toBe(' we are open on Saturday.');
    expect(gate.push(' pounds. ')).toBe('');
    expect(gate.refused).toBe(true);
    expect(gate.flush()).toBe('');
  });

  it('answers the rest of a grounded reply when it ends', () => {
    const gate = new ClauseGate(salon);
    expect(gate.push('Colour starts at 70')).toBe('');
    expect(gate.flush()).toBe('Colour starts at 70');
  });
});
