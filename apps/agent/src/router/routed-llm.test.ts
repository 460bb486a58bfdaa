// What a grounded model reads of its conversation: the exchanges the agent did not know are left
// out, so that a small model does not repeat its "I don't know" on the turns after.
import { llm } from '@livekit/agents';
import { describe, expect, it } from 'vitest';
import { withoutUnknownExchanges } from './routed-llm.js';

const UNKNOWN = "I'm sorry, I don't have any information about that.";

describe('withoutUnknownExchanges', () => {
  it('leaves out each question the agent did not know, with its calls, and keeps the rest', () => {
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'system', content: 'You are the voice of a bakery.' });
    chatCtx.addMessage({ role: 'assistant', content: 'Hello! How can I help?' });
    chatCtx.addMessage({ role: 'user', content: 'is there a car park' });
    chatCtx.insert(
      llm.FunctionCall.create({ callId: 'c1', name: 'search_faq', args: '{"q":"car park"}' }),
    );
    chatCtx.insert(
      llm.FunctionCallOutput.create({
        callId: 'c1',
        name: 'search_faq',
        output: '[]',
        isError: false,
      }),
    );
    chatCtx.addMessage({ role: 'assistant', content: `${UNKNOWN} Is there something else?` });
    chatCtx.addMessage({ role: 'user', content: 'how much is a loaf' });
    chatCtx.addMessage({ role: 'assistant', content: 'A loaf is 4 pounds.' });
    chatCtx.addMessage({ role: 'user', content: 'and a cake' });

    const read = withoutUnknownExchanges(chatCtx, UNKNOWN);
    const texts = read.items.map((item) =>
      item.type === 'message' ? `${item.role}: ${item.textContent}` : item.type,
    );
    expect(texts).toEqual([
      'system: You are the voice of a bakery.',
      'assistant: Hello! How can I help?',
      'user: how much is a loaf',
      'assistant: A loaf is 4 pounds.',
      'user: and a cake',
    ]);
    // Nothing to leave out: the same context.
    const plain = llm.ChatContext.empty();
    plain.addMessage({ role: 'user', content: 'hi' });
    expect(withoutUnknownExchanges(plain, UNKNOWN)).toBe(plain);
  });
});
