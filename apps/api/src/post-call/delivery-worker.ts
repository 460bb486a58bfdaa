// Sends the due post-call deliveries of the queue: every API process runs one; the queue's claims
// keep two of them from sending the same delivery at once.
import type { FastifyBaseLogger } from 'fastify';
import type { OpenDatabase } from '../db/database.js';
import type { Deliveries, DeliveryStatus } from './deliveries.js';
import { buildPostCallPayload } from './payload.js';
import type { WebhookSettingsStore } from './webhook-settings.js';

/** Longest an attempt waits for the receiver's answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** One signed POST of a payload to a webhook; answers the receiver's status or throws. */
export type PostCallSender = (request: {
  url: string;
  secret: string;
  body: string;
  deliveryId: number;
  signal: AbortSignal;
}) => Promise<{ status: number }>;

/** Options of {@link createDeliveryWorker}. */
export interface DeliveryWorkerOptions {
  database: OpenDatabase;
  deliveries: Deliveries;
  webhooks: WebhookSettingsStore;
  send: PostCallSender;
  /** The clock (tests move it instead of waiting). */
  now?: () => number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The worker: `tick()` once, or `start(intervalMs)` on a timer. */
export interface DeliveryWorker {
  /** Queues what ended, then sends what is due; answers each sent delivery's new status. */
  tick(): Promise<{ id: number; status: DeliveryStatus }[]>;
  /** Ticks every `intervalMs` (never two at once) until the returned function is awaited. */
  start(intervalMs: number): () => Promise<void>;
}

/** Creates the delivery worker of one API process. */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { deliveries, webhooks, send } = options;
  const now = options.now ?? Date.now;

  async function attempt(delivery: Awaited<ReturnType<Deliveries['claimDue']>>[number]) {
    const target = await webhooks.target(delivery.application_id);
    const started = now();
    if (!target)
      return deliveries.recordAttempt(
        delivery,
        { statusCode: null, error: 'the application has no webhook any more', durationMs: 0 },
        started,
      );
    let body = delivery.payload;
    if (body === null) {
      body = JSON.stringify(await buildPostCallPayload(options.database, delivery.conversation_id));
      await deliveries.freezePayload(delivery, body);
    }
    const clock = performance.now();
    try {
      const { status } = await send({
        url: target.url,
        secret: target.secret,
        body,
        deliveryId: delivery.id,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      return deliveries.recordAttempt(
        delivery,
        {
          statusCode: status,
          error: status >= 200 && status < 300 ? null : `the endpoint answered ${status}`,
          durationMs: performance.now() - clock,
        },
        now(),
      );
    } catch (error) {
      const message = (error as Error).message || String(error);
      return deliveries.recordAttempt(
        delivery,
        { statusCode: null, error: message.slice(0, 1000), durationMs: performance.now() - clock },
        now(),
      );
    }
  }

  async function tick() {
    await deliveries.enqueueEnded(now());
    const sent: { id: number; status: DeliveryStatus }[] = [];
    for (const delivery of await deliveries.claimDue(now())) {
      try {
        sent.push({ id: delivery.id, status: await attempt(delivery) });
      } catch (error) {
        // The claim lapses and the next tick tries again; the database is what failed here.
        options.log?.warn({ err: error, delivery: delivery.id }, 'post-call delivery not recorded');
      }
    }
    return sent;
  }

  return {
    tick,
    start(intervalMs) {
      let running: Promise<unknown> = Promise.resolve();
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        running = tick()
          .catch((error: unknown) =>
            options.log?.warn({ err: error }, 'post-call deliveries: a round failed'),
          )
          .finally(() => {
            busy = false;
          });
      }, intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}
