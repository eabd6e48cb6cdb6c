// A labelled field: label above, the control, then help text or the validation message, wired
// with aria-describedby and aria-invalid so screen readers announce both.
import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { cn } from '../../lib/class-names';

export interface FormFieldProps {
  label: ReactNode;
  error?: string | undefined;
  help?: ReactNode;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}

export function FormField({ label, error, help, className, children }: FormFieldProps) {
  const fallbackId = useId();
  const id = (children.props.id as string | undefined) ?? fallbackId;
  const messageId = `${id}-message`;
  const describedBy = error || help ? messageId : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-foreground">
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {error ? (
        <p id={messageId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : help ? (
        <p id={messageId} className="text-sm text-muted-foreground">
          {help}
        </p>
      ) : null}
    </div>
  );
}
