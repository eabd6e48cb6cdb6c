export * from './memberships';
export * from './rich-text';
export * from './statutory-reports';
export type { InvoiceDocument } from './invoice-document';
export type { Database, Enums, Json, Tables, TablesInsert, TablesUpdate } from './database.types';
