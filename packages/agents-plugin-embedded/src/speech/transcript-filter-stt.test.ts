import { initializeLogger, normalizeLanguage, stt } from '@livekit/agents';
import { describe, expect, it } from 'vitest';
import { TranscriptFilterSTT } from './transcript-filter-stt.js';

initializeLogger({ pretty: false, level: 'silent' });

const heard = (text: string): stt.SpeechData => ({
  text,
  language: normalizeLanguage('en'),
  startTime: 0,
  endTime: 0,
  confidence: 1,
});
const start: stt.SpeechEvent = { type: stt.SpeechEventType.START_OF_SPEECH };
const end: stt.SpeechEvent = { type: stt.SpeechEventType.END_OF_SPEECH };
const interim = (text: string): stt.SpeechEvent => ({
  type: stt.SpeechEventType.INTERIM_TRANSCRIPT,
  alternatives: [heard(text)],
});
const final = (text: string): stt.SpeechEvent => ({
  type: stt.SpeechEventType.FINAL_TRANSCRIPT,
  alternatives: [heard(text)],
});

/** A streaming recognizer that says the given events, in order, and nothing else. */
class ScriptedSTT extends stt.STT {
  label = 'scripted';
  readonly #events: stt.SpeechEvent[];
  constructor(events: stt.SpeechEvent[]) {
    super({ streaming: true, interimResults: true });
    this.#events = events;
  }
  protected override _recognize(): Promise<stt.SpeechEvent> {
    return Promise.resolve(final(''));
  }
  override stream(): stt.SpeechStream {
    const events = this.#events;
    return new (class extends stt.SpeechStream {
      label = 'scripted';
      protected override async monitorMetrics(): Promise<void> {
        return;
      }
      protected override async run(): Promise<void> {
        for (const event of events) this.output.put(event);
        this.output.close();
      }
    })(this);
  }
}

/**
 * What comes out of `recognizer`'s stream: each event's type and first text, until nothing more
 * comes for a tenth of a second (a filter's stream stays open until the session closes it).
 */
async function said(recognizer: stt.STT): Promise<string[]> {
  const stream = recognizer.stream();
  // No audio: the scripted recognizer says its events on its own.
  stream.endInput();
  const out: string[] = [];
  for (;;) {
    const next = await Promise.race([
      stream.next(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100)),
    ]);
    if (!next || next.done) break;
    out.push(`${next.value.type}:${next.value.alternatives?.[0]?.text ?? ''}`);
  }
  stream.close();
  return out;
}

describe('a filter on the transcripts of a stream', () => {
  it("takes back an interim it passed when it drops the utterance's final", async () => {
    const inner = new ScriptedSTT([start, interim('I sense'), end, final('I sense tents today')]);
    const echo = new TranscriptFilterSTT(inner, {
      name: 'Echo',
      drops: (text) => (text.includes('tents') ? 'echo' : undefined),
    });
    expect(await said(echo)).toEqual([
      `${stt.SpeechEventType.START_OF_SPEECH}:`,
      `${stt.SpeechEventType.INTERIM_TRANSCRIPT}:I sense`,
      `${stt.SpeechEventType.END_OF_SPEECH}:`,
      // The session forgets "I sense": it never becomes the visitor's turn.
      `${stt.SpeechEventType.INTERIM_TRANSCRIPT}:`,
    ]);
  });

  it('passes a taken-back interim through a filter that would drop an empty transcript', async () => {
    const inner = new ScriptedSTT([start, interim('that makes'), end, final('that makes sense')]);
    const first = new TranscriptFilterSTT(inner, {
      name: 'Feedback',
      drops: (text) => (text === 'that makes sense' ? 'feedback' : undefined),
    });
    // A filter that drops transcripts without words ("" is feedback over the agent).
    const outer = new TranscriptFilterSTT(first, {
      name: 'Outer',
      drops: (text) => (text === '' ? 'no words' : undefined),
    });
    expect((await said(outer)).at(-1)).toBe(`${stt.SpeechEventType.INTERIM_TRANSCRIPT}:`);
  });

  it('takes nothing back when the final passes, or when no interim was passed', async () => {
    const keep = new TranscriptFilterSTT(
      new ScriptedSTT([start, interim('wait'), end, final('wait, the green one')]),
      { name: 'None', drops: () => undefined },
    );
    expect((await said(keep)).at(-1)).toBe(
      `${stt.SpeechEventType.FINAL_TRANSCRIPT}:wait, the green one`,
    );
    const drop = new TranscriptFilterSTT(new ScriptedSTT([start, end, final('mm-hmm')]), {
      name: 'All',
      drops: () => 'feedback',
    });
    expect(await said(drop)).toEqual([
      `${stt.SpeechEventType.START_OF_SPEECH}:`,
      `${stt.SpeechEventType.END_OF_SPEECH}:`,
    ]);
  });
});
