/**
 * The selected instrument (spec §3 local key `stockDetail`): rows store it before opening the
 * detail, and the detail screens fall back to it when the hash carries no `?id=`.
 */
import type { InstrumentSummary } from '@brokerage/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionStore } from '../../store/session';

/** What is kept under `stockDetail`: enough to title the detail before its quote arrives. */
export interface SelectedInstrument {
  instrumentId: string;
  code: string;
  name: string;
  market: InstrumentSummary['market'];
  assetClass: InstrumentSummary['assetClass'];
}

export function isSelectedInstrument(value: unknown): value is SelectedInstrument {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.instrumentId === 'string' && record.instrumentId !== '' && typeof record.code === 'string';
}

export function toSelected(
  item: Pick<InstrumentSummary, 'instrumentId' | 'code' | 'name' | 'market' | 'assetClass'>,
): SelectedInstrument {
  return {
    instrumentId: item.instrumentId,
    code: item.code,
    name: item.name,
    market: item.market,
    assetClass: item.assetClass,
  };
}

/** Indexes open the index detail (no trade bar); everything else the stock detail. */
export function detailPath(instrumentId: string, assetClass: InstrumentSummary['assetClass']): string {
  const page = assetClass === 'index' ? '/market/stockDetailzs' : '/market/stockDetail';
  return `${page}?id=${encodeURIComponent(instrumentId)}`;
}

/** Stores the instrument as `stockDetail` and opens its detail. */
export function useOpenInstrument(): (
  item: Pick<InstrumentSummary, 'instrumentId' | 'code' | 'name' | 'market' | 'assetClass'>,
) => void {
  const navigate = useNavigate();
  return useCallback(
    (item) => {
      sessionStore.getState().setStockDetail(toSelected(item));
      navigate(detailPath(item.instrumentId, item.assetClass));
    },
    [navigate],
  );
}
