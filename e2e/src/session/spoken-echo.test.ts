import { startAgentWorker, type TestWorker } from '@svc/agent/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, spokenWav } from '../support/browser.js';
import { startPlatformApi, type PlatformApi } from '../support/platform-api.js';
import {
  VOICE_PAGE_HTML,
  voicePageScript,
  type VoicePageApi,
  type VoicePageRecord,
} from '../support/voice-page-record.js';

// A visitor on speakers, no headset: the agent's voice comes back into the microphone. The SDK
// asks the browser to cancel that echo, and a browser does when its canceller has the played
// audio to compare with; Chromium's fake capture device is not in that loop, so here the agent's
// audio is mixed into what the capture (with the SDK's settings) returns, loud, as an echo the
// canceller failed to remove. The agent must never take its own words for the visitor's, and
// must still hear the visitor.

const UTTERANCE = 'do you have tents';
/** Silence before the visitor speaks: the greeting and its echo come first. */
const LEAD_SECONDS = 25;

let server: LivekitServer;
let api: PlatformApi;
let worker: TestWorker;
let browser: Browser;
let page: Page;

interface VoicePageWindow {
  voicePage: VoicePageApi;
}

/**
 * Runs in the page before its script: every remote audio track (the agent's voice) is played
 * into the microphone track the page gets, after the browser's own processing of the capture.
 */
function speakersIntoMicrophone(): void {
  const context = new AudioContext();
  const microphone = context.createMediaStreamDestination();
  const mix = (track: MediaStreamTrack) => {
    // Chromium plays a remote WebRTC track into Web Audio only while a media element holds it.
    const element = new Audio();
    element.muted = true;
    element.srcObject = new MediaStream([track]);
    void element.play().catch(() => undefined);
    const loudness = context.createGain();
    loudness.gain.value = 0.8;
    context.createMediaStreamSource(new MediaStream([track])).connect(loudness);
    loudness.connect(microphone);
  };
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      this.addEventListener('track', (event) => {
        if (event.track.kind === 'audio') mix(event.track);
      });
    }
  };
  const capture = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const captured = await capture(constraints);
    if (!constraints?.audio) return captured;
    await context.resume();
    context.createMediaStreamSource(captured).connect(microphone);
    return new MediaStream([...(microphone.stream.getAudioTracks() as MediaStreamTrack[])]);
  };
}

const record = () => page.evaluate(() => (window as unknown as VoicePageWindow).voicePage.record());

/** What the worker's log says was heard, dropped and decided. */
function workerHeard(): string {
  return worker.log
    .join('')
    .split('\n')
    .filter((line) => /transcript|own speech|turn decided|"level":[3-6]\d/.test(line))
    .join('\n')
    .slice(-4000);
}

/** Polls the page's record until `done` holds; fails with the record and the worker's log. */
async function until(
  what: string,
  done: (current: VoicePageRecord) => boolean,
  timeoutMs: number,
): Promise<VoicePageRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await record();
    if (done(current)) return current;
    // A conversation that ended will not get there: no reason to wait out the time.
    if (Date.now() > deadline || current.ended)
      throw new Error(
        `${what} within ${timeoutMs} ms: ${JSON.stringify(current, null, 1).slice(0, 3000)}\n${workerHeard()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** What the agent heard the visitor say, message by message. */
const visitorSaid = (current: VoicePageRecord) =>
  current.messages.filter((message) => message.role === 'user');

/** The words of a text, lower case. */
const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];

/**
 * The share of a message's words that the visitor's utterance holds: about all of it for their
 * request (whole, or in parts when a starved browser cuts it), about none for the agent's words.
 */
function utteranceShare(text: string): number {
  const said = new Set(wordsOf(UTTERANCE));
  const words = wordsOf(text);
  return words.length ? words.filter((word) => said.has(word)).length / words.length : 1;
}

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startPlatformApi(server, {
    page: { html: VOICE_PAGE_HTML, script: await voicePageScript() },
  });
  worker = await startAgentWorker({
    livekit: server,
    apiUrl: api.url,
    // The recognizer and voice an English visitor gets by default.
    env: { SVC_LLM_HOST: 'on', SVC_EMBEDDED_STT: 'whisper', SVC_AGENT_LOG_LEVEL: 'debug' },
    timeoutMs: 240_000,
    connected: true,
  });
  // The page gives the agent 20 s to join; a job process still loading on a starved machine takes
  // longer, so the visitor comes once the worker's idle process is ready for the conversation.
  const deadline = Date.now() + 240_000;
  while (!worker.log.join('').includes('job runner initialized')) {
    if (Date.now() > deadline)
      throw new Error(`the worker's job process never got ready\n${workerHeard()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await launchChromium(
    spokenWav(UTTERANCE, { leadSeconds: LEAD_SECONDS, trailingSeconds: 2 }),
    { loop: false },
  );
  page = await browser.newPage();
  await page.addInitScript(speakersIntoMicrophone);
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

describe("the agent's voice played back into the microphone", () => {
  it('is never transcribed as the visitor, who is still heard', { timeout: 600_000 }, async () => {
    await page.goto(`${api.url}/?publication=${api.publication}`);
    await page.waitForFunction(() => 'voicePage' in window, undefined, { timeout: 60_000 });
    await page.evaluate(async () => {
      const { voicePage } = window as unknown as VoicePageWindow;
      await voicePage.start();
      // The microphone is open while the agent greets: its greeting comes back through it.
      await voicePage.microphone('default');
    });
    await until(
      'the greeting was never spoken',
      (current) => current.messages.some((message) => message.role === 'assistant'),
      300_000,
    );
    // The visitor's request, heard after the greeting's echo, and answered.
    const searched = await until(
      'the page was never asked to search',
      (current) => current.tools.some((call) => call.name === 'search_products'),
      300_000,
    );
    // The answer is spoken (and comes back through the speakers too) before the agent listens.
    await until(
      'the agent never answered',
      (current) =>
        current.agentStates.filter((entry) => entry.at > (searched.tools[0]?.at ?? 0)).at(-1)
          ?.state === 'listening',
      120_000,
    );
    // A moment for anything the echo of the answer would make the recognizer hear.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const final = await record();
    const said = visitorSaid(final);
    const heard = `${JSON.stringify(final.messages, null, 1)}\n${workerHeard()}`;
    expect(
      said
        .map((message) => message.content)
        .join(' ')
        .toLowerCase(),
      heard,
    ).toContain('tents');
    // Everything the visitor "said" is their request: none of it is the agent's words coming back.
    for (const message of said) {
      expect(utteranceShare(message.content), heard).toBeGreaterThanOrEqual(0.5);
    }
    expect(final.errors).toEqual([]);
    await page.evaluate(() => (window as unknown as VoicePageWindow).voicePage.end());
  });
});
