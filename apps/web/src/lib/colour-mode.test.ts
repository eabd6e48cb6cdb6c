import { beforeEach, describe, expect, it } from 'vitest';
import {
  colourModeState,
  colourModeStorageKey,
  forceColourMode,
  resetColourMode,
  setColourPreference,
  subscribeColourMode,
} from './colour-mode';

// A media query list whose `matches` the test flips, firing change listeners like the OS would.
function installSystemScheme(initialDark: boolean) {
  const listeners = new Set<() => void>();
  let dark = initialDark;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('dark') ? dark : false;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('colour mode', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('follows the system by default, live', () => {
    const system = installSystemScheme(false);
    resetColourMode();
    expect(colourModeState()).toEqual({
      preference: 'system',
      value: 'light',
      unknown: false,
      forced: false,
    });
    let notified = 0;
    const stop = subscribeColourMode(() => (notified += 1));
    system.set(true);
    expect(colourModeState().value).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    system.set(false);
    expect(colourModeState().value).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(notified).toBe(2);
    stop();
  });

  it('keeps an explicit preference in storage and ignores the system then', () => {
    const system = installSystemScheme(false);
    resetColourMode();
    setColourPreference('dark');
    expect(window.localStorage.getItem(colourModeStorageKey)).toBe('dark');
    expect(colourModeState()).toEqual({ preference: 'dark', value: 'dark', unknown: false, forced: false });
    system.set(false);
    expect(colourModeState().value).toBe('dark');
    resetColourMode();
    expect(colourModeState().preference).toBe('dark');
    setColourPreference('system');
    expect(window.localStorage.getItem(colourModeStorageKey)).toBeNull();
    expect(colourModeState().value).toBe('light');
  });

  it('lets a route force a mode over the preference, and releases it afterwards', () => {
    installSystemScheme(false);
    resetColourMode();
    setColourPreference('light');
    forceColourMode('dark');
    expect(colourModeState()).toEqual({ preference: 'light', value: 'dark', unknown: false, forced: true });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    forceColourMode(undefined);
    expect(colourModeState()).toEqual({ preference: 'light', value: 'light', unknown: false, forced: false });
  });

  it('marks the value unknown when the system preference cannot be read', () => {
    // @ts-expect-error: a browser without matchMedia
    window.matchMedia = undefined;
    resetColourMode();
    expect(colourModeState()).toEqual({ preference: 'system', value: 'light', unknown: true, forced: false });
  });
});
