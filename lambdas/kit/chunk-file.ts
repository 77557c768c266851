import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The address of a chunk's file beside the running bundle (lib/lambda-bundling.ts LazyChunk): the
 * function's task root, which holds the bundle and its chunks.
 */
export const chunkHref = (file: string): string =>
  pathToFileURL(path.join(process.env.LAMBDA_TASK_ROOT ?? process.cwd(), file)).href;
