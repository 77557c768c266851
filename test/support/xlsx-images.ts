import ExcelJS from 'exceljs';

/** A picture of a sheet as exceljs reads it back: its bytes, type, top-left cell (0-based) and size in pixels. */
export interface SheetPicture {
  bytes: Buffer;
  extension: string;
  col: number;
  row: number;
  width: number | undefined;
  height: number | undefined;
}

/** The pictures of each sheet of an .xlsx file, in the workbook's order, read by exceljs (a library the writer does not use). */
export async function picturesOf(file: Buffer): Promise<SheetPicture[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ExcelJS.Buffer);
  return wb.worksheets.map((ws) =>
    ws.getImages().map((img) => {
      const media = wb.getImage(Number(img.imageId)) as unknown as { buffer: Uint8Array; extension: string };
      const range = img.range as unknown as {
        tl: { nativeCol: number; nativeRow: number };
        ext?: { width: number; height: number };
      };
      return {
        bytes: Buffer.from(media.buffer),
        extension: media.extension,
        col: range.tl.nativeCol,
        row: range.tl.nativeRow,
        width: range.ext?.width,
        height: range.ext?.height,
      };
    }),
  );
}
