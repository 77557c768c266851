import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import {
  saveChannelType,
  updateChannelTypeField,
  type ChannelType,
  type ChannelTypePayload,
  type InlineField,
} from '../api/channel-types-api';
import { channelTypeQueries, mergeById } from '../api/channel-types-queries';

/**
 * The platform's channel-type catalogue and its saves: `update` changes one field of one row
 * (`saving` holds the rows waiting for an answer), `create` adds a new type.
 */
export function useGlobalChannelTypeSaves() {
  const { t } = useTranslation();
  const run = useConfirmedAction();
  const qc = useQueryClient();
  const query = channelTypeQueries.global();
  const list = useQuery(query);
  const readAgain = () => void list.refetch();
  /** What a save answered goes into the cached list: no second read. */
  const setItems = (change: (rows: ChannelType[]) => ChannelType[]) =>
    qc.setQueryData(query.queryKey, (old) => old && { ...old, Items: change(old.Items) });
  const [saving, setSaving] = useState<Set<number>>(new Set());

  const update = async (c: ChannelType, field: InlineField, value: string | boolean) => {
    setSaving((s) => new Set(s).add(c.ID));
    try {
      await run({
        action: () => updateChannelTypeField(c.ID, field, value),
        success: t('snackbar.saved'),
        failure: t('snackbar.saveFailed'),
        reload: readAgain,
        rethrow: true,
        done: (after) => setItems((rows) => mergeById(rows, [after])),
      });
    } finally {
      setSaving((s) => {
        const next = new Set(s);
        next.delete(c.ID);
        return next;
      });
    }
  };

  const create = (payload: ChannelTypePayload, onCreated: () => void) =>
    run({
      action: () => saveChannelType(payload),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: readAgain,
      rethrow: true,
      done: (created) => {
        setItems((rows) => [...rows, created]);
        onCreated();
      },
    });

  return { list, readAgain, saving, update, create };
}
