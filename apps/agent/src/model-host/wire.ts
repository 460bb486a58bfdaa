// What crosses between a conversation's job process and the worker's model host: one JSON
// object per line over a Unix socket. A request carries the turn's chat context and tool schemas;
// the host answers with the model's chunks as they come, then `done` or `error`. The host also
// transcribes (Whisper) and speaks (a Piper voice's model) for the job processes.
import type { Transcript } from '@svc/agents-plugin-embedded';
import type { ChatEntry } from '../chat-entries.js';

/** A tool as the model sees it: name, description and JSON Schema of its arguments. */
export interface WireTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A tool call the model made. */
export interface WireToolCall {
  callId: string;
  name: string;
  args: string;
}

/** From a job process to the host. */
export type HostRequest =
  | {
      id: number;
      kind: 'chat' | 'warm';
      entries: ChatEntry[];
      tools: WireTool[];
      /** `auto`, `none`, `required`, or one tool's name. */
      toolChoice?: string;
    }
  | { id: number; kind: 'cancel' }
  | {
      id: number;
      /** One answer in the shape of a JSON Schema (the host's model under its grammar). */
      kind: 'json';
      instructions: string;
      prompt: string;
      schema: Record<string, unknown>;
      /** Longest answer, tokens. */
      maxTokens?: number;
    }
  | {
      id: number;
      kind: 'transcribe';
      /** 16 kHz mono 16-bit samples, base64. */
      audio: string;
      prompt?: string;
      language?: string;
      /** Also decode without the prompt (`TranscriptionRequest.bareToo`). */
      bareToo?: boolean;
    }
  | {
      id: number;
      kind: 'synthesize';
      /** A Piper voice's name, resolved by the host as the job process resolved it. */
      voice: string;
      /** The utterance's phoneme ids (the job process runs espeak-ng). */
      ids: number[];
      speed: number;
    };

/** From the host to a job process. */
export type HostAnswer =
  | { id: number; kind: 'chunk'; content?: string; toolCalls?: WireToolCall[] }
  | { id: number; kind: 'done' }
  | ({ id: number; kind: 'transcript' } & Transcript)
  /** 16-bit mono samples at the voice's rate, base64. */
  | { id: number; kind: 'audio'; audio: string }
  | { id: number; kind: 'error'; message: string };

/** Splits a byte stream into JSON lines and hands each parsed object on. */
export function jsonLines(onValue: (value: unknown) => void): (chunk: Buffer | string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString();
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim()) {
        try {
          onValue(JSON.parse(line) as unknown);
        } catch {
          // A line that is not JSON is dropped; the other side only writes JSON.
        }
      }
      newline = pending.indexOf('\n');
    }
  };
}
