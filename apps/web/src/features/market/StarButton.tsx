import { useTranslation } from 'react-i18next';
import { StarIcon } from '../../components/Icons';

/** The watchlist star: filled when watched; its name says what pressing it does. */
export function StarButton({
  watched,
  onToggle,
  busy = false,
  testId,
  label,
}: {
  watched: boolean;
  onToggle: () => void;
  busy?: boolean;
  testId?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  const action = watched ? t('ui.watch.remove') : t('ui.watch.add');
  return (
    <button
      type="button"
      className={watched ? 'icon-button star watched' : 'icon-button star'}
      aria-pressed={watched}
      aria-label={label ? `${action}: ${label}` : action}
      aria-busy={busy}
      disabled={busy}
      onClick={onToggle}
      data-testid={testId}
    >
      <StarIcon fill={watched ? 'currentColor' : 'none'} />
    </button>
  );
}
