/**
 * Where an order's documents live (types only; order-files.s3.ts implements it): the PDF and the
 * workbook of each send, and the vendor's signed copy uploaded by staff, under the company.
 */
export type OrderFileKind = 'pdf' | 'xlsx' | 'signed';

export interface OrderFiles {
  /** The key of a file of an order's send (`nonce`: the send's, or the upload's). */
  keyOf(companyId: number, orderId: number, nonce: string, kind: OrderFileKind): string;
  put(key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void>;
  read(key: string): Promise<Uint8Array | undefined>;
  /** Removes a file; a key with none is no error. */
  remove(key: string): Promise<void>;
}
