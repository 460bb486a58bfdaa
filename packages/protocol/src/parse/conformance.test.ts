import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import * as agent from '../agent/index.js';
import * as content from '../content/index.js';
import { DEFAULT_API_PATH_PREFIX, RPC_METHODS, TOPICS } from '../index.js';
import * as parsers from './index.js';
import type { ParseResult } from './index.js';

// The conformance suite: every vector file is checked against the parser of its payload and
// against its JSON Schema, so both agree with each other and with implementations in other languages.
const vectorsDir = new URL('../../vectors/', import.meta.url);
const schemasDir = new URL('../../schemas/', import.meta.url);

interface Vector {
  name: string;
  value: unknown;
  error_path?: string;
}
interface VectorFile {
  payload: string;
  schema: string;
  valid: Vector[];
  invalid: Vector[];
}

const read = (dir: URL, file: string): unknown =>
  JSON.parse(readFileSync(new URL(file, dir), 'utf8'));

const PARSERS: Record<string, (value: unknown) => ParseResult<unknown>> = {
  ConfigPayload: parsers.parseConfigPayload,
  ConfigAckPayload: parsers.parseConfigAckPayload,
  ConfigRequestPayload: parsers.parseConfigRequestPayload,
  ConversationMessage: parsers.parseConversationMessage,
  SessionEndPayload: parsers.parseSessionEndPayload,
  StateUpdatePayload: parsers.parseStateUpdatePayload,
  UiActivityPayload: parsers.parseUiActivityPayload,
  AssistantInterruptPayload: parsers.parseAssistantInterruptPayload,
  SessionControlPayload: parsers.parseSessionControlPayload,
  EventFirePayload: parsers.parseEventFirePayload,
  DictationTranscriptPayload: parsers.parseDictationTranscriptPayload,
  ChatPayload: parsers.parseChatPayload,
  RpcToolRequest: parsers.parseRpcToolRequest,
  RpcToolResponse: parsers.parseRpcToolResponse,
  FeatureToolResult: parsers.parseFeatureToolResult,
  UiActivityCheckResponse: parsers.parseUiActivityCheckResponse,
  ComposerStartRequest: parsers.parseComposerStartRequest,
  ComposerStartResponse: parsers.parseComposerStartResponse,
  ComposerDictationRequest: parsers.parseComposerDictationRequest,
  ComposerEndResponse: parsers.parseComposerEndResponse,
  ComposerCancelResponse: parsers.parseComposerCancelResponse,
  Collection: parsers.parseCollection,
  Identity: parsers.parseIdentity,
  SessionCredentials: parsers.parseSessionCredentials,
  IdentifyRequest: parsers.parseIdentifyRequest,
  SessionRequest: parsers.parseSessionRequest,
  ErrorBody: parsers.parseErrorBody,
  StoredIdentity: parsers.parseStoredIdentity,
  // Between the Platform API and the agent (`@svc/protocol/agent`).
  RoomMetadata: agent.parseRoomMetadataValue,
  RuntimeConfig: agent.parseRuntimeConfig,
  ScenarioSnapshot: agent.parseScenarioSnapshot,
  ToolResult: agent.parseToolResult,
  // The content routes' answers, to a page and to the agent (`@svc/protocol/content`).
  ItemList: content.parseItemList,
  ItemDisplay: content.parseItemDisplay,
  ItemComparison: content.parseItemComparison,
  Bucket: content.parseBucket,
};

/** The value a parser should give for valid input: the input with `null` optional fields removed. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== null)
      .map(([key, entry]) => [key, withoutNulls(entry)]),
  );
}

const files = readdirSync(vectorsDir).filter((file) => file !== 'index.json');
const ajv = new Ajv2020({ strict: true, allErrors: true });

describe.each(files)('vectors/%s', (file) => {
  const vectors = read(vectorsDir, file) as VectorFile;
  const parse = PARSERS[vectors.payload];
  const validate = ajv.compile(read(schemasDir, vectors.schema) as object);

  it('names a known payload with valid and invalid examples', () => {
    expect(parse, `no parser for ${vectors.payload}`).toBeTypeOf('function');
    expect(vectors.valid.length).toBeGreaterThan(0);
    expect(vectors.invalid.length).toBeGreaterThan(0);
  });

  it.each(vectors.valid.map((vector) => [vector.name, vector] as const))(
    'accepts %s',
    (_, vector) => {
      const result = parse!(vector.value);
      expect(result).toEqual({ ok: true, value: expect.anything() });
      if (result.ok) expect(withoutNulls(result.value)).toEqual(withoutNulls(vector.value));
      expect(validate(vector.value), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it.each(vectors.invalid.map((vector) => [vector.name, vector] as const))(
    'rejects %s',
    (_, vector) => {
      const result = parse!(vector.value);
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.error.startsWith(`${vector.error_path}: `), result.error).toBe(true);
      expect(validate(vector.value)).toBe(false);
    },
  );
});

interface AgentApiEndpointVectors {
  method: string;
  path: string;
  request: string | null;
  response: string | null;
}

describe('vectors/index.json', () => {
  const index = read(vectorsDir, 'index.json') as {
    topics: { topic: string; vectors: string }[];
    rpc: { method: string; timeout_ms: number | null; request: string | null; response: string }[];
    other: string[];
    agent_api: { room_metadata: string; endpoints: AgentApiEndpointVectors[]; other: string[] };
  };

  it('covers all thirteen topics', () => {
    const expected = Object.values(TOPICS).map((topic) =>
      topic === TOPICS.TOOL_PREFIX ? 'tool:{toolName}' : topic,
    );
    expect(index.topics.map((entry) => entry.topic).sort()).toEqual(expected.sort());
  });

  it('covers the four RPC methods with their timeouts, and the tool method', () => {
    for (const { method, timeoutMs } of Object.values(RPC_METHODS)) {
      expect(index.rpc.find((entry) => entry.method === method)?.timeout_ms).toBe(timeoutMs);
    }
    expect(index.rpc.map((entry) => entry.method)).toContain('{rpcMethodName(tool)}');
  });

  it('lists every agent API endpoint, as AGENT_API_ENDPOINTS declares them', () => {
    const declared = Object.values(agent.AGENT_API_ENDPOINTS).map(
      ({ method, path }) => `${method} ${DEFAULT_API_PATH_PREFIX}${agent.AGENT_API_BASE}${path}`,
    );
    const listed = index.agent_api.endpoints.map(({ method, path }) => `${method} ${path}`);
    expect(listed.sort()).toEqual(declared.sort());
  });

  it('names only vector files that exist, and every vector file', () => {
    const named = new Set([
      ...index.topics.map((entry) => entry.vectors),
      ...index.rpc.flatMap((entry) => [entry.request, entry.response]),
      ...index.other,
      index.agent_api.room_metadata,
      ...index.agent_api.endpoints.flatMap((entry) => [entry.request, entry.response]),
      ...index.agent_api.other,
    ]);
    named.delete(null);
    expect([...named].sort()).toEqual([...files].sort());
  });
});

describe('decodePayload', () => {
  it('decodes UTF-8 JSON bytes and strings', () => {
    const bytes = parsers.encodePayload({ message: 'où ? 🛒' });
    expect(parsers.decodePayload(bytes)).toEqual({ ok: true, value: { message: 'où ? 🛒' } });
    expect(parsers.decodePayload('[1]')).toEqual({ ok: true, value: [1] });
  });

  it('reports malformed JSON instead of throwing', () => {
    const result = parsers.decodePayload(new Uint8Array([0x7b, 0xff]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^\(root\): invalid JSON/);
  });
});
