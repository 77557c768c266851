import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

/**
 * Serves the console locally: the Vite build in `web/dist` when it exists (with SPA fallback to
 * index.html), else a placeholder page. `GET /config.json` is generated here: in the cloud the same
 * file is written next to the bundle at deploy time, so the console never has endpoints baked in.
 */
export interface ConsoleConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set locally only: the console points Amplify at cognito-local instead of AWS. */
  userPoolEndpoint?: string;
  /** cognito-local has no SRP, so the console signs in with USER_PASSWORD_AUTH locally. */
  authFlow?: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
}

export interface WebServerOptions {
  config: ConsoleConfig;
  /** Default: `{repo}/web/dist`. Checked on every request, so a build made while running is picked up. */
  distDir?: string;
  /** Listed on the placeholder page. */
  demoUsers?: string[];
  demoPassword?: string;
  /** Per-request log lines (default: none; asset requests would drown the API log). */
  log?: (line: string) => void;
}

const DEFAULT_DIST = path.resolve(__dirname, '..', 'web', 'dist');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function placeholderPage(o: { apiUrl: string; demoUsers: string[]; demoPassword?: string }): string {
  const users = o.demoUsers.map((u) => `<li><code>${escapeHtml(u)}</code></li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mixdesk</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
  code { background: #f3f3f3; padding: 0 .25rem; border-radius: 3px; }
</style>
</head>
<body>
<h1>Mixdesk</h1>
<p>The local stack is running. The console is coming: once it is built (<code>web/dist</code>), it is served here.</p>
<p>API: <code>${escapeHtml(o.apiUrl)}</code> &middot; configuration: <a href="/config.json">/config.json</a></p>
${users ? `<h2>Demo users</h2><ul>${users}</ul>` : ''}
${o.demoPassword ? `<p>Password: <code>${escapeHtml(o.demoPassword)}</code></p>` : ''}
</body>
</html>
`;
}

export function createWebServer(opts: WebServerOptions): Server {
  const log = opts.log ?? (() => undefined);
  const dist = path.resolve(opts.distDir ?? DEFAULT_DIST);
  const configJson = JSON.stringify(opts.config, null, 2);

  return createServer((req, res) => {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const urlPath = (req.url ?? '/').split('?')[0];
    const done = (status: number) => log(`web ${method} ${urlPath} ${status} ${Date.now() - started}ms`);

    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' });
      res.end('Method Not Allowed');
      return done(405);
    }
    const sendText = (status: number, type: string, body: string, cache = 'no-cache') => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': cache,
        'content-length': Buffer.byteLength(body),
      });
      res.end(method === 'HEAD' ? undefined : body);
      done(status);
    };

    if (urlPath === '/config.json') return sendText(200, 'application/json', configJson);

    const index = path.join(dist, 'index.html');
    if (!existsSync(index)) {
      if (urlPath === '/' || urlPath === '/index.html' || !path.extname(urlPath)) {
        return sendText(
          200,
          MIME['.html'],
          placeholderPage({
            apiUrl: opts.config.apiUrl,
            demoUsers: opts.demoUsers ?? [],
            demoPassword: opts.demoPassword,
          }),
        );
      }
      return sendText(404, 'text/plain', 'Not Found');
    }

    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return sendText(400, 'text/plain', 'Bad Request');
    }
    // Resolve inside dist only: `..` segments can never escape it.
    const file = path.join(dist, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''));
    const inside = file === dist || file.startsWith(dist + path.sep);
    let target: string | undefined;
    if (inside && existsSync(file) && statSync(file).isFile()) target = file;
    else if (!path.extname(decoded)) target = index; // client-side route: SPA fallback
    if (!target) return sendText(404, 'text/plain', 'Not Found');

    const ext = path.extname(target).toLowerCase();
    // Vite puts content hashes in asset names: cache those for ever, never index.html.
    const cache = target.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': cache,
      'content-length': statSync(target).size,
    });
    if (method === 'HEAD') {
      res.end();
      return done(200);
    }
    createReadStream(target)
      .on('error', () => res.destroy())
      .pipe(res)
      .on('finish', () => done(200));
  });
}
