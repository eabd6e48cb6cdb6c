// The storage service's routing table (paths relative to /storage/v1, as storage-js
// builds them). Specific routes come before the catch-all object routes: Hono tries
// matching routes in the order they were added.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { copyObject } from './copy-object';
import { createBucket } from './create-bucket';
import { deleteBucket } from './delete-bucket';
import { deleteObject } from './delete-object';
import { downloadObject } from './download-object';
import { downloadPublicObject } from './download-public-object';
import { downloadSignedObject } from './download-signed-object';
import { emptyBucket } from './empty-bucket';
import { getBucket } from './get-bucket';
import { getObjectInfo, headObject } from './get-object-info';
import { listBuckets } from './list-buckets';
import { listObjects } from './list-objects';
import { listObjectsV2 } from './list-objects-v2';
import { moveObject } from './move-object';
import { removeObjects } from './remove-objects';
import { renderImage } from './render-image';
import { signObject } from './sign-object';
import { signObjects } from './sign-objects';
import { signUpload } from './sign-upload';
import { renderStorageError } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';
import { updateBucket } from './update-bucket';
import { uploadObject } from './upload-object';
import { uploadSignedObject } from './upload-signed-object';

type Endpoint = (rt: StorageRuntime, c: Context<AppEnv>) => Promise<Response>;

const key = ':bucket/:path{.+}';

/** Hono answers HEAD with the GET route; these endpoints then send headers only. */
const orHead =
  (get: Endpoint, head: Endpoint): Endpoint =>
  (rt, c) =>
    c.req.method === 'HEAD' ? head(rt, c) : get(rt, c);

export function storageRoutes(rt: StorageRuntime): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const run = (endpoint: Endpoint) => async (c: Context<AppEnv>) => {
    try {
      return await endpoint(rt, c);
    } catch (error) {
      return renderStorageError(c, error);
    }
  };

  routes.get('/bucket', run(listBuckets));
  routes.get('/bucket/:bucket', run(getBucket));
  routes.post('/bucket', run(createBucket));
  routes.put('/bucket/:bucket', run(updateBucket));
  routes.post('/bucket/:bucket/empty', run(emptyBucket));
  routes.delete('/bucket/:bucket', run(deleteBucket));

  routes.post('/object/list/:bucket', run(listObjects));
  routes.post('/object/list-v2/:bucket', run(listObjectsV2));
  routes.post('/object/move', run(moveObject));
  routes.post('/object/copy', run(copyObject));
  routes.post(`/object/sign/${key}`, run(signObject));
  routes.post('/object/sign/:bucket', run(signObjects));
  routes.post(`/object/upload/sign/${key}`, run(signUpload));
  routes.put(`/object/upload/sign/${key}`, run(uploadSignedObject));

  routes.get(
    `/object/info/public/${key}`,
    run((rt2, c) => getObjectInfo(rt2, c, 'public')),
  );
  routes.get(
    `/object/info/authenticated/${key}`,
    run((rt2, c) => getObjectInfo(rt2, c, 'authenticated')),
  );
  routes.get(
    `/object/info/${key}`,
    run((rt2, c) => getObjectInfo(rt2, c, 'caller')),
  );
  routes.get(`/object/sign/${key}`, run(downloadSignedObject));
  routes.get(
    `/object/public/${key}`,
    run(orHead(downloadPublicObject, (rt2, c) => headObject(rt2, c, 'public'))),
  );
  routes.get(
    `/object/authenticated/${key}`,
    run(
      orHead(
        (rt2, c) => downloadObject(rt2, c, { authenticated: true }),
        (rt2, c) => headObject(rt2, c, 'authenticated'),
      ),
    ),
  );
  routes.get(
    `/object/${key}`,
    run(
      orHead(
        (rt2, c) => downloadObject(rt2, c, { authenticated: false }),
        (rt2, c) => headObject(rt2, c, 'caller'),
      ),
    ),
  );
  routes.post(`/object/${key}`, run(uploadObject));
  routes.put(`/object/${key}`, run(uploadObject));
  routes.delete(`/object/${key}`, run(deleteObject));
  routes.delete('/object/:bucket', run(removeObjects));

  routes.get(
    `/render/image/public/${key}`,
    run((rt2, c) => renderImage(rt2, c, 'public')),
  );
  routes.get(
    `/render/image/authenticated/${key}`,
    run((rt2, c) => renderImage(rt2, c, 'authenticated')),
  );
  routes.get(
    `/render/image/sign/${key}`,
    run((rt2, c) => renderImage(rt2, c, 'sign')),
  );

  routes.all('*', (c) =>
    c.json(
      {
        statusCode: '404',
        code: 'NotFound',
        error: 'Not Found',
        message: `Route ${c.req.method}:${c.req.path} not found`,
      },
      404,
    ),
  );
  return routes;
}
