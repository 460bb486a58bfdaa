// Tools run only once the agent's config arrived, so `SvcSession` loads this module with
// `import()` beside the Transport: a page that never connects does not download it.
import type {
  Collection,
  ConfigPayload,
  RpcToolResponse,
  ToolConfig,
  rpcMethodName,
  toolTimeouts,
} from '@svc/protocol';
import type { encodePayload, parseRpcToolRequest } from '@svc/protocol/parse';
import { reasonOf } from '../failure-reason.js';
import type { Transport } from '../transport/transport.js';
import type { Fail } from './session-state.js';
import type { FeatureToolRunner, StartOptions, ToolHandler } from './types.js';

/**
 * The protocol's helpers the tools use, handed in by `SvcSession` instead of imported here: a page
 * bundled without code splitting evaluates this lazily loaded module's imports lazily too, and a
 * protocol entry imported from here would come whole, every parser with it.
 */
export interface ToolWire {
  rpcMethodName: typeof rpcMethodName;
  toolTimeouts: typeof toolTimeouts;
  parseRpcToolRequest: typeof parseRpcToolRequest;
  encodePayload: typeof encodePayload;
  /** The largest answer the Transport carries, bytes. */
  maxPayloadBytes: number;
}

/** What a tool handler call needs beyond the request. */
export interface ToolCall {
  /** The protocol's helpers. */
  wire: ToolWire;
  /** The handler; its value becomes `data`. Returns `{ code, data }` itself when `wrapped`. */
  invoke(args: Record<string, unknown>, requestId: string, signal: AbortSignal): Promise<unknown>;
  /** True when `invoke` already returns `{ code, data }` (feature tools). */
  wrapped: boolean;
  /** The handler's budget. */
  budgetMs: number;
  /** Aborted when the session ends. */
  sessionSignal: AbortSignal;
  /** Called when the budget ran out. */
  onTimeout(): void;
}

/** Encodes an answer, replacing one too large for the Transport by a readable `ERROR`. */
function encodeAnswer(answer: RpcToolResponse, wire: ToolWire): string {
  const bytes = wire.encodePayload(answer).length;
  const maxBytes = wire.maxPayloadBytes;
  if (bytes <= maxBytes) return JSON.stringify(answer);
  return JSON.stringify({
    requestId: answer.requestId,
    code: 'ERROR',
    data: `the tool's answer is ${bytes} bytes, over the ${maxBytes}-byte RPC limit`,
  });
}

/**
 * Runs one tool RPC and always answers: `OK` (or the feature's own code) with the handler's value,
 * `ERROR` when it throws or the request is invalid, `TIMEOUT` past its budget (its signal aborted),
 * `CANCELLED` when the session ends first.
 */
async function runToolCall(payload: string, call: ToolCall): Promise<string> {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    json = payload;
  }
  const { wire } = call;
  const request = wire.parseRpcToolRequest(json);
  if (!request.ok)
    return encodeAnswer({ code: 'ERROR', data: `invalid tool request: ${request.error}` }, wire);
  const { requestId, args = {} } = request.value;

  const controller = new AbortController();
  const cancel = () => controller.abort(new DOMException('the session ended', 'AbortError'));
  if (call.sessionSignal.aborted) cancel();
  call.sessionSignal.addEventListener('abort', cancel, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = new Promise<RpcToolResponse>((resolve) => {
    timer = setTimeout(() => {
      // Settle first: the abort below would otherwise settle the answer as CANCELLED.
      resolve({ requestId, code: 'TIMEOUT', data: `no answer within ${call.budgetMs} ms` });
      controller.abort(new DOMException('the tool timed out', 'TimeoutError'));
      call.onTimeout();
    }, call.budgetMs);
    controller.signal.addEventListener(
      'abort',
      () => resolve({ requestId, code: 'CANCELLED', data: null }),
      {
        once: true,
      },
    );
    Promise.resolve()
      .then(() => call.invoke(args, requestId, controller.signal))
      .then(
        (value) => {
          if (!call.wrapped) return resolve({ requestId, code: 'OK', data: value });
          const { code, data } = value as { code: string; data?: unknown };
          resolve({ requestId, code, data });
        },
        (error: unknown) =>
          resolve({
            requestId,
            code: 'ERROR',
            data: reasonOf(error),
          }),
      );
  });
  try {
    return encodeAnswer(await outcome, wire);
  } finally {
    clearTimeout(timer);
    call.sessionSignal.removeEventListener('abort', cancel);
  }
}

/** What the tools use of a running conversation (the session's run holds more). */
export interface ToolRun {
  transport: Transport | null;
  /** The `start()` options; their `tools` are the session tools. */
  options: StartOptions;
  /** Aborted when the run ends: cancels tool handlers and pending waits. */
  ended: AbortController;
  /** The RPC methods registered on the Transport, unregistered when the run ends. */
  methods: Set<string>;
  /** The protocol's helpers the tools use. */
  wire: ToolWire;
}

/**
 * Registers the RPC methods of the tools: session tools by their key, and the config's tools the
 * feature runner answers by `rpcMethodName(tool)`. A method is registered once, in one pattern.
 * A handler past its budget answers `TIMEOUT` and is reported to `fail` as `TOOL_TIMEOUT`.
 */
export function registerTools(
  run: ToolRun,
  raw: ConfigPayload,
  collections: Collection[],
  runners: () => FeatureToolRunner | null,
  fail: Fail,
): void {
  const { transport, wire } = run;
  if (!transport) return;
  const runner = runners();
  const configured = new Map<string, ToolConfig>();
  for (const feature of raw.features) {
    for (const tool of feature.tools) configured.set(wire.rpcMethodName(tool), tool);
  }
  const sessionTools: Record<string, ToolHandler> = run.options.tools ?? {};
  const featureMethods: string[] = [];
  for (const [method, tool] of configured) {
    if (!runner?.toolNames.includes(tool.name)) continue;
    // Through `frontend_method`, a feature tool can land on a session tool's method: the session
    // tool keeps it, and the page hears why the feature tool does not run.
    if (sessionTools[method])
      console.error(
        `Svc: RPC method "${method}" is both a session tool and the feature tool "${tool.name}"; the session tool answers it`,
      );
    else featureMethods.push(method);
  }
  for (const method of [...Object.keys(sessionTools), ...featureMethods]) {
    if (run.methods.has(method)) continue;
    const tool = configured.get(method);
    const sessionTool = sessionTools[method];
    const budgetMs = wire.toolTimeouts(tool ?? {}).handlerMs;
    transport.registerToolHandler(method, (payload) =>
      runToolCall(payload, {
        wire,
        wrapped: !sessionTool,
        budgetMs,
        sessionSignal: run.ended.signal,
        onTimeout: () =>
          fail('TOOL_TIMEOUT', `tool ${method} gave no answer within ${budgetMs} ms`),
        invoke: async (args, requestId, signal) => {
          const toolName = tool?.name ?? method;
          const context = { toolName, settings: tool?.settings ?? {}, collections, signal };
          if (sessionTool) return sessionTool(args, context);
          // The feature runtime registered now answers, whichever registered the method.
          const current = runners();
          if (!current) return { code: 'ERROR', data: `no handler for ${toolName} in this page` };
          return current.run(toolName, requestId, args, context);
        },
      }),
    );
    run.methods.add(method);
  }
}
