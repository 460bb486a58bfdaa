import { describe, expect, it } from 'vitest';
import { acquireSlot, type Runtime, type Slot } from './llama-runtime.js';

/** A pool of slots that last held these prompts (released in this order), without a model. */
function pool(prompts: string[]): Runtime {
  const slots = prompts.map(
    (lastPrompt, index): Slot =>
      ({
        sequence: undefined,
        chat: undefined,
        busy: false,
        lastPrompt,
        pendingPrompt: '',
        releasedAt: index,
      }) as unknown as Slot,
  );
  return { slots, waiters: new Set(), grammars: new Map() } as unknown as Runtime;
}

const system = `[{"type":"system","text":"${'You are the receptionist. '.repeat(60)}"}`;
const conversation = (...turns: string[]) =>
  `${system}${turns.map((text) => `,{"type":"user","text":"${text}"}`).join('')}`;
const dana = conversation('a haircut on friday please', 'around four, the name is Dana Whitfield');

describe('acquireSlot', () => {
  const signal = new AbortController().signal;

  it("keeps each conversation's evaluated turns: its own slot, else the one used longest ago", async () => {
    // Slot 0 was released first and holds another scenario; slot 1 a live conversation.
    const runtime = pool(['[{"type":"system","text":"another scenario"}', dana]);
    const next = await acquireSlot(
      runtime,
      conversation(
        'a haircut on friday please',
        'around four, the name is Dana Whitfield',
        'and Saturday?',
      ),
      signal,
      system,
    );
    expect(next).toBe(runtime.slots[1]);
    next.busy = false;
    const newcomer = await acquireSlot(runtime, conversation('open sundays?'), signal, system);
    expect(newcomer).toBe(runtime.slots[0]);
  });

  it("does not wait for another conversation's turn, only for its own warm-up", async () => {
    const runtime = pool([dana, '']);
    runtime.slots[0]!.busy = true;
    runtime.slots[0]!.pendingPrompt = dana;
    expect(await acquireSlot(runtime, conversation('open sundays?'), signal, system)).toBe(
      runtime.slots[1],
    );
  });

  it('takes the slot that holds the same instructions for a question that keeps no conversation', async () => {
    const choose = '[{"type":"system","text":"Choose the one action."}';
    const question = (words: string) => `${choose},{"type":"user","text":"${words}"}]`;
    const asked = question('Nothing is on the page yet. Visitor: hi');
    // Slot 0 (used longest ago) holds a live conversation, slot 1 the last question.
    const runtime = pool([
      dana,
      question('A list of 5 items is on the page. Visitor: what have I put in the cart so far'),
    ]);
    expect(await acquireSlot(runtime, asked, signal, choose, Infinity)).toBe(runtime.slots[1]);
    // Asked as a conversation's turn, the last question's slot would not count as continued.
    runtime.slots[1]!.busy = false;
    expect(await acquireSlot(runtime, asked, signal, choose)).toBe(runtime.slots[0]);
  });
});
