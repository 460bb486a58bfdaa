import {
  initializeLogger,
  normalizeLanguage,
  stt,
  type APIConnectOptions,
  type AudioBuffer,
} from '@livekit/agents';
import { AudioFrame } from '@livekit/rtc-node';
import { describe, expect, it } from 'vitest';
import { EchoFilterSTT } from './echo-filter-stt.js';
import { EchoGuard } from './echo-guard.js';

// The agent's own voice, heard back through a visitor's speakers, is not the visitor.

initializeLogger({ pretty: false, level: 'silent' });

describe('EchoGuard', () => {
  it('takes a short echo misheard a sound off for the agent while it plays, in its order', () => {
    let now = 0;
    const guard = new EchoGuard(() => now);
    guard.speaking('Hi, welcome to Trailhead!', 1.5);
    guard.speaking('What are you looking for today?', 2);
    now = 1_000;
    // Heard in Chromium with the agent's voice played into the microphone.
    expect(guard.isEcho('Bye, welcome.', 500)).toBe(true);
    expect(guard.isEcho('By, welcome.', 500)).toBe(true);
    expect(guard.isEcho('what are you looking', 500)).toBe(true);
    // The same words out of the agent's order are the visitor's.
    expect(guard.isEcho('welcome bye', 500)).toBe(false);
    // An interruption sharing a few of the agent's words does not follow its sentence.
    guard.speaking('I found the North Peak Solo Tent. Which one would you like?', 4);
    now = 5_000;
    expect(guard.isEcho('no, the other one', 4_500)).toBe(false);
  });

  it("holds a part of an utterance that sounds like the agent's words, passes a visitor's", () => {
    let now = 0;
    const guard = new EchoGuard(() => now);
    guard.speaking('Hi, welcome to Trailhead! What are you looking for today?', 3.5);
    now = 1_000;
    // The first half second of the greeting's echo, misheard: too short for isEcho.
    expect(guard.isEcho('Bye, bye.', 300)).toBe(false);
    expect(guard.mayBeEcho('Bye, bye.', 300)).toBe(true);
    expect(guard.mayBeEcho('Add, Water.', 300)).toBe(true);
    // A visitor's interruption has words of its own.
    expect(guard.mayBeEcho('Actually, I would', 600)).toBe(false);
    expect(guard.mayBeEcho('Hold on a second', 600)).toBe(false);
    // One that sounds like the agent's words ("wait" like "what") waits for its whole utterance.
    expect(guard.mayBeEcho('Wait.', 600)).toBe(true);
  });

  it("holds a longer part only when most of its words are the agent's, though it names what the agent named", () => {
    let now = 0;
    const guard = new EchoGuard(() => now);
    guard.speaking('Hi, welcome to Trailhead!', 1.5);
    guard.speaking('We sell tents, sleeping bags, backpacks and cooking gear for every trail.', 5);
    guard.speaking('What are you looking for today?', 2);
    now = 3_000;
    // Two seconds of a visitor talking on over it: half its words are the agent's, or near them.
    const part = 'Actually, I would much rather look at the warm sleeping bags you';
    expect(guard.isEcho(part, 2_000)).toBe(false);
    expect(guard.mayBeEcho(part, 2_000)).toBe(false);
    expect(guard.mayBeEcho('What about the backpacks?', 2_000)).toBe(false);
    // The agent's own words heard back, as long, still are its echo, misheard too.
    expect(guard.mayBeEcho('sell tents, sleeping bags, backpacks and cooking', 2_000)).toBe(true);
    expect(guard.isEcho('Add, what are you looking at?', 2_000)).toBe(false);
    expect(guard.mayBeEcho('Add, what are you looking at?', 2_000)).toBe(true);
    // A short part naming them still waits for its whole utterance.
    expect(guard.mayBeEcho('sleeping bags', 2_000)).toBe(true);
  });

  it("takes one word for an echo only while the agent's voice plays a word like it", () => {
    let now = 0;
    const guard = new EchoGuard(() => now);
    guard.speaking('Hi, welcome to Trailhead!', 1.5);
    guard.speaking('We have tents and backpacks. Which one?', 3);
    now = 1_000;
    // The greeting's "Hi" heard back as a parting, which would end the conversation.
    expect(guard.isEcho('Bye.', 800)).toBe(true);
    // An interruption that sounds like nothing the agent just played.
    expect(guard.isEcho('Wait.', 800)).toBe(false);
    now = 9_000;
    // The visitor's one-word answer after the agent finished, in the agent's own words.
    expect(guard.isEcho('Tents.', 6_000)).toBe(false);
    expect(guard.isEcho('Bye.', 6_000)).toBe(false);
  });

  it("takes the agent's words heard back for an echo while they play and a moment after", () => {
    let now = 0;
    const guard = new EchoGuard(() => now);
    guard.speaking('Hi, welcome to Trailhead!', 1.5);
    guard.speaking('What are you looking for today?', 2);
    // Misheard in part, as a recognizer hears a voice through a room.
    expect(guard.isEcho('welcome to trail head what are you looking for')).toBe(true);
    expect(guard.isEcho('Bye, welcome to trail.')).toBe(true);
    expect(guard.isEcho('What are you looking for today?')).toBe(true);
    now = 3_500 + 9_900;
    expect(guard.isEcho('what are you looking for today')).toBe(true);
    now = 3_500 + 10_100;
    expect(guard.isEcho('what are you looking for today')).toBe(false);
  });

  it("keeps the visitor's own words, even those that repeat some of the agent's", () => {
    const guard = new EchoGuard(() => 0);
    guard.speaking('We sell tents, sleeping bags and the Blue Ridge Down Jacket.', 4);
    guard.speaking('What are you looking for today?', 2);
    expect(guard.isEcho('do you have tents')).toBe(false);
    expect(guard.isEcho('put the blue ridge down jacket in my cart please')).toBe(false);
    // One word cannot tell the visitor's "tents" from the agent's.
    expect(guard.isEcho('tents')).toBe(false);
    expect(new EchoGuard().isEcho('what are you looking for')).toBe(false);
  });

  it('follows the audio as it plays, later than it was handed out on a loaded machine', () => {
    let now = 0;
    const guard = new EchoGuard(() => now);
    guard.speaking('I found 5 tents.', 1.2);
    // Handed out at 0, due to end at 1.2 s; it starts playing at 2 s and stops at 3.2 s.
    now = 2_000;
    guard.playing(true);
    now = 4_000;
    expect(guard.isEcho('I found five tints.', 3_100)).toBe(true);
    now = 4_500;
    guard.playing(false);
    now = 6_000;
    expect(guard.isEcho('I found five tints.', 4_000)).toBe(true);
    // The visitor's answer well after the audio stopped.
    expect(guard.isEcho('five tents', 6_500)).toBe(false);
  });

  it('places the words of audio that starts playing late where they play', () => {
    let now = 0;
    const guard = new EchoGuard(() => now);
    guard.speaking('Hi, welcome to Trailhead! What are you looking for today?', 8);
    // Handed out at 0; on a loaded machine it starts playing at 6 s, its "what" at about 9 s.
    now = 6_000;
    guard.playing(true);
    now = 7_200;
    // The visitor's "wait" half a second into the greeting: no word like it has played yet.
    expect(guard.isEcho('Wait.', 6_500)).toBe(false);
    // The greeting's own "what" coming back once it played.
    now = 11_000;
    expect(guard.isEcho('What.', 9_600)).toBe(true);
    // A second playout later is placed by its own start.
    now = 14_000;
    guard.playing(false);
    guard.speaking('Which one? What else?', 4);
    now = 17_000;
    guard.playing(true);
    expect(guard.isEcho('Wait.', 17_100)).toBe(false);
    now = 20_000;
    expect(guard.isEcho('What.', 19_300)).toBe(true);
  });

  it('keeps an answer that began after the agent finished, even in its very words', () => {
    let now = 0;
    const guard = new EchoGuard(() => now);
    guard.speaking('I found the Summit Dome Tent and the North Peak Solo Tent.', 3);
    // Begun while the agent spoke: its voice coming back.
    now = 4_000;
    expect(guard.isEcho('the summit dome tent', 2_000)).toBe(true);
    // Begun two seconds after the agent's last word: the visitor choosing one.
    now = 6_500;
    expect(guard.isEcho('the summit dome tent', 5_000)).toBe(false);
  });
});

/** A streaming recognizer that hears the given transcripts, each between speech events. */
class HeardSTT extends stt.STT {
  label = 'HeardSTT';
  constructor(readonly heard: string[]) {
    super({ streaming: true, interimResults: false });
  }
  protected _recognize(_frame: AudioBuffer): Promise<stt.SpeechEvent> {
    throw new Error('not used');
  }
  stream(options?: { connOptions?: APIConnectOptions }): stt.SpeechStream {
    return new HeardStream(this, this.heard, options?.connOptions);
  }
}

class HeardStream extends stt.SpeechStream {
  label = 'HeardStream';
  constructor(
    recognizer: stt.STT,
    readonly heard: string[],
    connOptions?: APIConnectOptions,
  ) {
    super(recognizer, undefined, connOptions);
  }
  protected async run(): Promise<void> {
    for await (const _ of this.input) {
      // Audio in, the scripted transcripts out once it ends.
    }
    for (const text of this.heard) {
      this.queue.put({ type: stt.SpeechEventType.START_OF_SPEECH });
      this.queue.put({
        type: stt.SpeechEventType.FINAL_TRANSCRIPT,
        alternatives: [
          { text, language: normalizeLanguage('en'), startTime: 0, endTime: 1, confidence: 1 },
        ],
      });
      this.queue.put({ type: stt.SpeechEventType.END_OF_SPEECH });
    }
  }
}

describe('EchoFilterSTT', () => {
  it("drops the transcripts of the agent's own speech and passes the visitor's and every other event", async () => {
    const guard = new EchoGuard();
    guard.speaking('Hi, welcome to Trailhead! What are you looking for today?', 3);
    const filtered = new EchoFilterSTT(
      new HeardSTT(['welcome to trailhead what are you looking for', 'do you have tents']),
      guard,
    );
    const stream = filtered.stream();
    stream.pushFrame(new AudioFrame(new Int16Array(160), 16_000, 1, 160));
    stream.endInput();
    const events: stt.SpeechEvent[] = [];
    for await (const event of stream) {
      events.push(event);
      if (events.length === 5) break;
    }
    expect(events.map((event) => [event.type, event.alternatives?.[0]?.text])).toEqual([
      [stt.SpeechEventType.START_OF_SPEECH, undefined],
      [stt.SpeechEventType.END_OF_SPEECH, undefined],
      [stt.SpeechEventType.START_OF_SPEECH, undefined],
      [stt.SpeechEventType.FINAL_TRANSCRIPT, 'do you have tents'],
      [stt.SpeechEventType.END_OF_SPEECH, undefined],
    ]);
    stream.close();
  });
});
