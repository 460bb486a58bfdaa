// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../auth/token-store';
import { WebhookSecrets } from './webhook-secrets';

// The studio's client keeps the `fetch` it found when it was made: the stand-in API goes in first.
const server = vi.hoisted(() => {
  const state = {
    stored: [] as Record<string, unknown>[],
    signing: null as Record<string, unknown> | null,
    requests: [] as { method: string; path: string; body: unknown }[],
  };
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const text = await request.text();
    const path = new URL(request.url).pathname;
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    state.requests.push({ method: request.method, path, body });
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (path.endsWith('/webhook-signing-key')) {
      if (request.method === 'GET')
        return state.signing
          ? json(state.signing)
          : json({ error: 'the company has no webhook signing key yet' }, 404);
      const created = state.signing === null;
      state.signing = {
        secret_hint: '…k9Zt',
        created_at: '2026-11-28T10:00:00.000Z',
        rotated_at: created ? null : '2026-11-28T11:00:00.000Z',
        previous_valid_until: created ? null : '2026-11-29T11:00:00.000Z',
      };
      return json({ ...state.signing, secret: 'whsec_shown-once-k9Zt' }, created ? 201 : 200);
    }
    if (request.method === 'GET') return json({ secrets: state.stored, next_offset: null });
    if (request.method === 'PUT') {
      const value = String(body?.value);
      const secret = {
        name: path.split('/').pop(),
        value_hint: `…${value.slice(-4)}`,
        created_at: '2026-11-28T10:00:00.000Z',
        updated_at: '2026-11-28T10:00:00.000Z',
      };
      state.stored = [secret];
      return json(secret, 201);
    }
    state.stored = [];
    return new Response(null, { status: 204 });
  };
  return state;
});

beforeEach(() => tokenStore.set('svc_as_signed-in'));
afterEach(() => {
  server.requests.length = 0;
  server.stored = [];
  server.signing = null;
  cleanup();
});

function show() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <WebhookSecrets />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('Webhook secrets', () => {
  it('stores a secret and then shows only its hint, never its value', async () => {
    show();
    fireEvent.change(screen.getByLabelText(/^Secret name/), { target: { value: 'clinic-key' } });
    fireEvent.change(screen.getByLabelText(/^Value/), {
      target: { value: 'clinic-backend-key-4f7Q' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Store secret' }));
    await waitFor(() => expect(screen.getByText('…4f7Q')).toBeTruthy());
    expect(server.requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/v1/admin/secrets/clinic-key',
      body: { value: 'clinic-backend-key-4f7Q' },
    });
    expect(document.body.textContent).not.toContain('clinic-backend-key');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true),
    );
  });

  it('creates the signing key, shows it once, and rotates it', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Create signing key' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Signing key').textContent).toBe('whsec_shown-once-k9Zt'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate signing key' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain('the previous key signs until'),
    );
    // A fresh page shows the key's hint only.
    cleanup();
    show();
    await waitFor(() => expect(screen.getByText('…k9Zt')).toBeTruthy());
    expect(document.body.textContent).not.toContain('whsec_shown-once');
  });
});
