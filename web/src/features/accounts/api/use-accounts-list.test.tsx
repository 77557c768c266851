/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { anAccount as account } from '../../../testing/records';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { AccountsScreen } from '../components/accounts-screen';

setUpScreenTests({ quiet: true });

describe('the accounts list in the query cache', () => {
  it('a screen shown again within the cache time shows the rows it read, without asking again', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetAccountsList': () => ok({ Items: [account(4, 'TechNova')], NextToken: null }),
    });
    renderWithProviders(<AccountsScreen parentId={null} />);
    await screen.findByText('TechNova');
    cleanup();
    renderWithProviders(<AccountsScreen parentId={null} />);
    expect(screen.getByText('TechNova')).not.toBeNull();
    expect(callsTo(api, 'GetAccountsList')).toHaveLength(1);
  });

  it("a write reads this list again and marks every other account list (the activity dialog's picker too) out of date", async () => {
    signInAs(PROFILES.approver);
    let archived = false;
    const api = mockApi({
      'AccountsService/GetAccountsList': () =>
        ok({ Items: [account(4, 'TechNova', archived ? { Status: 'Archived' } : {})], NextToken: null }),
      'AccountsService/DeleteAccount': () => {
        archived = true;
        return ok(account(4, 'TechNova', { Status: 'Archived' }));
      },
    });
    // Another account list in the cache: the sub-accounts picker's (every page, as an array).
    const picker = [
      'AccountsService',
      'GetAccountsList',
      '4',
      { mainAccountId: 4, status: 'active', pageSize: 500, nextToken: null },
      'all pages',
    ];
    queryClient.setQueryData(picker, [account(5, 'TechNova Kids', { ParentId: 4 })]);
    renderWithProviders(<AccountsScreen parentId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive TechNova' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await screen.findByText('Account archived');
    await waitFor(() => expect(callsTo(api, 'GetAccountsList')).toHaveLength(2));
    expect(queryClient.getQueryState(picker)?.isInvalidated).toBe(true);
  });
});
