import { SDK_VERSION } from '@svc/protocol';

/** The snippets that put a publication into a page: install, plain module, React. */
export function embedSnippet(apiUrl: string, publicationUuid: string) {
  return {
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
