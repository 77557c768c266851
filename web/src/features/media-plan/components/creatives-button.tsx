import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { planQueries } from '../api/plan-queries';

const CreativesDialog = lazy(() => import('./creatives-dialog').then((m) => ({ default: m.CreativesDialog })));

/**
 * The creatives button of a plan line row: opens the line's creatives dialog (loaded on first use).
 * A creative added or removed changes the line's counts and fees on the server, so the plan version
 * is read again behind the dialog. The page's account comes from the route, as the editor's does.
 */
export function CreativesButton({
  line,
  index,
}: {
  line: { ID: number; MediaMixId: number; Name: string };
  index: number;
}) {
  const { t } = useTranslation();
  const scope = Number(useParams().accountId);
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const label = t('mediaPlan.creatives.open', { n: index });
  const changed = () => {
    void qc.invalidateQueries({ queryKey: planQueries.info(scope, line.MediaMixId).queryKey, exact: true });
    void qc.invalidateQueries({ queryKey: ['MediaMixService', 'GetMediaMixList'] });
  };
  return (
    <>
      <button
        type="button"
        tabIndex={-1}
        className="icon creatives"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        data-testid={`creatives-${line.ID}`}
      >
        {CREATIVES_ICON}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CreativesDialog
            scope={scope}
            line={{ mediaMixId: line.MediaMixId, mediaChannelId: line.ID, name: line.Name, index }}
            onChanged={changed}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Material's PermMedia, one element for every row. */
const CREATIVES_ICON = (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M2 6H0v5h.01L0 20c0 1.1.9 2 2 2h18v-2H2zm20-2h-8l-2-2H6c-1.1 0-1.99.9-1.99 2L4 16c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2M7 15l4.5-6 3.5 4.51 2.5-3.01L21 15z" />
  </svg>
);
