/** Change the credit score, a whole number 0–100 (docs/api.md §19.4 `/user/setCreditScore`, admin only). */
import { Button, Form, InputNumber, Typography } from 'antd';
import type { AdminUser } from '@brokerage/contract';
import { ReasonField } from '../../components/reason';
import { useConfirm } from '../../components/useConfirm';
import { useSetCreditScore } from './user-queries';

interface CreditScoreValues {
  score: number | null;
  reason: string;
}

export function CreditScoreForm({ user, onUpdated }: { user: AdminUser; onUpdated: (user: AdminUser) => void }) {
  const [form] = Form.useForm<CreditScoreValues>();
  const [confirm, confirmHolder] = useConfirm();
  const setCreditScore = useSetCreditScore({
    onSuccess: ({ data }) => {
      form.resetFields(['reason']);
      form.setFieldValue('score', data.creditScore);
      onUpdated(data);
    },
  });

  async function submit(values: CreditScoreValues) {
    const score = values.score;
    if (score === null) return;
    const isConfirmed = await confirm({
      title: `Set the credit score of ${user.account} to ${score}?`,
      content: <Typography.Paragraph>Reason: {values.reason.trim()}</Typography.Paragraph>,
    });
    if (!isConfirmed) return;
    setCreditScore.mutate({ userId: user.userId, score, reason: values.reason.trim() });
  }

  return (
    <>
      <Form<CreditScoreValues>
        form={form}
        layout="vertical"
        name="credit-score"
        initialValues={{ score: user.creditScore, reason: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="Credit score (0–100)"
          name="score"
          rules={[
            { required: true, message: 'Enter a score' },
            { type: 'integer', min: 0, max: 100, message: 'A whole number from 0 to 100' },
          ]}
        >
          <InputNumber
            min={0}
            max={100}
            precision={0}
            step={1}
            style={{ width: 160 }}
            data-testid="credit-score-input"
          />
        </Form.Item>
        <ReasonField testId="credit-score-reason" label="Reason for the credit score change (audit log)" />
        <Button type="primary" htmlType="submit" loading={setCreditScore.isPending} data-testid="credit-score-submit">
          Save credit score
        </Button>
      </Form>
      {confirmHolder}
    </>
  );
}
