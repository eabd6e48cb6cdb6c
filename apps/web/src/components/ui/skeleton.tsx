import type { ComponentProps } from 'react';
import { cn } from '../../lib/class-names';

/** A placeholder shaped like the content that is loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
