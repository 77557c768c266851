import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  dispatchCompanySync,
  parseSyncJob,
  routedSyncQueue,
  type SyncQueue,
} from '../../lambdas/modules/connectors/sync/dispatch';
import type { SyncJob } from '../../lambdas/modules/connectors/sync/sync-account';
import { memorySyncPorts } from '../support/memory-sync-ports';
import { sqsSyncQueue } from '../../lambdas/modules/connectors/sync/sqs-queue';
import { isSyncHour, syncSettingsOf } from '../../lambdas/modules/connectors/sync/sync-settings';

/** The dispatcher's messages, their queues, and SQS's JSON protocol as the dispatcher speaks it (no local SQS engine exists: a server that reads the wire). */
describe('sync dispatch', () => {
  it("puts one job per (agent connector, external account) on its platform's queue; CSV connectors are not synced", async () => {
    const ports = memorySyncPorts();
    ports.addConnector(1, {
      agentConnectorId: 10,
      connectorType: 'google_ads',
      credentials: {},
      externalAccounts: [{ externalAccountId: '111' }, { externalAccountId: '222' }],
    });
    ports.addConnector(1, {
      agentConnectorId: 11,
      connectorType: 'meta_ads',
      credentials: {},
      externalAccounts: [{ externalAccountId: 'act_9' }],
    });
    ports.addConnector(1, {
      agentConnectorId: 12,
      connectorType: 'csv_upload',
      credentials: {},
      externalAccounts: [{ externalAccountId: 'x' }],
    });
    ports.addConnector(2, {
      agentConnectorId: 20,
      connectorType: 'google_ads',
      credentials: {},
      externalAccounts: [{ externalAccountId: '333' }],
    });
    const got: Record<string, SyncJob[]> = { google_ads: [], meta_ads: [] };
    const into = (type: string): SyncQueue => ({
      send: async (jobs) => {
        got[type].push(...jobs);
      },
    });
    const queue = routedSyncQueue({ google_ads: into('google_ads'), meta_ads: into('meta_ads') });
    expect(await dispatchCompanySync(1, ports, queue)).toHaveLength(3);
    expect(got.google_ads.map((j) => `${j.companyId}/${j.agentConnectorId}/${j.externalAccountId}`)).toEqual([
      '1/10/111',
      '1/10/222',
    ]);
    expect(got.meta_ads).toEqual([
      { companyId: 1, agentConnectorId: 11, externalAccountId: 'act_9', connectorType: 'meta_ads' },
    ]);
    // Sync now: one connector only.
    got.google_ads.length = 0;
    expect(await dispatchCompanySync(1, ports, queue, { agentConnectorId: 11 })).toHaveLength(1);
    expect(got.google_ads).toEqual([]);
    // A type without a queue is an error, not a silent drop.
    await expect(
      routedSyncQueue({}).send([
        { companyId: 1, agentConnectorId: 1, externalAccountId: '1', connectorType: 'tiktok_ads' },
      ]),
    ).rejects.toThrow('tiktok_ads');
  });

  it('reads a message only when it names its company, connector and account', () => {
    expect(
      parseSyncJob('{"companyId":3,"agentConnectorId":4,"externalAccountId":"55","connectorType":"google_ads"}'),
    ).toEqual({ companyId: 3, agentConnectorId: 4, externalAccountId: '55', connectorType: 'google_ads' });
    expect(() => parseSyncJob('{"companyId":"3","agentConnectorId":4,"externalAccountId":"55"}')).toThrow();
    expect(() => parseSyncJob('{"companyId":3,"agentConnectorId":4}')).toThrow();
    expect(() => parseSyncJob('not json')).toThrow();
  });

  it('starts a company in its own sync hour, in its own zone', () => {
    const s = syncSettingsOf({ TimeZone: 'Asia/Jerusalem', SyncHour: '05:00' });
    expect(s).toMatchObject({ syncHour: 5, restatementDays: 28, backfillDays: 90 });
    expect(isSyncHour(s, Date.parse('2026-01-15T03:30:00Z'))).toBe(true); // 05:30 in Jerusalem (UTC+2)
    expect(isSyncHour(s, Date.parse('2026-01-15T05:30:00Z'))).toBe(false);
    expect(isSyncHour(s, Date.parse('2026-07-15T02:10:00Z'))).toBe(true); // summer time, UTC+3
    expect(syncSettingsOf({ SyncHour: 99, RestatementDays: 0, TimeZone: 'Mars/Base' })).toMatchObject({
      syncHour: 5,
      restatementDays: 28,
      timeZone: 'Asia/Jerusalem',
    });
  });

  it('sends SQS SendMessageBatch, signed, ten a call, and resends refused entries once', async () => {
    const bodies: {
      target: string;
      auth: string;
      body: { QueueUrl: string; Entries: { Id: string; MessageBody: string }[] };
    }[] = [];
    let refuseNext = true;
    const server = createServer(async (req: IncomingMessage, res) => {
      let raw = '';
      for await (const c of req) raw += c;
      const body = JSON.parse(raw);
      bodies.push({ target: String(req.headers['x-amz-target']), auth: String(req.headers.authorization), body });
      const failed = refuseNext
        ? [{ Id: body.Entries[0].Id, SenderFault: false, Code: 'InternalError', Message: 'try again' }]
        : [];
      refuseNext = false;
      res.setHeader('content-type', 'application/x-amz-json-1.0');
      res.end(JSON.stringify({ Successful: [], Failed: failed }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'AKIDLOCAL', AWS_SECRET_ACCESS_KEY: 'local' });
    try {
      const url = `http://127.0.0.1:${port}/123456789012/mixdesk-sync-google-ads`;
      const jobs = Array.from({ length: 12 }, (_, i) => ({
        companyId: 1,
        agentConnectorId: 2,
        externalAccountId: String(100 + i),
      }));
      await sqsSyncQueue(url, { region: 'eu-west-1' }).send(jobs);
      expect(bodies.map((b) => b.body.Entries.length)).toEqual([10, 1, 2]);
      expect(bodies.every((b) => b.target === 'AmazonSQS.SendMessageBatch' && b.body.QueueUrl === url)).toBe(true);
      expect(bodies[0].auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDLOCAL\/\d{8}\/eu-west-1\/sqs\/aws4_request/);
      expect(JSON.parse(bodies[1].body.Entries[0].MessageBody)).toEqual(jobs[0]);
      expect(
        bodies.flatMap((b) => b.body.Entries.map((e) => JSON.parse(e.MessageBody).externalAccountId)).sort(),
      ).toEqual([...jobs.map((j) => j.externalAccountId), '100'].sort());
    } finally {
      server.close();
    }
  });
});
