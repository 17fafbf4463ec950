/** Pieces the lending screens share: the state tag and the rate with its annual equivalent. */
import type { LendingState } from '@brokerage/contract';
import { useTranslation } from 'react-i18next';
import { annualisedPercent, ratePercent } from './lending-math';

/** Existing tag colours: waiting (amber), earning (brand), paid back (green), not matched (red). */
const stateClass: Record<LendingState, string> = {
  active: 'state-pending',
  succeeded: 'order-state-holding',
  completed: 'state-approved',
  failed: 'state-rejected',
};

export function LendingStateTag({ state, testId }: { state: LendingState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`tag ${stateClass[state]}`} data-testid={testId}>
      {t(`ui.lending.state.${state}`)}
    </span>
  );
}

/** "0.03% a day · ≈ 10.95% a year". */
export function RateText({ dailyRate, testId }: { dailyRate: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="num" data-testid={testId}>
      {t('ui.lending.perDay', { rate: ratePercent(dailyRate) ?? dailyRate })}
      {' · '}
      {t('ui.lending.annualised', { rate: annualisedPercent(dailyRate) ?? '--' })}
    </span>
  );
}
