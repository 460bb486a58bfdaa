// Endpoints the operator configures on the agent workers (`SVC_PROVIDER_ENDPOINTS`): a model server
// on the operator's own network, with the operator's key, that tenants pick by name. The address
// and the key's variable are the operator's and never leave the worker; scenarios see the name.
import {
  PROVIDER_REFERENCE_PATTERN,
  VOICE_ROLES,
  type EndpointCapability,
  type VoiceRole,
} from '@svc/protocol/agent';

/** The providers whose engines the agent can point at another address. */
const ENDPOINT_PROVIDERS = ['openai', 'openai-compatible', 'cartesia'];

/** One operator endpoint. */
export interface OperatorEndpoint extends EndpointCapability {
  /** The server's address (any address the operator chooses: it is trusted). */
  base_url: string;
  /** The environment variable of the worker holding its key, if it needs one. */
  key_env?: string;
}

/**
 * Reads `SVC_PROVIDER_ENDPOINTS`: a JSON object from name to
 * `{ "provider": "openai-compatible", "base_url": "http://10.0.0.5:8000/v1", "key_env": "LAB_KEY", "roles": ["llm"] }`
 * (`roles` defaults to every role). Throws one error naming every problem.
 */
export function readOperatorEndpoints(text: string | undefined): Map<string, OperatorEndpoint> {
  const endpoints = new Map<string, OperatorEndpoint>();
  if (!text?.trim()) return endpoints;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('SVC_PROVIDER_ENDPOINTS: expected a JSON object from name to endpoint');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('SVC_PROVIDER_ENDPOINTS: expected a JSON object from name to endpoint');
  const problems: string[] = [];
  for (const [name, value] of Object.entries(parsed)) {
    const entry = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    const where = `SVC_PROVIDER_ENDPOINTS.${name}`;
    if (!PROVIDER_REFERENCE_PATTERN.test(name))
      problems.push(`${where}: a name of lower-case letters, digits, _ and -`);
    const provider = entry.provider;
    if (typeof provider !== 'string' || !ENDPOINT_PROVIDERS.includes(provider))
      problems.push(`${where}.provider: one of ${ENDPOINT_PROVIDERS.join(', ')}`);
    const baseUrl = entry.base_url;
    if (typeof baseUrl !== 'string' || !/^https?:\/\/./.test(baseUrl))
      problems.push(`${where}.base_url: an http(s) address`);
    const keyEnv = entry.key_env;
    if (keyEnv !== undefined && (typeof keyEnv !== 'string' || !/^[A-Z_][A-Z0-9_]*$/.test(keyEnv)))
      problems.push(`${where}.key_env: an environment variable's name`);
    const roles = entry.roles ?? [...VOICE_ROLES];
    if (
      !Array.isArray(roles) ||
      roles.length === 0 ||
      !roles.every((role) => VOICE_ROLES.includes(role as VoiceRole))
    )
      problems.push(`${where}.roles: a list of ${VOICE_ROLES.join(', ')}`);
    if (problems.length === 0)
      endpoints.set(name, {
        name,
        provider: provider as string,
        base_url: baseUrl as string,
        roles: roles as VoiceRole[],
        ...(typeof keyEnv === 'string' ? { key_env: keyEnv } : {}),
      });
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  return endpoints;
}
