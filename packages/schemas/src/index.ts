export * from './memberships';
export * from './rich-text';
