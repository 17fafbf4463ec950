/** Small pieces every market screen shares: market badge, change pill, direction in words. */
import type { InstrumentSummary } from '@brokerage/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatChangeRate, formatPercent, rateDirection } from '../../lib/format';

/** docs/ui.md: prices announce their direction in words ("up 1.20 percent"). */
export function moveInWords(t: TFunction, changeRate: string): string {
  const rounded = formatPercent(changeRate);
  const magnitude = rounded.replace(/^-/, '').replace(/\s?%$/, '');
  const dir = rateDirection(changeRate);
  if (dir === 'up') return t('ui.quote.moveUp', { rate: magnitude });
  if (dir === 'down') return t('ui.quote.moveDown', { rate: magnitude });
  return t('ui.quote.moveFlat');
}

/** The translation key of an industry the feed sends in English: "Consumer goods" → `ui.industry.consumer_goods`. */
export function industryKey(industry: string): string {
  const slug = industry
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `ui.industry.${slug}`;
}

/** The industry in the user's language, or the feed's own text for an industry we have no word for. */
export function industryLabel(
  tr: { t: (key: string) => string; exists: (key: string) => boolean },
  industry: string | null | undefined,
): string {
  if (!industry || industry.trim() === '') return '--';
  const key = industryKey(industry);
  return tr.exists(key) ? tr.t(key) : industry;
}

export function MarketBadge({ market, assetClass }: Pick<InstrumentSummary, 'market' | 'assetClass'>) {
  const { t } = useTranslation();
  return (
    <span className={`market-badge market-${market}`}>
      {assetClass === 'index' ? t('ui.market.badgeIndex') : t(`ui.market.${market}`)}
    </span>
  );
}

/** The change rate in a pill of the up/down colour; screen readers hear the move in words. */
export function ChangePill({ changeRate, testId }: { changeRate: string; testId?: string }) {
  const { t } = useTranslation();
  const text = formatChangeRate(changeRate);
  const dir = rateDirection(changeRate);
  return (
    <span className={`change-pill ${dir} num`} data-testid={testId}>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{moveInWords(t, changeRate)}</span>
    </span>
  );
}
