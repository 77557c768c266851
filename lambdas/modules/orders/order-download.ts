import { ConflictError, NotFoundError } from '../../core/errors';
import { log } from '../../core/logger';
import type { UserProfile } from '../tenancy';
import type { ExportedFile } from '../media-plans/replies/plans';
import { sha256Hex } from './io-document';
import { orderNumber } from './order-document';
import type { OrderFiles } from './order-files';
import { orderFiles } from './order-files.s3';
import { loadOrderInScope } from './orders';
import type { GetOrderDocumentInput } from './schemas';
import type { OfflineAcceptance, Order } from './store';

/**
 * OrdersService.GetOrderDocument (docs/buy-side.md "Sending and acceptance"): the PDF or the
 * workbook of the order's latest send, exactly as the vendor received it, or the vendor's signed
 * copy recorded by staff ('offline', docs/buy-side.md "Offline acceptance"). The bytes are read back
 * from the bucket and their SHA-256 checked against the one the send (or the record) holds: a file changed or
 * gone since is refused, never served (what the vendor accepted is the recorded hash).
 */

const FORMATS = {
  pdf: { ext: 'pdf', contentType: 'application/pdf' },
  xlsx: { ext: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
} as const;

const SIGNED_EXT: Record<OfflineAcceptance['ContentType'], string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** The stored file of `format`, its recorded hash and how it is served; 404 when the order has none. */
function stored(o: Order, format: GetOrderDocumentInput['format']) {
  if (format === 'offline') {
    const a = o.Offline;
    if (!a) throw new NotFoundError(`Order ${o.ID} has no signed copy recorded`, 'ORDER_NOT_SIGNED', { id: o.ID });
    return { key: a.Key, sha: a.Sha256, ext: SIGNED_EXT[a.ContentType], contentType: a.ContentType, suffix: '-signed' };
  }
  const s = o.Send;
  if (!s)
    throw new NotFoundError(`Order ${o.ID} has not been sent; it has no sent document`, 'ORDER_NOT_SENT', { id: o.ID });
  const f = FORMATS[format];
  const [key, sha] = format === 'pdf' ? [s.PdfKey, s.PdfSha256] : [s.XlsxKey, s.XlsxSha256];
  return { key, sha, ...f, suffix: '' };
}

/** The file reply; the name is ASCII (IO-<year>-<id>), so Content-Disposition needs no filename*. */
function fileReply(bytes: Uint8Array, name: string, contentType: string): ExportedFile {
  return {
    FileName: name,
    ContentType: contentType,
    ContentDisposition: `attachment; filename="${name}"`,
    Base64: Buffer.from(bytes).toString('base64'),
  };
}

export async function getOrderDocumentFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: GetOrderDocumentInput,
  files: OrderFiles = orderFiles,
): Promise<ExportedFile> {
  const o = await loadOrderInScope(caller, scopeAccountId, input.orderId);
  const { key, sha, ext, contentType, suffix } = stored(o, input.format);
  const bytes = await files.read(key);
  if (!bytes || sha256Hex(bytes) !== sha) {
    // An integrity failure, not a user error: logged for the operators, refused to the caller.
    log.error('order document missing or changed', { orderId: o.ID, format: input.format, found: !!bytes });
    throw new ConflictError(
      `The stored ${input.format} of order ${o.ID} is missing or is not the one sent; it is not served`,
      'ORDER_DOCUMENT_CHANGED',
      { id: o.ID, format: input.format },
    );
  }
  return fileReply(bytes, `${orderNumber(o)}${suffix}.${ext}`, contentType);
}
