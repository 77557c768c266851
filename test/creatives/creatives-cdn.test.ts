import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { CreateSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { cloudFrontSignedUrl } from '../../lambdas/aws/cloudfront-signer';
import { creativeFiles } from '../../lambdas/modules/creatives/file-store.s3';
import { seedCreative, type LineOf } from '../support/creatives';
import { seedDraft } from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * The creatives' view URLs in the cloud: CloudFront signed URLs (canned policy, RSA-SHA256) whose
 * private key the signing route reads from Secrets Manager (here the local one the jest global
 * setup started); locally, S3 pre-signed GETs. The URLs are checked the way CloudFront checks them,
 * written here from its documentation and not from the signer: the canned policy rebuilt from the
 * URL, the signature verified against the public key, the expiry honoured.
 */
const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY_PAIR_ID = 'K2JCJMDEHXQW5F';

type Verdict = 'ok' | 'expired' | 'bad signature' | 'unknown key';

/** What CloudFront answers a viewer presenting `signed` at `nowSeconds` (the distribution trusting `publicKey` as `keyPairId`). */
function cloudFrontChecks(signed: string, publicKey: KeyObject, nowSeconds: number, keyPairId = KEY_PAIR_ID): Verdict {
  const at = signed.indexOf('?');
  const base = signed.slice(0, at);
  const q = new URLSearchParams(signed.slice(at + 1));
  if (q.get('Key-Pair-Id') !== keyPairId) return 'unknown key';
  const expires = q.get('Expires')!;
  const policy = `{"Statement":[{"Resource":"${base}","Condition":{"DateLessThan":{"AWS:EpochTime":${expires}}}}]}`;
  const signature = Buffer.from(q.get('Signature')!.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');
  const algorithm = q.get('Hash-Algorithm') === 'SHA256' ? 'sha256' : 'sha1';
  if (!verify(algorithm, Buffer.from(policy), publicKey, signature)) return 'bad signature';
  return nowSeconds < Number(expires) ? 'ok' : 'expired';
}

describe('the CloudFront signer', () => {
  const { publicKey, privateKey } = pair();
  const url = 'https://d111111abcdef8.cloudfront.net/7/12/340/5';
  const expires = 1_900_000_300;
  const signed = cloudFrontSignedUrl(url, { keyPairId: KEY_PAIR_ID, privateKey }, expires);

  it('signs a canned policy CloudFront verifies with the public key, until the expiry', () => {
    expect(signed.startsWith(`${url}?`)).toBe(true);
    expect(new URLSearchParams(signed.split('?')[1]).get('Hash-Algorithm')).toBe('SHA256');
    expect(cloudFrontChecks(signed, publicKey, expires - 300)).toBe('ok');
    expect(cloudFrontChecks(signed, publicKey, expires - 1)).toBe('ok');
    expect(cloudFrontChecks(signed, publicKey, expires)).toBe('expired');
  });

  it('is refused for another file, another expiry, another key or another key id', () => {
    const otherFile = signed.replace('/340/5?', '/340/6?');
    const later = signed.replace(`Expires=${expires}`, `Expires=${expires + 3600}`);
    expect(cloudFrontChecks(otherFile, publicKey, expires - 300)).toBe('bad signature');
    expect(cloudFrontChecks(later, publicKey, expires - 300)).toBe('bad signature');
    expect(cloudFrontChecks(signed, pair().publicKey, expires - 300)).toBe('bad signature');
    expect(cloudFrontChecks(signed, publicKey, expires - 300, 'KOTHERKEY')).toBe('unknown key');
  });

  it('refuses a URL with a query of its own or a key that is not RSA', () => {
    expect(() => cloudFrontSignedUrl(`${url}?x=1`, { keyPairId: KEY_PAIR_ID, privateKey }, expires)).toThrow(/query/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(() => cloudFrontSignedUrl(url, { keyPairId: KEY_PAIR_ID, privateKey: ec }, expires)).toThrow(/RSA/);
  });
});

const CDN_ENV = ['CREATIVES_CDN_DOMAIN', 'CREATIVES_CDN_KEY_PAIR_ID', 'CREATIVES_CDN_KEY_SECRET'] as const;
const DOMAIN = 'd2creatives0test.cloudfront.net';
const sm = new SecretsManagerClient({
  region: 'us-east-1',
  endpoint: process.env.SECRETS_MANAGER_ENDPOINT,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
let secrets = 0;

/** A key pair whose private half is stored as a new secret (PEM), as the deploy step stores it. */
async function storedKey(): Promise<{ publicKey: KeyObject; secretName: string }> {
  const { publicKey, privateKey } = pair();
  const secretName = `mixdesk/test/creatives-cdn/private-key-${++secrets}-${process.pid}`;
  await sm.send(
    new CreateSecretCommand({
      Name: secretName,
      SecretString: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    }),
  );
  return { publicKey, secretName };
}

/** Sets the CDN's settings as the stack does (a null key pair id leaves it out); undefined: no CDN. */
function useCdn(secretName: string | undefined, keyPairId: string | null = KEY_PAIR_ID): void {
  const values = {
    CREATIVES_CDN_DOMAIN: DOMAIN,
    CREATIVES_CDN_KEY_PAIR_ID: keyPairId ?? undefined,
    CREATIVES_CDN_KEY_SECRET: secretName,
  };
  for (const name of CDN_ENV) {
    const v = secretName === undefined ? undefined : values[name];
    if (v === undefined) delete process.env[name];
    else process.env[name] = v;
  }
}
afterEach(() => useCdn(undefined));
afterAll(() => sm.destroy());

const ref = { companyId: 7, MediaMixId: 12, MediaChannelId: 340, ID: 5 };

describe('view URLs by environment', () => {
  it('are S3 pre-signed GETs of the kept file where no CDN is configured (npm start, tests)', async () => {
    const url = new URL(await creativeFiles.viewUrl(ref, 300));
    expect(
      url.href.startsWith(`${process.env.S3_ENDPOINT}/${process.env.CREATIVES_BUCKET}/creatives/7/12/340/5?`),
    ).toBe(true);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment');
  });

  it('are CloudFront signed URLs of the kept file, with the key read from the secret, where the CDN is configured', async () => {
    const { publicKey, secretName } = await storedKey();
    useCdn(secretName);
    const before = Math.floor(Date.now() / 1000);
    const signed = await creativeFiles.viewUrl(ref, 300);
    const after = Math.ceil(Date.now() / 1000);
    // The distribution's origin path is creatives/: the URL names the kept file under it, nothing else.
    expect(signed.startsWith(`https://${DOMAIN}/7/12/340/5?`)).toBe(true);
    const expires = Number(new URLSearchParams(signed.split('?')[1]).get('Expires'));
    expect(expires).toBeGreaterThanOrEqual(before + 300);
    expect(expires).toBeLessThanOrEqual(after + 300);
    expect(cloudFrontChecks(signed, publicKey, before)).toBe('ok');
    expect(cloudFrontChecks(signed, publicKey, expires)).toBe('expired');
  });

  it('refuse a half-configured CDN rather than fall back to S3', async () => {
    useCdn('mixdesk/test/creatives-cdn/private-key', null);
    await expect(creativeFiles.viewUrl(ref, 300)).rejects.toThrow(/CREATIVES_CDN_KEY_PAIR_ID/);
  });

  it('refuse a secret that holds no RSA private key, and a missing secret', async () => {
    const bad = `mixdesk/test/creatives-cdn/not-a-key-${process.pid}`;
    await sm.send(new CreateSecretCommand({ Name: bad, SecretString: 'not a key' }));
    useCdn(bad);
    await expect(creativeFiles.viewUrl(ref, 300)).rejects.toThrow(/private key/);
    useCdn(`mixdesk/test/creatives-cdn/missing-${process.pid}`);
    await expect(creativeFiles.viewUrl(ref, 300)).rejects.toThrow();
  });
});

describe('GetCreativesList', () => {
  let c: Company;
  let line: LineOf;
  beforeAll(async () => {
    c = await makeCompany('Creatives CDN Agency');
    const p = await seedDraft(c, 1);
    line = { mediaMixId: p.planVersion.ID, mediaChannelId: p.lines[0].ID };
    await seedCreative(c, line);
  });

  it('hands out CloudFront signed URLs of the kept files, valid until the reply says', async () => {
    const { publicKey, secretName } = await storedKey();
    useCdn(secretName);
    const before = Math.floor(Date.now() / 1000);
    const r = await invoke('CreativesService', 'GetCreativesList', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: line,
    });
    expect(r.status).toBe(200);
    const [item] = r.body.Response.Items;
    expect(
      item.Url.startsWith(`https://${DOMAIN}/${c.companyId}/${line.mediaMixId}/${line.mediaChannelId}/${item.ID}?`),
    ).toBe(true);
    expect(cloudFrontChecks(item.Url, publicKey, before)).toBe('ok');
    const after = Math.ceil(Date.now() / 1000);
    // Five minutes from the call, as the reply's UrlsExpireAt says.
    const expires = Number(new URLSearchParams(item.Url.split('?')[1]).get('Expires'));
    for (const seconds of [expires, Date.parse(r.body.Response.UrlsExpireAt) / 1000]) {
      expect(seconds).toBeGreaterThanOrEqual(before + 300);
      expect(seconds).toBeLessThanOrEqual(after + 300);
    }
  });
});
