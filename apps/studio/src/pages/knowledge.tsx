import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import type { Answer } from '../api/types';
import { DangerButton } from '../components/danger-button';
import { DataTable } from '../components/data-table';
import { QueryList } from '../components/states';

type KnowledgeDocument = Answer<'/v1/admin/knowledge/documents', 'get'>['documents'][number];

/** Rows asked for per page of documents or passages. */
const PAGE = 50;

/** The content type the API reads an uploaded file as, from its name. */
export function documentContentType(fileName: string): string | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'txt') return 'text/plain';
  if (extension === 'md' || extension === 'markdown') return 'text/markdown';
  if (extension === 'html' || extension === 'htm') return 'text/html';
  if (extension === 'pdf') return 'application/pdf';
  return undefined;
}

/** What an upload or a fetch became: its passages and characters, and the start of its text. */
function Became({ document }: { document: KnowledgeDocument }) {
  return (
    <Paper withBorder p="sm" role="status">
      <Text size="sm" fw={600}>
        {document.title}: added
      </Text>
      <Text size="sm">
        {document.passage_count} {document.passage_count === 1 ? 'passage' : 'passages'},{' '}
        {document.text_chars} characters of text
      </Text>
      <Text size="sm" lineClamp={2}>
        {document.preview}
      </Text>
    </Paper>
  );
}

/** Adds a document: a file uploaded under a title, or a page fetched once from its URL. */
function AddDocument() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileTitle, setFileTitle] = useState('');
  const [url, setUrl] = useState('');
  const [urlTitle, setUrlTitle] = useState('');
  const type = file ? documentContentType(file.name) : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['knowledge-documents'] });
  const upload = useMutation({
    mutationFn: (chosen: File) =>
      unwrap(
        api.POST('/v1/admin/knowledge/documents', {
          params: { query: { title: fileTitle.trim() || chosen.name } },
          // The file goes as it is; openapi-fetch would JSON-encode it.
          body: chosen as never,
          bodySerializer: (body: unknown) => body as BodyInit,
          headers: { 'Content-Type': documentContentType(chosen.name) ?? 'text/plain' },
        }),
      ),
    onSuccess: async () => {
      setFile(null);
      setFileTitle('');
      await refresh();
    },
  });
  const fetchUrl = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/admin/knowledge/documents/from-url', {
          body: { url: url.trim(), ...(urlTitle.trim() ? { title: urlTitle.trim() } : {}) },
        }),
      ),
    onSuccess: async () => {
      setUrl('');
      setUrlTitle('');
      await refresh();
    },
  });
  return (
    <Group align="flex-start" grow>
      <Paper withBorder p="md">
        <Stack
          component="form"
          aria-label="Upload a document"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (file && type) upload.mutate(file);
          }}
        >
          <Title order={3}>Upload a document</Title>
          <FileInput
            label="File"
            description="Plain text, Markdown, HTML or PDF; headings start new passages"
            accept=".txt,.md,.markdown,.html,.htm,.pdf"
            value={file}
            onChange={(chosen) => {
              if (chosen) upload.reset();
              setFile(chosen);
            }}
            error={file && !type ? 'File: name it .txt, .md, .html or .pdf' : undefined}
            clearable
          />
          <TextInput
            label="Title"
            description="Default: the file's name"
            value={fileTitle}
            onChange={(event) => setFileTitle(event.currentTarget.value)}
          />
          <Button
            type="submit"
            disabled={!file || !type}
            loading={upload.isPending}
            w="fit-content"
          >
            Upload
          </Button>
          {upload.error && (
            <Alert color="red" role="alert" title="Upload failed">
              {errorMessage(upload.error)}
            </Alert>
          )}
          {upload.data && <Became document={upload.data} />}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack
          component="form"
          aria-label="Fetch a page"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (url.trim()) fetchUrl.mutate();
          }}
        >
          <Title order={3}>Fetch a page</Title>
          <TextInput
            label="URL"
            description="Fetched once, now; fetch it again to update it"
            placeholder="https://example.com/opening-hours"
            value={url}
            onChange={(event) => {
              fetchUrl.reset();
              setUrl(event.currentTarget.value);
            }}
          />
          <TextInput
            label="Title of the page"
            description="Default: its URL"
            value={urlTitle}
            onChange={(event) => setUrlTitle(event.currentTarget.value)}
          />
          <Button type="submit" disabled={!url.trim()} loading={fetchUrl.isPending} w="fit-content">
            Fetch
          </Button>
          {fetchUrl.error && (
            <Alert color="red" role="alert" title="Fetch failed">
              {errorMessage(fetchUrl.error)}
            </Alert>
          )}
          {fetchUrl.data && <Became document={fetchUrl.data} />}
        </Stack>
      </Paper>
    </Group>
  );
}

/** The passages a document was split into, in order, page by page. */
function Passages({ document }: { document: KnowledgeDocument }) {
  const passages = useInfiniteQuery({
    queryKey: ['knowledge-passages', document.id],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/v1/admin/knowledge/documents/{id}/passages', {
          params: { path: { id: document.id }, query: { limit: PAGE, offset: pageParam } },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset ?? undefined,
  });
  return (
    <QueryList
      what="passages"
      query={passages}
      rows={(data) => data.pages.flatMap((page) => page.passages)}
      empty={{ title: 'No passages' }}
      more={{ label: 'More passages', query: passages }}
    >
      {(rows) => (
        <Stack gap="sm">
          {rows.map((passage) => (
            <Paper key={passage.id} withBorder p="sm" component="section">
              <Text size="sm" fw={600}>
                {passage.position + 1}. {passage.heading ?? 'No heading'}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {passage.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </QueryList>
  );
}

/** The company's documents, page by page, with what each upload became. */
function Documents() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<KnowledgeDocument>();
  const documents = useInfiniteQuery({
    queryKey: ['knowledge-documents'],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/v1/admin/knowledge/documents', {
          params: { query: { limit: PAGE, offset: pageParam } },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset ?? undefined,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/v1/admin/knowledge/documents/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['knowledge-documents'] }),
  });
  return (
    <>
      {remove.error && (
        <Alert color="red" role="alert" title="Delete failed">
          {errorMessage(remove.error)}
        </Alert>
      )}
      <QueryList
        what="documents"
        query={documents}
        rows={(data) => data.pages.flatMap((page) => page.documents)}
        empty={{
          title: 'No documents yet',
          text: 'Upload the business’s documents (opening hours, prices, policies) or fetch a page: the agent answers from their passages.',
        }}
        more={{ label: 'More documents', query: documents }}
      >
        {(rows) => (
          <DataTable
            striped
            highlightOnHover
            rows={rows}
            rowKey={(document) => document.id}
            columns={[
              {
                header: 'Title',
                cell: (document) => (
                  <Button variant="subtle" size="compact-sm" onClick={() => setOpen(document)}>
                    {document.title}
                  </Button>
                ),
              },
              {
                header: 'From',
                cell: (document) =>
                  document.source === 'url' ? (document.source_url ?? 'URL') : 'Upload',
              },
              { header: 'Type', cell: (document) => document.content_type },
              { header: 'Passages', cell: (document) => document.passage_count },
              { header: 'Characters', cell: (document) => document.text_chars },
              {
                header: 'Preview',
                cell: (document) => (
                  <Text size="sm" lineClamp={2}>
                    {document.preview}
                  </Text>
                ),
              },
              {
                header: 'Actions',
                cell: (document) => (
                  <DangerButton
                    aria-label={`Delete ${document.title}`}
                    loading={remove.isPending && remove.variables === document.id}
                    onClick={() => {
                      if (window.confirm(`Delete the document "${document.title}"?`))
                        remove.mutate(document.id);
                    }}
                  >
                    Delete
                  </DangerButton>
                ),
              },
            ]}
          />
        )}
      </QueryList>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={open !== undefined}
        onClose={() => setOpen(undefined)}
        title={open ? `Passages of ${open.title}` : ''}
        size="xl"
      >
        {open && <Passages document={open} />}
      </Modal>
    </>
  );
}

/** The "what would the agent find" box: a question, and the passages the agent's search gives. */
function WhatWouldTheAgentFind() {
  const [question, setQuestion] = useState('');
  const search = useMutation({
    mutationFn: (query: string) =>
      unwrap(api.POST('/v1/admin/knowledge/search', { body: { query, limit: 5 } })),
  });
  return (
    <Paper withBorder p="md">
      <Stack
        component="form"
        aria-label="What would the agent find"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (question.trim()) search.mutate(question.trim());
        }}
      >
        <Title order={3}>What would the agent find</Title>
        <Group align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label="Question"
            description="Asked as a caller would. The agent reads out the first passage if it answers, says it is only the closest it has if it is near, and says it does not know if none is relevant"
            placeholder="e.g. can I come in on Saturday?"
            value={question}
            onChange={(event) => setQuestion(event.currentTarget.value)}
          />
          <Button type="submit" disabled={!question.trim()} loading={search.isPending}>
            Search
          </Button>
        </Group>
        {search.error && (
          <Alert color="red" role="alert" title="Search failed">
            {errorMessage(search.error)}
          </Alert>
        )}
        {search.data && search.data.results.length === 0 && (
          <Text>Nothing found: the agent would say it does not know.</Text>
        )}
        {search.data && search.data.results.length > 0 && (
          <DataTable
            rows={search.data.results}
            rowKey={(hit) => hit.passage_id}
            columns={[
              {
                header: 'Document',
                cell: (hit) => (
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {hit.document_title}
                    </Text>
                    {hit.heading && <Text size="sm">{hit.heading}</Text>}
                  </Stack>
                ),
              },
              {
                header: 'Passage',
                cell: (hit) => (
                  <Text size="sm" lineClamp={3}>
                    {hit.text}
                  </Text>
                ),
              },
              { header: 'Similarity', cell: (hit) => hit.similarity.toFixed(2) },
              { header: 'Score', cell: (hit) => hit.score.toFixed(3) },
              {
                header: 'Agent',
                cell: (hit) =>
                  hit.answers ? (
                    <Badge color="teal.9">Answers</Badge>
                  ) : hit.relevant ? (
                    <Badge color="orange.9">Near</Badge>
                  ) : (
                    <Badge color="gray.8">Not relevant</Badge>
                  ),
              },
            ]}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The company's knowledge base: its documents, their passages, and what the agent would find. */
function KnowledgePage() {
  return (
    <Stack>
      <Title order={2}>Knowledge</Title>
      <Text c="dimmed">
        Documents the agent answers from when a scenario has the knowledge feature. Each is split
        into passages; the agent finds them by meaning and by words.
      </Text>
      <WhatWouldTheAgentFind />
      <AddDocument />
      <Title order={3}>Documents</Title>
      <Documents />
    </Stack>
  );
}

/** The knowledge page's lazily loaded part. */
export const Route = createLazyRoute('/_studio/knowledge')({ component: KnowledgePage });
