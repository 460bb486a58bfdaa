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

const final = (text: string): stt.SpeechEvent => ({
  type: stt.SpeechEventType.FINAL_TRANSCRIPT,
  alternatives: [
    { text, language: 'en' as stt.SpeechData['language'], startTime: 0, endTime: 0, confidence: 1 },
  ],
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

  it('keeps "yeah" when the agent is not speaking: it answers a question', () => {
    const filter = new BackchannelFilterSTT(new SilentSTT(), {
      language: 'en',
      overAgent: () => false,
    });
    expect(filter.drops(final('Yeah.'))).toBe(false);
  });
});
