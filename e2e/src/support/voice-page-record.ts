// What the spoken-conversation page (`voice-page.ts`) records, and its bundle. Each entry carries
// the page's `Date.now()`, which is the test process's clock too (the same machine).
import { bundlePage } from './page-bundle.js';

/** Everything the spoken-conversation page saw, read with `window.voicePage.record()`. */
export interface VoicePageRecord {
  /** `message:new` messages as the page received them (the visitor's are what the agent heard). */
  messages: {
    at: number;
    id: string;
    role: string;
    content: string;
    toolCalls?: unknown[];
  }[];
  /** Every page tool call: its name and arguments (with the agent's `result` in them). */
  tools: { at: number; name: string; args: Record<string, unknown> }[];
  agentStates: { at: number; state: string }[];
  statuses: { at: number; status: string }[];
  errors: string[];
  ended: { at: number; reason: string } | null;
  /** When the page asked for the microphone, and when it was published. */
  microphoneRequestedAt: number;
  microphoneOnAt: number;
}

/** How the page publishes the microphone: the SDK's own capture settings, or all processing off. */
export type VoicePageCapture = 'default' | 'raw';

/** What the page offers on `window.voicePage`. */
export interface VoicePageApi {
  /** Starts the conversation with the microphone off; resolves once the Transport is connected. */
  start(): Promise<void>;
  /** Publishes the microphone with the SDK's capture settings (`default`) or processing off. */
  microphone(capture: VoicePageCapture): Promise<void>;
  record(): VoicePageRecord;
  end(): Promise<void>;
}

/** The spoken-conversation page's script, bundled with the SDK from its sources. */
export function voicePageScript(): Promise<string> {
  return bundlePage(new URL('./voice-page.ts', import.meta.url));
}

/** The HTML that loads the page's script from `/app.js`. */
export const VOICE_PAGE_HTML =
  '<!doctype html><title>voice</title><script type="module" src="/app.js"></script>';
