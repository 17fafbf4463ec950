import type { InstrumentSummary } from '@brokerage/contract';
import { useTranslation } from 'react-i18next';
import { mergeSummary, useLiveQuote, useLiveQuotes } from '../../api/live-quotes';
import { direction, formatChange, formatChangeRate, formatPrice } from '../../lib/format';
import { moveInWords } from './QuoteParts';
import { usePriceFlash } from './usePriceFlash';

/** One index in the home strip: name, live level, change and change rate in the up/down colour. */
export function IndexCard({ item, onOpen }: { item: InstrumentSummary; onOpen: (item: InstrumentSummary) => void }) {
  const { t } = useTranslation();
  useLiveQuotes([item.instrumentId]);
  const live = mergeSummary(item, useLiveQuote(item.instrumentId));
  const dir = direction(live.change);
  const { flashClass, flashKey } = usePriceFlash(live.price);
  return (
    <button
      type="button"
      className={`index-card ${dir}`}
      onClick={() => onOpen(live)}
      data-testid={`index-card-${item.instrumentId}`}
      aria-label={`${live.name}: ${formatPrice(live.price)}, ${moveInWords(t, live.changeRate)}`}
    >
      <span className="index-name">{live.name}</span>
      <span key={flashKey} className={`index-level num ${dir} ${flashClass}`}>
        {formatPrice(live.price)}
      </span>
      <span className={`index-change num ${dir}`}>
        {formatChange(live.change)} {formatChangeRate(live.changeRate)}
      </span>
    </button>
  );
}
