// Query keys of the settings area (one object, like eventKeys).
export const settingsKeys = {
  all: (communityId: string) => ['settings', communityId] as const,
  general: (communityId: string) => ['settings', communityId, 'general'] as const,
  access: (communityId: string) => ['settings', communityId, 'access'] as const,
  admins: (communityId: string) => ['settings', communityId, 'admins'] as const,
  retention: (communityId: string, months: number) => ['settings', communityId, 'retention', months] as const,
  audit: (communityId: string, state: unknown) => ['settings', communityId, 'audit', state] as const,
  backup: () => ['settings', 'backup'] as const,
};
