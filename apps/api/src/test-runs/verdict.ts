import type { z } from 'zod';
import type { turnExpectation } from '../scenario-tests.js';

/** What a turn expects of the agent (see `scenario-tests.ts`). */
export type TurnExpectation = z.infer<typeof turnExpectation>;

/** A tool call the agent made during a turn. */
export interface ObservedToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** The page was asked to show it (a frontend tool's RPC reached the visitor). */
  page: boolean;
}

/** What the agent did after one typed turn, as the visitor saw it. */
export interface TurnObservation {
  /** The assistant's words, in order (tool-call messages carry none). */
  replies: string[];
  toolCalls: ObservedToolCall[];
  /** From sending the turn to the first assistant message; null when none came. */
  latencyMs: number | null;
  /** Why nothing (more) came: the wait ran out, or the conversation ended during the turn. */
  problem?: string | undefined;
}

/** A turn's verdict and why. */
export interface TurnVerdict {
  verdict: 'pass' | 'fail';
  /** Every unmet expectation, joined; empty when it passed. */
  reason: string;
}

/**
 * Whether `actual` has everything `expected` has: objects key by key (other keys may differ),
 * arrays item by item with the same length, strings case- and space-insensitively (a model
 * writes "Waterproof boots" as readily as "waterproof boots"), everything else exactly.
 */
export function matchesSubset(actual: unknown, expected: unknown): boolean {
  if (typeof expected === 'string')
    return typeof actual === 'string' && normalize(actual) === normalize(expected);
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => matchesSubset(actual[index], item))
    );
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const record = actual as Record<string, unknown>;
    return Object.entries(expected).every(([key, value]) => matchesSubset(record[key], value));
  }
  return Object.is(actual, expected);
}

const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const describeCall = (call: ObservedToolCall) => `${call.name} ${JSON.stringify(call.arguments)}`;

/** Judges one turn: the expected tool with matching arguments, and the reply's phrases. */
export function judgeTurn(expect: TurnExpectation, observed: TurnObservation): TurnVerdict {
  const reasons: string[] = [];
  const answered = observed.replies.length > 0 || observed.toolCalls.length > 0;
  // A turn that got nothing fails whatever it expected: even a context turn needs an answer.
  if (!answered) reasons.push(observed.problem ?? 'the agent did not answer');
  else {
    const tool = expect.tool;
    if (tool) {
      const named = observed.toolCalls.filter((call) => call.name === tool.name);
      const calls = observed.toolCalls.map(describeCall).join('; ');
      if (named.length === 0)
        reasons.push(`expected a call of ${tool.name}, the agent called ${calls || 'no tool'}`);
      else if (!named.some((call) => matchesSubset(call.arguments, tool.arguments ?? {})))
        reasons.push(
          `expected ${tool.name} with ${JSON.stringify(tool.arguments)}, the agent called ${calls}`,
        );
    }
    const reply = normalize(observed.replies.join(' '));
    const missing = (expect.reply_contains ?? []).filter((p) => !reply.includes(normalize(p)));
    if (missing.length > 0)
      reasons.push(`the reply lacks ${missing.map((p) => JSON.stringify(p)).join(', ')}`);
    const present = (expect.reply_not_contains ?? []).filter((p) => reply.includes(normalize(p)));
    if (present.length > 0)
      reasons.push(`the reply contains ${present.map((p) => JSON.stringify(p)).join(', ')}`);
  }
  return reasons.length === 0
    ? { verdict: 'pass', reason: '' }
    : { verdict: 'fail', reason: reasons.join('; ') };
}
