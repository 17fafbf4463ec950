/**
 * What every queue's details view shares: the registry's shape (`QueueView`), the image support the
 * drawer hands down, and small display parts (a section, a copyable number, an amount with its currency).
 */
import type { ReactNode } from 'react';
import { Typography, type DescriptionsProps } from 'antd';
import type { ReviewItemOf } from '@brokerage/contract';
import { emptyText } from '../../../lib/format';
import type { BuiltReviewQueue } from '../../../sections';

export type Items = NonNullable<DescriptionsProps['items']>;

/** Broken signed links are tracked by the drawer: a failed image asks it to read the detail again. */
export interface ImageSupport {
  brokenUrls: ReadonlySet<string>;
  onBroken: (url: string) => void;
  onReload: () => void;
}

/**
 * One queue's part of the drawer: its own details below the common summary, and what approving or
 * rejecting one of its items does (shown in the confirmation that asks for the reason).
 */
export interface DetailsProps<Q extends BuiltReviewQueue> {
  item: ReviewItemOf<Q>;
  images: ImageSupport;
}

export interface QueueView<Q extends BuiltReviewQueue> {
  Details: (props: DetailsProps<Q>) => ReactNode;
  approveEffect: (item: ReviewItemOf<Q>) => string;
  rejectEffect: string;
  /** a rule of the server that would refuse the approval now, shown beside a disabled Approve; null when none */
  approveBlocked?: (item: ReviewItemOf<Q>) => string | null;
}

export function Copyable({ value, testId }: { value: string | null; testId?: string }) {
  if (!value) return <>{emptyText}</>;
  return (
    <Typography.Text
      copyable
      data-testid={testId}
      style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
    >
      {value}
    </Typography.Text>
  );
}

/** An amount as sent, followed by its currency. */
export function money(amount: string | null, currency: string | null): string {
  if (amount === null) return emptyText;
  return currency ? `${amount} ${currency}` : amount;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}
