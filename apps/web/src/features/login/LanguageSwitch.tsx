import { languageNames } from '@brokerage/i18n/meta';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../components/Icons';
import { languageTags } from '../../lib/format';
import { isLanguage, languageCodes, useSession } from '../../store/session';
import './language-switch.css';

/**
 * The compact language switcher of the start, login and register screens (spec §1 "language
 * switch"): the five languages, each in its own name. Until the user chooses, the browser's
 * language is shown (store/session `browserLanguage`); a choice is stored and applies at once.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const setLanguage = useSession((s) => s.setLanguage);
  return (
    <label className="lang-switch">
      <GlobeIcon className="lang-switch-icon" />
      <select
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
        aria-label={t('ui.lang.title')}
        data-testid="lang-switch"
      >
        {languageCodes.map((code) => (
          <option key={code} value={code} lang={languageTags[code]}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
