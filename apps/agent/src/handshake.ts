import { TOPICS, type ConfigAckPayload, type ConfigPayload } from '@svc/protocol';
import { HANDSHAKE } from '@svc/protocol/agent';
import { parseConfigAckPayload } from '@svc/protocol/parse';
import type { VisitorChannel } from './channel.js';

/** How the handshake ended. */
export type HandshakeResult =
  | { acknowledged: true; ack: ConfigAckPayload; attempts: number }
  | { acknowledged: false; attempts: number; reason: 'timeout' | 'aborted' };

/**
 * Publishes `config` and waits for `config_ack`, resending on the decisions' schedule: after each
 * delay without an ack, `config_request` (attempt n) then `config` again; after the give-up time
 * it answers `acknowledged: false`. Always settles.
 */
export function runHandshake(
  channel: VisitorChannel,
  config: ConfigPayload,
  options: {
    signal?: AbortSignal;
    resendDelaysMs?: readonly number[];
    giveUpMs?: number;
    onSend?: (attempt: number) => void;
  } = {},
): Promise<HandshakeResult> {
  const delays = options.resendDelaysMs ?? HANDSHAKE.CONFIG_RESEND_DELAYS_MS;
  const giveUpMs = options.giveUpMs ?? HANDSHAKE.CONFIG_ACK_GIVE_UP_MS;
  return new Promise((resolve) => {
    let attempts = 0;
    let settled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const finish = (result: HandshakeResult) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      unsubscribe();
      options.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const unsubscribe = channel.subscribe(TOPICS.CONFIG_ACK, (payload) => {
      const parsed = parseConfigAckPayload(payload);
      if (parsed.ok && parsed.value.acknowledged)
        finish({ acknowledged: true, ack: parsed.value, attempts });
    });
    const onAbort = () => finish({ acknowledged: false, attempts, reason: 'aborted' });
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);

    // A failed publish (the visitor just left) is not fatal: the next resend or the give-up follows.
    const send = (attempt: number) => {
      attempts = attempt + 1;
      options.onSend?.(attempt);
      const request =
        attempt === 0
          ? Promise.resolve()
          : channel.publish(TOPICS.CONFIG_REQUEST, {
              type: 'config_request',
              attempt,
              timestamp: Date.now(),
            });
      void request.then(() => channel.publish(TOPICS.CONFIG, config)).catch(() => undefined);
    };
    send(0);
    let at = 0;
    delays.forEach((delay, index) => {
      at += delay;
      if (at < giveUpMs) timers.push(setTimeout(() => send(index + 1), at));
    });
    timers.push(
      setTimeout(() => finish({ acknowledged: false, attempts, reason: 'timeout' }), giveUpMs),
    );
  });
}
