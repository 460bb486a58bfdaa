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

/** The page's booking handler answering SUCCESS. */
const confirms = (request: unknown) => ({
  requestId: (request as { requestId: string }).requestId,
  code: 'SUCCESS',
  data: { confirmation: 'A-1042' },
});

/** Runs the booking tool as the framework does, against the page's handler. */
async function book(
  args: Record<string, unknown>,
  handler: (request: unknown) => unknown = confirms,
) {
  const page = recordingChannel({ book_appointment: handler });
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

  it("a page handler that throws an RpcError: its message is the model's reason", async () => {
    const { result } = await book({ note: 'window seat' }, () => {
      // What the Transport delivers when a page's handler throws `new RpcError(1500, message)`.
      throw Object.assign(new Error('that slot is taken'), { code: 1500 });
    });
    expect(result).toMatchObject({
      ok: false,
      error: 'book_appointment did not go through: the page reported an error: that slot is taken',
    });
  });
});
