import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DateInput } from './date-input';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput aria-label="Dato" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function show(path: string, initial: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Harness initial={initial} />
    </MemoryRouter>,
  );
  return screen.getByLabelText('Dato') as HTMLInputElement;
}

describe('DateInput', () => {
  it('shows and reads dates in the page language, whatever the browser says', () => {
    expect(navigator.language.startsWith('en')).toBe(true);
    const input = show('/da/x', '2026-12-24');
    expect(input.value).toBe('24.12.2026');
    fireEvent.change(input, { target: { value: '1.2.27' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('value').textContent).toBe('2027-02-01');
    fireEvent.change(input, { target: { value: '31.02.2027' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('value').textContent).toBe('invalid-day-2027-02');
    expect(input.value).toBe('31.02.2027');
  });

  it('opens a calendar with Danish month and weekday names, weeks from Monday, and picks a day', async () => {
    show('/da/x', '2026-12-24');
    fireEvent.click(screen.getByRole('button', { name: 'Vælg en dato' }));
    const grid = await screen.findByRole('grid');
    expect(grid.getAttribute('aria-label')).toMatch(/december 2026/i);
    const weekdays = [...grid.querySelectorAll('thead th')].map((h) => h.getAttribute('aria-label'));
    expect(weekdays).toEqual(['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag']);
    fireEvent.click(screen.getByRole('button', { name: /31\. december 2026/i }));
    expect(screen.getByTestId('value').textContent).toBe('2026-12-31');
    expect((screen.getByLabelText('Dato') as HTMLInputElement).value).toBe('31.12.2026');
  });

  it('writes English (British) dates day first with slashes', () => {
    const input = show('/en/x', '2026-12-24');
    expect(input.value).toBe('24/12/2026');
  });
});
