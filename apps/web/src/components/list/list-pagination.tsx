// Paging under a list: where we are ("26–50 of 1,234"), first/previous/next/last, and the page
// size. Works the same on phones (the buttons stay, the range text wraps).
import { kitMessages } from '@club/i18n/namespaces/kit';
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';
import { useFormat, useT } from '../../lib/i18n';
import { Button } from '../ui/button';

export function ListPagination({
  page,
  pageSize,
  total,
  estimated,
  onPage,
  pageSizes,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  estimated?: boolean;
  onPage: (page: number) => void;
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
}) {
  const t = useT(kitMessages);
  const format = useFormat();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages - 1);
  const from = total === 0 ? 0 : current * pageSize + 1;
  const to = Math.min(total, (current + 1) * pageSize);
  const atStart = current === 0;
  const atEnd = current >= pages - 1;
  const steps = [
    { label: 'list.first', icon: ChevronFirst, to: 0, disabled: atStart },
    { label: 'list.previous', icon: ChevronLeft, to: current - 1, disabled: atStart },
    { label: 'list.next', icon: ChevronRight, to: current + 1, disabled: atEnd },
    // With an estimated total the last page is not known exactly.
    { label: 'list.last', icon: ChevronLast, to: pages - 1, disabled: atEnd || Boolean(estimated) },
  ] as const;
  const pageLabel = t('list.pageOf', { page: format.number(current + 1), pages: format.number(pages) });
  return (
    <nav
      className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-3 py-2 text-sm"
      aria-label={pageLabel}
    >
      {pageSizes && onPageSize ? (
        <label className="mr-auto flex items-center gap-2 text-muted-foreground">
          {t('list.pageSize')}
          <select
            className="h-8 rounded-md border border-input bg-surface px-2 text-foreground"
            value={pageSize}
            onChange={(e) => onPageSize(Number(e.target.value))}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <span className="text-muted-foreground tabular-nums">
        {t('list.rangeOf', {
          from: format.number(from),
          to: format.number(to),
          total: estimated ? `~${format.number(total)}` : format.number(total),
        })}
      </span>
      <span className="sr-only">{pageLabel}</span>
      {steps.map((step) => (
        <Button
          key={step.label}
          variant="ghost"
          size="icon-sm"
          disabled={step.disabled}
          onClick={() => onPage(step.to)}
          aria-label={t(step.label)}
        >
          <step.icon aria-hidden="true" />
        </Button>
      ))}
    </nav>
  );
}
