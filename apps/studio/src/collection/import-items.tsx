import { Alert, Button, FileInput, Progress, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';

/** The content type the API reads a file as, from its name. */
export function importContentType(fileName: string): string | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv') return 'text/csv';
  if (extension === 'json') return 'application/json';
  if (extension === 'ndjson' || extension === 'jsonl') return 'application/x-ndjson';
  return undefined;
}

/**
 * Imports items from a CSV, JSON or NDJSON file: the API upserts them by `id` and answers, per
 * failing row, what was wrong; valid rows are imported even when others fail.
 */
export function ImportItems({ collectionId }: { collectionId: number }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const type = file ? importContentType(file.name) : undefined;
  const upload = useMutation({
    mutationFn: async (chosen: File) =>
      unwrap(
        api.POST('/v1/admin/collections/{id}/items/import', {
          params: { path: { id: collectionId } },
          // The file goes as it is, streamed by the API; openapi-fetch would JSON-encode it.
          body: chosen as never,
          bodySerializer: (body: unknown) => body as BodyInit,
          headers: { 'Content-Type': importContentType(chosen.name) ?? 'text/csv' },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['items', collectionId] }),
  });
  return (
    <Stack>
      <FileInput
        label="File"
        description="CSV with a header row and an id column, a JSON array of objects, or NDJSON"
        accept=".csv,.json,.ndjson,.jsonl"
        value={file}
        onChange={(chosen) => {
          upload.reset();
          setFile(chosen);
        }}
        error={file && !type ? 'File: name it .csv, .json or .ndjson' : undefined}
        clearable
      />
      <Button
        disabled={!file || !type}
        loading={upload.isPending}
        onClick={() => file && upload.mutate(file)}
        w="fit-content"
      >
        Import
      </Button>
      {upload.isPending && <Progress value={100} animated striped aria-label="Importing" />}
      {upload.error && (
        <Alert color="red" role="alert" title="Import failed">
          {errorMessage(upload.error)}
        </Alert>
      )}
      {upload.data && (
        <Stack gap="xs">
          <Text>
            {upload.data.imported} imported, {upload.data.failed} failed
          </Text>
          <Progress.Root size="lg" aria-label="Imported and failed rows">
            <Progress.Section
              value={
                (100 * upload.data.imported) /
                Math.max(1, upload.data.imported + upload.data.failed)
              }
              color="green"
            />
            <Progress.Section
              value={
                (100 * upload.data.failed) / Math.max(1, upload.data.imported + upload.data.failed)
              }
              color="red"
            />
          </Progress.Root>
          {upload.data.errors.length > 0 && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Error</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {upload.data.errors.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.error}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Stack>
  );
}
