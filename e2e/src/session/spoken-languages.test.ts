import { patchPublicationSnapshot } from '@svc/api/testing';
import { scriptPublication, startAgentWorker, type TestWorker } from '@svc/agent/testing';
import { synthesizeWav, wavFile, wordErrorRate } from '@svc/agents-plugin-embedded';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { startPlatformApi, type PlatformApi } from '../support/platform-api.js';
import {
  VOICE_PAGE_HTML,
  voicePageScript,
  type VoicePageApi,
  type VoicePageRecord,
} from '../support/voice-page-record.js';

// A short spoken conversation in French, Spanish and German on the embedded stack, as a visitor
// has it: the SDK in Chromium starts the session in the language, the scenario declares it (its
// prompt and first message in that language), the agent greets in it with espeak-ng, the fake
// microphone asks for something in it (espeak-ng's voice of the language), the multilingual
// Whisper model hears it, and the agent answers. The LLM is scripted (its answers are not what
// is tested); no key anywhere. Times are not checked (two loaded cores): every wait is generous.

const RATE = 16_000;

/**
 * Per language: what the scenario says first, what the visitor asks, and a word of it that must be
 * heard (one the recognizer's prompt holds: the demo catalogue's own words are English). Through
 * Chromium's microphone "sacs de couchage" came out as "sacs de touche-cheche" on 2026-11-24.
 */
const LANGUAGES = [
  {
    tag: 'fr-FR',
    first: 'Bonjour, que cherchez-vous ?',
    said: 'montrez-moi les sacs de couchage',
    heard: /montrez/i,
    reply: 'Voici nos sacs de couchage.',
  },
  {
    tag: 'es-ES',
    first: 'Hola, ¿qué busca?',
    // "muéstrame los sacos de dormir" came back as "Muéstrame los satos de mi carrito." in most
    // tries of 2026-11-25 (espeak-ng's Spanish, "dormir" not in the prompt): the request is now
    // one whose words the prompt holds, as German's is.
    said: 'qué hay en mi carrito',
    heard: /carrito/i,
    reply: 'Su carrito está vacío.',
  },
  {
    tag: 'de-DE',
    first: 'Hallo, was suchen Sie?',
    said: 'was ist in meinem Warenkorb',
    heard: /warenkorb/i,
    reply: 'Ihr Warenkorb ist leer.',
  },
] as const;

/** `text` with its letters' accents taken off ("qué" is "que"). */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** A 16 kHz WAV of espeak-ng saying `text` in `language`, after 2 s of silence. */
async function spokenIn(language: string, text: string): Promise<Buffer> {
  const wav = await synthesizeWav(text, { language, sampleRate: RATE });
  const pcm = wav.subarray(44);
  const speech = new Int16Array(new Uint8Array(pcm).buffer, 0, Math.floor(pcm.length / 2));
  const samples = new Int16Array(RATE * 2 + speech.length);
  samples.set(speech, RATE * 2);
  return wavFile(samples, RATE);
}

let server: LivekitServer;
let api: PlatformApi;
let worker: TestWorker;
const browsers: Browser[] = [];

interface VoicePageWindow {
  voicePage: VoicePageApi;
}

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startPlatformApi(server, {
    page: { html: VOICE_PAGE_HTML, script: await voicePageScript() },
  });
  // The demo scenario, declared in the three languages (as the studio saves translations), its
  // LLM scripted: the answer to any visitor turn is in the language of the words heard.
  await scriptPublication(api.database, api.publication, [
    ...LANGUAGES.map(({ heard, reply }) => ({ when: heard.source, reply })),
    { when: '^[^{]', reply: 'OK.' },
  ]);
  await patchPublicationSnapshot(api.database, api.publication, (snapshot) => ({
    ...snapshot,
    translations: Object.fromEntries(
      LANGUAGES.map(({ tag, first }) => [
        tag,
        { prompt: `${snapshot.prompt ?? ''}\nAnswer in ${tag}.`, first_message: first },
      ]),
    ),
  }));
  // No model host: the scripted LLM needs no model, and each conversation's job process loads the
  // Whisper model of its language (the multilingual one here).
  worker = await startAgentWorker({
    livekit: server,
    apiUrl: api.url,
    env: { SVC_LLM_HOST: 'off' },
    timeoutMs: 180_000,
    connected: true,
  });
}, 360_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

describe('a spoken conversation in each language the scenario declares', () => {
  for (const language of LANGUAGES) {
    // Two retries, each in a new conversation: on a starved machine the fake microphone's audio
    // can reach the agent in pieces, as a visitor on a choking laptop would be asked to say it
    // again. Said directly, the Spanish request is heard right with the prompt every time; through
    // the starved browser of a CI run its first try was heard wrong in about a third of runs
    // ("Que hay un bicarrito?", "Quien tiene mi carrito."); one retry left a run to chance.
    it(`greets, hears and answers in ${language.tag}`, { retry: 2, timeout: 600_000 }, async () => {
      // Printed even when the retry then passes: why the first try failed.
      onTestFailed(({ task }) =>
        console.warn(
          `${task.name} failed: ${(task.result?.errors ?? []).map((error) => error.message).join('\n')}\n${worker.log.join('').slice(-3000)}`,
        ),
      );
      // Said once (no loop): the microphone is silent after it.
      const browser = await launchChromium(await spokenIn(language.tag, language.said), {
        loop: false,
      });
      browsers.push(browser);
      const page: Page = await browser.newPage();
      const record = () =>
        page.evaluate(() => (window as unknown as VoicePageWindow).voicePage.record());
      const until = async (
        what: string,
        done: (current: VoicePageRecord) => boolean,
        timeoutMs: number,
      ): Promise<VoicePageRecord> => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const current = await record();
          if (done(current)) return current;
          if (Date.now() > deadline) {
            const failure = `${what} within ${timeoutMs} ms: ${JSON.stringify(current, null, 1).slice(0, 3000)}\n${worker.log.join('').slice(-3000)}`;
            // Printed even when the retry then passes: what the first try saw.
            console.warn(failure);
            throw new Error(failure);
          }
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      };

      await page.goto(
        `${api.url}/?publication=${api.publication}&language=${encodeURIComponent(language.tag)}`,
      );
      await page.waitForFunction(() => 'voicePage' in window, undefined, { timeout: 60_000 });
      await page.evaluate(() => (window as unknown as VoicePageWindow).voicePage.start());

      // The first message is the language's, and it is spoken to the end before the microphone
      // opens (its file then starts).
      const greeted = await until(
        'no greeting spoken',
        (current) => {
          const spoke = current.agentStates.findIndex((entry) => entry.state === 'speaking');
          return (
            spoke >= 0 &&
            current.agentStates.slice(spoke).some((entry) => entry.state === 'listening')
          );
        },
        300_000,
      );
      expect(greeted.messages.find((message) => message.role === 'assistant')?.content).toBe(
        language.first,
      );
      await page.evaluate(() =>
        (window as unknown as VoicePageWindow).voicePage.microphone('default'),
      );

      // What the visitor said, in the language, over all their messages (a starved browser can
      // split the words into two turns).
      const saidIn = (current: VoicePageRecord) =>
        current.messages
          .filter((message) => message.role === 'user')
          .map((message) => message.content)
          .join(' ');
      // The words are heard within seconds once the microphone opens; a try that heard them
      // wrong ends 15 s after its first words and the retry starts, rather than waiting out
      // minutes for words that will not come.
      await until(
        'the visitor was never heard',
        (current) => current.messages.some((message) => message.role === 'user'),
        90_000,
      );
      const heard = await until(
        'the visitor was never heard right',
        (current) => language.heard.test(saidIn(current)),
        15_000,
      );
      // Heard in the language, close to what was said (the browser's capture and espeak-ng's
      // voice cost words: a third of them at most on 2026-11-24). Accents are spelling, not
      // hearing: Whisper writes "Que hay" for "qué hay" as often as not.
      expect(
        wordErrorRate([
          { reference: withoutAccents(language.said), hypothesis: withoutAccents(saidIn(heard)) },
        ]),
        saidIn(heard),
      ).toBeLessThan(0.5);
      const asked = heard.messages.findIndex((message) => message.role === 'user');

      // The agent answers the turn, and speaks its answer.
      const answered = await until(
        'the agent never answered',
        (current) =>
          current.messages.slice(asked + 1).some((message) => message.role === 'assistant') &&
          current.agentStates.some(
            (entry) => entry.state === 'speaking' && entry.at > (heard.messages[asked]?.at ?? 0),
          ),
        180_000,
      );
      // The words go to the reply path as heard: the script's answer, or the router's own when
      // it knows the request in this language.
      expect(
        answered.messages
          .slice(asked + 1)
          .filter((message) => message.role === 'assistant')
          .map((message) => message.content)
          .join(' ')
          .trim(),
      ).not.toBe('');
      expect(answered.errors).toEqual([]);
      await page.evaluate(() => (window as unknown as VoicePageWindow).voicePage.end());
    });
  }
});
