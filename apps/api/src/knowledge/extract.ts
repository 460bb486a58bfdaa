// The text of an uploaded document, by its type: plain text and Markdown as written, HTML without
// its markup, scripts and styles, PDF through pdf.js (unpdf). Headings are kept as Markdown `#`
// lines, so the splitter can cut passages at them whatever the source.
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { HttpError } from '../errors.js';

/** The types a document may be uploaded as. */
export const DOCUMENT_TYPES = [
  'text/plain',
  'text/markdown',
  'text/html',
  'application/pdf',
] as const;

/** One of {@link DOCUMENT_TYPES}. */
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The document type a `Content-Type` header names (parameters ignored), or undefined. */
export function documentTypeOf(contentType: string | undefined): DocumentType | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/x-markdown') return 'text/markdown';
  return DOCUMENT_TYPES.find((known) => known === type);
}

/** The text of a document's bytes; 422 when none can be read from them. */
export async function extractText(bytes: Uint8Array, type: DocumentType): Promise<string> {
  const text = await readText(bytes, type);
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (!trimmed) throw new HttpError(422, 'the document holds no text');
  return trimmed;
}

async function readText(bytes: Uint8Array, type: DocumentType): Promise<string> {
  if (type === 'application/pdf') return pdfText(bytes);
  const decoded = decodeUtf8(bytes);
  if (type === 'text/html') return htmlText(decoded);
  if (type === 'text/markdown') return markdownText(decoded);
  return decoded;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(422, 'the document is not UTF-8 text');
  }
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  // Loaded on first use: pdf.js is large and most documents are text.
  const { extractText: extractPdf, getDocumentProxy } = await import('unpdf');
  try {
    // pdf.js takes ownership of the buffer it reads: give it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractPdf(pdf, { mergePages: false });
    return text.join('\n\n');
  } catch (error) {
    throw new HttpError(
      422,
      `the PDF cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Markdown kept as text, its links reduced to their words and its emphasis marks dropped. */
function markdownText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n([\s\S]*?)```/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^(#{1,6})\s+(.*?)\s*#*\s*$/gm, '$1 $2');
}

type Node = DefaultTreeAdapterMap['node'];

/** Elements whose content is not the page's text: code, styles, and the site's menus. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'head',
  'iframe',
  'nav',
]);

/** Elements that end a line of text. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'li',
  'ul',
  'ol',
  'table',
  'tr',
  'br',
  'hr',
  'blockquote',
  'pre',
  'dd',
  'dt',
  'dl',
  'figure',
  'figcaption',
  'form',
]);

/** The readable text of an HTML page: headings as `#` lines, blocks as paragraphs. */
function htmlText(html: string): string {
  const out: string[] = [];
  const visit = (node: Node): void => {
    if (node.nodeName === '#text' && 'value' in node) {
      out.push(node.value.replace(/\s+/g, ' '));
      return;
    }
    if (DROPPED.has(node.nodeName)) return;
    const heading = /^h([1-6])$/.exec(node.nodeName);
    if (heading) out.push(`\n\n${'#'.repeat(Number(heading[1]))} `);
    else if (BLOCKS.has(node.nodeName)) out.push('\n\n');
    const children =
      'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
    for (const child of children) visit(child);
    if (heading || BLOCKS.has(node.nodeName)) out.push('\n\n');
  };
  visit(parse(html));
  return out
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
