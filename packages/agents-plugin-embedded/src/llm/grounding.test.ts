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

  it('holds a figure only in a unit the sources state it in', () => {
    const desk = figuresOf(
      'Plans: Basic 100 Mbps at 25 pounds a month. Unplug the router for 30 seconds; a 12-month contract. Open 8:00 to 20:00.',
    );
    // The prompt's 30 is seconds: 30 minutes came from nowhere; so did 25 minutes.
    expect(unknownFigures('Installation takes about 30 minutes.', desk)).toEqual([30]);
    expect(unknownFigures('It takes 25 minutes.', desk)).toEqual([25]);
    expect(unknownFigures('Basic gives 100 Mbps upload.', desk)).toEqual([]);
    // The same unit written another way, or no unit at all, is held.
    expect(unknownFigures('Unplug it for 30 seconds.', desk)).toEqual([]);
    expect(unknownFigures('The contract is 12 months long.', desk)).toEqual([]);
    expect(unknownFigures('Basic is 25 pounds a month, or £25.', desk)).toEqual([]);
    // A unit the texts also write as a word is still a unit: "each month" does not make the
    // contract's 12 months a source of any other 12.
    const billed = figuresOf('Bills are taken on the 1st of each month; a 12-month contract.');
    expect(unknownFigures('A new line is ready in 12 months.', billed)).toEqual([12]);
    expect(unknownFigures('The contract runs for 12 months.', billed)).toEqual([]);
    // A short word after a figure that the texts write elsewhere, or one written before a figure,
    // joins two figures or a figure and its unit: no unit ("to", "a", "until").
    expect(unknownFigures('We are open 8 until 20.', figuresOf('Open 8:00 to 20:00.'))).toEqual([]);
    expect(unknownFigures('We are open 8:00 to 20:00 every day.', desk)).toEqual([]);
    expect(unknownFigures('We close at 8 pm.', desk)).toEqual([]);
    // Catalogue results state figures without units: any unit holds them.
    const item = figuresOf('{"name":"Summit Tent","price":666.99,"weight_g":740}');
    expect(unknownFigures('It costs $666.99 and weighs 740 grams.', item)).toEqual([]);
  });

  it('holds a figure only where a source says it of what the reply or the question speaks of', () => {
    const garage = figuresOf(
      'Prices: MOT test 55 pounds, full service from 180 pounds, interim service from 120 pounds, air conditioning regas from 70 pounds.',
    );
    // Tyres are in no price: the full service's 180 pounds does not hold them, whatever the
    // reply copies of the list's wording ("from" is said of every price but one).
    expect(unknownFigures('New tyres cost 180 pounds.', garage, 'how much for tyres')).toEqual([
      180,
    ]);
    expect(unknownFigures('Tyres are from 180 pounds.', garage, 'and tyres?')).toEqual([180]);
    // Said of the service, or of what the visitor asked about: held.
    expect(unknownFigures('A full service is from 180 pounds.', garage)).toEqual([]);
    expect(unknownFigures('It is 55 pounds.', garage, 'how much is an MOT test')).toEqual([]);
    expect(unknownFigures('Services start at 120 pounds.', garage, 'price?')).toEqual([]);
    // A figure without its unit, or one a source states without a unit, is not read so.
    expect(unknownFigures('That would be 180.', garage, 'how much for tyres')).toEqual([]);
    const item = figuresOf('{"name":"Summit Tent","price":666.99}');
    expect(unknownFigures('That one is 666.99 dollars.', item, 'how much?')).toEqual([]);
  });

  it('takes the small figures that bound a range as claims', () => {
    expect(unknownFigures('Connection takes 1-2 business days.', salon)).toEqual([1, 2]);
    expect(unknownFigures('I added 2 of them to your cart.', salon)).toEqual([]);
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
