/**
 * The `reason` every data-changing back-office call requires (docs/api.md §19.1: 3–500 characters after
 * trimming), written to the audit log. The form refuses to submit without it.
 */
import { Form, Input, type FormRule } from 'antd';

export const reasonLengthMin = 3;
export const reasonLengthMax = 500;

export const reasonRules: FormRule[] = [
  {
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text.length === 0) return Promise.reject(new Error('A reason is required'));
      if (text.length < reasonLengthMin) return Promise.reject(new Error(`At least ${reasonLengthMin} characters`));
      if (text.length > reasonLengthMax) return Promise.reject(new Error(`At most ${reasonLengthMax} characters`));
      return Promise.resolve();
    },
  },
];

export function ReasonField({ testId, label }: { testId: string; label: string }) {
  return (
    <Form.Item label={label} name="reason" rules={reasonRules} required>
      <Input.TextArea rows={2} maxLength={reasonLengthMax} showCount data-testid={testId} />
    </Form.Item>
  );
}
