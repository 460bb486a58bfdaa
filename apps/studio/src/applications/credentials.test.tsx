// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../auth/token-store';
import { Credentials } from './credentials';

// The studio's client keeps the `fetch` it found when it was made: the stand-in API goes in first.
const server = vi.hoisted(() => {
  const state = {
    stored: [] as Record<string, unknown>[],
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
    if (request.method === 'GET') return json({ credentials: state.stored, next_offset: null });
    if (request.method === 'PUT') {
      if (body?.base_url === 'https://10.0.0.8/v1')
        return json({ error: 'base_url: reaches a private or reserved address (10.0.0.8)' }, 400);
      const key = String(body?.api_key);
      const credential = {
        name: path.split('/').pop(),
        provider: body?.provider,
        base_url: body?.base_url ?? null,
        key_hint: `…${key.slice(-4)}`,
        created_at: '2026-11-28T10:00:00.000Z',
        updated_at: '2026-11-28T10:00:00.000Z',
      };
      state.stored = [credential];
      return json(credential, 201);
    }
    return new Response(null, { status: 204 });
  };
  return state;
});

beforeEach(() => tokenStore.set('svc_as_signed-in'));
afterEach(() => {
  server.requests.length = 0;
  server.stored = [];
  cleanup();
});

function show() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <Credentials />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('Provider credentials', () => {
  it("stores a company server's key with its address, then lists only the key's hint", async () => {
    show();
    fill(/^Name/, 'acme-llm');
    fill(/^Provider/, 'openai-compatible');
    fill(/^Server address/, 'https://llm.acme.example.com/v1');
    fill(/^Key/, 'acme-secret-key-1234');
    fireEvent.click(screen.getByRole('button', { name: 'Store credential' }));
    await waitFor(() => expect(screen.getByText('…1234')).toBeTruthy());
    expect(server.requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/v1/admin/credentials/acme-llm',
      body: {
        provider: 'openai-compatible',
        api_key: 'acme-secret-key-1234',
        base_url: 'https://llm.acme.example.com/v1',
      },
    });
    expect(document.body.textContent).not.toContain('acme-secret-key');
  });

  it('says why the API refused an address', async () => {
    show();
    fill(/^Name/, 'bad');
    fill(/^Provider/, 'openai-compatible');
    fill(/^Server address/, 'https://10.0.0.8/v1');
    fill(/^Key/, 'k');
    fireEvent.click(screen.getByRole('button', { name: 'Store credential' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'base_url: reaches a private or reserved address (10.0.0.8)',
      ),
    );
  });
});
