// The one confirmation before a consequential action. The title names the thing ("Cancel
// Summer party 2027?"), the description says what happens; for what cannot be undone,
// `typeToConfirm` asks the user to type the thing's name before the button works. Radix's
// AlertDialog traps focus, starts on Cancel and returns focus where it was.
import { commonMessages } from '@club/i18n/namespaces/common';
import { kitMessages } from '@club/i18n/namespaces/kit';
import { AlertDialog } from 'radix-ui';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import { Input } from './input';

export const overlayClass = 'fixed inset-0 z-40 bg-black/50';
export const contentClass =
  'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-surface p-6 shadow-lg';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the thing: "Delete the group Juniors?" */
  title: ReactNode;
  /** The consequence: "Its 24 members stay members of the club; the group's news is deleted." */
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** The name to type before confirming, for actions that cannot be undone. */
  typeToConfirm?: string;
  /** false for a consequential but harmless action (the button is not red). */
  destructive?: boolean;
  /** Runs the action; the dialog closes when it resolves and stays open when it throws. */
  onConfirm: () => Promise<void> | void;
  children?: ReactNode;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const t = useT(commonMessages);
  const tk = useT(kitMessages);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (!props.open) setTyped('');
  }, [props.open]);
  const needsName = props.typeToConfirm !== undefined;
  const nameMatches = !needsName || typed.trim() === props.typeToConfirm?.trim();
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
      props.onOpenChange(false);
    } catch {
      // The action reported its own failure (a toast or an alert); the dialog stays for a retry.
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={contentClass}>
          <AlertDialog.Title className="text-lg font-semibold">{props.title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-muted-foreground">
              <p>{props.description}</p>
              {needsName ? <p className="font-medium text-foreground">{tk('confirm.cannotUndo')}</p> : null}
            </div>
          </AlertDialog.Description>
          {props.children}
          {needsName ? (
            <div className="mt-4 space-y-1.5">
              <label htmlFor={inputId} className="block text-sm">
                {tk('confirm.typeToConfirm', { name: props.typeToConfirm ?? '' })}
              </label>
              <Input
                id={inputId}
                value={typed}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setTyped(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && nameMatches && !busy) void confirm();
                }}
              />
            </div>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{props.cancelLabel ?? t('actions.cancel')}</Button>
            </AlertDialog.Cancel>
            <Button
              variant={props.destructive === false ? 'primary' : 'destructive'}
              disabled={busy || !nameMatches}
              aria-busy={busy}
              onClick={() => void confirm()}
            >
              {props.confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
