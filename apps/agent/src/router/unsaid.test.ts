// Placeholders a model writes for details the visitor has not given.
import { describe, expect, it } from 'vitest';
import { isPlaceholder, propertyLabel, unsaidArguments } from './unsaid.js';

describe('details nobody said', () => {
  it('takes identifiers, slots, the property name and nothing for placeholders, and words for values', () => {
    for (const value of [
      'your_name',
      'visitor_name',
      'customer_email_address',
      '<name>',
      '[email]',
      '{phone}',
      'name',
      'NAME',
      '',
      '  ',
    ])
      expect(isPlaceholder(value, 'name'), JSON.stringify(value)).toBe(true);
    for (const value of [
      'Sam Carter',
      'Ellen Mortimer',
      'ada@example.com',
      'O’Brien',
      'Zoë',
      'the printer jams',
      '07700 900123',
    ])
      expect(isPlaceholder(value, 'name'), value).toBe(false);
  });

  it('checks free-text properties only: a choice, a pattern or a format bounds the value already', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        code: { type: 'string', pattern: '^[A-Z_]+$' },
        plan: { type: 'string', enum: ['basic_plan', 'pro_plan'] },
        note: { type: ['string', 'null'] },
        count: { type: 'integer' },
      },
      required: ['name', 'email', 'code', 'plan'],
    };
    expect(
      unsaidArguments(schema, {
        name: 'your_name',
        email: 'user_email',
        code: 'ABC_DEF',
        plan: 'pro_plan',
        note: '<note>',
        count: 2,
      }),
    ).toEqual({
      missing: ['name'],
      args: { name: 'your_name', email: 'user_email', code: 'ABC_DEF', plan: 'pro_plan', count: 2 },
    });
    expect(unsaidArguments(schema, { name: 'Sam Carter', note: 'ring twice' }).missing).toEqual([]);
    expect(unsaidArguments(undefined, { name: 'your_name' })).toEqual({
      missing: [],
      args: { name: 'your_name' },
    });
  });

  it('takes an email address the visitor never said for a placeholder, whatever its format', () => {
    const schema = {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        cc: { type: 'string' },
      },
      required: ['email'],
    };
    const said = 'my address is sam dot carter at mailbox dot org';
    expect(unsaidArguments(schema, { email: 'sam.carter@mailbox.org' }, said).missing).toEqual([]);
    expect(unsaidArguments(schema, { email: 'SAM.CARTER@mailbox.org' }, said).missing).toEqual([]);
    expect(unsaidArguments(schema, { email: 'your_email@example.com' }, said)).toEqual({
      missing: ['email'],
      args: { email: 'your_email@example.com' },
    });
    // An optional one is left out of the call.
    expect(
      unsaidArguments(schema, { email: 'sam.carter@mailbox.org', cc: 'office@mailbox.org' }, said),
    ).toEqual({ missing: [], args: { email: 'sam.carter@mailbox.org' } });
    // Without the visitor's words, only the shapes of placeholders are known.
    expect(unsaidArguments(schema, { email: 'your_email@example.com' }).missing).toEqual([]);
  });

  it('takes a name nobody said for a placeholder, and words the model put its own way for a value', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        notes: { type: 'string' },
        day: { type: 'string', enum: ['Friday', 'Saturday'] },
      },
      required: ['name'],
    };
    const said =
      'a table for two on saturday\nthe booking is under zoë ó-brien, it is our anniversary';
    for (const name of ['John Doe', 'John and Jane', 'Guest', 'Mr Smith'])
      expect(unsaidArguments(schema, { name }, said).missing, name).toEqual(['name']);
    for (const name of ['Zoë Ó-Brien', 'zoe o-brien', 'ZOË', 'Zoë O-Brien'])
      expect(unsaidArguments(schema, { name }, said).missing, name).toEqual([]);
    // A phrase of the model's own is no name: one capital, for its first word.
    expect(
      unsaidArguments(
        schema,
        { name: 'Zoë', notes: 'High chair for the youngest', day: 'Saturday' },
        said,
      ),
    ).toEqual({
      missing: [],
      args: { name: 'Zoë', notes: 'High chair for the youngest', day: 'Saturday' },
    });
    // An optional name-like note nobody said is left out; one whose words were said stays.
    expect(unsaidArguments(schema, { name: 'Zoë', notes: 'Birthday Party' }, said).args).toEqual({
      name: 'Zoë',
    });
    expect(
      unsaidArguments(schema, { name: 'Zoë', notes: 'Anniversary dinner' }, said).args,
    ).toEqual({ name: 'Zoë', notes: 'Anniversary dinner' });
    // Without the visitor's words, only the shapes of placeholders are known.
    expect(unsaidArguments(schema, { name: 'John Doe' }).missing).toEqual([]);
  });

  it('takes a name from the instructions only as the whole name, not word by word', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const instructions =
      'Your replies are spoken aloud. Mention items by name. The signed-in visitor is Ada Lovelace.';
    const said = 'a table for two on friday please';
    // "Your" and "name" are words of the instructions; "Your Name" is no name they give.
    expect(unsaidArguments(schema, { name: 'Your Name' }, said, instructions).missing).toEqual([
      'name',
    ]);
    expect(unsaidArguments(schema, { name: 'Ada Lovelace' }, said, instructions).missing).toEqual(
      [],
    );
    expect(unsaidArguments(schema, { name: 'Lovelace Ada' }, said, instructions).missing).toEqual([
      'name',
    ]);
    // An address the instructions give is still given.
    const ticket = {
      type: 'object',
      properties: { email: { type: 'string' } },
      required: ['email'],
    };
    expect(
      unsaidArguments(ticket, { email: 'ada@example.org' }, said, 'Her address: ada@example.org.')
        .missing,
    ).toEqual([]);
  });

  it("names a property by its title, else by its name's words", () => {
    const schema = { properties: { name: { title: 'nom de la réservation' }, phone_number: {} } };
    expect(propertyLabel(schema, 'name')).toBe('nom de la réservation');
    expect(propertyLabel(schema, 'phone_number')).toBe('phone number');
  });
});
