/**
 * Users (docs/api.md §19.4): server-paged search over account, name or id, filtered by restriction and
 * real-name status. Filters, page and the open user live in the URL, so reload and back keep them.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  kycStatuses,
  restrictions,
  type AdminRequestOf,
  type AdminUser,
  type KycStatus,
  type Restriction,
} from '@brokerage/contract';
import { accountTypeLabels, formatTime, kycStatusColors, kycStatusLabels, restrictionLabels } from '../../lib/format';
import { useListParams } from '../../components/useListParams';
import { oneOf } from '../../lib/url-params';
import { UserDetailDrawer } from './UserDetailDrawer';
import { RestrictionTags } from './RestrictionTags';
import { useUserList } from './user-queries';

export function UsersPage() {
  const { params, page, size, update, pagination } = useListParams();
  const keyword = params.get('q') ?? '';
  const restriction = oneOf<Restriction>(restrictions, params.get('restriction'));
  const kycStatus = oneOf<KycStatus>(kycStatuses, params.get('kyc'));
  const openUserId = params.get('user');

  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);

  const request: AdminRequestOf<'userList'> = {
    ...(keyword ? { keyword } : {}),
    ...(restriction ? { restriction } : {}),
    ...(kycStatus ? { kycStatus } : {}),
    page,
    size,
  };
  const users = useUserList(request);

  const columns: TableColumnsType<AdminUser> = [
    { title: 'Account', dataIndex: 'account', key: 'account' },
    { title: 'Name', dataIndex: 'realname', key: 'realname' },
    {
      title: 'Real name',
      dataIndex: 'kycStatus',
      key: 'kycStatus',
      render: (value: KycStatus) => <Tag color={kycStatusColors[value]}>{kycStatusLabels[value]}</Tag>,
    },
    {
      title: 'Account type',
      dataIndex: 'accountType',
      key: 'accountType',
      render: (value: AdminUser['accountType']) => accountTypeLabels[value],
    },
    {
      title: 'Restrictions',
      dataIndex: 'restrictions',
      key: 'restrictions',
      render: (value: Restriction[]) => <RestrictionTags restrictions={value} />,
    },
    { title: 'Credit score', dataIndex: 'creditScore', key: 'creditScore', align: 'right' },
    { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', render: (value: string) => formatTime(value) },
    {
      title: 'Last login',
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      render: (value: string | null) => formatTime(value),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, user) => (
        <Button
          type="link"
          onClick={() => update({ user: user.userId }, false)}
          aria-label={`Open details of ${user.account}`}
          data-testid={`user-open-${user.account}`}
        >
          Details
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          Users
        </Typography.Title>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Space.Compact>
          <Input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={() => update({ q: draft.trim() })}
            onClear={() => update({ q: undefined })}
            placeholder="Account, name or user id"
            aria-label="Search users by account, name or id"
            allowClear
            maxLength={64}
            style={{ width: 300 }}
            data-testid="users-search"
          />
          <Button type="primary" onClick={() => update({ q: draft.trim() })} data-testid="users-search-submit">
            Search
          </Button>
        </Space.Compact>
        <Select<Restriction>
          value={restriction}
          onChange={(value) => update({ restriction: value })}
          allowClear
          placeholder="Any restriction"
          aria-label="Filter by restriction"
          style={{ width: 190 }}
          options={restrictions.map((value) => ({ value, label: restrictionLabels[value] }))}
          data-testid="users-filter-restriction"
        />
        <Select<KycStatus>
          value={kycStatus}
          onChange={(value) => update({ kyc: value })}
          allowClear
          placeholder="Any real-name status"
          aria-label="Filter by real-name status"
          style={{ width: 200 }}
          options={kycStatuses.map((value) => ({ value, label: kycStatusLabels[value] }))}
          data-testid="users-filter-kyc"
        />
        <Button onClick={() => void users.refetch()} loading={users.isFetching}>
          Reload
        </Button>
      </Space>
      <Table<AdminUser>
        rowKey="userId"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        data-testid="users-table"
        pagination={pagination(users.data, (total) => `${total} users`)}
      />
      <UserDetailDrawer userId={openUserId} onClose={() => update({ user: undefined }, false)} />
    </Card>
  );
}
