/**
 * Structured JSON logs, one line per entry, to stdout (CloudWatch in the cloud). Only fields chosen
 * by the caller are written: never a whole event, a header map or a token.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (process.env.MIXDESK_LOG_LEVEL === 'silent') return;
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
}

export const log = {
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** An Error as loggable fields (stack included: it goes to the log, never to the caller). */
export function errorFields(err: unknown) {
  if (err instanceof Error) return { errorName: err.name, errorMessage: err.message, stack: err.stack };
  return { errorMessage: String(err) };
}
