// The access choice shared by the invite and the change dialogs: one checkbox per admin area
// of product.md §6, membership manager, and (for owners) owner.
import type { AdminArea } from '@club/schemas';
import { adminAreas } from '@club/schemas';
import { membersMessages } from '@club/i18n/namespaces/members';
import { settingsMessages } from '@club/i18n/namespaces/settings';
import { z } from 'zod';
import { CheckboxField } from '../../components/form/form';
import { useT } from '../../lib/i18n';

export const areaFlags = z.object(
  Object.fromEntries(adminAreas.map((a) => [a, z.boolean()])) as Record<AdminArea, z.ZodBoolean>,
);
export type AreaFlags = z.output<typeof areaFlags>;

export const flagsFrom = (areas: readonly string[]): AreaFlags =>
  Object.fromEntries(adminAreas.map((a) => [a, areas.includes(a)])) as AreaFlags;
export const areasFrom = (flags: AreaFlags): AdminArea[] => adminAreas.filter((a) => flags[a]);

export function useAreaLabel() {
  const tm = useT(membersMessages);
  return (area: AdminArea) => tm(`areas.${area}`);
}

export function AccessFields({ showOwner }: { showOwner: boolean }) {
  const t = useT(settingsMessages);
  const label = useAreaLabel();
  return (
    <>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">{t('admins.areas')}</legend>
        {adminAreas.map((area) => (
          <CheckboxField key={area} name={`areas.${area}`} label={label(area)} />
        ))}
      </fieldset>
      <CheckboxField name="manager" label={t('admins.manager')} help={t('admins.managerHelp')} />
      {showOwner ? (
        <CheckboxField name="owner" label={t('admins.owner_flag')} help={t('admins.ownerHelp')} />
      ) : null}
    </>
  );
}
