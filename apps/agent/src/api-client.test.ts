import type { ConversationMessage } from '@svc/protocol';
import { describe, expect, it } from 'vitest';
import { AgentApiError, conversationApi } from './api-client.js';

const message: ConversationMessage = {
  id: 'u1',
  role: 'user',
  content: 'Hello',
  timestamp: '2026-01-01T00:00:00.000Z',
};

/** A fetch answering `answers` in turn (the last one again once they run out), counting calls. */
function answering(...answers: Array<() => Response>) {
  let calls = 0;
  const fetch = (async () => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (!answer) throw new Error('no answer');
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, calls: () => calls };
}

const api = (fetch: typeof globalThis.fetch) =>
  conversationApi({
    apiUrl: 'http://api.test',
    agentKey: 'key',
    conversationId: 'c1',
    fetch,
    retryDelayMs: 1,
  });

describe('conversationApi', () => {
  it('retries 408 and 429 like a 5xx: they are transient although they are 4xx', async () => {
    for (const status of [408, 429, 503]) {
      const server = answering(
        () => Response.json({ error: 'busy' }, { status }),
        () => Response.json({ stored: 1 }),
      );
      await api(server.fetch).appendMessages([message]);
      expect(server.calls()).toBe(2);
    }
  });

  it('gives up on a transient failure after a bounded number of attempts', async () => {
    const server = answering(() => Response.json({ error: 'busy' }, { status: 429 }));
    const failure = await api(server.fetch)
      .appendMessages([message])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AgentApiError);
    expect((failure as AgentApiError).status).toBe(429);
    expect(server.calls()).toBe(3);
  });

  it("reports a refusal that is not JSON (a proxy's HTML 413) by its status, once", async () => {
    const server = answering(
      () =>
        new Response('<html><body>413 Request Entity Too Large</body></html>', {
          status: 413,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const failure = await api(server.fetch)
      .appendMessages([message])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AgentApiError);
    expect((failure as AgentApiError).status).toBe(413);
    expect(server.calls()).toBe(1);
  });
});
