import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '@/client/ui/segmented-choice';
import { LANGUAGES, type Language } from '@/domain/constants';
import { chooseLanguage, currentLanguage } from '../i18n';

/**
 * All languages side by side (login page): one tap, no dropdown. A plain radio group, which does not
 * measure the page when it mounts as Mantine's segmented control does.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.language ? currentLanguage() : 'de';
  return (
    <SegmentedChoice
      label={t('shell.language.label')}
      value={current}
      onChange={(value: Language) => void chooseLanguage(value)}
      options={LANGUAGES.map((language) => ({
        value: language,
        label: <span title={t(`languages.${language}`)}>{language.toUpperCase()}</span>,
      }))}
    />
  );
}
