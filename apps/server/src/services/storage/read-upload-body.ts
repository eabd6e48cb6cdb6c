// Reads an upload request the two ways storage-js sends it: multipart/form-data (fields
// cacheControl, contentType, metadata, then the file part) or a raw body with
// Content-Type, Cache-Control and base64 x-metadata headers. The file bytes are handed on
// as a stream; nothing is buffered.
import type { Readable } from 'node:stream';
import Busboy from 'busboy';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { requestBodyStream } from './body-streams';
import { storageErrors } from './storage-errors';

export interface UploadBody {
  stream: Readable;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown>;
  /** The declared length of a raw body, when given. */
  declaredLength: number | undefined;
}

const maxMetadataBytes = 1024 * 1024;

function parseMetadata(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text === '') return {};
  if (Buffer.byteLength(text) > maxMetadataBytes) throw storageErrors.invalidRequest('metadata is too large');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through to the refusal
  }
  throw storageErrors.invalidRequest('metadata is not a valid JSON object');
}

function bodyStream(c: Context<AppEnv>): Readable {
  const stream = requestBodyStream(c);
  if (!stream) throw storageErrors.noContent();
  return stream;
}

function readMultipart(c: Context<AppEnv>, contentType: string): Promise<UploadBody> {
  const source = bodyStream(c);
  return new Promise<UploadBody>((resolve, reject) => {
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fields: 20, fieldSize: maxMetadataBytes, parts: 21 },
      });
    } catch {
      reject(storageErrors.invalidRequest('The multipart body could not be parsed'));
      return;
    }
    const fields = new Map<string, string>();
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.resume();
      reject(error);
    };
    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('file', (_name, file, info) => {
      if (settled) {
        file.resume();
        return;
      }
      try {
        const cacheField = fields.get('cacheControl');
        const upload: UploadBody = {
          stream: file,
          mimetype: fields.get('contentType') || info.mimeType || 'application/octet-stream',
          cacheControl: cacheField ? `max-age=${cacheField}` : 'no-cache',
          userMetadata: parseMetadata(fields.get('metadata') ?? fields.get('userMetadata')),
          declaredLength: undefined,
        };
        settled = true;
        // A body that ends or breaks mid-file must fail the file stream, not hang it.
        parser.on('error', (error: Error) => file.destroy(error));
        source.on('error', (error) => file.destroy(error));
        source.on('aborted', () => file.destroy(storageErrors.aborted()));
        resolve(upload);
      } catch (error) {
        file.resume();
        fail(error as Error);
      }
    });
    parser.on('error', () => fail(storageErrors.invalidRequest('The multipart body could not be parsed')));
    parser.on('close', () => fail(storageErrors.noContent()));
    source.on('error', () => fail(storageErrors.aborted()));
    source.pipe(parser);
  });
}

export async function readUploadBody(c: Context<AppEnv>): Promise<UploadBody> {
  const contentType = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data/i.test(contentType)) return readMultipart(c, contentType);
  const lengthHeader = c.req.header('content-length');
  const declaredLength =
    lengthHeader !== undefined && /^[0-9]+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  const metadataHeader = c.req.header('x-metadata');
  let metadataText: string | undefined;
  if (metadataHeader) metadataText = Buffer.from(metadataHeader, 'base64').toString('utf8');
  return {
    stream: bodyStream(c),
    mimetype: contentType || 'application/octet-stream',
    cacheControl: c.req.header('cache-control') || 'no-cache',
    userMetadata: parseMetadata(metadataText),
    declaredLength,
  };
}
