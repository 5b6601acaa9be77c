import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

const s3 = new S3Client({ region: process.env.AWS_REGION });

/** Stores bytes under `key` in the assets bucket; returns the public URL. */
export async function putBlob(key: string, body: Buffer, contentType: string): Promise<string> {
  await s3.send(new PutObjectCommand({ Bucket: process.env.ASSETS_BUCKET, Key: key, Body: body, ContentType: contentType }));
  return `https://assets.people.example.com/${key}`;
}
