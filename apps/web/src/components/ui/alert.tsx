import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/class-names';

const looks = {
  error: {
    icon: CircleAlert,
    className: 'border-destructive/40 bg-destructive/10 text-foreground [&>svg]:text-destructive',
  },
  success: {
    icon: CircleCheck,
    className: 'border-success/40 bg-success/10 text-foreground [&>svg]:text-success',
  },
  info: { icon: Info, className: 'border-border bg-muted text-foreground [&>svg]:text-muted-foreground' },
};

/** An inline message; errors are announced at once, the others politely. */
export function Alert({
  kind,
  title,
  children,
}: {
  kind: keyof typeof looks;
  title?: ReactNode;
  children?: ReactNode;
}) {
  const { icon: Icon, className } = looks[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-md border p-3 text-sm', className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
