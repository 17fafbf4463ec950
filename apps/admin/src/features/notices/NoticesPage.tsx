/**
 * Notices for everyone (our addition to docs/api.md §19, docs/decisions.md; right `product.manage`): drafts
 * and published notices, newest first, server-paged. A notice is written as a draft and reaches users'
 * notice list only when published; each publish and unpublish asks for a reason and is audit-logged.
 * Personal messages (sent by review decisions) are not listed here.
 */
import type { TableColumnsType } from 'antd';
import type { AdminNoticeItem } from '@brokerage/contract';
import { ContentListPage } from '../../components/ContentListPage';
import { SanitisedHtml } from '../../components/HtmlContent';
import { useListParams } from '../../components/useListParams';
import { formatTime } from '../../lib/format';
import { NoticeFormModal } from './NoticeFormModal';
import { useNoticeList } from './notice-queries';

const leadingColumns: TableColumnsType<AdminNoticeItem> = [{ title: 'Title', dataIndex: 'title', key: 'title' }];

const trailingColumns: TableColumnsType<AdminNoticeItem> = [
  {
    title: 'Created',
    dataIndex: 'createdAt',
    key: 'createdAt',
    width: 170,
    render: (value: string) => formatTime(value),
  },
  {
    title: 'Updated',
    dataIndex: 'updatedAt',
    key: 'updatedAt',
    width: 170,
    render: (value: string) => formatTime(value),
  },
];

export function NoticesPage() {
  const { page, size, pagination } = useListParams();
  const notices = useNoticeList(page, size);

  return (
    <ContentListPage<AdminNoticeItem>
      kind="notice"
      title="Notices"
      newLabel="New notice"
      list={notices}
      pagination={pagination(notices.data, (total) => `${total} notices`)}
      leadingColumns={leadingColumns}
      trailingColumns={trailingColumns}
      stateWidth={100}
      actionsWidth={190}
      expandedRowRender={(item) => <SanitisedHtml html={item.content} label={`Content of ${item.title}`} />}
      publishNote={() => 'Every user sees it at once in their notice list.'}
      unpublishNote="It disappears from every user's notice list."
      renderForm={(item, onClose) => <NoticeFormModal item={item} onClose={onClose} />}
    />
  );
}
