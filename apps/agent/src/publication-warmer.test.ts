import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initializeLogger, llm, voice } from '@livekit/agents';
import type { WarmRequest } from '@svc/agents-plugin-embedded';
import type { Collection } from '@svc/protocol';
import type { AgentPublication, AgentPublicationPage } from '@svc/protocol/agent';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationApi } from './api-client.js';
import type { VisitorChannel } from './channel.js';
import {
  preparePrompt,
  promptRuntime,
  startPublicationWarmer,
  type PublicationWarmer,
} from './publication-warmer.js';
import { scenarioAgent } from './scenario-agent.js';

initializeLogger({ pretty: false, level: 'error' });

const COLLECTION: Collection = {
  id: 7,
  name: 'Gear',
  description: 'Outdoor gear',
  company_id: 1,
  search_fields: [{ name: 'name', index_type: 'text' }],
  filter_fields: [{ name: 'Price', filter_key: 'price', field_type: 'number', role: 'price' }],
};

/** A publication of a shop in English with a French translation. */
function publication(uuid: string, overrides: Partial<AgentPublication['scenario']> = {}) {
  return {
    uuid,
    published_at: '2026-12-01T10:00:00.000Z',
    languages: ['en-US', 'fr-FR'],
    collections: [COLLECTION],
    scenario: {
      name: 'Shop',
      prompt: 'You sell camping gear.',
      translations: { 'fr-FR': { prompt: 'Vous vendez du matériel de camping.' } },
      collection_ids: [COLLECTION.id],
      features: [
        {
          name: 'Search',
          type: 'collection:items:search',
          settings: { collection_id: COLLECTION.id },
          tools: [{ name: 'search_gear', type: 'server' }],
        },
      ],
      ...overrides,
    },
  } as AgentPublication;
}

/** The embedded model's seam: records each prompt it is asked to evaluate or answer. */
class RecordingLLM extends voice.testing.FakeLLM {
  readonly warmed: WarmRequest[] = [];
  readonly sent: Array<{ chatCtx: llm.ChatContext; toolCtx?: llm.ToolContextLike | undefined }> =
    [];
  /** Each warm-up takes this long unless stopped, ms. */
  constructor(private readonly warmMs = 0) {
    super([{ input: 'hello', content: 'Hello!' }]);
  }
  warm(request: WarmRequest): Promise<void> {
    this.warmed.push(request);
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.warmMs);
      request.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  override chat(options: Parameters<voice.testing.FakeLLM['chat']>[0]) {
    this.sent.push({ chatCtx: options.chatCtx, toolCtx: options.toolCtx });
    return super.chat(options);
  }
}

/** What a prompt's stable prefix is made of: the system messages and the tools' schemas. */
function prefixOf(chatCtx: llm.ChatContext, toolCtx: llm.ToolContextLike | undefined) {
  return {
    system: chatCtx.items.flatMap((item) =>
      item.type === 'message' && item.role === 'system' ? [item.textContent] : [],
    ),
    tools: Object.entries(llm.toToolContext(toolCtx)?.functionTools ?? {}).map(([name, tool]) => ({
      name,
      description: tool.description,
      parameters: JSON.stringify(llm.toJsonSchema(tool.parameters, false)),
    })),
  };
}

describe('preparing a publication prompt', () => {
  it("evaluates the prompt a conversation's first model turn sends, in its language and mode", async () => {
    const model = new RecordingLLM();
    const runtime = promptRuntime(publication('p-1'), 'fr-FR', 'text');
    await preparePrompt(model, runtime, new AbortController().signal);
    expect(model.warmed).toHaveLength(1);
    const warmed = model.warmed[0] as WarmRequest;
    const prepared = prefixOf(warmed.chatCtx, warmed.toolCtx);
    expect(prepared.system[0]).toContain('Vous vendez du matériel de camping.');
    expect(prepared.system[0]).toContain('Always answer in French.');
    expect(prepared.system[0]).toContain('shown as chat messages');
    expect(prepared.tools.map((tool) => tool.name)).toEqual(['search_gear']);

    // A conversation of the same publication, language and mode: its session sends the model
    // the same instructions and tools on its first turn.
    const session = new voice.AgentSession({ llm: model });
    const deps = {
      api: {} as ConversationApi,
      channel: {} as VisitorChannel,
      collections: runtime.collections,
      limit: 5,
      onEnd: () => undefined,
      lastUiActivity: () => 0,
    };
    await session.start({ agent: scenarioAgent(runtime, deps, false) });
    try {
      await session.run({ userInput: 'hello' }).wait();
    } finally {
      await session.close();
    }
    const first = model.sent[0];
    expect(first).toBeDefined();
    expect(prefixOf(first?.chatCtx as llm.ChatContext, first?.toolCtx)).toEqual(prepared);
  });

  it('tells a spoken conversation its replies are spoken', async () => {
    const model = new RecordingLLM();
    await preparePrompt(
      model,
      promptRuntime(publication('p-2'), 'en-US', 'audio'),
      new AbortController().signal,
    );
    const system = prefixOf(model.warmed[0]?.chatCtx as llm.ChatContext, undefined).system[0];
    expect(system).toContain('You sell camping gear.');
    expect(system).toContain('Your replies are spoken aloud');
  });
});

describe('the publication warmer', () => {
  let server: Server | undefined;
  let warmer: PublicationWarmer | undefined;
  afterEach(async () => {
    warmer?.stop();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  });

  /** Serves the publication list: `pages[after]` answers `?after=`, `recent` the first read. */
  async function api(recent: AgentPublicationPage, pages: Record<string, AgentPublicationPage>) {
    const asked: string[] = [];
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      if (request.headers.authorization !== 'Bearer agent-key') {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'wrong key' }));
        return;
      }
      const after = url.searchParams.get('after');
      const page = after === null ? recent : (pages[after] ?? { publications: [], next: after });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(page));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, asked };
  }

  /** Starts a warmer on `url` with the key the API takes, unless told otherwise. */
  const warmerOn = (
    url: string,
    model: RecordingLLM,
    options: {
      busy?: () => boolean;
      pollMs?: number;
      recent?: number;
      agentKey?: string;
      quietMs?: number;
    } = {},
  ) =>
    startPublicationWarmer({
      apiUrl: url,
      agentKey: 'agent-key',
      model: () => model,
      busy: () => false,
      pollMs: 60_000,
      quietMs: 0,
      ...options,
    });

  const systemOf = (request: WarmRequest | undefined) =>
    prefixOf(request?.chatCtx as llm.ChatContext, undefined).system[0] ?? '';

  it('prepares the recent publications in each language and mode, then the new ones', async () => {
    const { url, asked } = await api(
      { publications: [publication('p-1')], next: '3' },
      { '3': { publications: [{ ...publication('p-2'), languages: ['en-US'] }], next: '4' } },
    );
    const model = new RecordingLLM();
    warmer = warmerOn(url, model, { pollMs: 20, recent: 3 });
    await expect.poll(() => model.warmed.length).toBe(6);
    await warmer.settled();
    expect(asked[0]).toBe('/v1/agent/publications?limit=3');
    expect(asked[1]).toBe('/v1/agent/publications?after=3&limit=50');
    const prompts = model.warmed.map(systemOf);
    // p-1 in English then French, spoken then typed; then p-2, which has English only.
    expect(prompts.map((prompt) => prompt.split('\n')[0])).toEqual([
      'You sell camping gear.',
      'You sell camping gear.',
      'Vous vendez du matériel de camping.',
      'Vous vendez du matériel de camping.',
      'You sell camping gear.',
      'You sell camping gear.',
    ]);
    expect(prompts.map((prompt) => prompt.includes('spoken aloud'))).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('waits while a conversation runs, and stops for one that begins', async () => {
    const { url } = await api({ publications: [publication('p-1')], next: '1' }, {});
    const model = new RecordingLLM(60_000);
    let busy = true;
    warmer = warmerOn(url, model, { busy: () => busy, quietMs: 800 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(model.warmed).toHaveLength(0);
    // Quiet, but not yet for long enough.
    busy = false;
    const quietAt = Date.now();
    await expect.poll(() => model.warmed.length).toBe(1);
    expect(Date.now() - quietAt).toBeGreaterThanOrEqual(700);
    busy = true;
    await expect.poll(() => model.warmed[0]?.signal?.aborted).toBe(true);
    // Taken up again, the same prompt first, once the worker is quiet.
    busy = false;
    await expect.poll(() => model.warmed.length).toBe(2);
    expect(systemOf(model.warmed[1])).toBe(systemOf(model.warmed[0]));
  });

  it('leaves scenarios on a hosted model alone, and goes on after a refused read', async () => {
    const hosted = publication('p-hosted', {
      voice: { llm: { provider: 'openai', model: 'gpt-4o-mini' } },
    } as Partial<AgentPublication['scenario']>);
    const { url } = await api({ publications: [hosted, publication('p-1')], next: '2' }, {});
    const model = new RecordingLLM();
    warmer = warmerOn(url, model);
    await expect.poll(() => model.warmed.length).toBe(4);
    await warmer.settled();
    expect(model.warmed.every((request) => !systemOf(request).includes('gpt'))).toBe(true);

    const refused = new RecordingLLM();
    const other = warmerOn(url, refused, { agentKey: 'wrong-key' });
    await other.settled();
    other.stop();
    expect(refused.warmed).toHaveLength(0);
  });
});
