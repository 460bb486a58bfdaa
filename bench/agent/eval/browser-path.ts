// The browser path: the SDK in Debian Chromium, whose fake microphone plays one WAV per
// conversation (each utterance once, then silence between them long enough for the agent's
// answer). The capture goes through Chromium's audio processing and WebRTC's Opus, as a
// visitor's microphone does. The page starts with the microphone off and turns it on after the
// greeting, so the file starts when the agent listens; turns are cut by time afterwards.
import { wavFile } from '@svc/agents-plugin-embedded';
import {
  launchChromium,
  type VoicePageApi,
  type VoicePageCapture,
  type VoicePageRecord,
} from '@svc/e2e/support';
import type { Conversation } from './conversations.js';
import type { Action } from './expectations.js';
import {
  toolCallAction,
  turnActions,
  type ConversationRecord,
  type TurnRecord,
} from './records.js';
import { withNoise, type NoiseOptions } from './noise.js';
import { speechBounds, synthesize, type Voice } from './voices.js';

/** WebRTC's own rate: Chromium then captures the file without resampling it. */
const RATE = 48_000;

/** What a browser-path conversation needs: the page's address on the API. */
export interface BrowserSetup {
  /** The voice page's URL, publication included. */
  pageUrl: string;
  workerLog: () => string;
}

/** Where each utterance's speech lies in the conversation's WAV, in ms from its start. */
interface Placed {
  speechStart: number;
  speechEnd: number;
}

/**
 * One WAV of a conversation: a second of silence, then each utterance followed by its gap
 * (`gapsMs[i]` after the end of utterance i's speech), then 8 s of silence; with `noise`, the
 * noise under all of it (a room is noisy between utterances too).
 */
async function conversationWav(
  voice: Voice,
  conversation: Conversation,
  gapsMs: readonly number[],
  noise?: NoiseOptions,
): Promise<{ wav: Buffer; placed: Placed[]; durationMs: number }> {
  const samplesPerMs = RATE / 1000;
  const parts: Int16Array[] = [new Int16Array(RATE)];
  let length = RATE;
  const placed: Placed[] = [];
  for (const [index, { say }] of conversation.turns.entries()) {
    const pcm = await synthesize(voice, say, RATE);
    const bounds = speechBounds(pcm);
    placed.push({
      speechStart: (length + bounds.start) / samplesPerMs,
      speechEnd: (length + bounds.end) / samplesPerMs,
    });
    parts.push(pcm);
    length += pcm.length;
    const gap = Math.max(
      0,
      Math.round((gapsMs[index] ?? 7000) * samplesPerMs) - (pcm.length - bounds.end),
    );
    parts.push(new Int16Array(gap));
    length += gap;
  }
  parts.push(new Int16Array(RATE * 8));
  length += RATE * 8;
  const all = new Int16Array(length);
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  const heard = noise ? await withNoise(all, RATE, noise) : all;
  return { wav: wavFile(heard, RATE), placed, durationMs: length / samplesPerMs };
}

interface VoicePageWindow {
  voicePage: VoicePageApi;
}

/** The agent's state at a time, from the page's record of its changes. */
function stateAt(record: VoicePageRecord, at: number): string | undefined {
  return record.agentStates.filter((entry) => entry.at <= at).at(-1)?.state;
}

/**
 * Speaks one conversation in one voice through Chromium's microphone and the SDK, with `noise`
 * in the room when given.
 */
export async function runBrowserConversation(
  setup: BrowserSetup,
  voice: Voice,
  conversation: Conversation,
  capture: VoicePageCapture,
  gapsMs: readonly number[],
  noise?: NoiseOptions,
): Promise<ConversationRecord> {
  const path = capture === 'default' ? 'browser' : 'browser-raw';
  const turns: TurnRecord[] = [];
  const result: ConversationRecord = { conversation, voice, path, turns };
  const { wav, placed, durationMs } = await conversationWav(voice, conversation, gapsMs, noise);
  const browser = await launchChromium(wav, { loop: false });
  try {
    const page = await browser.newPage();
    await page.goto(setup.pageUrl);
    await page.waitForFunction(() => 'voicePage' in window, undefined, { timeout: 60_000 });
    await page.evaluate(() => (window as unknown as VoicePageWindow).voicePage.start());
    const read = () =>
      page.evaluate(() => (window as unknown as VoicePageWindow).voicePage.record());
    // The greeting, spoken to the end, before the microphone opens.
    const greeted = async () => {
      const deadline = Date.now() + 240_000;
      for (;;) {
        const record = await read();
        const spoke = record.agentStates.findIndex((entry) => entry.state === 'speaking');
        if (spoke >= 0 && record.agentStates.slice(spoke).some((e) => e.state === 'listening'))
          return;
        if (record.ended) throw new Error(`the session ended (${record.ended.reason})`);
        if (Date.now() > deadline)
          throw new Error(
            `no greeting: ${JSON.stringify(record.statuses)} ${record.errors.join('; ')}\n${setup.workerLog().slice(-2000)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    await greeted();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.evaluate(
      (mode) => (window as unknown as VoicePageWindow).voicePage.microphone(mode),
      capture,
    );
    let record = await read();
    // The file starts when the capture opens: between the request and the published track.
    const start = record.microphoneOnAt;
    const lastSpeechEnd = start + (placed.at(-1)?.speechEnd ?? 0);
    // Until the file is over, and the agent has answered the last utterance (or left).
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      record = await read();
      const now = Date.now();
      if (record.ended && now > (record.ended.at ?? 0) + 1000) break;
      if (now > start + durationMs) break;
      const answered = record.agentStates.some(
        (entry) => entry.at > lastSpeechEnd && entry.state === 'speaking',
      );
      if (answered && stateAt(record, now) === 'listening' && now > lastSpeechEnd + 4000) break;
    }
    record = await read();
    for (const [index, { say }] of conversation.turns.entries()) {
      const place = placed[index] as Placed;
      const from = start + place.speechStart - 300;
      const next = placed[index + 1];
      const to = next ? start + next.speechStart - 300 : Number.POSITIVE_INFINITY;
      const within = (at: number) => at >= from && at < to;
      const spoken = !record.ended || record.ended.at > start + place.speechStart;
      const messages = record.messages.filter((message) => within(message.at));
      const toolCalls = messages
        .flatMap((message) => message.toolCalls ?? [])
        .map(toolCallAction)
        .filter((action): action is Action => action !== undefined);
      const pageCalls = record.tools
        .filter((call) => within(call.at))
        .map((call) => ({ tool: call.name, args: call.args }));
      const speechEnd = start + place.speechEnd;
      const speaking = record.agentStates.find(
        (entry) => entry.state === 'speaking' && entry.at > speechEnd && entry.at < to,
      );
      const stateThen = stateAt(record, start + place.speechStart);
      turns.push({
        said: say,
        spoken,
        heard: messages
          .filter((message) => message.role === 'user')
          .map((message) => message.content),
        actions: turnActions(toolCalls, pageCalls),
        pageCalls,
        ...(speaking ? { responseMs: speaking.at - speechEnd } : {}),
        overlapped: spoken && (stateThen === 'thinking' || stateThen === 'speaking'),
      });
    }
    if (record.errors.length > 0) result.error = record.errors.join('; ');
    await page
      .evaluate(() => (window as unknown as VoicePageWindow).voicePage.end())
      .catch(() => undefined);
  } catch (error) {
    result.error = (error as Error).message.split('\n')[0] ?? String(error);
  } finally {
    await browser.close().catch(() => undefined);
  }
  return result;
}
