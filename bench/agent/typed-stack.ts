// What the typed evaluations share: the stack they talk to (a livekit-server, the real API, the
// agent worker from source with its model host and intent router), the admin API as a new
// business uses it, one typed turn sent and waited for, and who decided it from the worker's log.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import {
  freePort,
  spawnAgentWorker,
  TEST_AGENT_KEY,
  visit,
  workerConnected,
  type Visitor,
} from '@svc/agent/testing';
import { createLiveKitAdmin, startTestApi, type ListeningTestApi } from '@svc/api/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';

/** Who decided a turn: the intent router, the model, or nobody the log names. */
export type DecidedBy = 'router' | 'model' | 'unknown';

/** The running stack of a typed evaluation. */
export interface TypedStack {
  server: LivekitServer;
  api: ListeningTestApi;
  /** Everything the worker has logged so far. */
  workerLog: () => string;
  /** Stops the worker, the API and the server (writes the worker's log to `WORKER_LOG` if set). */
  stop: () => Promise<void>;
}

/**
 * Starts livekit-server, the API (listening, with the public rate limit out of the way) and the
 * worker, and resolves once the worker is registered and connected. `standIn` runs the worker
 * without its model host, for scenarios whose model is patched to a scripted stand-in (with it
 * when the stand-in's choices are the embedded model's).
 */
export async function startTypedStack(options: {
  standIn: boolean;
  /** With `standIn`, the model host runs for the router's choices of a request alone. */
  choices?: boolean;
  /** More of the worker's environment. */
  env?: Record<string, string>;
}): Promise<TypedStack> {
  const server = await startLivekitServer();
  const api = await startTestApi({
    listen: true,
    transport: createLiveKitAdmin({ ...server, agentName: 'svc-agent' }),
    app: { publicRateLimit: 100_000 },
  });
  const healthPort = await freePort();
  const worker = spawnAgentWorker({
    livekit: server,
    apiUrl: api.url,
    agentKey: TEST_AGENT_KEY,
    healthPort,
    // `debug` logs each turn's decision: who answered it, the router or the model.
    env: options.standIn
      ? {
          SVC_LLM_HOST: options.choices ? 'on' : 'off',
          SVC_AGENT_TEST_PROVIDERS: '1',
          SVC_AGENT_LOG_LEVEL: 'debug',
        }
      : { SVC_LLM_HOST: 'on', SVC_AGENT_LOG_LEVEL: 'debug', ...options.env },
  });
  const workerLog = () => worker.log.join('');
  const stop = async () => {
    if (process.env.WORKER_LOG) writeFileSync(process.env.WORKER_LOG, workerLog());
    if (worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 3000));
      if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    }
    await api.close();
    await server.stop();
  };
  try {
    await server.waitForAgentWorker('svc-agent', 180_000);
    await workerConnected(healthPort);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, api, workerLog, stop };
}

/** The admin API as a new business uses it: signed up, with one application. */
export interface AdminSession {
  applicationId: number;
  /** A JSON request (or a raw body of `type`) with the company's token; throws on a non-2xx. */
  request: (
    method: string,
    path: string,
    body?: unknown,
    type?: string,
  ) => Promise<Record<string, unknown>>;
}

/** Signs a company up through the admin API and creates its application. */
export async function signUp(baseUrl: string, companyName: string): Promise<AdminSession> {
  // Set once signed up: the requests before it (the sign-up itself) go without.
  const auth: { token?: string } = {};
  const request: AdminSession['request'] = async (
    method,
    path,
    body,
    type = 'application/json',
  ) => {
    const response = await fetch(`${baseUrl}/v1/admin${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': type }),
        ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      },
      ...(body === undefined
        ? {}
        : { body: type === 'application/json' ? JSON.stringify(body) : String(body) }),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 400)}`);
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };
  const session = await request('POST', '/signup', {
    company_name: companyName,
    email: `eval-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'typed-evaluation-password-1',
  });
  auth.token = String(session.token);
  const application = await request('POST', '/applications', { name: 'Evaluation site' });
  return { applicationId: Number(application.id), request };
}

/** Whether the conversation has ended (the agent sent `session:end`). */
export const conversationEnded = (received: readonly { topic: string }[]) =>
  received.some((entry) => entry.topic === 'session:end');

/**
 * A visitor of a publication in a typed conversation, once the agent has greeted them; the page
 * answers the activity check as the SDK does.
 */
export async function greetedVisitor(stack: TypedStack, publicationUuid: string): Promise<Visitor> {
  const { visitor } = await visit(
    {
      server: stack.server,
      api: {
        conversation: (externalId?: string, mode: 'audio' | 'text' = 'text') =>
          stack.api.openConversation({
            ...(externalId ? { externalId } : {}),
            mode,
            publicationUuid,
          }),
      },
      workerLog: stack.workerLog,
      pageMethods: {
        svc__ui_activity_check: () => ({
          active: true,
          visible: true,
          last_activity_at: Date.now(),
        }),
      },
    },
    'text',
  );
  try {
    await visitor.acknowledge({}, 300_000);
    await visitor.next('message:new', (message) => message.role === 'assistant', 180_000);
  } catch (error) {
    await hangUp(visitor);
    throw error;
  }
  return visitor;
}

/** Ends the visitor's conversation, unless the agent did, and leaves the room. */
export async function hangUp(visitor: Visitor): Promise<void> {
  if (!conversationEnded(visitor.received))
    await visitor.publish('session:control', { action: 'end' }).catch(() => undefined);
  await visitor.room.disconnect().catch(() => undefined);
}

/** Where a typed turn starts in what the visitor had received, and when it was answered. */
export interface TypedTurnMarks {
  /** The count of the visitor's received entries before the turn. */
  received: number;
  /** The count of the page calls before the turn. */
  calls: number;
  /** The count of characters of the worker's log before the turn. */
  logAt: number;
  /** `rt.chat` sent to the first assistant message with words; absent when none came. */
  responseMs?: number;
}

/**
 * Types one visitor turn on `rt.chat` and waits until it is answered (an assistant message with
 * words) and a second passes without a new message, the conversation ends, or `timeoutMs`.
 */
export async function sendTypedTurn(
  visitor: Visitor,
  text: string,
  workerLog: () => string,
  timeoutMs = 90_000,
): Promise<TypedTurnMarks> {
  const marks = {
    received: visitor.received.length,
    calls: visitor.rpcCalls.length,
    logAt: workerLog().length,
  };
  const sent = Date.now();
  await visitor.publish('rt.chat', { message: text });
  let seen = 0;
  let lastAt = sent;
  let answeredAt = 0;
  while (!conversationEnded(visitor.received) && Date.now() - sent < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = Date.now();
    const messages = visitor.received
      .slice(marks.received)
      .filter((entry) => entry.topic === 'message:new');
    if (messages.length !== seen) [seen, lastAt] = [messages.length, now];
    if (
      !answeredAt &&
      messages.some((message) => message.payload.role === 'assistant' && message.payload.content)
    )
      answeredAt = now;
    if (answeredAt && now - lastAt >= 1000) break;
  }
  return { ...marks, ...(answeredAt ? { responseMs: answeredAt - sent } : {}) };
}

/** The worker's "turn decided" lines in a slice of its log: who decided first. */
export function decidedBy(log: string): DecidedBy {
  for (const line of log.split('\n')) {
    if (!line.includes('turn decided')) continue;
    const by = /"by"\s*:\s*"(\w+)"/.exec(line)?.[1];
    if (by === 'router' || by === 'template') return 'router';
    if (by === 'llm') return 'model';
  }
  return 'unknown';
}

/** The rules of the worker's "turn decided" lines in a slice of its log, in order. */
export function decidedRules(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => line.includes('turn decided'))
    .flatMap((line) => /"rule"\s*:\s*"([\w.]+)"/.exec(line)?.[1] ?? []);
}

/** The checkout a run measured: the commit and how many files differ from it. */
export function checkoutState(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const changed = git('status', '--porcelain').split('\n').filter(Boolean).length;
  return `commit ${git('rev-parse', '--short', 'HEAD')} (${changed} files changed in the working tree)`;
}
