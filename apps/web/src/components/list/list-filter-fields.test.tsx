// The invoice and order lists' day range is the kit's date input: Danish days on Danish pages
// (the browser's own field showed mm/dd/yyyy), and the typed day lands in the address.
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ListDayRangeFilter } from './list-filter-fields';
import type { ListSpec } from './list-state';
import { useListState } from './use-list-state';

const spec: ListSpec<'from' | 'to'> = {
  sortable: ['issued_on'],
  defaultSort: { id: 'issued_on', desc: true },
  filters: ['from', 'to'],
  pageSize: 25,
};

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function Range() {
  const list = useListState(spec);
  return <ListDayRangeFilter list={list} from="from" to="to" fromLabel="Fra" toLabel="Til" />;
}

describe('the day range filter', () => {
  it('shows and takes days the Danish way, and leaves an unreadable day out of the address', () => {
    render(
      <MemoryRouter initialEntries={['/da/demo/billing/invoices?from=2026-12-01']}>
        <Range />
        <Where />
      </MemoryRouter>,
    );
    const from = screen.getByLabelText('Fra') as HTMLInputElement;
    expect(from.type).toBe('text');
    expect(from.value).toBe('01.12.2026');
    const to = screen.getByLabelText('Til') as HTMLInputElement;
    fireEvent.change(to, { target: { value: '24.12.2026' } });
    fireEvent.blur(to);
    expect(screen.getByTestId('where').textContent).toContain('to=2026-12-24');
    fireEvent.change(to, { target: { value: '31.02.2026' } });
    fireEvent.blur(to);
    expect(screen.getByTestId('where').textContent).toContain('to=2026-12-24');
    expect(to.value).toBe('31.02.2026');
  });
});
