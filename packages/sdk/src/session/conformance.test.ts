import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../client/test-server.js';
import { FakeTransport } from '../testing/fake-transport.js';
import { SvcSession } from './svc-session.js';

// The protocol's conformance vectors, as any implementation of the frontend side must handle
// them: every valid payload is taken, every invalid one is dropped without harm.
const vectorsDir = new URL(
  './',
  `file://${createRequire(import.meta.url).resolve('@svc/protocol/vectors/index.json')}`,
);
interface VectorFile {
  valid: { name: string; value: unknown }[];
  invalid: { name: string; value: unknown }[];
}
const vectors = (file: string) =>
  JSON.parse(readFileSync(new URL(file, vectorsDir), 'utf8')) as VectorFile;

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function started() {
  const transport = new FakeTransport();
  const session = new SvcSession({ apiUrl: api.url, storage: null, transport });
  await session.start({
    scenario: 'pub-1',
    microphone: false,
    tools: { search_products: () => 'ok' },
  });
  transport.agentJoin();
  return { session, transport };
}

describe('the session against the conformance vectors', () => {
  it.each(vectors('config.json').valid.map((vector) => [vector.name, vector.value] as const))(
    'connects on valid config: %s',
    async (_, value) => {
      const { session, transport } = await started();
      transport.publish('config', value);
      expect(session.status).toBe('connected');
      expect(transport.sentOn('config_ack')).toHaveLength(1);
      await session.end();
    },
  );

  it('ignores every invalid config, then connects on a valid one', async () => {
    const { session, transport } = await started();
    for (const { value } of vectors('config.json').invalid) transport.publish('config', value);
    expect(session.status).toBe('connecting');
    expect(transport.sentOn('config_ack')).toEqual([]);
    transport.publish('config', vectors('config.json').valid[0]!.value);
    expect(session.status).toBe('connected');
    await session.end();
  });

  it('keeps every valid message:new and drops every invalid one', async () => {
    const { session, transport } = await started();
    transport.publish('config', vectors('config.json').valid[0]!.value);
    for (const { value } of vectors('message-new.json').invalid)
      transport.publish('message:new', value);
    expect(session.messages).toEqual([]);
    const valid = vectors('message-new.json').valid;
    for (const { value } of valid) transport.publish('message:new', value);
    expect(session.messages.map((message) => message.id)).toEqual(
      valid.map(({ value }) => (value as { id: string }).id),
    );
    await session.end();
  });

  it('answers every tool request vector: valid ones run the tool, invalid ones get ERROR', async () => {
    const { session, transport } = await started();
    transport.publish('config', vectors('config.json').valid[0]!.value);
    for (const { value } of vectors('rpc-tool-request.json').valid) {
      const requestId = (value as { requestId: string }).requestId;
      expect(await transport.callRpc('search_products', value)).toEqual({
        requestId,
        code: 'OK',
        data: 'ok',
      });
    }
    for (const { value } of vectors('rpc-tool-request.json').invalid) {
      expect(await transport.callRpc('search_products', value)).toMatchObject({ code: 'ERROR' });
    }
    await session.end();
  });

  it('ends on every valid session:end', async () => {
    for (const { value } of vectors('session-end.json').valid) {
      const { session, transport } = await started();
      transport.publish('config', vectors('config.json').valid[0]!.value);
      const ended = new Promise((resolve) => session.on('session-end', resolve));
      transport.publish('session:end', value);
      const sent = value as { reason?: string; ended_at?: string };
      expect(await ended).toEqual({
        reason: sent.reason ?? 'agent_ended',
        // The agent's end time when it sent one, else the client's own.
        endedAt: sent.ended_at ?? expect.any(String),
      });
    }
  });
});
