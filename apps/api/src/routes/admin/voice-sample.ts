import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, SPEECH } from '@svc/languages/speech';
import { HttpError } from '../../errors.js';
import { languageTag } from '../../scenario-definition.js';
import { nonBlankText } from '../text.js';
import { adminErrors, errorBody } from './shared.js';

/** Samples per IP and minute: each one runs a speech engine process on the API's machine. */
export const VOICE_SAMPLE_RATE_LIMIT = 20;

/**
 * What a sample says when the request gives no text, in languages the embedded TTS (espeak-ng)
 * speaks that have no language pack: a registered language's sentence is its pack's.
 */
const UNREGISTERED_SENTENCES: Readonly<Record<string, string>> = {
  it: 'Ciao! Ecco come suonerò per i tuoi visitatori.',
  nl: 'Hallo! Zo zal ik klinken voor je bezoekers.',
  pt: 'Olá! É assim que vou soar para os seus visitantes.',
};

/** The sentence a sample says in `language` when the request gives none (English's otherwise). */
export function sampleSentence(language: string): string {
  const registered = languageOf(language);
  if (registered) return SPEECH[registered].voiceSample;
  const base = language.split('-')[0]?.toLowerCase() ?? '';
  const unregistered = Object.hasOwn(UNREGISTERED_SENTENCES, base)
    ? UNREGISTERED_SENTENCES[base]
    : undefined;
  return unregistered ?? SPEECH.en.voiceSample;
}

const EMBEDDED = 'embedded';

/**
 * A fixed-window count per key. The rate-limit plugin runs one limit per request, and the
 * signed-in scope's already ran, so this route counts its own. Per process, on purpose: what it
 * protects is this process's machine, on which the speech engine runs.
 */
export function windowLimiter(max: number, windowMs: number) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    /** Counts one request of `key` at `now`; answers 0 when allowed, else ms until the window ends. */
    take(key: string, now: number): number {
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        // Ended windows go when a new one starts, so the map holds only the last minute's keys.
        for (const [other, entry] of windows) if (entry.endsAt <= now) windows.delete(other);
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count > max ? window.endsAt - now : 0;
    },
  };
}

/**
 * `POST /voice-sample`: a sentence spoken by the agent's embedded TTS as it would speak it for a
 * scenario with these voice settings, as a WAV file. Hosted providers are not sampled: their
 * keys live in the agent's environment, never in the API's.
 */
export const voiceSampleRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = windowLimiter(VOICE_SAMPLE_RATE_LIMIT, 60_000);
  app.post(
    '/voice-sample',
    {
      onRequest: async (request, reply) => {
        const retryInMs = limiter.take(request.ip, Date.now());
        if (retryInMs > 0) {
          const seconds = Math.ceil(retryInMs / 1000);
          void reply.header('retry-after', String(seconds));
          throw new HttpError(429, `rate limited: retry in ${seconds} s`);
        }
      },
      schema: {
        operationId: 'sampleVoice',
        tags: ['admin: scenarios'],
        summary:
          "Hear a voice: a sentence in the scenario's language spoken by the agent's embedded TTS, as WAV",
        description: `The scenario editor's "Hear this voice". \`tts\` is a scenario's \`voice.tts\` (provider and options), \`language\` its language; \`text\` defaults to a sentence in that language. As the agent does, English is spoken by Piper's joe voice where it is installed (\`flite\` or a flite voice, slt, rms, awb, kal16, kal, asks for flite) and other languages by espeak-ng in the language's own voice, \`tts.voice\` applying to English only. ${VOICE_SAMPLE_RATE_LIMIT} samples a minute per address.`,
        body: z.object({
          language: languageTag,
          tts: z
            .looseObject({
              provider: z.string().min(1).max(64).default(EMBEDDED),
              voice: z.string().max(200).optional(),
            })
            .default({ provider: EMBEDDED }),
          text: nonBlankText(300).optional(),
        }),
        response: {
          200: {
            description: 'The sample: 16-bit mono PCM WAV at the voice’s own rate',
            content: { 'audio/wav': { schema: z.string().describe('WAV bytes (binary)') } },
          },
          ...adminErrors,
          422: errorBody(
            'The voice cannot be sampled: a hosted provider (the API holds no provider keys), or a voice or language the embedded TTS does not have',
          ),
          503: errorBody(
            "The embedded TTS (Piper, flite, espeak-ng) is not installed on the API's machine",
          ),
        },
      },
    },
    async (request, reply) => {
      const { language, tts, text } = request.body;
      if (tts.provider !== EMBEDDED)
        throw new HttpError(
          422,
          `tts.provider: ${tts.provider} voices are not sampled here; the API holds no keys of hosted providers (they live in the agent's environment): try the scenario to hear it`,
        );
      // Loaded on the first sample: the speech stack and its framework stay out of the API's start.
      const { embeddedTtsInstalled, synthesizeWav } = await import('@svc/agents-plugin-embedded');
      const english = language.toLowerCase().startsWith('en');
      // As the agent: a voice applies to English (Piper or flite); other languages speak in their own.
      const options = { language, ...(tts.voice && english ? { voice: tts.voice } : {}) };
      let wav: Buffer;
      try {
        wav = await synthesizeWav(text ?? sampleSentence(language), options);
      } catch (error) {
        // The server lacks the engine: nothing the admin's settings can fix.
        if (!(await embeddedTtsInstalled(options)))
          throw new HttpError(
            503,
            `the embedded TTS is not installed on this server (${(error as Error).message})`,
          );
        throw new HttpError(
          422,
          `${tts.voice && english ? 'tts.voice' : 'language'}: the embedded TTS cannot speak it (${(error as Error).message})`,
        );
      }
      // The document describes the bytes as a string (its type for a file); they go as they are.
      return reply
        .type('audio/wav')
        .header('cache-control', 'no-store')
        .send(wav as unknown as string);
    },
  );
};
