import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import {
  defaultToastDuration,
  dismissToast,
  resetToasts,
  toast,
  toastRemoveDelay,
  toasts,
} from './toast-store';

function renderToaster(path = '/en') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Toaster />
    </MemoryRouter>,
  );
}

describe('notifications', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.useRealTimers());

  it('keeps one at a time: a new one replaces the previous', async () => {
    renderToaster();
    act(() => void toast({ title: 'Event published' }));
    act(() => void toast({ title: 'News saved', description: 'Visible to members' }));
    expect(screen.queryByText('Event published')).toBeNull();
    expect(await screen.findByText('News saved')).toBeTruthy();
    expect(screen.getByText('Visible to members')).toBeTruthy();
    expect(toasts()).toHaveLength(1);
  });

  it('closes after the default 5,000 ms and is removed 1,000,000 ms after dismissal', () => {
    vi.useFakeTimers();
    expect(defaultToastDuration).toBe(5000);
    const { id } = toast({ title: 'Saved' });
    expect(toasts()[0]).toMatchObject({ id, open: true, duration: 5000, variant: 'default' });
    dismissToast(id);
    expect(toasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(toastRemoveDelay - 1);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it('closes on screen after its duration', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderToaster();
    act(() => void toast({ title: 'Quick one', duration: 300 }));
    expect(screen.getByText('Quick one')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(toasts()[0]?.open).toBe(false);
  });

  it('has a destructive look with an action, and a dismiss button in the user language', async () => {
    renderToaster('/da/acme');
    const onClick = vi.fn();
    act(
      () =>
        void toast({
          variant: 'destructive',
          title: 'Kunne ikke gemme',
          action: { label: 'Prøv igen', onClick },
        }),
    );
    const title = await screen.findByText('Kunne ikke gemme');
    expect(title.closest('[data-variant]')?.getAttribute('data-variant')).toBe('destructive');
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(onClick).toHaveBeenCalledOnce();
    act(() => void toast({ title: 'Gemt' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Luk besked' }));
    expect(toasts()[0]?.open).toBe(false);
  });

  it('moves focus to the notification area with F8', async () => {
    renderToaster();
    act(() => void toast({ title: 'Event published' }));
    await screen.findByText('Event published');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('limits the area to 420 px from medium screens up', () => {
    renderToaster();
    const viewport = screen.getByRole('region', { name: /Notifications/ }).querySelector('ol');
    expect(viewport?.className).toContain('md:max-w-[420px]');
  });
});
