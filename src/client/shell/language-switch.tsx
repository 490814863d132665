import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@/domain/constants';
import { chooseLanguage, currentLanguage } from '../i18n';

/** All languages side by side (login page): one tap, no dropdown. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.language ? currentLanguage() : 'de';
  return (
    <SegmentedControl
      aria-label={t('shell.language.label')}
      value={current}
      onChange={(value) => void chooseLanguage(value as Language)}
      data={LANGUAGES.map((language) => ({
        value: language,
        label: <span title={t(`languages.${language}`)}>{language.toUpperCase()}</span>,
      }))}
    />
  );
}
