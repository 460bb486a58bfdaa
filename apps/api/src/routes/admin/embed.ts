import { SDK_VERSION } from '@svc/protocol';

/** The widget's version folder the one-tag snippet loads (`/widget/v1/widget.js`). */
export const WIDGET_SNIPPET_VERSION = 'v1';

/** Escapes a value for an HTML attribute in double quotes. */
function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * The one tag that puts the publication's agent on any page: the widget's loader, which adds an
 * `<svc-agent>` (launcher and panel in a shadow root) to the page's body.
 */
export function widgetSnippet(apiUrl: string, publicationUuid: string): string {
  const api = attribute(apiUrl);
  return `<script src="${api}/widget/${WIDGET_SNIPPET_VERSION}/widget.js" data-publication="${attribute(publicationUuid)}" data-api="${api}" async></script>`;
}

/** The snippets that put a publication into a page: the widget's tag, install, module, React. */
export function embedSnippet(apiUrl: string, publicationUuid: string) {
  return {
    html: widgetSnippet(apiUrl, publicationUuid),
    install: `npm install @svc/sdk@${SDK_VERSION}`,
    module: [
      "import { SvcSession } from '@svc/sdk';",
      '',
      `const session = new SvcSession({ apiUrl: '${apiUrl}' });`,
      "session.on('message', (message) => console.log(message.role, message.content));",
      `await session.start({ scenario: '${publicationUuid}' });`,
    ].join('\n'),
    react: [
      "import { SvcProvider, useSvcSession } from '@svc/sdk/react';",
      '',
      'function Assistant() {',
      `  const { status, messages, start, end } = useSvcSession({ scenario: '${publicationUuid}' });`,
      '  // render status and messages; call start() and end() from buttons',
      '}',
      '',
      `<SvcProvider apiUrl="${apiUrl}"><Assistant /></SvcProvider>`,
    ].join('\n'),
  };
}
