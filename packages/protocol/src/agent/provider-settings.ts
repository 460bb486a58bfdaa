// Where a scenario's engines get their keys and addresses. A key belongs either to the operator
// (the hosted providers' fixed variables, or an endpoint the operator configured and tenants pick by
// name) or to the tenant (a credential stored encrypted for its company). A tenant never names an
// environment variable, and an operator key never goes to an address a tenant chose. The API
// refuses settings that break these rules; the agent refuses them again before it builds an engine.
import { tenantUrlProblem } from './public-address.js';
import type { ProviderSettings, VoiceSettings } from './runtime-config.js';

/** The roles of a scenario's voice settings. */
export const VOICE_ROLES = ['stt', 'llm', 'tts'] as const;

/** One of {@link VOICE_ROLES}. */
export type VoiceRole = (typeof VOICE_ROLES)[number];

/** Why a scenario cannot be served: the field to change and what is wrong with it. */
export interface ServingProblem {
  field: string;
  message: string;
}

/**
 * The operator's environment variable that holds each hosted provider's key. These providers are
 * reached only at their own hosts.
 */
export const PROVIDER_KEY_ENV: Readonly<Record<string, string>> = {
  openai: 'OPENAI_API_KEY',
  deepgram: 'DEEPGRAM_API_KEY',
  cartesia: 'CARTESIA_API_KEY',
  elevenlabs: 'ELEVEN_API_KEY',
};

/** The one provider a tenant may point at an address of its own (`base_url`). */
export const TENANT_URL_PROVIDER = 'openai-compatible';

/** What a credential or endpoint name looks like (`acme-openai`). */
export const PROVIDER_REFERENCE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * Where a provider setting's key comes from: the operator's variable for a hosted provider, an
 * operator endpoint, a tenant credential, or nowhere (an OpenAI-compatible server of the tenant's
 * that needs no key, or an embedded engine).
 */
export type KeySource =
  | { kind: 'operator'; variable: string }
  | { kind: 'endpoint'; name: string }
  | { kind: 'credential'; name: string }
  | { kind: 'none' };

/** The {@link KeySource} of a provider setting that has no {@link providerSettingProblems}. */
export function keySource(settings: ProviderSettings | undefined): KeySource {
  if (typeof settings?.endpoint === 'string') return { kind: 'endpoint', name: settings.endpoint };
  if (typeof settings?.credential === 'string')
    return { kind: 'credential', name: settings.credential };
  const variable = PROVIDER_KEY_ENV[settings?.provider ?? 'embedded'];
  return variable ? { kind: 'operator', variable } : { kind: 'none' };
}

/**
 * What breaks the key and address rules in one role's provider setting, each naming its field
 * (`voice.llm.base_url`). Empty when the setting may be served. Whether a named endpoint or
 * credential exists is for whoever holds them (the worker, the company's credentials).
 */
export function providerSettingProblems(
  role: VoiceRole,
  settings: ProviderSettings | undefined,
): ServingProblem[] {
  if (!settings) return [];
  const problems: ServingProblem[] = [];
  const at = (field: string, message: string) =>
    problems.push({ field: `voice.${role}.${field}`, message });
  for (const field of Object.keys(settings)) {
    // A variable's name or a key in a scenario would let one admin send the operator's secrets,
    // or store a secret in clear where every admin of the company reads it.
    if (field === 'api_key' || /(^|_)(env|key|secret|token)$/i.test(field))
      at(
        field,
        'a scenario names no key or environment variable: store the key as a credential of the company and name it in `credential`, or pick an endpoint of the operator in `endpoint`',
      );
  }
  const { provider, base_url: baseUrl, endpoint, credential } = settings;
  for (const [field, value] of [
    ['endpoint', endpoint],
    ['credential', credential],
  ] as const) {
    if (
      value !== undefined &&
      (typeof value !== 'string' || !PROVIDER_REFERENCE_PATTERN.test(value))
    )
      at(field, 'a name of lower-case letters, digits, _ and - (at most 64)');
  }
  if (endpoint !== undefined && credential !== undefined)
    at('credential', 'an endpoint of the operator brings its own key: name one of the two');
  if (provider === 'embedded' && (endpoint !== undefined || credential !== undefined))
    at('provider', 'the embedded engines take no endpoint or credential');
  if (baseUrl !== undefined) {
    if (provider !== TENANT_URL_PROVIDER)
      at(
        'base_url',
        `only ${TENANT_URL_PROVIDER} takes an address; ${provider} is reached at its own host`,
      );
    else if (endpoint !== undefined || credential !== undefined)
      at(
        'base_url',
        `the ${endpoint !== undefined ? 'endpoint' : 'credential'} holds the address: leave base_url out`,
      );
    else {
      const problem = tenantUrlProblem(String(baseUrl));
      if (problem) at('base_url', problem);
    }
  } else if (
    provider === TENANT_URL_PROVIDER &&
    endpoint === undefined &&
    credential === undefined
  ) {
    at('base_url', `${TENANT_URL_PROVIDER} needs base_url, an endpoint or a credential`);
  }
  return problems;
}

/** Problems as one message, each naming its field (`voice.llm.base_url: ...; ...`). */
export function describeProblems(problems: readonly ServingProblem[]): string {
  return problems.map(({ field, message }) => `${field}: ${message}`).join('; ');
}

/** {@link providerSettingProblems} of every role of a scenario's voice settings. */
export function voiceSettingProblems(voice: VoiceSettings | undefined): ServingProblem[] {
  return VOICE_ROLES.flatMap((role) => providerSettingProblems(role, voice?.[role]));
}
