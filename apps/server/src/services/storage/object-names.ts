// Which bucket names and object keys storage accepts (S3-safe, as storage-api checks).
import { storageErrors } from './storage-errors';

const bucketNamePattern = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)+$/;

export function checkBucketName(name: unknown): string {
  if (
    typeof name !== 'string' ||
    name.length === 0 ||
    name.length > 100 ||
    !bucketNamePattern.test(name) ||
    name.trim() !== name
  ) {
    throw storageErrors.invalidBucketName(String(name));
  }
  return name;
}

export function checkObjectKey(key: unknown): string {
  if (
    typeof key !== 'string' ||
    key.length === 0 ||
    Buffer.byteLength(key) > 1024 ||
    [...key].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) ||
    key.split('/').some((part) => part === '.' || part === '..')
  ) {
    throw storageErrors.invalidKey(String(key));
  }
  return key;
}
