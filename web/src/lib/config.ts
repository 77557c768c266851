/**
 * Runtime configuration, fetched from /config.json at start-up so one build runs against any stack
 * (the local stack serves it next to web/dist; the cloud web stack writes it at deploy time).
 */
export type AuthFlow = 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';

export interface AppConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only for cognito-local; absent in the cloud. */
  userPoolEndpoint?: string;
  authFlow: AuthFlow;
  /** Whom the accessibility statement names as its coordinator; each part optional (placeholders stand in). */
  accessibilityContact?: AccessibilityContact;
}

export interface AccessibilityContact {
  name?: string;
  email?: string;
  phone?: string;
}

let current: AppConfig | null = null;

/** config.json says 'SRP' in the cloud and 'USER_PASSWORD_AUTH' locally; Amplify wants the full flow names. */
function normaliseFlow(flow: unknown): AuthFlow {
  return flow === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
}

export function parseConfig(raw: unknown): AppConfig {
  const r = (raw ?? {}) as Record<string, unknown>;
  for (const key of ['apiUrl', 'userPoolId', 'userPoolClientId'] as const) {
    if (typeof r[key] !== 'string' || r[key] === '') throw new Error(`config.json: ${key} is missing`);
  }
  return {
    apiUrl: String(r.apiUrl).replace(/\/+$/, ''),
    region: typeof r.region === 'string' ? r.region : 'us-east-1',
    userPoolId: String(r.userPoolId),
    userPoolClientId: String(r.userPoolClientId),
    userPoolEndpoint: typeof r.userPoolEndpoint === 'string' && r.userPoolEndpoint ? r.userPoolEndpoint : undefined,
    authFlow: normaliseFlow(r.authFlow),
    accessibilityContact: contactOf(r.accessibilityContact),
  };
}

function contactOf(raw: unknown): AccessibilityContact | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return { name: text(r.name), email: text(r.email), phone: text(r.phone) };
}

/** Until a stage names its coordinator: the product's accessibility mailbox and switchboard. */
const CONTACT_PLACEHOLDER = { email: 'accessibility@mixdesk.example', phone: '+972-3-555-0100' };

/** The accessibility coordinator as the statement shows it: no name means the catalogue's placeholder. */
export function accessibilityContact(): { name?: string; email: string; phone: string } {
  const c = current?.accessibilityContact;
  return { name: c?.name, email: c?.email ?? CONTACT_PLACEHOLDER.email, phone: c?.phone ?? CONTACT_PLACEHOLDER.phone };
}

export async function loadConfig(url = '/config.json'): Promise<AppConfig> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
  current = parseConfig(await res.json());
  return current;
}

/** For tests and for code that runs before the fetch finishes. */
export function setConfig(config: AppConfig | null): void {
  current = config;
}

export function getConfig(): AppConfig {
  if (!current) throw new Error('The configuration is not loaded yet');
  return current;
}
