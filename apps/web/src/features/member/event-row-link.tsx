// One event in a member list (home's next events, the calendar): title, when and where, and an
// optional line below (the price), linking to the event.
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function EventRowLink({
  to,
  title,
  when,
  location,
  extra,
}: {
  to: string;
  title: string;
  when: string;
  location: string | null;
  extra?: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="flex gap-3 rounded-lg border border-border bg-surface p-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <span className="min-w-0">
        <span className="block font-medium">{title}</span>
        <span className="block text-sm text-muted-foreground">
          {when}
          {location ? ` · ${location}` : ''}
        </span>
        {extra ? <span className="block text-sm">{extra}</span> : null}
      </span>
    </Link>
  );
}
