import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListSearch } from './list-search';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function box() {
  return screen.getByRole('searchbox') as HTMLInputElement;
}

describe('ListSearch', () => {
  it('sends the text after a pause in typing', () => {
    const onSearch = vi.fn();
    render(<ListSearch value="" onSearch={onSearch} delay={250} />, { wrapper: MemoryRouter });
    fireEvent.change(box(), { target: { value: 'Laura' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(onSearch).toHaveBeenLastCalledWith('Laura');
  });

  it('keeps a clear typed before the address caught up with the search, and sends it', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<ListSearch value="" onSearch={onSearch} delay={250} />, {
      wrapper: MemoryRouter,
    });
    fireEvent.change(box(), { target: { value: 'Laura' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(onSearch).toHaveBeenLastCalledWith('Laura');
    // The user clears the box while the address still says nothing was searched for ...
    fireEvent.change(box(), { target: { value: '' } });
    // ... and only then does the address show the search the box sent.
    rerender(<ListSearch value="Laura" onSearch={onSearch} delay={250} />);
    expect(box().value).toBe('');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('follows the address when something else changes it', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<ListSearch value="Laura" onSearch={onSearch} delay={250} />, {
      wrapper: MemoryRouter,
    });
    expect(box().value).toBe('Laura');
    // "Clear filters" or the back button.
    rerender(<ListSearch value="" onSearch={onSearch} delay={250} />);
    expect(box().value).toBe('');
    rerender(<ListSearch value="Mads" onSearch={onSearch} delay={250} />);
    expect(box().value).toBe('Mads');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(onSearch).not.toHaveBeenCalled();
  });
});
