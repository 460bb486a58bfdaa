import type { ProviderSettings, VoiceSettings } from './runtime-config.js';

/** The roles of a scenario's voice settings. */
export const VOICE_ROLES = ['stt', 'llm', 'tts'] as const;

/** One of {@link VOICE_ROLES}. */
export type VoiceRole = (typeof VOICE_ROLES)[number];

/**
 * The environment variable that holds each hosted provider's key, unless a setting names another
 * (`api_key_env`). An OpenAI-compatible server may need none.
 */
export const PROVIDER_KEY_ENV: Readonly<Record<string, string>> = {
  openai: 'OPENAI_API_KEY',
  deepgram: 'DEEPGRAM_API_KEY',
  cartesia: 'CARTESIA_API_KEY',
  elevenlabs: 'ELEVEN_API_KEY',
};

/**
 * What an agent worker can serve, as it reports it to the API when it starts
 * (`PUT /v1/agent/capabilities`): the API refuses to publish a scenario no worker can serve.
 */
export interface AgentCapabilities {
  /** The worker's name, as the API dispatches it (`SVC_AGENT_NAME`). */
  agent_name: string;
  /** The providers the worker knows, per role. */
  providers: Record<VoiceRole, string[]>;
  /**
   * The names (never the values) of the environment variables set in the worker that a provider
   * setting may name as its key: every variable whose name ends in `_KEY` or `_TOKEN`.
   */
  keys: string[];
  /** The languages (primary subtags, `en`) the embedded engines speak, per role that has them. */
  embedded_languages: { stt: string[]; tts: string[] };
}

/** Why a scenario cannot be served: the field to change and what is wrong with it. */
export interface ServingProblem {
  field: string;
  message: string;
}

/** The key variable a provider setting needs, or undefined when it needs none. */
export function providerKeyEnv(
  provider: string,
  settings?: ProviderSettings | undefined,
): string | undefined {
  const named = settings?.api_key_env;
  if (typeof named === 'string' && named) return named;
  return provider === 'openai-compatible' ? undefined : PROVIDER_KEY_ENV[provider];
}

/**
 * What stops a worker with these capabilities from serving a scenario's voice settings in a
 * language: an unknown provider, a provider whose key the worker lacks, a language the embedded
 * recognizer or voice does not speak. Empty when it can serve it.
 */
export function servingProblems(
  voice: VoiceSettings | undefined,
  language: string,
  capabilities: AgentCapabilities,
): ServingProblem[] {
  const problems: ServingProblem[] = [];
  const spoken = language.split('-')[0]?.toLowerCase() ?? '';
  for (const role of VOICE_ROLES) {
    const settings = voice?.[role];
    const provider = settings?.provider ?? 'embedded';
    const field = `voice.${role}.provider`;
    const known = capabilities.providers[role];
    if (!known.includes(provider)) {
      problems.push({
        field,
        message: `${provider} is not a ${role} provider of this deployment's agent (${known.join(', ')})`,
      });
      continue;
    }
    const key = providerKeyEnv(provider, settings);
    if (key && !capabilities.keys.includes(key)) {
      problems.push({
        field,
        message: `${provider} needs ${key}, which this deployment's agent does not have`,
      });
    }
    if (provider === 'embedded' && role !== 'llm') {
      const languages = capabilities.embedded_languages[role];
      if (!languages.includes(spoken)) {
        problems.push({
          field: 'language',
          message: `the embedded ${role === 'stt' ? 'recognizer' : 'voice'} speaks ${languages.join(', ') || 'no language'}, not ${language}: pick a ${role} provider that does`,
        });
      }
    }
  }
  return problems;
}
