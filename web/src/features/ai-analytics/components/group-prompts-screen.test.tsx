/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stripIsolates } from '../../../testing/bidi';
import { fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { GroupPromptView } from '../api/ai-analytics-api';
import { GroupPromptsScreen } from './group-prompts-screen';
import { insertPlaceholder } from './prompt-form';

setUpScreenTests({ quiet: true });

const prompt = (
  ChannelGroup: GroupPromptView['ChannelGroup'],
  over: Partial<GroupPromptView> = {},
): GroupPromptView => ({
  ChannelGroup,
  Prompt: `Explain the ${ChannelGroup} lines' pacing: {{pacing}}.`,
  IsDefault: true,
  Version: 0,
  UpdatedAt: null,
  UpdatedBy: null,
  ...over,
});
const LIST: GroupPromptView[] = [
  prompt('Search', {
    Prompt: 'Search is at {{pacing}} of plan.',
    IsDefault: false,
    Version: 3,
    UpdatedAt: '2026-11-20T10:00:00Z',
    UpdatedBy: 'Dana Admin',
  }),
  prompt('Social'),
  prompt('Video'),
  prompt('Display'),
  prompt('Offline'),
];

const saves = (calls: jest.Mock) =>
  calls.mock.calls
    .filter(([url]) => String(url).endsWith('/SaveGroupPropmts'))
    .map(([, init]) => ({
      body: JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>,
      account: ((init as RequestInit).headers as Record<string, string>)['x-account-id'],
    }));
const row = (group: string) =>
  document.querySelector(`[data-testid="prompt-row"][data-group="${group}"]`) as HTMLElement;
const textarea = (group: string) => within(row(group)).getByTestId('prompt-text') as HTMLTextAreaElement;
const helpOf = (group: string) => stripIsolates(within(row(group)).getByTestId('prompt-help').textContent);
const render = () => renderWithProviders(<GroupPromptsScreen accountId={7} />, '/accounts/7/groupTypePrompts/list');

describe('<GroupPromptsScreen>', () => {
  beforeEach(() => signInAs(PROFILES.admin));

  it('a row per channel group with its prompt, "Default" on the ones never saved; a chip inserts its placeholder at the caret, and Save sends that group alone', async () => {
    let list = LIST;
    const calls = mockApi({
      'AccountsService/GetGroupPropmptsList': () => ok({ Items: list }),
      'AccountsService/SaveGroupPropmts': (b) => {
        const [saved] = b.groupPropmts as { ChannelGroup: string; Prompt: string; Version: number }[];
        list = list.map((p) =>
          p.ChannelGroup === saved.ChannelGroup
            ? {
                ...p,
                Prompt: saved.Prompt,
                IsDefault: false,
                Version: saved.Version + 1,
                UpdatedAt: '2026-11-26T05:00:00Z',
                UpdatedBy: 'Dana Admin',
              }
            : p,
        );
        return ok({ Items: list });
      },
    });
    render();
    await screen.findAllByTestId('prompt-row');
    expect(screen.getAllByTestId('prompt-row').map((r) => r.getAttribute('data-group'))).toEqual([
      'Search',
      'Social',
      'Video',
      'Display',
      'Offline',
    ]);
    expect(within(row('Search')).queryByTestId('prompt-default')).toBeNull();
    expect(within(row('Social')).getByTestId('prompt-default').textContent).toBe('Default');
    expect(textarea('Search').value).toBe('Search is at {{pacing}} of plan.');

    const el = textarea('Social');
    fireEvent.change(el, { target: { value: 'CTR is  today.' } });
    el.setSelectionRange(7, 7);
    fireEvent.click(
      within(row('Social'))
        .getAllByTestId('placeholder-chip')
        .find((c) => c.getAttribute('data-name') === 'ctr')!,
    );
    expect(el.value).toBe('CTR is {{ctr}} today.');

    fireEvent.click(within(row('Social')).getByTestId('save-prompt'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toEqual({
      body: { groupPropmts: [{ ChannelGroup: 'Social', Prompt: 'CTR is {{ctr}} today.', Version: 0 }] },
      account: '7',
    });
    // The reply replaces the list: the row starts again from the saved version, no longer the default.
    await waitFor(() => expect(within(row('Social')).queryByTestId('prompt-default')).toBeNull());
    expect(textarea('Social').value).toBe('CTR is {{ctr}} today.');
  });

  it('an unknown placeholder is refused on its field before saving; a 400 the API still answers (UNKNOWN_PLACEHOLDER) lands on the field too', async () => {
    const calls = mockApi({
      'AccountsService/GetGroupPropmptsList': () => ok({ Items: LIST }),
      'AccountsService/SaveGroupPropmts': () =>
        fail(400, 'groupPropmts.0.Prompt is not valid: uses the unknown placeholder {{pacng}}', 'FIELD_INVALID', {
          field: 'groupPropmts.0.Prompt',
          detail: 'uses the unknown placeholder {{pacng}}',
          reason: 'UNKNOWN_PLACEHOLDER',
          name: 'pacng',
        }),
    });
    render();
    await screen.findAllByTestId('prompt-row');
    fireEvent.change(textarea('Search'), { target: { value: 'Pacing {{nope}}' } });
    fireEvent.click(within(row('Search')).getByTestId('save-prompt'));
    await waitFor(() => expect(textarea('Search').getAttribute('aria-invalid')).toBe('true'));
    expect(helpOf('Search')).toContain('nope');
    expect(saves(calls)).toHaveLength(0);

    // A prompt this console accepts, which the API refuses naming the field (a newer server's rule, say).
    fireEvent.change(textarea('Search'), { target: { value: 'Pacing {{pacing}}' } });
    await waitFor(() => expect(textarea('Search').getAttribute('aria-invalid')).toBe('false'));
    fireEvent.click(within(row('Search')).getByTestId('save-prompt'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    await waitFor(() => expect(textarea('Search').getAttribute('aria-invalid')).toBe('true'));
    expect(helpOf('Search')).toMatch(/^Prompt .*pacng/);
  });

  it('a stale version says "changed by someone else" with Reload, which reads the prompts again', async () => {
    let reads = 0;
    mockApi({
      'AccountsService/GetGroupPropmptsList': () => {
        reads += 1;
        return ok({
          Items:
            reads === 1
              ? LIST
              : LIST.map((p) =>
                  p.ChannelGroup === 'Search' ? { ...p, Prompt: 'Changed elsewhere {{ctr}}', Version: 4 } : p,
                ),
        });
      },
      'AccountsService/SaveGroupPropmts': () => fail(409, 'Changed by someone else', 'STALE_VERSION', {}),
    });
    render();
    await screen.findAllByTestId('prompt-row');
    fireEvent.change(textarea('Search'), { target: { value: 'Mine {{cpa}}' } });
    fireEvent.click(within(row('Search')).getByTestId('save-prompt'));
    await screen.findByText('This record was changed by someone else. Reload it and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(textarea('Search').value).toBe('Changed elsewhere {{ctr}}'));
    expect(reads).toBe(2);
  });
});

describe('insertPlaceholder', () => {
  it('puts {{name}} at the caret or over the selection, the caret after it', () => {
    expect(insertPlaceholder('ab', 'ctr', 1)).toEqual({ text: 'a{{ctr}}b', caret: 8 });
    expect(insertPlaceholder('a XX b', 'cpa', 2, 4)).toEqual({ text: 'a {{cpa}} b', caret: 9 });
  });
});
