/**
 * A user's bank cards and wallets as `/user/detail` returns them (docs/api.md §19.4): full card numbers and
 * addresses, which is why that read is audit-logged. The contract types the entries as free records, so
 * the known fields are read with their types checked and anything else is shown under "Other".
 */
import { Table, Typography, type TableColumnsType } from 'antd';
import { emptyText, formatCell, formatTime } from '../../lib/format';

type FreeRecord = Record<string, unknown>;

function text(record: FreeRecord, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

function others(record: FreeRecord, known: readonly string[]): string {
  const rest = Object.entries(record).filter(([key]) => !known.includes(key));
  return rest.length === 0 ? emptyText : rest.map(([key, value]) => `${key}: ${formatCell(value)}`).join('; ');
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

interface Row {
  rowKey: string;
  record: FreeRecord;
}

function rowsOf(records: readonly FreeRecord[], idKey: string): Row[] {
  return records.map((record, index) => ({ rowKey: text(record, idKey, 'id') ?? `#${index}`, record }));
}

const cardKeys = [
  'cardId',
  'id',
  'holder',
  'cardNumber',
  'number',
  'numberMasked',
  'bankName',
  'branch',
  'bankCode',
  'createdAt',
];

const cardColumns: TableColumnsType<Row> = [
  { title: 'Holder', key: 'holder', render: (_: unknown, row) => text(row.record, 'holder') ?? emptyText },
  {
    title: 'Card number (full)',
    key: 'cardNumber',
    render: (_: unknown, row) => {
      const number = text(row.record, 'cardNumber', 'number', 'numberMasked');
      return number ? (
        <Typography.Text copyable style={mono}>
          {number}
        </Typography.Text>
      ) : (
        emptyText
      );
    },
  },
  { title: 'Bank', key: 'bankName', render: (_: unknown, row) => text(row.record, 'bankName') ?? emptyText },
  { title: 'Branch', key: 'branch', render: (_: unknown, row) => text(row.record, 'branch') ?? emptyText },
  { title: 'Bank code', key: 'bankCode', render: (_: unknown, row) => text(row.record, 'bankCode') ?? emptyText },
  { title: 'Added', key: 'createdAt', render: (_: unknown, row) => formatTime(text(row.record, 'createdAt')) },
  { title: 'Other', key: 'other', render: (_: unknown, row) => others(row.record, cardKeys) },
];

const walletKeys = ['walletId', 'id', 'type', 'address', 'qrImageUrl', 'createdAt'];

const walletColumns: TableColumnsType<Row> = [
  { title: 'Type', key: 'type', render: (_: unknown, row) => text(row.record, 'type') ?? emptyText },
  {
    title: 'Address (full)',
    key: 'address',
    render: (_: unknown, row) => {
      const address = text(row.record, 'address');
      return address ? (
        <Typography.Text copyable style={{ ...mono, wordBreak: 'break-all' }}>
          {address}
        </Typography.Text>
      ) : (
        emptyText
      );
    },
  },
  { title: 'Added', key: 'createdAt', render: (_: unknown, row) => formatTime(text(row.record, 'createdAt')) },
  { title: 'Other', key: 'other', render: (_: unknown, row) => others(row.record, walletKeys) },
];

export function CardsTable({ cards }: { cards: readonly FreeRecord[] }) {
  return (
    <Table<Row>
      aria-label="Bank cards"
      data-testid="user-detail-cards"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={cardColumns}
      dataSource={rowsOf(cards, 'cardId')}
      rowKey="rowKey"
      locale={{ emptyText: 'No bank cards' }}
    />
  );
}

export function WalletsTable({ wallets }: { wallets: readonly FreeRecord[] }) {
  return (
    <Table<Row>
      aria-label="Wallets"
      data-testid="user-detail-wallets"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={walletColumns}
      dataSource={rowsOf(wallets, 'walletId')}
      rowKey="rowKey"
      locale={{ emptyText: 'No wallets' }}
    />
  );
}
