import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredJobPanel } from './deferred-job-panel';
import { resetJobs, startJob, type JobReport } from './job-store';

afterEach(() => resetJobs());

function Page({ name }: { name: string }) {
  return (
    <>
      <h1>{name}</h1>
      <Link to="/da/other">Andet sted</Link>
      <DeferredJobPanel />
    </>
  );
}

describe('long jobs', () => {
  it('keep reporting progress while the user goes to another page, then show the outcome', async () => {
    const router = createMemoryRouter(
      [
        { path: '/da/start', element: <Page name="Import" /> },
        { path: '/da/other', element: <Page name="Medlemmer" /> },
      ],
      { initialEntries: ['/da/start'] },
    );
    render(<RouterProvider router={router} />);
    let report!: JobReport;
    let finish!: () => void;
    act(() => {
      startJob({
        title: 'Importerer 1.204 medlemmer',
        total: 1204,
        run: async (r) => {
          report = r;
          await new Promise<void>((resolve) => (finish = resolve));
          return '1.198 importeret, 6 sprunget over';
        },
      });
    });
    expect(await screen.findByText('Importerer 1.204 medlemmer', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Andet sted' }));
    expect(await screen.findByRole('heading', { name: 'Medlemmer' })).toBeTruthy();
    act(() => report.progress(340));
    expect(screen.getByText('340 af 1.204')).toBeTruthy();
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(28);
    await act(async () => finish());
    expect(await screen.findByText('Færdig: 1.198 importeret, 6 sprunget over')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skjul: Importerer 1.204 medlemmer' }));
    expect(screen.queryByRole('region', { name: 'Igangværende opgaver' })).toBeNull();
  });

  it('says when a job failed', async () => {
    render(
      <RouterProvider
        router={createMemoryRouter([{ path: '/en/x', element: <Page name="X" /> }], {
          initialEntries: ['/en/x'],
        })}
      />,
    );
    act(() => {
      startJob({
        title: 'Sending 300 e-mails',
        failedText: 'The mail server refused the connection.',
        run: async () => {
          throw new Error('ECONNREFUSED');
        },
      });
    });
    expect(await screen.findByText('Failed: The mail server refused the connection.')).toBeTruthy();
  });
});
