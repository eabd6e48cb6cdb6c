// What every editor section gets: the draft, a way to change it, the message for a field path
// (already in the user's language), and `touch` to validate a field when it loses focus.
import type { EventDraft } from './event-draft';

export interface EditorSectionProps {
  draft: EventDraft;
  change: (update: (draft: EventDraft) => EventDraft) => void;
  error: (path: string) => string | undefined;
  touch: (path: string) => void;
}

/** The DOM id of a field, so the editor can focus the first invalid one. */
export function fieldId(path: string): string {
  return `event-${path.replace(/\./g, '-')}`;
}

export function replaceAt<T>(items: T[], index: number, item: T): T[] {
  return items.map((current, i) => (i === index ? item : current));
}
