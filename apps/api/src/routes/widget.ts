import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Publications } from '../publications.js';
import { widgetSnippet } from './admin/embed.js';

/** What the widget routes need. */
export interface WidgetRouteDeps {
  /** The built widget (`@svc/widget/assets`' `widgetDistDir`): one folder per version. */
  dir: string;
  publications: Publications;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
/** The loader keeps its name across releases of a version, so caches must ask again soon. */
const LOADER_CACHE = 'public, max-age=300';
/** Chunks are named by their content hash: a new build is a new name. */
const CHUNK_CACHE = 'public, max-age=31536000, immutable';
/** Files named by their role, not their content, within a version folder. */
const UNHASHED = new Set(['widget.js', 'manifest.json']);

const error = (description: string) => z.object({ error: z.string() }).describe(description);
const version = z
  .string()
  .regex(/^v\d{1,3}$/, 'a version folder: v1, v2, ...')
  .describe('The widget version folder, `v1`');

/**
 * The widget, served to any page: `GET /widget/{version}/{file}` answers the built files (the
 * loader `widget.js`, its hashed chunks) with CORS and CORP open to every origin, and
 * `GET /widget/{version}/embed.html?publication=` a page that holds nothing but the one-tag
 * snippet, for trying a publication as a visitor would.
 */
export function widgetRoutes(deps: WidgetRouteDeps): FastifyPluginAsyncZod {
  const root = resolve(deps.dir);
  const tags = ['widget'];
  const crossOrigin = {
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
    'x-content-type-options': 'nosniff',
  };
  return async (app) => {
    app.get(
      '/widget/:version/embed.html',
      {
        schema: {
          operationId: 'widgetEmbedPage',
          tags,
          security: [],
          summary: 'A page with nothing but the one-tag snippet of a publication',
          description:
            'The snippet the publish response gives as `embed.html`, in an otherwise empty HTML page, for trying the widget as a visitor meets it.',
          params: z.object({ version }),
          querystring: z.object({ publication: z.uuid().describe('The publication UUID') }),
          response: {
            200: {
              description: 'The page',
              content: { 'text/html': { schema: z.string().describe('HTML') } },
            },
            400: error('The publication is missing or not a UUID, or the version is malformed'),
            404: error('No such publication (or it was unpublished), or no such widget version'),
          },
        },
      },
      async (request, reply) => {
        const { version: folder } = request.params;
        if (!(await isFile(resolve(root, folder, 'widget.js'))))
          return reply.status(404).send({ error: `no widget version ${folder}` });
        await deps.publications.live(request.query.publication);
        const api = `${request.protocol}://${request.host}`;
        const snippet = widgetSnippet(api, request.query.publication).replace(
          `/widget/v1/`,
          `/widget/${folder}/`,
        );
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Svc widget</title>\n</head>\n<body>\n${snippet}\n</body>\n</html>\n`,
          );
      },
    );

    app.get(
      '/widget/:version/*',
      {
        schema: {
          operationId: 'widgetFile',
          tags,
          security: [],
          summary: 'A file of the widget: the loader widget.js or one of its chunks',
          description: `\`widget.js\` (the classic-script loader: \`Cache-Control: ${LOADER_CACHE}\`) and the files it loads, named by content hash (\`${CHUNK_CACHE}\`). Every answer carries \`Access-Control-Allow-Origin: *\` and \`Cross-Origin-Resource-Policy: cross-origin\`, since any site may embed the widget.`,
          params: z.object({
            version,
            '*': z.string().min(1).max(200).describe('The file, e.g. `widget.js`, `chunks/…js`'),
          }),
          response: {
            200: {
              description: 'The file (JavaScript, CSS or JSON)',
              content: {
                'text/javascript': { schema: z.string().describe('JavaScript') },
                'text/css': { schema: z.string().describe('CSS') },
                'application/json': { schema: z.string().describe('The build manifest') },
              },
            },
            400: error('The version is malformed'),
            404: error('No such file (or the widget is not built on this server)'),
          },
        },
      },
      async (request, reply) => {
        const { version: folder, '*': name } = request.params;
        reply.headers(crossOrigin);
        const notFound = () =>
          reply.status(404).send({ error: `no widget file ${folder}/${name}` });
        const type = CONTENT_TYPES[extname(name)];
        if (!type || name.includes('\0') || name.includes('\\')) return notFound();
        const base = resolve(root, folder);
        const file = resolve(base, name);
        // Nothing outside the version's folder, whatever the path says (`..`, encoded or not).
        if (!file.startsWith(`${base}${sep}`) || !(await isFile(file))) return notFound();
        return (
          reply
            .header('content-type', type)
            .header('cache-control', UNHASHED.has(name) ? LOADER_CACHE : CHUNK_CACHE)
            // The schema documents the body as a string; the bytes stream from the file.
            .send(createReadStream(file) as unknown as string)
        );
      },
    );
  };
}

function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (found) => found.isFile(),
    () => false,
  );
}
