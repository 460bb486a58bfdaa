// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryList } from './states';

// The list layout every list page shares: which of loading, error, empty or rows it shows.
afterEach(cleanup);

type Data = { names: string[] };
const query = (state: Partial<{ data: Data; error: unknown; isPending: boolean }>) => ({
  data: undefined,
  error: null,
  isPending: false,
  refetch: vi.fn(),
  ...state,
});

function show(
  state: ReturnType<typeof query>,
  more?: Parameters<typeof QueryList<Data, string>>[0]['more'],
) {
  render(
    <MantineProvider>
      <QueryList
        what="names"
        query={state}
        rows={(data) => data.names}
        empty={{ title: 'No names yet', text: 'Add one.' }}
        more={more}
      >
        {(rows) => (
          <ul>
            {rows.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </QueryList>
    </MantineProvider>,
  );
}

describe('QueryList', () => {
  it('says it is loading while the query is pending', () => {
    show(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toContain('Loading names...');
  });

  it('shows the error with a retry that refetches', () => {
    const failed = query({ error: new Error('offline') });
    show(failed);
    expect(screen.getByRole('alert').textContent).toContain('Could not load names');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state with what to do when there are no rows', () => {
    show(query({ data: { names: [] } }));
    expect(screen.getByText('No names yet')).toBeTruthy();
    expect(screen.getByText('Add one.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('draws the rows, and a button for the next page only while there is one', () => {
    const fetchNextPage = vi.fn();
    show(query({ data: { names: ['Ada', 'Bo'] } }), {
      label: 'More names',
      query: { hasNextPage: true, isFetchingNextPage: false, fetchNextPage },
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ada', 'Bo']);
    fireEvent.click(screen.getByRole('button', { name: 'More names' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
    cleanup();
    show(query({ data: { names: ['Ada'] } }), {
      label: 'More names',
      query: { hasNextPage: false, isFetchingNextPage: false, fetchNextPage },
    });
    expect(screen.queryByRole('button', { name: 'More names' })).toBeNull();
  });
});
