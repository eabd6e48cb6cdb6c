import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/class-names';

const badgeVariants = cva('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', {
  variants: {
    tone: {
      neutral: 'bg-muted text-foreground',
      accent: 'bg-accent-soft text-accent-soft-foreground',
      success: 'bg-success/15 text-foreground',
      danger: 'bg-destructive/15 text-foreground',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

/** A status label: always text, the colour only supports it. */
export function Badge({
  className,
  tone,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
