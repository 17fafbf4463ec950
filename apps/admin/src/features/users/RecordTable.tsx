/** A table of free-form records (cards, wallets): one column per key found in any record. */
import { Table, type TableColumnsType } from 'antd';
import { formatCell } from '../../lib/format';

type FreeRecord = Record<string, unknown>;

interface Row {
  rowKey: string;
  record: FreeRecord;
}

export function RecordTable({ records, label, testId }: { records: FreeRecord[]; label: string; testId: string }) {
  const keys: string[] = [];
  for (const record of records) {
    for (const key of Object.keys(record)) if (!keys.includes(key)) keys.push(key);
  }
  const columns: TableColumnsType<Row> = keys.map((key) => ({
    title: key,
    key,
    render: (_: unknown, row) => formatCell(row.record[key]),
  }));
  const rows: Row[] = records.map((record, index) => ({
    rowKey: typeof record.id === 'string' ? record.id : `#${index}`,
    record,
  }));
  return (
    <Table<Row>
      aria-label={label}
      data-testid={testId}
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={rows}
      rowKey="rowKey"
    />
  );
}
