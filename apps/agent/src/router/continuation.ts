// A visitor who pauses in the middle of a request ("I need a tent. ... one two people can carry")
// is often taken to have finished: no turn detector tells that pause from an end (see
// bench/agent/turn/README.md: on real people's mid-sentence pauses the transcript ends 90% of
// them). The agent then answers the first half and hears the rest as a turn of its own, a fragment
// that means little alone. When the visitor started speaking again within the pause a turn may
// hold, and the first half only looked things up, the router reads both halves as the one request
// they were: its answer replaces the first half's. A first half that changed something (the cart,
// the business's own tools, the end of the call) is not read again, so nothing is done twice.
import type { ChatEntry } from '../chat-entries.js';
import { UNFINISHED_TURN_DELAY_MS } from '../turn/index.js';
import type { Operation } from '../tools.js';

/** What a tool does, by its name (undefined for a tool the router does not know). */
export type OperationOf = (name: string) => Operation | undefined;

/** Operations that only show the visitor something: reading them again changes nothing. */
const LOOKS_ONLY: ReadonlySet<Operation> = new Set(['search', 'display', 'compare', 'cart_list']);

/**
 * The longest silence inside one request: the delay the agent already waits when a turn's words
 * show it is unfinished, so a visitor who goes on within it was still in the same request.
 */
export const CONTINUATION_GAP_MS = UNFINISHED_TURN_DELAY_MS;

/**
 * The words of the visitor's last turn as the router reads them: the last message's, or, when
 * it goes on from the visitor's previous spoken turn (see the file's head), both turns' words.
 */
export function turnWords(entries: readonly ChatEntry[], operationOf: OperationOf): string {
  const last = entries.at(-1);
  if (last?.type !== 'message' || last.role !== 'user') return '';
  const previous = continuedTurn(entries, operationOf);
  return previous === undefined ? last.text : `${previous.text.trim()} ${last.text.trim()}`;
}

/** The visitor's previous turn when the last one goes on from it. */
function continuedTurn(
  entries: readonly ChatEntry[],
  operationOf: OperationOf,
): Extract<ChatEntry, { type: 'message' }> | undefined {
  const last = entries.at(-1);
  if (last?.type !== 'message' || last.role !== 'user' || !last.spoken) return undefined;
  for (let index = entries.length - 2; index >= 0; index -= 1) {
    const entry = entries[index];
    if (!entry) return undefined;
    if (entry.type === 'message') {
      if (entry.role !== 'user') continue;
      // Typed turns and turns without timings are never read together.
      if (!entry.spoken) return undefined;
      const gap = last.spoken.from - entry.spoken.to;
      return gap >= 0 && gap <= CONTINUATION_GAP_MS ? entry : undefined;
    }
    // Between the two halves: only what the first half looked up.
    if (entry.type === 'function_call') {
      const operation = operationOf(entry.name);
      if (!operation || !LOOKS_ONLY.has(operation)) return undefined;
    }
  }
  return undefined;
}
