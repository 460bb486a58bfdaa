// @vitest-environment jsdom
import { createBucketClient } from '@svc/sdk/buckets';
import { createSvcClient } from '@svc/sdk/client';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CartPanel } from './cart-panel.js';
import { DEMO_COLLECTION, demoBucket, fakeApi } from './test-demo.js';

afterEach(cleanup);

function mount(initial = demoBucket([{ id: 'TENT-1', quantity: 2 }])) {
  const api = fakeApi(initial);
  const client = createSvcClient({ apiUrl: 'https://api.test', storage: null, fetch: api.fetch });
  const buckets = createBucketClient({ client, scenario: 'pub-1', fetch: api.fetch });
  render(<CartPanel buckets={buckets} collections={[DEMO_COLLECTION]} locale="en-US" />);
  return { api, buckets };
}

const line = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('CartPanel with a bucket client', () => {
  it("reads the visitor's bucket itself when the agent sent none", async () => {
    mount();
    await waitFor(() => expect(screen.getByText('Ridge 2 Tent')).toBeTruthy());
    expect(screen.getByText('2 items')).toBeTruthy();
    expect(screen.getByText('Total $499.98')).toBeTruthy();
  });

  it('changes quantities with labelled buttons: one fewer stops at 1, removing empties the cart', async () => {
    const { api } = mount();
    await waitFor(() => expect(screen.getByText('Ridge 2 Tent')).toBeTruthy());
    const fewer = screen.getByRole('button', { name: 'One fewer Ridge 2 Tent' });
    await act(async () => fewer.click());
    await waitFor(() => expect(screen.getByText('1 item')).toBeTruthy());
    expect(api.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/v1/visitor/buckets/cart/items/1/TENT-1',
      body: { quantity: 1 },
    });
    expect(screen.getByRole('button', { name: 'One fewer Ridge 2 Tent' })).toHaveProperty(
      'disabled',
      true,
    );
    await act(async () => screen.getByRole('button', { name: 'Remove Ridge 2 Tent' }).click());
    await waitFor(() => expect(screen.getByText('Your cart is empty.')).toBeTruthy());
    expect(api.requests.at(-1)).toMatchObject({ method: 'DELETE' });
    // The focused button went with its line: the focus is on the cart's heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Cart' }));
  });

  it('the quantity is a spinbutton: arrow keys, Home; the buttons are reachable by keyboard', async () => {
    const { api } = mount();
    await waitFor(() => expect(screen.getByText('Ridge 2 Tent')).toBeTruthy());
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Ridge 2 Tent' });
    expect(quantity.getAttribute('aria-valuenow')).toBe('2');
    expect(quantity.tabIndex).toBe(0);
    for (const button of within(line('Ridge 2 Tent')).getAllByRole('button')) {
      expect(button.tagName).toBe('BUTTON');
      expect(button.getAttribute('type')).toBe('button');
    }
    await act(async () => {
      fireEvent.keyDown(quantity, { key: 'ArrowUp' });
    });
    await waitFor(() => expect(quantity.getAttribute('aria-valuenow')).toBe('3'));
    await act(async () => {
      fireEvent.keyDown(quantity, { key: 'Home' });
    });
    await waitFor(() => expect(quantity.getAttribute('aria-valuenow')).toBe('1'));
    // At 1, down does nothing: removing is the remove button's.
    const sent = api.requests.length;
    await act(async () => {
      fireEvent.keyDown(quantity, { key: 'ArrowDown' });
    });
    expect(api.requests).toHaveLength(sent);
    expect(api.bucket().items[0]?.quantity).toBe(1);
  });

  it('says when a change failed, and keeps the line', async () => {
    const api = fakeApi(demoBucket([{ id: 'TENT-1', quantity: 2 }]));
    const client = createSvcClient({ apiUrl: 'https://api.test', storage: null, fetch: api.fetch });
    const failing: typeof fetch = (input, init) =>
      init?.method === 'PATCH'
        ? Promise.resolve(new Response('{"error":"limit"}', { status: 409 }))
        : api.fetch(input, init);
    const buckets = createBucketClient({ client, scenario: 'pub-1', fetch: failing });
    render(<CartPanel buckets={buckets} collections={[DEMO_COLLECTION]} />);
    await waitFor(() => expect(screen.getByText('Ridge 2 Tent')).toBeTruthy());
    await act(async () => screen.getByRole('button', { name: 'One more Ridge 2 Tent' }).click());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The cart could not be updated. Try again.',
      ),
    );
    expect(screen.getByRole('spinbutton').getAttribute('aria-valuenow')).toBe('2');
  });
});
