import { DEFAULT_API_CONNECT_OPTIONS, initializeLogger, llm } from '@livekit/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { acknowledging, type AcknowledgingLLM } from './acknowledgement.js';

beforeAll(() => initializeLogger({ pretty: false, level: 'error' }));

/** An LLM that answers `text` after `delayMs` (a tool call instead when `call` is set). */
class SlowLLM extends llm.LLM {
  constructor(
    private readonly delayMs: number,
    private readonly text: string,
    private readonly call?: string,
  ) {
    super();
  }
  label(): string {
    return 'slow';
  }
  chat({ chatCtx }: { chatCtx: llm.ChatContext }): llm.LLMStream {
    const { delayMs, text, call } = this;
    class Stream extends llm.LLMStream {
      protected async run(): Promise<void> {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        this.queue.put({
          id: 'slow',
          delta: call
            ? {
                role: 'assistant',
                toolCalls: [llm.FunctionCall.create({ callId: 'c1', name: call, args: '{}' })],
              }
            : { role: 'assistant', content: text },
        });
      }
    }
    return new Stream(this, { chatCtx, connOptions: DEFAULT_API_CONNECT_OPTIONS });
  }
}

async function said(model: llm.LLM, chatCtx: llm.ChatContext): Promise<string> {
  let text = '';
  for await (const chunk of model.chat({ chatCtx })) text += chunk.delta?.content ?? '';
  return text;
}

function visitorSays(text: string): llm.ChatContext {
  const chatCtx = llm.ChatContext.empty();
  chatCtx.addMessage({ role: 'user', content: text });
  return chatCtx;
}

describe('acknowledging', () => {
  it('starts a slow reply with an acknowledgement in the conversation language', async () => {
    const model = acknowledging(new SlowLLM(60, 'Nous ouvrons à 9 h.'), 'fr-FR', 5);
    expect(await said(model, visitorSays('vous ouvrez quand ?'))).toBe(
      'Un instant. Nous ouvrons à 9 h.',
    );
  });

  it('says nothing more when the reply begins in time', async () => {
    const model = acknowledging(new SlowLLM(0, 'Hello!'), 'en', 200);
    expect(await said(model, visitorSays('hi'))).toBe('Hello!');
  });

  it('acknowledges a turn once, even when the model is asked again after its tool call', async () => {
    const inner = new SlowLLM(30, 'Found it.', 'search');
    const model = acknowledging(inner, 'en', 5) as AcknowledgingLLM;
    const chatCtx = visitorSays('any tents?');
    expect(await said(model, chatCtx)).toBe('One moment. ');
    // The pass after the tool result, for the same visitor turn.
    expect(await said(model, chatCtx)).toBe('');
    // The next visitor turn gets the next phrase.
    chatCtx.addMessage({ role: 'user', content: 'and backpacks?' });
    expect(await said(model, chatCtx)).toBe('Let me see. ');
  });

  it('leaves the model as it is in a language without acknowledgements', () => {
    const inner = new SlowLLM(0, 'Hej');
    expect(acknowledging(inner, 'sv-SE')).toBe(inner);
  });
});

describe('answers in a JSON shape through an acknowledging LLM', () => {
  it("are the inner model's, with no acknowledgement; a model that gives none is refused", async () => {
    const inner = Object.assign(new SlowLLM(0, 'words'), {
      answerJson: async (question: { prompt: string }) =>
        `{"echo":${JSON.stringify(question.prompt)}}`,
    });
    const wrapped = acknowledging(inner, 'en-US', 0) as AcknowledgingLLM;
    expect(await wrapped.answerJson({ instructions: 'echo', prompt: 'hi', schema: {} })).toBe(
      '{"echo":"hi"}',
    );
    const plain = acknowledging(new SlowLLM(0, 'words'), 'en-US', 0) as AcknowledgingLLM;
    await expect(
      plain.answerJson({ instructions: 'echo', prompt: 'hi', schema: {} }),
    ).rejects.toThrow(/cannot answer in a JSON shape/);
  });
});
