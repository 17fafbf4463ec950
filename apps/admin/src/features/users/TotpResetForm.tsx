/**
 * Turn a user's two-step verification off (docs/api.md §23.1 `/user/totpReset`, `user.manage`):
 * for a user who lost their authenticator, after their identity was checked. Needs a reason
 * (audit log); the user gets a personal message.
 */
import { Button, Form, Typography } from 'antd';
import type { AdminUser } from '@brokerage/contract';
import { ReasonField } from '../../components/reason';
import { useConfirm } from '../../components/useConfirm';
import { useResetTotp } from './user-queries';

export function TotpResetForm({ user, onUpdated }: { user: AdminUser; onUpdated: (user: AdminUser) => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [confirm, confirmHolder] = useConfirm();
  const reset = useResetTotp({
    onSuccess: ({ data }) => {
      form.resetFields(['reason']);
      onUpdated(data);
    },
  });

  if (!user.totpEnabled)
    return <Typography.Paragraph type="secondary">Two-step verification is off for this user.</Typography.Paragraph>;

  async function submit(values: { reason: string }) {
    const isConfirmed = await confirm({
      title: `Turn off two-step verification of ${user.account}?`,
      content: (
        <Typography.Paragraph>
          They can sign in with the password alone until they turn it on again. Reason: {values.reason.trim()}
        </Typography.Paragraph>
      ),
    });
    if (!isConfirmed) return;
    reset.mutate({ userId: user.userId, reason: values.reason.trim() });
  }

  return (
    <>
      <Form<{ reason: string }>
        form={form}
        layout="vertical"
        name="totp-reset"
        initialValues={{ reason: '' }}
        onFinish={(values) => void submit(values)}
      >
        <ReasonField
          testId="totp-reset-reason"
          label="Reason for the reset (audit log), e.g. how the identity was checked"
        />
        <Button danger htmlType="submit" loading={reset.isPending} data-testid="totp-reset-submit">
          Turn off two-step verification
        </Button>
      </Form>
      {confirmHolder}
    </>
  );
}
