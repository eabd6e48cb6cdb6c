// What the booking and season-series dialogs share: their props, the member search bound to
// the kit form (with its error under it) and the rules of a member and a time of day.
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { useFieldError } from '../../components/form/form';
import type { ProductChoices } from './load-product';
import { MemberPicker } from './member-picker';

export interface BookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  communityId: string;
  products: ProductChoices['products'];
  defaultDay: string;
}

/** "HH:MM" on a 24-hour clock, with 24:00 for midnight at the end of a day. */
export const time = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export const memberValue = z
  .object({ id: z.string(), name: z.string() })
  .nullable()
  .refine((m) => m !== null, 'dialog.memberRequired');

/** The member search bound to the form, with its error under it. */
export function MemberField({ communityId }: { communityId: string }) {
  const { field } = useController({ name: 'member' });
  const error = useFieldError('member');
  return (
    <div className="space-y-1">
      <MemberPicker
        communityId={communityId}
        value={field.value as { id: string; name: string } | null}
        onChange={(m) => {
          field.onChange(m);
          field.onBlur();
        }}
      />
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </div>
  );
}
