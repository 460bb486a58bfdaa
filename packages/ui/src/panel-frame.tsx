import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { UiStrings } from './strings.js';

/** Props every panel takes. */
export interface PanelCommonProps {
  /** Texts to use instead of the built-in ones for `locale`. */
  strings?: Partial<UiStrings> | undefined;
  /**
   * The visitor's language (BCP-47, the session's `config.language`): picks the built-in texts
   * (English, French, Spanish or German; English for others and when absent) and formats numbers,
   * prices and dates; the runtime's default formats when absent.
   */
  locale?: string | undefined;
  /** Move the focus to the panel's heading when it is shown; default true. */
  focusOnShow?: boolean | undefined;
  /**
   * Identifies one showing of the panel (the registry passes the tool call's request id): when it
   * changes, the panel was shown again and the focus moves to its heading again.
   */
  showKey?: string | undefined;
}

interface PanelFrameProps {
  /** The panel's kind, in its class: `svc-panel svc-panel--{kind}`. */
  kind: string;
  title: ReactNode;
  /** Beside the heading: a count, a total. */
  aside?: ReactNode;
  focusOnShow: boolean | undefined;
  showKey: string | undefined;
  children?: ReactNode;
}

/**
 * A panel: a `section` labelled by its heading, which takes the focus when the panel is shown so
 * that a keyboard or screen reader user lands on what the agent just showed.
 */
export function PanelFrame(props: PanelFrameProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = props.focusOnShow !== false;
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, props.showKey]);
  return (
    <section className={`svc-panel svc-panel--${props.kind}`} aria-labelledby={headingId}>
      <header className="svc-panel__header">
        <h2 className="svc-panel__title" id={headingId} tabIndex={-1} ref={heading}>
          {props.title}
        </h2>
        {props.aside}
      </header>
      {props.children}
    </section>
  );
}
