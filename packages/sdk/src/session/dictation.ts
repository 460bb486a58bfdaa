import type { SessionStatus } from '@svc/protocol';
import type { Transport } from '../transport/transport.js';
import { reasonOf } from '../failure-reason.js';
import type { Fail } from './session-state.js';

/** A composer RPC of the agent: its method name and how long the agent may take to answer. */
export interface ComposerRpc {
  method: string;
  timeoutMs: number;
}

/**
 * Calls a composer dictation RPC of the agent (start, end or cancel) and reads `field` of its
 * answer. Resolves with null when the session is not `connected`, when the answer lacks `field` or
 * says `false`, or when the call failed; a failure is reported to `fail` as `CONNECTION_LOST`, so
 * this never rejects.
 */
export async function callComposer(
  run: { transport: Transport | null } | null,
  status: SessionStatus,
  fail: Fail,
  rpc: ComposerRpc,
  request: object,
  field: string,
): Promise<string | null> {
  const transport = run?.transport;
  if (!transport || status !== 'connected') return null;
  try {
    const answer = JSON.parse(
      await transport.callAgent(rpc.method, JSON.stringify(request), rpc.timeoutMs),
    ) as Record<string, unknown>;
    const value = answer[field];
    return value === undefined || value === false ? null : String(value);
  } catch (error) {
    fail('CONNECTION_LOST', `${rpc.method} failed: ${reasonOf(error)}`, error);
    return null;
  }
}
