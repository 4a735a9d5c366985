/**
 * The portal on S3 storage (CITADEL_STORAGE=s3) against a real S3-compatible
 * server: a chunked upload lands in the bucket, downloads stream back from it
 * with ranges, and deleting the sample deletes the object.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apkBytes, uploadChunked } from '../domain/uploads/test-helpers.ts';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../test-support/test-app.ts';
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts';

describe('uploads on S3 storage', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    s3 = await startS3TestServer('citadel-app');
    const { endpoint, bucket, accessKey, secretKey } = s3.settings;
    t = await startTestApp('sqlite', {
      CITADEL_STORAGE: 's3',
      CITADEL_S3_ENDPOINT: endpoint,
      CITADEL_S3_BUCKET: bucket,
      CITADEL_S3_ACCESS_KEY: accessKey,
      CITADEL_S3_SECRET_KEY: secretKey,
      CITADEL_S3_FORCE_PATH_STYLE: '1',
    });
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterAll(async () => {
    await t?.stop();
    await s3?.stop();
  });

  it('stores, serves ranges from and deletes objects in the bucket', async () => {
    const content = apkBytes(undefined, 20_000);
    const { last } = await uploadChunked(t.app, admin, '样本.apk', content, { chunkSize: 4096 });
    const file = last.body.data.file;
    expect(file.md5).toBe(createHash('md5').update(content).digest('hex'));
    expect(t.services.storage.kind).toBe('s3');
    expect(await t.services.storage.exists(file.path)).toBe(true);

    const got = await t.app.inject({ method: 'POST', url: '/mb/get', headers: { ...admin, range: 'bytes=0-99' }, payload: { bucket_name: 'citadel-app', object_name: file.path } });
    expect(got.statusCode).toBe(206);
    expect(got.rawPayload.equals(content.subarray(0, 100))).toBe(true);
    const wrongBucket = await t.app.inject({ method: 'POST', url: '/mb/get', headers: admin, payload: { bucket_name: 'other', object_name: file.path } });
    expect(wrongBucket.json().error).toBe('file_not_found');

    expect((await post(t.app, '/sample/delete', { id: file.sample_id }, admin)).body.data).toEqual({ ok: true });
    expect(await t.services.storage.exists(file.path)).toBe(false);
  });
});
