import type { UploadResponse } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import {
  refreshAfterMoney,
  useDepositChannels,
  type DepositChannelData,
  type DepositRecordData,
} from './funds-queries';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { compareDecimal, formatAmount, sanitiseAmountInput, scaleOf, toWireAmount } from '../../lib/format';
import { useFieldErrors, type FieldErrors } from '../../lib/field-errors';
import {
  AmountField,
  codeText,
  CopyButton,
  DetailRow,
  MoneyPage,
  RuleList,
  useMoneySubmit,
  type Rule,
} from '../../components/MoneyParts';
import { ImageUpload } from './ImageUpload';
import { MoneyResultCard } from './MoneyResultCard';
import { useWindowText, WindowTag } from './RechargePage';

/** What stops this deposit now: the channel's window, then the amount against its limits (docs/api.md §10.2 order). */
export function depositRules(channel: DepositChannelData, amount: string): Rule[] {
  const rules: Rule[] = [];
  if (!channel.inWindow)
    rules.push({
      key: 'window',
      text: codeText('deposit.outside_window', { open: channel.window.open, close: channel.window.close }),
    });
  if (amount !== '' && compareDecimal(amount, channel.min) < 0)
    rules.push({ key: 'min', text: codeText('deposit.below_min', { min: channel.min, currency: channel.currency }) });
  if (amount !== '' && compareDecimal(amount, channel.max) > 0)
    rules.push({ key: 'max', text: codeText('deposit.above_max', { max: channel.max, currency: channel.currency }) });
  return rules;
}

/** The company's account to pay into, each value with a copy button (spec §2 deposit channel). */
function PayeeDetails({ channel }: { channel: DepositChannelData }) {
  const { t } = useTranslation();
  const rows: { field: string; label: string; value: string | null }[] =
    channel.type === 'crypto'
      ? [
          { field: 'network', label: t('ui.recharge.network'), value: channel.network },
          { field: 'address', label: t('ui.recharge.address'), value: channel.address },
        ]
      : [
          { field: 'accountName', label: t('ui.recharge.accountName'), value: channel.accountName },
          { field: 'accountNumber', label: t('ui.recharge.accountNumber'), value: channel.accountNumber },
          { field: 'bankName', label: t('ui.recharge.bankName'), value: channel.bankName },
          { field: 'branch', label: t('ui.recharge.branch'), value: channel.branch },
        ];
  return (
    <section className="card" aria-labelledby="payee-title">
      <h2 id="payee-title">{t('ui.recharge.payTo')}</h2>
      <dl className="detail-list">
        {rows
          .filter((row): row is { field: string; label: string; value: string } => Boolean(row.value))
          .map((row) => (
            <DetailRow key={row.field} label={row.label} testId={`payee-${row.field}`}>
              <span
                className={
                  row.field === 'accountName' || row.field === 'bankName' || row.field === 'branch'
                    ? 'copy-value'
                    : 'copy-value num'
                }
              >
                {row.value}
              </span>
              <CopyButton value={row.value} field={row.field} label={row.label} />
            </DetailRow>
          ))}
      </dl>
      {channel.type === 'crypto' && channel.qrImageUrl ? (
        <img
          className="payee-qr"
          src={channel.qrImageUrl}
          alt={t('ui.recharge.qrAlt', { network: channel.network ?? channel.name })}
        />
      ) : null}
    </section>
  );
}

/** The reported deposit, pending review (nothing is credited until it is approved, docs/api.md §10.2). */
function DepositResult({ record }: { record: DepositRecordData }) {
  const { t } = useTranslation();
  return (
    <MoneyResultCard
      record={record}
      testId="deposit-result"
      title={t('ui.recharge.reported')}
      text={t('ui.recharge.reportedText')}
      recordsTab="deposit"
      recordsLabel={t('ui.recharge.viewRecords')}
    />
  );
}

function DepositForm({
  channel,
  onDone,
}: {
  channel: DepositChannelData;
  onDone: (record: DepositRecordData) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const windowText = useWindowText();
  const rulesId = useId();
  const [amountInput, setAmountInput] = useState('');
  const [proof, setProof] = useState<UploadResponse | null>(null);
  const [uploading, setUploading] = useState(false);
  const send = useCallback(
    (body: { channelId: string; amount: string; proofImageId: string }, requestId: string) =>
      call('deposit', { ...body, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);
  const amount = toWireAmount(amountInput);
  const rules = depositRules(channel, amount);
  const current: FieldErrors<'amount' | 'proof'> = {};
  if (amount === '' || compareDecimal(amount, '0') <= 0) current.amount = t('ui.funds.amountRequired');
  if (!proof) current.proof = t('ui.recharge.proofRequired');
  const { errors, reveal } = useFieldErrors(current);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reveal() || !proof || rules.length > 0) return;
    try {
      const record = await submit({ channelId: channel.channelId, amount, proofImageId: proof.imageId });
      if (!record) return;
      void refreshAfterMoney(queryClient);
      onDone(record);
    } catch {
      // The client showed the reason; after a network error the same requestId is sent again on the next press.
    }
  };

  return (
    <form
      className="form card"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('ui.recharge.formTitle')}
    >
      <AmountField
        label={t('ui.recharge.amount')}
        value={amountInput}
        onChange={(raw) => setAmountInput(sanitiseAmountInput(raw, scaleOf(channel.currency)))}
        currency={channel.currency}
        testId="deposit-amount"
        error={errors.amount}
        describedBy={rulesId}
      >
        <span className="num">
          {t('ui.funds.limits', {
            min: formatAmount(channel.min, channel.currency),
            max: formatAmount(channel.max, channel.currency),
          })}
        </span>
        <span className="num">
          {t('ui.funds.window', { window: windowText(channel.window, channel.days, channel.timezone) })}{' '}
          <WindowTag open={channel.inWindow} />
        </span>
      </AmountField>
      <ImageUpload
        purpose="deposit_proof"
        label={t('ui.recharge.proof')}
        testId="deposit-proof-input"
        value={proof}
        onChange={setProof}
        error={errors.proof}
        onBusyChange={setUploading}
      />
      <p className="caption">{t('ui.recharge.proofHint')}</p>
      <RuleList rules={rules} id={rulesId} testIdPrefix="deposit-rule-" />
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={rules.length > 0 || busy || uploading}
          aria-describedby={rulesId}
          data-testid="deposit-submit"
        >
          {t('ui.recharge.submit')}
        </Button>
      </div>
      {loader}
    </form>
  );
}

/**
 * `/information/rechargeChannel?channelId=…` (spec §2 deposit channel): where to pay (each
 * value with a copy button), the amount with its limits and window, the proof of payment
 * (spec §5: required), and the report with a `requestId` (docs/api.md §10.2). Then the record.
 */
function ChannelBody() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const channelId = params.get('channelId');
  const channels = useDepositChannels();
  const [record, setRecord] = useState<DepositRecordData | null>(null);
  const channel = channels.data?.list.find((c) => c.channelId === channelId);

  let body: ReactNode;
  if (record) body = <DepositResult record={record} />;
  else if (channels.isPending)
    body = (
      <section className="card">
        <Loading rows={5} />
      </section>
    );
  else if (channels.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void channels.refetch()} />
      </section>
    );
  else if (!channel)
    body = (
      <section className="card">
        <Empty text={t('ui.recharge.channelMissing')} />
      </section>
    );
  else
    body = (
      <>
        <section className="card channel-head">
          <h2>{channel.name}</h2>
          <span className="tag">{channel.currency}</span>
        </section>
        <PayeeDetails channel={channel} />
        <DepositForm channel={channel} onDone={setRecord} />
      </>
    );
  return body;
}

export default function RechargeChannelPage() {
  const { t } = useTranslation();
  return (
    <MoneyPage title={t('ui.page.rechargeChannel')}>
      <ChannelBody />
    </MoneyPage>
  );
}
