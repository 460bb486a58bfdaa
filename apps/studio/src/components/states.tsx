import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
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
  query: QueryState<Data>;
  children(data: Data): ReactNode;
}) {
  if (query.error)
    return <ErrorState what={what} error={query.error} retry={() => void query.refetch()} />;
  if (query.isPending || query.data === undefined) return <Loading what={what} />;
  return <>{children(query.data)}</>;
}

/** The query states {@link QueryView} and {@link QueryList} read. */
interface QueryState<Data> {
  data: Data | undefined;
  error: unknown;
  isPending: boolean;
  refetch(): unknown;
}

/** A paged query's next page, for the "More" button under a {@link QueryList}. */
export interface MoreRows {
  /** The button's words, e.g. "More items". */
  label: string;
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown };
}

/**
 * A list from a query, laid out as every list page has it: loading, error (with retry), the
 * {@link Empty} state with what to do when it has no rows, else the rows as `children` draws
 * them, with a button for the next page under them when the query is paged.
 */
export function QueryList<Data, Row>({
  what,
  query,
  rows,
  empty,
  more,
  children,
}: {
  what: string;
  query: QueryState<Data>;
  /** The rows in the query's data. */
  rows(data: Data): readonly Row[];
  /** What the list shows with no rows: a title and what to do about it. */
  empty: { title: string; text?: ReactNode };
  more?: MoreRows | undefined;
  children(rows: readonly Row[], data: Data): ReactNode;
}) {
  return (
    <QueryView what={what} query={query}>
      {(data) => {
        const list = rows(data);
        if (list.length === 0) return <Empty title={empty.title}>{empty.text}</Empty>;
        if (!more) return children(list, data);
        return (
          <Stack>
            {children(list, data)}
            {more.query.hasNextPage && (
              <Button
                variant="default"
                w="fit-content"
                loading={more.query.isFetchingNextPage}
                onClick={() => void more.query.fetchNextPage()}
              >
                {more.label}
              </Button>
            )}
          </Stack>
        );
      }}
    </QueryView>
  );
}
