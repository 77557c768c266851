import { inflateRawSync } from 'node:zlib';

/**
 * The XML parts of an .xlsx file (a zip), for what read-excel-file does not report: the sheet's
 * right-to-left flag and the number format each cell is styled with. Reads the zip's central
 * directory (its sizes are right even when the local headers defer them to a data descriptor).
 */
export function xlsxParts(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const parts = new Map<string, string>();
  for (let i = 0; i < entries; i += 1) {
    const method = file.readUInt16LE(at + 10);
    const size = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const skip = file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const data = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const raw = file.subarray(data, data + size);
    parts.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString('utf8'));
    at += 46 + nameLength + skip;
  }
  return parts;
}

/** Cell reference ('C12') → the number format code its style applies, and its raw value and type. */
export function cellFormats(
  parts: Map<string, string>,
  sheet = 'xl/worksheets/sheet1.xml',
): Map<string, { format: string; type: string | null; value: string | null }> {
  const styles = parts.get('xl/styles.xml') ?? '';
  const codes = new Map(
    [...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [m[1], unescapeXml(m[2])]),
  );
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  // Every <xf> is one style index; one without numFmtId is General (built-in format 0).
  const formatOfStyle = [...xfs.matchAll(/<xf\b([^>]*)>/g)].map((m) => {
    const id = /numFmtId="(\d+)"/.exec(m[1])?.[1] ?? '0';
    return codes.get(id) ?? (id === '0' ? 'General' : `built-in ${id}`);
  });
  const cells = new Map<string, { format: string; type: string | null; value: string | null }>();
  for (const m of (parts.get(sheet) ?? '').matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const style = /\bs="(\d+)"/.exec(m[2])?.[1];
    cells.set(m[1], {
      format: style === undefined ? 'General' : (formatOfStyle[Number(style)] ?? 'General'),
      type: /\bt="(\w+)"/.exec(m[2])?.[1] ?? null,
      value: /<v>([^<]*)<\/v>/.exec(m[3] ?? '')?.[1] ?? null,
    });
  }
  return cells;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
