// The repeated parts of the editor's add-on and volunteer sections: a group (one add-on, one
// job) with its heading and remove button, a row inside it (an option, a timeslot) with its
// remove button, and the button that adds another.
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/class-names';

export function EditorGroup({
  heading,
  removeLabel,
  onRemove,
  children,
}: {
  heading: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-4 rounded-md border border-border p-4">
      <legend className="sr-only">{heading}</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden="true" className="text-sm font-semibold">
          {heading}
        </span>
        <Button variant="ghost" size="icon-sm" aria-label={removeLabel} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {children}
    </fieldset>
  );
}

export function EditorGroupRow({
  label,
  className,
  removeLabel,
  onRemove,
  children,
}: {
  label?: string;
  className: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <li aria-label={label} className={cn('grid items-end gap-3 rounded-md bg-muted/50 p-3', className)}>
      {children}
      <Button variant="ghost" size="icon" aria-label={removeLabel} onClick={onRemove}>
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

export function EditorAddButton({
  label,
  onClick,
  size,
}: {
  label: string;
  onClick: () => void;
  size?: 'sm';
}) {
  return (
    <Button variant="secondary" size={size} onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}
