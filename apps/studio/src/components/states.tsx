import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';

/** What a page shows while its data loads. */
export function Loading({ what }: { what: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">Loading {what}...</Text>
      </Group>
    </Center>
  );
}

/** What a page shows when its data could not be loaded, with a way to try again. */
export function ErrorState({
  what,
  error,
  retry,
}: {
  what: string;
  error: unknown;
  retry?: () => void;
}) {
  return (
    <Alert color="red" title={`Could not load ${what}`} role="alert">
      <Text size="sm">{errorMessage(error)}</Text>
      {retry && (
        <Button mt="sm" size="xs" variant="light" color="red" onClick={retry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}

/** What a list shows when it has nothing yet, and what to do about it. */
export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Alert color="gray" title={title}>
      {children}
    </Alert>
  );
}

/** A query's three states before its data: loading, error (with retry), or the content. */
export function QueryView<Data>({
  what,
  query,
  children,
}: {
  what: string;
  query: { data: Data | undefined; error: unknown; isPending: boolean; refetch(): unknown };
  children(data: Data): ReactNode;
}) {
  if (query.error)
    return <ErrorState what={what} error={query.error} retry={() => void query.refetch()} />;
  if (query.isPending || query.data === undefined) return <Loading what={what} />;
  return <>{children(query.data)}</>;
}
