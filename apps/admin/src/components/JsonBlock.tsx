import { Typography } from 'antd';
import { formatJson } from '../lib/format';

/** A JSON value, indented, in a scrollable monospace block. */
export function JsonBlock({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre
      aria-label={label}
      style={{ margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
    >
      <Typography.Text code>{formatJson(value, true)}</Typography.Text>
    </pre>
  );
}
