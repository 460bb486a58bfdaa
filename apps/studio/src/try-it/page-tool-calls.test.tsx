// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureRegistry } from './feature-panels';
import { PageToolCalls } from './page-tool-calls';
import { PageToolCallsCard } from './page-tool-calls-card';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const features = [
  { type: 'collection:items:search', tools: [{ name: 'search_products', type: 'frontend' }] },
  {
    type: 'page:tools:custom',
    tools: [{ name: 'book_slot', type: 'frontend', rpc_timeout_s: 2 }],
  },
];

/** The registry's handler of `book_slot`, with the store its calls wait in. */
function bookSlot() {
  const calls = new PageToolCalls();
  const handler = featureRegistry(features, calls).get('page:tools:custom#book_slot')?.handlers
    .book_slot;
  if (!handler) throw new Error('book_slot is not registered');
  return { calls, handler };
}

describe("Try it and the business's own page tools", () => {
  it('waits for the author, and gives the agent the data they answer with', async () => {
    const { calls, handler } = bookSlot();
    const result = handler('call-1', { day: 'monday' });
    expect(calls.getSnapshot()).toEqual([
      { requestId: 'call-1', toolName: 'book_slot', args: { day: 'monday' } },
    ]);
    calls.answer('call-1', 'SUCCESS', { booking_id: 'B-12' });
    expect(await result).toEqual({
      requestId: 'call-1',
      response: { code: 'SUCCESS', data: { booking_id: 'B-12' } },
      componentData: {
        toolName: 'book_slot',
        args: { day: 'monday', result: { booking_id: 'B-12' } },
      },
    });
    expect(calls.getSnapshot()[0]?.outcome).toEqual({
      code: 'SUCCESS',
      data: { booking_id: 'B-12' },
    });
  });

  it("answers ERROR when the author says the page failed, and TIMEOUT after the tool's own time", async () => {
    vi.useFakeTimers();
    const { calls, handler } = bookSlot();
    const failed = handler('call-1', {});
    calls.answer('call-1', 'ERROR', 'no slot left');
    expect((await failed).response).toEqual({ code: 'ERROR', data: 'no slot left' });

    const unanswered = handler('call-2', {});
    vi.advanceTimersByTime(1999);
    expect(calls.getSnapshot().find((call) => call.requestId === 'call-2')?.outcome).toBe(
      undefined,
    );
    vi.advanceTimersByTime(1);
    expect((await unanswered).response.code).toBe('TIMEOUT');
    // A late click changes nothing.
    calls.answer('call-2', 'SUCCESS', 'late');
    expect(calls.getSnapshot().find((call) => call.requestId === 'call-2')?.outcome?.code).toBe(
      'TIMEOUT',
    );
  });

  it('cancels what still waits when the preview ends', async () => {
    const { calls, handler } = bookSlot();
    const waiting = handler('call-1', {});
    calls.cancelAll();
    expect((await waiting).response.code).toBe('CANCELLED');
  });

  it("leaves the catalogue's tools answered at once, as before", async () => {
    const { calls } = bookSlot();
    const search = featureRegistry(features, calls).get('collection:items:search#search_products')
      ?.handlers.search_products;
    expect((await search?.('call-1', {}))?.response).toEqual({
      code: 'SUCCESS',
      data: { shown: true },
    });
    expect(calls.getSnapshot()).toEqual([]);
  });

  it('shows a waiting call with its arguments, and its buttons answer it', async () => {
    const { calls, handler } = bookSlot();
    const result = handler('call-1', { day: 'monday' });
    render(
      <MantineProvider>
        <PageToolCallsCard calls={calls} />
      </MantineProvider>,
    );
    const card = screen.getByRole('region', { name: 'Page tool call: book_slot' });
    expect(card.textContent).toContain('"day": "monday"');
    fireEvent.change(screen.getByLabelText(/Answer data/), {
      target: { value: '{"booking_id": "B-7"}' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Answer OK' }));
    expect((await result).response).toEqual({ code: 'SUCCESS', data: { booking_id: 'B-7' } });
    expect(await screen.findByText(/the agent got/)).toBeTruthy();
  });
});
