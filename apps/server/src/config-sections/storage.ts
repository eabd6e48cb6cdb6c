// Settings of the storage part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const storageEnv = z.object({
  STORAGE_BACKEND: z.enum(['file', 's3']).default('file'),
  STORAGE_FILE_DIR: optionalString,
  STORAGE_FILE_SIZE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 * 1024),
  STORAGE_S3_BUCKET: optionalString,
  STORAGE_S3_ENDPOINT: optionalString.refine((v) => v === undefined || URL.canParse(v), {
    message: 'must be an absolute URL such as https://s3.eu-central-1.amazonaws.com',
  }),
  STORAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: optionalString,
  STORAGE_S3_SECRET_ACCESS_KEY: optionalString,
  STORAGE_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v !== 'false'),
  STORAGE_IMAGE_TRANSFORMATION: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v !== 'false'),
});

type StorageEnv = z.output<typeof storageEnv>;

export function readStorageConfig(env: StorageEnv) {
  return {
    backend: env.STORAGE_BACKEND,
    /** Where the file backend keeps bytes; DATA_DIR/storage unless set. */
    fileDir: env.STORAGE_FILE_DIR,
    /** The global upload limit in bytes; bucket limits are min'ed with it. */
    fileSizeLimit: env.STORAGE_FILE_SIZE_LIMIT,
    s3: {
      bucket: env.STORAGE_S3_BUCKET,
      endpoint: env.STORAGE_S3_ENDPOINT,
      region: env.STORAGE_S3_REGION,
      accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID,
      secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE,
    },
    imageTransformation: env.STORAGE_IMAGE_TRANSFORMATION,
  };
}

export type StorageConfig = ReturnType<typeof readStorageConfig>;
