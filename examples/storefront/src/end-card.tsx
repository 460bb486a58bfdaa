/** Why a conversation ended, in the visitor's words. */
function reasonText(reason: string | undefined): string {
  switch (reason) {
    case undefined:
    case '':
    case 'shutdown':
      return 'You ended the conversation.';
    case 'agent_disconnected':
    case 'transport_disconnected':
      return 'The connection to the assistant was lost.';
    default:
      return `The assistant ended the conversation (${reason}).`;
  }
}

/**
 * The card shown once a conversation is over, with the props of `@svc/ui`'s `EndCard`
 * (`reason`, `onRestart`): the shop's own until that package is in the tree.
 */
export function EndCard(props: { reason?: string; onRestart?: () => void }) {
  return (
    <section className="svc-end-card" aria-label="Conversation ended">
      <p>{reasonText(props.reason)}</p>
      {props.onRestart ? (
        <button type="button" onClick={props.onRestart}>
          Start again
        </button>
      ) : null}
    </section>
  );
}
