// What this worker can serve, reported to the API when it starts: the API refuses to publish a
// scenario whose providers have no key here, or whose language the embedded engines do not speak.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { whisperLanguages } from '@svc/agents-plugin-embedded';
import { DEFAULT_API_PATH_PREFIX } from '@svc/protocol';
import {
  AGENT_CAPABILITIES_PATH,
  PROVIDER_KEY_ENV,
  type AgentCapabilities,
} from '@svc/protocol/agent';
import { readOperatorEndpoints } from './endpoints.js';

/** The providers `providers.ts` builds, per role (the scripted LLM only for tests). */
export const KNOWN_PROVIDERS = {
  stt: ['embedded', 'openai', 'openai-compatible', 'deepgram', 'cartesia'],
  llm: ['embedded', 'openai', 'openai-compatible'],
  tts: ['embedded', 'openai', 'openai-compatible', 'elevenlabs', 'deepgram', 'cartesia'],
} as const;

/** The languages other than English that espeak-ng speaks for the embedded TTS (measured). */
const ESPEAK_LANGUAGES = ['fr', 'es', 'de'];

/** Whether a program is on the PATH (checked once, when the worker starts). */
function onPath(program: string, env: Record<string, string | undefined>): boolean {
  return (env.PATH ?? '').split(delimiter).some((folder) => {
    if (!folder) return false;
    try {
      accessSync(join(folder, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The languages the embedded engines of this machine speak. Recognition: English always (Whisper
 * tiny.en, else pocketsphinx's model), and French, Spanish and German when the multilingual
 * Whisper model is installed (ensure-whisper checks every file's sha256; the first conversation in
 * one of them loads it). Synthesis: English (flite), and French, Spanish and German when espeak-ng
 * is installed.
 */
export function embeddedLanguages(
  env: Record<string, string | undefined> = process.env,
): AgentCapabilities['embedded_languages'] {
  const stt = ['en', ...whisperLanguages().filter((language) => language !== 'en')];
  const tts = ['en', ...(onPath('espeak-ng', env) ? ESPEAK_LANGUAGES : [])];
  return { stt, tts };
}

/**
 * What a worker with this environment can serve. The hosted providers' key variables are named,
 * never valued; endpoints by name and provider, never their address; the embedded languages are
 * this machine's unless given.
 */
export function workerCapabilities(
  env: Record<string, string | undefined>,
  agentName: string,
  languages: AgentCapabilities['embedded_languages'] = embeddedLanguages(env),
): AgentCapabilities {
  return {
    agent_name: agentName,
    providers: {
      stt: [...KNOWN_PROVIDERS.stt],
      llm: [...KNOWN_PROVIDERS.llm, ...(env.SVC_AGENT_TEST_PROVIDERS === '1' ? ['scripted'] : [])],
      tts: [...KNOWN_PROVIDERS.tts],
    },
    keys: Object.values(PROVIDER_KEY_ENV)
      .filter((name) => Boolean(env[name]))
      .sort(),
    // An endpoint whose key is missing could not serve a conversation: it is not offered.
    endpoints: [...readOperatorEndpoints(env.SVC_PROVIDER_ENDPOINTS).values()]
      .filter((endpoint) => endpoint.key_env === undefined || Boolean(env[endpoint.key_env]))
      .map(({ name, provider, roles }) => ({ name, provider, roles })),
    embedded_languages: languages,
  };
}

/**
 * Reports the capabilities to the API, trying again every `delayMs` while the API is not up yet
 * (a worker may start first). Resolves with whether a report was stored; never rejects.
 */
export async function reportCapabilities(options: {
  apiUrl: string;
  agentKey: string;
  capabilities: AgentCapabilities;
  attempts?: number;
  delayMs?: number;
  onFailure?: (reason: string) => void;
}): Promise<boolean> {
  const url = `${options.apiUrl.replace(/\/+$/, '')}${DEFAULT_API_PATH_PREFIX}${AGENT_CAPABILITIES_PATH}`;
  let reason = '';
  for (let attempt = 0; attempt < (options.attempts ?? 30); attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 2000));
    try {
      const response = await fetch(url, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${options.agentKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(options.capabilities),
        signal: AbortSignal.timeout(5000),
      });
      if (response.ok) return true;
      reason = `${response.status} ${await response.text()}`;
      // A refused key or body will not change by trying again.
      if (response.status >= 400 && response.status < 500) break;
    } catch (error) {
      reason = (error as Error).message;
    }
  }
  options.onFailure?.(reason);
  return false;
}
