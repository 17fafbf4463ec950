import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useHasUnread } from '../api/queries';
import { BellIcon } from './Icons';

/**
 * The message icon (spec §2): opens notices and messages, with a red dot while any notice or
 * message id is missing from the read ids kept on this device. In the top header and on Mine.
 */
export function MessagesButton({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasUnread = useHasUnread();
  return (
    <button
      type="button"
      className="icon-button messages-button"
      onClick={() => {
        navigate('/information/userInfo');
      }}
      aria-label={hasUnread ? t('ui.header.messagesUnread') : t('ui.header.messages')}
      data-testid={testId}
    >
      <BellIcon />
      {hasUnread ? <span className="red-dot" data-testid={`${testId}-dot`} /> : null}
    </button>
  );
}
