// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../auth/token-store';
import { MyAccount } from './my-account';

// The studio's client keeps the `fetch` it found when it was made: the stand-in API goes in first.
const server = vi.hoisted(() => {
  const state = {
    respond: () => new Response(null, { status: 204 }),
    requests: [] as { method: string; path: string; body: unknown; token: string | null }[],
  };
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const text = await request.text();
    state.requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      token: request.headers.get('authorization'),
    });
    return state.respond();
  };
  return state;
});

beforeEach(() => tokenStore.set('svc_as_signed-in'));
afterEach(() => {
  server.requests.length = 0;
  server.respond = () => new Response(null, { status: 204 });
  cleanup();
});

function show() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MyAccount />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function changePassword(current: string, next: string) {
  fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/New password/), { target: { value: next } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Your account', () => {
  it('changes the password with the current one and says the other devices are signed out', async () => {
    show();
    changePassword('the old long password', 'the new long password');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/signed out/));
    expect(server.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/admin/password',
        body: { current_password: 'the old long password', new_password: 'the new long password' },
        token: 'Bearer svc_as_signed-in',
      },
    ]);
    // This device stays signed in, and the fields are emptied.
    expect(tokenStore.getSnapshot()).toBe('svc_as_signed-in');
    expect((screen.getByLabelText(/Current password/) as HTMLInputElement).value).toBe('');
  });

  it("shows the API's reason when the current password is wrong", async () => {
    server.respond = () =>
      new Response(JSON.stringify({ error: 'the current password is wrong' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      });
    show();
    changePassword('not the password', 'the new long password');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('the current password is wrong'),
    );
    expect(tokenStore.getSnapshot()).toBe('svc_as_signed-in');
  });

  it('signs out everywhere, this browser included', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(tokenStore.getSnapshot()).toBeNull());
    expect(server.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/admin/logout-everywhere',
        body: undefined,
        token: 'Bearer svc_as_signed-in',
      },
    ]);
  });
});
