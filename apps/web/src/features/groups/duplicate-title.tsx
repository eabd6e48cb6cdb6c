// A title another group of the club already uses (ignoring case and spaces, archived groups
// included) is asked about once, when a group is created and when one is renamed: two "U11"
// teams may be meant, but are more often a slip. Pressing the button again with the same
// title goes ahead.
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { useT } from '../../lib/i18n';
import { groupsTitled } from './load-group';

export function useDuplicateTitle({
  communityId,
  typed,
  exceptId,
  screen,
}: {
  communityId: string;
  /** The title in the field now. */
  typed: string;
  /** The group being renamed, which may keep its own title. */
  exceptId?: string;
  screen: 'create' | 'details';
}): {
  /** Whether the warning for the typed title is showing (the button then says "anyway"). */
  warned: boolean;
  /** Resolves true when saving may go ahead; false after showing the warning. */
  mayUse(title: string): Promise<boolean>;
  notice: ReactNode;
} {
  const t = useT(groupsMessages);
  const [shown, setShown] = useState<{ title: string; existing: string; archived: boolean } | null>(null);
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const warning = shown && same(shown.title, typed) ? shown : null;
  return {
    warned: warning !== null,
    async mayUse(title) {
      if (warning && same(warning.title, title)) return true;
      const found = await groupsTitled(communityId, title, exceptId);
      if (found.length === 0) return true;
      setShown({ title, existing: found[0]!.title, archived: found.every((g) => g.archived) });
      return false;
    },
    notice: warning ? (
      <Alert kind="info">
        {t(warning.archived ? `${screen}.duplicateArchived` : `${screen}.duplicate`, {
          title: warning.existing,
        })}
      </Alert>
    ) : null,
  };
}
