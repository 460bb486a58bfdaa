import type { FeatureToolRunner } from '@svc/sdk';

/** Waits this long for the panels built from a config before a tool call answers an error. */
const REGISTRY_WAIT_MS = 3_000;

/** What {@link createToolBridge} returns. */
export interface ToolBridge {
  /** Registered on the session right before each start (see below). */
  runner: FeatureToolRunner;
  /** The feature runtime's `executeTool` once its registry knows `toolNames`; null to forget it. */
  connect(execute: FeatureToolRunner['run'] | null, toolNames: readonly string[]): void;
}

/**
 * Answers the page tools of a configuration the widget learns only when it arrives. The session
 * registers a feature tool's RPC method at the first `config` if the registered runner names the
 * tool, before the page can see that config, and a widget knows no publication's features ahead.
 * So this runner, registered before `start()`, claims every tool of the config (a server tool's
 * method is registered too, and never called), and forwards each call to the feature runtime
 * built from that config, waiting briefly for it to render. Once the runtime registers its own
 * runner (with the config's tools) the next conversation goes through it.
 */
export function createToolBridge(): ToolBridge {
  let execute: FeatureToolRunner['run'] | null = null;
  let known: readonly string[] = [];
  const waiting = new Set<() => void>();
  // An array that says yes to every name, and lists none (nothing for the clash check to see).
  const everyTool = new (class extends Array<string> {
    override includes(): boolean {
      return true;
    }
  })();
  const ready = (toolName: string) => execute !== null && known.includes(toolName);
  return {
    runner: {
      toolNames: everyTool,
      async run(toolName, requestId, args, context) {
        if (!ready(toolName)) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, REGISTRY_WAIT_MS);
            function done() {
              clearTimeout(timer);
              waiting.delete(check);
              resolve();
            }
            function check() {
              if (ready(toolName)) done();
            }
            waiting.add(check);
            context.signal.addEventListener('abort', done, { once: true });
          });
        }
        if (!execute || !known.includes(toolName))
          return { code: 'ERROR', data: `the widget shows no panel for the tool ${toolName}` };
        return execute(toolName, requestId, args, context);
      },
    },
    connect(next, toolNames) {
      execute = next;
      known = toolNames;
      for (const check of [...waiting]) check();
    },
  };
}
