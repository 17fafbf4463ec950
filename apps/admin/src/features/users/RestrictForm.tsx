/**
 * Set or lift a restriction (docs/api.md §19.4 `/user/restrict`). Freeze and login ban are support work, the
 * other actions admin only (§19.2), so the list offers only what the role may do. `unblock` names the
 * restriction to lift.
 */
import { Button, Form, Select, Typography } from 'antd';
import {
  restrictActions,
  restrictionOfAction,
  restrictions,
  type AdminUser,
  type RestrictAction,
  type Restriction,
} from '@brokerage/contract';
import { roleMayRestrict } from '../../api/rights';
import { useSession } from '../../api/session';
import { ReasonField } from '../../components/reason';
import { useConfirm } from '../../components/useConfirm';
import { restrictActionLabels, restrictionLabels } from '../../lib/format';
import { useRestrictUser } from './user-queries';

interface RestrictValues {
  action?: RestrictAction;
  restriction?: Restriction;
  reason: string;
}

export function RestrictForm({ user, onUpdated }: { user: AdminUser; onUpdated: (user: AdminUser) => void }) {
  const role = useSession()?.role;
  const [form] = Form.useForm<RestrictValues>();
  const [confirm, confirmHolder] = useConfirm();
  const action = Form.useWatch('action', form);
  const allowed = restrictActions.filter((candidate) => roleMayRestrict(role, candidate));
  const restrict = useRestrictUser({
    onSuccess: ({ data }) => {
      form.resetFields();
      onUpdated(data);
    },
  });

  if (allowed.length === 0) return null;

  async function submit(values: RestrictValues) {
    if (!values.action) return;
    const lifted = values.action === 'unblock' ? values.restriction : undefined;
    const what =
      values.action === 'unblock'
        ? `Lift "${lifted ? restrictionLabels[lifted] : ''}" from ${user.account}?`
        : `${restrictActionLabels[values.action]} ${user.account}?`;
    const isConfirmed = await confirm({
      title: what,
      content: <Typography.Paragraph>Reason: {values.reason.trim()}</Typography.Paragraph>,
      okText: restrictActionLabels[values.action],
      danger: values.action !== 'unblock',
    });
    if (!isConfirmed) return;
    restrict.mutate({
      userId: user.userId,
      action: values.action,
      ...(lifted ? { restriction: lifted } : {}),
      reason: values.reason.trim(),
    });
  }

  return (
    <>
      <Form<RestrictValues>
        form={form}
        layout="vertical"
        name="restrict"
        initialValues={{ restriction: user.restrictions[0], reason: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item label="Action" name="action" rules={[{ required: true, message: 'Choose an action' }]}>
          <Select<RestrictAction>
            placeholder="Choose an action"
            data-testid="restrict-action"
            // Without the virtual list the visible items are the ARIA options; a short list needs no virtualising.
            virtual={false}
            options={allowed.map((value) => ({
              value,
              label: `${restrictActionLabels[value]}${
                value !== 'unblock' && user.restrictions.includes(restrictionOfAction[value]) ? ' (already set)' : ''
              }`,
            }))}
          />
        </Form.Item>
        {action === 'unblock' ? (
          <Form.Item
            label="Restriction to lift"
            name="restriction"
            rules={[{ required: true, message: 'Choose the restriction to lift' }]}
          >
            <Select<Restriction>
              placeholder="Choose a restriction"
              data-testid="restrict-restriction"
              virtual={false}
              options={restrictions.map((value) => ({
                value,
                label: `${restrictionLabels[value]}${user.restrictions.includes(value) ? ' (set)' : ' (not set)'}`,
              }))}
            />
          </Form.Item>
        ) : null}
        <ReasonField testId="restrict-reason" label="Reason for the restriction change (audit log)" />
        <Button type="primary" danger htmlType="submit" loading={restrict.isPending} data-testid="restrict-submit">
          Apply
        </Button>
      </Form>
      {confirmHolder}
    </>
  );
}
