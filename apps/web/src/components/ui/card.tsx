import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/class-names';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section className={cn('rounded-lg border border-border bg-surface shadow-sm', className)} {...props} />
  );
}

export function CardHeader({
  title,
  description,
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  id?: string;
}) {
  return (
    <header className="space-y-1 border-b border-border px-5 py-4">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </header>
  );
}

export function CardBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('space-y-4 px-5 py-4', className)} {...props} />;
}
