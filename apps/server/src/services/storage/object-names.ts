// Which bucket names and object keys storage accepts (S3-safe, as storage-api checks).
import { storageErrors } from './storage-errors';

const bucketNamePattern = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)+$/;
const controlCharacters = /[\u0000-\u001f\u007f]/;

export function checkBucketName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100 || !bucketNamePattern.test(name) || name.trim() !== name) {
    throw storageErrors.invalidBucketName(String(name));
  }
  return name;
}

export function checkObjectKey(key: unknown): string {
  if (
    typeof key !== 'string' ||
    key.length === 0 ||
    Buffer.byteLength(key) > 1024 ||
    controlCharacters.test(key) ||
    key.split('/').some((part) => part === '.' || part === '..')
  ) {
    throw storageErrors.invalidKey(String(key));
  }
  return key;
}
