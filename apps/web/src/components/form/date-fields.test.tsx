// An unreadable date or time keeps what the user typed and says what is wrong with it.
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DateField, DateTimeField, dateTimeValue, dateValue } from './date-fields';
import { Form } from './form';
import { useAppForm } from './use-app-form';

const schema = z.object({ born: dateValue, starts: dateTimeValue });

function EventForm() {
  const form = useAppForm({ schema, defaultValues: { born: '', starts: '2027-03-01T18:00' } });
  return (
    <Form form={form} onSubmit={() => undefined}>
      <DateField name="born" label="Fødselsdato" />
      <DateTimeField name="starts" label="Start" />
      <button type="submit">Gem</button>
    </Form>
  );
}

function show(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <EventForm />
    </MemoryRouter>,
  );
}

function type(label: string, text: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return input;
}

describe('date fields with text that is not a date', () => {
  it('keep the typed text and name the month that is too short, in Danish', async () => {
    show('/da/x');
    const born = type('Fødselsdato', '31.02.2010');
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Der er 28 dage i februar 2010: tjek dagen.')).toBeTruthy();
    expect(born.value).toBe('31.02.2010');
    type('Fødselsdato', '29.02.2024');
    expect(born.value).toBe('29.02.2024');
  });

  it('say in English how to write a date, that there is no 13th month, and how to write a time', async () => {
    show('/en/x');
    const born = type('Start', '12/13/2027');
    const time = type('Time', '25:99');
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('A year has 12 months: check the month.')).toBeTruthy();
    expect(born.value).toBe('12/13/2027');
    expect(time.value).toBe('25:99');
    type('Start', '01/03/2027');
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Enter a time as 18:30.')).toBeTruthy();
    expect(time.value).toBe('25:99');
    type('Fødselsdato', 'yesterday');
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Enter a date as 24/12/2026.')).toBeTruthy();
    expect((screen.getByLabelText('Fødselsdato') as HTMLInputElement).value).toBe('yesterday');
  });
});
