// Query keys of billing, shared by both apps: everything of a community under ['billing', communityId].
export const billingKeys = {
  all: (communityId: string) => ['billing', communityId] as const,
  myInvoices: (communityId: string) => ['billing', communityId, 'my-invoices'] as const,
  onlinePayment: (communityId: string) => ['billing', communityId, 'online-payment'] as const,
};
