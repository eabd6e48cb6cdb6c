// "250,00 kr. pr. måned" or "Gratis": a group's price in words, for the list, cards and the page.
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useFormat, useT } from '../../lib/i18n';
import type { PaymentFrequency } from './group-records';

export function useGroupPriceText() {
  const t = useT(groupsMessages);
  const format = useFormat();
  return (group: { payment_frequency: PaymentFrequency | null; price_ore: number; currency: string }) =>
    group.payment_frequency
      ? t(`perFrequency.${group.payment_frequency}`, { price: format.money(group.price_ore, group.currency) })
      : t('frequency.free');
}
