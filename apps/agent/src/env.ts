import { isAbsolute } from 'node:path';
import { readOperatorEndpoints } from './endpoints.js';

/** The agent worker's settings, from its environment. */
export interface AgentEnv {
  livekitUrl: string;
  livekitApiKey: string;
  livekitApiSecret: string;
  apiUrl: string;
  agentKey: string;
  agentName: string;
  healthPort: number;
  idleProcesses: number;
  loadThreshold: number;
  /** Conversations one worker takes at once; 0 measures the machine's CPU instead. */
  maxConversations: number;
  logLevel: string;
  /**
   * A file the worker's job processes create once one of them is loaded and ready for a
   * conversation (a supervisor's readiness probe, `test -f`); the worker removes it as it starts.
   */
  readyFile?: string;
}

/** Reads and checks the environment; one error names every problem. */
export function readAgentEnv(env: NodeJS.ProcessEnv): AgentEnv {
  const problems: string[] = [];
  const required = (name: string) => {
    const value = env[name];
    if (!value) problems.push(`  ${name}: required`);
    return value ?? '';
  };
  const number = (name: string, fallback: number, min: number, max: number) => {
    const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
    if (!Number.isFinite(value) || value < min || value > max)
      problems.push(`  ${name}: expected a number from ${min} to ${max}`);
    return value;
  };
  const livekitUrl = required('LIVEKIT_URL');
  if (livekitUrl && !/^wss?:\/\//.test(livekitUrl))
    problems.push('  LIVEKIT_URL: must be a ws:// or wss:// URL');
  try {
    readOperatorEndpoints(env.SVC_PROVIDER_ENDPOINTS);
  } catch (error) {
    problems.push(`  ${(error as Error).message}`);
  }
  const apiUrl = required('SVC_API_URL');
  if (apiUrl && !/^https?:\/\//.test(apiUrl))
    problems.push('  SVC_API_URL: must be an http(s) URL');
  const readyFile = env.SVC_AGENT_READY_FILE;
  if (readyFile && !isAbsolute(readyFile))
    problems.push('  SVC_AGENT_READY_FILE: must be an absolute path');
  const result: AgentEnv = {
    livekitUrl,
    livekitApiKey: required('LIVEKIT_API_KEY'),
    livekitApiSecret: required('LIVEKIT_API_SECRET'),
    apiUrl,
    agentKey: required('SVC_AGENT_KEY'),
    agentName: env.SVC_AGENT_NAME || 'svc-agent',
    healthPort: number('SVC_AGENT_HEALTH_PORT', 8081, 1, 65_535),
    idleProcesses: number('SVC_AGENT_IDLE_PROCESSES', 5, 1, 64),
    loadThreshold: number('SVC_AGENT_LOAD_THRESHOLD', 0.95, 0.1, 1),
    maxConversations: number('SVC_AGENT_MAX_CONVERSATIONS', 20, 0, 10_000),
    logLevel: env.SVC_AGENT_LOG_LEVEL || 'info',
    ...(readyFile ? { readyFile } : {}),
  };
  if (problems.length > 0)
    throw new Error(`the agent cannot start; fix its environment:\n${problems.join('\n')}`);
  return result;
}
