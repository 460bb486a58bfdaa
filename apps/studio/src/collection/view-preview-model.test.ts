import { describe, expect, it } from 'vitest';
import { renderMapping } from './view-preview-model';

describe('renderMapping', () => {
  it('fills each slot from the item, nested fields and missing ones too', () => {
    expect(
      renderMapping(
        {
          title: '{{name}}',
          subtitle: '{{brand}} · {{ color }}',
          price: '{{price.amount}} USD',
          extra: '{{missing}}!',
        },
        { name: 'Tent', brand: 'Summit', color: 'black', price: { amount: 199 } },
      ),
    ).toEqual({ title: 'Tent', subtitle: 'Summit · black', price: '199 USD', extra: '!' });
  });
});
