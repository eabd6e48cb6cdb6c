export * from './memberships';
