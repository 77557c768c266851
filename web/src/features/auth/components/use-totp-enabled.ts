import { useEffect, useState } from 'react';
import { updateSession, useSession } from '../../../lib/auth';
import { totpEnabled } from '../api/cognito';

/** Whether the user's authenticator app is on, as Cognito says once (null until it answers; the session's guess if it fails). */
export function useTotpEnabled() {
  const session = useSession();
  const state = useState<boolean | null>(null);
  const setEnabled = state[1];
  useEffect(() => {
    let live = true;
    totpEnabled()
      .then((on) => {
        if (live) {
          setEnabled(on);
          updateSession({ mfa: on });
        }
      })
      .catch(() => {
        if (live) setEnabled(session?.mfa ?? false);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}
