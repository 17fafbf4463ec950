import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon } from './Icons';
import { useBack } from './navigation';

interface SubPageProps {
  title: string;
  children: ReactNode;
  right?: ReactNode;
  /** No padding around the body (lists that run edge to edge). */
  flush?: boolean;
}

/** A sub-page: NavBar with a back button and a title, then the body. */
export function SubPage({ title, children, right, flush = false }: SubPageProps) {
  const { t } = useTranslation();
  const back = useBack();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, []);
  return (
    <div className="page">
      <header className="navbar">
        <button
          type="button"
          className="icon-button"
          onClick={back}
          aria-label={t('ui.common.back')}
          data-testid="nav-back"
        >
          <BackIcon />
        </button>
        <h1 title={title}>{title}</h1>
        <div>{right}</div>
      </header>
      <main className={flush ? 'page-body flush' : 'page-body'}>{children}</main>
    </div>
  );
}
