import type { WatchlistItem } from '@brokerage/contract';
import { Button, Dialog } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  useRemoveWatched,
  useWatchlist,
  ListHeader,
  InstrumentRow,
  InstrumentRowBody,
  SkeletonRows,
  useOpenInstrument,
} from '../market';
import { useIsLoggedIn } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry } from '../../components/States';
import { PullRefresh } from '../../components/Lists';

function EditableRow({ item, checked, onToggle }: { item: WatchlistItem; checked: boolean; onToggle: () => void }) {
  return (
    <li className="instrument-item">
      <label className={checked ? 'instrument-row editing checked' : 'instrument-row editing'}>
        <input
          type="checkbox"
          checked={checked}
          onChange={onToggle}
          data-testid={`favorite-check-${item.instrumentId}`}
        />
        <InstrumentRowBody item={item} />
      </label>
    </li>
  );
}

/**
 * `/favorite/index` (spec §2 watchlist tab): the user's watchlist with live prices; edit mode
 * with checkboxes, select all and delete (`/market/watchRemoveMany`, after a confirmation).
 */
export default function FavoritePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const watchlist = useWatchlist();
  const remove = useRemoveWatched();
  const open = useOpenInstrument();
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo(() => watchlist.data?.list ?? [], [watchlist.data]);
  // Only ids still on the list count (a refresh may have removed some).
  const selected = useMemo(
    () => items.filter((item) => picked.has(item.instrumentId)).map((item) => item.instrumentId),
    [items, picked],
  );
  const allSelected = items.length > 0 && selected.length === items.length;

  if (!loggedIn) {
    return (
      <div className="page-body">
        <h1 className="sr-only">{t('ui.page.favorite')}</h1>
        <LoginPrompt message={t('ui.watch.loginText')} />
      </div>
    );
  }

  const toggle = (id: string) => {
    setPicked((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const stopEditing = () => {
    setEditing(false);
    setPicked(new Set());
  };

  const confirmDelete = async () => {
    if (selected.length === 0) return;
    const ok = await Dialog.confirm({
      content: t('ui.favorite.confirmDelete', { n: String(selected.length) }),
      confirmText: t('ui.favorite.delete'),
      cancelText: t('ui.common.cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(selected);
      stopEditing();
    } catch {
      // The client already showed the reason; the selection stays so the user can retry.
    }
  };

  let body;
  if (watchlist.isPending) {
    body = <SkeletonRows count={6} label={t('ui.common.loading')} />;
  } else if (watchlist.isError) {
    body = <ErrorRetry onRetry={() => void watchlist.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <Empty
        text={t('ui.favorite.empty')}
        action={
          <Button
            color="primary"
            onClick={() => {
              navigate('/favorite/search');
            }}
            data-testid="favorite-add"
          >
            {t('ui.favorite.addFirst')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <ListHeader />
        <ul className="instrument-list" data-testid="favorite-list">
          {items.map((item) =>
            editing ? (
              <EditableRow
                key={item.instrumentId}
                item={item}
                checked={picked.has(item.instrumentId)}
                onToggle={() => toggle(item.instrumentId)}
              />
            ) : (
              <InstrumentRow key={item.instrumentId} item={item} onOpen={open} />
            ),
          )}
        </ul>
      </>
    );
  }

  return (
    <div className={editing ? 'favorite-page editing' : 'favorite-page'} data-testid="favorite-page">
      <div className="section-bar">
        <h1>
          {t('ui.page.favorite')}
          {items.length > 0 ? <span className="caption num"> ({items.length})</span> : null}
        </h1>
        <span className="section-actions">
          <button
            type="button"
            className="icon-text-button"
            onClick={() => {
              navigate('/favorite/search');
            }}
            data-testid="favorite-search"
          >
            {t('ui.favorite.add')}
          </button>
          {items.length > 0 ? (
            <button
              type="button"
              className="icon-text-button"
              aria-pressed={editing}
              onClick={() => (editing ? stopEditing() : setEditing(true))}
              data-testid="favorite-edit"
            >
              {editing ? t('ui.favorite.done') : t('ui.favorite.edit')}
            </button>
          ) : null}
        </span>
      </div>
      {editing ? (
        body
      ) : (
        <PullRefresh onRefresh={() => watchlist.refetch()}>
          <div className="pull-area">{body}</div>
        </PullRefresh>
      )}
      {editing ? (
        <div className="edit-bar" role="group" aria-label={t('ui.favorite.editBar')}>
          <label className="select-all">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={() => setPicked(allSelected ? new Set() : new Set(items.map((item) => item.instrumentId)))}
              data-testid="favorite-select-all"
            />
            <span>{t('ui.favorite.selectAll')}</span>
          </label>
          <Button
            color="danger"
            disabled={selected.length === 0 || remove.isPending}
            loading={remove.isPending}
            onClick={() => void confirmDelete()}
            data-testid="favorite-delete"
          >
            {t('ui.favorite.deleteCount', { n: String(selected.length) })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
