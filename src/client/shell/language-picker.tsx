import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/domain/constants';
import { chooseLanguage, currentLanguage } from '../i18n';

/** Language menu (en, de, bg, gr); the choice is stored on this device. */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language ? currentLanguage() : 'de';
  return (
    <Menu position="top-start" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          mih={40}
          px={compact ? 8 : 'sm'}
          leftSection={compact ? undefined : <IconLanguage size={18} />}
          aria-label={`${t('shell.language.label')}: ${t(`languages.${current}`)}${compact ? ` (${current.toUpperCase()})` : ''}`}
        >
          {compact ? current.toUpperCase() : t(`languages.${current}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.language.label')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language === 'gr' ? 'el' : language}
            rightSection={language === current ? <IconCheck size={16} /> : null}
            onClick={() => void chooseLanguage(language)}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
