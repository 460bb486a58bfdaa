// The embedded LLM's settings: what is read from the environment, and what is refused there.
import { afterEach, describe, expect, it } from 'vitest';
import { resolveOptions } from './llama-options.js';

describe('the token prediction setting', () => {
  const previous = process.env.SVC_LLM_PREDICTION;
  afterEach(() => {
    if (previous === undefined) delete process.env.SVC_LLM_PREDICTION;
    else process.env.SVC_LLM_PREDICTION = previous;
  });

  it("guesses a decision's fixed text by default, and takes SVC_LLM_PREDICTION or the option", () => {
    delete process.env.SVC_LLM_PREDICTION;
    expect(resolveOptions({}).tokenPrediction).toBe('protocol');
    process.env.SVC_LLM_PREDICTION = 'input-lookup';
    expect(resolveOptions({}).tokenPrediction).toBe('input-lookup');
    expect(resolveOptions({ tokenPrediction: 'none' }).tokenPrediction).toBe('none');
  });

  it('refuses a value it does not know, naming it', () => {
    process.env.SVC_LLM_PREDICTION = 'draft';
    expect(() => resolveOptions({})).toThrow(
      /SVC_LLM_PREDICTION must be protocol, input-lookup or none, not "draft"/,
    );
  });
});
