/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen } from '@testing-library/react';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import { CompanyExportCard } from './company-export-card';

const view = (o: Record<string, unknown> = {}) => ({
  ExportId: '1700000000000-00000000-0000-4000-8000-000000000001',
  Status: 'Running',
  Phase: 'scan',
  ItemsRead: 0,
  Partitions: 0,
  Counts: {},
  StartedAt: '2026-12-04T10:00:00.000Z',
  EndedAt: null,
  Error: null,
  DownloadUrl: null,
  FileName: null,
  ...o,
});

describe('<CompanyExportCard>', () => {
  setUpScreenTests({ quiet: true });

  it('starts the export, shows its progress while it runs, then the download link', async () => {
    signInAs(PROFILES.otherAdmin);
    const reads = [
      view({ Phase: 'scan', ItemsRead: 120, Partitions: 4 }),
      view({
        Status: 'Done',
        Phase: 'done',
        ItemsRead: 240,
        Partitions: 6,
        DownloadUrl: 'https://files.example.com/export.zip?sig=1',
        FileName: 'company-7-2026-12-04.zip',
      }),
    ];
    const api = mockApi({
      'CompaniesService/StartCompanyExport': () => ok(view()),
      'CompaniesService/GetCompanyExport': () => ok(reads.length > 1 ? reads.shift()! : reads[0]),
    });
    renderWithProviders(<CompanyExportCard />);
    fireEvent.click(screen.getByTestId('company-export-start'));
    const link = (await screen.findByTestId('company-export-download', {}, { timeout: 8000 })) as HTMLAnchorElement;
    expect(link.href).toBe('https://files.example.com/export.zip?sig=1');
    expect(stripIsolates(screen.getByTestId('company-export-done').textContent)).toContain('240');
    expect(callsTo(api, 'StartCompanyExport')).toHaveLength(1);
    expect(callsTo(api, 'GetCompanyExport').length).toBeGreaterThanOrEqual(1);
  }, 15_000);

  it('says so when the API refuses to start one', async () => {
    signInAs(PROFILES.otherAdmin);
    mockApi({
      'CompaniesService/StartCompanyExport': () =>
        fail(409, 'An export of this company is running already', 'COMPANY_EXPORT_RUNNING'),
    });
    renderWithProviders(<CompanyExportCard />);
    fireEvent.click(screen.getByTestId('company-export-start'));
    expect(await screen.findByText(/running already/)).toBeTruthy();
  });
});
