import { formatTime } from './format.js';
import { PanelFrame, type PanelCommonProps } from './panel-frame.js';
import { uiStrings } from './strings.js';

/** Props of {@link EndCard}. */
export interface EndCardProps extends PanelCommonProps {
  /** The `session-end` reason (`completed`, `user_requested`, ...). */
  reason?: string | undefined;
  /** When it ended (the `session-end` event's ISO `endedAt`): shown as a time for the locale. */
  endedAt?: string | undefined;
  /** Shows a button that starts a new conversation. */
  onRestart?(): void;
}

/**
 * The end of the conversation: what ended it, in the visitor's words, and a button to start a new
 * one. Show it on the session's `session-end` event; the end tool never calls the page.
 */
export function EndCard(props: EndCardProps) {
  const strings = uiStrings(props.strings, props.locale);
  const reasons = strings.endReasons;
  const text =
    (props.reason && Object.hasOwn(reasons, props.reason) ? reasons[props.reason] : undefined) ??
    reasons.default;
  const onRestart = props.onRestart;
  const endedAt = props.endedAt ? Date.parse(props.endedAt) : Number.NaN;
  return (
    <PanelFrame
      kind="end"
      title={strings.endTitle}
      focusOnShow={props.focusOnShow}
      showKey={props.showKey}
    >
      {text && <p className="svc-panel__text">{text}</p>}
      {Number.isNaN(endedAt) ? null : (
        <p className="svc-panel__text">
          <time dateTime={props.endedAt}>{strings.endedAt(formatTime(endedAt, props.locale))}</time>
        </p>
      )}
      {onRestart && (
        <button
          type="button"
          className="svc-button svc-button--primary"
          onClick={() => onRestart()}
        >
          {strings.restart}
        </button>
      )}
    </PanelFrame>
  );
}
