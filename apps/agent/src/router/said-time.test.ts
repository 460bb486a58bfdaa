import { describe, expect, it } from 'vitest';
import { lexiconOf } from './test-shops.js';
import { readTimes, timeAsSaid, timesAsSaid, type ClockTurn } from './said-time.js';

const lexicon = lexiconOf;
/** The times a text says, as "HH:MM" when certain and "h:MM?" when the half of the day is not. */
const times = (text: string, code = 'en') =>
  readTimes(text, lexicon(code)).map(
    ({ hour, minute, certain }) =>
      `${certain ? String(hour).padStart(2, '0') : hour}:${String(minute).padStart(2, '0')}${certain ? '' : '?'}`,
  );

describe('the times of day a visitor says', () => {
  it('reads English clock times, in words or digits, with the half of the day when it is said', () => {
    expect(times('could we come in at 6')).toEqual(['6:00?']);
    expect(times('make it 7pm')).toEqual(['19:00']);
    expect(times('around 8 p.m. if possible')).toEqual(['20:00']);
    expect(times('is 18:45 free')).toEqual(['18:45']);
    expect(times('eleven fifteen in the morning')).toEqual(['11:15']);
    expect(times('how about quarter to nine tonight')).toEqual(['20:45']);
    expect(times('twenty past six')).toEqual(['6:20?']);
    expect(times('half past twelve')).toEqual(['12:30?']);
    expect(times('we could do half eight')).toEqual(['8:30?']);
    expect(times('lunch at noon')).toEqual(['12:00']);
    expect(times("nine o'clock")).toEqual(['9:00?']);
  });

  it('says no time for numbers that are not one: a party, a price, a date', () => {
    expect(times('a table for 4 on friday')).toEqual([]);
    expect(times('we are six people, two of them kids')).toEqual([]);
    expect(times('anything under 30 dollars')).toEqual([]);
    expect(times('on the 21st')).toEqual([]);
    expect(times('about 6 of us, around 8 people next time')).toEqual([]);
    expect(times('il me faut des 2 lampes', 'fr')).toEqual([]);
  });

  it('reads French, Spanish and German times as their speakers say them', () => {
    expect(times('vers 20h30', 'fr')).toEqual(['20:30']);
    expect(times('à huit heures et quart du soir', 'fr')).toEqual(['20:15']);
    expect(times('à neuf heures moins le quart', 'fr')).toEqual(['8:45?']);
    expect(times("à deux heures de l'après-midi", 'fr')).toEqual(['14:00']);
    expect(times('para cuatro personas a las siete y media de la tarde', 'es')).toEqual(['19:30']);
    expect(times('a las diez menos cuarto', 'es')).toEqual(['9:45?']);
    expect(times('a las ocho y veinte', 'es')).toEqual(['8:20?']);
    expect(times('al mediodía', 'es')).toEqual(['12:00']);
    expect(times('um halb neun', 'de')).toEqual(['8:30?']);
    expect(times('gegen 19 Uhr 15', 'de')).toEqual(['19:15']);
    expect(times('zehn nach sieben abends', 'de')).toEqual(['19:10']);
    expect(times('für fünf Personen um acht', 'de')).toEqual(['8:00?']);
  });
});

describe('a time the model gives a tool, held to the visitor', () => {
  const en = lexicon('en');
  const turns = (...texts: string[]): ClockTurn[] =>
    texts.map((text, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', text }));

  it('takes the time the visitor said over the model’s reading of it', () => {
    expect(timeAsSaid('11:15', turns('a table at eleven fifteen at night please'), en)).toBe(
      '23:15',
    );
    // Said without its half, the model's half stands.
    expect(timeAsSaid('18:30', turns('dinner around half six'), en)).toBeUndefined();
    expect(timeAsSaid('16:30', turns('dinner around half six'), en)).toBe('18:30');
    // A later time replaces the one the model carried over from its earlier call.
    expect(
      timeAsSaid('19:00', turns('book us for 7pm', 'Done.', 'actually 8 pm works better'), en),
    ).toBe('20:00');
    // An hour said bare after an evening time is in the evening too.
    expect(
      timeAsSaid(
        '8:00',
        turns('can we come at 9 in the evening', 'We close at nine.', 'ok, at 8 then'),
        en,
      ),
    ).toBe('20:00');
    // Written as the model writes times.
    expect(timeAsSaid('7:00 PM', turns('make it 8pm'), en)).toBe('8:00 PM');
    expect(timeAsSaid('20:00 ', turns('8pm'), en)).toBe('20:00');
  });

  it('leaves the model’s time when the visitor said none, or the agent offered it since', () => {
    expect(timeAsSaid('19:00', turns('a table for four on friday'), en)).toBeUndefined();
    expect(
      timeAsSaid(
        '20:15',
        turns('at 8 pm please', 'We are full at 8, is 8:15 all right?', 'sure'),
        en,
      ),
    ).toBeUndefined();
  });

  it('changes only a lone free-text time of a call, and finds one nobody said', () => {
    const schema = {
      type: 'object',
      properties: {
        day: { type: 'string', enum: ['friday', 'saturday'] },
        time: { type: 'string' },
        name: { type: 'string' },
      },
    };
    const said = turns('saturday, a quarter past seven in the evening');
    expect(timesAsSaid(schema, { day: 'saturday', time: '07:15', name: 'Ng' }, said, en)).toEqual({
      args: { day: 'saturday', time: '19:15', name: 'Ng' },
      changed: true,
    });
    const kept = { day: 'saturday', time: '19:15' };
    expect(timesAsSaid(schema, kept, said, en)).toEqual({ args: kept, changed: false });
    const range = {
      type: 'object',
      properties: { from: { type: 'string' }, until: { type: 'string' } },
    };
    const both = { from: '07:15', until: '09:00' };
    expect(timesAsSaid(range, both, said, en)).toEqual({ args: both, changed: false });
    // Nobody said a time: the model made its own up.
    const untimed = turns('a table for two on saturday please');
    expect(timesAsSaid(schema, { day: 'saturday', time: '19:30' }, untimed, en)).toEqual({
      args: { day: 'saturday', time: '19:30' },
      changed: false,
      unsaid: 'time',
    });
    // An hour said bare ("book it for 7") is the visitor's; another is not.
    const bare = turns('book it for 7 on saturday');
    expect(timesAsSaid(schema, { time: '19:00' }, bare, en)).toEqual({
      args: { time: '19:00' },
      changed: false,
    });
    expect(timesAsSaid(schema, { time: '18:00' }, bare, en).unsaid).toBe('time');
    // A time a tool offered was said.
    const offered: ClockTurn[] = [...untimed, { role: 'tool', text: '{"free":["19:30","21:00"]}' }];
    expect(timesAsSaid(schema, { day: 'saturday', time: '19:30' }, offered, en)).toEqual({
      args: { day: 'saturday', time: '19:30' },
      changed: false,
    });
  });
});
