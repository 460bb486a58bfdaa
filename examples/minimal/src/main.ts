// The minimal example: one SvcSession, plain DOM, no framework.
import { SvcSession } from '@svc/sdk';

const settings =
  (window as unknown as { SVC_EXAMPLE?: { apiUrl?: string; publication?: string } }).SVC_EXAMPLE ??
  {};
const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const apiUrl = element<HTMLInputElement>('api-url');
const publication = element<HTMLInputElement>('publication');
const params = new URLSearchParams(location.search);
apiUrl.value = params.get('api') ?? settings.apiUrl ?? 'http://127.0.0.1:8080';
publication.value = params.get('publication') ?? settings.publication ?? '';

let session: SvcSession | null = null;

/**
 * The page tools of the demo scenario (`npm run seed`). A real page draws a panel per feature;
 * this one lists what the agent sent (search results, a product, a comparison, the cart).
 */
const DEMO_PAGE_TOOLS = [
  'search_products',
  'show_product',
  'compare_products',
  'add_to_cart',
  'remove_from_cart',
  'show_cart',
];

/** Names of the items in a tool's data, wherever they are. */
function itemNames(data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  const own = typeof record.name === 'string' ? [record.name] : [];
  const nested = Object.values(record).flatMap((value) =>
    Array.isArray(value)
      ? value.flatMap(itemNames)
      : value && typeof value === 'object'
        ? itemNames(value)
        : [],
  );
  return [...own, ...nested];
}

function showPanel(toolName: string, args: Record<string, unknown>) {
  const title = document.createElement('h2');
  title.textContent = toolName.replaceAll('_', ' ');
  const list = document.createElement('ul');
  list.append(
    ...itemNames(args.result).map((name) => {
      const item = document.createElement('li');
      item.textContent = name;
      return item;
    }),
  );
  element('panel').replaceChildren(title, list);
}

function show(current: SvcSession) {
  const snapshot = current.getSnapshot();
  element('status').textContent = snapshot.status;
  element('agent-state').textContent = snapshot.agentState;
  element('error').textContent = snapshot.error
    ? `${snapshot.error.code}: ${snapshot.error.message}`
    : '';
  element<HTMLButtonElement>('start').disabled =
    snapshot.status === 'connecting' || snapshot.status === 'connected';
  element<HTMLButtonElement>('end').disabled =
    snapshot.status !== 'connected' && snapshot.status !== 'connecting';
  element('messages').replaceChildren(
    ...snapshot.messages
      // Tool calls are assistant messages without words: the panel shows what they did.
      .filter(
        (message) => (message.role === 'user' || message.role === 'assistant') && message.content,
      )
      .map((message) => {
        const item = document.createElement('li');
        item.dataset.role = message.role;
        item.textContent = `${message.role === 'user' ? 'You' : 'Agent'}: ${message.content}`;
        return item;
      }),
  );
}

element('start').addEventListener('click', () => {
  session?.destroy();
  const current = new SvcSession({ apiUrl: apiUrl.value.trim() });
  session = current;
  current.subscribe(() => show(current));
  element('panel').replaceChildren();
  element('end-reason').textContent = '';
  current.on('session-end', ({ reason }) => {
    element('end-reason').textContent = `(${reason})`;
  });
  current.registerFeatureTools({
    toolNames: DEMO_PAGE_TOOLS,
    run: (toolName, _requestId, args) => {
      showPanel(toolName, args);
      return Promise.resolve({ code: 'SUCCESS', data: { shown: true } });
    },
  });
  const mode = (document.querySelector('input[name="mode"]:checked') as HTMLInputElement).value as
    'audio' | 'text';
  current
    .start({ scenario: publication.value.trim(), inputMode: mode, outputMode: mode })
    .catch((error: unknown) => {
      element('error').textContent = error instanceof Error ? error.message : String(error);
    });
});
element('end').addEventListener('click', () => void session?.end());
element('chat').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = element<HTMLInputElement>('text');
  void session?.sendText(input.value);
  input.value = '';
});
