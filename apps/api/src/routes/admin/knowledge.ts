import { cappedRequest, WebhookError, type FetchLike } from '@svc/webhooks/outbound';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { HttpError } from '../../errors.js';
import {
  DOCUMENT_TYPES,
  documentTypeOf,
  MAX_DOCUMENT_BYTES,
  type KnowledgeBase,
  type KnowledgeDocument,
} from '../../knowledge/index.js';
import { nextOffset, pageOf, pageQuery } from '../../paging.js';
import { adminErrors, companyOf, errorBody, recordId, recordIdParam } from './shared.js';

const tags = ['admin: knowledge'];

/** How long fetching a document's URL may take, start to end of its body. */
const URL_FETCH_MS = 15_000;

const document = z.object({
  id: z.number(),
  title: z.string(),
  source: z.enum(['upload', 'url']).describe('Uploaded, or fetched once from `source_url`'),
  source_url: z.string().nullable(),
  content_type: z.string().describe(`One of ${DOCUMENT_TYPES.join(', ')}`),
  bytes: z.number().describe('Size of the upload or of the fetched page'),
  text_chars: z.number().describe('Characters of text read from it'),
  passage_count: z.number().describe('Passages it was split into'),
  preview: z.string().describe('The start of its first passage: what the upload became'),
  created_at: z.string(),
});

const passage = z.object({
  id: z.number(),
  document_id: z.number(),
  position: z.number().describe('0-based order in its document'),
  heading: z.string().nullable().describe('The heading it sits under, if any'),
  text: z.string(),
});

const hit = z.object({
  passage_id: z.number(),
  document_id: z.number(),
  document_title: z.string(),
  position: z.number(),
  heading: z.string().nullable(),
  text: z.string(),
  score: z.number().describe('Reciprocal rank fusion of the two rankings; higher is better'),
  similarity: z.number().describe('Cosine similarity of the question and the passage'),
  margin: z
    .number()
    .describe(
      'How far its similarity stands above the mean of the ten other passages most like the question',
    ),
  text_rank: z
    .number()
    .nullable()
    .describe('Rank by words among the candidates meaning found; null when no word matched'),
  vector_rank: z
    .number()
    .nullable()
    .describe('Rank by meaning; every passage found is one of its candidates'),
  relevant: z.boolean().describe('Whether the agent would answer from it (similarity ≥ threshold)'),
  answers: z
    .boolean()
    .describe(
      'Whether it answers the question by itself (relevant, and its margin ≥ the answer margin): as the first passage, the agent reads it as the answer; a relevant one under it, as the closest it has',
    ),
});

const documentParams = z.object({ id: recordIdParam });
const title = z.string().trim().min(1).max(200);

const tooLarge = errorBody(`The document is over ${MAX_DOCUMENT_BYTES} bytes`);
const unsupported = errorBody(`Not one of ${DOCUMENT_TYPES.join(', ')}`);
const unreadable = errorBody(
  'No text could be read from it (empty, not UTF-8, an unreadable PDF, too many passages), or the URL could not be fetched; the message says which',
);

/** What the knowledge routes need. */
export interface KnowledgeRouteDeps {
  knowledge: KnowledgeBase;
  /** Fetches a document's URL: the guarded outbound fetch (public addresses only). */
  outbound: FetchLike;
  /** The similarity under which a passage is not answered from. */
  relevanceThreshold: number;
  /**
   * The margin (`KnowledgeHit.margin`: its similarity above the next passages') from which a
   * passage answers the question by itself.
   */
  answerMargin: number;
}

/**
 * The company's knowledge base: documents uploaded or fetched from a URL once, split into
 * passages, and a search that shows what the agent would find for a question.
 */
export function knowledgeRoutes(deps: KnowledgeRouteDeps): FastifyPluginAsyncZod {
  const { knowledge } = deps;
  const withPreviews = async (documents: KnowledgeDocument[]) => {
    const previews = await knowledge.store.previews(documents.map((entry) => entry.id));
    return documents.map((entry) => ({ ...entry, preview: previews.get(entry.id) ?? '' }));
  };
  const withPreview = async (entry: KnowledgeDocument) => ({
    ...entry,
    preview: (await knowledge.store.previews([entry.id])).get(entry.id) ?? '',
  });
  return async (app) => {
    app.get(
      '/knowledge/documents',
      {
        schema: {
          operationId: 'listKnowledgeDocuments',
          tags,
          summary: 'The company’s knowledge documents (offset paged)',
          querystring: z.object(pageQuery),
          response: {
            200: z.object({ documents: z.array(document), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const { rows, next_offset } = pageOf(
          await knowledge.store.list(companyOf(request), request.query),
          request.query,
        );
        return { documents: await withPreviews(rows), next_offset };
      },
    );

    app.get(
      '/knowledge/documents/:id',
      {
        schema: {
          operationId: 'getKnowledgeDocument',
          tags,
          summary: 'One knowledge document',
          params: documentParams,
          response: { 200: document, ...adminErrors },
        },
      },
      async (request) => {
        return withPreview(await knowledge.store.get(companyOf(request), request.params.id));
      },
    );

    app.get(
      '/knowledge/documents/:id/passages',
      {
        schema: {
          operationId: 'listKnowledgePassages',
          tags,
          summary: 'The passages a document was split into, in order (offset paged)',
          params: documentParams,
          querystring: z.object(pageQuery),
          response: {
            200: z.object({ passages: z.array(passage), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const { rows, next_offset } = pageOf(
          await knowledge.store.passages(companyOf(request), request.params.id, request.query),
          request.query,
        );
        return { passages: rows, next_offset };
      },
    );

    app.delete(
      '/knowledge/documents/:id',
      {
        schema: {
          operationId: 'deleteKnowledgeDocument',
          tags,
          summary: 'Delete a document and its passages; scenarios that list it no longer find it',
          params: documentParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        await knowledge.store.remove(companyOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/knowledge/documents/from-url',
      {
        schema: {
          operationId: 'fetchKnowledgeDocument',
          tags,
          summary: 'Fetch a page or file once and add it as a document',
          description: `The URL is fetched once, now, through the platform's guarded outbound fetch (public addresses only, redirects checked), within ${URL_FETCH_MS / 1000} s; it is never fetched again (fetch it anew to update it). Its Content-Type must be one of ${DOCUMENT_TYPES.join(', ')}.`,
          body: z.object({
            url: z.url({ protocol: /^https?$/ }).max(2048),
            title: title.optional().describe('Default: the page’s URL'),
          }),
          response: {
            201: document,
            ...adminErrors,
            413: tooLarge,
            415: unsupported,
            422: unreadable,
          },
        },
      },
      async (request, reply) => {
        const companyId = companyOf(request);
        const { url } = request.body;
        let answer;
        try {
          answer = await cappedRequest(deps.outbound, {
            url,
            method: 'GET',
            timeoutMs: URL_FETCH_MS,
            maxBytes: MAX_DOCUMENT_BYTES,
          });
        } catch (error) {
          const reason = WebhookError.isInstance(error)
            ? error.message
            : 'the address could not be reached';
          throw new HttpError(422, `url: ${reason}`);
        }
        if (answer.status < 200 || answer.status > 299)
          throw new HttpError(422, `url: the server answered ${answer.status}`);
        if (answer.truncated)
          throw new HttpError(413, `a document is at most ${MAX_DOCUMENT_BYTES} bytes`);
        const type = documentTypeOf(answer.headers.get('content-type') ?? undefined);
        if (!type)
          throw new HttpError(
            415,
            `the page is ${answer.headers.get('content-type') ?? 'of no type'}, not one of ${DOCUMENT_TYPES.join(', ')}`,
          );
        const stored = await knowledge.add(companyId, {
          title: request.body.title ?? url,
          type,
          bytes: answer.bytes,
          source: 'url',
          source_url: url,
        });
        return reply.status(201).send(await withPreview(stored));
      },
    );

    app.post(
      '/knowledge/search',
      {
        schema: {
          operationId: 'searchKnowledge',
          tags,
          summary: 'What the agent would find for a question',
          description:
            'Hybrid search (words and meaning, fused by reciprocal rank) over the listed documents of the company, or all of them. `relevant` marks the passages the agent would answer from, `answers` those that answer the question by itself.',
          body: z.object({
            query: z.string().trim().min(1).max(1000),
            document_ids: z
              .array(recordId)
              .max(1000)
              .optional()
              .describe('The scope, as a scenario’s knowledge feature lists it; default: all'),
            limit: z.number().int().min(1).max(20).default(5),
          }),
          response: { 200: z.object({ results: z.array(hit) }), ...adminErrors },
        },
      },
      async (request) => {
        const companyId = companyOf(request);
        const documentIds =
          request.body.document_ids ??
          (await knowledge.store.list(companyId, { limit: 100_000, offset: 0 })).map(
            (entry) => entry.id,
          );
        const results = await knowledge.search.search(
          { companyId, documentIds },
          request.body.query,
          request.body.limit,
        );
        return {
          results: results.map((result) => ({
            ...result,
            relevant: result.similarity >= deps.relevanceThreshold,
            answers:
              result.similarity >= deps.relevanceThreshold && result.margin >= deps.answerMargin,
          })),
        };
      },
    );

    // The upload reads its body as bytes of any type: its own scope, with a parser that hands
    // them over whole (up to the size limit, which answers 413 beyond it).
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      scope.post(
        '/knowledge/documents',
        {
          bodyLimit: MAX_DOCUMENT_BYTES,
          schema: {
            operationId: 'uploadKnowledgeDocument',
            tags,
            summary: 'Upload a document (plain text, Markdown, HTML or PDF) under a title',
            description:
              'The body is the file itself; its Content-Type says what it is. HTML is read without its markup, scripts and styles; headings (Markdown `#`, HTML `h1`-`h6`) start new passages.',
            querystring: z.object({ title }),
            consumes: [...DOCUMENT_TYPES],
            body: z.any(),
            documentedBody: {
              content: Object.fromEntries(
                DOCUMENT_TYPES.map((type) => [
                  type,
                  { schema: z.string().describe('The document’s bytes') },
                ]),
              ),
            },
            response: {
              201: document,
              ...adminErrors,
              413: tooLarge,
              415: unsupported,
              422: unreadable,
            },
          },
        },
        async (request, reply) => {
          const type = documentTypeOf(request.headers['content-type']);
          if (!type)
            throw new HttpError(415, `send one of ${DOCUMENT_TYPES.join(', ')} as Content-Type`);
          const body = request.body as Buffer | Readable | undefined;
          const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array();
          const stored = await knowledge.add(companyOf(request), {
            title: request.query.title,
            type,
            bytes,
            source: 'upload',
          });
          return reply.status(201).send(await withPreview(stored));
        },
      );
    });
  };
}
