import { languageNames } from '@brokerage/i18n/meta';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../components/Icons';
import { SubPage } from '../../components/SubPage';
import { languageCodes, useSession } from '../../store/session';

const htmlLang = { en: 'en', de: 'de', zh: 'zh-Hant', esp: 'es', kor: 'ko' } as const;

/** The five languages, each in its own name (spec §2); choosing one applies it at once. */
export default function ChangeLangPage() {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const setLanguage = useSession((s) => s.setLanguage);
  return (
    <SubPage title={t('ui.lang.title')}>
      <div className="entry-list" role="radiogroup" aria-label={t('ui.lang.title')}>
        {languageCodes.map((code) => (
          <button
            key={code}
            type="button"
            role="radio"
            aria-checked={language === code}
            className="entry lang-option"
            lang={htmlLang[code]}
            onClick={() => setLanguage(code)}
            data-testid={`lang-${code}`}
          >
            <span className="entry-label">{languageNames[code]}</span>
            {language === code ? <CheckIcon /> : null}
          </button>
        ))}
      </div>
    </SubPage>
  );
}
