import { deleteObject, getObject, putObject } from '../../aws/s3';
import type { OrderFiles } from './order-files';

/**
 * Order documents in the stage's creatives bucket (the one private bucket of files, as the company
 * logos), under `orders/<company>/<order>/<nonce>.<kind>`: keys made from ids and the send's random
 * nonce only. Never served from the bucket: the public page and the console read them through the API.
 */
export const ORDER_FILES_PREFIX = 'orders/';

function bucket(): string {
  const name = process.env.CREATIVES_BUCKET;
  if (!name) throw new Error('CREATIVES_BUCKET is not set');
  return name;
}

export const orderFiles: OrderFiles = {
  keyOf: (companyId, orderId, nonce, kind) => `${ORDER_FILES_PREFIX}${companyId}/${orderId}/${nonce}.${kind}`,
  put: (key, bytes, contentType) => putObject({ bucket: bucket(), key }, bytes, contentType),
  read: async (key) => (await getObject({ bucket: bucket(), key }))?.body,
  remove: (key) => deleteObject({ bucket: bucket(), key }),
};
