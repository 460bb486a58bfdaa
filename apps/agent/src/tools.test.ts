import type { llm } from '@livekit/agents';
import { TIMINGS } from '@svc/protocol';
import type { FeatureSnapshot } from '@svc/protocol/agent';
import { describe, expect, it } from 'vitest';
import type { ConversationApi } from './api-client.js';
import { recordingChannel } from './test-support.js';
import { buildTools } from './tools.js';

// A page tool's call as the agent sends it, against the recording channel (the Transport seam).
// The worker test (page-tools.test.ts) runs the same tools on a real room.

const BOOKING_FEATURE: FeatureSnapshot = {
  name: 'Appointments',
  type: 'booking:appointments',
  settings: {},
  tools: [
    {
      name: 'book_appointment',
      type: 'frontend',
      settings: { operation: 'custom' },
      parameters: { type: 'object', properties: { note: { type: 'string' } } },
    },
  ],
};

/** Runs the booking tool as the framework does, with the page answering SUCCESS. */
async function book(args: Record<string, unknown>) {
  const page = recordingChannel({
    book_appointment: (request) => ({
      requestId: (request as { requestId: string }).requestId,
      code: 'SUCCESS',
      data: { confirmation: 'A-1042' },
    }),
  });
  const [tool] = buildTools([BOOKING_FEATURE], {
    // A custom tool only calls the page: the agent's API is never asked.
    api: {} as ConversationApi,
    channel: page.channel,
    collections: [],
    limit: 5,
    onEnd: () => undefined,
    lastUiActivity: () => 0,
  });
  const execute = (tool as llm.FunctionTool).execute as (
    args: Record<string, unknown>,
    options: { toolCallId: string; abortSignal: AbortSignal },
  ) => Promise<unknown>;
  const result = await execute(args, {
    toolCallId: 'call-1',
    abortSignal: new AbortController().signal,
  });
  return { result, calls: page.calls };
}

describe('a page tool call', () => {
  it("arguments over the Transport's RPC payload limit are not sent, and the model is told why", async () => {
    const { result, calls } = await book({ note: 'x'.repeat(TIMINGS.MAX_RPC_PAYLOAD_BYTES) });
    expect(calls).toEqual([]);
    expect(result).toMatchObject({
      ok: false,
      shown_on_page: false,
      error: expect.stringMatching(
        /^book_appointment did not go through: the call is \d+ bytes, over the 15360-byte RPC payload limit$/,
      ),
    });
  });

  it('arguments within the limit reach the page as the model gave them', async () => {
    const { result, calls } = await book({ note: 'window seat' });
    expect(calls).toEqual([
      {
        method: 'book_appointment',
        payload: expect.objectContaining({
          tool: 'book_appointment',
          args: { note: 'window seat' },
        }),
      },
    ]);
    expect(result).toEqual({ ok: true, shown_on_page: true, result: { confirmation: 'A-1042' } });
  });
});
