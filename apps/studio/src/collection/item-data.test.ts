import { describe, expect, it } from 'vitest';
import { parseItemData } from './item-data';

describe('parseItemData', () => {
  it('takes a JSON object and names the field otherwise', () => {
    expect(parseItemData('{"name":"Tent"}')).toEqual({ data: { name: 'Tent' } });
    expect(parseItemData('{"name":')).toEqual({ error: 'Fields: not valid JSON' });
    expect(parseItemData('[1]')).toEqual({
      error: 'Fields: must be a JSON object ({ "name": ... })',
    });
  });
});
