import type { UiActivityCheckResponse } from '@svc/protocol';

/** An interaction within this window counts as active. */
const ACTIVE_WINDOW_MS = 30_000;
const EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

/**
 * Tracks the visitor's last interaction with the page, to answer `svc__ui_activity_check`.
 * Without a document (a server, a test), nothing is tracked and the page counts as visible.
 */
export function trackActivity(): { check(): UiActivityCheckResponse; stop(): void } {
  let last: number | null = null;
  const doc = typeof document === 'undefined' ? null : document;
  const mark = () => {
    last = Date.now();
  };
  for (const event of EVENTS) doc?.addEventListener(event, mark, { passive: true, capture: true });
  return {
    check() {
      const visible = doc ? doc.visibilityState !== 'hidden' : true;
      const active = visible && last !== null && Date.now() - last <= ACTIVE_WINDOW_MS;
      return { active, visible, last_activity_at: last };
    },
    stop() {
      for (const event of EVENTS) doc?.removeEventListener(event, mark, { capture: true });
    },
  };
}
