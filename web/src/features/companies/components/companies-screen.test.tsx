/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inHebrew } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { CompanyView } from '../api/companies-api';
import { CompaniesScreen } from './companies-screen';

const company = (CompanyId: number, Name: string, UserCount: number, AccountCount: number): CompanyView => ({
  CompanyId,
  Name,
  DefaultLocale: 'he',
  CreatedAt: '2026-03-01T10:00:00Z',
  UserCount,
  AccountCount,
});
const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, '');
const type = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`[role="dialog"] input[name="${name}"]`) as Element, { target: { value } });

describe('<CompaniesScreen>', () => {
  setUpScreenTests({ quiet: true });

  it('lists every company with its users, accounts and creation day, and loads more pages', async () => {
    signInAs(PROFILES.admin);
    mockApi({
      'CompaniesService/GetCompaniesList': (b) =>
        ok(
          b.nextToken
            ? { Items: [company(3, 'Third Agency', 1, 0)], NextToken: null }
            : { Items: [company(1, 'Demo Agency', 6, 1234)], NextToken: 'next' },
        ),
    });
    renderWithProviders(<CompaniesScreen />);
    const row = (await screen.findByText('Demo Agency')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Demo Agency', '6', '1,234', 'Mar 1, 2026']);
    fireEvent.click(screen.getByTestId('more-companies'));
    await screen.findByText('Third Agency');
    expect(screen.queryByTestId('more-companies')).toBeNull();
  });

  it("creates a company with the dialog's fields, checked by the route's schema first, and reads the list again", async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'CompaniesService/GetCompaniesList': () => ok({ Items: [], NextToken: null }),
      'CompaniesService/CreateCompany': (b) => {
        const sent = b.company as { name: string; adminEmail: string; adminName: string };
        return ok({
          Company: company(9, sent.name, 1, 0),
          Admin: { Sub: 'sub-9', Email: sent.adminEmail, Name: sent.adminName },
        });
      },
    });
    renderWithProviders(<CompaniesScreen />);
    await screen.findByTestId('companies-empty');
    fireEvent.click(screen.getByTestId('create-company'));
    await screen.findByRole('dialog');
    type('name', 'Acme Media');
    type('adminEmail', 'not-an-address');
    type('adminName', 'Rina Admin');
    type('timeZone', 'Europe/London');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'New company' }));
    // The e-mail is refused in the dialog, with the route's reason; nothing is sent.
    expect(await screen.findByText(/Admin e-mail/, { selector: 'p' })).toBeTruthy();
    expect(callsTo(api, 'CreateCompany')).toHaveLength(0);
    type('adminEmail', 'rina@acme.example');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'New company' }));
    await waitFor(() =>
      expect(lastCall(api, 'CreateCompany')?.body).toEqual({
        company: {
          name: 'Acme Media',
          adminEmail: 'rina@acme.example',
          adminName: 'Rina Admin',
          timeZone: 'Europe/London',
          defaultLocale: 'he',
        },
      }),
    );
    expect(await screen.findByText('Acme Media was created; rina@acme.example was invited')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(callsTo(api, 'GetCompaniesList').length).toBeGreaterThanOrEqual(2));
  });

  it('in Hebrew: the list and the dialog in Hebrew, and a refused address said in Hebrew with the dialog kept open', async () => {
    signInAs(PROFILES.admin);
    mockApi({
      'CompaniesService/GetCompaniesList': () => ok({ Items: [company(1, 'סוכנות הדגמה', 2, 3)], NextToken: null }),
      'CompaniesService/CreateCompany': () => ({
        status: 409,
        json: {
          Success: false,
          ErrorMessage: 'dana@demo.example has a user already',
          ErrorCode: 'USER_EXISTS',
          ErrorParams: { email: 'dana@demo.example' },
        },
      }),
    });
    await inHebrew(async () => {
      renderWithProviders(<CompaniesScreen />);
      await screen.findByText('סוכנות הדגמה');
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
        'חברה',
        'משתמשים',
        'חשבונות',
        'נוצרה',
      ]);
      fireEvent.click(screen.getByTestId('create-company'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('חברה חדשה', { selector: 'h2' })).toBeTruthy();
      type('name', 'סוכנות חדשה');
      type('adminEmail', 'dana@demo.example');
      type('adminName', 'דנה');
      fireEvent.click(within(dialog).getByRole('button', { name: 'חברה חדשה' }));
      expect(plain((await screen.findByText(/כבר יש משתמש/)).textContent ?? '')).toBe(
        'לכתובת dana@demo.example כבר יש משתמש ב-Mixdesk.',
      );
      expect(screen.queryByText(/has a user already/)).toBeNull();
      expect(screen.getByRole('dialog')).toBeTruthy();
    });
  });
});
