// Colour mode (product.md §3, §4): the user's preference (light, dark, system) kept in
// localStorage, the resolved value, `forced` when the current route declares a mode, and
// `unknown` until the system preference could be read. System follows the OS live.
import { useSyncExternalStore } from 'react';

export type ColourPreference = 'light' | 'dark' | 'system';
export type ColourValue = 'light' | 'dark';

export interface ColourModeState {
  preference: ColourPreference;
  value: ColourValue;
  unknown: boolean;
  forced: boolean;
}

export const colourModeStorageKey = 'colour-mode';
const darkQuery = '(prefers-color-scheme: dark)';

function readPreference(): ColourPreference {
  try {
    const stored = window.localStorage.getItem(colourModeStorageKey);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemValue(): ColourValue | undefined {
  if (typeof window.matchMedia !== 'function') return undefined;
  return window.matchMedia(darkQuery).matches ? 'dark' : 'light';
}

let forcedMode: ColourValue | undefined;
let state: ColourModeState = compute(readPreference());
const listeners = new Set<() => void>();
let watchingSystem = false;

function compute(preference: ColourPreference): ColourModeState {
  const system = systemValue();
  if (forcedMode) return { preference, value: forcedMode, unknown: false, forced: true };
  if (preference !== 'system') return { preference, value: preference, unknown: false, forced: false };
  return { preference, value: system ?? 'light', unknown: system === undefined, forced: false };
}

function update(preference: ColourPreference = state.preference): void {
  const next = compute(preference);
  const changed = Object.keys(next).some(
    (k) => next[k as keyof ColourModeState] !== state[k as keyof ColourModeState],
  );
  state = next;
  document.documentElement.classList.toggle('dark', next.value === 'dark');
  if (changed) for (const listener of listeners) listener();
}

function watchSystem(): void {
  if (watchingSystem || typeof window.matchMedia !== 'function') return;
  watchingSystem = true;
  window.matchMedia(darkQuery).addEventListener('change', () => update());
  window.addEventListener('storage', (event) => {
    if (event.key === colourModeStorageKey) update(readPreference());
  });
}

export function setColourPreference(preference: ColourPreference): void {
  try {
    if (preference === 'system') window.localStorage.removeItem(colourModeStorageKey);
    else window.localStorage.setItem(colourModeStorageKey, preference);
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
  update(preference);
}

/** A route's declared mode (or none); applied until another route says otherwise. */
export function forceColourMode(mode: ColourValue | undefined): void {
  if (forcedMode === mode) return;
  forcedMode = mode;
  update();
}

export function colourModeState(): ColourModeState {
  return state;
}

/** Re-reads storage and the OS preference (tests, and after start). */
export function resetColourMode(): void {
  forcedMode = undefined;
  update(readPreference());
}

/** Listens for changes; the first subscriber starts following the OS preference. */
export function subscribeColourMode(listener: () => void): () => void {
  watchSystem();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useColourMode(): ColourModeState {
  return useSyncExternalStore(subscribeColourMode, colourModeState, colourModeState);
}
