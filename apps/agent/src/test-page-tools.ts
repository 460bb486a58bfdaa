// The page's side of frontend tools for the agent's live tests: the SDK's two registration
// patterns (session tools of `start({ tools })`, feature tools of a feature registry) as RPC
// methods a visitor answers, with the answers the SDK gives. Not part of the agent's runtime.
import {
  rpcMethodName,
  toolTimeouts,
  type FeatureDefinition,
  type FeatureToolResult,
  type RpcToolResponse,
  type ToolConfig,
} from '@svc/protocol';

/** What a page tool handler is given besides its arguments, as the SDK gives it. */
export interface PageToolContext {
  toolName: string;
  settings: Record<string, unknown>;
  /** Aborted when the handler's budget runs out or the page's session ends. */
  signal: AbortSignal;
}

/** A session tool (`start({ tools })`): its value is the answer's data, a throw answers `ERROR`. */
export type SessionTool = (args: Record<string, unknown>, context: PageToolContext) => unknown;

/** A feature tool of a registry entry: it answers `{ requestId, response: { code, data } }`. */
export type FeatureTool = (
  requestId: string,
  args: Record<string, unknown>,
  settings: Record<string, unknown>,
) => FeatureToolResult | Promise<FeatureToolResult>;

/** Never settles: a page handler that does not answer. */
export const neverAnswers = (): Promise<never> => new Promise<never>(() => undefined);

/**
 * The page's RPC methods for the scenario's `features`, as the SDK registers them: session tools
 * by their key (the RPC method name), feature tools by the tool's name on the method
 * `rpcMethodName(tool)` of the config. Each answers `{ requestId, code, data }`: `OK` with a
 * session tool's value, the feature tool's own code, `ERROR` on a throw, `TIMEOUT` once the
 * tool's budget (`toolTimeouts(tool).handlerMs`) has passed, `CANCELLED` when `ended` aborts.
 */
export function pageToolMethods(options: {
  features: FeatureDefinition[];
  sessionTools?: Record<string, SessionTool>;
  featureTools?: Record<string, FeatureTool>;
  /** The page's session ended: pending handlers answer `CANCELLED` and their timers stop. */
  ended?: AbortSignal;
}): Record<string, (request: Record<string, unknown>) => Promise<RpcToolResponse>> {
  const configured = new Map<string, ToolConfig>();
  for (const feature of options.features)
    for (const tool of feature.tools) configured.set(rpcMethodName(tool), tool);
  const methods: Record<string, (request: Record<string, unknown>) => Promise<RpcToolResponse>> =
    {};
  const answer =
    (method: string, invoke: (request: Record<string, unknown>, signal: AbortSignal) => unknown) =>
    (request: Record<string, unknown>) => {
      const requestId = String(request.requestId);
      const budgetMs = toolTimeouts(configured.get(method) ?? {}).handlerMs;
      const controller = new AbortController();
      return new Promise<RpcToolResponse>((resolve) => {
        const timer = setTimeout(() => {
          resolve({ requestId, code: 'TIMEOUT', data: `no answer within ${budgetMs} ms` });
          controller.abort();
        }, budgetMs);
        const cancel = () => {
          clearTimeout(timer);
          resolve({ requestId, code: 'CANCELLED', data: null });
          controller.abort();
        };
        if (options.ended?.aborted) cancel();
        options.ended?.addEventListener('abort', cancel, { once: true });
        Promise.resolve()
          .then(() => invoke(request, controller.signal))
          .then(
            (value) => resolve(value as RpcToolResponse),
            (error: unknown) =>
              resolve({
                requestId,
                code: 'ERROR',
                data: error instanceof Error ? error.message : String(error),
              }),
          )
          .finally(() => {
            clearTimeout(timer);
            options.ended?.removeEventListener('abort', cancel);
          });
      });
    };
  for (const [method, handler] of Object.entries(options.sessionTools ?? {})) {
    const tool = configured.get(method);
    methods[method] = answer(method, async (request, signal) => ({
      requestId: String(request.requestId),
      code: 'OK',
      data: await handler((request.args as Record<string, unknown> | undefined) ?? {}, {
        toolName: tool?.name ?? method,
        settings: tool?.settings ?? {},
        signal,
      }),
    }));
  }
  for (const [method, tool] of configured) {
    const handler = options.featureTools?.[tool.name];
    if (!handler) continue;
    methods[method] = answer(method, async (request) => {
      const requestId = String(request.requestId);
      const result = await handler(
        requestId,
        (request.args as Record<string, unknown> | undefined) ?? {},
        tool.settings ?? {},
      );
      // `componentData` stays on the page: only the response reaches the agent.
      return { requestId, code: result.response.code, data: result.response.data };
    });
  }
  return methods;
}
