// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRequest, VoiceSample } from './voice-sample';

// The studio's client keeps the `fetch` it found when it was made: the stand-in API goes in first.
const server = vi.hoisted(() => {
  const state = { respond: () => new Response(null, { status: 500 }), bodies: [] as unknown[] };
  globalThis.fetch = async (input: RequestInfo | URL) => {
    state.bodies.push(await (input as Request).json());
    return state.respond();
  };
  return state;
});

afterEach(() => {
  server.bodies.length = 0;
  cleanup();
});

/** Answers every request with `response`; answers the bodies sent. */
function answer(response: () => Response): unknown[] {
  server.respond = response;
  return server.bodies;
}

function show(draft: unknown) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <VoiceSample draft={draft} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Hear this voice' }));
  });
}

describe('Hear this voice', () => {
  it("asks for the draft's language and TTS settings and plays the WAV", async () => {
    const bodies = answer(
      () =>
        new Response(new Uint8Array([82, 73, 70, 70]), {
          headers: { 'Content-Type': 'audio/wav' },
        }),
    );
    show({ name: 'x', language: 'en-GB', voice: { tts: { provider: 'embedded', voice: 'rms' } } });
    await waitFor(() => expect(screen.getByLabelText('Voice sample')).toBeTruthy());
    expect(bodies).toEqual([{ language: 'en-GB', tts: { provider: 'embedded', voice: 'rms' } }]);
  });

  it("shows the API's reason when there is no sample", async () => {
    answer(
      () =>
        new Response(
          JSON.stringify({ error: 'tts.provider: elevenlabs voices are not sampled here' }),
          {
            status: 422,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );
    show({ language: 'en-US', voice: { tts: { provider: 'elevenlabs' } } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/not sampled here/));
    expect(screen.queryByLabelText('Voice sample')).toBeNull();
  });

  it('samples the default voice of a draft that names none', () => {
    expect(sampleRequest({})).toEqual({ language: 'en-US' });
    expect(sampleRequest({ language: 'fr', voice: {} })).toEqual({ language: 'fr' });
  });
});
