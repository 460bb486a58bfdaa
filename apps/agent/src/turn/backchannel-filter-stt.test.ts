import { stt } from '@livekit/agents';
import { describe, expect, it } from 'vitest';
import { BackchannelFilterSTT } from './backchannel-filter-stt.js';

/** A recognizer that is never asked anything: the filter's decision is what is tested. */
class SilentSTT extends stt.STT {
  label = 'silent';
  constructor() {
    super({ streaming: true, interimResults: false });
  }
  protected override _recognize(): Promise<stt.SpeechEvent> {
    return Promise.resolve({ type: stt.SpeechEventType.FINAL_TRANSCRIPT });
  }
  override stream(): stt.SpeechStream {
    throw new Error('not streamed here');
  }
}

const heard = (text: string): stt.SpeechData => ({
  text,
  language: 'en' as stt.SpeechData['language'],
  startTime: 0,
  endTime: 0,
  confidence: 1,
});

/** A final transcript; `bare`: the same utterance heard again without the prompt. */
const final = (text: string, bare?: string): stt.SpeechEvent => ({
  type: stt.SpeechEventType.FINAL_TRANSCRIPT,
  alternatives: [heard(text), ...(bare === undefined ? [] : [heard(bare)])],
});

describe('the recognizer over the agent', () => {
  it('drops "mm-hmm" and a cough over the agent, keeps "wait"', () => {
    const filter = new BackchannelFilterSTT(new SilentSTT(), {
      language: 'en',
      overAgent: () => true,
    });
    expect(filter.drops(final('Mm-hmm.'))).toBe(true);
    expect(filter.drops(final('[coughs]'))).toBe(true);
    expect(filter.drops(final('Wait.'))).toBe(false);
    expect(filter.drops({ type: stt.SpeechEventType.END_OF_SPEECH })).toBe(false);
  });

  it('drops words the prompt made of a sound over the agent, when the bare hearing finds none', () => {
    let agentSpeaking = true;
    const filter = new BackchannelFilterSTT(new SilentSTT(), {
      language: 'en',
      overAgent: () => agentSpeaking,
    });
    // A hum under the shop's prompt, heard bare as a continuer or as nothing at all.
    expect(filter.drops(final('Momentum.', 'Mm-hmm.'))).toBe(true);
    expect(filter.drops(final('Thank you.', ''))).toBe(true);
    // Words both ways interrupt.
    expect(filter.drops(final('Wait, the green one.', 'Wait, the green one.'))).toBe(false);
    expect(filter.drops(final('Show me the Summit tent.', 'Show me the summit tent.'))).toBe(false);
    // Once the agent has finished, what the visitor says is a turn however it was heard.
    agentSpeaking = false;
    expect(filter.drops(final('Momentum.', 'Mm-hmm.'))).toBe(false);
  });

  it('keeps "yeah" when the agent is not speaking: it answers a question', () => {
    const filter = new BackchannelFilterSTT(new SilentSTT(), {
      language: 'en',
      overAgent: () => false,
    });
    expect(filter.drops(final('Yeah.'))).toBe(false);
  });
});
