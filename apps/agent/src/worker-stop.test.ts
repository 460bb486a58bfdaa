import { initializeLogger } from '@livekit/agents';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO_SCRIPT,
  scriptPublication,
  startAgentWorker,
  startTestApi,
  stopAgentWorker,
  type TestWorker,
} from './test-support.js';
import { visit } from './test-visitor.js';

// A worker stopped as a service manager stops it (SIGTERM) while a conversation runs: the
// conversation ends with `agent_shutdown`, told to the visitor while the room is still there (not
// left to the visitor's 2 s grace after the agent is gone), and recorded with its messages; and
// the worker exits by itself. The stop comes while the job process that replaces the one taken
// by the conversation is still loading: such a process never hears the framework's shutdown
// request, and the worker waited the framework's shutdown timeout (60 s) for it.
initializeLogger({ pretty: false, level: 'warn' });

let server: LivekitServer;
let api: Awaited<ReturnType<typeof startTestApi>>;
let worker: TestWorker;

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startTestApi();
  await scriptPublication(api.database, api.demo.publications.production, DEMO_SCRIPT);
  worker = await startAgentWorker({ livekit: server, apiUrl: api.url });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

it('a worker stopped mid-conversation tells the visitor agent_shutdown, records the end and exits', async () => {
  const { visitor, conversationId } = await visit(
    { server, api, workerLog: () => worker.log.join('') },
    'text',
  );
  await visitor.acknowledge();
  await visitor.publish('rt.chat', { message: 'hello' });
  await visitor.next(
    'message:new',
    (message) => message.role === 'assistant' && String(message.content).includes('help'),
    30_000,
  );
  const ended = visitor.next('session:end', undefined, 60_000);
  // The drain's 10 s, the end, 10 s for a process that did not answer, and room for a loaded
  // machine; a service manager's grace is longer (systemd's 90 s).
  const stopped = stopAgentWorker(worker, 30_000);
  expect(await ended).toMatchObject({ reason: 'agent_shutdown' });
  expect(await stopped).toBe('exited');
  const row = await api.database.db
    .selectFrom('conversations')
    .select(['end_reason', 'ended_at'])
    .where('id', '=', conversationId)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ end_reason: 'agent_shutdown', ended_at: expect.any(String) });
  const stored = await api.database.db
    .selectFrom('messages')
    .select('message')
    .where('conversation_id', '=', conversationId)
    .execute();
  expect(stored.map((entry) => JSON.parse(entry.message).content)).toContain('hello');
}, 120_000);
