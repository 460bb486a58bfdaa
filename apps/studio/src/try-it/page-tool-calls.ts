import { toolTimeouts, type FeatureToolResult, type ToolConfig } from '@svc/protocol';

/** A call of one of the business's own page tools, as Try it shows it to the author. */
export interface PageToolCall {
  requestId: string;
  toolName: string;
  args: Record<string, unknown>;
  /** Unset while the call waits for the author; then what the agent got. */
  outcome?: { code: FeatureToolResult['response']['code']; data: unknown } | undefined;
}

/** How many settled calls stay listed under the waiting ones. */
const KEPT = 5;

/**
 * The calls of the scenario's own page tools (`page:tools:custom`) during a Try it session: the
 * business's page is not there to run them, so the author answers each one as the page would
 * (`SUCCESS` with data, or `ERROR`), or lets the tool's timeout run out, and sees what the agent
 * does with the answer. A store for `useSyncExternalStore`.
 */
export class PageToolCalls {
  #calls: readonly PageToolCall[] = [];
  readonly #waiting = new Map<string, (outcome: NonNullable<PageToolCall['outcome']>) => void>();
  readonly #listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly PageToolCall[] => this.#calls;

  /**
   * Lists a call and settles when the author answers it, or with `TIMEOUT` once the tool's
   * handler time (its `rpc_timeout_s`) is over, as the page's handler would be timed out.
   */
  ask(
    tool: Pick<ToolConfig, 'name' | 'rpc_timeout_s'>,
    requestId: string,
    args: Record<string, unknown>,
  ): Promise<NonNullable<PageToolCall['outcome']>> {
    this.#set([...this.#calls, { requestId, toolName: tool.name, args }]);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => this.answer(requestId, 'TIMEOUT', 'the author did not answer in time'),
        toolTimeouts(tool).handlerMs,
      );
      this.#waiting.set(requestId, (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
    });
  }

  /** Answers a waiting call; a call already answered (or timed out) stays as it was. */
  answer(requestId: string, code: FeatureToolResult['response']['code'], data: unknown): void {
    const settle = this.#waiting.get(requestId);
    if (!settle) return;
    this.#waiting.delete(requestId);
    const outcome = { code, data };
    const calls = this.#calls.map((call) =>
      call.requestId === requestId ? { ...call, outcome } : call,
    );
    const settled = calls.filter((call) => call.outcome);
    const dropped = new Set(settled.slice(0, Math.max(0, settled.length - KEPT)));
    this.#set(calls.filter((call) => !dropped.has(call)));
    settle(outcome);
  }

  /** Settles every waiting call as cancelled (the session ended or the panel closed). */
  cancelAll(): void {
    for (const requestId of [...this.#waiting.keys()])
      this.answer(requestId, 'CANCELLED', 'the preview ended');
  }

  #set(calls: readonly PageToolCall[]): void {
    this.#calls = calls;
    for (const listener of this.#listeners) listener();
  }
}
