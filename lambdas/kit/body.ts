import { PayloadTooLargeError, ValidationError } from '../core/errors';

/** Largest body a service method accepts (a route may name its own: RouteDef.maxBodyBytes); uploads go to S3 instead (docs/domain.md). */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * The request body as a plain object. JSON is the contract; application/x-www-form-urlencoded is
 * accepted because the legacy client posts forms. In a form, a value that holds a JSON object or
 * array (e.g. `account={"ID":0,...}`, `ids=[1,2]`) is decoded; other values stay strings and the
 * schemas accept the string spelling of numbers and booleans.
 */
export function parseBody(
  raw: string | undefined,
  isBase64: boolean | undefined,
  contentType: string | undefined,
  maxBytes: number = MAX_BODY_BYTES,
): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === '') return {};
  const text = isBase64 ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > maxBytes) {
    throw new PayloadTooLargeError(
      `Request body is larger than ${Math.floor(maxBytes / 1024)} kB`,
      'PAYLOAD_TOO_LARGE',
      { maxKb: Math.floor(maxBytes / 1024) },
    );
  }
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return parseForm(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError('Request body is not valid JSON', 'BODY_INVALID');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ValidationError('Request body must be a JSON object', 'BODY_INVALID');
  }
  return parsed as Record<string, unknown>;
}

function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const v = value.trim();
    if ((v.startsWith('{') && v.endsWith('}')) || (v.startsWith('[') && v.endsWith(']'))) {
      try {
        out[key] = JSON.parse(v);
        continue;
      } catch {
        throw new ValidationError(`${key}: is not valid JSON`, 'FIELD_INVALID', {
          field: key,
          detail: 'is not valid JSON',
          reason: 'NOT_JSON',
        });
      }
    }
    out[key] = value;
  }
  return out;
}
