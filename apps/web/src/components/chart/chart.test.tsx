import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Chart } from './chart';

describe('Chart', () => {
  it('shows its numbers as a table in the page language', () => {
    render(
      <MemoryRouter initialEntries={['/da/x']}>
        <Chart
          title="Nye medlemmer"
          filename="nye-medlemmer"
          kind="bar"
          x={{ key: 'month', label: 'Måned' }}
          series={[
            { key: 'joined', label: 'Indmeldt' },
            { key: 'left', label: 'Udmeldt' },
          ]}
          data={[
            { month: 'jan.', joined: 1204, left: 3 },
            { month: 'feb.', joined: 18, left: 0 },
          ]}
          formatValue={(v) => new Intl.NumberFormat('da-DK').format(v)}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Vis som tabel' }));
    const table = screen.getByRole('table', { name: 'Nye medlemmer' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['MånedIndmeldtUdmeldt', 'jan.1.2043', 'feb.180']);
    expect(screen.getByRole('button', { name: 'Vis som diagram' }).getAttribute('aria-pressed')).toBe('true');
  });
});
