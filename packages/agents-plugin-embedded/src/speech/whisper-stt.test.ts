import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { initializeLogger, stt } from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { monoSamples } from './audio.js';
import { FliteTTS } from './flite-tts.js';
import { vocabularyPrompt, WhisperSTT, withoutRepeats } from './whisper-stt.js';
import {
  DEFAULT_WHISPER_MODEL,
  defaultWhisperThreads,
  WhisperSidecar,
  whisperPaths,
} from './whisper-sidecar.js';
import { wordErrorRate, wordErrors } from './word-error.js';

// The Whisper recognizer against the real sidecar and the model the set-up installed: flite
// speaks in two voices, the audio goes in as a room delivers it (48 kHz frames), and what comes
// back is scored. Product names come from the vocabulary prompt.
initializeLogger({ pretty: false, level: 'silent' });

const sidecar = new WhisperSidecar();
afterAll(() => sidecar.close());

async function speak(text: string, voice: string): Promise<AudioFrame[]> {
  const frames: AudioFrame[] = [];
  for await (const audio of new FliteTTS({ voice, sampleRate: 48_000 }).synthesize(text))
    frames.push(audio.frame);
  return frames;
}

describe('WhisperSTT', () => {
  it('builds a prompt of distinct vocabulary words, bounded', () => {
    expect(
      vocabularyPrompt(['North Peak Solo Tent', 'Sleeping bags', 'north peak solo tent', 'a']),
    ).toBe('North Peak Solo Tent, Sleeping bags.');
    const many = Array.from({ length: 500 }, (_, index) => `word${index} kind`);
    expect(vocabularyPrompt(many)?.split(', ')).toHaveLength(50);
    expect(vocabularyPrompt([])).toBeUndefined();
  });

  it('drops a sentence the model wrote twice in a row', () => {
    expect(withoutRepeats('Compare the first two. Compare the first two.')).toBe(
      'Compare the first two.',
    );
    expect(withoutRepeats('Yes. No. Yes.')).toBe('Yes. No. Yes.');
    expect(withoutRepeats('Do you have Sleeping Bag, Slap, Slap, Slap, Slap, Slap,')).toBe(
      'Do you have Sleeping Bag, Slap',
    );
    expect(withoutRepeats('two two tents')).toBe('two two tents');
    // Longer loops, as the multilingual model makes them on unclear French and Spanish.
    expect(
      withoutRepeats(
        "Je t'aime ça ça, je t'aime ça ça, je t'aime ça ça, je t'aime ça ça, je t'aime ça",
      ),
    ).toBe("Je t'aime ça ça, je t'aime ça");
    expect(withoutRepeats('muéstrame la primera y la segunda, la primera y la segunda')).toBe(
      'muéstrame la primera y la segunda, la primera y la segunda',
    );
  });

  it('transcribes whole utterances with the scenario vocabulary', async () => {
    const recognizer = new WhisperSTT({
      transcriber: sidecar,
      prompt:
        'Outdoor gear shop. Category: Tents, Sleeping bags, Lighting. Brand: North Peak, Pine Hollow. Products: Solo Tent, Down Sleeping Bag, Headlamp. Show me, compare, add to my cart, remove from my cart.',
    });
    const said = [
      ['do you have any tents', 'kal16'],
      ['add the pine hollow headlamp to my cart', 'awb'],
      ['compare the first two', 'rms'],
    ] as const;
    const heard: string[] = [];
    for (const [text, voice] of said) {
      const event = await recognizer.recognize(await speak(text, voice));
      expect(event.type).toBe(stt.SpeechEventType.FINAL_TRANSCRIPT);
      heard.push(event.alternatives?.[0]?.text ?? '');
    }
    const pairs = said.map(([reference], index) => ({ reference, hypothesis: heard[index] ?? '' }));
    expect(wordErrorRate(pairs)).toBeLessThan(0.2);
    expect(heard[0]?.toLowerCase()).toMatch(/\btents?\b/);
    expect(heard[1]).toMatch(/Pine Hollow Headlamp/);
  }, 120_000);

  it('never decodes a request aborted while it waits, and answers the others in order', async () => {
    const frames = await speak('show me the tents', 'slt');
    const pcm = Int16Array.from(
      frames.flatMap((frame) => [...frame.data]).filter((_, index) => index % 3 === 0),
    );
    const before = await sidecar.info();
    const waiting = new AbortController();
    const inFlight = new AbortController();
    const first = sidecar.transcribe({ pcm, language: 'en' }, inFlight.signal);
    const second = sidecar.transcribe({ pcm, language: 'en' }, waiting.signal);
    const third = sidecar.transcribe({ pcm, language: 'en' });
    // Once the first is in the process: cancelled there, or decoded when the cancel came late.
    await new Promise((resolve) => setTimeout(resolve, 50));
    inFlight.abort();
    waiting.abort();
    await expect(first).rejects.toThrow(/aborted/);
    await expect(second).rejects.toThrow(/aborted/);
    expect((await third).text.toLowerCase()).toMatch(/show me the/);
    const after = await sidecar.info();
    // The second never reached the process: two requests there, the first and the third.
    expect(after.requests + after.cancelled - before.requests - before.cancelled).toBe(2);
    // An aborted signal is refused before anything is queued.
    await expect(sidecar.transcribe({ pcm, language: 'en' }, waiting.signal)).rejects.toThrow(
      /aborted/,
    );
  }, 60_000);

  it('cancels a request in the process without decoding it (the sidecar protocol)', async () => {
    const frames = await speak('show me the tents and the sleeping bags', 'slt');
    const speech = Int16Array.from(
      frames.flatMap((frame) => [...frame.data]).filter((_, index) => index % 3 === 0),
    );
    // Eight seconds of speech: decoded while the process reads the lines written after it.
    const long = new Int16Array(16_000 * 8);
    for (let at = 0; at + speech.length <= long.length; at += speech.length) long.set(speech, at);
    const audio = (pcm: Int16Array) =>
      Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString('base64');
    const paths = whisperPaths(DEFAULT_WHISPER_MODEL);
    const child = spawn(paths.python, [paths.script, '--model', paths.model, '--no-warmup'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const answers: Record<string, unknown>[] = [];
      const infoSeen = new Promise<void>((resolve) =>
        lines.on('line', (line) => {
          const answer = JSON.parse(line) as Record<string, unknown>;
          if (answer.type === 'ready') return;
          answers.push(answer);
          if (answer.type === 'info') resolve();
        }),
      );
      child.stdin.write(
        [
          { id: 'long', audio: audio(long), language: 'en' },
          { id: 'early', audio: audio(speech), language: 'en' },
          { type: 'cancel', id: 'early' },
          // Not a request of the process's: ignored, no answer.
          { type: 'cancel', id: 'unknown' },
          { id: 'info', type: 'info' },
        ]
          .map((line) => JSON.stringify(line))
          .join('\n') + '\n',
      );
      await infoSeen;
      expect(answers.map((answer) => answer.id)).toEqual(['long', 'early', 'info']);
      expect(String(answers[0]?.text).toLowerCase()).toMatch(/show me the tents/);
      expect(answers[1]).toEqual({ id: 'early', cancelled: true });
      expect(answers[2]).toMatchObject({ requests: 1, cancelled: 1 });
    } finally {
      child.kill();
    }
  }, 120_000);

  it('decodes on half the cores by default, at least one thread', async () => {
    expect([1, 2, 3, 4, 8].map((cores) => defaultWhisperThreads(cores))).toEqual([1, 1, 1, 2, 4]);
    // The process was started with it.
    expect((await sidecar.info()).threads).toBe(defaultWhisperThreads());
  });

  it('gives as its confidence the share of known words the transcriber reports, else 1', async () => {
    const frames = await speak('tents', 'kal16');
    const confidence = async (known: number | undefined) => {
      const recognizer = new WhisperSTT({
        transcriber: {
          transcribe: async () => ({ text: 'Welchhoch, Zeighabenzieh', ms: 1, known }),
        },
      });
      return (await recognizer.recognize(frames)).alternatives?.[0]?.confidence;
    };
    expect(await confidence(0.25)).toBe(0.25);
    expect(await confidence(undefined)).toBe(1);
  });

  it('tells how sure it was of the last word and the others, with the text the event carries', async () => {
    const told: { text: string; lastWord: number; otherWords: number | undefined }[] = [];
    const sure = new WhisperSidecar({ wordProbabilities: true });
    onTestFinished(() => sure.close());
    const recognizer = new WhisperSTT({
      transcriber: sure,
      prompt: 'Outdoor gear shop. Category: Camping stoves, Tents, Lanterns.',
      onTranscript: ({ text, sureness }) => {
        if (sureness)
          told.push({ text, lastWord: sureness.lastWord, otherWords: sureness.otherWords });
      },
    });
    const texts: string[] = [];
    for (const said of ['I would like a lantern', 'I would like a lantern for'])
      texts.push(
        (await recognizer.recognize(await speak(said, 'kal16'))).alternatives?.[0]?.text ?? '',
      );
    expect(told.map(({ text }) => text)).toEqual(texts);
    for (const { lastWord, otherWords } of told) {
      expect(lastWord).toBeGreaterThanOrEqual(0);
      expect(lastWord).toBeLessThanOrEqual(1);
      expect(otherWords).toBeGreaterThan(0.5);
    }
    // A sentence stopped on "for": the model is less sure of what it made of its last word.
    const [finished, cut] = told;
    expect(finished?.lastWord).toBeGreaterThan(cut?.lastWord ?? 1);
  }, 60_000);

  it('hears an utterance again without its prompt when asked, as the second alternative', async () => {
    const frames = await speak('mm hmm', 'kal16');
    const asked: { prompt: string | undefined; samples: number }[] = [];
    let failBare = false;
    const transcriber = {
      transcribe: async (request: { pcm: Int16Array; prompt?: string | undefined }) => {
        asked.push({ prompt: request.prompt, samples: request.pcm.length });
        if (!request.prompt && failBare) throw new Error('sidecar gone');
        return { text: request.prompt ? 'Momentum.' : 'Mm-hmm.', ms: 1 };
      },
    };
    const wanted: string[] = [];
    const recognizer = new WhisperSTT({
      transcriber,
      prompt: 'Outdoor gear shop.',
      hearsBareToo: (text) => {
        wanted.push(text);
        return text !== 'Momentum.' || wanted.length < 3;
      },
    });
    const texts = async () =>
      (await recognizer.recognize(frames)).alternatives?.map((alternative) => alternative.text);
    expect(await texts()).toEqual(['Momentum.', 'Mm-hmm.']);
    // The same audio both times, the prompt only the first.
    expect(asked.map(({ prompt }) => prompt)).toEqual(['Outdoor gear shop.', undefined]);
    expect(asked[0]?.samples).toBe(asked[1]?.samples);
    // A failed second hearing leaves the first as it was.
    failBare = true;
    expect(await texts()).toEqual(['Momentum.']);
    // Not wanted: heard once.
    asked.length = 0;
    expect(await texts()).toEqual(['Momentum.']);
    expect(asked).toHaveLength(1);
    expect(wanted).toEqual(['Momentum.', 'Momentum.', 'Momentum.']);
  });

  it('hears each utterance with and without its prompt at once, keeping the prompt only for its words', async () => {
    const frames = await speak('they have feathers and can fly', 'kal16');
    const asked: { prompt: string | undefined; bareToo: boolean | undefined }[] = [];
    const recognizer = new WhisperSTT({
      transcriber: {
        transcribe: async (request) => {
          asked.push({ prompt: request.prompt, bareToo: request.bareToo });
          return {
            text: 'They have feathers and comply.',
            bare: 'They have feathers and can fly.',
            ms: 1,
          };
        },
      },
      prompt: 'Outdoor gear shop. Camp Stove, Headlamp.',
      bareAlongside: true,
      hearsBareToo: () => true,
    });
    const event = await recognizer.recognize(frames);
    expect(event.alternatives?.map((alternative) => alternative.text)).toEqual([
      'They have feathers and can fly.',
      'They have feathers and can fly.',
    ]);
    // One request for both hearings; no second hearing after it.
    expect(asked).toEqual([{ prompt: 'Outdoor gear shop. Camp Stove, Headlamp.', bareToo: true }]);
  });

  it('the sidecar decodes an utterance without the prompt too when asked, on a second worker', async () => {
    const both = new WhisperSidecar({ workers: 2 });
    onTestFinished(() => both.close());
    const frames = await speak('show me the camp stove', 'kal16');
    const pcm = monoSamples(frames, 16_000);
    const prompt = 'Outdoor gear shop. Camp Stove, Headlamp.';
    const heard = await both.transcribe({ pcm, prompt, language: 'en', bareToo: true });
    expect(wordErrors('show me the camp stove', heard.text).errors).toBeLessThanOrEqual(1);
    expect(wordErrors('show me the camp stove', heard.bare ?? '').errors).toBeLessThanOrEqual(2);
    expect(heard.bare).toMatch(/\w/);
    // Not asked: no bare hearing.
    expect((await both.transcribe({ pcm, prompt, language: 'en' })).bare).toBeUndefined();
  }, 60_000);

  it('cannot stream on its own: the session puts it behind its VAD', () => {
    expect(() => new WhisperSTT({ transcriber: sidecar }).stream()).toThrow(/StreamAdapter/);
  });
});
