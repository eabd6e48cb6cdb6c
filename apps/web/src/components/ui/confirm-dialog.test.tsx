import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Slet gruppen Juniorer?"
      description="Gruppens 24 medlemmer forbliver medlemmer af klubben; gruppens nyheder slettes."
      confirmLabel="Slet gruppen"
      typeToConfirm="Juniorer"
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('names the thing and the consequence, and confirms only after the name is typed', async () => {
    let calls = 0;
    render(
      <MemoryRouter initialEntries={['/da/x']}>
        <Harness onConfirm={async () => void (calls += 1)} />
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Slet gruppen Juniorer?' });
    expect(dialog.textContent).toContain('gruppens nyheder slettes');
    expect(dialog.textContent).toContain('Det kan ikke fortrydes.');
    const confirm = screen.getByRole('button', { name: 'Slet gruppen' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Skriv Juniorer for at bekræfte.'), {
      target: { value: 'Junior' },
    });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Skriv Juniorer for at bekræfte.'), {
      target: { value: 'Juniorer' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toBe(1);
  });

  it('stays open when the action fails, so it can be tried again', async () => {
    render(
      <MemoryRouter initialEntries={['/en/x']}>
        <Harness
          onConfirm={async () => {
            throw new Error('offline');
          }}
        />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Type Juniorer to confirm.'), { target: { value: 'Juniorer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Slet gruppen' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Slet gruppen' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
