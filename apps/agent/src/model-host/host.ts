// The worker's model host: one process that holds the embedded LLM (and the recognizer and the
// English voice) for every conversation of the worker. Job processes (one per conversation) send it their turns over a Unix socket, so the
// model is loaded and warmed once per worker instead of once per conversation.
import { createServer, type Server, type Socket } from 'node:net';
import { llm } from '@livekit/agents';
import type { PiperSynthesizer, Transcript, WarmRequest } from '@svc/agents-plugin-embedded';
import { chatContextOf } from '../chat-entries.js';
import { jsonLines, type HostAnswer, type HostRequest, type WireTool } from './wire.js';

/** An LLM that can evaluate a prompt ahead of a turn, and answer in a JSON Schema's shape. */
export interface WarmableLLM extends llm.LLM {
  warm?(request: WarmRequest): Promise<void>;
  answerJson?(
    request: {
      instructions: string;
      prompt: string;
      schema: Record<string, unknown>;
      maxTokens?: number;
    },
    signal?: AbortSignal,
  ): Promise<string>;
}

/** Tools with the given schemas; they are never run here (the job process runs them). */
function toolsOf(wire: readonly WireTool[]): llm.FunctionTool[] {
  return wire.map(
    (tool) =>
      llm.tool({
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters as never,
        execute: async () => undefined,
      }) as unknown as llm.FunctionTool,
  );
}

function toolChoiceOf(choice: string | undefined): llm.ToolChoice | undefined {
  if (choice === undefined || choice === 'auto' || choice === 'none' || choice === 'required')
    return choice;
  return { type: 'function', function: { name: choice } };
}

/**
 * Transcribes an utterance (the worker's shared Whisper model); the signal aborts it when the job
 * process cancels (an early transcription the visitor talked over).
 */
export type HostTranscriber = (
  request: {
    pcm: Int16Array;
    prompt?: string | undefined;
    language?: string | undefined;
  },
  signal: AbortSignal,
) => Promise<Transcript>;

/**
 * Serves one LLM (and, when given, one speech recognizer and the Piper voices) to every job
 * process that connects to `socketPath`.
 */
export function serveModel(
  model: WarmableLLM,
  socketPath: string,
  transcriber?: HostTranscriber,
  synthesizer?: PiperSynthesizer,
): Promise<Server> {
  const server = createServer((socket: Socket) => {
    const running = new Map<number, llm.LLMStream>();
    const transcribing = new Map<number, AbortController>();
    const answering = new Map<number, AbortController>();
    const send = (answer: HostAnswer) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(answer)}\n`);
    };
    const handle = async (request: Extract<HostRequest, { kind: 'chat' | 'warm' }>) => {
      const chatCtx = chatContextOf(request.entries);
      const tools = toolsOf(request.tools);
      try {
        if (request.kind === 'warm') {
          const controller = new AbortController();
          answering.set(request.id, controller);
          await model.warm?.({
            chatCtx,
            ...(tools.length ? { toolCtx: tools } : {}),
            signal: controller.signal,
          });
          send({ id: request.id, kind: 'done' });
          return;
        }
        const toolChoice = toolChoiceOf(request.toolChoice);
        const stream = model.chat({
          chatCtx,
          ...(tools.length ? { toolCtx: tools } : {}),
          ...(toolChoice ? { toolChoice } : {}),
        });
        running.set(request.id, stream);
        for await (const chunk of stream) {
          const content = chunk.delta?.content;
          const toolCalls = chunk.delta?.toolCalls?.map(({ callId, name, args }) => ({
            callId,
            name,
            args,
          }));
          if (content || toolCalls?.length)
            send({
              id: request.id,
              kind: 'chunk',
              ...(content ? { content } : {}),
              ...(toolCalls?.length ? { toolCalls } : {}),
            });
        }
        send({ id: request.id, kind: 'done' });
      } catch (error) {
        send({ id: request.id, kind: 'error', message: (error as Error).message ?? String(error) });
      } finally {
        running.delete(request.id);
        answering.delete(request.id);
      }
    };
    const transcribe = async (request: Extract<HostRequest, { kind: 'transcribe' }>) => {
      const controller = new AbortController();
      transcribing.set(request.id, controller);
      try {
        if (!transcriber) throw new Error('this model host has no speech recognizer');
        const bytes = Buffer.from(request.audio, 'base64');
        const pcm = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
        const transcript = await transcriber(
          {
            pcm,
            prompt: request.prompt,
            language: request.language,
            ...(request.bareToo ? { bareToo: true } : {}),
          },
          controller.signal,
        );
        send({ ...transcript, id: request.id, kind: 'transcript' });
      } catch (error) {
        send({ id: request.id, kind: 'error', message: (error as Error).message ?? String(error) });
      } finally {
        transcribing.delete(request.id);
      }
    };
    const answerJson = async (request: Extract<HostRequest, { kind: 'json' }>) => {
      const controller = new AbortController();
      answering.set(request.id, controller);
      try {
        if (!model.answerJson) throw new Error('this model host cannot answer in a JSON shape');
        const { instructions, prompt, schema, maxTokens } = request;
        const content = await model.answerJson(
          { instructions, prompt, schema, ...(maxTokens ? { maxTokens } : {}) },
          controller.signal,
        );
        send({ id: request.id, kind: 'chunk', content });
        send({ id: request.id, kind: 'done' });
      } catch (error) {
        send({ id: request.id, kind: 'error', message: (error as Error).message ?? String(error) });
      } finally {
        answering.delete(request.id);
      }
    };
    const synthesize = async (request: Extract<HostRequest, { kind: 'synthesize' }>) => {
      try {
        if (!synthesizer) throw new Error('this model host has no Piper voice');
        const samples = await synthesizer.synthesize(request);
        const audio = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
        send({ id: request.id, kind: 'audio', audio: audio.toString('base64') });
      } catch (error) {
        send({ id: request.id, kind: 'error', message: (error as Error).message ?? String(error) });
      }
    };
    socket.on(
      'data',
      jsonLines((value) => {
        const request = value as HostRequest;
        if (request.kind === 'cancel') {
          running.get(request.id)?.close();
          transcribing.get(request.id)?.abort();
          answering.get(request.id)?.abort();
        } else if (request.kind === 'json') void answerJson(request);
        else if (request.kind === 'transcribe') void transcribe(request);
        else if (request.kind === 'synthesize') void synthesize(request);
        else if (request.kind === 'chat' || request.kind === 'warm') void handle(request);
      }),
    );
    // A job process that goes away cancels what it asked for.
    socket.on('close', () => {
      for (const stream of running.values()) stream.close();
      running.clear();
      for (const controller of transcribing.values()) controller.abort();
      transcribing.clear();
      for (const controller of answering.values()) controller.abort();
      answering.clear();
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve(server));
  });
}
