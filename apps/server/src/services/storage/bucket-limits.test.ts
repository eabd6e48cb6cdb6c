import { describe, expect, it } from 'vitest';
import {
  effectiveSizeLimit,
  mimeTypeAllowed,
  parseAllowedMimeTypes,
  parseFileSizeLimit,
} from './bucket-limits';
import { headMatchesType } from './magic-bytes';

describe('bucket limits', () => {
  it('parses size limits with decimal units, as storage-api does', () => {
    expect(parseFileSizeLimit(1234)).toBe(1234);
    expect(parseFileSizeLimit('20mb')).toBe(20_000_000);
    expect(parseFileSizeLimit('1.5GB')).toBe(1_500_000_000);
    expect(parseFileSizeLimit('1kb')).toBe(1000);
    expect(parseFileSizeLimit('7B')).toBe(7);
    expect(parseFileSizeLimit('512')).toBe(512);
    expect(parseFileSizeLimit(null)).toBeNull();
    for (const bad of ['20 mb', 'mb', '-1', 1.5, -3, {}, '1tb']) {
      expect(() => parseFileSizeLimit(bad), String(bad)).toThrow(/file_size_limit/);
    }
  });

  it('never lets a bucket exceed the global limit', () => {
    expect(effectiveSizeLimit('1000', 5000)).toBe(1000);
    expect(effectiveSizeLimit(9000, 5000)).toBe(5000);
    expect(effectiveSizeLimit(null, 5000)).toBe(5000);
  });

  it('matches mime types exactly or by type/*, ignoring parameters and case', () => {
    expect(mimeTypeAllowed('image/png', ['image/png'])).toBe(true);
    expect(mimeTypeAllowed('IMAGE/PNG; charset=binary', ['image/png'])).toBe(true);
    expect(mimeTypeAllowed('image/webp', ['image/*'])).toBe(true);
    expect(mimeTypeAllowed('text/plain', ['image/*', 'application/pdf'])).toBe(false);
    expect(mimeTypeAllowed('text/plain', null)).toBe(true);
    expect(mimeTypeAllowed('text/plain', [])).toBe(true);
    expect(parseAllowedMimeTypes(['image/*', 'application/vnd.ms-excel'])).toEqual([
      'image/*',
      'application/vnd.ms-excel',
    ]);
    expect(() => parseAllowedMimeTypes(['png'])).toThrow();
    expect(() => parseAllowedMimeTypes('image/png')).toThrow();
  });

  it('recognises image signatures and refuses other bytes', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(headMatchesType('image/png', png)).toBe(true);
    expect(headMatchesType('image/jpeg', png)).toBe(false);
    expect(headMatchesType('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(headMatchesType('image/gif', Buffer.from('GIF89a......'))).toBe(true);
    expect(headMatchesType('image/webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe(true);
    expect(headMatchesType('image/png', Buffer.from('hello world, not a png'))).toBe(false);
    expect(headMatchesType('image/png', Buffer.alloc(0))).toBe(false);
    expect(headMatchesType('text/plain', Buffer.from('anything'))).toBeUndefined();
  });
});
