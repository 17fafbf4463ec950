/**
 * One user (docs/api.md §19.4 `/user/detail`): profile, balances per currency, identity, invitation, cards and
 * wallets (full numbers: this read is audit-logged, so the drawer does not refetch on its own), and the
 * actions the role may take. An action's answer (AdminUser) updates the drawer in place.
 */
import {
  Button,
  Descriptions,
  Divider,
  Drawer,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { Link } from 'react-router-dom';
import { restrictActions, type AdminUserDetail, type CurrencyAccount } from '@brokerage/contract';
import { roleHasRight, roleMayRestrict } from '../../api/rights';
import { useSession } from '../../api/session';
import {
  accountTypeLabels,
  formatAmount,
  formatText,
  formatTime,
  kycStatusColors,
  kycStatusLabels,
} from '../../lib/format';
import { reviewQueuePath } from '../../sections';
import { AccountTypeForm } from './AccountTypeForm';
import { CreditScoreForm } from './CreditScoreForm';
import { TotpResetForm } from './TotpResetForm';
import { CardsTable, WalletsTable } from './CardsAndWallets';
import { UserOrders } from './UserOrders';
import { RestrictForm } from './RestrictForm';
import { RestrictionTags } from './RestrictionTags';
import { useShowUpdatedUser, useUserDetail } from './user-queries';

const accountColumns: TableColumnsType<CurrencyAccount> = [
  { title: 'Currency', dataIndex: 'currency', key: 'currency' },
  { title: 'Available', dataIndex: 'available', key: 'available', align: 'right', render: formatAmount },
  { title: 'Frozen', dataIndex: 'frozen', key: 'frozen', align: 'right', render: formatAmount },
  { title: 'In transit', dataIndex: 'inTransit', key: 'inTransit', align: 'right', render: formatAmount },
  { title: 'Withdrawable', dataIndex: 'withdrawable', key: 'withdrawable', align: 'right', render: formatAmount },
  { title: 'Total assets', dataIndex: 'totalAssets', key: 'totalAssets', align: 'right', render: formatAmount },
];

function Profile({ user }: { user: AdminUserDetail }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      data-testid="user-detail-profile"
      items={[
        { key: 'userId', label: 'User id', children: user.userId },
        { key: 'account', label: 'Account', children: user.account },
        { key: 'realname', label: 'Name', children: formatText(user.realname) },
        {
          key: 'kycStatus',
          label: 'Real name',
          children: <Tag color={kycStatusColors[user.kycStatus]}>{kycStatusLabels[user.kycStatus]}</Tag>,
        },
        { key: 'idNumber', label: 'ID number', children: formatText(user.idNumber) },
        { key: 'accountType', label: 'Account type', children: accountTypeLabels[user.accountType] },
        {
          key: 'restrictions',
          label: 'Restrictions',
          children: (
            <span data-testid="user-detail-restrictions">
              <RestrictionTags restrictions={user.restrictions} />
            </span>
          ),
        },
        { key: 'creditScore', label: 'Credit score', children: user.creditScore },
        { key: 'loanQuota', label: 'Loan quota', children: formatAmount(user.loanQuota) },
        { key: 'dayTrading', label: 'Day trading', children: user.dayTrading ? 'Yes' : 'No' },
        {
          key: 'totpEnabled',
          label: 'Two-step verification',
          children: <span data-testid="user-detail-totp">{user.totpEnabled ? 'On' : 'Off'}</span>,
        },
        { key: 'inviterId', label: 'Inviter id', children: formatText(user.inviterId) },
        { key: 'invitedCount', label: 'Invited users', children: user.invitedCount },
        { key: 'createdAt', label: 'Created', children: formatTime(user.createdAt) },
        { key: 'lastLoginAt', label: 'Last login', children: formatTime(user.lastLoginAt) },
      ]}
    />
  );
}

export function UserDetailDrawer({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const role = useSession()?.role;
  const detail = useUserDetail(userId);
  const user = userId !== null ? detail.data : undefined;

  const mayRestrict = restrictActions.some((action) => roleMayRestrict(role, action));
  const mayManage = roleHasRight(role, 'user.manage');
  const mayReadReviews = roleHasRight(role, 'review.read');

  const onUpdated = useShowUpdatedUser();

  let content;
  if (userId === null) content = null;
  else if (detail.isPending) content = <Spin aria-label="Loading user" />;
  else if (!user) {
    content = (
      <Result
        status="warning"
        title="Could not load this user"
        subTitle={detail.error?.message}
        extra={<Button onClick={() => void detail.refetch()}>Try again</Button>}
      />
    );
  } else {
    content = (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Profile user={user} />
        {mayReadReviews ? (
          <Link
            to={`${reviewQueuePath('kyc')}?${new URLSearchParams({ user: user.userId, state: 'all' }).toString()}`}
            data-testid="user-detail-reviews"
          >
            Reviews of this user (real name, deposits, withdrawals)
          </Link>
        ) : null}
        <section aria-labelledby="user-accounts-title">
          <Typography.Title level={5} id="user-accounts-title">
            Balances
          </Typography.Title>
          <Table<CurrencyAccount>
            aria-label="Balances per currency"
            data-testid="user-detail-accounts"
            size="small"
            pagination={false}
            rowKey="currency"
            columns={accountColumns}
            dataSource={user.accounts}
          />
        </section>
        <section aria-labelledby="user-orders-title">
          <Typography.Title level={5} id="user-orders-title">
            Orders and positions
          </Typography.Title>
          <UserOrders key={user.userId} userId={user.userId} />
        </section>
        <section aria-labelledby="user-cards-title">
          <Typography.Title level={5} id="user-cards-title">
            Bank cards
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Full card numbers and addresses: opening a user is written to the audit log.
          </Typography.Paragraph>
          <CardsTable cards={user.cards} />
        </section>
        <section aria-labelledby="user-wallets-title">
          <Typography.Title level={5} id="user-wallets-title">
            Wallets
          </Typography.Title>
          <WalletsTable wallets={user.wallets} />
        </section>
        {mayRestrict || mayManage ? <Divider titlePlacement="start">Actions</Divider> : null}
        {mayRestrict ? (
          <section aria-labelledby="user-restrict-title">
            <Typography.Title level={5} id="user-restrict-title">
              Restrictions
            </Typography.Title>
            <RestrictForm key={user.userId} user={user} onUpdated={onUpdated} />
          </section>
        ) : null}
        {mayManage ? (
          <section aria-labelledby="user-account-type-title">
            <Typography.Title level={5} id="user-account-type-title">
              Account type
            </Typography.Title>
            <AccountTypeForm key={user.userId} user={user} onUpdated={onUpdated} />
          </section>
        ) : null}
        {mayManage ? (
          <section aria-labelledby="user-credit-score-title">
            <Typography.Title level={5} id="user-credit-score-title">
              Credit score
            </Typography.Title>
            <CreditScoreForm key={user.userId} user={user} onUpdated={onUpdated} />
          </section>
        ) : null}
        {mayManage ? (
          <section aria-labelledby="user-totp-title">
            <Typography.Title level={5} id="user-totp-title">
              Two-step verification
            </Typography.Title>
            <TotpResetForm key={user.userId} user={user} onUpdated={onUpdated} />
          </section>
        ) : null}
      </Space>
    );
  }

  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      size={920}
      title={user ? `User ${user.account}` : 'User'}
      extra={
        user ? (
          <Button onClick={() => void detail.refetch()} loading={detail.isFetching} data-testid="user-detail-reload">
            Reload
          </Button>
        ) : null
      }
      destroyOnHidden
      data-testid="user-detail"
    >
      {content}
    </Drawer>
  );
}
