import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  marketKeys,
  useClearSearchHistory,
  useSearch,
  useSearchHistory,
  useWatchedIds,
  InstrumentRow,
  InstrumentRowBody,
  SkeletonRows,
  useOpenInstrument,
  StarButton,
  useWatchAction,
} from '../market';
import { useIsLoggedIn } from '../../api/queries';
import { CloseIcon, SearchIcon } from '../../components/Icons';
import { Empty, ErrorRetry } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useSession } from '../../store/session';

export const SEARCH_DEBOUNCE_MS = 300;
const KEYWORD_MAX = 32;

function History({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const history = useSearchHistory();
  const clear = useClearSearchHistory();
  const items = history.data?.list ?? [];
  const confirmClear = async () => {
    const ok = await Dialog.confirm({
      content: t('ui.search.confirmClear'),
      confirmText: t('ui.search.clear'),
      cancelText: t('ui.common.cancel'),
    });
    if (ok) clear.mutate();
  };
  if (history.isError) return <ErrorRetry onRetry={() => void history.refetch()} />;
  return (
    <section className="card" aria-labelledby="search-history-title" data-testid="search-history">
      <div className="card-head">
        <h2 id="search-history-title">{t('ui.search.history')}</h2>
        {items.length > 0 ? (
          <button
            type="button"
            className="link-button"
            onClick={() => void confirmClear()}
            data-testid="search-history-clear"
            disabled={clear.isPending}
          >
            {t('ui.search.clear')}
          </button>
        ) : null}
      </div>
      {history.isPending ? null : items.length === 0 ? (
        <p className="caption">{t('ui.search.noHistory')}</p>
      ) : (
        <div className="chips">
          {items.map((item) => (
            <button
              key={item.keyword}
              type="button"
              className="chip"
              onClick={() => onPick(item.keyword)}
              data-testid={`search-history-${item.keyword}`}
            >
              {item.keyword}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function Results({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const search = useSearch(keyword);
  const open = useOpenInstrument();
  const watched = useWatchedIds();
  const watch = useWatchAction();
  const queryClient = useQueryClient();
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  const answeredAt = search.dataUpdatedAt;
  // With a session the server records each search; refresh the history chips for when the box is cleared.
  useEffect(() => {
    if (loggedIn && answeredAt > 0) void queryClient.invalidateQueries({ queryKey: marketKeys.searchHistory(account) });
  }, [answeredAt, loggedIn, account, queryClient]);

  if (search.isPending) return <SkeletonRows count={4} label={t('ui.search.searching')} />;
  if (search.isError) return <ErrorRetry onRetry={() => void search.refetch()} />;
  const rows = search.data?.list ?? [];
  return (
    <>
      <p className="sr-only" role="status">
        {t('ui.search.resultCount', { n: String(search.data?.total ?? rows.length) })}
      </p>
      {rows.length === 0 ? (
        <Empty text={t('ui.search.noResults', { keyword })} />
      ) : (
        <ul className="instrument-list" data-testid="search-results">
          {rows.map((item) => {
            const isWatched = watched.has(item.instrumentId);
            return (
              <InstrumentRow
                key={item.instrumentId}
                item={item}
                onOpen={open}
                trailing={
                  <StarButton
                    watched={isWatched}
                    busy={watch.pendingId === item.instrumentId}
                    onToggle={() => watch.toggle(item.instrumentId, isWatched)}
                    label={`${item.name} (${item.code})`}
                    testId={`search-star-${item.instrumentId}`}
                  />
                }
              >
                <InstrumentRowBody item={item} highlight={keyword} />
              </InstrumentRow>
            );
          })}
        </ul>
      )}
      {watch.sheet}
    </>
  );
}

/**
 * `/favorite/search` (spec §1 "stock search by stock code, with search history"): searches as
 * the user types (300 ms after the last key), highlights the match, stars toggle the
 * watchlist; with a session, recent keywords appear as chips with a "clear" action.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const typing = text.trim() !== keyword;
  return (
    <SubPage title={t('ui.page.search')} flush>
      <form
        className="search-field"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <SearchIcon aria-hidden="true" />
        <input
          type="search"
          // The screen exists to type a code: focus the box at once.
          autoFocus
          value={text}
          maxLength={KEYWORD_MAX}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('ui.search.placeholder')}
          aria-label={t('ui.search.placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-testid="search-input"
        />
        {text ? (
          <button
            type="button"
            className="icon-button"
            onClick={() => setText('')}
            aria-label={t('ui.search.clearInput')}
          >
            <CloseIcon />
          </button>
        ) : null}
      </form>
      <div className="search-body">
        {text.trim() === '' ? (
          loggedIn ? (
            <History onPick={setText} />
          ) : (
            <p className="caption search-hint">{t('ui.search.hint')}</p>
          )
        ) : typing && keyword === '' ? (
          <SkeletonRows count={4} label={t('ui.search.searching')} />
        ) : (
          <Results keyword={keyword} />
        )}
      </div>
    </SubPage>
  );
}
