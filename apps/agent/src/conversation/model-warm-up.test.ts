import { voice, type llm } from '@livekit/agents';
import { describe, expect, it } from 'vitest';
import { warmModel } from './model-warm-up.js';

describe('warmModel', () => {
  it("evaluates the agent's prompt first, then what comes after it, and skips a model that cannot warm", async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const warmable = Object.assign(new voice.testing.FakeLLM(), {
      warm: () =>
        new Promise<void>((resolve) => {
          order.push('prompt');
          release = resolve;
        }),
    });
    const agent = new voice.Agent({ instructions: 'You help visitors.' });
    const after = new Promise<void>((resolve) =>
      warmModel(warmable, agent, async () => {
        order.push('after');
        resolve();
      }),
    );
    expect(order).toEqual(['prompt']);
    release();
    await after;
    expect(order).toEqual(['prompt', 'after']);

    let called = false;
    warmModel(new voice.testing.FakeLLM() as llm.LLM, agent, async () => {
      called = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(called).toBe(false);
  });
});
