/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { fakeStorage } from '../../../testing/fake-storage';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { CsvImportView } from '../api/csv-upload-api';
import type { AgentConnector } from '../api/connectors-api';
import { AgentConnectorsScreen } from './agent-connectors-screen';
import { CsvUploadDialog } from './csv-upload-dialog';

setUpScreenTests({ quiet: true });

const FORM = {
  ImportId: '1764000000000-00000000-0000-4000-8000-000000000000',
  Url: 'http://s3.test/bucket',
  Fields: { key: 'uploads/csv/1/x.csv', Policy: 'p' },
  MaxBytes: 5 * 1024 * 1024,
  MaxRows: 20000,
};
const view = (over: Partial<CsvImportView> = {}): CsvImportView => ({
  ImportId: FORM.ImportId,
  AgentConnectorId: 5,
  AccountConnectorId: null,
  FileName: 'stats.csv',
  Status: 'OK',
  Phase: 'done',
  LinesChecked: 4,
  RowsTotal: 3,
  RowsDone: 3,
  RowsWritten: 2,
  Days: 2,
  Campaigns: 2,
  Accounts: 1,
  From: '2026-01-01',
  To: '2026-01-02',
  StartedAt: '',
  EndedAt: '',
  Error: null,
  ErrorReason: null,
  Attempts: 1,
  ...over,
});

const render = (onImported = jest.fn()) => {
  renderWithProviders(
    <CsvUploadDialog connector={{ ID: 5, Name: 'Agency CSV' }} onImported={onImported} onClose={() => undefined} />,
    '/agentSettings/connectors/list',
  );
  return onImported;
};
const choose = (text: string) =>
  fireEvent.change(screen.getByTestId('csv-upload-file'), {
    target: { files: [new File([text], 'stats.csv', { type: 'text/csv' })] },
  });

it('offers the template with the header row, uploads the file to storage, imports it and shows the summary', async () => {
  signInAs(PROFILES.admin);
  const sent = fakeStorage();
  const api = mockApi({
    'ConnectorsService/GetCsvUploadUrl': () => ok(FORM),
    'ConnectorsService/ImportCampaignStatsCsv': () => ok(view()),
    'ConnectorsService/GetCsvImport': () => ok(view({ Status: 'Running', Phase: 'write', RowsDone: 1 })),
  });
  const onImported = render();
  expect(decodeURIComponent(screen.getByTestId('csv-template').getAttribute('href')!)).toContain(
    'date,platform,account,campaign id,campaign name',
  );
  choose('date,platform\n');
  expect((await screen.findByTestId('csv-upload-summary')).textContent).toMatch(
    /3 rows \(2 new or changed\) — 2 days, 2 campaigns, 1 ad accounts, 2026-01-01 to 2026-01-02/,
  );
  expect(callsTo(api, 'GetCsvUploadUrl')[0].body).toEqual({ agentConnectorId: 5, fileName: 'stats.csv', size: 14 });
  expect(callsTo(api, 'ImportCampaignStatsCsv')[0].body).toEqual({
    agentConnectorId: 5,
    importId: FORM.ImportId,
    fileName: 'stats.csv',
  });
  expect(sent[0].get('key')).toBe('uploads/csv/1/x.csv');
  expect(onImported).toHaveBeenCalled();
});

it('a large file runs as a job: the dialog follows its run to the end and shows the summary', async () => {
  signInAs(PROFILES.admin);
  fakeStorage();
  const runs = [view({ Status: 'Running', Phase: 'write', RowsTotal: 3, RowsDone: 1 }), view()];
  const api = mockApi({
    'ConnectorsService/GetCsvUploadUrl': () => ok(FORM),
    'ConnectorsService/ImportCampaignStatsCsv': () => ({
      status: 202,
      json: {
        Success: true,
        Response: view({ Status: 'Running', Phase: 'write', RowsTotal: 3, RowsDone: 0, EndedAt: null }),
      },
    }),
    'ConnectorsService/GetCsvImport': () => ok(runs.shift() ?? view()),
  });
  const onImported = render();
  choose('date,platform\n');
  // The job's progress, while its run says Running.
  expect(await screen.findByText(/Importing… [01] of 3 rows/)).toBeTruthy();
  expect((await screen.findByTestId('csv-upload-summary')).textContent).toMatch(/3 rows \(2 new or changed\)/);
  expect(callsTo(api, 'GetCsvImport').length).toBeGreaterThanOrEqual(2);
  expect(onImported).toHaveBeenCalled();
}, 30_000);

it('a job that stopped midway says how far it got, not that the file was imported', async () => {
  signInAs(PROFILES.admin);
  fakeStorage();
  mockApi({
    'ConnectorsService/GetCsvUploadUrl': () => ok(FORM),
    'ConnectorsService/ImportCampaignStatsCsv': () => ({
      status: 202,
      json: {
        Success: true,
        Response: view({ Status: 'Running', Phase: 'write', RowsTotal: 3, RowsDone: 0, EndedAt: null }),
      },
    }),
    'ConnectorsService/GetCsvImport': () =>
      ok(
        view({
          Status: 'Error',
          RowsDone: 2,
          RowsWritten: 2,
          Error: 'The import stopped after 2 of 3 rows',
          ErrorReason: 'stopped',
        }),
      ),
  });
  const onImported = render();
  choose('date,platform\n');
  const errors = await screen.findByTestId('csv-upload-errors');
  expect(errors.textContent).toContain('The import stopped after 2 of 3 rows (2 written)');
  expect(screen.queryByTestId('csv-upload-summary')).toBeNull();
  expect(onImported).toHaveBeenCalled();
}, 30_000);

it('a job the queue gave up says so, with the rows written and its attempts', async () => {
  signInAs(PROFILES.admin);
  fakeStorage();
  mockApi({
    'ConnectorsService/GetCsvUploadUrl': () => ok(FORM),
    'ConnectorsService/ImportCampaignStatsCsv': () => ({
      status: 202,
      json: {
        Success: true,
        Response: view({ Status: 'Running', Phase: 'write', RowsTotal: 3, RowsDone: 0, EndedAt: null }),
      },
    }),
    'ConnectorsService/GetCsvImport': () =>
      ok(view({ Status: 'Error', RowsDone: 1, RowsWritten: 1, Attempts: 3, Error: 'given up', ErrorReason: 'gaveUp' })),
  });
  render();
  choose('date,platform\n');
  const errors = await screen.findByTestId('csv-upload-errors');
  expect(errors.textContent).toContain(
    'The import job failed on each of its 3 attempts and was given up; at least 1 of 3 rows were written.',
  );
}, 30_000);

it("lists each refused line with its reason in the user's language; nothing was imported", async () => {
  signInAs(PROFILES.admin);
  fakeStorage();
  mockApi({
    'ConnectorsService/GetCsvUploadUrl': () => ok(FORM),
    'ConnectorsService/ImportCampaignStatsCsv': () => ({
      status: 400,
      json: {
        Success: false,
        ErrorMessage: 'csv: …',
        ErrorCode: 'CSV_LINE_INVALID',
        ErrorParams: { line: 3, column: 'date', detail: 'date is not a real date', reason: 'DATE_NOT_REAL', count: 2 },
        ErrorIssues: [
          { line: 3, field: 'date', code: 'DATE_NOT_REAL', params: { detail: 'date is not a real date' } },
          {
            line: 7,
            field: 'account',
            code: 'ACCOUNT_NOT_LINKED',
            params: { account: 'stranger-1', detail: 'account names the ad account stranger-1, which …' },
          },
        ],
      },
    }),
    'ConnectorsService/GetCsvImport': () => ({
      status: 404,
      json: {
        Success: false,
        ErrorMessage: 'gone',
        ErrorCode: 'NOT_FOUND',
        ErrorParams: { entity: 'CsvImport', id: 'x' },
      },
    }),
  });
  const onImported = render();
  choose('x');
  const errors = await screen.findByTestId('csv-upload-errors');
  expect(errors.textContent).toContain('stats.csv was not imported');
  expect(errors.textContent).toContain('Line 3: date: is not a real date');
  expect(errors.textContent).toContain(
    'Line 7: account: names the ad account stranger-1, which no account connector of this connection links',
  );
  expect(onImported).not.toHaveBeenCalled();
});

it('refuses a file over the limit before uploading it', async () => {
  signInAs(PROFILES.admin);
  const api = mockApi({});
  render();
  const big = new File(['x'], 'big.csv', { type: 'text/csv' });
  Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
  fireEvent.change(screen.getByTestId('csv-upload-file'), { target: { files: [big] } });
  await waitFor(() =>
    expect(screen.getByTestId('csv-upload-errors').textContent).toContain(
      'The file is 6,144 kB; an import takes at most 5,120 kB',
    ),
  );
  expect(api).not.toHaveBeenCalled();
});

it('offers Upload CSV on CSV upload connections only, and opens the dialog (its own lazy chunk)', async () => {
  signInAs(PROFILES.admin);
  const agent = (ID: number, ConnectorType: AgentConnector['ConnectorType'], Name: string): AgentConnector => ({
    ID,
    ConnectorId: ConnectorType === 'csv_upload' ? 4 : 1,
    ConnectorType,
    Name,
    Status: 'OK',
    LastError: '',
    LastTestedAt: null,
    LastSyncAt: null,
    ExternalAccounts: [],
    CredentialsSet: [],
    Archived: false,
    version: 1,
    createdAt: '',
    createdBy: '',
    updatedAt: '',
    updatedBy: '',
  });
  mockApi({
    'ConnectorsService/GetAgentConnectorsList': () =>
      ok({ Items: [agent(1, 'google_ads', 'Google'), agent(2, 'csv_upload', 'Files')], Connectors: [] }),
  });
  renderWithProviders(<AgentConnectorsScreen />, '/agentSettings/connectors/list');
  const buttons = await screen.findAllByTestId('upload-csv');
  expect(buttons).toHaveLength(1);
  fireEvent.click(buttons[0]);
  expect((await screen.findByRole('dialog')).textContent).toContain('Upload CSV — Files');
});
