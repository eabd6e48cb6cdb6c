// The storage service's error catalogue, in storage-api's wire shape: every handled
// error answers HTTP 400 (unless it names another status) with the "real" status as a
// string in the body, so storage-js reports statusCode, code and message as upstream.
import type { Context } from 'hono';
import { DatabaseError, isUnavailableCode } from '../../database/database';
import type { AppEnv } from '../../http/app-env';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly error: string = code,
    /** The HTTP status when it is not the 400 storage-api uses for handled errors. */
    readonly httpStatus: number = statusCode >= 500 ? statusCode : 400,
  ) {
    super(message);
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  resourceNotFound: () => new StorageError('NoSuchKey', 404, 'The resource was not found', 'Not found'),
  alreadyExists: (code = 'Duplicate') =>
    new StorageError(code, 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(
      'ResourceNotEmpty',
      409,
      'The bucket you tried to delete is not empty',
      'Bucket not empty',
    ),
  entityTooLarge: () =>
    new StorageError(
      'EntityTooLarge',
      413,
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMimeType: (mimetype: string) =>
    new StorageError('InvalidMimeType', 415, `mime type ${mimetype} is not supported`, 'invalid_mime_type'),
  contentMismatch: (mimetype: string) =>
    new StorageError(
      'InvalidMimeType',
      415,
      `The file content does not match the mime type ${mimetype}`,
      'invalid_mime_type',
    ),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${key}`),
  invalidBucketName: (name: string) =>
    new StorageError('InvalidBucketName', 400, 'Bucket name invalid', `Bucket name invalid: ${name}`),
  accessDenied: (message: string) => new StorageError('AccessDenied', 403, message, 'Unauthorized'),
  rlsDenied: () =>
    new StorageError('AccessDenied', 403, 'new row violates row-level security policy', 'Unauthorized'),
  serviceOnly: (message: string) => new StorageError('AccessDenied', 403, message, 'Unauthorized', 403),
  invalidJwt: (message: string) => new StorageError('InvalidJWT', 400, message),
  invalidSignature: () => new StorageError('InvalidSignature', 400, 'The signature provided does not match'),
  expiredToken: () => new StorageError('ExpiredToken', 400, 'The provided token has expired.'),
  invalidRequest: (message: string) => new StorageError('InvalidRequest', 400, message),
  noContent: () => new StorageError('InvalidRequest', 400, 'No content provided'),
  invalidRange: () =>
    new StorageError('InvalidRange', 416, 'The requested range is not satisfiable', 'InvalidRange', 416),
  missingContentLength: () =>
    new StorageError('MissingContentLength', 400, 'You must provide the Content-Length HTTP header.'),
  aborted: () => new StorageError('Aborted', 499, 'The request was aborted', 'Aborted', 499),
  imageTransformationDisabled: () =>
    new StorageError('FeatureNotEnabled', 400, 'Image transformation is not enabled', 'not_enabled'),
  internal: () => new StorageError('InternalError', 500, 'Internal Server Error', 'Internal', 500),
  databaseUnavailable: () =>
    new StorageError(
      'DatabaseError',
      503,
      'The database is unavailable for a moment; try again shortly.',
      'DatabaseError',
      503,
    ),
};

/** Translates database failures the way storage-api does; anything else is internal. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof DatabaseError) {
    if (isUnavailableCode(error.code)) return storageErrors.databaseUnavailable();
    switch (error.code) {
      case '42501':
        return error.message.includes('row-level security')
          ? storageErrors.rlsDenied()
          : storageErrors.accessDenied(error.message);
      case '23505':
        return storageErrors.alreadyExists('Duplicate');
      case '23503':
        return new StorageError(
          'RelatedResourceNotFound',
          404,
          'The resource you tried to reference does not exist',
        );
      case '57014':
        return new StorageError('DatabaseTimeout', 544, 'Timeout executing query', 'DatabaseTimeout', 544);
      case '22P02':
      case '22023':
        return storageErrors.invalidRequest(error.message);
      default:
        return storageErrors.internal();
    }
  }
  return storageErrors.internal();
}

export function renderStorageError(c: Context<AppEnv>, error: unknown): Response {
  const e = toStorageError(error);
  if (e.code === 'InternalError') {
    c.get('log')?.error({ err: error, path: c.req.path }, 'storage request failed');
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (e.statusCode === 404 || e.statusCode >= 500) headers['Cache-Control'] = 'no-store';
  if (e.httpStatus === 503) headers['Retry-After'] = '1';
  return new Response(
    JSON.stringify({ statusCode: String(e.statusCode), code: e.code, error: e.error, message: e.message }),
    { status: e.httpStatus, headers },
  );
}
