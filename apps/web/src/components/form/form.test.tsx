import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form, FormErrorSummary, TextField } from './form';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useAppForm } from './use-app-form';

const schema = z.object({
  name: z.string().trim().min(1).max(40),
  email: z.email(),
  town: z.string().min(1, 'errors.townNeeded'),
});

const areaWords: Record<string, string> = { 'errors.townNeeded': 'Skriv byen' };

function MemberForm({ save }: { save: (values: z.output<typeof schema>) => Promise<void> }) {
  const form = useAppForm({ schema, defaultValues: { name: '', email: '', town: '' } });
  const navigate = useNavigate();
  return (
    <>
      <Form
        form={form}
        translate={(key) => areaWords[key] ?? key}
        onSubmit={async (values) => {
          await save(values);
          await navigate('/da/saved');
        }}
      >
        <FormErrorSummary />
        <TextField name="name" label="Navn" help="Som i medlemslisten" />
        <TextField name="email" label="E-mail" type="email" />
        <TextField name="town" label="By" />
        <button type="submit">Gem</button>
      </Form>
      <UnsavedChangesGuard when={form.formState.isDirty} what="Ane Hansen" saving={form.saving} />
      <Link to="/da/elsewhere">Væk</Link>
    </>
  );
}

function show(save: (values: z.output<typeof schema>) => Promise<void> = async () => undefined) {
  const router = createMemoryRouter(
    [
      { path: '/da/form', element: <MemberForm save={save} /> },
      { path: '/da/saved', element: <p>Gemt side</p> },
      { path: '/da/elsewhere', element: <p>Anden side</p> },
    ],
    { initialEntries: ['/da/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('forms', () => {
  it('says what is wrong in Danish, under each field, and focuses the first error', async () => {
    show();
    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'ane@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Nogle felter skal rettes: Navn, E-mail, By.')).toBeTruthy();
    const name = screen.getByLabelText('Navn');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Udfyld feltet.').id).toBe(name.getAttribute('aria-describedby'));
    expect(screen.getByText('Skriv en e-mailadresse som navn@eksempel.dk.')).toBeTruthy();
    expect(screen.getByText('Skriv byen')).toBeTruthy();
  });

  it('puts a database error on its field and keeps the values', async () => {
    show(async () => {
      throw {
        code: '23505',
        message: 'duplicate key value violates unique constraint "members_community_id_email_key"',
        details: 'Key (community_id, email)=(c1, ane@example.dk) already exists.',
      };
    });
    fireEvent.input(screen.getByLabelText('Navn'), { target: { value: 'Ane Hansen' } });
    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'ane@example.dk' } });
    fireEvent.input(screen.getByLabelText('By'), { target: { value: 'Køge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Værdien er allerede brugt. Vælg en anden.')).toBeTruthy();
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(email.value).toBe('ane@example.dk');
  });

  it('shows an error that belongs to no field above the form', async () => {
    show(async () => {
      throw { code: '42501', message: 'permission denied for table members' };
    });
    fireEvent.input(screen.getByLabelText('Navn'), { target: { value: 'Ane' } });
    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'ane@example.dk' } });
    fireEvent.input(screen.getByLabelText('By'), { target: { value: 'Køge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Du har ikke adgang til at gemme dette. Bed en administrator om adgang.',
    );
  });

  it('asks before leaving unsaved changes, stays or leaves, and lets a save navigate', async () => {
    const router = show();
    fireEvent.click(screen.getByRole('link', { name: 'Væk' }));
    expect(await screen.findByText('Anden side')).toBeTruthy();

    await act(() => router.navigate('/da/form'));
    fireEvent.input(screen.getByLabelText('Navn'), { target: { value: 'Ane Hansen' } });
    fireEvent.click(screen.getByRole('link', { name: 'Væk' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Gå uden at gemme?' });
    expect(dialog.textContent).toContain('Dine ændringer af Ane Hansen er ikke gemt og går tabt.');
    fireEvent.click(screen.getByRole('button', { name: 'Bliv og redigér videre' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('Navn') as HTMLInputElement).value).toBe('Ane Hansen');

    fireEvent.click(screen.getByRole('link', { name: 'Væk' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Gå og kassér ændringerne' }));
    expect(await screen.findByText('Anden side')).toBeTruthy();

    await act(() => router.navigate('/da/form'));
    fireEvent.input(screen.getByLabelText('Navn'), { target: { value: 'Ane Hansen' } });
    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'ane@example.dk' } });
    fireEvent.input(screen.getByLabelText('By'), { target: { value: 'Køge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Gemt side')).toBeTruthy();
  });
});
