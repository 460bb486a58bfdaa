import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../knowledge/index.js';
import { FOREIGN_ADMIN } from '../../test-fixtures.js';
import { adminCaller, adminToken, describeOnBothDialects } from '../../test-harness.js';

/** A one-page PDF whose page shows `lines` in Helvetica. */
function pdfOf(lines: string[]): Buffer {
  const content = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${line}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = out.length;
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const HOURS_PAGE = `<!doctype html><html><head><title>Hours</title><style>body{color:red}</style>
<script>var tracking = "do not index me";</script></head><body><nav>Home | Contact</nav>
<h1>Opening hours</h1><p>The clinic is open Monday to Friday from 8:00 to 18:30.</p>
<h2>Weekends</h2><p>On Saturday we open from 9:00 to 13:00 and we are closed on Sundays.</p>
</body></html>`;

// A company's documents become passages searched by words and meaning, scoped to the company and
// to the documents asked for; what each upload became is visible. On SQLite and PostgreSQL.
describeOnBothDialects(
  'the knowledge base',
  (harness) => {
    const call = adminCaller(() => harness().app);
    const upload = async (
      token: string,
      title: string,
      type: string,
      body: string | Buffer,
    ): Promise<{ status: number; body: Record<string, unknown> }> => {
      const response = await harness().app.inject({
        method: 'POST',
        url: `/v1/admin/knowledge/documents?title=${encodeURIComponent(title)}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        payload: body,
      });
      return { status: response.statusCode, body: response.json() };
    };
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url === '/hours.html') {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(HOURS_PAGE);
        } else if (request.url === '/logo.png') {
          response.writeHead(200, { 'content-type': 'image/png' });
          response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        } else {
          response.writeHead(404);
          response.end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('splits a Markdown document at its headings and shows what it became', async () => {
      const token = await adminToken(harness().app);
      const markdown = [
        '# Prescriptions',
        'Repeat prescriptions can be ordered through the **portal**. Allow two working days.',
        '',
        '## Charges',
        'Each item costs 9.90 pounds unless you are exempt. Children under 16 pay nothing.',
      ].join('\n');
      const created = await upload(token, 'Prescriptions', 'text/markdown', markdown);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        title: 'Prescriptions',
        source: 'upload',
        content_type: 'text/markdown',
        passage_count: 2,
        preview: 'Repeat prescriptions can be ordered through the portal. Allow two working days.',
      });
      const passages = await call('GET', `/knowledge/documents/${created.body.id}/passages`, token);
      expect(passages.status).toBe(200);
      expect(passages.body.passages).toMatchObject([
        { position: 0, heading: 'Prescriptions' },
        {
          position: 1,
          heading: 'Charges',
          text: 'Each item costs 9.90 pounds unless you are exempt. Children under 16 pay nothing.',
        },
      ]);
      const page = await call('GET', '/knowledge/documents?limit=1', token);
      expect(page.body.documents).toHaveLength(1);
      expect(page.body.next_offset).toBe(page.body.documents[0].id === created.body.id ? null : 1);
    });

    it('reads HTML without its scripts, styles or markup, and PDF through its text', async () => {
      const token = await adminToken(harness().app);
      const html = await upload(token, 'Hours page', 'text/html', HOURS_PAGE);
      expect(html.status).toBe(201);
      const passages = await call('GET', `/knowledge/documents/${html.body.id}/passages`, token);
      const texts = (passages.body.passages as { heading: string; text: string }[]).map(
        (passage) => `${passage.heading}: ${passage.text}`,
      );
      expect(texts).toEqual([
        'Opening hours: The clinic is open Monday to Friday from 8:00 to 18:30.',
        'Weekends: On Saturday we open from 9:00 to 13:00 and we are closed on Sundays.',
      ]);
      expect(JSON.stringify(passages.body)).not.toMatch(/tracking|color|<p>/);

      const pdf = await upload(
        token,
        'Parking',
        'application/pdf',
        pdfOf(['Parking', 'Patients park free of charge for two hours behind the building.']),
      );
      expect(pdf.status).toBe(201);
      expect(pdf.body.preview).toContain('Patients park free of charge for two hours');
    });

    it('answers 415 for another type, 413 over the size limit and 422 when no text is in it', async () => {
      const token = await adminToken(harness().app);
      expect((await upload(token, 'Logo', 'image/png', Buffer.from([0x89, 0x50]))).status).toBe(
        415,
      );
      const large = await upload(token, 'Large', 'text/plain', 'a'.repeat(MAX_DOCUMENT_BYTES + 1));
      expect(large.status).toBe(413);
      const blank = await upload(token, 'Blank', 'text/plain', '   \n\n ');
      expect(blank).toMatchObject({ status: 422, body: { error: 'the document holds no text' } });
      const broken = await upload(token, 'Broken', 'application/pdf', Buffer.from('%PDF-1.4 no'));
      expect(broken.status).toBe(422);
    });

    it('finds a passage asked in other words, only in the documents asked for and only the company’s own', async () => {
      const token = await adminToken(harness().app);
      const hours = await upload(
        token,
        'Opening hours',
        'text/plain',
        'The clinic is open Monday to Friday from 8:00 to 18:30 and on Saturday from 9:00 to 13:00.',
      );
      const parking = await upload(
        token,
        'Parking',
        'text/plain',
        'Patients can park free of charge for up to two hours in the car park behind the building.',
      );
      const question = { query: 'What time do you close on weekdays?', limit: 1 };
      const found = await call('POST', '/knowledge/search', token, {
        ...question,
        document_ids: [parking.body.id, hours.body.id],
      });
      expect(found.status).toBe(200);
      expect(found.body.results[0]).toMatchObject({
        document_id: hours.body.id,
        document_title: 'Opening hours',
        relevant: true,
        answers: true,
      });
      const scoped = await call('POST', '/knowledge/search', token, {
        ...question,
        document_ids: [parking.body.id],
      });
      expect(scoped.body.results.map((hit: { document_id: number }) => hit.document_id)).toEqual([
        parking.body.id,
      ]);

      const foreign = await adminToken(harness().app, FOREIGN_ADMIN.email);
      const theirs = await call('POST', '/knowledge/search', foreign, {
        ...question,
        document_ids: [hours.body.id],
      });
      expect(theirs.body.results).toEqual([]);
      expect(
        (await call('GET', `/knowledge/documents/${hours.body.id}/passages`, foreign)).status,
      ).toBe(404);
      expect((await call('DELETE', `/knowledge/documents/${hours.body.id}`, foreign)).status).toBe(
        404,
      );

      expect((await call('DELETE', `/knowledge/documents/${hours.body.id}`, token)).status).toBe(
        204,
      );
      const after = await call('POST', '/knowledge/search', token, {
        ...question,
        document_ids: [hours.body.id, parking.body.id],
      });
      expect(after.body.results.map((hit: { document_id: number }) => hit.document_id)).toEqual([
        parking.body.id,
      ]);
      expect((await call('GET', `/knowledge/documents/${hours.body.id}`, token)).status).toBe(404);
    });

    it('fetches a URL once through the outbound fetch, and refuses what is not a document', async () => {
      const token = await adminToken(harness().app);
      const fetched = await call('POST', '/knowledge/documents/from-url', token, {
        url: `${origin}/hours.html`,
        title: 'Hours from the website',
      });
      expect(fetched.status).toBe(201);
      expect(fetched.body).toMatchObject({
        source: 'url',
        source_url: `${origin}/hours.html`,
        content_type: 'text/html',
        passage_count: 2,
      });
      expect(
        (await call('POST', '/knowledge/documents/from-url', token, { url: `${origin}/logo.png` }))
          .status,
      ).toBe(415);
      const missing = await call('POST', '/knowledge/documents/from-url', token, {
        url: `${origin}/gone`,
      });
      expect(missing).toMatchObject({
        status: 422,
        body: { error: 'url: the server answered 404' },
      });
    });
  },
  // The test's own page server listens on loopback, which the guarded fetch refuses otherwise.
  { webhookOutbound: { allowAddress: () => true } },
);
