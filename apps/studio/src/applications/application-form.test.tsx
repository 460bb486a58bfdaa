// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../api/types';
import { ApplicationForm } from './application-form';

// The studio's client keeps the `fetch` it found when it was made: the stand-in API goes in first.
const server = vi.hoisted(() => {
  const state = { requests: [] as Array<{ method: string; url: string; body: unknown }> };
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const body = (await request.json()) as Record<string, unknown>;
    state.requests.push({ method: request.method, url: request.url, body });
    return Response.json({ id: 7, ...body }, { status: request.method === 'POST' ? 201 : 200 });
  };
  return state;
});

afterEach(() => {
  server.requests.length = 0;
  cleanup();
});

const shop = {
  id: 7,
  name: 'Shop',
  allowed_origins: [],
  limits: {},
  retention_days: 30,
  created_at: '2027-01-01T00:00:00.000Z',
} as unknown as Application;

function show(application?: Application) {
  const done = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ApplicationForm {...(application ? { application } : {})} onDone={done} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return done;
}

const retention = () => screen.getByRole<HTMLInputElement>('textbox', { name: /retention days/i });

describe('the application form', () => {
  it("shows the application's retention, refuses one under a day, saves a new one", async () => {
    const done = show(shop);
    expect(retention().value).toBe('30');
    fireEvent.change(retention(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByText(/retention days must be at least 1/i)).toBeTruthy(),
    );
    expect(server.requests).toEqual([]);
    fireEvent.change(retention(), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(server.requests).toEqual([
      {
        method: 'PATCH',
        url: expect.stringMatching(/\/v1\/admin\/applications\/7$/),
        body: expect.objectContaining({ retention_days: 7 }),
      },
    ]);
  });

  it('an emptied retention keeps everything (sent as null, not left out)', async () => {
    const done = show(shop);
    fireEvent.change(retention(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(server.requests[0]?.body).toMatchObject({ retention_days: null });
  });
});
