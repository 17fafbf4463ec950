/** Change the account type (docs/api.md §19.4 `/user/setAccountType`, admin only). */
import { Button, Form, Select, Typography } from 'antd';
import { accountTypes, type AccountType, type AdminUser } from '@brokerage/contract';
import { ReasonField } from '../../components/reason';
import { useConfirm } from '../../components/useConfirm';
import { accountTypeLabels } from '../../lib/format';
import { useSetAccountType } from './user-queries';

interface AccountTypeValues {
  accountType: AccountType;
  reason: string;
}

export function AccountTypeForm({ user, onUpdated }: { user: AdminUser; onUpdated: (user: AdminUser) => void }) {
  const [form] = Form.useForm<AccountTypeValues>();
  const [confirm, confirmHolder] = useConfirm();
  const setAccountType = useSetAccountType({
    onSuccess: ({ data }) => {
      form.resetFields(['reason']);
      form.setFieldValue('accountType', data.accountType);
      onUpdated(data);
    },
  });

  async function submit(values: AccountTypeValues) {
    const isConfirmed = await confirm({
      title: `Change the account type of ${user.account} to ${accountTypeLabels[values.accountType]}?`,
      content: <Typography.Paragraph>Reason: {values.reason.trim()}</Typography.Paragraph>,
    });
    if (!isConfirmed) return;
    setAccountType.mutate({ userId: user.userId, accountType: values.accountType, reason: values.reason.trim() });
  }

  return (
    <>
      <Form<AccountTypeValues>
        form={form}
        layout="vertical"
        name="account-type"
        initialValues={{ accountType: user.accountType, reason: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item label="Account type" name="accountType" rules={[{ required: true }]}>
          <Select
            options={accountTypes.map((value) => ({ value, label: accountTypeLabels[value] }))}
            data-testid="account-type-select"
            virtual={false}
          />
        </Form.Item>
        <ReasonField testId="account-type-reason" label="Reason for the account type change (audit log)" />
        <Button type="primary" htmlType="submit" loading={setAccountType.isPending} data-testid="account-type-submit">
          Save account type
        </Button>
      </Form>
      {confirmHolder}
    </>
  );
}
