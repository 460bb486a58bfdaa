import { describe, expect, it } from 'vitest';
import { lexiconOf } from './test-shops.js';
import { daysAsSaid, readWeekdays } from './said-day.js';
import type { ClockTurn } from './said-time.js';

const lexicon = lexiconOf;
const en = lexicon('en');
/** The visitor's turns, one per text. */
const said = (...texts: string[]): ClockTurn[] => texts.map((text) => ({ role: 'user', text }));
const days = (text: string, code = 'en') => readWeekdays(text, lexicon(code)).map(({ day }) => day);

const schema = {
  type: 'object',
  properties: {
    day: { type: 'string', description: 'The day of the week.' },
    time: { type: 'string' },
    guests: { type: 'integer' },
  },
  required: ['day'],
};
const enumSchema = {
  type: 'object',
  properties: { day: { type: 'string', enum: ['wednesday', 'thursday', 'friday'] } },
};

describe('the weekdays a visitor names', () => {
  it('reads the names Intl gives each language, plurals too, Monday as 0', () => {
    expect(days('could we do thursday instead')).toEqual([3]);
    expect(days('we only come on Sundays')).toEqual([6]);
    expect(days('plutôt mercredi ou vendredi', 'fr')).toEqual([2, 4]);
    expect(days('el sábado por la noche', 'es')).toEqual([5]);
    expect(days('montags geht es nicht, lieber Dienstag', 'de')).toEqual([0, 1]);
    // The models write English names whatever the conversation's language.
    expect(days('Tuesday', 'fr')).toEqual([1]);
    expect(days('a table for four at eight')).toEqual([]);
  });
});

describe('a day the model gives a business tool', () => {
  it('is held to the weekday the visitor named last, written as the model wrote it', () => {
    const turns = said('book us for wednesday at 8', 'actually make that friday');
    expect(daysAsSaid(schema, { day: 'Thursday', time: '20:00' }, turns, en)).toEqual({
      args: { day: 'Friday', time: '20:00' },
      changed: true,
    });
    expect(daysAsSaid(schema, { day: 'friday evening' }, turns, en).args).toEqual({
      day: 'friday evening',
    });
    expect(daysAsSaid(schema, { day: 'next monday' }, turns, en).args).toEqual({
      day: 'next friday',
    });
    // French words, an English value: the English name is written.
    const fr = lexicon('fr');
    expect(daysAsSaid(schema, { day: 'tuesday' }, said('pour jeudi soir'), fr).args).toEqual({
      day: 'thursday',
    });
    expect(daysAsSaid(schema, { day: 'mardi' }, said('pour jeudi soir'), fr).args).toEqual({
      day: 'jeudi',
    });
  });

  it('stands when the agent or a tool offered it after the visitor named another', () => {
    const turns: ClockTurn[] = [
      ...said('is monday possible'),
      { role: 'assistant', text: 'We are closed on Mondays. Would Tuesday suit you?' },
      ...said('sure, that works'),
    ];
    expect(daysAsSaid(schema, { day: 'tuesday' }, turns, en)).toEqual({
      args: { day: 'tuesday' },
      changed: false,
    });
  });

  it('is left to the model when the visitor named the day otherwise', () => {
    for (const text of ['tomorrow at noon', 'on the 14th of March', 'tonight if you can'])
      expect(daysAsSaid(schema, { day: 'saturday' }, said(text), en)).toEqual({
        args: { day: 'saturday' },
        changed: false,
      });
    expect(
      daysAsSaid(schema, { day: 'saturday' }, said('für morgen bitte'), lexicon('de')).changed,
    ).toBe(false);
  });

  it('is unsaid when nobody named any day', () => {
    expect(daysAsSaid(schema, { day: 'tuesday' }, said('I need to cancel a booking'), en)).toEqual({
      args: { day: 'tuesday' },
      changed: false,
      unsaid: 'day',
    });
  });

  it('takes a value of its enum, and is outside it when the visitor named a day it lacks', () => {
    expect(daysAsSaid(enumSchema, { day: 'wednesday' }, said('Friday please'), en).args).toEqual({
      day: 'friday',
    });
    expect(daysAsSaid(enumSchema, { day: 'wednesday' }, said('a table on monday'), en)).toEqual({
      args: { day: 'wednesday' },
      changed: false,
      outside: 'day',
    });
  });

  it('leaves a call with two days, or none, as the model made it', () => {
    const range = {
      type: 'object',
      properties: { from: { type: 'string' }, until: { type: 'string' } },
    };
    const both = { from: 'monday', until: 'friday' };
    expect(daysAsSaid(range, both, said('wednesday'), en)).toEqual({ args: both, changed: false });
    expect(daysAsSaid(schema, { time: '19:00' }, said('wednesday'), en).changed).toBe(false);
  });
});
