import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Users } from 'lucide-react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DataTable, type ListColumn } from './data-table';
import type { ListSpec, ListState } from './list-state';
import type { ListPage } from './list-query';
import { useListState } from './use-list-state';

interface Person {
  id: string;
  name: string;
  status: 'active' | 'left';
}

const people: Person[] = Array.from({ length: 53 }, (_, i) => ({
  id: `p${i + 1}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  status: i % 3 === 0 ? 'left' : 'active',
}));

const spec: ListSpec<'status'> = {
  sortable: ['name'],
  defaultSort: { id: 'name', desc: false },
  filters: ['status'],
  pageSize: 25,
};

/** What the data service does for such a list: filter, order, then cut out the page. */
function serve(rows: Person[], state: ListState<'status'>): ListPage<Person> {
  const matching = rows
    .filter((p) => !state.filters.status || p.status === state.filters.status)
    .filter((p) => p.name.toLowerCase().includes(state.search.toLowerCase()))
    .sort((a, b) => a.name.localeCompare(b.name) * (state.sort.desc ? -1 : 1));
  const from = state.page * state.pageSize;
  return { rows: matching.slice(from, from + state.pageSize), total: matching.length };
}

const columns: ListColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortable: true, hideable: false, csv: (p) => p.name },
  { id: 'status', header: 'Status', cell: (p) => p.status },
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function PeopleList({ rows, fail }: { rows: Person[]; fail?: boolean }) {
  const list = useListState(spec);
  const query = useQuery({
    queryKey: ['people', list.state],
    queryFn: async () => {
      if (fail) throw new Error('offline');
      return serve(rows, list.state);
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <>
      <DataTable
        caption="People"
        list={list}
        query={query}
        columns={columns}
        getRowId={(p) => p.id}
        rowName={(p) => p.name}
        empty={{ icon: Users, title: 'No people yet', body: 'Add the first person.' }}
        toolbar={
          <>
            <button type="button" onClick={() => list.setFilters({ status: 'left' })}>
              Only people who left
            </button>
            <button
              type="button"
              onClick={() => {
                // Two changes before the router renders again, as quick clicks can make.
                list.setFilters({ status: '' });
                list.setSearch('Person 1');
              }}
            >
              Everyone with 1
            </button>
          </>
        }
        bulkActions={(selected) => <span>bulk:{selected.map((p) => p.id).join(',')}</span>}
      />
      <Where />
    </>
  );
}

function show(path: string, rows: Person[] = people, fail = false) {
  const router = createMemoryRouter(
    [{ path: '/:lang/people', element: <PeopleList rows={rows} fail={fail} /> }],
    {
      initialEntries: [path],
    },
  );
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
const where = () => screen.getByTestId('where').textContent;

describe('DataTable', () => {
  it('restores page, sort and filter from the address, and back returns to the previous state', async () => {
    const router = show('/en/people?sort=-name&status=active&page=2');
    expect(await screen.findByText('Person 15')).toBeTruthy();
    // 35 active people, last name first; page 2 starts at the 26th.
    expect(names()[0]).toBe('Person 15');
    expect(screen.getByText('26–35 of 35')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('Person 53')).toBeTruthy();
    expect(where()).toBe('?sort=-name&status=active');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Person 15')).toBeTruthy();
    expect(where()).toBe('?sort=-name&status=active&page=2');
  });

  it('shows the last page short, with next disabled, and moves a page past the end to the last one', async () => {
    show('/en/people?page=3');
    expect(await screen.findByText('Person 51')).toBeTruthy();
    expect(names()).toEqual(['Person 51', 'Person 52', 'Person 53']);
    expect(screen.getByText('51–53 of 53')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(true);
    cleanupAndShow('/en/people?page=9');
    expect(await screen.findByText('Person 51')).toBeTruthy();
    expect(where()).toBe('?page=3');
  });

  it('combines sort and filter: sorting keeps the filter and goes back to page 1', async () => {
    show('/en/people?page=2');
    expect(await screen.findByText('Person 26')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Only people who left' }));
    expect(await screen.findByText('Person 01')).toBeTruthy();
    expect(where()).toBe('?status=left');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(names().slice(0, 3)).toEqual(['Person 52', 'Person 49', 'Person 46']));
    expect(where()).toBe('?status=left&sort=-name');
    expect(screen.getByText('18 results')).toBeTruthy();
  });

  it('keeps both of two changes made before the list renders again', async () => {
    const router = show('/en/people?status=left');
    expect(await screen.findByText('Person 01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Everyone with 1' }));
    await waitFor(() => expect(where()).toBe('?q=Person+1'));
    // Persons 10–19, whatever their status.
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()).toContain('Person 11');
    // Back still steps over the filter change; the search replaced its entry.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(where()).toBe('?status=left'));
  });

  it('keeps "nothing here yet", "nothing matches" and "could not load" apart', async () => {
    show('/en/people', []);
    expect(await screen.findByText('No people yet')).toBeTruthy();
    cleanupAndShow('/en/people?q=nobody');
    expect(await screen.findByText('Nothing matches these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Person 01')).toBeTruthy();
    expect(where()).toBe('');
    cleanupAndShow('/da/people', people, true);
    expect(await screen.findByText('Listen kunne ikke hentes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prøv igen' })).toBeTruthy();
  });

  it('selects rows for bulk actions and drops the selection when the filter changes', async () => {
    show('/en/people');
    expect(await screen.findByText('Person 01')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 02' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 03' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(screen.getByText('bulk:p2,p3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Only people who left' }));
    expect(await screen.findByText('Person 04')).toBeTruthy();
    expect(screen.queryByText(/selected/)).toBeNull();
  });
});

function cleanupAndShow(path: string, rows: Person[] = people, fail = false) {
  document.body.innerHTML = '';
  return show(path, rows, fail);
}
