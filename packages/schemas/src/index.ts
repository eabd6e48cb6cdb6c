export * from './memberships';
export * from './rich-text';
export type { Database, Enums, Json, Tables, TablesInsert, TablesUpdate } from './database.types';
