// Notifications (product.md §4, §9): one kept at a time, a new one replaces the previous; open
// when added, closed on dismissal, removed from the list 1,000,000 ms after it was dismissed.
import type { ReactNode } from 'react';

export const defaultToastDuration = 5000;
export const toastRemoveDelay = 1_000_000;
export const toastLimit = 1;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  action?: ToastAction;
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
  variant: 'default' | 'destructive';
  duration: number;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: number): void {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      emit(items.filter((item) => item.id !== id));
    }, toastRemoveDelay),
  );
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  const item: ToastItem = {
    ...input,
    id,
    open: true,
    variant: input.variant ?? 'default',
    duration: input.duration ?? defaultToastDuration,
  };
  for (const dropped of items) scheduleRemoval(dropped.id);
  emit([item, ...items].slice(0, toastLimit));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: number): void {
  const next = items.map((item) => {
    if (id !== undefined && item.id !== id) return item;
    scheduleRemoval(item.id);
    return { ...item, open: false };
  });
  emit(next);
}

export function toasts(): ToastItem[] {
  return items;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Clears everything (tests). */
export function resetToasts(): void {
  for (const timer of removals.values()) clearTimeout(timer);
  removals.clear();
  emit([]);
}
