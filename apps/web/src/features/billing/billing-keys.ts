// TanStack Query keys of the billing area; invalidating `all` refreshes every billing screen.
export const billingKeys = {
  all: (communityId: string) => ['billing', communityId] as const,
  overview: (communityId: string) => ['billing', communityId, 'overview'] as const,
  invoices: (communityId: string, query: unknown) => ['billing', communityId, 'invoices', query] as const,
  invoice: (communityId: string, id: string) => ['billing', communityId, 'invoice', id] as const,
  plans: (communityId: string) => ['billing', communityId, 'plans'] as const,
  planList: (communityId: string, query: unknown) => ['billing', communityId, 'plans', query] as const,
  groups: (communityId: string) => ['billing', communityId, 'groups'] as const,
  plan: (communityId: string, id: string) => ['billing', communityId, 'plan', id] as const,
  terms: (communityId: string) => ['billing', communityId, 'terms'] as const,
  settings: (communityId: string) => ['billing', communityId, 'settings'] as const,
  accounts: (communityId: string, query: unknown) => ['billing', communityId, 'accounts', query] as const,
  account: (communityId: string, id: string) => ['billing', communityId, 'account', id] as const,
  creditRules: (communityId: string) => ['billing', communityId, 'credit-rules'] as const,
  creditStanding: (communityId: string, ruleId: string) =>
    ['billing', communityId, 'credit-standing', ruleId] as const,
  creditHours: (communityId: string, ruleId: string, memberId: string) =>
    ['billing', communityId, 'credit-hours', ruleId, memberId] as const,
  feeRun: (communityId: string, day: string) => ['billing', communityId, 'fee-run', day] as const,
  bankExceptions: (communityId: string) => ['billing', communityId, 'bank-exceptions'] as const,
  waitingReminders: (communityId: string) => ['billing', communityId, 'waiting-reminders'] as const,
};
