import {
  keySource,
  providerSettingProblems,
  VOICE_ROLES,
  type ServingProblem,
  type VoiceRole,
} from './provider-settings.js';
import type { VoiceSettings } from './runtime-config.js';

/** An endpoint the operator configured on a worker, as the worker names it (never its address or key). */
export interface EndpointCapability {
  name: string;
  /** The provider it speaks (`openai-compatible`, `openai`, ...). */
  provider: string;
  /** The roles it may serve. */
  roles: VoiceRole[];
}

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
   * The hosted providers' key variables (`PROVIDER_KEY_ENV`) set in the worker, by name (never
   * the values).
   */
  keys: string[];
  /** The endpoints the operator configured (`SVC_PROVIDER_ENDPOINTS`); none when left out. */
  endpoints?: EndpointCapability[] | undefined;
  /** The languages (primary subtags, `en`) the embedded engines speak, per role that has them. */
  embedded_languages: { stt: string[]; tts: string[] };
}

/**
 * What stops a worker with these capabilities from serving a scenario's voice settings in a
 * language: an unknown provider, a setting that breaks the key and address rules
 * (`providerSettingProblems`), a hosted provider whose operator key the worker lacks, an endpoint
 * it does not have, a language the embedded recognizer or voice does not speak. Empty when it can
 * serve it. Whether a named credential exists is the API's to check.
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
    const rules = providerSettingProblems(role, settings);
    if (rules.length > 0) {
      problems.push(...rules);
      continue;
    }
    const source = keySource(settings);
    if (source.kind === 'operator' && !capabilities.keys.includes(source.variable)) {
      problems.push({
        field,
        message: `${provider} needs ${source.variable}, which this deployment's agent does not have: name a credential of the company`,
      });
    }
    if (source.kind === 'endpoint') {
      const endpoint = capabilities.endpoints?.find((candidate) => candidate.name === source.name);
      if (!endpoint || endpoint.provider !== provider || !endpoint.roles.includes(role))
        problems.push({
          field: `voice.${role}.endpoint`,
          message: `this deployment's agent has no ${provider} ${role} endpoint named ${source.name}`,
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
