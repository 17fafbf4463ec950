/**
 * The application form of one block-trade product (docs/api.md §13.2). Before the button it shows, as
 * the user types, every rule the server would apply: the product closed, the secret key's format,
 * the minimum shares, the caller's remaining daily limit, and amount + fee against the available
 * balance of the product's currency; and it says that the position is locked after approval and
 * that the money stays frozen until the review. A confirmation step repeats the figures and sends
 * the application with a `requestId` kept until a final answer.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isFinalAnswer } from '../../api/client';
import { useAllAssets } from '../funds';
import { useUserInfo } from '../../api/queries';
import { ErrorRetry, Loading } from '../../components/States';
import { TextField } from '../../components/TextField';
import { formatAmount, formatPercent, formatPrice } from '../../lib/format';
import { DetailRow, KycGateCard, RuleList, useMoneySubmit } from '../../components/MoneyParts';
import { refreshAfterBlockApply, type BlockApplicationData, type BlockProductData } from './block-queries';
import {
  applyRules,
  blockCost,
  formatShares,
  isShort,
  SECRET_KEY_MAX,
  sanitiseSecretKey,
  sanitiseSharesInput,
  secretKeyProblem,
  sharesOf,
  type BlockCost,
} from './block-rules';
import { LockText } from './BlockParts';
import { ConfirmFooter } from '../../components/ConfirmFooter';

interface ApplyBody {
  productId: string;
  shares: number;
  secretKey: string;
}

/** The lock after approval and the review with its frozen money, said before the user presses. */
export function ApplyNotes({ product, testId }: { product: Pick<BlockProductData, 'lockDays'>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="bt-notes" data-testid={testId}>
      <p className="caption bt-note" data-testid={testId ? `${testId}-lock` : undefined}>
        {product.lockDays > 0 ? t('ui.block.lockNote', { count: product.lockDays }) : t('ui.block.noLockNote')}
      </p>
      <p className="caption bt-note">{t('ui.block.reviewNote')}</p>
    </div>
  );
}

function CostRows({
  product,
  shares,
  cost,
  available,
}: {
  product: BlockProductData;
  shares: number;
  cost: BlockCost;
  available: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DetailRow label={t('ui.block.shares')}>
        <span className="num strong" data-testid="bt-confirm-shares">
          {formatShares(shares)}
        </span>
      </DetailRow>
      <DetailRow label={t('ui.block.dealPrice')}>
        <span className="num">{formatPrice(product.price)}</span>
      </DetailRow>
      <DetailRow label={t('ui.block.amount')}>
        <span className="num">{formatAmount(cost.amount.toString(), product.currency)}</span>
      </DetailRow>
      <DetailRow label={t('ui.block.fee')}>
        <span className="num" data-testid="bt-confirm-fee">
          {formatAmount(cost.fee.toString(), product.currency)}
        </span>
      </DetailRow>
      <DetailRow label={t('ui.block.total')}>
        <span className="num strong" data-testid="bt-confirm-total">
          {formatAmount(cost.total.toString(), product.currency)}
        </span>
      </DetailRow>
      <DetailRow label={t('ui.block.availableLabel')}>
        <span className="num">{available === undefined ? '--' : formatAmount(available, product.currency)}</span>
      </DetailRow>
      <DetailRow label={t('ui.block.lock')}>
        <LockText lockDays={product.lockDays} />
      </DetailRow>
    </>
  );
}

function ConfirmStep({
  product,
  shares,
  cost,
  available,
  busy,
  onBack,
  onConfirm,
}: {
  product: BlockProductData;
  shares: number;
  cost: BlockCost;
  available: string | undefined;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="bt-confirm" data-testid="bt-confirm-step" role="group" aria-label={t('ui.block.confirmTitle')}>
      <h3>{t('ui.block.confirmTitle')}</h3>
      <dl className="detail-list">
        <DetailRow label={t('ui.block.product')}>{`${product.name} (${product.code})`}</DetailRow>
        <CostRows product={product} shares={shares} cost={cost} available={available} />
      </dl>
      <ApplyNotes product={product} />
      <ConfirmFooter label={t('ui.block.confirm')} busy={busy} onConfirm={onConfirm} onBack={onBack} testId="bt" />
    </div>
  );
}

export function BlockApplyForm({
  product,
  available,
  onDone,
}: {
  product: BlockProductData;
  available: string | undefined;
  onDone: (application: BlockApplicationData) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sharesId = useId();
  const notesId = `${sharesId}-notes`;
  const rulesId = `${sharesId}-rules`;
  const [sharesInput, setSharesInput] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const send = useCallback((body: ApplyBody, requestId: string) => call('blockApply', { ...body, requestId }), []);
  const { submit, busy, loader } = useMoneySubmit(send);

  const shares = sharesOf(sharesInput);
  const cost = blockCost(product, shares);
  const rules = applyRules(product, { shares, secretKey, available });
  const short = isShort(cost, available, product.currency);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (shares === null) {
      setError(t('ui.block.sharesRequired'));
      return;
    }
    setError(null);
    if (rules.length > 0) return;
    setStep('confirm');
  };

  const confirm = async () => {
    if (shares === null) return;
    try {
      const application = await submit({ productId: product.id, shares, secretKey });
      if (!application) return;
      void refreshAfterBlockApply(queryClient);
      onDone(application);
    } catch (failure) {
      // The client showed the translated reason. After a final refusal (a wrong key, a limit that
      // moved) the form comes back with fresh limits; otherwise the confirmation stays so pressing
      // again resends the same requestId.
      if (isFinalAnswer(failure)) {
        setStep('form');
        void queryClient.invalidateQueries({ queryKey: ['blockList'] });
      }
    }
  };

  if (step === 'confirm' && shares !== null && cost !== null) {
    return (
      <>
        <ConfirmStep
          product={product}
          shares={shares}
          cost={cost}
          available={available}
          busy={busy}
          onBack={() => setStep('form')}
          onConfirm={() => void confirm()}
        />
        {loader}
      </>
    );
  }

  const feeRate = formatPercent(product.buyFeeRate, 3);
  return (
    <form className="form" onSubmit={review} noValidate aria-label={t('ui.block.formTitle')} data-testid="bt-form">
      <div className="amount-field">
        <label htmlFor={sharesId}>{t('ui.block.shares')}</label>
        <div className={error ? 'amount-control invalid' : 'amount-control'}>
          <input
            id={sharesId}
            className="amount-input num"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            value={sharesInput}
            disabled={!product.open}
            onChange={(event) => setSharesInput(sanitiseSharesInput(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${notesId} ${rulesId}`}
            data-testid="bt-shares"
          />
          <span className="amount-currency">{t('ui.block.sharesUnit')}</span>
        </div>
        <div id={notesId} className="amount-notes">
          <span className="caption num" data-testid="bt-form-min">
            {t('ui.block.minLine', { count: product.minShares, shares: formatShares(product.minShares) })}
          </span>
          <span className="caption num" data-testid="bt-form-limit">
            {product.dailyLimit === null
              ? t('ui.block.noLimitLine')
              : t('ui.block.limitLine', {
                  count: product.remainingToday ?? product.dailyLimit,
                  limit: formatShares(product.dailyLimit),
                  shares: formatShares(product.remainingToday ?? product.dailyLimit),
                })}
          </span>
          <span className="caption">{t('ui.block.wholeShares')}</span>
        </div>
        {error ? (
          <span className="field-error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <div className="bt-amount">
        <div className="bt-amount-line">
          <span>{t('ui.block.amount')}</span>
          <strong className="num" data-testid="bt-amount">
            {cost === null ? '--' : formatAmount(cost.amount.toString(), product.currency)}
          </strong>
        </div>
        <span className="caption num">
          {t('ui.block.amountFormula', {
            price: formatPrice(product.price),
            shares: shares === null ? '0' : formatShares(shares),
          })}
        </span>
        <div className="bt-amount-line">
          <span>{t('ui.block.fee')}</span>
          <strong className="num" data-testid="bt-fee">
            {cost === null ? '--' : formatAmount(cost.fee.toString(), product.currency)}
          </strong>
        </div>
        <span className="caption num">{t('ui.block.feeFormula', { rate: feeRate })}</span>
        <div className="bt-amount-line bt-total">
          <span>{t('ui.block.total')}</span>
          <strong className="num" data-testid="bt-total">
            {cost === null ? '--' : formatAmount(cost.total.toString(), product.currency)}
          </strong>
        </div>
        <span className={`caption num${short ? ' bt-short' : ''}`} data-testid="bt-available">
          {t('ui.block.available', {
            amount: available === undefined ? '--' : formatAmount(available, product.currency),
          })}
        </span>
      </div>
      <TextField
        label={t('ui.block.secretKey')}
        type="password"
        autoComplete="off"
        maxLength={SECRET_KEY_MAX}
        value={secretKey}
        disabled={!product.open}
        onChange={(raw) => setSecretKey(sanitiseSecretKey(raw))}
        hint={t('ui.block.secretKeyHint')}
        error={secretKey !== '' && secretKeyProblem(secretKey) ? t('ui.block.secretKeyFormat') : undefined}
        testId="bt-secret"
      />
      <ApplyNotes product={product} testId="bt-notes" />
      <RuleList rules={rules} id={rulesId} testIdPrefix="bt-rule-" />
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={!product.open || rules.length > 0}
          aria-describedby={rulesId}
          data-testid="bt-submit"
        >
          {t('ui.block.continue')}
        </Button>
      </div>
    </form>
  );
}

/** The form's frame: the real-name gate, or the form with the balance of the product's currency. */
export function BlockApplySection({
  product,
  onDone,
}: {
  product: BlockProductData;
  onDone: (application: BlockApplicationData) => void;
}) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const assets = useAllAssets();
  let body;
  if (user.isPending || (user.data?.kycStatus === 'verified' && assets.isPending)) body = <Loading rows={4} />;
  else if (user.isError) body = <ErrorRetry onRetry={() => void user.refetch()} />;
  else if (user.data.kycStatus !== 'verified') body = <KycGateCard status={user.data.kycStatus} />;
  else if (assets.isError) body = <ErrorRetry onRetry={() => void assets.refetch()} />;
  else {
    const available = assets.data?.accounts.find((account) => account.currency === product.currency)?.available ?? '0';
    body = <BlockApplyForm product={product} available={available} onDone={onDone} />;
  }
  return (
    <section className="card" aria-labelledby="bt-form-title" data-testid="bt-apply">
      <h2 id="bt-form-title" className="bt-section-title">
        {t('ui.block.formTitle')}
      </h2>
      {body}
    </section>
  );
}
